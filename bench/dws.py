"""Dice Wide Shut engine benchmark: live heap and step time under MicroPython."""
import os
import time

from bench.micropython import ROOT, run_source
from dws_core.games import game_class
from dws_core.rng import Rng

SEED = 2024
PLAYERS = 5


def core_modules():
    """Every module of dws_core, as the device would import them."""
    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "dws_core"))
                   if n.endswith(".py") and n != "__init__.py")
    return ["dws_core." + n for n in names]


def micropython_game(game_id, players, seed):
    """Heap and timing of one seeded random game under MicroPython."""
    prelude = "GAME_ID = %d\nPLAYERS = %d\nSEED = %d\nIMPORTS = %r\n" % (
        game_id, players, seed, core_modules())
    with open(os.path.join(ROOT, "bench", "mp_game_heap.py")) as f:
        out = run_source(prelude + f.read(), "--loop")
    result = {"import": 0, "heaps": [], "steps": 0, "us": 0, "final": None}
    for line in out.splitlines():
        parts = line.split()
        if parts[0] == "import":
            result["import"] = int(parts[1])
        elif parts[0] == "turn":
            result["heaps"].append(int(parts[1]))
            result["steps"] += int(parts[2])
            result["us"] += int(parts[3])
        elif parts[0] == "final":
            result["heaps"].append(int(parts[1]))
            result["final"] = (int(parts[2]), parts[3])
    return result


def cpython_step_us(game_id, players, seed):
    cls = game_class(game_id)
    game = cls(players, seed=seed)
    picker = Rng(seed + 1)
    steps = 0
    t0 = time.perf_counter()
    while not game.over:
        legal = game.legal_steps()
        game.step(legal[picker.below(len(legal))])
        steps += 1
    return (time.perf_counter() - t0) * 1e6 / steps, game


def run():
    mp = micropython_game(1, PLAYERS, SEED)
    cp_us, game = cpython_step_us(1, PLAYERS, SEED)
    assert mp["final"][1] == "%08x" % game.digest(), "MicroPython and CPython disagree"
    return {
        "dws.live_heap_max_bytes": max([mp["import"]] + mp["heaps"]),
        "dws.live_heap_import_bytes": mp["import"],
        "dws.step_us_micropython": round(mp["us"] / mp["steps"], 1),
        "dws.step_us_cpython": round(cp_us, 1),
        "dws.state_bytes_5p": mp["final"][0],
        "dws.steps_per_game_5p": mp["steps"],
    }
