"""An evening on one power-up (issue 29), in the simulator: a finished game
is let go before the menu is built and the interpreter starts afresh
behind the menu (the recorder plays the board's part), the heap log's test key
makes no collection a player's drive would not make, a MemoryError saves
the game first and Continue brings it back, and the board suite's evening
figures fail on a heap that drifts down from game to game."""

import gc
import random
import sys
import weakref

from dws_app import app as app_module
from dws_app.app import App
from dws_app.lobby.error import ErrorScreen
from dws_app.lobby.menu import MenuScreen
from dws_app.levels import failed_here, split
from dws_app.store import Store
from sim.play import dws_step, finish_interludes
from sim.script import Session
from test_app_faults import play_to_the_error_screen, texts
from tools.board import record
from tools.board.__main__ import (checkpoint_blocks, evening, games_min_free, menus_after_games,
                                  saved_games)

def test_a_finished_game_is_let_go_before_the_menu_is_built(monkeypatch):
    """Cargo to its scores against a Strong seat, then A: the menu is built
    once nothing holds the game (no handler's frame, no seats, no pass
    screen, not the display), so the game's objects are garbage by then."""
    rec = record.Recorder(5)
    rec.app.fresh = None            # (the same interpreter goes on: see the next test)
    record.setup_and_start(rec, 4, (None, "strong"), {})
    finish_interludes(rec)
    game = weakref.ref(rec.app.table.game)
    screen = weakref.ref(rec.app.top)
    record.play(rec, 4, random.Random(5))
    assert rec.screen_name == "ScoresScreen"
    held = []
    build = MenuScreen.__init__

    def spy(menu, app):
        gc.collect()
        held.append((game() is not None, screen() is not None))
        build(menu, app)
    monkeypatch.setattr(MenuScreen, "__init__", spy)
    rec.press("A")
    assert rec.screen_name == "MenuScreen"
    assert held == [(False, False)]         # already garbage when the menu began
    assert rec.app.table is None        # the game, its seats and hand-over


def test_after_a_game_the_interpreter_starts_afresh_behind_the_menu(capsys):
    """On the board the press that leaves the scores is answered by the
    menu, then a new interpreter (code.py's ``fresh``) draws the same menu
    with the heap of a power-up: the recorder plays the board's part (a new
    app on the same nvm) and counts the new run's lines in that press."""
    rec = record.Recorder(5)
    record.setup_and_start(rec, 4, (None, "strong"), {})
    record.play(rec, 4, random.Random(5))
    old = rec.app
    menu = weakref.ref(old)
    before = bytes(rec.hw.nvm.data)
    rec.press("A")
    assert rec.app is not old and rec.screen_name == "MenuScreen"
    assert rec.items[-1] == ["key", "A", 2, "fresh", 1]   # the old menu's line, the new run's
    del old
    gc.collect()
    assert menu() is None
    assert bytes(rec.hw.nvm.data) == before     # nothing written by the restart
    rec.press("DOWN")                           # the new app answers
    assert rec.app.top.menu.index == 1 and rec.items[-1][3] == "move"
    # Nor does a move or a screen opened from the menu; leaving that screen
    # does: what it imported would stay interned for the next game.
    rec.press("UP", "A")
    assert rec.items[-2][3] == "move" and rec.items[-1][3] == "open"
    opened = rec.app
    rec.press("B")
    assert rec.items[-1][3:] == ["fresh", 1] and rec.app is not opened
    assert rec.screen_name == "MenuScreen"


def test_start_mid_game_lets_the_game_go_and_continue_brings_it_back():
    s = Session("pico_dice", seed=8)
    s.press("A")
    while s.screen.rows[s.screen.menu.index] != "start":
        s.press("DOWN")
    s.press("A")
    game = finish_interludes(s).game
    state = game.checkpoint()
    ref = weakref.ref(game)
    del game
    s.press("START")
    gc.collect()
    assert type(s.screen).__name__ == "MenuScreen" and ref() is None
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    s.press("A")
    assert finish_interludes(s).game.checkpoint() == state


