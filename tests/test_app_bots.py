"""Device-played seats and hints through the app: whole games with every seat
device-played from the setup screen to the final scores without a press, a
human playing by buttons against the device, hurrying a device turn, hints
that change nothing, and seat types kept in the save for Continue."""

import random

import pytest

from dws_app import levels as levels_mod
from dws_app.play import seats as seats_mod
from dws_app.app import App
from dws_app.lobby.resume import resumable
from dws_app.catalog import game_ids, title_of
from dws_app.play.game_base import GameScreen
from dws_app.play.game_dws import DwsScreen
from dws_app.lobby.help import HelpScreen
from dws_app.lobby.menu import MenuScreen
from dws_app.lobby.scores import ScoresScreen
from dws_app.store import Store
from dws_core import bots
from sim.play import dws_step, finish_interludes as settle, waits_for_a as held
from sim.play import choose_options_and_start, open_setup as open_game_setup, start_from_setup
from sim.script import Session
from test_app_screens import _Counter
from test_help import key_lines
from dws_app.lobby.setup import start_game
from dws_app.lobby.records_store import load_records


PROFILES = ("pybadge", "pico_dice")

# (game id, seat levels, options): every game that has both a screen and bots.
ALL_DEVICE = [
    (1, ("strong", "normal"), {}),
    (1, ("normal", "strong", "strong"), {"no_doubles": True}),
    (2, ("shut", "easy"), {}),
    (2, ("easy", "strong"), {"tiles": 10}),
    (2, ("score", "easy", "shut"), {"mode": "together", "rounds": 2}),
    (3, ("strong", "normal", "strong"), {"rounds": 2}),
    (4, ("strong", "normal"), {"hold_cargo": True, "rounds": 2}),
    (4, ("normal", "strong", "strong"), {}),
]
CASES = [c for c in ALL_DEVICE if c[0] in game_ids()]


def open_setup(s, game_id):
    return open_game_setup(s, title_of(game_id))


def setup_by_buttons(s, game_id, levels, options=None):
    """Players, seat types (LEFT/RIGHT cycle, A next seat) and options with
    the buttons, then Start."""
    setup = open_setup(s, game_id)
    while setup.players != len(levels):
        s.press("RIGHT")
    s.press("DOWN")
    assert setup.rows[setup.menu.index] == "seats"
    for p in range(len(levels)):
        assert setup.seat == p
        for _ in range(len(bots.levels(game_id)) + 1):
            if setup.seat_levels()[p] == levels[p]:
                break
            s.press("RIGHT")
        assert setup.seat_levels()[p] == levels[p]
        shown = setup.menu.lines[setup.menu.index - setup.menu.top].shown()
        word = levels_mod.level_title(levels[p]) if levels[p] else "guest"
        assert shown == "Seat %d <%s>" % (p + 1, word)
        want = "Device plays" if levels[p] else ""
        assert setup.note.shown() == want
        s.press("A")                      # the next seat
    choose_options_and_start(s, options or {})
    assert isinstance(s.app.stack[0], GameScreen)
    return s.app.table.game


