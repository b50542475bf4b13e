"""Bots benchmark: Dice Wide Shut strength (seeded tournaments on CPython),
think time (MicroPython and CPython), live heap with five strong seats, and
the Shut the Box policy's measured chance to shut.

Think times are the least of repeated runs of the same decision (the bots
are deterministic and never change the game; a busy machine only adds time).
They are fast proxies: the device's think times are measured on the
firmware by the board suite (``board.think_ms_p99.<game>.<level>`` in
bench-board.json).
"""
import math
import os
import time

from bench.dws import game_modules
from bench.micropython import ROOT, run_source
from dws_core import bots, stb_solver
from dws_core.dws import DiceWideShut
from dws_core.rng import Rng

TOURNAMENT_2P = 2000
TOURNAMENT_EASY = 1000
TOURNAMENT_4P = 1000
MP_GAMES = (11, 12, 13)  # seeds of the 5-player strong games under MicroPython
STB_GAMES = 200000


def play_dws(levels, seed, times=None):
    """One seeded game; seat p plays levels[p] with its own Rng."""
    n = len(levels)
    game = DiceWideShut(n, seed=seed)
    seats = [Rng(seed * 8 + p) for p in range(n)]
    while not game.over:
        p = game.current
        best = None
        for _ in range(3 if times is not None else 1):  # least of 3: noise only adds
            t0 = time.perf_counter()
            steps = bots.bot_turn(game, levels[p], seats[p])
            ms = (time.perf_counter() - t0) * 1000
            best = ms if best is None or ms < best else best
        if times is not None and levels[p] == "strong":
            times.append(best)
        for s in steps:
            game.step(s)
    return game


def win_share(level, others, players, games, first_seed, times=None):
    """Share of wins (shared wins split) of one ``level`` seat, its seat
    rotating over the table from game to game."""
    points = 0.0
    for k in range(games):
        seat = k % players
        levels = [others] * players
        levels[seat] = level
        ranking = play_dws(levels, first_seed + k, times).ranking()
        if seat in ranking[0]:
            points += 1.0 / len(ranking[0])
    return points / games


def p99(values):
    values = sorted(values)
    return values[min(len(values) - 1, (len(values) * 99) // 100)]


def micropython_games():
    """Think times (us), heaps and table build time of the 5-player games."""
    with open(os.path.join(ROOT, "bench", "mp_bots.py")) as f:
        script = f.read()
    us, heaps, tables, imports, digests = [], [], [], [], []
    for seed in MP_GAMES:
        prelude = "PLAYERS = 5\nSEED = %d\nLEVEL = 'strong'\nREPEAT = 5\nIMPORTS = %r\n" % (
            seed, game_modules(1))
        for line in run_source(prelude + script, "--loop").splitlines():
            parts = line.split()
            if parts[0] == "import":
                imports.append(int(parts[1]))
            elif parts[0] == "tables":
                tables.append(int(parts[1]))
            elif parts[0] == "turn":
                heaps.append(int(parts[1]))
                us.append(int(parts[2]))
            elif parts[0] == "final":
                heaps.append(int(parts[1]))
                digests.append(parts[2])
    return us, heaps + imports, tables, digests


def stb_p_shut(games, one_die="remaining_le_6"):
    """Play the solver's "shut" policy; (measured P(shut), exact P(shut))."""
    solver = stb_solver.Solver(9, one_die, "shut")
    rng = Rng(20240)
    shut = 0
    for _ in range(games):
        mask = 511
        while mask:
            if stb_solver.one_die_allowed(mask, one_die) and solver.roll_one_die(mask):
                total = rng.die()
            else:
                total = rng.die() + rng.die()
            chosen = solver.best_set(mask, total)
            if not chosen:
                break
            mask ^= chosen
        if not mask:
            shut += 1
    return shut / games, solver.value(511) / solver.scale


def run():
    strong_2p = win_share("strong", "normal", 2, TOURNAMENT_2P, 1)
    normal_easy = win_share("normal", "easy", 2, TOURNAMENT_EASY, 100001)
    strong_4p = win_share("strong", "normal", 4, TOURNAMENT_4P, 200001)
    us, heaps, tables, digests = micropython_games()
    cp_times = []
    for seed, digest in zip(MP_GAMES, digests):
        game = play_dws(["strong"] * 5, seed, cp_times)
        assert "%08x" % game.digest() == digest, "MicroPython and CPython bots disagree"
    mp_p99 = p99(us) / 1000.0
    measured, exact = stb_p_shut(STB_GAMES)
    z = (measured - exact) / math.sqrt(exact * (1 - exact) / STB_GAMES)
    return {
        "bots.dws_strong_vs_greedy_2p": round(strong_2p, 4),
        "bots.dws_normal_vs_easy_2p": round(normal_easy, 4),
        "bots.dws_strong_share_4p": round(strong_4p, 4),
        "bots.dws_turn_ms_cpython_p99": round(p99(cp_times), 2),
        "bots.dws_turn_ms_micropython_p99": round(mp_p99, 2),
        "bots.dws_turn_ms_micropython_median": round(sorted(us)[len(us) // 2] / 1000.0, 2),
        "bots.dws_turns_timed_micropython": len(us),
        "bots.dws_table_build_ms_micropython": round(max(tables) / 1000.0, 1),
        "bots.live_heap_max_bytes": max(heaps),
        "bots.stb_optimal_p_shut": round(measured, 5),
        "bots.stb_exact_p_shut": round(exact, 6),
        "bots.stb_p_shut_z": round(z, 2),
        "bots.stb_games": STB_GAMES,
    }
