"""Dice Wide Shut's Strong seat, which weighs the end of the game, against
Strong as it was before (``bot_dws.turn(..., race=False)``; issue 33):
seeded games on CPython, the seat rotating from game to game (game k: seat
k mod players) and the variant too (no_doubles in every other pair of
games).  A shared win counts 1/k for each of the k winners, so an even
match scores 1/players.

* ``dws.strong_vs_before.win_share_2p`` / ``_3p``: Strong's mean win share
  over 2,000 games, with a 95% interval (``_ci95_low`` / ``_high``, normal
  approximation over the games' scores).
* ``..._gain_2p`` / ``_3p``: the same share minus that of the old Strong
  in its place in the same game (same seed: the same dice until the two
  play differently), with its 95% interval.
* ``dws.strong.ended_lost``: the games Strong ended, as the last player of
  the final round, with a lower total than another's where a take that did
  not end it was open (its marks fill no third column).  Must be 0.
"""
from bench.win_share import paired
from dws_core import bot_dws
from dws_core.dws import DiceWideShut
from dws_core.dws_columns import build
from dws_core.rng import Rng

GAMES = 2000
FIRST_SEED = 410001


def play(players, seat, race, seed, options, lost):
    """One game, ``seat`` played by Strong (``race``: the new one) and the
    others by the old Strong: that seat's win share."""
    game = DiceWideShut(players, seed=seed, options=options)
    rngs = [Rng(seed * 8 + p) for p in range(players)]
    while not game.over:
        p = game.current
        steps = bot_dws.turn(game, "strong", rngs[p], race=race if p == seat else False)
        last = (p + 1) % players == game.start_player and not game.ending
        before = game.encode() if race and p == seat and last else None
        for s in steps:
            game.step(s)
        if before is not None and game.over and seat not in game.ranking()[0] \
                and goes_on(DiceWideShut.decode(before)):
            lost[0] += 1
    winners = game.ranking()[0]
    return 1.0 / len(winners) if seat in winners else 0.0


def goes_on(game):
    """Has the current player a whole turn after which the game goes on?"""
    data = game.encode()
    for step in game.legal_steps():
        if step[0] in ("drop", "undo") or (step[0] == "colour" and game.colour >= 0):
            continue
        trial = DiceWideShut.decode(data)
        trial.step(step)
        if step[0] == "confirm":
            if not trial.over:
                return True
        elif goes_on(trial):
            return True
    return False


def run():
    build(DiceWideShut(2, seed=1).run_points)
    lost = [0]
    out = {}
    for players, first_seed in ((2, FIRST_SEED), (3, FIRST_SEED + GAMES)):
        def game(seat, new, seed, k, players=players):
            options = {"no_doubles": (k // players) % 2 == 1}
            return play(players, seat, new, seed, options, lost)
        out.update(paired("dws.strong_vs_before", players, first_seed, GAMES, game))
    out["dws.strong.ended_lost"] = lost[0]
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=2))
