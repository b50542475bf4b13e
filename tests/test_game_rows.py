"""A new game is its rows, its screen and its help files (issues 30, 54):
Pig (tests/pig.py), registered through ``dws_core.games.GAMES`` and
``dws_app.catalog.GAME_SCREENS`` alone, is offered by the menu, set up with
a device seat by the buttons, played, saved and continued after a power-up,
and counted in the records; its hand-over shows its engine's lines and its
help its files (tests/data/docs/rules/, not the product's docs/rules/)."""

import os

import pytest

import pig
from dws_app import catalog
from dws_app.app import App
from dws_app.lobby.menu import MenuScreen
from dws_app.lobby.records import RecordsScreen, recorded_games
from dws_app.lobby.records_store import load_records
from dws_app.lobby.scores import ScoresScreen
from dws_app.store import Store
from dws_app import levels as levels_mod
from dws_core import bots, games
from sim.script import Session
from test_app_bots import setup_by_buttons

# Pig's help files (docs/rules/pig.txt and pig-keys.txt) are under this
# folder, which the tests put on sys.path: the help finds a game's files
# beside the running code, then under sys.path (``dws_app.drive.find``).
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


@pytest.fixture
def with_pig(monkeypatch):
    monkeypatch.setattr(games, "GAMES", games.GAMES + (pig.ROW,))
    monkeypatch.setattr(catalog, "GAME_SCREENS", catalog.GAME_SCREENS + (pig.SCREEN_ROW,))
    monkeypatch.syspath_prepend(DATA)
    bots._last[0] = None
    yield
    bots._last[0] = None


def play(s, until):
    """The human (P1) rolls with A and banks with DOWN at 8 points or more;
    the device seat plays on its own; until ``until(game)``."""
    game = s.app.table.game
    for _ in range(3000):
        if s.app.table is None or until(game):    # (None: the scores let it go)
            return game
        game = s.app.table.game
        top = s.screen
        assert s.app.last_error is None
        if type(top).__name__ == "PassScreen" or top.back is not None:
            s.press("A")
        elif game.current == 0:
            s.press("DOWN" if game.points >= 8 else "A")
        else:
            s.wait(200)
    raise AssertionError("the game did not get there")


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_pig_plays_saves_continues_and_counts_through_its_rows(with_pig, profile):
    s = Session(profile, seed=5)
    assert "Pig" in s.screen.menu.items
    assert (pig.GAME_ID, "Pig") in recorded_games()
    game = setup_by_buttons(s, pig.GAME_ID, (None, "bold"))
    assert isinstance(game, pig.Pig) and isinstance(s.app.stack[0], pig.PigScreen)
    # Until the device seat has banked, with the game going on.
    game = play(s, lambda g: g.totals[1] and not g.over and g.current == 0)
    assert s.app.table.seats.thinks > 0
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    meta, data = levels_mod.split(saved)
    assert list(meta) == [0, 2] and data == game.checkpoint()

    # Power-up on the same nvm: the menu offers it, Continue brings it back.
    app = App(s.hw)
    app.start()
    s = Session.around(app, s.hw)
    assert isinstance(s.screen, MenuScreen)
    assert s.screen.menu.items[0] == "Continue Pig"
    s.press("A")
    assert app.table.seats.levels == [None, "bold"] and app.table.game.encode() == data

    game = play(s, lambda g: g.over)
    assert game.over and isinstance(s.screen, ScoresScreen)
    s.wait(100)                   # (the records are written in the next pass)
    played, best, _shut = load_records(app.store)[0].game(pig.GAME_ID)
    assert played == 1 and best == game.totals[0]     # (the device seat's is no best)
    assert not app.store.has_game()
    s.press("A")
    menu = s.screen
    assert isinstance(menu, MenuScreen) and menu.menu.items[0] == "Dice Wide Shut"
    s.press(*["DOWN"] * menu.menu.items.index("Records"), "A")
    assert isinstance(s.screen, RecordsScreen)


