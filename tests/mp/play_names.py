# Every game's seats and hints play seeded games after the modules a game
# loads at its start (the seats' bot modules, their levels' own modules,
# the hint's module) are in; prints one line per game: game id, the
# names (qstrs) the interpreter held after loading, and at the end.
# Indexing or iterating a str interns its characters as names, and a new
# name can grow the interpreter's name table by kilobytes in the middle of
# a game (docs/measurements.md, "Names interned in a game"): none may be made.
# Run under MicroPython by tests/test_micropython.py (GAMES: the prelude's
# (game id, players, levels) rows, SEEDS).
import micropython
from dws_core import bots
from dws_core.games import game_class
from dws_core.rng import Rng


def names():
    micropython.qstr_info()     # (prints "qstr pool: n_pool=.., n_qstr=N, ..")


for gid, players, levels in GAMES:
    cls = game_class(gid)
    mod = bots._module(gid)
    for level, name in getattr(mod, "LEVEL_MODULES", ()):
        __import__(name)
    if getattr(mod, "HINT_MODULE", None):
        __import__(mod.HINT_MODULE)
    __import__("dws_core.rng")
    if gid == 1:    # (Dice Wide Shut's tables: the board reads the drive's
        # file, which dws_columns_build wrote; the race module with them)
        __import__("dws_core.bot_dws_race")
        # (the totals by round, which the engine keeps at a round's end: the
        # game's screen module, play.game_dws, imports them as it opens)
        __import__("dws_core.dws_totals")
        from dws_core.dws_columns import build
        build(cls(players, seed=0, options={}).run_points)
    print("start", gid)
    names()
    for seed in SEEDS:
        g = cls(players, seed=seed, options={})
        r = Rng(seed)
        while not g.over:
            g.turn_lines()          # (the hand-over's lines: % makes no name)
            bots.hint(g)
            k = 0
            while gid == 1 and k < 2:   # hints mid-turn: what to undo
                legal = [s for s in g.legal_steps() if s[0] == "pick"]
                if not legal:
                    break
                g.step(legal[-1])
                k += 1
                bots.hint(g)
            for _ in range(k):
                g.undo()
            for s in bots.bot_turn(g, levels[g.current % len(levels)], r):
                g.step(s)
            g = type(g).decode(g.encode())
    print("end", gid)
    names()
