"""Shut the Box's solver tables solved in the background of the main loop:
made unsolved when a game starts or is continued, SLICE_STATES states a
pass (states counted, not time), found solved by the hint and the device
seats; a hint or a device turn asked for too early waits ("Thinking...")
while the screen keeps running.  All of it on a drive without the table
files (``no_table_files``): with them, nothing is solved on the device
(tests/test_drive_tables.py)."""

import os
import subprocess

import pytest

import dws_app.app as app_mod

from dws_app import seats as seats_mod
from dws_app.game_stb import StbScreen
from dws_app.help import HelpScreen
from dws_app.scores import ScoresScreen
from dws_core import bot_stb
from dws_core import stb_solver as S
from dws_core.stb import ROLL, SELECT, tiles_of
from sim.play_stb import settle
from sim.script import Session
from test_app_bots import run_unattended

pytestmark = pytest.mark.usefixtures("no_table_files")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def states_left():
    """States still unsolved in every table the solver's cache holds."""
    return sum(t.left() for t in S._CACHE)


def watch(s):
    """Count the states each main-loop pass solves (any solve during a pass,
    a whole table at once included, shows up here) and the progress lines."""
    record = []
    notes = set()
    poll = s.app.poll

    def counted():
        before = states_left()
        name = poll()
        record.append(before - states_left())
        screen = s.app.top
        for line in (getattr(screen, "msg1", None), getattr(screen, "msg2", None)):
            if line is not None and "thinking" in line.shown().lower():
                notes.add(line.shown())
        return name

    s.app.poll = counted
    return record, notes


def passes_until(s, done, limit=5000):
    n = 0
    while not done():
        assert n < limit, "the background solve stalled"
        s.hw.clock.advance(20)
        s.app.poll()
        n += 1
        assert s.app.last_error is None
    return n


def looked_up(s):
    """The tables of the game just started: the opening pass looked up none
    (the solver's import and tables wait for the pass after its frame), the
    next pass looks them up and solves nothing."""
    seats = s.app.seats
    assert seats.tables == [] and seats.lookup and seats.solving()
    assert "Thinking... 100%" not in (getattr(s.app.top, "msg2", None) or s.app.top.header).shown()
    s.hw.clock.advance(20)
    s.app.poll()
    assert not seats.lookup
    return seats.tables


def fresh(game, objective):
    return S.Solver(game.tiles, game.one_die, objective)


