"""The app's own code on the heap: the import heap during a Dice Wide Shut game
with device-played seats stays under a threshold (MicroPython, deterministic,
via bench.app_heap), the between-game screens are forgotten while a game is in
play, and forgetting them frees their code under MicroPython."""

import os
import sys

import pytest

from bench.app_heap import DWS_GAME, IN_GAME, measure
from dws_app import app as app_mod
from dws_app.play.game_base import GameScreen
from sim.play import dws_step, finish_interludes
from sim.script import Session

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")

# Measured 95,600 bytes under MicroPython (.py; 76,608 from .mpy): a new
# game is four places (issue 54): each game's hand-over lines are its
# engine's ``turn_lines()``, no longer every game's functions in the pass
# screen's module (-624, -784 from .mpy); the option words are the
# engine's (+0, +16); the core modules a game lets go are every one but
# those that outlast it (``memory.play_modules``, +272, +256).  Before,
# 95,952 (.py; 77,120 from .mpy).  Before that, 95,984 (.py; 77,248): Dice
# Wide Shut keeps each player's total by round (issue 52, the final
# screen's chart: ``dws_core.dws_totals``, imported at the first round's
# end and now in the set; reading them is ``dws_core.dws_running``,
# imported by the final screen only), paid for by code of the run's
# start and end that a game had on its heap for nothing: the presses
# carried into a new interpreter (``lobby.carry``), the run's first screen
# (``lobby.resume.start``), the first menu's modules brought ahead
# (``lobby.menu.bring_ahead``), a lone human's start card let go
# (``play.opening.let_card_go``).  In the engine's module itself (.py
# sources compile there) the totals were +672 (+736) and left cp10_py's
# first game's screen no room to compile.  Before, 95,280 bytes (.py;
# 77,232 from .mpy): the game's screen is built in ``play.opening`` (built by the app for a while,
# +464 from .mpy, lean_mpy's evening ran out of memory again in a Strong
# seat's decision; the .py evening's failure to compile Shut the Box's
# screen went with that screen's own account code).  Before, 95,248 (.py;
# 77,248 from .mpy): the code that makes the app's state as a
# run starts went to the lobby (``lobby.resume.start_up``, forgotten while
# a game is played): -704 (-800); the set now names the buttons', LEDs' and
# sound's modules, which that code imports.  Before, 95,952 bytes (.py;
# 78,048 from .mpy): the
# account of every device turn (issue 52: each game's words for a turn,
# the look back's entry and the seats' line under the next turn; Dice
# Wide Shut's sum of points went), the final screen's rule fields kept
# from the game's row (``App.ending``) and the menu after START without
# the resume code came to 96,864 (78,928), which a Strong seat's decision
# in the PyBadge-sized heap less 24 KB did not survive (lean_mpy's
# evening); the game's opening (seats, their start, the screen) then went
# to a module of its own, forgotten once the screen is built
# (``dws_app.play.opening``): -912 (-880).  Before, 95,840 (.py; 77,888).
# Before, 94,848 bytes under MicroPython (.py; 77,168 from .mpy): the
# module of Dice Wide Shut's other players and end of game is imported only
# by games of 1-3 players, what a Strong seat of any game needs of it (a
# die's gain, the nearest end) went to dws_core.dws_columns: -2,128
# (-1,184).  The limit is 96,000.  Before, 96,976 bytes (.py; 78,352 from .mpy): Dice Wide
# Shut's other players and end of game in a module of their own (dws_core.bot_dws_race,
# and the column arithmetic in dws_core.dws_columns), so that from .py
# sources no module compiles in a heap the Pico does not have (cp10_py's
# evening died in MemoryError importing bot_dws): +1,040 (+544), under a
# limit of 98,000.  Before, 95,936 bytes (.py; 77,808 from .mpy) with the
# three changes below (+6,064 on 89,872; +4,752 from .mpy, the board's
# form).  The hand-back to a lone human without a pass
# screen and Dice Wide Shut's summary of the device turns (issue 32): +560
# on their own.  Dice Wide Shut's Strong seat weighs the end
# of the game (issue 33) and its decisions were made leaner for the board's
# think budget (issue 31): 91,440 (.py; 74,592 from .mpy) on their own.
# The dice: 92,240 bytes under MicroPython (.py; 74,592 from .mpy): the dice
# drawn as sprites (issue 32) brought dws_app.dice_art (the Die class and the
# sheet's loader, whose adafruit_imageload is forgotten once the sheet is
# read at power-up): +2,368 (+1,328 from .mpy, the board's form) on 89,872
# (73,264 from .mpy, measured the same day).  Not counted here: the
# sheet's Bitmap (864 bytes of pixels at 2 bits) and the dice's display
# objects, one TileGrid and a 4-colour Palette a die where a padded digit
# box had a Group, two TileGrids and a 2-colour Palette.
# Before: 89,872 bytes under MicroPython (.py; 73,056 from .mpy): an import
# graph without cycles (issue 30) put the nvm format (dws_app.store_format)
# and the games offered (dws_app.catalog) in modules of their own and the
# memory policy in one (dws_app.memory, with the bots' tables let go there):
# +1,776 (+1,040 from .mpy) on 88,096, which the never-built tables had
# brought down (the board: 53,952 bytes free at the lowest of a Dice Wide
# Shut game with 5 device seats on cp10_mpy, 35,568 in the short evening on
# badge_mpy).  Before, 88,224 bytes under MicroPython (.py; 72,400 from .mpy): the memory
# policy's module (dws_app.memory) and Dice Wide Shut's column tables as a
# module of their own (dws_core.dws_columns, for the .py compile peak) came
# with issue 29 (85,968 before).  The board paid for them and more: the
# setup's display objects are let go before a game's modules are compiled,
# and a Dice Wide Shut game with five Strong seats bottomed at 47,440 bytes
# free on cp10_mpy (43,568 before).  85,968 before that, 85,664 before the seats
# found DicedOut's table as Shut the Box's and dropped other games' tables;
# 84,000 after the menu list and the desktop
# glyph sheet moved out of ui.py; 85,200 before; the collections around imports
# and after a press's frame paid for by moving the button help out of the game
# screens; 85,008 before them; 106,032 while the screens drew
# text with adafruit_display_text's bitmap_label, before the log-structured
# store, hints from mid-turn positions and the other players' boards; 83,536
# before the drive claim for the spare file (now the cover), the sliced column tables and the
# board suite's nvm / think / pass figures).  On the board (make test-board,
# CircuitPython 10.2.1, .mpy) a Dice Wide Shut game leaves about 52 KB free
# against the 40 KB budget, and Shut the Box with 12 tiles (not measured
# here) about 42 KB (bench-board.json): new game-time code has to be paid
# for (the limit left 1 KB when it was set).
IN_GAME_LIMIT = 96000


