"""Power cuts for the nvm store: an nvm that dies after N written bytes.

``CuttableNvm`` is a bytearray whose writes (slice or item assignment) spend a
byte budget; the write that exhausts it stores only the bytes before the cut
(in address order, or last-to-first with ``reverse``) and raises ``PowerCut``.

A script is a list of store operations: ("save", payload), ("clear",),
("settings", dict), ("record", args of record_game), ("restart",).
``expected_states`` plays it without a cut and models what a restart must give
after each operation; ``run_script`` plays it with a cut after ``cut_at``
written bytes; ``resumed_ok`` checks that a restart on the surviving bytes
gives the state before the interrupted operation or, when every byte that
differs had already landed, the state after it: never anything else.  The
tests and ``bench/store.py`` share them.
"""

from dws_app.records_store import Records
from dws_app.store import Store, default_settings


class PowerCut(Exception):
    pass


class CuttableNvm(bytearray):
    budget = None  # bytes that may still be written; None = no cut
    reverse = False

    def arm(self, budget, reverse=False):
        self.budget = budget
        self.reverse = reverse
        return self

    def __setitem__(self, key, value):
        if not isinstance(key, slice):
            key = slice(key, key + 1)
            value = bytes((value,))
        start, stop, _step = key.indices(len(self))
        n = stop - start
        if len(value) != n:
            raise ValueError("nvm writes keep the length")
        if self.budget is None or self.budget >= n:
            if self.budget is not None:
                self.budget -= n
            bytearray.__setitem__(self, key, value)
            return
        k = self.budget
        self.budget = 0
        if k:
            if self.reverse:
                bytearray.__setitem__(self, slice(stop - k, stop), value[n - k:])
            else:
                bytearray.__setitem__(self, slice(start, start + k), value[:k])
        raise PowerCut()


class Model:
    """What the store must hold after the operations that completed; the
    records are recounted here, independently of the store."""

    def __init__(self, store):
        self.game, _n = store.load_game()
        self.settings, _n = store.load_settings()
        self.records = store.load_records()[0]

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
        rec.played[game_id] = min(rec.played[game_id] + 1, 0xFFFF)
        rec.shut[game_id] = min(rec.shut[game_id] + shut, 0xFFFF)
        for s in scores:
            best = rec.best[game_id]
            if s is not None and (best is None or (s < best if low_wins else s > best)):
                rec.best[game_id] = s
        rec.tally_games[players] = min(rec.tally_games[players] + 1, 0xFFFF)
        for seat in set(winners):
            rec.tally_wins[players][seat] = min(rec.tally_wins[players][seat] + 1, 0xFFFF)

    def state(self):
        return self.game, sorted(self.settings.items()), self.records.encode()


def restart_state(data):
    """What a restart on these nvm bytes gives: (game, settings, records)."""
    store = Store(bytearray(data))
    game, _note = store.load_game()
    settings, _note = store.load_settings()
    records, _note = store.load_records()
    return game, sorted(settings.items()), records.encode()


def apply_op(store, op):
    kind = op[0]
    if kind == "save":
        store.save_game(op[1])
    elif kind == "clear":
        store.clear_game()
    elif kind == "settings":
        store.save_settings(op[1])
    elif kind == "record":
        store.record_game(*op[1])
    else:
        raise ValueError(kind)


def _play(nvm, ops, on_done=None):
    """Play ``ops``; return (bytes written, index of the op a PowerCut stopped or None)."""
    store = Store(nvm)
    written = 0
    for i, op in enumerate(ops):
        try:
            if op[0] == "restart":
                written += store.stats["bytes"]
                store = Store(nvm)
            else:
                apply_op(store, op)
        except PowerCut:
            return written + store.stats["bytes"], i
        if on_done:
            on_done(i)
    return written + store.stats["bytes"], None


def expected_states(base, ops):
    """(states, bytes written): states[i] is the model after ops[:i]; the
    uncut run must restart into each of them."""
    nvm = CuttableNvm(base)
    model = Model(Store(bytearray(base)))
    states = [model.state()]

    def done(i):
        model.apply(ops[i])
        states.append(model.state())
        if restart_state(nvm) != states[-1]:
            raise AssertionError("store does not hold the model after op %d" % i)

    written, _cut = _play(nvm, ops, done)
    return states, written


def run_script(base, ops, cut_at, reverse=False):
    """Play ``ops`` on a copy of ``base`` with a cut after ``cut_at`` bytes.
    Returns (surviving nvm bytes, index of the interrupted op or None)."""
    nvm = CuttableNvm(base).arm(cut_at, reverse)
    _written, cut = _play(nvm, ops)
    return bytes(nvm), cut


def resumed_ok(data, states, cut):
    """A restart gives the state before the interrupted op or after it."""
    got = restart_state(data)
    if cut is None:
        return got == states[-1]
    return got == states[cut] or got == states[cut + 1]


def cut_trials(base, ops, stride=1, reverse=False):
    """Cut after every ``stride``-th written byte: (resumed correctly, trials)."""
    states, total = expected_states(base, ops)
    ok = trials = 0
    for cut_at in range(0, total, stride):
        data, cut = run_script(base, ops, cut_at, reverse)
        trials += 1
        if cut is not None and resumed_ok(data, states, cut):
            ok += 1
    return ok, trials
