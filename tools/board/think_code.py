# code.py of `python -m tools.board.think`: device decisions in hard
# positions, in ms of the board's clock, one "FLOOR <name> <ms>" line each.
import gc
import sys
import time

sys.path.insert(0, "dws_slots/a/lib")
sys.path.insert(0, "dws_slots/a")

from dws_core.bot_dicedout import best_extra

BONUS = 1 | 1 << 10         # 2 and 12, the default bonus numbers

# A bonus mark with OPEN numbers still open (the bonus number just marked
# and the lowest others), 3 rerolls left.
for open_ in (10, 9, 8, 7, 6, 5):
    marks = 1
    b = 1
    while 11 - bin(marks).count("1") > open_:
        marks |= 1 << b
        b += 1
    gc.collect()
    t0 = time.monotonic_ns()
    best_extra(marks, 3, BONUS)
    print("FLOOR dicedout_strong_open_%d %.1f" % (open_, (time.monotonic_ns() - t0) / 1e6))
print("FLOOR done 0")