def test_a_game_row_without_a_bot_module_offers_no_device_seat(with_pig, monkeypatch):
    row = pig.ROW[:4] + (None, (), False, False, None)
    monkeypatch.setattr(games, "GAMES", games.GAMES[:-1] + (row,))
    assert bots.levels(pig.GAME_ID) == () and levels_mod.level_names(pig.GAME_ID) == ()
    assert (pig.GAME_ID, "Pig") not in recorded_games()
    game = pig.Pig(2, seed=1)
    with pytest.raises(ValueError):
        bots.bot_turn(game, "bold", None)


# ----- its words: the hand-over's lines, the option words, the help --------------

def pig_help(name):
    with open(os.path.join(DATA, "docs", "rules", name)) as f:
        return f.read()


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_pig_s_hand_over_shows_its_engine_s_lines(with_pig, profile):
    s = Session(profile, seed=5)
    game = setup_by_buttons(s, pig.GAME_ID, (None, None))
    for _ in range(200):
        if type(s.screen).__name__ == "PassScreen" and game.totals[0] and not game.over:
            break
        s.press("A" if type(s.screen).__name__ == "PassScreen" or game.points < 6 else "DOWN")
    assert type(s.screen).__name__ == "PassScreen"
    info = s.screen.info.shown().split("\n")
    assert [line.strip() for line in info] == [
        "Total so far %d" % game.totals[game.current], "First to %d wins" % pig.TARGET]


def test_an_engine_s_option_words_are_the_setup_s(with_pig, monkeypatch):
    """An option whose identifier does not say it in words takes its
    engine's ``OPTION_WORDS`` (its name and values) in the setup."""
    from dws_app.lobby.setup import SetupScreen
    monkeypatch.setattr(pig.Pig, "OPTIONS", (("bank_at", ("low", 10)),), raising=False)
    monkeypatch.setattr(pig.Pig, "OPTION_WORDS", {"bank_at": "Banks", "low": "at 5"},
                        raising=False)
    s = Session("pybadge", seed=1)
    setup = SetupScreen(s.app, pig.GAME_ID)
    assert setup.row_text("bank_at") == "Banks" + " " * 8 + "     <at 5>"
    setup.options["bank_at"] = 10
    assert setup.row_text("bank_at") == "Banks" + " " * 8 + "       <10>"


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_select_in_a_pig_game_shows_its_help_files(with_pig, profile):
    """Its buttons' pages, then its rules, from tests/data/docs/rules/: the
    product's docs/rules/ (what ``make flash`` copies and indexes in
    pages.idx) holds no page of Pig."""
    from test_help import pages_of
    from tools.flash.plan import DEVICE_TREE
    assert not os.path.exists(os.path.join(os.path.dirname(DATA), "..", "docs", "rules", "pig.txt"))
    assert not [source for source, _slot in DEVICE_TREE if source.startswith("tests")]
    s = Session(profile, seed=5)
    setup_by_buttons(s, pig.GAME_ID, (None, "bold"))
    for _ in range(4):                  # (a hint first, then the help)
        if type(s.screen).__name__ != "HelpScreen":
            s.press("SELECT")
    help_screen = s.screen
    assert type(help_screen).__name__ == "HelpScreen"
    pages = pages_of(pig_help("pig-keys.txt")) + pages_of(pig_help("pig.txt"))
    assert help_screen.pages == len(pages)
    for k, page in enumerate(pages):
        assert help_screen.shown() == page
        assert help_screen.title.shown().strip() == ("Help: Pig" if k < 2 else "Rules: Pig")
        s.press("RIGHT")
    s.press("B")
    assert isinstance(s.screen, pig.PigScreen)


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_pig_s_texts_fit_and_use_no_shorthand(with_pig, monkeypatch, profile):
    """As tests/test_app_texts.py walks the product's: its help files, its
    setup and help, and a game of presses at random."""
    from test_app_texts import Cut, shorthands, storm, walk_setup
    from test_help import pages_of
    for name in ("pig-keys.txt", "pig.txt"):
        for page in pages_of(pig_help(name)):
            assert len(page) <= 8, (name, page)
            for line in page:
                assert len(line) <= 26 and not shorthands(line), (name, line)
    cut = Cut(monkeypatch)
    cut.where = "setup/help of Pig"
    walk_setup(Session(profile, seed=4), pig.GAME_ID)
    for players, seats in ((2, None), (3, [None, "bold", None])):
        cut.where = "Pig, %d players, seats %s" % (players, seats)
        storm(profile, pig.GAME_ID, players, 400, players, seats)
    cut.check()


