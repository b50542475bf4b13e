# Plays seeded games with random legal steps and prints one digest per game.
# Runs unchanged under CPython and MicroPython; the test compares the outputs.
# Reads GAME_IDS, SEEDS, PLAYERS from the globals when set by the caller.
from dws_core.games import GAMES, game_class
from dws_core.rng import Rng

MAX_STEPS = 4000
# Odd seeds play a variant: Shut the Box together (declarations before the
# roll), DicedOut with bonus numbers 6-8 (bonus marks, taken or declined).
VARIANTS = ((2, {"mode": "together", "one_die": "remaining_le_6"}),
            (3, {"bonus_numbers": (6, 7, 8)}))


def play(game_id, players, seed):
    cls = game_class(game_id)
    players = min(max(players, cls.MIN_PLAYERS), cls.MAX_PLAYERS)
    options = None
    for gid, opts in VARIANTS:
        if gid == game_id and seed % 2:
            options = opts
    game = cls(players, seed=seed, options=options)
    picker = Rng(seed * 7919 + game_id)
    steps = 0
    while not game.over and steps < MAX_STEPS:
        legal = game.legal_steps()
        if not legal:
            break
        game.step(legal[picker.below(len(legal))])
        if game.can_undo() and picker.below(8) == 0:
            game.undo()  # reversible steps: a selection, a declaration
        steps += 1
    return game, steps


def main(game_ids, seeds, player_counts):
    for gid in game_ids:
        for players in player_counts:
            for seed in seeds:
                game, steps = play(gid, players, seed)
                print("%d %d %d %d %d %08x" % (
                    gid, players, seed, steps, 1 if game.over else 0, game.digest()))


try:
    GAME_IDS
except NameError:
    GAME_IDS = [g[0] for g in GAMES]
    SEEDS = [1, 2, 3]
    PLAYERS = [1, 2, 3, 4, 5]
main(GAME_IDS, SEEDS, PLAYERS)