def run_unattended(s, monkeypatch, limit_ms=2000000):
    """Let device time pass, no button pressed, until the final scores;
    no pass screen, no new displayio object, no dimming on the way."""
    game = s.app.table.game
    counter = _Counter(monkeypatch)
    waited = 0
    # (the pass after the scores are shown writes the records: NEXT_PASS)
    while not isinstance(s.screen, ScoresScreen) or s.app.pending(s.app.NEXT_PASS) is not None:
        assert waited < limit_ms, "the device game stalled"
        s.hw.clock.advance(50)
        s.app.poll()
        waited += 50
        assert s.app.last_error is None
        assert type(s.screen).__name__ != "PassScreen"
        assert not s.app.dimmed
        if not game.over:
            assert counter.count == 0
    return game


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("case", CASES, ids=lambda c: "%d-%s" % (c[0], "-".join(c[1])))
def test_all_device_game_runs_to_the_scores(profile, case, monkeypatch):
    gid, levels, options = case
    s = Session(profile, seed=len(levels) * 10 + gid)
    game = setup_by_buttons(s, gid, levels, options)
    seats = s.app.table.seats
    assert seats.levels == list(levels)
    game = run_unattended(s, monkeypatch)
    assert game.over
    scores = s.screen
    assert scores.game is game
    best = game.ranking()[0]
    if len(best) == 1:
        assert scores.title.shown() == scores.names[best[0]] + " wins!"
    assert not s.app.store.has_game()
    assert seats.thinks > 0 and s.app.table is None     # let go at the scores
    played, best_score, _shut = load_records(s.app.store)[0].game(gid)
    assert played == 1 and best_score is None   # device seats set no best score


def test_dws_device_turn_replays_step_by_step():
    """A device turn shows each step: the dice go one by one, the cursor
    rests on what comes next, the message names the device seat."""
    s = Session("pybadge", seed=3)
    start_game(s.app, 1, 2, None, seed=9, seats=["strong", "normal"])
    screen = s.screen
    game = screen.game
    assert isinstance(screen, DwsScreen)
    first = game.current
    s.app.poll()
    assert game.current == first
    seen_picks = []
    steps = None
    for _ in range(400):
        s.hw.clock.advance(50)
        s.app.poll()
        queue = s.app.table.seats.queue
        if steps is None and queue:
            steps = list(queue)
        if game.current != first:
            break
        if not screen.animating():
            assert screen.msg1.shown() == "%s %d's turn" % (
                ("Strong", "Normal")[first], first + 1)
            assert screen.msg2.shown() == "Any key: hurry"
            if queue and queue[0][0] == "pick":
                assert screen.die_cursor == queue[0][1]
        picked = list(game.picked)
        if picked and (not seen_picks or seen_picks[-1] != picked):
            seen_picks.append(picked)
    assert steps[-1] == ("confirm",)
    n_picks = len([st for st in steps if st[0] == "pick"])
    assert [len(p) for p in seen_picks] == list(range(1, n_picks + 1))
    assert s.screen is screen and game.current != first


@pytest.mark.parametrize("profile", PROFILES)
def test_human_plays_dws_by_buttons_against_the_device(profile):
    s = Session(profile, seed=21)
    game = setup_by_buttons(s, 1, (None, "strong"))
    rnd = random.Random(4)
    human_turns = device_turns = 0
    for _ in range(20000):
        if game.over:
            break
        top = s.screen
        if type(top).__name__ == "PassScreen":
            assert top.seat == 0              # only the human is handed the device
            s.press("A")
            continue
        if game.current == 1:                 # the device plays on its own
            before = game.checkpoint()
            s.wait(100)
            if game.checkpoint() is not before:
                device_turns += 1
            continue
        if top.back is not None:              # the device's turn, summed up: A
            s.press("A")
            continue
        if top.animating():
            s.press("B")
            continue
        legal = game.legal_steps()
        step = rnd.choice([st for st in legal if st[0] not in ("drop", "colour")] or legal)
        if step[0] == "confirm":
            human_turns += 1
        dws_step(s, step)
    assert game.over and isinstance(s.screen, ScoresScreen)
    assert human_turns > 5 and device_turns > 5
    assert s.app.last_error is None


def test_human_plays_cargo_and_the_device_result_waits_for_a():
    """A held finished device turn waits for the human who plays next; the
    human's own finished turn waits for their A too."""
    s = Session("pybadge", seed=6)
    game = setup_by_buttons(s, 4, (None, "strong"), {"rounds": 2})
    rnd = random.Random(1)
    waits = 0
    for _ in range(5000):
        if game.over and isinstance(s.screen, ScoresScreen):
            break
        top = settle(s)
        if held(top):
            if not s.app.table.seats.busy(top):
                s.wait(5000)                  # nobody presses: it stays up
                assert held(s.screen)
                waits += 1
                s.press("A")
            else:
                s.wait(100)
            continue
        if game.current == 1:
            s.wait(100)
            continue
        s.press("UP" if game.crewed() and rnd.random() < 0.4 else "A")
    assert isinstance(s.screen, ScoresScreen)
    assert waits >= 4


