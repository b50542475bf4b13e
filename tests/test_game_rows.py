"""A new game is two rows (issue 30): Pig (tests/pig.py), registered through
``dws_core.games.GAMES`` and ``dws_app.catalog.GAME_SCREENS`` alone, is
offered by the menu, set up with a device seat by the buttons, played, saved
and continued after a power-up, and counted in the records."""

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


@pytest.fixture
def with_pig(monkeypatch):
    monkeypatch.setattr(games, "GAMES", games.GAMES + (pig.ROW,))
    monkeypatch.setattr(catalog, "GAME_SCREENS", catalog.GAME_SCREENS + (pig.SCREEN_ROW,))
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
