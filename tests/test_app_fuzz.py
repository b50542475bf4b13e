"""Button storms with power cuts: the whole app (menu, setup, every game in
GAME_SCREENS, settings, help, scores) on both profiles, driven through the
simulated keypad by a seeded random stream, with the nvm cut at random bytes
of random writes and the app restarted on the surviving bytes.

Checked after every event: no exception reached the app's error screen; the
game in play round-trips decode(encode()) and its checkpoint too; scores and
ranking are consistent (Dice Wide Shut scores recounted here from the board);
the store holds exactly the checkpoint of the game in play (so every
confirmed turn and roll was saved).  After every cut or restart: the game the
store offers is the last completely saved checkpoint or, when the cut hit
the write of the next one, that one; Continue resumes it byte for byte.
The nvm writes as the board's firmware does (tests/nvm_faults.py): a cut
inside an erase window (a compaction on the Pico, any write on the PyBadge)
may instead lose the game, and then the menu says so (or the nvm is all
erased, the case hardware.md documents).
"""

import random

import pytest
from hypothesis import given, settings, strategies as st

from dws_app import app as app_mod
from dws_app.app import App
from dws_app.lobby.resume import resumable
from dws_app.levels import split
from dws_app.play.game_base import GameScreen
from dws_app.lobby.scores import record, show
from dws_app.store import GAME, RECORDS, Store
from dws_core.dws import CHECKED
from dws_core.games import decode
from tests.nvm_faults import FlashNvm, PowerCut
from sim.hw import build


def playing(app):
    """The app's game in play (its ``play.Table``'s), or None."""
    return app.table and app.table.game


PROFILES = ("pybadge", "pico_dice")
# 120,000 per run over both profiles: B at a turn start (the other boards) and
# UP/DOWN in DicedOut (the other sheets) now look instead of acting, so
# random presses need more events to reach as many checkpoints.
EVENTS_PER_PROFILE = 60000
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
# Mostly moves and A (so games progress), some B, few START / SELECT.
WEIGHTS = (12, 12, 12, 12, 30, 8, 1, 2)
CUM_WEIGHTS = []
_total = 0
for _w in WEIGHTS:
    _total += _w
    CUM_WEIGHTS.append(_total)
P_CUT = 0.02                         # arm a cut at a random later byte
P_RESTART = 0.002                    # switch off and on between two writes
RUN_POINTS = ((0, 1, 3, 6, 10, 15), (0, 1, 3, 7, 10, 15))   # ../shared/RULES.md 1
EMPTY_COLUMN = -5
LOST_NOTE = "Saved game lost (damaged)"


class PowerLost(BaseException):
    """The power went: not an Exception, so nothing in the app catches it."""


class FuzzNvm(FlashNvm):
    """The board's nvm, whose power goes after a budget of flash steps;
    ``game_writes`` keeps the game payloads the store was asked to write
    (payload or None for a cleared game, and whether the write completed;
    filled by ``watch``)."""

    def __init__(self, data, erase_always):
        FlashNvm.__init__(self, data, erase_always)
        self.game_writes = []

    def __setitem__(self, key, value):
        try:
            FlashNvm.__setitem__(self, key, value)
        except PowerCut:
            raise PowerLost()

    def watch(self, store):
        put = store._put
        writes = self.game_writes

        compact = store._compact
        putting = []

        def watched(tag, body, short=None):
            entry = None
            if tag == GAME:
                entry = [bytes(body) or None, False]
                writes.append(entry)
            putting.append(tag)
            try:
                wrote = put(tag, body, short)
            finally:
                putting.pop()
            if entry is not None:
                entry[1] = True
            return wrote

        def compacting(tag, body):
            # A compaction of the records not inside a put: the finished
            # game let go and counted in one write (records_store.finish_game).
            entry = None
            if tag == RECORDS and not putting and store.prev:
                entry = [None, False]
                writes.append(entry)
            compact(tag, body)
            if entry is not None:
                entry[1] = True

        store._put = watched
        store._compact = compacting


# ----- invariants ---------------------------------------------------------------


def dws_recount(game, p):
    """Dice Wide Shut score of player p from the board (../shared/RULES.md 1)."""
    total = 0
    for half in (0, 1):
        cells = game.boards[p].cells[half]
        for col in range(5):
            runs = []
            run = 0
            for row in range(5):
                if cells[row * 5 + col] == CHECKED:
                    run += 1
                else:
                    runs.append(run)
                    run = 0
            runs.append(run)
            if max(runs) == 0:
                total += EMPTY_COLUMN
            else:
                total += sum(RUN_POINTS[half][r] for r in runs)
    return total


