"""The device's main loop (``App.run``): what it draws, collects and rests
between passes when a press opens a game in two passes (``App.defer``, NEXT_PASS)."""
import pytest

from dws_app.play.game_base import GameScreen
from dws_app.lobby.setup import SetupScreen
from sim.script import Session


class _Stop(Exception):
    pass


def loop_log(s, presses, passes, monkeypatch, log=None):
    """Run ``App.run`` for ``passes`` passes with ``presses`` tapped before
    the first; returns what happened in order: ("pass", the type of the
    screen whose group is on the display, later pending after it),
    "frame", "collect", "rest" (appended to ``log`` if given)."""
    app = s.app
    app.draw()                  # (the session drew nothing yet)
    log = [] if log is None else log
    screens = [app.top]
    poll = app.poll

    def counted():
        if sum(1 for e in log if e[0] == "pass") == passes:
            raise _Stop()
        name = poll()
        if app.top is not None and app.top not in screens:
            screens.append(app.top)
        shown = [type(scr).__name__ for scr in screens if scr.group is app.display.root_group]
        if app.display.root_group is app.blank:
            shown = ["blank"]       # nothing to draw: the panel keeps its picture
        log.append(("pass", shown[0], app.pending(app.NEXT_PASS) is not None))
        return name

    monkeypatch.setattr(app, "poll", counted)
    monkeypatch.setattr(app.display, "refresh", lambda *a, **k: log.append(("frame",)))
    monkeypatch.setattr(app, "tidy_heap", lambda: log.append(("collect",)))
    monkeypatch.setattr(s.hw, "sleep", lambda sec: log.append(("rest",)))
    for name in presses:
        s.hw.keys.tap(name)
    with pytest.raises(_Stop):
        app.run()
    return log


def test_a_game_opens_on_its_card_and_is_built_under_it(monkeypatch):
    s = Session("pico_dice", seed=1)
    s.press("A")
    assert isinstance(s.screen, SetupScreen)
    log = loop_log(s, ["A"], 3, monkeypatch)
    # The press makes the game and its start card, which is drawn (whole,
    # then the layers hidden in its first frame) and followed by the
    # collection and the rest; then the seats' pass goes straight on (no
    # frame, no collection, no rest) to the pass that builds the game's
    # screen under the card, which draws nothing new.
    assert log == [("pass", "PassScreen", True), ("frame",), ("frame",), ("collect",), ("rest",),
                   ("pass", "PassScreen", True),
                   ("pass", "PassScreen", False), ("frame",), ("collect",), ("rest",)]
    assert isinstance(s.app.stack[0], GameScreen)     # (under the card: player 1 or 2 first)


def test_device_seats_start_in_a_pass_of_their_own(monkeypatch):
    """With a device seat the seats' code and tables (``SeatPlayer.start``)
    have a pass of their own, after the card's frame, and the game's screen
    the next: together with the engine they froze the Pico for 312-352 ms
    (a Dice Wide Shut start with Strong seats; the budget is 300)."""
    from dws_app.play.seats import SeatPlayer
    s = Session("pico_dice", seed=1)
    s.press("A")
    s.screen.lineup[:2] = [0, 3]              # a guest, then Strong (its third level)
    log = []
    start = SeatPlayer.start

    def logged(seats):
        log.append(("start", type(seats.app.top).__name__))
        return start(seats)

    monkeypatch.setattr(SeatPlayer, "start", logged)
    loop_log(s, ["A"], 4, monkeypatch, log)
    assert log == [("pass", "PassScreen", True), ("frame",), ("frame",), ("collect",), ("rest",),
                   ("pass", "PassScreen", True), ("start", "PassScreen"),
                   ("pass", "PassScreen", True),
                   # a lone human's card goes on by itself: the game's frame
                   ("pass", "DwsScreen", False), ("frame",), ("frame",), ("collect",), ("rest",)]
    assert s.app.table.seats.levels == [None, "strong"] and not s.app.table.seats.starting
    assert isinstance(s.app.stack[0], GameScreen)


def test_a_human_only_game_has_no_seats_start():
    """Without a device seat ``start`` does nothing (the tables come at the
    first hint) and the screen is built in the pass after the press."""
    s = Session("pico_dice", seed=1)
    s.press("A")
    s.press("A")
    assert s.app.table.seats.levels == [None, None]
    assert not s.app.table.seats.start()
    assert s.app.table.seats.lookup is not None       # (looked up at the first hint)


def test_a_press_is_drawn_collected_and_rested_after(monkeypatch):
    s = Session("pico_dice", seed=1)
    s.press("A")
    log = loop_log(s, ["DOWN"], 1, monkeypatch)
    assert log == [("pass", "SetupScreen", False), ("frame",), ("collect",), ("rest",)]


@pytest.mark.parametrize("phase", ["AFTER_PRESS", "NEXT_PASS"])
def test_a_second_deferral_in_a_phase_is_refused_and_the_first_kept(phase):
    """Issue 54: ``defer`` never puts a later entry in a pending one's place
    (a step silently lost); it refuses, naming the pending entry."""
    s = Session("pico_dice", seed=2)
    app = s.app
    done = []
    which = getattr(app, phase)
    app.defer(which, done.append, "first")
    with pytest.raises(RuntimeError, match="deferred twice"):
        app.defer(which, done.append, "second")
    assert app.pending(which) == (done.append, "first")
    app._run(which)
    assert done == ["first"] and app.pending(which) is None
    app.defer(which, done.append, "third")      # (free again once it ran)
    assert app.pending(which) == (done.append, "third")
