"""The final screen shows how a game of rounds went (issue 52): LEFT or
RIGHT shows, under the head "by round", each player's score in each round
after their place line; they add up to their total.  Hidden at first: the
scores' open draws no more than before."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from dws_app import ui
from dws_app.lobby.records_store import load_records
from dws_app.lobby.scores import ROUNDS_HEAD, ScoresScreen, rounds_table

BY_ROUND, CHART, TOTALS = "<>:by round  A:menu", "<>:chart  A:menu", "<>:totals  A:menu"
from dws_core.cargo import Cargo
from dws_core.dicedout import DicedOut
from dws_core.stb import ShutTheBox
from sim.script import Session

PROFILES = ("pybadge", "pico_dice")


def finished(kind, players, rounds, seed):
    game = kind(players, seed=seed, options={"rounds": rounds})
    rnd = random.Random(seed)
    while not game.over:
        game.step(rnd.choice(game.legal_steps()))
    return game


def screen_of(profile, game):
    s = Session(profile, seed=3)
    records = load_records(s.app.store)[0]
    return ScoresScreen(s.app, game, game.final_scores(), game.ranking(), None, records)


@pytest.mark.parametrize("profile", PROFILES)
def test_shut_the_box_of_three_rounds_shows_each_round_on_left_or_right(profile):
    game = finished(ShutTheBox, 3, 3, seed=4)
    screen = screen_of(profile, game)
    assert screen.row_y(2) == screen.places[0].node.y      # (row 1: the rounds' head)
    assert screen.rounds == []      # (made when first shown: the open costs no more)
    assert screen.footer.shown() == BY_ROUND
    screen.on_button("RIGHT")
    assert not any(text.hidden for text in screen.rounds)
    assert screen.footer.shown() == CHART
    head = screen.rounds[-1]
    assert head.shown() == ROUNDS_HEAD and head.node.y == screen.row_y(1)
    for place, rounds in zip(screen.places, screen.rounds):
        line = place.shown() + rounds.shown()
        assert rounds.node.x == place.node.x + len(place.shown()) * ui.CW
        assert head.node.x <= rounds.node.x + 3 * ui.CW     # the head over the rounds
        total = place.shown().split()[-1]
        scores = rounds.shown().split()
        p = screen.names.index(place.shown()[2:].rsplit(" ", 1)[0].strip())
        assert [int(r) for r in scores] == game.round_scores[p]
        assert int(total) == sum(game.round_scores[p]) == game.final_scores()[p]
        assert len(line) <= ui.COLS
    screen.on_button("LEFT")
    assert all(text.hidden for text in screen.rounds) and screen.footer.shown() == BY_ROUND


def test_the_head_stands_over_the_rounds():
    game = finished(ShutTheBox, 2, 2, seed=5)
    head, parts = rounds_table(game, 8)
    assert head == ROUNDS_HEAD and len(head) <= len(parts[0]) + 2


@pytest.mark.parametrize("kind, players, rounds", [
    (ShutTheBox, 2, 1),         # one round: nothing by round
    (ShutTheBox, 2, 10),        # too many rounds for the line
    (ShutTheBox, 8, 3),         # too many players for the lines
    (Cargo, 3, 1),
])
def test_no_round_view_where_it_has_nothing_to_add_or_no_room(kind, players, rounds):
    game = finished(kind, players, rounds, seed=6)
    assert rounds_table(game, 8) is None
    screen = screen_of("pico_dice", game)
    assert screen.row_y(1) == screen.places[0].node.y and screen.rounds == []
    # (more than one round: the chart of the running totals is the other view)
    assert screen.footer.shown() == ("A:menu" if rounds == 1 else CHART)


def test_a_round_score_too_wide_falls_back_to_totals():
    game = finished(DicedOut, 2, 2, seed=7)
    game.round_scores[0][0] = 123
    assert rounds_table(game, 8) is None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([ShutTheBox, DicedOut, Cargo]), st.integers(2, 5),
       st.integers(0, 10 ** 6), st.data())
def test_every_finished_game_of_rounds_adds_up_and_fits(kind, players, seed, data):
    choices = [r for r in dict(kind.OPTIONS)["rounds"] if r > 1]
    rounds = data.draw(st.sampled_from(choices))
    game = finished(kind, players, rounds, seed)
    table = rounds_table(game, 8)
    if table is None:           # (a round scored 100 or more)
        return
    _head, parts = table
    for p, text in enumerate(parts):
        results = game.round_results(p)[:rounds]
        assert len(text) == 3 * len(results) and len("1 P8 %5d" % 0 + text) <= ui.COLS
        played = [r for r in results if r is not None]
        if game.final_scores()[p] is not None:
            assert sum(played) == game.final_scores()[p]


@pytest.mark.parametrize("players", [6, 7])
def test_news_beside_a_full_round_view_keeps_the_keys_whole(players):
    """Six or seven players' places and wins fill the rows under the
    rounds' head: "New best!" goes before that head, not into the key line
    (which the view's keys fill)."""
    game = finished(ShutTheBox, players, 3, seed=8)
    s = Session("pybadge", seed=3)
    records = load_records(s.app.store)[0]
    screen = ScoresScreen(s.app, game, game.final_scores(), game.ranking(), 0, records)
    assert screen.by_round and screen.news.shown() == "New best!"
    assert screen.news.node.y == screen.row_y(1)
    assert screen.footer.shown() == BY_ROUND
    screen.on_button("RIGHT")
    head = screen.rounds[-1]
    assert screen.news.node.x + len("New best!") * ui.CW <= head.node.x
    assert screen.footer.shown() == CHART
