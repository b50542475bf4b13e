"""Dice Wide Shut's Strong seat weighs the end of the game (issue 33): a take
that fills a third column of a half ends the game after the round, and
ending it behind loses it.  The positions are the issue's, by their
``encode()`` hex, with the dice as they stand."""

import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.dws_win import goes_on
from dws_core import bot_dws, bots
from dws_core.dws import DiceWideShut
from dws_core.dws_columns import build
from dws_core.rng import Rng

# Round 19, player 0 to start it: 72 against 93.  The old Strong took a blue
# 3+3 for +18 that filled its third blue column and lost 90-93.
BEHIND_IN_ROUND_19 = (
    "0101c93ed8c5020000000000000100030006000a000f0000000100030007000a000f0013"
    "008583868384868300000000411445111541145515045455100140415055515451055154"
    "551550500000")
# Round 17, player 0 the last of the round: 78 against 85.  The old Strong
# filled its third red column (83-85, lost); two red 1s that no empty cell
# takes keep the game going.
LAST_OF_ROUND_17 = (
    "0101d9366257020000000000000100030006000a000f0000000100030007000a000f0011"
    "018183810403818500000000505515451545444411144451500000551545451545514455"
    "144505000000")

# Round 19, player 1 the last of the round: 86 against 85.  The old Strong
# marked the purple 3 in red row 3 for +3, after which the row's last open
# cell (red 2, column 2's run of five: +9) could only be marked as a split.
# Rollouts (every seat the old Strong, 400 each, same dice): that mark wins
# 0.305 (0.261-0.349), the red 6 by any row 0.636-0.650.
BLOCKS_A_RUN_OF_FIVE = (
    "0101c93ed8c5020100000000000100030006000a000f0000000100030007000a000f0013"
    "000503868384868300000000551445150541545505415454050000551454155454140545"
    "515454500000")

# Round 45, player 0 the last of the round, 53 against 101 (bench.dws_win's
# game 410927).  Every take but one fills a third blue column: the blue 2
# spent on row 2's 6 and the blue 1 in row 1's fifth cell, which is not
# among the 1's two best cells, where the Strong seat tries a pair's dice.
ONLY_A_THIRD_CELL_GOES_ON = (
    "0101213dd21a020000010000000100030006000a000f0000000100030007000a000f002d"
    "018304028281828200000000551541545551450552aaaaaaa959555154555154155504551545"
    "515aa96a")


def game_at(data):
    game = DiceWideShut.decode(bytes.fromhex(data))
    build(game.run_points)
    return game


def after(game, steps):
    for s in steps:
        game.step(s)
    return game


def test_old_strong_ended_both_games_behind():
    """The reference (``race=False``) still does what the issue saw."""
    for data in (BEHIND_IN_ROUND_19, LAST_OF_ROUND_17):
        game = game_at(data)
        done = after(game_at(data), bot_dws.turn(game, "strong", Rng(1), race=False))
        assert done.ending


def test_strong_does_not_end_the_game_behind_in_round_19():
    game = game_at(BEHIND_IN_ROUND_19)
    assert (game.score(0), game.score(1)) == (72, 93)
    done = after(game_at(BEHIND_IN_ROUND_19), bots.bot_turn(game, "strong", Rng(1)))
    assert not done.ending


def test_strong_keeps_the_game_going_as_the_last_player_behind():
    game = game_at(LAST_OF_ROUND_17)
    assert (game.score(0), game.score(1)) == (78, 85)
    steps = bots.bot_turn(game, "strong", Rng(1))
    done = after(game_at(LAST_OF_ROUND_17), steps)
    assert not done.over and done.round == 18
    assert [s for s in steps if s[0] in ("mark", "protect")] == []   # the unmarkable 1s
    assert sorted(game.dice_value[s[1]] for s in steps if s[0] == "pick") == [1, 1]


def test_strong_keeps_an_open_cell_that_a_split_alone_would_fill():
    game = game_at(BLOCKS_A_RUN_OF_FIVE)
    assert (game.current, game.score(0), game.score(1)) == (1, 85, 86)
    old = after(game_at(BLOCKS_A_RUN_OF_FIVE),
                bot_dws.turn(game, "strong", Rng(1), race=False))
    assert old.boards[1].row_checks(0, 2) == 4      # (the reference still blocks it)
    for steps in (bots.bot_turn(game, "strong", Rng(1)), bots.hint(game_at(BLOCKS_A_RUN_OF_FIVE))[0]):
        done = after(game_at(BLOCKS_A_RUN_OF_FIVE), steps)
        assert done.boards[1].row_checks(0, 2) == 3
        assert done.boards[1].sixes != game.boards[1].sixes    # it took the red 6


def test_strong_tries_every_cell_when_every_take_it_scored_loses():
    game = game_at(ONLY_A_THIRD_CELL_GOES_ON)
    assert (game.current, game.score(0), game.score(1)) == (0, 53, 101)
    assert goes_on(game_at(ONLY_A_THIRD_CELL_GOES_ON))
    for steps in (bots.bot_turn(game, "strong", Rng(1)), bots.hint(game_at(ONLY_A_THIRD_CELL_GOES_ON))[0]):
        done = after(game_at(ONLY_A_THIRD_CELL_GOES_ON), steps)
        assert not done.ending and not done.over
        assert ("mark", 4, 0, 4) in steps


