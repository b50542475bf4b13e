"""Cargo's "expert" seat against "strong" ones (issue 33): seeded games on
CPython, the expert's seat rotating from game to game (game k: seat
k mod players) and the variant too (the four of classic and hold_cargo, one
round or three: (k // players) mod 8).  A shared win counts 1/k for each of
the k winners, so an even match scores 1/players.

* ``cargo.expert_vs_strong.win_share_2p`` / ``_3p``: the expert's mean win
  share over 2,000 games, with a 95% interval (``_ci95_low`` / ``_high``,
  normal approximation over the games' scores).
* ``..._gain_2p`` / ``_3p``: the same share minus that of a strong seat in
  its place in the same game (same seed: the same dice until the two play
  differently), with its 95% interval: the paired difference needs far
  fewer games to tell a gain of a point from nothing.
* ``cargo.expert.accepted_certain_losses``: the expert's accepts, over all
  those games, that lost for certain: it was the last to play in the final
  round and its total with the cargo stayed below another player's.  Must
  be 0.
"""
from bench.win_share import paired
from dws_core import bots
from dws_core.cargo import Cargo
from dws_core.rng import Rng

GAMES = 2000
VARIANTS = (
    {"rounds": 1}, {"rounds": 1, "hold_cargo": True},
    {"rounds": 1, "classic": True}, {"rounds": 1, "classic": True, "hold_cargo": True},
    {"rounds": 3}, {"rounds": 3, "hold_cargo": True},
    {"rounds": 3, "classic": True}, {"rounds": 3, "classic": True, "hold_cargo": True},
)


def play(players, seat, level, seed, options, losses):
    """One game, ``seat`` played at ``level`` and the others strong: that
    seat's win share."""
    game = Cargo(players, seed=seed, options=options)
    rngs = [Rng(seed * 8 + p) for p in range(players)]
    while not game.over:
        p = game.current
        steps = bots.bot_turn(game, level if p == seat else "strong", rngs[p])
        if (p == seat and level == "expert" and steps[-1] == ("accept",)
                and p == players - 1 and game.round == game.rounds - 1):
            others = [game.total(q) for q in range(players) if q != p]
            if game.total(p) + game.cargo() < max(others):
                losses[0] += 1
        for s in steps:
            game.step(s)
    winners = game.ranking()[0]
    return 1.0 / len(winners) if seat in winners else 0.0


def run():
    losses = [0]
    out = {}
    for players, first_seed in ((2, 330001), (3, 330001 + GAMES)):
        def game(seat, new, seed, k, players=players):
            options = VARIANTS[(k // players) % len(VARIANTS)]
            return play(players, seat, "expert" if new else "strong", seed, options, losses)
        out.update(paired("cargo.expert_vs_strong", players, first_seed, GAMES, game))
    out["cargo.expert.accepted_certain_losses"] = losses[0]
    return out
