"""Flash wear and power cuts for the nvm store: an nvm that writes as the
firmware does, counts erases and dies after N steps.

``FlashNvm`` is a bytearray whose writes (slice or item assignment) follow
CircuitPython 10.2.1: on the RP2040 (``erase_always=False``: 4 KB, one
sector) a write whose target bytes are all 0xFF only programs them; any other
write erases the whole sector and programs it again from its first byte (the
old contents with the new bytes merged in).  On the SAMD51
(``erase_always=True``: 8 KB, one block) every write erases and programs the
whole block.  ``erases`` and ``programs`` (page programs) count them.

Power cuts: ``arm(budget)`` lets ``budget`` more steps complete, a step being
an erase or one programmed byte, in the order the flash does them; the step
that finds the budget spent raises ``PowerCut`` instead.  An erase applies at
once (as in the emulator's flash model: a cut right after it leaves the whole
nvm 0xFF).  ``window`` tells whether the last cut fell inside an erasing write
(after its erase, before its last byte was programmed again).

A script is a list of store operations: ("save", payload), ("clear",),
("settings", dict), ("record", args of record_game), ("restart",).
``expected_states`` plays it without a cut and models what a restart must give
after each operation; ``run_script`` plays it with a cut after ``cut_at``
steps; ``resumed_ok`` checks what a restart on the surviving bytes gives: the
state before the interrupted operation or after it, or, inside an erase
window, for each item that is neither, a note saying it was lost (or the
whole nvm blank: an erase cut before its first byte came back, which the
store cannot tell from fresh flash).  The tests and ``bench/store.py`` share
them.
"""

import os

from dws_app.lobby.records_store import (Records, default_settings, load_records, load_settings,
                                   record_game, save_settings)
from dws_app.store import GAME, RECORDS, SETTINGS, Store
from dws_core import games
from dws_core.rng import Rng


def dws_checkpoints(seed=2024, players=5):
    """Every distinct checkpoint of a seeded random 5-player Dice Wide Shut game."""
    game = games.game_class(1)(players, seed=seed)
    picker = Rng(seed)
    saves = [game.checkpoint() or game.encode()]
    while not game.over:
        legal = game.legal_steps()
        game.step(legal[picker.below(len(legal))])
        if game.checkpoint() != saves[-1]:
            saves.append(game.checkpoint())
    return saves


DWS = dws_checkpoints()


def cut_images(before, after):
    """The nvm images a power cut can leave while a write turns ``before``
    into ``after`` byte by byte (an append into erased bytes): the bytes
    written so far, the rest as they were; the first with none written,
    the last with all."""
    changed = [i for i in range(len(after)) if after[i] != before[i]]
    assert changed, "nothing was written"
    for k in range(len(changed) + 1):
        nvm = bytearray(before)
        for i in changed[:k]:
            nvm[i] = after[i]
        yield nvm


class PowerCut(Exception):
    pass


class FlashNvm(bytearray):
    budget = None  # steps that may still complete; None = no cut
    window = False

    def __init__(self, data, erase_always=False, page=None):
        bytearray.__init__(self, data)
        self.erase_always = erase_always
        self.page = page or (512 if erase_always else 256)
        self.erases = 0
        self.programs = 0
        self.steps = 0

    def arm(self, budget):
        self.budget = budget
        self.window = False
        return self

    def _step(self, window=False):
        self.steps += 1
        if self.budget is None:
            return
        if self.budget == 0:
            self.window = window
            raise PowerCut()
        self.budget -= 1

    def _program(self, start, data, window):
        """Program erased bytes in address order (as fast slices)."""
        n = len(data)
        if n:
            self.programs += (start + n - 1) // self.page - start // self.page + 1
        k = n if self.budget is None or self.budget >= n else self.budget
        bytearray.__setitem__(self, slice(start, start + k), data[:k])
        self.steps += k
        if self.budget is not None:
            self.budget -= k
        if k < n:
            self.window = window
            raise PowerCut()

    def __setitem__(self, key, value):
        if not isinstance(key, slice):
            key = slice(key, key + 1)
            value = bytes((value,))
        start, stop, _step = key.indices(len(self))
        if len(value) != stop - start:
            raise ValueError("nvm writes keep the length")
        value = bytes(value)
        if not self.erase_always and self[start:stop] == b"\xff" * (stop - start):
            self._program(start, value, False)
            return
        image = bytearray(self)
        image[start:stop] = value
        self._step(False)              # the erase
        self.erases += 1
        bytearray.__setitem__(self, slice(0, len(self)), b"\xff" * len(self))
        self._program(0, image, True)


def board_nvm(board, data=None):
    """A FlashNvm of a board ("pico" 4 KB or "pybadge" 8 KB), fresh or from bytes."""
    size = 8192 if board == "pybadge" else 4096
    data = b"\xff" * size if data is None else bytes(data) + b"\xff" * (size - len(data))
    return FlashNvm(data, erase_always=board == "pybadge")


