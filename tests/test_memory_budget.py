"""../shared/PRODUCT.md's memory budget, measured under MicroPython (deterministic).

Live heap = gc.mem_alloc() after a collection, between runPython() calls,
with the modules the device imports for the game (engine, the game, its bot).
"""
import os

import pytest

from bench.budgets import BUDGETS
from bench.dws import game_modules, micropython_game
from bench.micropython import ROOT, run_source
from dws_core.games import GAMES

BUDGET = BUDGETS["games.live_heap_max_bytes"][0]     # (the bench's figure: one place)


@pytest.mark.parametrize("game_id", [g[0] for g in GAMES])
def test_a_full_game_fits_the_heap_budget(game_id):
    players = 1 if game_id == 5 else 5
    result = micropython_game(game_id, players, seed=5)
    assert result["final"] is not None, "the game did not finish"
    peak = max([result["import"]] + result["heaps"])
    assert result["import"] > 5000  # the measurement includes the imported code
    assert peak < BUDGET


def test_five_strong_device_seats_fit_the_heap_budget():
    with open(os.path.join(ROOT, "bench", "mp_bots.py")) as f:
        script = f.read()
    prelude = "PLAYERS = 5\nSEED = 3\nLEVEL = 'strong'\nREPEAT = 1\nIMPORTS = %r\n" % (
        game_modules(1),)
    heaps = [int(line.split()[1]) for line in run_source(prelude + script, "--loop").splitlines()
             if line.split()[0] in ("import", "turn", "final")]
    assert len(heaps) > 20
    assert max(heaps) < BUDGET