def test_in_game_import_heap_stays_under_the_threshold():
    assert measure(IN_GAME) < IN_GAME_LIMIT


def test_records_code_is_not_imported_by_the_game_time_store():
    """The in-game set never pulls the records code in by itself."""
    assert measure(IN_GAME + ("dws_app.lobby.records_store",)) > measure(IN_GAME) + 1500


def test_forgetting_the_between_game_screens_frees_their_code():
    """What stays after forgetting is their interned names (qstrs), which the
    interpreter never frees; their code and tables go."""
    session = measure(DWS_GAME)
    forgotten = measure(DWS_GAME, lobby_modules())
    assert forgotten < session - 6000
    assert forgotten > measure(IN_GAME)


def lobby_modules():
    """Every module ``memory.LOBBY`` names, from the folders."""
    from dws_app.memory import LOBBY
    names = []
    for prefix in LOBBY:
        folder = os.path.join(LIB, *prefix.split("."))
        if os.path.isdir(folder):
            names += [prefix] + [prefix + "." + f[:-3] for f in sorted(os.listdir(folder))
                                 if f.endswith(".py") and f != "__init__.py"]
        else:
            names.append(prefix)
    return names


def loaded():
    """The lobby's modules imported now (the package aside), in no order."""
    return sorted(name for name in lobby_modules()[1:] if name in sys.modules)


def start_from_setup(s):
    """The setup on screen started from its "Start game" row; the game's
    screen once the start's interludes are past."""
    setup = s.screen
    while setup.rows[setup.menu.index] != "start":
        s.press("DOWN")
    s.press("A")
    return finish_interludes(s)


