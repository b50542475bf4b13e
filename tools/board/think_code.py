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
# Dice Wide Shut's Strong seat in the heaviest decisions a desktop search of
# 120 seeded games met (the first taker of an early round: every die free and
# nearly every cell open), by players; ``encode()`` hex.  With the drive's
# table file open, as in a game.
from binascii import unhexlify

from dws_app.play.tables_dws import columns as dws_columns
from dws_core import bot_dws, bot_dws_race  # noqa: F401  (imported when a game starts, as the seats do)
from dws_core.bots import bot_turn
from dws_core.dws import DiceWideShut
from dws_core.rng import Rng

HEAVIEST = (
    (2, "010158ac801a020000000000000100030006000a000f0000000100030007000a000f0000"
        "008685848185848300000000000000000000000000000000000000000000000000000000"
        "000000000000"),
    (3, "0101cc079119030000000000000100030006000a000f0000000100030007000a000f0002"
        "008684838581848583820000000000040054000000000000000000000000000050000000"
        "0101000000000000000001040000000400400000000000"),
    (4, "010148a94d1e040300000000000100030006000a000f0000000100030007000a000f0000"
        "038583838186818481838682000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000"),
    (5, "0101b1e8a41c050000000000000100030006000a000f0000000100030007000a000f0000"
        "008284818183868282818481868500000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000"),
)
for players, data in HEAVIEST:
    game = DiceWideShut.decode(unhexlify(data))
    if dws_columns(game.run_points) is not None:
        raise RuntimeError("no Dice Wide Shut table file on the drive")
    gc.collect()
    t0 = time.monotonic_ns()
    bot_turn(game, "strong", Rng(1))
    print("FLOOR dws_strong_first_%dp %.1f" % (players, ms(t0)))

# Decisions that weigh the end of the game (a take may fill a third column):
# issue 33's positions, Strong behind in round 19 and the last player of
# round 17; and its third (round 19, the last player: a mark that would
# leave a row's last cell to a split alone).
RACE = (
    ("round19", "0101c93ed8c5020000000000000100030006000a000f0000000100030007000a000f0013"
                "008583868384868300000000411445111541145515045455100140415055515451055154"
                "551550500000"),
    ("round17", "0101d9366257020000000000000100030006000a000f0000000100030007000a000f0011"
                "018183810403818500000000505515451545444411144451500000551545451545514455"
                "144505000000"),
    ("round19_block", "0101c93ed8c5020100000000000100030006000a000f0000000100030007000a000f0013"
                      "000503868384868300000000551445150541545505415454050000551454155454140545"
                      "515454500000"),
    # Every take scored ends the game and loses it: Strong tries every cell
    # and pair once more (tests/test_bot_dws_race.py, round 45).
    ("round45_wide", "0101213dd21a020000010000000100030006000a000f0000000100030007000a000f002d"
                     "018304028281828200000000551541545551450552aaaaaaa959555154555154155504551545"
                     "515aa96a"),
    # The whole suite's longest decision (122 ms in 1ea4782's run: its
    # ``continue`` plan, the resumed game's last Strong turn, round 15).
    ("continue_last", "0101b9246458030200000000000100030006000a000f0000000100030007000a000f000e"
                      "0102858604828183848300000000440104550505000105100140404015455545505014"
                      "101545014150500000501515114010154154501505400000"),
)
for name, data in RACE:
    game = DiceWideShut.decode(unhexlify(data))
    gc.collect()
    t0 = time.monotonic_ns()
    bot_turn(game, "strong", Rng(1))
    print("FLOOR dws_strong_race_%s %.1f" % (name, ms(t0)))
# Cargo with hold_cargo: Strong's crewed decisions read the best rerolls
# from the drive's file (the Pico built it in 231 ms for the classic game,
# over 2 s for the standard one); the slowest of a seeded game's, by game.
from dws_app.play.tables_cargo import find
from dws_core.cargo import Cargo

for name, classic in (("standard", False), ("classic", True)):
    slowest = 0
    for seed in range(1, 4):
        game = Cargo(2, seed=seed, options={"classic": classic, "hold_cargo": True})
        missing, why = find(game, ("strong", "expert"))
        if missing:
            raise RuntimeError(why)
        while not game.over:
            gc.collect()
            t0 = time.monotonic_ns()
            steps = bot_turn(game, "strong", Rng(seed))
            if game.crewed():
                slowest = max(slowest, ms(t0))
            for step in steps:
                game.step(step)
    print("FLOOR cargo_strong_hold_%s %.1f" % (name, slowest))
# Shut the Box's Strong seat, once it knows the score to beat, solves its
# win table in slices of SLICE states a main-loop pass (dws_app.play.seats):
# the whole table and the costliest slice, by tiles.
from dws_app.play.seats import SLICE
from dws_core.stb_solver import beat_reward, chance_scale, clear_cache as stb_clear, win_solver

for tiles in (9, 10, 12):
    stb_clear()
    gc.collect()
    free = gc.mem_free()
    work = win_solver(tiles, "high_shut", beat_reward(tiles * (tiles + 1) // 2, 8, 1, chance_scale(tiles)),
                      solve=False)
    start = time.monotonic_ns()
    slowest = 0
    while not work.done:
        t0 = time.monotonic_ns()
        work.advance(SLICE)
        slowest = max(slowest, ms(t0))
    print("FLOOR stb_win_%d_solve %.1f" % (tiles, ms(start)))
    print("FLOOR stb_win_%d_slice_max %.1f" % (tiles, slowest))
    gc.collect()
    print("FLOOR stb_win_%d_kept %d" % (tiles, free - gc.mem_free()))
stb_clear()
print("FLOOR done 0")
