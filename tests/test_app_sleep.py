"""Sleep (issue 53): after the sleep setting's time without a press a board
with deep sleep (the Pico) saves the game and sleeps; the press that wakes
it starts a new run, which goes back into the game it left (the resume
path of a power cut's Continue) and does nothing more.  A board without
deep sleep (the PyBadge) goes dark and a press wakes it."""

from dws_app.app import App
from dws_app.lobby.carry import ASLEEP_IN_GAME
from dws_app.play.game_base import GameScreen
from sim.hw import build
from sim.play import finish_interludes
from sim.script import Session

SLEEP_S = 120       # the setting's shortest time


class Board:
    """The deep sleep of ``hw``: records the call (on a board it never
    returns) and what ``keep`` held then."""

    def __init__(self, hw):
        self.calls = []
        self.hw = hw
        hw.keep = bytearray(8)
        hw.deep_sleep = self.sleep

    def sleep(self):
        self.calls.append(bytes(self.hw.keep))


def game_session(profile="pico_dice"):
    s = Session(profile, seed=5)
    board = Board(s.hw)
    s.app.settings["sleep_s"] = SLEEP_S
    s.app.settings["auto_dim_s"] = 0
    from dws_app.lobby.setup import start_game
    start_game(s.app, 1, 2, None, seed=7, seats=[None, "normal"])
    finish_interludes(s)
    assert isinstance(s.screen, GameScreen)
    return s, board


def woken_app(hw):
    hw.woke = True
    app = App(hw)
    app.start()
    hw.woke = False
    return app


def test_no_press_for_the_sleep_time_saves_and_sleeps_in_the_game():
    s, board = game_session()
    s.press("RIGHT")
    saved = s.app.store.fingerprint()
    s.wait(SLEEP_S * 1000 - 200)
    assert board.calls == [] and s.app.dimmed is False
    s.wait(400)
    assert len(board.calls) == 1 and board.calls[0][0] == ASLEEP_IN_GAME
    assert s.app.dimmed == 2 and s.hw.display.brightness == 0
    assert s.app.store.fingerprint() == saved        # (the turn's checkpoint, kept)


def test_the_press_that_wakes_it_goes_back_into_the_game_and_does_nothing_more():
    s, board = game_session()
    before = s.app.table.game.encode()
    s.wait(SLEEP_S * 1000 + 200)
    assert board.calls
    s.hw.keys.tap("A")                  # the wake press, seen by the new run's keys
    app = woken_app(s.hw)
    assert isinstance(app.top, GameScreen)
    assert app.table.game.encode() == before
    assert app.poll() is None           # the wake press was not a move
    assert s.hw.keep[0] == 0            # taken: a later start is a plain one
    again = App(s.hw)
    again.start()
    assert type(again.top).__name__ == "MenuScreen"


def test_asleep_at_the_menu_it_wakes_at_the_menu():
    s = Session("pico_dice", seed=5)
    board = Board(s.hw)
    s.app.settings["sleep_s"] = SLEEP_S
    s.wait(SLEEP_S * 1000 + 200)
    assert board.calls and board.calls[0][0] == 0
    app = woken_app(s.hw)
    assert type(app.top).__name__ == "MenuScreen"


def test_without_deep_sleep_the_screen_goes_dark_and_a_press_wakes_it():
    s = Session("pybadge", seed=5)
    assert s.hw.deep_sleep is None
    s.app.settings["sleep_s"] = SLEEP_S
    s.wait(SLEEP_S * 1000 + 200)
    assert s.app.dimmed == 2 and s.hw.display.brightness == 0
    top = s.app.top
    s.press("DOWN")                     # wakes it, nothing more
    assert s.app.dimmed is False and s.hw.display.brightness > 0
    assert s.app.top is top and top.menu.index == 0


def test_the_test_key_shortens_the_sleep_time():
    s, board = game_session()
    s.app.test["sleep_s"] = 4
    s.wait(4200)
    assert len(board.calls) == 1