def test_a_game_runs_without_the_between_game_screens(forgetting):
    """Menu -> help -> setup -> game: the game's start forgets the menu, setup
    and help; help opened in the game is forgotten when it closes; START
    brings the menu back (imported again) with Continue, which resumes."""
    s = Session("pybadge", seed=4)
    s.app.forgets = True
    assert type(s.screen).__name__ == "MenuScreen"
    assert s.screen.menu.items[0] == "Dice Wide Shut"
    s.press("SELECT")
    assert type(s.screen).__name__ == "HelpScreen"
    s.press("B")
    s.press("A")
    assert type(s.screen).__name__ == "SetupScreen"
    screen = start_from_setup(s)
    assert isinstance(screen, GameScreen) and s.app.stack == [screen]
    assert loaded() == []
    game = s.app.table.game
    s.press("SELECT")               # hint, then help
    s.press("SELECT")
    assert type(s.screen).__name__ == "HelpScreen" and "dws_app.lobby.help" in loaded()
    s.press("B")
    assert s.screen is screen and loaded() == []
    s.press("START")
    assert type(s.screen).__name__ == "MenuScreen"
    # the menu (its widgets and the list of games) asks for the saved game
    assert loaded() == sorted(["dws_app.lobby.menu", "dws_app.lobby.resume", "dws_app.lobby.widgets",
                               "dws_core.games"])
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    s.press("A")
    assert isinstance(finish_interludes(s), GameScreen)
    assert s.app.table.game.encode() == game.encode() and loaded() == []
    assert s.app.last_error is None


def test_the_first_menu_brings_the_setup_and_the_players_list(forgetting):
    """An interpreter's first menu imports the setup's and the players'
    list's modules and the engines' base (``menu.AHEAD``): their opens do
    not wait for them (on the Pico ~50 and 25 ms); not the help's, whose
    interned names cost a game against a device seat 8 KB on the Pico.  A
    start lets the screens' code go with the lobby."""
    from dws_app.memory import forget
    forget(lobby_modules()[1:] + ["dws_core.engine"])
    s = Session("pybadge", seed=4)
    s.app.forgets = True
    assert {"dws_app.lobby.setup", "dws_app.lobby.players_store"} <= set(loaded())
    assert "dws_app.lobby.help" not in loaded()
    assert "dws_core.engine" in sys.modules
    s.press("A")
    assert type(s.screen).__name__ == "SetupScreen"
    assert isinstance(start_from_setup(s), GameScreen) and loaded() == []


def test_the_menu_after_start_lets_the_game_go_when_a_new_interpreter_follows(forgetting):
    """START from a game with device seats, on the board (a new interpreter
    draws the menu again, ``App.menu_again``): the game's play code and its
    seats' tables go before the menu is built, as after its scores; the
    new interpreter would start without them anyway."""
    s = Session("pybadge", seed=4)
    s.app.forgets = True
    s.app.fresh = lambda: None          # (the board's code.py starts afresh)
    from dws_app.lobby.setup import start_game
    start_game(s.app, 1, 3, None, seed=9, seats=[None, "strong", "normal"])
    finish_interludes(s)
    dws_columns = sys.modules["dws_core.dws_columns"]     # (the game's, imported with it)
    assert dws_columns._cache and "dws_app.play.game_dws" in sys.modules
    s.press("START")
    assert type(s.screen).__name__ == "MenuScreen" and s.app.menu_again
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    assert [name for name in sys.modules
            if name.startswith(("dws_app.play.", "dws_core.bot", "dws_app.drive"))] == []
    assert not dws_columns._cache
    assert "dws_app.play" in sys.modules and "dws_app.levels" in sys.modules   # (kept)


def test_a_new_game_over_a_saved_one_lets_the_seat_player_go(forgetting):
    """With a game to continue the menu loads the seat player's code (for
    Continue); a new game's setup lets it go, and it comes back with the
    game: under the setup and its help it held heap for nothing."""
    s = Session("pybadge", seed=4)
    s.app.forgets = True
    s.press("A")
    start_from_setup(s)
    s.press("START")
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    assert "dws_app.play.seats" in sys.modules
    s.press("DOWN", "A")
    assert type(s.screen).__name__ == "SetupScreen"
    assert "dws_app.play.seats" not in sys.modules


