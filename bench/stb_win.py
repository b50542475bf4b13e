"""Shut the Box's Strong seat, which plays to win (issue 33), measured two ways:

* ``stb.strong_vs_<level>.win_share_2p`` / ``_3p`` and ``..._gain_...``:
  seeded games on CPython against the levels that were strongest before it
  (``shut``, the best chance to shut, and ``score``, the lowest expected
  score), 2,000 games a figure, the seat rotating from game to game and
  the variant too (9 or 12 tiles, one round or three); a shared win counts
  1/k for each of the k winners (``bench.win_share``).
* ``stb.last_player_exact_share``: over every position of the 9- and
  10-tile boxes (every one-die rule, every open set, every roll) with every
  score to beat held by one player or two, the share of the Strong seat's
  decisions (the set, and one die or two) that maximise the exact chance
  to win: end below the score or share it (../shared/RULES.md 2.3),
  worked out at the exact scale.  Must be 1.0; ``..._decisions`` counts
  them and ``stb.last_player_inexact_decisions`` the others (budget 0).
"""
from bench.win_share import paired
from dws_core import bots
from dws_core.rng import Rng
from dws_core.stb import ShutTheBox
from dws_core.stb_solver import (ONE_DIE_RULES, TWO_DICE_WAYS, WIN, Solver, beat_reward,
                                 chance_scale, exact_scale, one_die_allowed, win_solver)

GAMES = 2000
VARIANTS = ({"tiles": 9}, {"tiles": 9, "rounds": 3}, {"tiles": 12}, {"tiles": 9, "mode": "together"})


def play(players, seat, level, old, seed, options):
    """One game, ``seat`` played at ``level`` and the others at ``old``:
    that seat's win share."""
    game = ShutTheBox(players, seed=seed, options=options)
    rngs = [Rng(seed * 8 + p) for p in range(players)]
    while not game.over:
        p = game.current
        for s in bots.bot_turn(game, level if p == seat else old, rngs[p]):
            game.step(s)
    winners = game.ranking()[0]
    return 1.0 / len(winners) if seat in winners else 0.0


def exact_share(tiles_list=(9, 10), holders=(1, 2), rules=ONE_DIE_RULES):
    """(decisions that maximise the exact win chance, decisions)."""
    right = 0
    decisions = 0
    for tiles in tiles_list:
        box_sum = tiles * (tiles + 1) // 2
        for rule in rules:
            for beat in range(box_sum + 1):
                for k in holders:
                    table = win_solver(tiles, rule, beat_reward(box_sum, beat, k, chance_scale(tiles)))
                    exact = Solver(tiles, rule, WIN, beat=(beat, k), scale=exact_scale(tiles))
                    r, n = _check(table, exact)
                    right += r
                    decisions += n
    return right, decisions


def _check(table, exact):
    """Compare ``table``'s moves with the exact values, at every position."""
    right = 0
    decisions = 0
    values = exact.values
    for mask in range(1, 1 << exact.tiles):
        best = exact._best_by_total(mask)
        for total in range(1, 13):
            options = [t for t in exact.by_total[total] if mask & t == t]
            if len(options) < 2:
                continue            # (no choice to make)
            decisions += 1
            if values[mask ^ table.best_set(mask, total)] == best[total]:
                right += 1
        if one_die_allowed(mask, exact.one_die):
            decisions += 1
            two = sum(TWO_DICE_WAYS[t] * best[t] for t in range(2, 13))
            one = 6 * sum(best[1:7])
            if one == two or table.roll_one_die(mask) == (one > two):
                right += 1
    return right, decisions


def run():
    out = {}
    for old in ("shut", "score"):
        for players, first_seed in ((2, 520001), (3, 520001 + GAMES)):
            def game(seat, new, seed, k, players=players, old=old):
                options = VARIANTS[(k // players) % len(VARIANTS)]
                return play(players, seat, "strong" if new else old, old, seed, options)
            out.update(paired("stb.strong_vs_" + old, players, first_seed, GAMES, game))
    right, decisions = exact_share()
    out["stb.last_player_exact_share"] = round(right / decisions, 6)
    out["stb.last_player_exact_decisions"] = decisions
    out["stb.last_player_inexact_decisions"] = decisions - right
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=2, sort_keys=True))