def test_strong_reads_the_columns_at_its_own_pace():
    """Strong (issue 33) counts more of the turns left's dice as filling
    open cells than Strong before it (``race=False``, the benchmarks'
    reference), and a checked 6 as a point, not a point and a half: the
    two differ in the fill level of the same position, never Normal's."""
    from dws_core import dws_columns
    assert dws_columns.FILL_FACTOR > dws_columns.FILL_BEFORE
    assert (dws_columns.SIX_VALUE, dws_columns.SIX_BEFORE) == (dws_columns.UNIT, dws_columns.UNIT * 3 // 2)
    game = DiceWideShut(2, seed=4)
    build(game.run_points)
    new, old, normal = (bot_dws._Eval(game, True), bot_dws._Eval(game, True, False),
                        bot_dws._Eval(game, False))
    assert new.k > old.k > 0 == normal.k
    assert (new.six, old.six, normal.six) == (dws_columns.SIX_VALUE, dws_columns.SIX_BEFORE, 0)
    nearest = dws_columns._nearest_end(game)
    assert dws_columns._fill_level(game, 0, nearest) == new.k
    assert dws_columns._fill_level(game, 0, nearest, None, dws_columns.FILL_BEFORE) == old.k


def test_the_hint_agrees_and_says_why():
    """The hint plays Strong's turn and, where the turn that scores most
    would end the game behind, says so."""
    for data, words in ((BEHIND_IN_ROUND_19, "Take red 3+purple 3: ending now loses"),
                        (LAST_OF_ROUND_17, "Take red 1+1: ending now loses")):
        steps, text = bots.hint(game_at(data))
        assert not after(game_at(data), steps).ending
        assert text == words


def test_no_reason_where_the_end_changes_nothing():
    game = DiceWideShut(2, seed=5)
    build(game.run_points)
    _steps, text = bots.hint(game)
    assert text and ":" not in text


def in_reach_behind(game):
    """Is the current player the last of the round, behind, with marks that
    could end the game this turn?"""
    p = game.current
    race = bot_dws._Eval(game, True).race
    return ((p + 1) % game.players == game.start_player and race is not None
            and game.score(p) < max(game.score(q) for q in range(game.players) if q != p))


@st.composite
def last_turn_of_a_round(draw):
    """The first position of a game of Normal seats (from a seeded start)
    where the last player of a round is behind and could end the game."""
    players = draw(st.integers(2, 3))    # (bot_dws.RACE_PLAYERS)
    game = DiceWideShut(players, seed=draw(st.integers(1, 10 ** 6)))
    build(game.run_points)
    rng = Rng(draw(st.integers(0, 10 ** 6)))
    while not game.over and not in_reach_behind(game):
        for s in bot_dws.turn(game, "normal", rng):
            game.step(s)
    return game


@settings(max_examples=60, deadline=None)
@given(last_turn_of_a_round())
def test_strong_never_ends_a_game_it_loses_when_it_could_go_on(game):
    """As the last player of a round, Strong ends the game behind only when
    every whole turn open to it ends the game."""
    if game.over:
        return
    build(game.run_points)
    p = game.current
    data = game.encode()
    done = after(DiceWideShut.decode(data), bots.bot_turn(game, "strong", Rng(1)))
    if done.over and p not in done.ranking()[0]:
        assert not goes_on(DiceWideShut.decode(data))


# On the board Python frames live in a fixed pystack (2,048 bytes on
# CircuitPython 10): the whole suite's `continue` plan ran out of it when
# Strong's race called one function deeper than this, 13 frames of dws_core
# below ``bots.bot_turn`` (the app's four above it).
MAX_CORE_FRAMES = 12


def core_depth(decide):
    """The most dws_core frames on the stack at once while ``decide`` runs."""
    deepest = [0]

    def profile(frame, event, _arg):
        if event == "call" and "dws_core" in frame.f_code.co_filename:
            depth = 0
            while frame is not None:
                depth += "dws_core" in frame.f_code.co_filename
                frame = frame.f_back
            deepest[0] = max(deepest[0], depth)

    sys.setprofile(profile)
    try:
        decide()
    finally:
        sys.setprofile(None)
    return deepest[0]


def test_strongs_calls_stay_within_the_boards_python_stack():
    depths = [core_depth(lambda: bots.bot_turn(game_at(data), "strong", Rng(1)))
              for data in (BEHIND_IN_ROUND_19, LAST_OF_ROUND_17, BLOCKS_A_RUN_OF_FIVE)]
    for seed in (2, 3):             # 3 players, late rounds: the race's deepest calls
        game = DiceWideShut(3, seed=seed)
        build(game.run_points)
        rng = Rng(seed)
        while not game.over:
            if game.round >= 14:
                depths.append(core_depth(lambda: bots.bot_turn(game, "strong", Rng(7))))
            for step in bots.bot_turn(game, "normal", rng):
                game.step(step)
    # (the probe reaches the race's others, the deepest calls, and no deeper)
    assert MAX_CORE_FRAMES - 1 <= max(depths) <= MAX_CORE_FRAMES