def test_any_key_hurries_the_device_turn():
    s = Session("pybadge", seed=2)
    start_game(s.app, 1, 2, None, seed=4, seats=[None, "strong"])
    game = s.app.table.game
    rnd = random.Random(2)
    hurried = 0
    while hurried < 4 and not game.over:
        top = settle(s)
        if game.current == 0:
            legal = game.legal_steps()
            dws_step(s, rnd.choice([st for st in legal if st[0] not in ("drop", "colour")]
                                   or legal))
            continue
        # The device's turn has begun (its first step waits); one press ends it.
        s.wait(50)
        assert isinstance(top, DwsScreen) and not game.picked
        turn = (game.current, game.round)
        board = [list(h) for h in game.boards[1].cells]
        s.press("B")                           # not an undo: a hurry
        hurried += 1
        assert (game.current, game.round) != turn
        assert not game.can_undo()             # the whole turn, confirmed
        assert [list(h) for h in game.boards[1].cells] != board
        if game.current == 0:
            assert type(s.screen).__name__ == "PassScreen"
    assert hurried == 4 and s.app.last_error is None


@pytest.mark.parametrize("gid", [g for g in (1, 2, 3, 4) if g in game_ids()])
def test_hint_changes_nothing_and_points_at_the_move(gid):
    """SELECT on human turns: the engine bytes stay equal, the message is the
    hint; SELECT again opens the help, B returns.  The human then follows
    the hint (its steps are legal) and play goes on."""
    s = Session("pybadge", seed=gid)
    start_game(s.app, gid, 2, None, seed=30 + gid)
    game = s.app.table.game
    hints = 0
    for _ in range(60):
        if game.over:
            break
        screen = settle(s)
        if held(screen):
            s.press("A")
            continue
        before = game.encode()
        steps, text = bots.hint(game)
        s.press("SELECT")
        assert game.encode() == before
        assert s.screen is screen
        assert screen.msg1.shown().startswith("Hint: ")
        if text:
            assert text[:10] in screen.msg1.shown() + " " + screen.msg2.shown()
        target = screen.target(steps)
        if gid == 1 and target[0] == "pick":
            assert screen.die_cursor == target[1]
        if gid == 2 and target[0] == "shut":
            assert screen.cursor == target[1] - 1
        if gid in (3, 4) and target[0] in ("extra", "penalise", "hold"):
            assert screen.pick == target[1]
        hints += 1
        if hints % 5 == 1:
            s.press("SELECT")
            assert isinstance(s.screen, HelpScreen)
            lines = key_lines(s.screen)
            assert [x for x in lines if "hint" in x] and "Device seats play alone;" in lines
            s.press("B")
            assert s.screen is screen and game.encode() == before
        for step in steps:
            if s.screen is not screen or game.over:
                break
            seats_mod.apply(screen, step)
            assert screen.refused is None, step
    assert hints >= 8


def test_select_opens_help_where_no_hint_exists():
    s = Session("pybadge", seed=1)
    start_game(s.app, 5, 1, None, seed=1)
    screen = settle(s)
    before = s.app.table.game.encode()
    s.press("SELECT")
    assert isinstance(s.screen, HelpScreen)
    assert not [x for x in key_lines(s.screen) if "hint" in x or "Device" in x]
    s.press("B")
    assert s.screen is screen and s.app.table.game.encode() == before