def test_the_menu_after_a_game_leaves_the_seat_players_code_to_the_next_interpreter():
    """The menu offering a saved game brings the seat player's code with it
    (Continue does not wait for it), but not the menu after a game, which a
    new interpreter draws again (``App.menu_again``; 45-90 ms of that open
    on the Pico)."""
    from dws_app.lobby.resume import saved_game
    s = Session("pico_dice", seed=3)
    s.press("A")                                # a Dice Wide Shut setup
    s.press("DOWN", "DOWN", "DOWN", "A", "A")   # started, past its card
    finish_interludes(s)
    assert s.app.store.has_game()
    kept = sys.modules.get("dws_app.play.seats")
    try:
        for again, imported in ((True, False), (False, True)):
            sys.modules.pop("dws_app.play.seats", None)
            s.app.menu_again = again
            assert saved_game(s.app)[0] == "Dice Wide Shut"
            assert ("dws_app.play.seats" in sys.modules) == imported
    finally:
        sys.modules["dws_app.play.seats"] = kept       # (one copy of its classes)
        sys.modules["dws_app.play"].seats = kept


def test_the_first_menu_brings_its_ahead_modules_after_its_frame_one_a_pass(forgetting):
    """A new interpreter's menu is drawn before ``menu.AHEAD``'s modules
    come (they delayed its frame, and a press made meanwhile, ~100 ms on
    the Pico), then one module per pass while no key waits; a key waiting
    goes first, and a screen opened meanwhile stops them."""
    from dws_app.lobby.menu import AHEAD
    from dws_app.memory import forget
    from sim.hw import build
    from dws_app.app import App
    forget(lobby_modules()[1:] + ["dws_core.engine"])
    hw = build("pico_dice", seed=3)
    app = App(hw)
    app.forgets = True
    app.start()
    assert not set(AHEAD) & set(sys.modules)        # none before the first frame
    app.poll()
    assert not set(AHEAD) & set(sys.modules)        # nor before it is drawn
    app.draw()
    hw.keys.tap("DOWN")
    app.poll()                                      # the key first
    assert app.top.menu.index == 1
    assert not set(AHEAD) & set(sys.modules)
    for k, name in enumerate(AHEAD):
        app.poll()
        assert [m for m in AHEAD if m in sys.modules] == list(AHEAD[:k + 1])
    assert app.ahead_due is False
    forget(lobby_modules()[1:] + ["dws_core.engine"])
    app2 = App(hw)
    app2.forgets = True
    app2.start()
    app2.draw()
    hw.keys.tap("A")                                # a setup opens before any came
    app2.poll()
    assert type(app2.top).__name__ == "SetupScreen"
    app2.poll()
    assert app2.ahead_due is False


def test_the_line_up_comes_ahead_only_where_continue_is_offered():
    """The line-up's module (the seats' names Continue needs) comes ahead
    only with a Continue: its names would stay interned for the whole run
    (a Shut the Box game against a device seat had 8 KB less free on the
    Pico when the interpreter's table of names grew by a block)."""
    from dws_app.lobby.menu import AHEAD, CONTINUE_AHEAD
    from dws_app.lobby.setup import start_game
    s = Session("pico_dice", seed=4)
    assert s.app.top.ahead == AHEAD and "dws_app.lobby.lineup" not in AHEAD
    start_game(s.app, 2, 2, None, seed=2, seats=[None, "strong"])
    finish_interludes(s)
    s.press("START")                    # the game stays saved: Continue
    assert s.app.top.menu.items[0].startswith("Continue")
    assert s.app.top.ahead == AHEAD + CONTINUE_AHEAD == AHEAD + ("dws_app.lobby.lineup",)


