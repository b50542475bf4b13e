# code.py of `python -m tools.board.think`: the Strong DicedOut seat's table
# and its decisions in hard positions, in ms of the board's clock, one
# "FLOOR <name> <value>" line each.
import gc
import sys
import time

sys.path.insert(0, "dws_slots/a/lib")
sys.path.insert(0, "dws_slots/a")

from dws_core.bot_dicedout import SLICE_SHEETS, best_extra, values

BONUS = 1 | 1 << 10         # 2 and 12, the default bonus numbers


def ms(t0):
    return (time.monotonic_ns() - t0) / 1e6


gc.collect()
free = gc.mem_free()
t0 = time.monotonic_ns()
table = values(BONUS, build=False)
print("FLOOR dicedout_table_alloc %.1f" % ms(t0))
print("FLOOR dicedout_table_heap %d" % (free - gc.mem_free()))
start = time.monotonic_ns()
slowest = 0
slices = 0
while not table.done:
    t0 = time.monotonic_ns()
    table.advance(SLICE_SHEETS)
    slowest = max(slowest, ms(t0))
    slices += 1
print("FLOOR dicedout_table_build %.1f" % ms(start))
print("FLOOR dicedout_table_slices %d" % slices)
print("FLOOR dicedout_table_slice_max %.1f" % slowest)
gc.collect()
print("FLOOR dicedout_table_kept %d" % (free - gc.mem_free()))

# A bonus mark with OPEN numbers still open (the bonus number just marked
# and the lowest others), 3 rerolls left.
for open_ in (10, 9, 8, 7, 6, 5):
    marks = 1
    b = 1
    while 11 - bin(marks).count("1") > open_:
        marks |= 1 << b
        b += 1
    t0 = time.monotonic_ns()
    best_extra(marks, 3, BONUS)
    print("FLOOR dicedout_strong_open_%d %.1f" % (open_, ms(t0)))

# Dice Wide Shut's Normal table without the drive's file: the columns'
# scores now, worked out when a game starts (dws_columns.now_tables).
from dws_core.dws import DEFAULT_RUN_POINTS
from dws_core.dws_columns import clear_cache, now_tables

clear_cache()
gc.collect()
free = gc.mem_free()
t0 = time.monotonic_ns()
now_tables(DEFAULT_RUN_POINTS)
print("FLOOR dws_now_tables %.1f" % ms(t0))
gc.collect()
print("FLOOR dws_now_tables_kept %d" % (free - gc.mem_free()))
print("FLOOR done 0")