def test_seat_types_survive_save_and_continue():
    s = Session("pico_dice", seed=8)
    levels = [None, "strong", "normal"]
    game = setup_by_buttons(s, 1, tuple(levels))
    # Let the human's first turn pass by buttons, then a device turn.
    rnd = random.Random(8)
    while game.current == 0:
        settle(s)
        legal = game.legal_steps()
        dws_step(s, rnd.choice([st for st in legal if st[0] not in ("drop", "colour")] or legal))
    s.wait(3000)
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    assert saved[0] == levels_mod.META
    meta, data = levels_mod.split(saved)
    assert data == game.checkpoint() and list(meta) == [0, 3, 2]
    s.press("START")
    assert isinstance(s.screen, MenuScreen)
    assert s.screen.menu.items[0] == "Continue Dice Wide Shut"
    s.press("A")
    assert s.app.table.seats.levels == levels
    assert s.app.table.game.encode() == data
    # The continued game's device seats play on.
    game = s.app.table.game
    for _ in range(200):
        if s.app.table.seats.thinks:
            break
        top = settle(s)
        if held(top):
            s.press("A")
        elif game.current == 0:
            legal = game.legal_steps()
            dws_step(s, rnd.choice([st for st in legal if st[0] not in ("drop", "colour")] or legal))
        else:
            s.wait(500)
    assert s.app.table.seats.thinks and s.app.last_error is None
    # Power-up: a new app on the same nvm continues from its last save.
    data = levels_mod.split(Store(bytearray(s.hw.nvm.data)).load_game()[0])[1]
    app = App(s.hw)
    app.start()
    from dws_app.lobby.resume import continue_game
    continue_game(app)
    assert app.table.seats.levels == levels and app.table.game.encode() == data


def test_all_human_save_is_the_engine_bytes():
    s = Session("pybadge", seed=3)
    start_game(s.app, 1, 2, None, seed=3, seats=[None, None])
    s.app.poll()        # (the pass after the open saves it, as on the board)
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    assert saved == s.app.table.game.checkpoint()


def test_seat_header_round_trip_and_damage():
    from dws_core.dws import DiceWideShut
    game = DiceWideShut(3, seed=5)
    data = game.checkpoint()
    packed = levels_mod.pack([0, 1, 3], data)
    meta, rest = levels_mod.split(packed)
    assert rest == data and levels_mod.levels_of(meta, game) == [None, "easy", "strong"]
    assert resumable(packed)
    assert levels_mod.pack([0, 0, 0], data) == data
    # Wrong seat count, unknown level, truncated header: not resumable.
    for bad in (bytes([levels_mod.META, 2, 0, 1]) + data,
                bytes([levels_mod.META, 3, 0, 9, 1]) + data,
                bytes([levels_mod.META, 200, 1])):
        assert not resumable(bad)


def test_every_game_row_names_a_bot_module_that_plays_its_levels():
    """A row with levels names a module with turn and hint (its own, or
    the module its HINT_MODULE names) whose table levels are among them; a
    row without a module offers no level."""
    import importlib
    from dws_core.games import BOT, GAMES, LEVELS
    for r in GAMES:
        assert levels_mod.level_names(r[0]) == bots.levels(r[0]) == r[LEVELS]
        if r[BOT] is None:
            assert r[LEVELS] == ()
            continue
        mod = importlib.import_module(r[BOT])
        words = importlib.import_module(getattr(mod, "HINT_MODULE", r[BOT]))
        assert callable(mod.turn) and callable(words.hint) and r[LEVELS]
        assert set(getattr(mod, "TABLE_LEVELS", ())) <= set(r[LEVELS])


