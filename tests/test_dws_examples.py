"""The worked examples of ../shared/RULES.md 1.9 (rule book Ex. 3, 4 and 5)."""

from dws_core.dws import BLUE, CHECKED, EMPTY, RED, SPENT, DiceWideShut
from dws_core.notation import format_half
from dws_helpers import dice, kinds, play, position, set_dice
from tests.engine_helpers import refused as refused_reason

EX5_RED = """
xxxx.
xx.x.
xxx..
xx.x.
x.x..
"""
EX5_BLUE = """
x..xx
/////
x.xxx
x.xxx
x.xxx
"""

EX3_RED = """
x.x..
xx.xx
x.x.x
x.x..
..x..
"""

# Three players, Alice (0) to play; only the four red dice are left:
# three 3s and a 5.
EX3_DICE = dice((3, 3, 3, 5), (1, 2, 4, 4), 2)


def ex3_position(red_sixes=None):
    game = position(players=3, red=EX3_RED, red_sixes=red_sixes, values=EX3_DICE)
    game.dice_free[4:] = [False] * 5
    return DiceWideShut.decode(game.encode())


def test_ex5_board_scores_27_plus_26_is_53():
    game = position(red=EX5_RED, blue=EX5_BLUE)
    scores = game.column_scores(0)
    assert scores[:5] == [15, 10, 3, 4, -5]
    assert scores[5:] == [8, -5, 7, 8, 8]
    assert sum(scores[:5]) == 27 and sum(scores[5:]) == 26
    assert game.score(0) == 53
    assert game.boards[0].splits == 1
    assert format_half(game.boards[0].cells[BLUE]) == EX5_BLUE.strip()


def test_ex3_the_last_red_3_completes_row_2_and_splits_it():
    game = ex3_position()
    before = game.column_scores(0)
    assert before[:5] == [10, 1, 1 + 6, 1, 3]
    play(game, ("colour", RED), ("pick", 0), ("pick", 3))
    # The 3 must be marked: the only empty red 3 is in row 2.
    assert [s for s in game.legal_steps() if s[0] == "mark" and s[1] == 0] == [("mark", 0, 1, 2)]
    assert refused_reason(game, ("confirm",)) == "Mark the 3 first"
    events = play(game, ("mark", 3, 0, 4), ("mark", 0, 1, 2), ("confirm",))
    assert kinds(events)[:3] == ["marked", "marked", "split"]
    assert events[2] == ("split", 0, RED, 1)
    scores = game.column_scores(0)
    assert scores[0] == 1 + 3
    assert scores[1] == -5 and scores[3] == -5
    assert game.boards[0].splits == 1
    assert format_half(game.boards[0].cells[RED]) == "x.x.x\n/////\nx.x.x\nx.x..\n..x.."


def test_ex4_a_six_checked_earlier_protects_row_2_instead():
    game = ex3_position(red_sixes=[0, 1, 0, 0, 0])
    play(game, ("colour", RED), ("pick", 0), ("pick", 3), ("mark", 3, 0, 4))
    assert ("protect", 0, 1, 2) in game.legal_steps()
    events = play(game, ("protect", 0, 1, 2), ("confirm",))
    assert events[0] == ("protected", 0, RED, 1, 0)
    assert "split" not in kinds(events) and "unplaced" not in kinds(events)
    board = game.boards[0]
    assert board.cells[RED][1 * 5 + 2] == EMPTY and board.cells[RED][0 * 5 + 4] == CHECKED
    assert board.sixes[RED][1] == SPENT and board.splits == 0
    assert game.column_scores(0)[:5] == [10, 1, 1 + 6, 1, 6]


def test_ex4_the_spent_six_cannot_be_used_or_checked_again():
    game = ex3_position(red_sixes=[0, 1, 0, 0, 0])
    play(game, ("colour", RED), ("pick", 0), ("pick", 3), ("mark", 3, 0, 4),
         ("protect", 0, 1, 2), ("confirm",))
    # Let the other players pass, then Alice meets the same row again.
    while game.current != 0:
        game.dice_free[:] = [False] * len(game.dice_free)
        game.step(("confirm",))
    set_dice(game, dice((6, 3, 1, 1), (1, 2, 4, 4), 2))
    play(game, ("colour", RED), ("pick", 0))
    assert refused_reason(game, ("six", 0, RED, 1)) == "That 6 is spent"
    play(game, ("six", 0, RED, 2), ("confirm",))  # another 6-cell is still free
    while game.current != 0:
        game.dice_free[:] = [False] * len(game.dice_free)
        game.step(("confirm",))
    set_dice(game, dice((3, 1, 1, 1), (1, 2, 4, 4), 2))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1), ("mark", 1, 4, 0))
    assert refused_reason(game, ("protect", 0, 1, 2)) == "That 6 is spent"
    assert ("split", 0, RED, 1) in game.step(("mark", 0, 1, 2))
