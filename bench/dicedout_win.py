"""DicedOut's Strong seat, which plays to win the game in front of it,
against Strong as it was before (``bot_dicedout.turn(..., win=False)``: the
bonus mark with the lowest expected round score; issue 33): seeded games
on CPython, the seat rotating from game to game (game k: seat k mod
players), the others played by the old Strong.  A shared win counts 1/k
for each of the k winners, so an even match scores 1/players.

* ``dicedout.strong_vs_before.win_share_2p`` / ``_3p``: Strong's mean win
  share over 2,000 games, with a 95% interval (``_ci95_low`` / ``_high``,
  normal approximation over the games' scores).
* ``..._gain_2p`` / ``_3p``: the same share minus that of the old Strong
  in its place in the same game (same seed: the same dice until the two
  play differently), with its 95% interval.
* ``..._differs_2p`` / ``_3p``: the bonus marks, over those games, where
  the new Strong chose otherwise than the old (the penalty is the same:
  the leader).
* ``..._expected_gain_2p`` / ``_3p``: what those choices add to the seat's
  chance to win, exactly (``exact_gain``), per game: the paired gain's
  expectation, far below what 2,000 games can tell from nothing.
"""
from bench.win_share import paired
from dws_core import bot_dicedout
from dws_core.dicedout import EXTRA, DicedOut, unmarked_sum
from dws_core.rng import Rng

GAMES = 2000


def exact_chances(game, p):
    """f(s) x ONE for p's round scores s in the game's last round: the
    rivals' round scores exact (``bot_dicedout._tail``, however long), a
    k-way tie for the lowest total worth 1/k."""
    rivals = []         # [(total, P(round score = x) for x = 0..)]
    for q in range(game.players):
        if q == p:
            continue
        if game.finished(q):
            rivals.append((game.total(q), [1.0]))
        else:
            tail = bot_dicedout._tail(game.marks[q], game.rerolls_left(q), game.bonus_mask)
            rivals.append((game.total(q), [(tail[x] - tail[x + 1]) / bot_dicedout.ONE
                                           for x in range(len(tail) - 1)]))
    out = []
    for s in range(unmarked_sum(game.marks[p]) + 1):
        a = game.total(p) + s
        poly = [1.0]    # poly[t]: P(no rival below a, t of them level)
        for t, dist in rivals:
            above = sum(dist[max(0, a - t + 1):])
            level = dist[a - t] if 0 <= a - t < len(dist) else 0.0
            poly = [(poly[i] if i < len(poly) else 0.0) * above
                    + (poly[i - 1] * level if i else 0.0) for i in range(len(poly) + 1)]
        out.append(int(round(sum(c / (1 + t) for t, c in enumerate(poly)) * bot_dicedout.ONE)))
    return out


def exact_gain(game, new, old):
    """The seat's chance to win after bonus mark ``new`` less after ``old``
    (0: none), both played on to win: W of ``bot_dicedout._solve`` over
    ``exact_chances``."""
    p = game.current
    marks = game.marks[p]
    w = bot_dicedout._solve(marks, game.rerolls_left(p), game.bonus_mask, exact_chances(game, p))
    nums = [0] + [n for n in range(2, 13) if not marks >> (n - 2) & 1]
    return (w[nums.index(new)] - w[nums.index(old)]) / bot_dicedout.ONE


def mark(steps):
    return steps[0][1] if steps[0][0] == "extra" else 0


def play(players, seat, win, seed, found):
    """One game, ``seat`` played by Strong (``win``: the new one) and the
    others by the old Strong: that seat's win share.  ``found``: [choices
    that differ, their exact gains]."""
    game = DicedOut(players, seed=seed)
    rngs = [Rng(seed * 8 + p) for p in range(players)]
    while not game.over:
        p = game.current
        new = win and p == seat
        steps = bot_dicedout.turn(game, "strong", rngs[p], win=new)
        if new and game.phase == EXTRA:
            old = bot_dicedout.turn(game, "strong", rngs[p], win=False)
            if steps != old:
                found[0] += 1
                found[1] += exact_gain(game, mark(steps), mark(old))
        for s in steps:
            game.step(s)
    winners = game.ranking()[0]
    return 1.0 / len(winners) if seat in winners else 0.0


def run():
    bot_dicedout.values(DicedOut(2, seed=1).bonus_mask)   # (the table, built once)
    out = {}
    for players, first_seed in ((2, 330001), (3, 330001 + GAMES)):
        found = [0, 0.0]

        def game(seat, new, seed, k, players=players, found=found):
            return play(players, seat, new, seed, found)
        out.update(paired("dicedout.strong_vs_before", players, first_seed, GAMES, game))
        out["dicedout.strong_vs_before.differs_%dp" % players] = found[0]
        out["dicedout.strong_vs_before.expected_gain_%dp" % players] = round(found[1] / GAMES, 6)
    return out