def scripted_session(heap_log):
    """A Dice Wide Shut game and back to the menu; the test keys as given."""
    s = Session("pico_dice", seed=3)
    s.app.test["heap_log"] = heap_log
    s.press("A", "DOWN", "DOWN", "DOWN", "A")
    rnd = random.Random(3)
    for _ in range(40):
        game = finish_interludes(s).game
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
    s.press("START", "DOWN", "A", "B")
    return s


def test_the_heap_log_key_makes_no_collection_of_its_own(forgetting, monkeypatch, capsys):
    """The board suite's heap log prints; the collections behind its lines
    are the app's on every drive (a screen shown, a checkpoint; on the
    board: ``forgetting`` makes this interpreter one)."""
    made = {}
    for heap_log in (0, 1):
        calls = []
        monkeypatch.setattr(app_module, "collect", lambda before=None: calls.append(before))
        scripted_session(heap_log)
        made[heap_log] = calls
    assert len(made[0]) > 20 and made[0] == made[1]
    assert "heap " in capsys.readouterr().out


def test_out_of_memory_in_a_game_saves_it_and_continue_brings_it_back():
    """A MemoryError inside a game: its newest checkpoint is saved even when
    the pass that reached it had not saved it yet, the error screen says
    what to do, A restarts in a new interpreter (``fresh``) and Continue
    brings the game back."""
    reloads = []
    s = Session("pico_dice", seed=6)
    s.app.fresh = lambda: reloads.append(1)
    s.press("A", "DOWN", "DOWN", "DOWN", "A")
    game = finish_interludes(s).game
    start = game.checkpoint()
    step = game.step

    def step_out_of_memory(st):
        events = step(st)
        if game.checkpoint() is not start:     # a new checkpoint, not saved yet
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        return events
    game.step = step_out_of_memory
    play_to_the_error_screen(s, game, random.Random(6))
    newest = game.checkpoint()
    assert newest is not start
    assert isinstance(s.app.top, ErrorScreen)
    shown = "\n".join(texts(s.app.top.group))
    assert "Out of memory" in shown and "Continue" in shown and "Your game is saved." in shown
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    assert failed_here(saved) and split(saved)[1] == newest    # marked: it failed here once
    assert s.app.table is None
    s.press("A")
    assert reloads == [1]                   # the board starts afresh here
    assert isinstance(s.app.top, MenuScreen)  # (the simulator goes on in the same app)
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    s.press("A")
    assert finish_interludes(s).game.checkpoint() == newest


def test_out_of_memory_again_at_the_same_checkpoint_offers_the_menu():
    """The test key save_oom makes every save of a game from its 2nd on
    (Continue's loaded checkpoint counting as the 1st) run out of memory,
    as a save that needs what the heap cannot give.  The first failure
    marks the save and offers Continue; after Continue the same failure,
    before any new checkpoint, says so and offers the menu instead, and
    the game stays as it was saved (issue 50: the restart never loops)."""
    reloads = []
    s = Session("pico_dice", seed=6)
    s.app.fresh = lambda: reloads.append(1)
    s.app.test["save_oom"] = 2
    s.press("A", "DOWN", "DOWN", "DOWN", "A")
    game = finish_interludes(s).game
    first = game.checkpoint()
    assert Store(bytearray(s.hw.nvm.data)).load_game()[0] == first      # save 1 went
    play_to_the_error_screen(s, game, random.Random(6))
    shown = "\n".join(texts(s.app.top.group))
    assert "Out of memory." in shown and "again" not in shown and "Press A to restart" in shown
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    assert failed_here(saved) and split(saved)[1] == first
    s.press("A")
    assert reloads == [1] and s.screen.menu.items[0] == "Continue Dice Wide Shut"
    s.press("A")                            # Continue: the same checkpoint, the same failure
    game = finish_interludes(s).game
    assert game.checkpoint() == first
    play_to_the_error_screen(s, game, random.Random(7))
    shown = " ".join(texts(s.app.top.group)).replace("\n", " ")
    assert "Out of memory again at the same point" in shown and "Press A for the menu" in shown
    assert "Kept as at its last save." in shown
    assert Store(bytearray(s.hw.nvm.data)).load_game()[0] == saved   # kept, as it was
    s.press("A")
    assert reloads == [1, 1] and isinstance(s.app.top, MenuScreen)
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    s.app.test.pop("save_oom")
    s.press("A")                            # with room again, the game goes on from there
    game = finish_interludes(s).game
    assert game.checkpoint() == first
    rnd = random.Random(8)
    while game.checkpoint() == first:
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
        finish_interludes(s)
    s.app.poll()
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    assert not failed_here(saved)           # a new checkpoint drops the mark