@pytest.mark.parametrize("seats", ([None, "strong", "normal"], ["strong", "normal", "strong"]))
def test_a_game_with_no_hand_over_ahead_keeps_the_pass_screen_out(forgetting, seats):
    """A lone human against device seats, or device seats alone: the start
    card's module goes with the card (``play.opening.let_card_go``), and no turn
    brings it back (the hand-over's lines are asked only where a pass
    screen shows: asked at every turn, its 2.3 KB came back for the game)."""
    from dws_app.lobby.setup import start_game
    s = Session("pybadge", seed=5)
    s.app.forgets = True
    sys.modules.pop("dws_app.play.pass_screen", None)   # (as the card left it; the fixture puts it back)
    start_game(s.app, 1, 3, None, seed=9, seats=seats)
    screen = finish_interludes(s)
    assert isinstance(screen, GameScreen)
    assert "dws_app.play.pass_screen" not in sys.modules
    rounds = screen.game.round
    for _ in range(400):                    # device turns, and the human's own
        if screen.game.round > rounds + 1:
            break
        if seats[0] is None and not s.app.table.seats.device(screen.game.current):
            if screen.waits_for_a():
                s.press("A")
            game = screen.game
            steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
            dws_step(s, (steps or game.legal_steps())[0])
            finish_interludes(s)
        s.wait(300)
    assert screen.game.round > rounds + 1
    assert "dws_app.play.pass_screen" not in sys.modules


# What ``memory.PLAY`` named before issue 54: the core modules a game loads
# whose names do not begin dws_core.bot, each added by hand.
OLD_PLAY = ("dws_app.play", "dws_app.drive", "dws_core.bot", "dws_core.dws_columns",
            "dws_core.stb_solver", "dws_core.cargo_chase")
# Core modules the app never imports (the desktop's tools and tests: the
# events' layout, the steps' notation): the old list kept them, the new
# rule lets them go.
DESKTOP_ONLY = ("dws_core.events", "dws_core.notation")


def test_a_game_s_core_modules_are_let_go_without_a_list_of_them():
    """``memory.play_modules``: every core module a game loaded but the
    base, the list of games, what the final screen reads and the engines
    (a module that imports ``Engine``): the same as the names the list
    held, for every module of the core."""
    import importlib
    from dws_app.memory import imported, play_modules
    from dws_core.games import GAMES
    core = os.path.join(os.path.dirname(LIB), "dws_core")
    for f in os.listdir(core):
        if f.endswith(".py") and f != "__init__.py":
            importlib.import_module("dws_core." + f[:-3])
    new, old = set(play_modules()), set(imported(OLD_PLAY))
    assert new ^ old == set(DESKTOP_ONLY)
    assert not {row[1] for row in GAMES} & new             # (the engines stay)
    lib = [os.path.join(d, f) for d, _s, fs in os.walk(LIB) for f in fs if f.endswith(".py")]
    for path in lib:                                        # (never on the board)
        with open(path) as f:
            text = f.read()
        assert not [name for name in DESKTOP_ONLY if name in text], path


@pytest.mark.parametrize("gid", [1, 2, 3, 4, 5])
def test_a_game_lets_go_of_the_modules_the_old_list_did(forgetting, monkeypatch, gid):
    """A game of device seats at their strongest, to its scores and the
    menu after (a new interpreter follows, ``App.menu_again``), lets go of
    the same modules at the same moments as the list of names did."""
    from dws_app import memory
    from dws_app.levels import level_names
    from dws_app.lobby.setup import start_game
    memory.forget(DESKTOP_ONLY)         # (as on the board; the fixture puts them back)
    let_go = []
    play_modules = memory.play_modules

    def checked():
        names = play_modules()
        assert sorted(names) == sorted(memory.imported(OLD_PLAY))
        let_go.append(names)
        return names
    monkeypatch.setattr(app_mod, "play_modules", checked)
    s = Session("pybadge", seed=4)
    s.app.forgets = True
    s.app.fresh = lambda: None          # (the board's code.py starts afresh)
    levels = level_names(gid)
    if levels:
        start_game(s.app, gid, 2, None, seed=3, seats=[levels[-1]] * 2)
        for _ in range(4000):
            if type(s.screen).__name__ == "ScoresScreen":
                break
            s.wait(200)
        assert type(s.screen).__name__ == "ScoresScreen"
        assert [n for n in let_go[0] if n.startswith("dws_core.bot")]
        s.press("A")
    else:
        start_game(s.app, gid, 1, None, seed=3)
        finish_interludes(s)
        s.press("A")
        s.wait(3000)                    # (the roll)
        s.press("START")
    assert type(s.screen).__name__ == "MenuScreen" and s.app.menu_again
    assert len(let_go) == (2 if levels else 1)