# ----- the tables' row: each game's table module ------------------------------

@pytest.mark.parametrize("row", catalog.GAME_SCREENS, ids=lambda row: str(row[0]))
def test_a_game_with_table_files_names_their_module_in_its_row(row):
    """A game whose device seats read table files (its bot module's
    ``TABLE_LEVELS``, Dice Wide Shut's column tables) names the module that
    looks them up, with the contract the seats use; the modules it keeps
    let go of their tables on ``clear_cache``."""
    import importlib
    gid, _module, _cls, tables = row
    bot = bots._module(gid)
    has_files = bool(getattr(bot, "TABLE_LEVELS", ()))
    assert (tables is not None) == has_files, row
    if tables is None:
        return
    assert tables.startswith("dws_app.play.tables_")   # (forgotten with the game)
    mod = importlib.import_module(tables)
    assert callable(mod.find) and mod.AT_START in (True, False) and mod.CACHES
    for name in mod.CACHES:
        assert callable(importlib.import_module(name).clear_cache)


def test_a_new_game_drops_only_the_tables_of_other_kinds_of_game(monkeypatch):
    """``memory.drop_tables(keep)``: every imported core module's tables but
    the kept ones' go."""
    from dws_app import memory
    from dws_core import bot_cargo, bot_dicedout, stb_solver
    dropped = []
    for mod in (bot_cargo, bot_dicedout, stb_solver):
        monkeypatch.setattr(mod, "clear_cache", lambda name=mod.__name__: dropped.append(name))
    memory.drop_tables(("dws_core.stb_solver",))
    assert "dws_core.stb_solver" not in dropped
    assert {"dws_core.bot_cargo", "dws_core.bot_dicedout"} <= set(dropped)
    del dropped[:]
    memory.drop_tables()
    assert {"dws_core.bot_cargo", "dws_core.bot_dicedout", "dws_core.stb_solver"} <= set(dropped)


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_a_sixth_game_with_continue_scrolls_the_menu_and_every_choice_opens(with_pig, profile):
    """With Pig and a game to continue the menu has nine choices on its
    eight lines: it scrolls, says so with ^ and v, and every choice stays
    in reach of the buttons (issue 54)."""
    s = Session(profile, seed=5)
    setup_by_buttons(s, pig.GAME_ID, (None, "bold"))
    play(s, lambda g: g.totals[0] or g.totals[1])      # a checkpoint saved
    s.press("START")
    menu = s.screen
    assert isinstance(menu, MenuScreen)
    items = menu.menu.items
    assert items[0] == "Continue Pig" and items[-2:] == ["Records", "Settings"]
    assert len(items) == 9 and "Pig" in items
    rows = menu.menu.rows
    shown = [line.shown() for line in menu.menu.lines]
    assert shown == items[:rows] and menu.menu.below.shown() == "v"
    assert menu.menu.above.shown() == ""
    for k in range(1, len(items)):
        s.press("DOWN")
        m = menu.menu
        assert m.index == k
        on_screen = [line.shown() for line in m.lines]
        assert items[k] in on_screen                    # the choice is visible
        assert on_screen == items[m.top:m.top + rows]
        assert m.above.shown() == ("^" if m.top else "")
        assert m.below.shown() == ("v" if m.top + rows < len(items) else "")
    assert m.lines[rows - 1].shown() == "Settings" and m.above.shown() == "^"
    s.press("A")
    assert type(s.screen).__name__ == "SettingsScreen"
    s.press("B")
    s.press("DOWN")                                      # round to the top again
    assert s.screen.menu.index == 0 and s.screen.menu.lines[0].shown() == "Continue Pig"