def test_any_other_error_restarts_without_a_reload():
    s = Session("pico_dice", seed=6)
    reloads = []
    s.app.fresh = lambda: reloads.append(1)
    s.app.test["fail"] = 1
    s.press("B")
    assert isinstance(s.app.top, ErrorScreen) and "Out of memory" not in "\n".join(
        texts(s.app.top.group))
    s.press("A")
    assert reloads == [] and isinstance(s.app.top, MenuScreen)


def test_an_error_before_the_menu_brought_its_modules_ahead_stays_one_error():
    """B (test key fail) pressed before the first menu's idle passes brought
    its modules ahead: the error screen is no menu, brings nothing, and stays
    up with that one error (the board looped on AttributeError once)."""
    s = Session("pico_dice", seed=6)
    s.app.fresh = lambda: None
    s.app.test["fail"] = 1
    s.app.ahead_due = 1                     # nothing brought ahead yet
    s.press("B")
    top, error = s.app.top, s.app.last_error
    assert isinstance(top, ErrorScreen) and isinstance(error, RuntimeError)
    for _ in range(5):
        s.app.poll()
    assert s.app.top is top and s.app.last_error is error and not s.app.ahead_due
    s.press("A")
    assert isinstance(s.app.top, MenuScreen)


# ----- the board suite's evening figures --------------------------------------

SERIAL = "\r\n".join((
    "heap 100000 MenuScreen 1 0 0", "block 24576 60000",
    "heap 60000 SetupScreen 2 0 0", "heap 50000 checkpoint 3 0 0",
    "heap 52000 ScoresScreen 4 0 0", "heap 90000 MenuScreen 5 0 0", "block 24576 62000",
    "heap 85000 RecordsScreen 6 0 0", "heap 89000 MenuScreen 7 0 0", "block 20480 62000",
    "heap 70000 DwsScreen 8 0 0", "heap 87000 MenuScreen 9 0 0", "block 16384 63000", ""))


def test_menus_after_games_skip_the_menus_between_screens():
    assert menus_after_games(SERIAL) == [(100000, 24576, 60000, None), (90000, 24576, 62000, None),
                                         (87000, 16384, 63000, None)]
    fresh = SERIAL.replace("heap 87000 MenuScreen 9 0 0\r\nblock 16384 63000",
                           "heap 87000 MenuScreen 9 0 0\r\nblock 16384 63000\r\n"
                           "nvm 00000000 2\r\nheap 99000 MenuScreen 1 0 0")
    # the new interpreter's free heap, the probe's figures from before it
    assert menus_after_games(fresh)[-1] == (99000, 16384, 63000, False)
    saved = fresh.replace("nvm 00000000 2", "\x1b\\nvm 1234abcd 2")
    assert menus_after_games(saved)[-1] == (99000, 16384, 63000, True)
    assert len(menus_after_games(fresh)) == 3
    assert menus_after_games("heap 5 MenuScreen 1 0 0\r\n") == [(5, None, None, None)]


def test_each_run_of_the_interpreter_is_one_game():
    serial = "\r\n".join((
        "heap 100 MenuScreen 1 0 0", "heap 60 DwsScreen 2 0 0", "heap 40 checkpoint 3 0 0",
        "heap 90 MenuScreen 4 0 0", "soft reboot", "heap 100 MenuScreen 1 0 0",
        "heap 70 SetupScreen 2 0 0", "heap 50 StbScreen 3 0 0", "heap 30 checkpoint 4 0 0",
        "soft reboot", "heap 100 MenuScreen 1 0 0", "heap 55 DwsScreen 2 0 0",
        "soft reboot", "heap 100 MenuScreen 1 0 0", "heap 80 RecordsScreen 2 0 0"))
    assert games_min_free(serial) == {"dws": 40, "stb": 30}