def pct(value, scale):
    n = (value * 2000 + scale) // (2 * scale)
    return "%d.%d%%" % (n // 10, n % 10)


def slices(tiles):
    return -(-((1 << tiles) - 1) // S.SLICE_STATES)


@pytest.mark.parametrize("tiles", (9, 12))
def test_tables_solve_a_slice_per_pass(tiles):
    S.clear_cache()
    s = Session("pybadge", seed=5)
    record, _ = watch(s)
    s.app.start_game(2, 2, {"tiles": tiles}, seed=11)
    game = s.app.game
    seats = s.app.seats
    tables = list(looked_up(s))
    assert record == [-2 * ((1 << tiles) - 1)]     # that pass: two unsolved tables
    del record[:]
    assert [t.objective for t in tables] == ["shut", "score"]   # human seats: the hint's two
    for t in tables:
        assert not t.done and t.left() == (1 << tiles) - 1
        assert t is game.solver(t.objective, solve=False) and t in S._CACHE
    passes_until(s, lambda: not seats.solving())
    assert max(record) <= S.SLICE_STATES
    assert sum(record) == 2 * ((1 << tiles) - 1)
    assert len([n for n in record if n]) == 2 * slices(tiles)   # one slice a pass
    for t in tables:
        assert t.done and t is game.solver(t.objective)
        assert t.values == fresh(game, t.objective).values
    assert isinstance(settle(s), StbScreen)


def test_a_pass_that_answers_a_press_solves_nothing():
    """The press is drawn at once; the slice waits for the next pass."""
    S.clear_cache()
    s = Session("pico_dice", seed=3)
    s.app.start_game(2, 1, {"tiles": 12}, seed=32)
    screen = settle(s)
    assert s.app.seats.solving()
    pressed = []
    poll = s.app.poll

    def counted():
        before = states_left()
        name = poll()
        if name is not None:
            pressed.append((name, before - states_left()))
        return name

    s.app.poll = counted
    s.press("RIGHT", "LEFT", "A", "RIGHT")
    assert s.screen is screen and s.app.seats.solving()
    assert [p[0] for p in pressed] == ["RIGHT", "LEFT", "A", "RIGHT"]
    assert all(n == 0 for _, n in pressed), pressed
    before = states_left()
    s.hw.clock.advance(20)
    s.app.poll()                                   # a pass without a press solves
    assert before - states_left() == S.SLICE_STATES


def test_a_key_queued_during_a_slice_ends_it():
    """The slice looks at the key queue every SLICE_STEP states: a tap that
    comes while it solves waits for those, not for the whole slice."""
    S.clear_cache()
    s = Session("pico_dice", seed=3)
    s.app.start_game(2, 1, {"tiles": 12}, seed=32)
    screen = settle(s)
    if s.app.seats.lookup:
        looked_up(s)
    table = [t for t in s.app.seats.tables if not t.done][0]
    calls = []
    advance = table.advance

    def tapped_during(count):
        calls.append(count)
        if len(calls) == 1:
            s.hw.keys.send("RIGHT")             # the tap lands while this step solves
        return advance(count)

    table.advance = tapped_during
    before = states_left()
    s.hw.clock.advance(20)
    assert s.app.poll() is None                  # a pass that solves (no key yet)
    assert calls == [seats_mod.SLICE_STEP]
    assert before - states_left() == seats_mod.SLICE_STEP < S.SLICE_STATES
    assert s.app.poll() == "RIGHT" and s.screen is screen
    s.hw.keys.send("RIGHT", False)
    s.hw.clock.advance(20)
    s.app.poll()                                 # nothing queued: a whole slice again
    assert calls[1:] == [seats_mod.SLICE_STEP] * (S.SLICE_STATES // seats_mod.SLICE_STEP)


@pytest.mark.parametrize("tiles", (9, 12))
def test_early_hint_waits_then_equals_the_solved_best_move(tiles):
    S.clear_cache()
    s = Session("pico_dice", seed=3)
    record, notes = watch(s)
    s.app.start_game(2, 1, {"tiles": tiles}, seed=20 + tiles)
    game = s.app.game
    screen = settle(s)
    assert game.phase == ROLL
    s.press("A")                                   # two dice
    screen = settle(s)
    assert game.phase == SELECT and s.app.seats.solving()
    before = game.encode()
    s.press("SELECT")
    assert screen.msg1.shown().startswith("Hint: thinking... ")
    assert screen.msg2.shown() == "SELECT again: help"
    waited = passes_until(s, lambda: not screen.msg1.shown().startswith("Hint: thinking"))
    assert waited > 10 and not s.app.seats.solving()
    assert game.encode() == before and s.screen is screen
    assert max(record) <= S.SLICE_STATES              # never a whole table at once
    assert len(notes) > 1                             # the percentage moved on
    mask = game.boxes[0]
    total = game.target(0)
    shut = fresh(game, "shut")
    score = fresh(game, "score")
    best = shut.best_set(mask, total)
    assert best
    shown = screen.msg1.shown() + " " + screen.msg2.shown()
    names = "+".join(str(t) for t in tiles_of(best))
    assert shown.startswith("Hint: Shut %s: %s shut" % (names, pct(shut.value(mask & ~best),
                                                                      shut.scale)))
    assert screen.cursor == tiles_of(best)[0] - 1     # pointing at its first tile
    steps, _text = bot_stb.hint(game)
    assert [st[1] for st in steps if st[0] == "shut"] == tiles_of(best)
    assert score.values == game.solver("score").values
    for step in steps:
        seats_mod.apply(screen, step)
        assert screen.refused is None
    assert game.boxes[0] == mask & ~best or game.over


def test_a_button_drops_an_early_hint_and_select_again_opens_help():
    S.clear_cache()
    s = Session("pybadge", seed=4)
    s.app.start_game(2, 1, {"tiles": 12}, seed=7)
    game = s.app.game
    screen = settle(s)
    s.press("A")
    screen = settle(s)
    assert game.phase == SELECT
    s.press("SELECT")
    assert s.app.seats.hint_wanted
    cursor = screen.cursor
    s.press("LEFT")                                # plays on: no hint later
    assert not s.app.seats.hint_wanted and screen.cursor != cursor
    assert not screen.msg1.shown().startswith("Hint")
    passes_until(s, lambda: not s.app.seats.solving())
    assert not screen.msg1.shown().startswith("Hint")
    S.clear_cache()
    s = Session("pybadge", seed=4)
    s.app.start_game(2, 1, {"tiles": 12}, seed=7)
    screen = settle(s)
    s.press("SELECT", "SELECT")
    assert isinstance(s.screen, HelpScreen) and not s.app.seats.hint_wanted
    s.press("B")
    assert s.screen is screen
    passes_until(s, lambda: not s.app.seats.solving())
    assert not screen.msg1.shown().startswith("Hint")
    s.press("SELECT")                              # solved by now: at once
    assert screen.msg1.shown().startswith("Hint: P(shut)")


def test_all_device_12_tiles_waits_for_its_tables_and_runs_to_the_scores(monkeypatch):
    S.clear_cache()
    decisions = []
    turn = bot_stb.turn

    def checked(game, level, rng):
        if level != "easy":
            assert game.solver(level, solve=False).done   # never a whole solve in a turn
        decisions.append(level)
        return turn(game, level, rng)

    monkeypatch.setattr(bot_stb, "turn", checked)
    s = Session("pybadge", seed=12)
    record, notes = watch(s)
    s.app.start_game(2, 3, {"tiles": 12}, seed=12, seats=["score", "easy", "shut"])
    seats = s.app.seats
    assert [t.objective for t in looked_up(s)] == ["score", "shut"]   # no human: no hint's
    assert not any(t.done for t in seats.tables)
    game = run_unattended(s, monkeypatch)
    assert isinstance(s.screen, ScoresScreen) and game.over
    assert max(record) <= S.SLICE_STATES
    assert [n for n in notes if n.startswith("Thinking... ")]
    assert "score" in decisions and "shut" in decisions and "easy" in decisions
    assert not seats.solving()


def test_continue_goes_on_with_the_same_tables():
    S.clear_cache()
    s = Session("pybadge", seed=6)
    s.app.start_game(2, 1, {"tiles": 12, "mode": "together"}, seed=3)
    tables = list(looked_up(s))
    assert [t.objective for t in tables] == ["shut", "score"]  # turns mode's tables
    for _ in range(30):
        s.app.poll()
    left = tables[0].left()
    assert 0 < left < (1 << 12) - 1
    s.press("START")                               # the menu: no solving there
    assert s.app.seats is None
    for _ in range(30):
        s.app.poll()
    assert tables[0].left() == left
    s.press("A")                                   # Continue
    assert s.app.seats.tables == tables and s.app.seats.tables[0] is tables[0]
    passes_until(s, lambda: not s.app.seats.solving())
    assert tables[1].values == fresh(s.app.game, "score").values


class _Stop(Exception):
    pass


def test_the_main_loop_does_not_sleep_while_solving():
    S.clear_cache()
    s = Session("pybadge", seed=2)
    s.app.start_game(2, 1, {"tiles": 9}, seed=2)
    sleeps = []
    polls = [0]
    poll = s.app.poll

    def counted():
        polls[0] += 1
        if polls[0] > 10:
            raise _Stop()
        return poll()

    s.app.poll = counted
    s.hw.sleep = lambda sec: sleeps.append(sec)
    with pytest.raises(_Stop):
        s.app.run()
    assert sleeps == [] and s.app.seats.solving()
    s.app.poll = poll
    passes_until(s, lambda: not s.app.seats.solving())
    s.app.poll = counted
    polls[0] = 0
    with pytest.raises(_Stop):
        s.app.run()
    assert sleeps == [app_mod.LOOP_SLEEP_S] * 10


def test_cached_solver_unsolved_then_finished_in_place():
    S.clear_cache()
    t = S.solver(9, "never", "score", solve=False)
    assert not t.done and t.left() == 511
    assert S.solver(9, "never", "score", solve=False) is t
    t.advance(100)
    assert t.left() == 411
    assert S.solver(9, "never", "score") is t and t.done and t.left() == 0
    assert t.values == S.Solver(9, "never", "score").values
    S.clear_cache()


MP_SCRIPT = """
from dws_core import stb_solver as S
t = S.solver(12, "high_shut", "shut", False)
passes = 1
while not t.advance(S.SLICE_STATES):
    passes += 1
print(passes, S.solver(12, "high_shut", "shut") is t, sum(t.values) % 1000000007)
"""


def test_micropython_solves_the_same_table_in_slices(tmp_path):
    script = tmp_path / "slices.py"
    script.write_text(MP_SCRIPT)
    mp = subprocess.run(["node", os.path.join(ROOT, "tests", "mp", "run.mjs"), str(script)],
                        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert mp.returncode == 0, mp.stderr
    whole = S.Solver(12, "high_shut", "shut")
    assert mp.stdout.split() == [str(slices(12)), "True", str(sum(whole.values) % 1000000007)]


def test_the_scores_release_the_solver_tables():
    """A finished Shut the Box game drops its solver tables (8-16 KB of the
    board's heap) when its scores open."""
    from dws_core import stb_solver
    from dws_core.stb import ShutTheBox
    from sim.script import Session
    s = Session("pybadge", seed=3)
    game = ShutTheBox(1, seed=5)
    game.solver("shut")
    assert stb_solver._CACHE
    from dws_core.bots import bot_turn
    from dws_core.rng import Rng
    for _ in range(100):
        if game.over:
            break
        for step in bot_turn(game, "easy", Rng(1)):
            game.step(step)
    assert game.over
    s.app.show_scores(game)
    assert type(s.screen).__name__ == "ScoresScreen"
    assert not stb_solver._CACHE
