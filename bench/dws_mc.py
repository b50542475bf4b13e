"""Dice Wide Shut's Strong seat against a reference player (issue 33):
``python -m bench.dws_mc [--games N] [--workers W]`` (``make bench-mc``).

The reference is the old Strong (``bot_dws.turn(..., race=False)``)
improved by Monte Carlo rollouts: at each of its turns the old Strong's
best CANDIDATES whole turns (ranked by its own value, its choice first),
each played out ROLLOUTS times to the end of the game with every seat,
the reference's own included, playing the old Strong.  It takes the
candidate with the best mean win share over its rollouts (a shared win
counts 1/k for each of the k winners; equal shares: the old Strong's
rank decides).  Rollout r of a turn rolls the same dice for every
candidate (its own seed, never the game's: the real game's future rolls
stay unknown), so candidates are compared on the same luck.

The match: GAMES two-player games, game k seeded FIRST_SEED + k, the
reference in seat k mod 2 and the current Strong (race on) in the other,
``no_doubles`` in every other pair of games (as ``bench.dws_win``).  Each
game is played on its own, so the figures do not depend on ``--workers``.

* ``dws.strong_vs_mc_reference.win_share_2p`` with ``_ci95_low`` /
  ``_ci95_high``: the current Strong's mean win share (the goal: 0.5 or
  above), 95% interval (``bench.win_share.mean_ci``).
* ``dws.strong_vs_mc_reference.games`` / ``.candidates`` / ``.rollouts``:
  the run's parameters.

The keys are printed as JSON and merged into bench.json (its other keys
kept; ``make bench`` writes bench.json afresh, without them).
"""
import argparse
import json
import os
import sys
import time

from bench.win_share import mean_ci
from dws_core import bot_dws
from dws_core.dws import DiceWideShut
from dws_core.dws_columns import build, rows_done
from dws_core.rng import Rng

KEY = "dws.strong_vs_mc_reference"
GAMES = 300
CANDIDATES = 7
ROLLOUTS = 24
FIRST_SEED = 530001
BENCH_JSON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "bench.json")
_LOW = -(1 << 29)


class _Ranked(bot_dws._Eval):
    """The old Strong's evaluation of a turn's start, keeping every plan it
    is offered with its value (``plans``), not only the best.  ``_Eval``
    records a plan by setting ``best_value`` and then ``best``; here the
    first is held and the second appends, and ``best_value`` always reads
    as nothing found yet, so every plan gets recorded."""

    def __init__(self, game):
        self.plans = []
        self._value = _LOW
        bot_dws._Eval.__init__(self, game, True, False)

    @property
    def best_value(self):
        return _LOW

    @best_value.setter
    def best_value(self, value):
        self._value = value

    @property
    def best(self):
        return self.plans[-1][1] if self.plans else None

    @best.setter
    def best(self, plan):
        if plan is not None:
            self.plans.append((self._value, plan))


def candidates(game, k=CANDIDATES):
    """The old Strong's best ``k`` distinct whole turns from the start of
    the current player's turn (lists of steps, each ending with confirm),
    best first; the first is the one ``bot_dws.turn(..., race=False)``
    plays (the first offered among equals, as ``_Eval.offer`` keeps)."""
    if game.picked or game.colour >= 0:
        raise ValueError("candidates are whole turns: call at a turn's start")
    if True not in game.dice_free:
        return [[("confirm",)]]
    ev = _Ranked(game)
    bot_dws._enumerate(ev)
    rows_done()
    order = sorted(range(len(ev.plans)), key=lambda i: -ev.plans[i][0])  # stable
    out = []
    seen = set()
    for i in order:
        steps = bot_dws._plan_steps(game, ev.plans[i][1])
        key = tuple(steps)
        if key not in seen:
            seen.add(key)
            out.append(steps)
            if len(out) == k:
                break
    return out or [[("confirm",)]]


def share(game, p):
    """Player p's win share of a finished game (1/k of a k-way shared win)."""
    winners = game.ranking()[0]
    return 1.0 / len(winners) if p in winners else 0.0


