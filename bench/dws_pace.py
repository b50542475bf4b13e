"""How Dice Wide Shut's Strong pace was chosen (issue 33):
``python -m bench.dws_pace [--games N] [--players P] [PACE ...]``.

Strong reads each open cell as filled with chance k/8, k worked out from
the turns left and the open cells at a pace, ``dws_columns.FILL_FACTOR``
(percent).  For each PACE this plays ``bench.dws_win``'s seeded games (the
seat and ``no_doubles`` rotating, ties shared) with the Strong seat at that
pace against the Strong before issue 33 (``race=False``, its own pace
``FILL_BEFORE``), and prints its win share with the 95% interval as JSON:
``dws.pace.<pace>.win_share_<n>p``.  The pace with the best share is the
one to keep; too high a pace counts every cell as filled (k = 8) and no
mark as worth anything.
"""
import argparse
import json

from bench import dws_win
from bench.win_share import mean_ci
from dws_core import bot_dws
from dws_core.dws import DiceWideShut
from dws_core.dws_columns import build

PACES = (60, 100, 130, 155, 180, 220)
GAMES = 2000


def shares(pace, players, games, first_seed=dws_win.FIRST_SEED):
    """The Strong seat's win shares at ``pace`` over ``games`` games."""
    kept = bot_dws.FILL_FACTOR
    bot_dws.FILL_FACTOR = pace          # (read by each decision of the Strong seat)
    try:
        lost = [0]
        return [dws_win.play(players, k % players, True, first_seed + k,
                             {"no_doubles": (k // players) % 2 == 1}, lost)
                for k in range(games)]
    finally:
        bot_dws.FILL_FACTOR = kept


def run(paces=PACES, players=2, games=GAMES):
    build(DiceWideShut(2, seed=1).run_points)
    out = {}
    for pace in paces:
        mean, low, high = mean_ci(shares(pace, players, games))
        name = "dws.pace.%d.win_share_%dp" % (pace, players)
        out[name] = round(mean, 4)
        out[name + "_ci95_low"] = round(low, 4)
        out[name + "_ci95_high"] = round(high, 4)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.dws_pace",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("paces", nargs="*", type=int, default=list(PACES))
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.paces, args.players, args.games), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
