"""Shut the Box's solver tables in play: read from the drive's files by the
pass after the game's first frame, kept for Continue, let go with the
scores; never solved on the device.  Without the files the "shut" and
"score" seats play as Easy and the hint says the file is missing.  The
solver's own slices (the desktop's tools build the files with it) are
tested at the end."""

import pytest

import dws_app.app as app_mod

from bench.micropython import run_source
from dws_app import drive
from dws_core import stb_solver as S
from sim.play_stb import settle
from sim.script import Session
from test_app_bots import run_unattended
from dws_app.lobby.setup import start_game


def slices(tiles):
    return -(-((1 << tiles) - 1) // S.SLICE_STATES)


def never_solved(monkeypatch):
    """Fail the test if the app solves any state of a table."""
    def solve(self, count):
        raise AssertionError("a table was solved on the device")
    monkeypatch.setattr(S.Solver, "advance", solve)


def test_the_tables_are_read_by_the_pass_after_the_first_frame(monkeypatch):
    never_solved(monkeypatch)
    S.clear_cache()
    s = Session("pybadge", seed=6)
    start_game(s.app, 2, 2, {"tiles": 12}, seed=3, seats=[None, "shut"])
    seats = s.app.table.seats
    assert seats.lookup and S._CACHE == []     # (the opening pass looks up none)
    s.hw.clock.advance(20)
    s.app.poll()
    assert not seats.lookup and seats.fallback == {} and not seats.no_hint
    assert sorted(t.objective for t in S._CACHE) == ["score", "shut"]   # the hint's two
    assert all(isinstance(t.values, drive.Table) for t in S._CACHE)


def test_continue_goes_on_with_the_same_tables(monkeypatch):
    never_solved(monkeypatch)
    S.clear_cache()
    s = Session("pybadge", seed=6)
    start_game(s.app, 2, 1, {"tiles": 12, "mode": "together"}, seed=3)
    s.hw.clock.advance(20)
    s.app.poll()
    tables = list(S._CACHE)
    assert [t.objective for t in tables] == ["shut", "score"]  # turns mode's tables
    s.press("START")                               # the menu
    assert s.app.table is None and S._CACHE == tables
    s.press("A")                                   # Continue
    s.hw.clock.advance(20)
    s.app.poll()
    assert S._CACHE == tables and S._CACHE[0] is tables[0]


def test_without_the_files_the_seats_play_easy_and_the_hint_says_so(
        monkeypatch, capsys, no_table_files):
    never_solved(monkeypatch)
    S.clear_cache()
    s = Session("pybadge", seed=7)
    start_game(s.app, 2, 3, {"tiles": 12}, seed=5, seats=[None, "shut", "score"])
    s.hw.clock.advance(20)
    s.app.poll()
    seats = s.app.table.seats
    assert seats.fallback == {"shut": "easy", "score": "easy"} and seats.no_hint
    assert seats.levels == [None, "shut", "score"] and S._CACHE == []
    assert "no table file stb-12-" in capsys.readouterr().out
    top = settle(s)
    while s.app.table.game.current != 0 or getattr(top, "game", None) is not s.app.table.game:
        s.press("A")
        top = settle(s)
    s.press("SELECT")
    assert top.msg1.shown() == "Hint: table file missing"
    assert s.app.last_error is None and S._CACHE == []


def test_an_all_device_game_without_the_files_plays_to_its_scores(monkeypatch, no_table_files):
    never_solved(monkeypatch)
    S.clear_cache()
    s = Session("pybadge", seed=8)
    start_game(s.app, 2, 2, {"tiles": 12}, seed=4, seats=["shut", "score"])
    run_unattended(s, monkeypatch)
    assert s.app.last_error is None and S._CACHE == []


def test_the_main_loop_sleeps_every_pass():
    """Nothing is solved in the background any more: every pass rests."""
    s = Session("pybadge", seed=2)
    start_game(s.app, 2, 1, {"tiles": 9}, seed=2)
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
    assert sleeps == [app_mod.LOOP_SLEEP_S] * 10


class _Stop(Exception):
    pass


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


def test_micropython_solves_the_same_table_in_slices():
    out = run_source(MP_SCRIPT, timeout=300)
    whole = S.Solver(12, "high_shut", "shut")
    assert out.split() == [str(slices(12)), "True", str(sum(whole.values) % 1000000007)]


def test_the_scores_release_the_solver_tables():
    """A finished Shut the Box game drops its solver tables (8-16 KB of the
    board's heap) when its scores open."""
    from dws_core import stb_solver
    from dws_core.stb import ShutTheBox
    from sim.script import Session
    s = Session("pybadge", seed=3)
    game = ShutTheBox(1, seed=5)
    stb_solver.solver(game.tiles, game.one_die, "shut")
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
