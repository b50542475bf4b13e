"""The final screen says why the winner won where the rules broke a tie
(issue 52): Dice Wide Shut's equal totals go to more splits (RULES.md
1.8), and the line under the places says so.  The other games break no
tie: equal best scores share the win, and no such line shows."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from dws_app import ui
from dws_app.lobby.scores import tie_note
from dws_core.dws import BLUE, CHECKED, DiceWideShut, RED
from dws_core.games import GAMES, ID, TIE, game_class
from sim.script import Session
from test_app_final_rounds import screen_of

PROFILES = ("pybadge", "pico_dice")


def tied_by_splits(players, splits):
    """A Dice Wide Shut game whose boards all have the same checks (so the
    same total), with ``splits[p]`` splits each."""
    g = DiceWideShut(players, seed=5)
    for p in range(players):
        board = g.boards[p]
        for half in (RED, BLUE):
            for col in range(5):
                board.cells[half][col] = CHECKED
        board.splits = splits[p]
    return g


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_more_splits_breaking_a_tie_is_said_under_the_places(profile, players):
    splits = [0] * players
    splits[players - 1] = 2            # the last seat wins the tie
    g = tied_by_splits(players, splits)
    total = g.score(0)
    assert g.ranking()[0] == [players - 1]
    screen = screen_of(profile, g)
    assert screen.title.shown() == "Player %d wins!" % players
    assert screen.tie.shown() == "Tied at %d: more splits" % total
    assert screen.tie.node.y == screen.row_y(1 + players)     # the row after the places
    assert screen.tie.node.x == screen.places[0].node.x
    if screen.tally:                    # (the tally follows it)
        assert screen.tally[0].node.y == screen.row_y(2 + players)


@pytest.mark.parametrize("profile", PROFILES)
def test_equal_totals_and_splits_share_the_win_with_no_tie_line(profile):
    g = tied_by_splits(3, [1, 1, 0])
    assert g.ranking()[0] == [0, 1]
    screen = screen_of(profile, g)
    assert screen.tie is None


def test_a_won_game_without_a_tie_has_no_tie_line():
    g = tied_by_splits(2, [0, 0])
    g.boards[1].cells[RED][0] = 0       # one check fewer: P1 ahead on the total
    assert g.score(0) > g.score(1)
    assert screen_of("pico_dice", g).tie is None


def test_the_longest_tie_line_fits_the_screen():
    assert len(tie_note([-250, -250], [[0], [1]], "more splits")) <= ui.COLS


def finished(game_id, players, seed):
    cls = game_class(game_id)
    options = {"rounds": 2} if "rounds" in dict(cls.OPTIONS) else {}
    game = cls(players, seed=seed, options=options)
    rnd = random.Random(seed)
    for _ in range(5000):
        if game.over:
            break
        game.step(rnd.choice(game.legal_steps()))
    return game


RULED = [r[ID] for r in GAMES if r[ID] != 5]     # (the free roller never ends)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULED), st.integers(2, 5), st.integers(0, 10 ** 6))
def test_only_a_game_whose_rules_break_ties_has_a_lone_winner_on_an_equal_score(game_id, players, seed):
    """A game with no ``TIE`` words ranks by the score alone: a lone winner
    never has the runner-up's score, so no line shows; where a line shows,
    the engine's ranking put the winner first on an equal score."""
    game = finished(game_id, players, seed)
    assert game.over
    scores, ranking = game.final_scores(), game.ranking()
    words = [r[TIE] for r in GAMES if r[ID] == game_id][0]
    note = tie_note(scores, ranking, words)
    if words is None:
        assert note is None
        if len(ranking) > 1 and len(ranking[0]) == 1 and scores[ranking[0][0]] is not None:
            assert scores[ranking[0][0]] != scores[ranking[1][0]]
    elif note is not None:
        winner, runner_up = ranking[0][0], ranking[1][0]
        assert scores[winner] == scores[runner_up]
        assert game.boards[winner].splits > game.boards[runner_up].splits


def test_the_new_best_is_the_best_counted_score_first_of_equals():
    from dws_app.lobby.scores import best_seat
    assert best_seat([12, None, 30, 30], low_wins=False) == 2
    assert best_seat([12, None, 30, 30], low_wins=True) == 0
    assert best_seat([None, 5, 3, 3], low_wins=True) == 2
    assert best_seat([None, None], low_wins=False) is None


@pytest.mark.parametrize("profile", PROFILES)
def test_a_first_game_says_whose_score_is_the_new_best(profile):
    """The first game counted sets the best: its line names the seat and
    the score, in the seat's colour (device seats set none)."""
    from dws_app.lobby.scores import final
    from dws_app import theme
    s = Session(profile, seed=3)
    g = tied_by_splits(2, [0, 1])
    g.boards[0].cells[RED][0] = 0        # P2 ahead
    g.over = True
    final(s.app, g)
    while s.app.pending(s.app.NEXT_PASS) is not None:
        s.app._run(s.app.NEXT_PASS)
    screen = s.screen
    assert type(screen).__name__ == "ScoresScreen"
    assert screen.news.shown() == "New best: Player 2 %d" % g.score(1)
    assert screen.news.color == theme.player_colour(1)