def test_human_only_game_never_loads_a_bot(monkeypatch):
    """Setup, help, play, save and Continue with human seats only: no bot
    module is imported through ``bots`` (they cost heap on the board; only
    DicedOut builds its hint's table from the start, without a bot)."""
    def no_bot(game_id):
        raise AssertionError("bot module loaded for game %d" % game_id)
    monkeypatch.setattr(bots, "_module", no_bot)
    for gid in game_ids():
        s = Session("pybadge", seed=gid)
        setup = open_setup(s, gid)
        s.press("DOWN", "RIGHT", "LEFT", "SELECT")      # seat row, help
        assert isinstance(s.screen, HelpScreen)
        s.press("B")
        start_from_setup(s)
        for _ in range(6):
            top = settle(s)
            s.press("A" if held(top) or gid != 1 else "LEFT")
        s.press("START", "A")                           # Continue
        assert s.app.table is not None and s.app.last_error is None


def test_setup_seats_in_words():
    """The seats' row says a seat and its level in words; the note says
    whether the device plays it."""
    s = Session("pybadge", seed=1)
    setup = open_setup(s, 1)
    s.press("RIGHT", "RIGHT", "RIGHT")        # 5 players
    s.press("DOWN", "A", "LEFT", "A", "RIGHT", "RIGHT")
    assert setup.menu.lines[1].shown() == "Seat 3 <normal>"
    assert setup.footer.shown() == "<>:change A:next seat"
    assert setup.note.shown() == "Device plays"
    s.press("DOWN")                           # the row and the note stay: they name the seat
    assert setup.menu.lines[1].shown() == "Seat 3 <normal>"
    assert setup.note.shown() == "Device plays"
    assert setup.footer.shown() == "<>:change A:start B:back"
    if 2 in game_ids():
        s.press("B")
        setup = open_setup(s, 2)
        while setup.players != 8:
            s.press("RIGHT")
        s.press("DOWN")
        assert setup.menu.lines[1].shown() == "Seat 1 <guest>"


@pytest.mark.parametrize("gid", [2, 3, 4])
def test_start_on_a_finished_game_records_it_before_leaving(gid):
    """The last turn's result is held until A; START there must not lose the game."""
    s = Session("pybadge", seed=41)
    level = bots.levels(gid)[1]
    game = setup_by_buttons(s, gid, [level, level], {"rounds": 1})
    while not game.over:
        s.hw.clock.advance(50)
        s.app.poll()
    assert isinstance(s.screen, GameScreen)       # the final result is on screen
    s.press("START")
    if isinstance(s.screen, GameScreen):          # that press only cut the roll short
        assert s.screen.anim_end is None
        s.press("START")
    assert isinstance(s.screen, ScoresScreen) and s.screen.game is game
    assert load_records(s.app.store)[0].game(gid)[0] == 1


def column_builds(monkeypatch):
    """Spy on ``dws_columns.build``: the list it returns gets an entry per
    build of Dice Wide Shut's column tables."""
    from dws_core import dws_columns
    builds = []
    build = dws_columns.build

    def spy(points_pair):
        builds.append(points_pair)
        return build(points_pair)
    monkeypatch.setattr(dws_columns, "build", spy)
    return builds


def units_per_call(monkeypatch, table_class):
    """Spy on ``table_class.advance``: the list it returns gets the units
    asked for added to its last entry (a test appends 0 per main-loop pass)."""
    sizes = []
    advance = table_class.advance

    def spy(self, count):
        sizes[-1] += count
        return advance(self, count)
    monkeypatch.setattr(table_class, "advance", spy)
    return sizes


def bonus_first_seed():
    """The first seed of a 2-player DicedOut game whose first roll is a
    bonus number (the roller then chooses a bonus mark)."""
    from dws_core.dicedout import EXTRA, DicedOut
    seed = 1
    while True:
        game = DicedOut(2, seed=seed)
        game.step(("roll",))
        if game.phase == EXTRA:
            return seed
        seed += 1


def seen_messages(s, passes=200):
    """Run ``passes`` main-loop passes; the game screen's message lines seen."""
    shown = set()
    for _ in range(passes):
        s.hw.clock.advance(50)
        s.app.poll()
        top = s.app.top
        if hasattr(top, "msg1"):
            shown.add((top.msg1.shown(), top.msg2.shown()))
    return shown


