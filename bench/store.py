"""nvm store benchmark: save sizes, writes per game, resumes after power cuts.

A seeded 5-player Dice Wide Shut game (dws_core.dws, random legal steps) is
saved after every step, which writes only when the checkpoint changed (every
confirmed turn and every roll); the payload is the checkpoint plus 8 bytes
standing for the app's metadata (screen, seat types).  The end of the game
records it and clears the save.  The power-cut trials are those of
tests/test_store_powercut.py: a cut after every byte of the largest save and
of several writes in a row.

``store.app_*``: the same seeded 5-player game played through the app's
buttons on the simulated PyBadge (menu, setup, pass screens, turns, scores),
counting every nvm write the app makes from the menu to the scores screen.
"""
import os
import random
import sys

# `python -m bench` runs from the repo root; the app lives in lib/ (as on the device).
_LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
if _LIB not in sys.path:
    sys.path.insert(0, _LIB)

from dws_app.store import GAME_CAPACITY, Store  # noqa: E402
from dws_core.games import game_class  # noqa: E402
from dws_core.rng import Rng  # noqa: E402
from tests.nvm_faults import cut_trials  # noqa: E402

SEED = 2024
PLAYERS = 5
APP_METADATA = bytes(8)


def dws_game_payloads(seed=SEED, players=PLAYERS):
    """(payload after every step, final game) of a seeded random game."""
    game = game_class(1)(players, seed=seed)
    picker = Rng(seed)
    payloads = [APP_METADATA + (game.checkpoint() or game.encode())]
    while not game.over:
        legal = game.legal_steps()
        game.step(legal[picker.below(len(legal))])
        payloads.append(APP_METADATA + game.checkpoint())
    return payloads, game


def formatted_nvm():
    nvm = bytearray(b"\xff" * 4096)
    Store(nvm).save_settings({"brightness": 7})  # formats the header once
    return nvm


def app_game_writes(seed=SEED, players=PLAYERS):
    """(writes, bytes written, game slot writes, confirmed turns) of one
    Dice Wide Shut game played through the app's buttons."""
    from dws_app.game_base import GameScreen
    from sim.play import dws_step, finish_interludes
    from sim.script import Session

    s = Session("pybadge", seed=seed)
    s.app.store.save_settings({"brightness": 7})    # a used device: formatted
    start = dict(s.app.store.stats)
    s.press("A")                                    # Dice Wide Shut
    while s.screen.players != players:
        s.press("RIGHT")
    s.press("DOWN", "DOWN", "DOWN", "A")            # start game
    picker = Rng(seed)
    game = finish_interludes(s).game
    turns = 0
    slot_writes = 0
    while not game.over:
        screen = finish_interludes(s)
        assert isinstance(screen, GameScreen)
        legal = game.legal_steps()
        moves = [st for st in legal if st[0] not in ("drop", "colour")] or legal
        step = moves[picker.below(len(moves))]
        before = s.app.store._game.seq
        dws_step(s, step)
        turns += step[0] == "confirm"
        slot_writes += s.app.store._game.seq != before
    s.press("A")                                    # scores -> menu
    stats = s.app.store.stats
    return (stats["writes"] - start["writes"], stats["bytes"] - start["bytes"],
            slot_writes + 1, turns)


def run():
    app_writes, app_bytes, app_slot_writes, app_turns = app_game_writes()
    payloads, game = dws_game_payloads()
    nvm = formatted_nvm()
    store = Store(nvm)
    for p in payloads:
        store.save_game(p)
    saves = store.stats["writes"]
    winners = game.ranking()[0]
    store.record_game(1, PLAYERS, game.scores(), winners)
    store.clear_game()

    largest = max(payloads, key=len)
    base = bytes(formatted_nvm())
    trials = ok = 0
    random_600 = bytes(random.Random(SEED).getrandbits(8) for _ in range(600))
    scripts = (
        # every byte of the largest DWS save and of a 600-byte save, over two older saves
        (payloads[:2], [("save", largest)]),
        (payloads[:2], [("save", random_600)]),
        # several writes in a row: saves (one unchanged), records, clear, a new game
        (payloads[:2], [("save", p) for p in payloads[2:60]] + [
            ("record", (1, PLAYERS, game.scores(), winners)), ("clear",),
            ("save", payloads[0])]),
    )
    for before, ops in scripts:
        nvm = bytearray(base)
        pre = Store(nvm)
        for p in before:
            pre.save_game(p)
        good, n = cut_trials(bytes(nvm), ops)
        ok += good
        trials += n
    return {
        "store.save_bytes_max": max(len(p) for p in payloads),
        "store.slot_capacity_bytes": GAME_CAPACITY,
        "store.writes_per_game": store.stats["writes"],
        "store.game_saves_per_game": saves,
        "store.bytes_written_per_game": store.stats["bytes"],
        "store.resume_ok_ratio": ok / trials,
        "store.powercut_trials": trials,
        "store.app_writes_per_game": app_writes,
        "store.app_bytes_written_per_game": app_bytes,
        "store.app_game_saves_per_game": app_slot_writes,
        "store.app_turns_per_game": app_turns,
    }