def check_game(game, seen):
    """The invariants of the game in play; ``seen`` holds the encodings
    already checked (an unchanged state is not decoded again)."""
    data = game.encode()
    cp = game.checkpoint()
    assert cp is not None
    for state in (data, cp):
        if state not in seen:
            assert decode(state).encode() == state
            seen.add(state)
    assert 0 <= game.current < game.players
    scores = game.scores()
    assert all(type(s) is int for s in scores)
    ranking = game.ranking()
    assert sorted(p for g in ranking for p in g) == list(range(game.players))
    if game.GAME_ID == 1:
        assert scores == [dws_recount(game, p) for p in range(game.players)]
        for group in ranking:
            assert len(set(scores[p] for p in group)) == 1


def stored_game(nvm):
    """What a power-up on these bytes offers to continue (the engine bytes;
    a game with device-played seats has them in a header before)."""
    data = Store(bytearray(nvm)).load_game(resumable)[0]
    return data if data is None else split(data)[1]


# ----- the driver ---------------------------------------------------------------------


class Fuzzer:
    def __init__(self, profile, seed):
        self.rnd = random.Random(seed)
        self.hw = build(profile, seed=seed)
        self.nvm = FuzzNvm(b"\xff" * len(self.hw.nvm), self.hw.store_options["erase_always"])
        self.hw.nvm = self.nvm          # the device's nvm, with power cuts
        self.stats = {"events": 0, "cuts": 0, "restarts": 0, "resumed": 0, "window_losses": 0,
                      "checkpoints": 0, "finished": 0, "writes": 0, "screens": set(),
                      "started": set()}
        self.expected = None            # the game bytes a power-up must offer
        self.seen = set()               # game states already decoded
        self.verified = None            # (nvm bytes, expected) last checked
        self.boot()

    def boot(self):
        """A power-up: a new App on the same nvm; checks what it offers."""
        self.hw.keys.events.clear()
        self.nvm.budget = None
        saved = stored_game(self.nvm)
        assert saved == self.expected
        self.app = App(self.hw)
        self.nvm.watch(self.app.store)
        self.app.start()
        menu = self.app.top
        offers = menu.actions[0][0] == "continue"
        assert offers == (saved is not None)
        self.last_game = None
        if offers and self.rnd.random() < 0.8:
            opened = []                 # as Continue left it, before time passes
            self.tap("A", opened)       # (device-played seats move with time)
            game, state, top, current = opened[0]
            assert state == saved
            if game.players > 1 and not self.app.table.seats.device(current) and \
                    not self.app.lone_human():      # (a lone human holds it already)
                assert type(top).__name__ == "PassScreen" and top.seat == current
            else:
                assert isinstance(top, GameScreen)
            self.stats["resumed"] += 1
            self.last_game = game

    def tap(self, name, opened=None):
        hw, app = self.hw, self.app
        hw.keys.tap(name)
        # The press, and the passes that finish what it began (NEXT_PASS:
        # an open's seats and screen), back to back as App.run does them.
        while app.poll() is not None or app.pending(app.NEXT_PASS) is not None:
            pass
        if opened is not None:
            # (the seat too: a device seat may play on in the poll below)
            opened.append((app.table.game, app.table.game.encode(), app.top, app.table.game.current))
        r = self.rnd.random()
        hw.clock.advance(20 if r < 0.8 else (1000 if r < 0.995 else 700000))
        app.poll()

    def model(self):
        """The bytes the store must hold now, from the app's game in play."""
        game = playing(self.app)
        if game is not None:
            self.last_game = game
            # (a finished game stays saved until its count is written)
            return self.last_written() if game.over else game.checkpoint()
        if self.last_game is not None and self.last_game.over:
            if self.scores_pending():
                return self.last_written()
            return None
        return self.expected

    def scores_pending(self):
        """The finished game's scores screen (``show``) or its record is
        still to come in a later pass: the store keeps the game until
        scores.record lets it go (a device seat's last step in an event's
        last pass leaves ``show`` pending)."""
        later = self.app.pending(self.app.NEXT_PASS)
        return later is not None and later[0] in (show, record)

    def last_written(self):
        """The game the store was last given in this event, if any (device
        seats may have saved a turn before the step that ended the game)."""
        last = self.expected
        for payload, completed in self.nvm.game_writes:
            if completed:
                last = split(payload)[1] if payload else None
        return last

    def event(self):
        rnd = self.rnd
        r = rnd.random()
        if r < P_RESTART:
            self.stats["restarts"] += 1
            self.boot()
        elif r < P_RESTART + P_CUT and self.nvm.budget is None:
            # The power goes after this many more flash steps (bytes programmed,
            # erases): on the PyBadge every write erases and programs 8 KB.
            self.nvm.arm(rnd.randrange(0, 1200 if self.nvm.erase_always else 300))
        x = rnd.random() * CUM_WEIGHTS[-1]
        k = 0
        while CUM_WEIGHTS[k] <= x:
            k += 1
        before = self.expected
        del self.nvm.game_writes[:]
        writes = self.app.store.stats["writes"]
        game = playing(self.app)
        state = game.encode() if game is not None else None
        try:
            self.tap(NAMES[k])
        except PowerLost:
            self.stats["cuts"] += 1
            # A power-up offers the last game the app saved completely or,
            # if the cut hit a game save, possibly that one (when the bytes
            # that did not land were equal already).
            last = before
            cut = ()
            for payload, completed in self.nvm.game_writes:
                payload = split(payload)[1] if payload else payload
                if completed:
                    last = payload
                else:
                    cut = (payload,)
            saved = stored_game(self.nvm)
            if saved != last and saved not in cut:
                # Only inside an erase window, and never silently.
                assert self.nvm.window, "resumed neither save"
                self.stats["window_losses"] += 1
                blank = bytes(self.nvm) == b"\xff" * len(self.nvm)
                assert saved is None and (blank or Store(bytearray(self.nvm)).load_game()[1]
                                          == LOST_NOTE), "a loss without a note"
            self.expected = saved
            self.boot()
            return
        self.stats["events"] += 1
        app = self.app
        assert app.last_error is None, repr(app.last_error)
        self.stats["writes"] += app.store.stats["writes"] - writes
        now = self.model()
        if now != self.expected and now is not None:
            self.stats["checkpoints"] += 1
        self.expected = now
        top = app.top
        if isinstance(top, GameScreen) and top.refused is not None and top.game is game:
            # The event ended on a refusal: the game did not change.
            assert game.encode() == state, top.refused
        game = playing(app)
        if game is not None:
            self.stats["started"].add(game.GAME_ID)
            if len(self.seen) > 2000:
                self.seen.clear()
            check_game(game, self.seen)
        elif self.last_game is not None and self.last_game.over and not self.scores_pending():
            # (finished once recorded: until then the store keeps it, and
            # the record may come in the next event's first pass)
            self.stats["finished"] += 1
            self.last_game = None
        self.stats["screens"].add(type(app.top).__name__)
        now = (bytes(self.nvm), self.expected)
        if now != self.verified:        # the nvm or the model changed
            assert stored_game(self.nvm) == self.expected
            self.verified = now


def fuzz(profile, events, seed):
    f = Fuzzer(profile, seed)
    while f.stats["events"] < events:
        f.event()
    return f.stats


@pytest.mark.parametrize("profile", PROFILES)
def test_button_storm_with_power_cuts(profile):
    stats = fuzz(profile, EVENTS_PER_PROFILE, seed=PROFILES.index(profile) + 2024)
    from dws_app.catalog import GAME_SCREENS
    games = set(row[0] for row in GAME_SCREENS)
    assert stats["started"] == games, stats
    for name in ("MenuScreen", "SetupScreen", "SettingsScreen", "HelpScreen",
                 "PassScreen", "ScoresScreen"):
        assert name in stats["screens"], (name, stats)
    assert stats["cuts"] >= 100 and stats["restarts"] >= 50 and stats["resumed"] >= 100, stats
    assert stats["finished"] >= 1 and stats["checkpoints"] >= 1000, stats


@settings(max_examples=25)
@given(seed=st.integers(0, 2 ** 32 - 1),
       profile=st.sampled_from(PROFILES),
       events=st.integers(1, 400))
def test_short_storms(seed, profile, events):
    stats = fuzz(profile, events, seed)
    assert stats["events"] == events