def test_dws_device_seats_without_the_column_file_play_normal_and_say_so(
        monkeypatch, capsys, no_table_files):
    """Without the column tables' file nothing is built: the Strong seat
    plays as Normal (the strongest level that needs no file: it scores the
    columns as they stand), its turns say so, the console says why, the
    Normal seat plays as itself, and the save keeps the levels chosen."""
    from dws_core import bot_dws
    del bot_dws._cache[:]
    builds = column_builds(monkeypatch)
    s = Session("pico_dice", seed=5)
    s.app.test["heap_log"] = 1
    start_game(s.app, 1, 2, None, seed=9, seats=["strong", "normal"])
    seats = s.app.table.seats
    assert seats.fallback == {"strong": "normal"}
    assert seats.plays(0) == "normal" and seats.levels == ["strong", "normal"]
    shown = seen_messages(s, 300)
    assert ("Strong 1 plays normal", "strong: no table file") in shown
    assert ("Normal 2's turn", "Any key: hurry") in shown
    assert builds == [] and bot_dws._cache == []
    out = capsys.readouterr().out
    assert "no table file dws-columns.dwt" in out and "\nthink 1 normal " in out
    assert "\nthink 1 strong " not in out
    levels, _data = levels_mod.split(s.app.store.load_game()[0])
    assert levels_mod.levels_of(levels, s.app.table.game) == ["strong", "normal"]


def test_normal_dws_seats_play_without_the_file(monkeypatch, no_table_files):
    """Normal scores the columns as they stand: without the file a game of
    Normal seats works out that table (``dws_columns.now_tables``) when it
    starts, before its first decision, builds nothing else, and plays on
    with nothing to say on screen."""
    from dws_core import bot_dws, dws_columns
    del bot_dws._cache[:]
    dws_columns.clear_cache()
    builds = column_builds(monkeypatch)
    s = Session("pico_dice", seed=5)
    start_game(s.app, 1, 2, None, seed=9, seats=["normal", "normal"])
    assert s.app.table.seats.fallback == {} and s.app.table.seats.thinks == 0
    assert dws_columns._now and dws_columns._now[0] == s.app.table.game.run_points
    shown = seen_messages(s, 300)
    assert s.app.table.seats.thinks >= 2 and not any("missing" in a + b for a, b in shown)
    assert builds == [] and bot_dws._cache == []


def test_a_human_only_dws_game_without_the_file_says_so_at_a_hint(monkeypatch, no_table_files):
    from dws_core import bot_dws
    del bot_dws._cache[:]
    builds = column_builds(monkeypatch)
    s = Session("pico_dice", seed=6)
    start_game(s.app, 1, 2, None, seed=9)
    settle(s)
    s.press("SELECT")
    assert s.screen.msg1.shown() == "Hint: table file missing"
    assert builds == [] and bot_dws._cache == []
    s.press("SELECT")                           # again: the help, as always
    assert type(s.app.top).__name__ == "HelpScreen"


def test_a_strong_dicedout_seat_without_its_file_plays_normal(monkeypatch, capsys, no_table_files):
    """Without its file on the drive, the Strong DicedOut seat plays as
    Normal from its first decision, the screen says so, nothing is built."""
    from dws_core import bot_dicedout
    seed = bonus_first_seed()
    bot_dicedout.clear_cache()
    sizes = units_per_call(monkeypatch, bot_dicedout.Values)
    s = Session("pico_dice", seed=5)
    s.app.test["heap_log"] = 1
    start_game(s.app, 3, 2, None, seed=seed, seats=["strong", "strong"])
    seats = s.app.table.seats
    sizes.append(0)
    shown = seen_messages(s, 100)
    assert seats.fallback == {"strong": "normal"} and not seats.lookup
    assert ("Strong 1 plays normal", "strong: no table file") in shown
    run_unattended(s, monkeypatch)
    assert s.app.table is None and bot_dicedout._cache == [] and sum(sizes) == 0
    out = capsys.readouterr().out
    assert "no table file dicedout.dwt" in out and "\nthink 3 normal " in out
    assert "\nthink 3 strong " not in out