def rollout(data, steps, seed):
    """Player to move's win share when it plays ``steps`` from the encoded
    position ``data`` and then every seat plays the old Strong to the end;
    the dice from here on come from ``Rng(seed)``."""
    game = DiceWideShut.decode(data)
    p = game.current
    game.rng = Rng(seed)
    for s in steps:
        game.step(s)
    while not game.over:
        for s in bot_dws.turn(game, "strong", None, race=False):
            game.step(s)
    return share(game, p)


def rollout_seed(seed, turn, r):
    """Rollout r of the reference's ``turn``-th turn in the game of ``seed``."""
    return ((seed * 1009 + turn) * 131 + r) & 0xFFFFFFFF


def choose(game, seed, turn, k=CANDIDATES, rollouts=ROLLOUTS):
    """The reference's turn: (steps, [mean rollout share per candidate])."""
    cands = candidates(game, k)
    if len(cands) == 1:
        return cands[0], [None]
    data = game.encode()
    seeds = [rollout_seed(seed, turn, r) for r in range(rollouts)]
    shares = []
    for steps in cands:
        total = 0.0
        for s in seeds:
            total += rollout(data, steps, s)
        shares.append(total / rollouts)
    best = 0
    for i in range(1, len(cands)):
        if shares[i] > shares[best]:
            best = i
    return cands[best], shares


def play(k, first_seed=FIRST_SEED, k_cands=CANDIDATES, rollouts=ROLLOUTS):
    """Game k: the current Strong's win share against the reference."""
    seed = first_seed + k
    ref = k % 2
    game = DiceWideShut(2, seed=seed, options={"no_doubles": (k // 2) % 2 == 1})
    build(game.run_points)
    rngs = [Rng(seed * 8 + p) for p in range(2)]
    turn = 0
    while not game.over:
        p = game.current
        if p == ref:
            steps = choose(game, seed, turn, k_cands, rollouts)[0]
            turn += 1
        else:
            steps = bot_dws.turn(game, "strong", rngs[p])
        for s in steps:
            game.step(s)
    return share(game, 1 - ref)


def _play_args(args):
    return play(*args)


def run(games=GAMES, workers=None, k_cands=CANDIDATES, rollouts=ROLLOUTS,
        first_seed=FIRST_SEED, log=None):
    """The keys of ``games`` games, played by ``workers`` processes."""
    workers = workers or os.cpu_count() or 1
    jobs = [(k, first_seed, k_cands, rollouts) for k in range(games)]
    start = time.time()
    points = []
    if workers == 1:
        results = map(_play_args, jobs)
        pool = None
    else:
        import multiprocessing
        pool = multiprocessing.Pool(min(workers, games))
        results = pool.imap(_play_args, jobs, 1)   # in game order
    try:
        for got in results:
            points.append(got)
            if log is not None:
                n = len(points)
                spent = time.time() - start
                log.write("game %d/%d: %.1f  share so far %.3f  %.0f s, ETA %.0f s\n" % (
                    n, games, got, sum(points) / n, spent, spent / n * (games - n)))
                log.flush()
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    mean, low, high = mean_ci(points) if games > 1 else (points[0],) * 3
    name = KEY + ".win_share_2p"
    return {
        name: round(mean, 4),
        name + "_ci95_low": round(low, 4),
        name + "_ci95_high": round(high, 4),
        KEY + ".games": games,
        KEY + ".candidates": k_cands,
        KEY + ".rollouts": rollouts,
    }


def merge(results, path=BENCH_JSON):
    """Write ``results`` into the JSON file at ``path``, keeping its other
    keys (sorted, indent 2, as ``python -m bench`` writes it)."""
    doc = {}
    if os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
    doc.update(results)
    with open(path, "w") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    return doc


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.dws_mc",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--candidates", type=int, default=CANDIDATES)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS)
    parser.add_argument("--no-save", action="store_true", help="print only; leave bench.json")
    args = parser.parse_args(argv)
    start = time.time()
    results = run(args.games, args.workers, args.candidates, args.rollouts, log=sys.stderr)
    print(json.dumps(results, indent=2, sort_keys=True))
    print("%.0f s" % (time.time() - start), file=sys.stderr)
    if not args.no_save:
        merge(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
