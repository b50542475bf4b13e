"""Dice Wide Shut engine benchmark: live heap and step time under MicroPython."""
import os
import tempfile
import time

from bench.micropython import ROOT, run_source
from bench.mpy import compile_tree
from dws_core.games import game_class
from dws_core.rng import Rng

SEED = 2024
PLAYERS = 5


def core_modules():
    """Every module of dws_core, as the device would import them."""
    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "dws_core"))
                   if n.endswith(".py") and n != "__init__.py")
    return ["dws_core." + n for n in names]


def game_modules(game_id):
    """The dws_core modules the device imports to play one game (with bots)."""
    from dws_core.games import GAMES
    names = ["dws_core.engine", "dws_core.games"]
    for gid, module in [(r[0], r[1]) for r in GAMES]:
        if gid == game_id:
            names.append(module)
            bot = "dws_core.bot_" + module.split(".")[1]
            if os.path.exists(os.path.join(ROOT, *bot.split(".")) + ".py"):
                names += ["dws_core.bots", bot]
    return names


def run_core(source, *flags, mpy=False):
    """run_source with dws_core as .py, or (``mpy``) compiled to .mpy files."""
    if not mpy:
        return run_source(source, *flags)
    with tempfile.TemporaryDirectory() as tmp:
        core = compile_tree(os.path.join(ROOT, "dws_core"), os.path.join(tmp, "dws_core"))
        return run_source(source, "--core=" + core, *flags)


def import_heap(modules, mpy=False):
    """Live heap after importing ``modules`` under MicroPython."""
    # The empty collecting call first: the compiler's garbage stays reachable
    # until one more runPython() call has run.
    source = "import gc\n%s\n#--chunk--\ngc.collect()\n#--chunk--\ngc.collect()\nprint(gc.mem_alloc())\n" % (
        "\n".join("import " + m for m in modules))
    return int(run_core(source, "--chunks", mpy=mpy).split()[-1])


def micropython_game(game_id, players, seed, mpy=False):
    """Heap and timing of one seeded random game under MicroPython, with the
    modules the device imports for that game (from .mpy files with ``mpy``)."""
    prelude = "GAME_ID = %d\nPLAYERS = %d\nSEED = %d\nIMPORTS = %r\n" % (
        game_id, players, seed, game_modules(game_id))
    with open(os.path.join(ROOT, "bench", "mp_game_heap.py")) as f:
        out = run_core(prelude + f.read(), "--loop", mpy=mpy)
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
    mpy = micropython_game(1, PLAYERS, SEED, mpy=True)
    assert mpy["final"] == mp["final"], ".mpy and .py runs disagree"
    cp_us, game = cpython_step_us(1, PLAYERS, SEED)
    assert mp["final"][1] == "%08x" % game.digest(), "MicroPython and CPython disagree"
    return {
        "dws.live_heap_max_bytes": max([mp["import"]] + mp["heaps"]),
        "dws.live_heap_import_bytes": mp["import"],
        "dws.step_us_micropython": round(mp["us"] / mp["steps"], 1),
        "dws.step_us_cpython": round(cp_us, 1),
        "dws.state_bytes_5p": mp["final"][0],
        "dws.steps_per_game_5p": mp["steps"],
        "core.live_heap_all_modules_bytes": import_heap(core_modules()),
        "dws.live_heap_max_bytes_mpy": max([mpy["import"]] + mpy["heaps"]),
        "core.live_heap_all_modules_bytes_mpy": import_heap(core_modules(), mpy=True),
    }