def test_strong_dicedout_seat_reads_its_table_from_the_drive(monkeypatch):
    """With the file `make flash` writes, the table is there from the first
    pass: a bonus mark never waits ("Thinking..."), nothing is built, and the
    seat chooses what the built table chooses."""
    from dws_app import drive
    from dws_core import bot_dicedout
    from dws_core.dicedout import EXTRA, DicedOut
    seed = bonus_first_seed()
    built = bot_dicedout.Values(DicedOut._bonus_mask(DicedOut.DEFAULT_BONUS))
    built.advance(built.size)
    bot_dicedout.clear_cache()
    sizes = units_per_call(monkeypatch, bot_dicedout.Values)
    s = Session("pico_dice", seed=5)
    start_game(s.app, 3, 2, None, seed=seed, seats=["strong", "strong"])
    seats = s.app.table.seats
    g = s.app.table.game
    sizes.append(0)
    s.app.poll()
    assert not seats.lookup and seats.fallback == {}
    stored = bot_dicedout._cache[0]
    assert isinstance(stored, drive.Table) and stored.bonus_mask == built.bonus_mask
    for marks in (0, 1, 0x2AA, 0x3FE, 0x7FF):
        for rerolls in range(4):
            assert stored.value(marks, rerolls) == built.value(marks, rerolls)
    marked = 0
    for _ in range(2000):
        s.hw.clock.advance(50)
        s.app.poll()
        if g.phase == EXTRA:
            marked += 1
            assert "Thinking" not in s.app.top.msg2.shown()
        if g.round >= 1:
            break
    assert marked and sizes == [0] and seats.thinks >= 1
    run_unattended(s, monkeypatch)
    assert s.app.table is None and bot_dicedout._cache == [] and stored.file is None   # closed


def test_a_damaged_dicedout_table_file_is_refused_and_strong_plays_normal(
        monkeypatch, tmp_path, capsys):
    """A table file that is not whole is refused and said on the console; the
    Strong seats play as Normal, and the game plays to its end."""
    from dws_app import drive
    from dws_core import bot_dicedout
    from tools.tables import dicedout
    name, data = dicedout()
    bad = bytearray(data)
    bad[1000] ^= 1
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / name).write_bytes(bytes(bad))
    real = drive.find                 # (the screen's sprite sheets are found as ever)
    monkeypatch.setattr(drive, "find", lambda path: str(tmp_path) + path
                        if path.startswith("/tables/") else real(path))
    bot_dicedout.clear_cache()
    s = Session("pico_dice", seed=5)
    start_game(s.app, 3, 2, None, seed=bonus_first_seed(), seats=["strong", "strong"])
    s.app.poll()
    assert s.app.table.seats.fallback == {"strong": "normal"} and bot_dicedout._cache == []
    assert "dicedout.dwt: table file damaged" in capsys.readouterr().out
    run_unattended(s, monkeypatch)
    assert s.app.last_error is None


@pytest.mark.parametrize("levels, built", [(("normal", "normal"), False),
                                           ((None, "normal"), True),     # the hint's
                                           (("normal", "strong"), True)])
def test_a_dicedout_table_only_where_a_strong_seat_or_a_hint_needs_it(levels, built):
    from dws_core import bot_dicedout
    bot_dicedout.clear_cache()
    s = Session("pico_dice", seed=7)
    start_game(s.app, 3, 2, None, seed=9, seats=list(levels))
    s.app.poll()                # (opened in the first pass after the game's frame)
    assert bool(bot_dicedout._cache) == built


