"""Device decisions in hard positions, timed on the board:
``python -m tools.board.think`` runs ``think_code.py`` as the drive's code.py
(CircuitPython 10.2.1, .mpy) and prints each decision's emulated ms as JSON.
The board suite times the decisions its games happen to meet; this times
the ones it may not meet, and the one-off table they look up.  What it
showed: the Strong DicedOut seat's bonus mark, when it worked out the
expected round score of every sheet that can follow at the decision, took
192 ms at 7 numbers open, 424 at 8, 932 at 9, 2,030 at 10 (3 rerolls); it
now looks them up in ``bot_dicedout.Values``, built once per game in
slices (hardware.md has the figures).  Dice Wide Shut's Strong seat, as the
first taker of an early round (every die free, every cell open: its
heaviest decisions), took 74-85 ms before its evaluation was made leaner
(no garbage for plans that are not the best, the common case of a check
done inline, the rows read once a game); 51-56 now, with the same choices.
Weighing the end of the game (issue 33) costs nothing until a take could
end it: then each take that ends it is scored by the outcome, and the
others' best takes are worked out only for a total that the totals as
they stand do not already beat (round 19, behind: 58 ms, 44 without).
Shut the Box's Strong seat solves a win table once it knows what to beat,
in slices (``stb_win_<tiles>_*``: the whole solve, the costliest slice and
the heap the table keeps)."""

import json

from tools.board.floor import run_code


def main():
    found = run_code("think", "think_code.py")
    print(json.dumps({("board." if k.startswith(("dicedout_table", "dws_now", "stb_win"))
                       else "board.think_ms.") + k: v
                      for k, v in found.items()}, indent=2))


if __name__ == "__main__":
    main()