def run(plan, menus, min_free=50000, emu_s=400.0, ok=True, how="whole"):
    return {"plan": plan, "config": "cp10_mpy", "menus": menus, "min_free": min_free,
            "emu_s": emu_s, "ok": ok, "how": how}


def test_the_evening_fails_on_a_heap_that_drifts_down():
    bench = {}
    steady = [(100000, 24576, 6, False), (90000, 24576, 7, False), (89000, 24576, 7, False),
              (70000, 24576, 9, True), (88500, 24576, 8, False)]    # (True: Continue offered)
    assert evening([run("evening", steady)], bench) == []
    assert bench["board.evening.menu_free_bytes.cp10_mpy"] == [90000, 89000, 70000, 88500]
    assert bench["board.evening.boot_menu_free_bytes.cp10_mpy"] == 100000
    assert bench["board.evening.menu_block_bytes.cp10_mpy"] == [24576] * 4
    leak = steady + [(87000, 8192, 9, False)]
    [failure] = evening([run("evening", leak)], {})
    assert "87000" in failure["error"]


def test_a_short_storm_fails():
    assert evening([run("storm", [], emu_s=400.0)], {}) == []
    [failure] = evening([run("storm", [], emu_s=120.0)], {})
    assert "fewer than" in failure["error"]
    # (the suite's short storm, CI's time: its length is not the whole storm's)
    assert evening([run("storm", [], emu_s=60.0, how="short")], {}) == []


def test_the_evening_plans_come_back_to_the_menu(monkeypatch):
    """The plans themselves (recorded on the simulator): the short evening
    starts every game and comes back to the menu each time, and the
    storm starts every game and opens screens between games."""
    started = []
    import dws_app.lobby.setup as setup
    start_game = setup.start_game
    monkeypatch.setattr(setup, "start_game", lambda app, gid, *a, **k: (
        started.append(gid), start_game(app, gid, *a, **k)))
    [rec] = record.evening_plan(short=True)
    assert rec.screen_name == "MenuScreen"
    assert started == [1, 2, 3, 4, 5]
    shown = []
    show = App._show
    monkeypatch.setattr(App, "_show", lambda app: (shown.append(type(app.top).__name__),
                                                   show(app)))
    started[:] = []
    [storm] = record.storm_plan()
    assert storm.screen_name == "MenuScreen"
    assert sum(1 for item in storm.items if item[0] == "key") >= record.STORM_PRESSES
    assert sorted(set(started)) == [1, 2, 3, 4, 5]
    # (the evening shows the scores, the records and the settings by design)
    for screen in ("HelpScreen", "SetupScreen", "SettingsScreen", "PassScreen"):
        assert screen in shown


def test_the_probe_after_checkpoints_and_the_saves_across_runs():
    """lean_mpy's probe lines after checkpoints (not after menus), and the
    oom plan's oracle: each interpreter run's power-up store."""
    serial = "\r\n".join((
        "heap 100 MenuScreen 1 0 0", "block 24576 60000", "nvm 00000000 00000000",
        "heap 60 checkpoint 2 0 0", "block 4096 70000", "heap 50 DwsScreen 3 0 0",
        "heap 40 checkpoint 4 0 0", "block 2048 71000", "soft reboot",
        "\x1b]0;title\x1b\\nvm 1234abcd 00000000", "heap 90 MenuScreen 5 0 0", "soft reboot",
        "nvm 1234abcd 00000000", ""))
    assert checkpoint_blocks(serial) == [4096, 2048]
    assert saved_games(serial) == ["00000000", "1234abcd", "1234abcd"]
    assert saved_games("heap 1 MenuScreen 1 0 0") == [None]