def test_a_game_of_another_kind_drops_the_tables_of_the_one_left():
    """A game left for the menu keeps its tables for Continue; a game of
    another kind drops them (on the board: up to 16 KB each)."""
    from dws_core import bot_dicedout, stb_solver
    stb_solver.clear_cache()
    bot_dicedout.clear_cache()
    s = Session("pico_dice", seed=8)
    start_game(s.app, 2, 2, None, seed=9)          # human seats: the hint's tables
    settle(s)
    for _ in range(5):
        s.hw.clock.advance(50)
        s.app.poll()
    assert stb_solver._CACHE
    s.press("START")                              # the menu: kept
    assert stb_solver._CACHE
    s.press("A")                                  # Continue: still the same
    assert stb_solver._CACHE and s.app.table.game.GAME_ID == 2
    s.press("START")
    start_game(s.app, 3, 2, None, seed=9)
    assert stb_solver._CACHE == []
    s.app.poll()
    assert bot_dicedout._cache


def test_a_dicedout_hint_without_the_file_needs_it_only_at_a_bonus_mark(no_table_files):
    from dws_core import bot_dicedout
    from dws_core.dicedout import EXTRA
    seed = bonus_first_seed()
    bot_dicedout.clear_cache()
    s = Session("pico_dice", seed=5)
    start_game(s.app, 3, 2, None, seed=seed)
    top = settle(s)
    while held(top):                   # the roll-off's result
        s.press("A")
        top = settle(s)
    s.press("SELECT")                            # a roll: no table needed
    assert top.msg1.shown() == "Hint: Roll the dice"
    s.press("A")
    top = settle(s)
    assert s.app.table.game.phase == EXTRA
    s.press("SELECT")
    assert top.msg1.shown() == "Hint: table file missing"
    assert bot_dicedout._cache == []


@pytest.mark.parametrize("gid,options", ((1, None), (2, None), (2, {"mode": "together"}),
                                         (3, None), (4, None)))
def test_one_human_gets_no_pass_screen_back_from_device_seats(gid, options):
    """One human against device seats never sees a pass screen: the device
    is in their hands (../shared/PRODUCT.md; its screen, built at the first
    hand-over, took 2 KB of the game's lowest point, issue 50); Dice Wide
    Shut's device turns end on what they scored, until A; every game's
    device turns end on the last one's account, until A (B: all of them)."""
    from dws_app.play.game_base import SUMMARY_KEYS
    from dws_app.levels import level_names
    from dws_app.play.game_base import GameScreen
    s = Session("pybadge", seed=gid)
    level = level_names(gid)[0]
    start_game(s.app, gid, 3, options, seed=7, seats=[None, level, level])
    passes = summaries = 0
    rnd = random.Random(gid)
    last = None
    for _ in range(3000):
        top = s.screen
        if type(top).__name__ == "PassScreen":
            passes += last is not top
        elif isinstance(top, GameScreen) and top.back is not None:
            summaries += last is not top.back
            assert len(top.msg1.shown()) <= 26
            assert top.msg2.shown() == SUMMARY_KEYS or options and top.msg2.shown() == "A: your turn"
            if not options:     # (together mode: the news of the roll for everyone)
                assert top.msg1.shown() == top.last_account()
                # (a device seat's name, then what it did)
                assert top.msg1.shown().split(" ")[0] in (
                    "Easy", "Normal", "Strong", "Bold", "Lowest", "Expert"), top.msg1.shown()
        if type(top).__name__ == "ScoresScreen" or (summaries >= 2 and gid == 1):
            break
        last = top.back if isinstance(top, GameScreen) and top.back is not None else top
        s.press(rnd.choice(("A", "A", "A", "LEFT", "RIGHT", "DOWN", "UP")))
        s.wait(300)
    assert passes == 0, passes
    if gid == 1 or options:     # (the others hold the device's turn: A, B looks back)
        assert summaries >= 2