class Model:
    """What the store must hold after the operations that completed; the
    records are recounted here, independently of the store."""

    def __init__(self, store):
        self.game, _n = store.load_game()
        self.settings, _n = load_settings(store)
        self.records = load_records(store)[0]

    def apply(self, op):
        kind = op[0]
        if kind == "save":
            self.game = bytes(op[1])
        elif kind == "clear":
            self.game = None
        elif kind == "settings":
            for name in sorted(op[1]):
                self.settings[name] = op[1][name]
        elif kind == "record":
            self._record(*op[1])

    def _record(self, game_id, players, scores, winners, low_wins=False, shut=0):
        rec = self.records
        played, best, shut_before = rec.game(game_id)
        for s in scores:
            if s is not None and (best is None or (s < best if low_wins else s > best)):
                best = s
        rec.set_game(game_id, min(played + 1, 0xFFFF), best, min(shut_before + shut, 0xFFFF))
        games, wins = rec.tally(players)
        for seat in set(winners):
            wins[seat] = min(wins[seat] + 1, 0xFFFF)
        rec.set_tally(players, min(games + 1, 0xFFFF), wins)

    def state(self):
        return self.game, sorted(self.settings.items()), bytes(self.records.encode())


def restart(data, erase_always=False, cover=None):
    """(state, notes) a restart on these nvm bytes gives: state is (game,
    settings, records) as Model.state, notes the store's notes per item."""
    store = Store(bytearray(data), erase_always, cover)
    game, _note = store.load_game()
    settings, _note = load_settings(store)
    records, _note = load_records(store)
    return (game, sorted(settings.items()), records.encode()), dict(store.notes)


def restart_state(data, erase_always=False):
    return restart(data, erase_always)[0]


def apply_op(store, op):
    kind = op[0]
    if kind == "save":
        store.save_game(op[1])
    elif kind == "clear":
        store.clear_game()
    elif kind == "settings":
        save_settings(store, op[1])
    elif kind == "record":
        record_game(store, *op[1])
    else:
        raise ValueError(kind)


def _play(nvm, ops, on_done=None, cover=None):
    """Play ``ops``; return the index of the op a PowerCut stopped, or None."""
    store = Store(nvm, nvm.erase_always, cover)
    for i, op in enumerate(ops):
        try:
            if op[0] == "restart":
                store = Store(nvm, nvm.erase_always, cover)
            else:
                apply_op(store, op)
        except PowerCut:
            return i
        if on_done:
            on_done(i)
    return None


def expected_states(base, ops, erase_always=False):
    """(states, steps): states[i] is the model after ops[:i] (the uncut run
    must restart into each of them); steps the flash steps of the whole run."""
    nvm = FlashNvm(base, erase_always)
    model = Model(Store(bytearray(base), erase_always))
    states = [model.state()]

    def done(i):
        model.apply(ops[i])
        states.append(model.state())
        if restart_state(nvm, erase_always) != states[-1]:
            raise AssertionError("store does not hold the model after op %d" % i)

    _play(nvm, ops, done)
    return states, nvm.steps


def run_script(base, ops, cut_at, erase_always=False, cover=None):
    """Play ``ops`` on a copy of ``base`` with a cut after ``cut_at`` steps.
    Returns (surviving nvm bytes, index of the interrupted op or None,
    whether the cut fell inside an erase window)."""
    nvm = FlashNvm(base, erase_always).arm(cut_at)
    cut = _play(nvm, ops, cover=cover)
    return bytes(nvm), cut, nvm.window


ITEM_TAGS = (GAME, SETTINGS, RECORDS)   # in the order of Model.state()


def verdict(got, notes, data, states, cut, window):
    """What a restart that gave ``got`` and ``notes`` on the nvm bytes
    ``data`` after a cut in op ``cut`` amounts to: "before" / "after" the
    op, "noted" (inside an erase window, each item that is neither was
    lost and a note says so), "blank" (the nvm all erased: a cut right after
    an erase, which the store cannot tell from fresh flash), or None: wrong."""
    if cut is None:
        return "after" if got == states[-1] else None
    before, after = states[cut], states[cut + 1]
    if got == before:
        return "before"
    if got == after:
        return "after"
    if not window:
        return None
    if data == b"\xff" * len(data):
        fresh = (None, sorted(default_settings().items()), Records().encode())
        return "blank" if got == fresh and not notes else None
    for i in range(3):
        if got[i] not in (before[i], after[i]) and ITEM_TAGS[i] not in notes:
            return None
    return "noted"


def resumed_ok(data, states, cut, window=False, erase_always=False, cover=None):
    """A restart gives the state before the interrupted op or after it; inside
    an erase window each item may instead be lost with a note, or all of it
    silently when the nvm is blank (``verdict``)."""
    got, notes = restart(data, erase_always, cover)
    return verdict(got, notes, data, states, cut, window) is not None


def cut_trials(base, ops, stride=1, erase_always=False, limit=None):
    """Cut after every ``stride``-th flash step (up to ``limit``):
    (resumed correctly, trials, cuts inside an erase window)."""
    states, total = expected_states(base, ops, erase_always)
    ok = trials = windows = 0
    for cut_at in range(0, total if limit is None else min(total, limit), stride):
        data, cut, window = run_script(base, ops, cut_at, erase_always)
        trials += 1
        windows += window
        if cut is not None and resumed_ok(data, states, cut, window, erase_always):
            ok += 1
    return ok, trials, windows


def make_cover(folder):
    """A cover file as ``make flash`` writes it (tools.flash.COVER_FILES) in
    ``folder``; its path."""
    from tools.flash import COVER_FILE, COVER_FILES
    path = os.path.join(str(folder), "nvm.bin")
    with open(path, "wb") as f:
        f.write(dict(COVER_FILES)[COVER_FILE])
    return path
