"""One test per rule of ../shared/RULES.md section 1 (Dice Wide Shut).

Dice of a 2-player (or solo) game, by index: red 0-2, blue 3-5, purple 6.
"""
import pytest

from bench.budgets import BUDGETS
from dws_core.dws import (BLUE, CHECKED, CROSSED, EMPTY, PURPLE, RED, SPENT,
                          DiceWideShut, cell_value)
from dws_core.errors import DecodeError, Refused
from dws_core.notation import format_half, parse_half
from dws_helpers import dice, kinds, play, position, set_board, set_dice
from tests.engine_helpers import refused

P = 6  # the purple die's index with the 2-player dice


def finish_turn(game):
    """Play the current turn with the first legal take and marks; return events."""
    events = []
    while True:
        steps = game.legal_steps()
        if ("confirm",) in steps:
            events.extend(game.step(("confirm",)))
            return events
        moves = [s for s in steps if s[0] in ("pick", "mark", "six")]
        events.extend(game.step(moves[0] if moves else steps[0]))


# ----- 1.1 components ---------------------------------------------------------

def test_dice_counts_per_player_count():
    expected = {2: (3, 3), 3: (4, 4), 4: (5, 5), 5: (6, 6)}
    for players in sorted(expected):
        game = DiceWideShut(players)
        red, blue = expected[players]
        assert game.dice_colour == (RED,) * red + (BLUE,) * blue + (PURPLE,)
        assert len(game.dice_value) == len(game.dice_free) == red + blue + 1


def test_solo_uses_the_two_player_dice():
    assert DiceWideShut(1).dice_colour == DiceWideShut(2).dice_colour
    assert DiceWideShut(1).players == 1


def test_board_has_two_halves_of_5x5_and_ten_six_cells():
    board = DiceWideShut(2).boards[0]
    assert [len(h) for h in board.cells] == [25, 25]
    assert [len(h) for h in board.sixes] == [5, 5]
    assert board.cells[RED] == [EMPTY] * 25 and board.sixes[BLUE] == [EMPTY] * 5
    assert board.splits == 0


def test_red_rows_read_1_to_5_across_and_blue_columns_read_1_to_5_down():
    for row in range(5):
        for col in range(5):
            assert cell_value(RED, row, col) == col + 1
            assert cell_value(BLUE, row, col) == row + 1
    assert DiceWideShut(2).cell_value(BLUE, 3, 0) == 4


# ----- 1.2 a round ------------------------------------------------------------

def test_first_start_player_is_random_or_chosen_in_setup():
    starts = set(DiceWideShut(5, seed=s).start_player for s in range(40))
    assert len(starts) > 1 and starts <= set(range(5))
    assert DiceWideShut(5, seed=9).start_player == DiceWideShut(5, seed=9).start_player
    game = DiceWideShut(4, start_player=3)
    assert game.start_player == 3 and game.current == 3 and game.round == 0
    for bad in (-1, 4, True, "1"):
        with pytest.raises(ValueError):
            DiceWideShut(4, start_player=bad)


def test_start_player_rolls_every_die():
    game = DiceWideShut(3, seed=5, start_player=1)
    assert game.initial_events == [("rolled", 1, tuple(game.dice_value))]
    assert all(game.dice_free)
    assert all(1 <= v <= 6 for v in game.dice_value)


def test_turns_go_clockwise_and_the_start_player_moves_clockwise():
    game = DiceWideShut(3, seed=2, start_player=2)
    order = []
    events = []
    for _ in range(6):
        order.append(game.current)
        events = finish_turn(game)
        if len(order) == 3:
            assert ("round_end", 0) in events
            assert events[-1] == ("rolled", 0, tuple(game.dice_value))
            assert game.round == 1 and game.start_player == 0
    assert order == [2, 0, 1, 0, 1, 2]
    assert ("round_end", 1) in events and game.start_player == 1


def test_dice_nobody_took_are_left_and_a_new_round_rerolls_all():
    game = DiceWideShut(2, seed=4, start_player=0)
    finish_turn(game)
    finish_turn(game)
    assert all(game.dice_free)


# ----- 1.3 taking dice --------------------------------------------------------

def test_colour_is_named_before_taking_dice():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    assert refused(game, ("pick", 0)) == "Pick red or blue first"
    assert game.step(("colour", RED)) == [("colour", 0, RED)]
    assert refused(game, ("pick", 3)) == "Not a red die"
    assert refused(game, ("colour", RED)) == "Colour already chosen"
    assert refused(game, ("colour", PURPLE)) == "Red or blue only"


def test_colour_changes_only_while_nothing_is_picked():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("colour", BLUE), ("pick", 3))
    assert refused(game, ("colour", RED)) == "Drop your dice first"
    play(game, ("drop", 3), ("colour", RED))
    assert game.colour == RED


def test_colour_without_dice_left_is_refused():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    game.dice_free[0:3] = [False] * 3
    game.dice_free[P] = False
    game = DiceWideShut.decode(game.encode())
    assert refused(game, ("colour", RED)) == "No red dice left"
    assert game.legal_steps()[0] == ("colour", BLUE)


def test_take_two_dice_showing_1_to_5():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0))
    assert not game.take_complete()
    assert refused(game, ("confirm",)) == "Take two dice"
    assert refused(game, ("mark", 0, 0, 0)) == "Take two dice"
    play(game, ("pick", P))
    assert game.take_complete()
    assert refused(game, ("pick", 1)) == "Two dice at most"


def test_one_die_only_when_it_is_the_only_1_to_5_die_of_that_colour():
    game = position(values=dice((3, 6, 6), (1, 2, 3), 6))
    play(game, ("colour", RED), ("pick", 0))
    assert game.take_complete()
    play(game, ("mark", 0, 0, 2), ("confirm",))
    # The purple die counts for the colour: with a purple 2 a second die is due.
    game = position(values=dice((3, 6, 6), (1, 2, 3), 2))
    play(game, ("colour", RED), ("pick", 0))
    assert not game.take_complete()


def test_one_die_showing_6_is_taken_alone():
    game = position(values=dice((6, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0))
    assert game.take_complete()
    assert refused(game, ("pick", 1)) == "A 6 is taken alone"
    play(game, ("drop", 0), ("pick", 1))
    assert refused(game, ("pick", 0)) == "A 6 is taken alone"


def test_purple_die_joins_either_colour():
    for colour in (RED, BLUE):
        game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
        play(game, ("colour", colour), ("pick", P), ("pick", 1 if colour == RED else 4))
        events = game.step(("mark", P, 3, 3) if colour == RED else ("mark", P, 3, 0))
        assert events[0][:2] == ("marked", 0) and events[0][2] == colour


def test_purple_six_is_taken_alone_with_either_colour():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 6))
    play(game, ("colour", BLUE), ("pick", P))
    assert game.take_complete()
    assert refused(game, ("pick", 3)) == "A 6 is taken alone"
    assert play(game, ("six", P, RED, 2))[0] == ("six", 0, RED, 2, P)


def test_doubles_may_be_taken_together():
    game = position(values=dice((3, 3, 5), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert game.picked == [0, 1] and game.take_complete()


def test_no_doubles_variant_needs_two_different_values():
    opts = {"no_doubles": True}
    game = position(values=dice((3, 3, 5), (1, 2, 3), 4), options=opts)
    play(game, ("colour", RED), ("pick", 0))
    assert refused(game, ("pick", 1)) == "Pick a different value"
    assert ("pick", 1) not in game.legal_steps()
    play(game, ("pick", 2))
    # All available 1-5 dice of the colour show one value: a single die.
    game = position(values=dice((3, 3, 6), (1, 2, 3), 3), options=opts)
    play(game, ("colour", RED), ("pick", 0))
    assert game.take_complete()
    assert game.legal_steps()[-1] == ("mark", 0, 4, 2)


def test_a_player_must_take_something_if_any_die_is_left():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    assert refused(game, ("confirm",)) == "Pick red or blue first"
    play(game, ("colour", BLUE))
    assert refused(game, ("confirm",)) == "Take a die"


def test_a_turn_with_no_die_left_passes():
    game = position(players=3)
    game.dice_free[:] = [False] * len(game.dice_free)
    game = DiceWideShut.decode(game.encode())
    assert game.legal_steps() == [("confirm",)]
    assert game.step(("confirm",)) == [("turn_end", 0)]
    assert game.current == 1


def test_drop_only_before_any_die_is_marked():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert play(game, ("drop", 0)) == [("dropped", 0, 0)]
    assert game.dice_free[0] and game.picked == [1]
    play(game, ("pick", 2), ("mark", 1, 0, 1))
    assert refused(game, ("drop", 2)) == "Dice already marked"
    assert refused(game, ("drop", 5)) == "That die is not picked"


def test_taken_dice_are_gone_for_the_next_players():
    game = position(players=3, values=dice((1, 2, 3, 4), (1, 2, 3, 4), 5))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1),
         ("mark", 0, 0, 0), ("mark", 1, 0, 1), ("confirm",))
    assert game.current == 1 and game.dice_free[:2] == [False, False]
    play(game, ("colour", RED))
    assert refused(game, ("pick", 0)) == "That die is taken"


# ----- 1.4 marking ------------------------------------------------------------

def test_a_die_checks_an_empty_cell_of_its_value_in_the_chosen_half():
    game = position(values=dice((3, 4, 5), (3, 2, 1), 4),
                    red="..x.. ..... ..... ..... .....")
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert refused(game, ("mark", 0, 1, 1)) == "Not a 3 cell"
    assert refused(game, ("mark", 0, 0, 2)) == "No empty 3 there"
    assert refused(game, ("mark", 0, 5, 2)) == "No such cell"
    assert refused(game, ("mark", 2, 1, 4)) == "Pick that die first"
    assert game.step(("mark", 0, 4, 2)) == [("marked", 0, RED, 4, 2, 0)]
    assert refused(game, ("mark", 0, 3, 2)) == "That die is used"
    game = position(values=dice((3, 4, 5), (3, 2, 1), 4))
    play(game, ("colour", BLUE), ("pick", 3), ("pick", 4))
    assert game.step(("mark", 3, 2, 4)) == [("marked", 0, BLUE, 2, 4, 3)]
    assert game.boards[0].cells[BLUE][14] == CHECKED


def test_marking_is_compulsory_while_an_empty_cell_of_the_value_exists():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1), ("mark", 1, 2, 1))
    assert refused(game, ("confirm",)) == "Mark the 1 first"
    play(game, ("mark", 0, 2, 0))
    assert game.step(("confirm",))[0] == ("turn_end", 0)


def test_a_die_with_no_empty_cell_of_its_value_is_taken_but_unmarked():
    full_ones = "x.... x.... x.... x.... x...."
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4), red=full_ones)
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert refused(game, ("mark", 0, 0, 0)) == "No empty 1 there"
    assert [s for s in game.legal_steps() if s[0] == "mark" and s[1] == 0] == []
    play(game, ("mark", 1, 0, 1))
    assert game.step(("confirm",)) == [("unplaced", 0, 0), ("turn_end", 0)]
    assert game.dice_free[0] is False


def test_a_six_checks_an_empty_six_cell_in_either_half():
    game = position(values=dice((6, 2, 3), (1, 2, 3), 4), blue_sixes=[0, 1, 0, 0, 0])
    play(game, ("colour", RED), ("pick", 0))
    assert refused(game, ("mark", 0, 0, 5)) == "Put a 6 in a 6-cell"
    assert refused(game, ("six", 0, BLUE, 1)) == "That 6 is checked"
    assert refused(game, ("six", 0, 2, 1)) == "No such cell"
    assert game.step(("six", 0, BLUE, 4)) == [("six", 0, BLUE, 4, 0)]
    assert game.boards[0].sixes[BLUE] == [0, 1, 0, 0, 1]
    game = position(values=dice((6, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0))
    assert refused(game, ("six", 1, RED, 0)) == "Pick that die first"
    play(game, ("drop", 0), ("pick", 1), ("pick", 2))
    assert refused(game, ("six", 1, RED, 0)) == "Not a 6"


def test_a_six_with_no_empty_six_cell_is_unmarked():
    game = position(values=dice((6, 2, 3), (1, 2, 3), 4),
                    red_sixes=[1, 2, 1, 1, 1], blue_sixes=[2, 2, 1, 1, 1])
    play(game, ("colour", RED), ("pick", 0))
    assert game.legal_steps()[-1] == ("confirm",)
    assert game.step(("confirm",)) == [("unplaced", 0, 0), ("turn_end", 0)]


def test_dice_are_marked_in_the_players_order_each_resolved_before_the_next():
    # The only empty red 3 completes row 1: the first 3 marked splits the row
    # at once, so the second 3 finds no empty 3 left.
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(values=dice((3, 3, 1), (1, 2, 3), 4), red=red)
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    events = game.step(("mark", 1, 1, 2))
    assert events == [("marked", 0, RED, 1, 2, 1), ("split", 0, RED, 1)]
    assert refused(game, ("mark", 0, 1, 2)) == "No empty 3 there"
    assert game.step(("confirm",))[0] == ("unplaced", 0, 0)


# ----- 1.5 split --------------------------------------------------------------

def test_a_fifth_check_in_a_row_splits_it():
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(values=dice((3, 1, 2), (1, 2, 3), 4), red=red, blue=red)
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert ("split", 0, RED, 1) in game.step(("mark", 0, 1, 2))
    assert game.boards[0].cells[RED][5:10] == [CROSSED] * 5
    assert game.boards[0].splits == 1
    assert game.boards[0].cells[BLUE] == parse_half(red)


def test_a_crossed_cell_never_scores_and_breaks_its_column():
    game = position(red="x.... ///// x.... x.... .....")
    assert game.column_scores(0)[0] == 1 + 3
    assert game.column_scores(0)[1] == -5


# ----- 1.6 protection by a 6 ----------------------------------------------------

def test_protection_by_a_six_checked_on_an_earlier_turn():
    # Solo: the 6 is checked in round 0; round 1 spends it instead of a split.
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(players=1, red=red, values=dice((6, 2, 3), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("six", 0, RED, 1), ("confirm",))
    set_dice(game, dice((3, 4, 5), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert ("protect", 0, 1, 2) in game.legal_steps()
    assert game.step(("protect", 0, 1, 2)) == [("protected", 0, RED, 1, 0)]
    board = game.boards[0]
    assert board.cells[RED][7] == EMPTY and board.splits == 0
    assert board.sixes[RED][1] == SPENT
    play(game, ("mark", 1, 0, 3), ("confirm",))
    assert board.cells[RED] == parse_half("x.xx. xx.xx x.x.x x.x.. ..x..")


def test_a_six_checked_this_turn_does_not_protect():
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(red=red, red_sixes=[0, 1, 0, 0, 0], values=dice((3, 4, 5), (1, 2, 3), 4))
    game.turn_sixes = 1 << 1  # red row 1's 6, as if checked earlier in this turn
    game = DiceWideShut.decode(game.encode())
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert refused(game, ("protect", 0, 1, 2)) == "6 was checked this turn"
    assert ("protect", 0, 1, 2) not in game.legal_steps()


def test_protection_needs_that_rows_six_and_a_fifth_check():
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(red=red, red_sixes=[1, 0, 1, 1, 1], blue_sixes=[0, 1, 0, 0, 0],
                    values=dice((3, 4, 5), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert refused(game, ("protect", 0, 1, 2)) == "No 6 in that row"
    assert refused(game, ("protect", 0, 4, 2)) == "No empty 3 there"
    assert refused(game, ("protect", 1, 0, 3)) == "It would not split"


def test_protection_is_optional_the_player_may_take_the_split():
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(red=red, red_sixes=[0, 1, 0, 0, 0], values=dice((3, 4, 5), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1))
    assert ("split", 0, RED, 1) in game.step(("mark", 0, 1, 2))
    assert game.boards[0].sixes[RED][1] == CHECKED


def test_protection_works_once_and_the_spent_six_is_never_checked_again():
    red = "x.x.. xx.xx x.x.x x.x.. ..x.."
    game = position(players=1, red=red, red_sixes=[0, 1, 0, 0, 0],
                    values=dice((3, 3, 5), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0), ("pick", 1), ("protect", 0, 1, 2))
    # The other 3 must still be marked, in the same cell: now it splits.
    assert refused(game, ("protect", 1, 1, 2)) == "That 6 is spent"
    assert refused(game, ("confirm",)) == "Mark the 3 first"
    assert ("split", 0, RED, 1) in game.step(("mark", 1, 1, 2))
    play(game, ("confirm",))
    set_dice(game, dice((6, 3, 5), (1, 2, 3), 4))
    play(game, ("colour", RED), ("pick", 0))
    assert refused(game, ("six", 0, RED, 1)) == "That 6 is spent"
    assert ("six", 0, RED, 1) not in game.legal_steps()


def test_six_cells_are_not_part_of_the_grid():
    game = position(red_sixes=[1, 1, 1, 1, 1], blue_sixes=[2, 2, 2, 2, 2])
    assert game.score(0) == -50
    assert game.filled_columns(0, RED) == 0 and game.filled_columns(0, BLUE) == 0


# ----- 1.7 end of the game ------------------------------------------------------

ALMOST_THREE = "xx... xxx.. xxx.. xxx.. xxx.."  # the red 3 at row 0 fills column 3


def test_game_ends_when_the_round_finishes_after_three_filled_columns_in_a_half():
    game = position(players=3, red=ALMOST_THREE,
                    values=dice((3, 4, 1, 1), (1, 2, 3, 4), 5))
    events = play(game, ("colour", RED), ("pick", 0), ("pick", 1),
                  ("mark", 0, 0, 2), ("mark", 1, 0, 3), ("confirm",))
    assert events[-2:] == [("turn_end", 0), ("end_triggered", 0)]
    assert game.ending and not game.over and game.filled_columns(0, RED) == 3
    assert "end_triggered" not in kinds(finish_turn(game))
    events = finish_turn(game)
    assert events[-2:] == [("round_end", 0), ("game_end", game.ranking())]
    assert game.over
    assert refused(game, ("confirm",)) == "The game is over"
    assert game.legal_steps() == []


def test_end_triggered_by_the_rounds_last_player_ends_at_once():
    game = DiceWideShut(2, start_player=1)
    finish_turn(game)
    set_board(game, 0, red=ALMOST_THREE)
    set_dice(game, dice((3, 4, 1), (1, 2, 3), 5))
    events = play(game, ("colour", RED), ("pick", 0), ("pick", 1),
                  ("mark", 0, 0, 2), ("mark", 1, 0, 3), ("confirm",))
    assert kinds(events)[-4:] == ["turn_end", "end_triggered", "round_end", "game_end"]
    assert game.over


def test_filled_columns_are_not_added_across_halves():
    two = "xx... xx... xx... xx... xx..."
    game = position(red=two, blue=two, values=dice((3, 4, 1), (1, 2, 3), 5))
    events = play(game, ("colour", RED), ("pick", 0), ("pick", 1),
                  ("mark", 0, 0, 2), ("mark", 1, 1, 3), ("confirm",))
    assert "end_triggered" not in kinds(events) and not game.ending


def test_crossed_cells_count_as_filled_for_the_end():
    red = "xx... ///// xxx.. xxx.. xxx.."
    game = position(red=red, values=dice((3, 4, 1), (1, 2, 3), 5))
    events = play(game, ("colour", RED), ("pick", 0), ("pick", 1),
                  ("mark", 0, 0, 2), ("mark", 1, 0, 3), ("confirm",))
    assert ("end_triggered", 0) in events and game.filled_columns(0, RED) == 3


# ----- 1.8 score ----------------------------------------------------------------

def test_each_column_scores_its_runs_of_checked_cells():
    red = "xx.xx xx.x. .xxx. x.xx. xx.x."
    blue = "x.x.x xxx.. x..x. xxxx. x.x.."
    game = position(red=red, blue=blue)
    # runs top to bottom: red 2+2 / 3+1 / 2 / 5 / 1, blue 5 / 1+1 / 2+2 / 2 / 1
    assert game.column_scores(0) == [3 + 3, 6 + 1, 3, 15, 1, 15, 1 + 1, 3 + 3, 3, 1]
    assert game.score(0) == sum(game.column_scores(0))
    assert game.scores() == [game.score(0), -50]


def test_a_column_without_a_checked_cell_scores_minus_five():
    game = position(red="///// ..... ..... ..... .....")
    assert game.column_scores(0) == [-5] * 10


def test_run_points_variant_sets_the_tables():
    points = ((0, 2, 4, 8, 16, 32), (0, -1, 0, 1, 2, 3))
    game = position(red="x.... x.... x.... ..... .....",
                    blue="x.... x.... ..... x.... .....", options={"run_points": points})
    assert game.column_scores(0) == [8, -5, -5, -5, -5, 0 + -1, -5, -5, -5, -5]
    assert game.run_points == points


def test_highest_total_wins_then_more_splits_then_shared():
    game = DiceWideShut(4)
    set_board(game, 1, red="///// ..... ..... ..... .....")
    set_board(game, 2, blue="..... ..... ///// ..... .....")
    set_board(game, 3, red="x.... ..... ..... ..... .....")
    assert game.scores() == [-50, -50, -50, -44]
    assert game.ranking() == [[3], [1, 2], [0]]


# ----- engine protocol around the rules -------------------------------------------

def test_refusals_change_nothing_and_fit_the_small_screen():
    game = position(values=dice((1, 2, 6), (1, 2, 3), 4))
    bad = [("pick", 9), ("pick", -1), ("colour", 7), ("mark", 0, 0, 0), ("six", 0, 0, 0),
           ("protect", 0, 0, 0), ("drop", 0), ("confirm",), ("fly",), ("pick",),
           ("pick", "0"), ("pick", True), ("confirm", 1)]
    for step in bad:
        assert len(refused(game, step)) <= 28
    for step in ([], "confirm", ()):
        with pytest.raises(Refused):
            game.step(step)


def test_undo_takes_back_steps_of_this_turn_only():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    start = game.encode()
    play(game, ("colour", RED), ("pick", 0))
    game.undo()
    after_colour = game.encode()
    game.undo()
    assert game.encode() == start and after_colour != start
    play(game, ("colour", RED), ("pick", 0), ("pick", 1), ("mark", 0, 0, 0),
         ("mark", 1, 0, 1), ("confirm",))
    assert not game.can_undo()
    with pytest.raises(Refused):
        game.undo()


def test_options_and_players_are_validated():
    for bad in ({"colours": 3}, {"no_doubles": 1 + 1},
                {"run_points": ((0, 1), (0, 1))}, {"run_points": 5},
                {"run_points": ((0, 1, 3, 6, 10, 1.5), (0, 1, 3, 7, 10, 15))}):
        with pytest.raises(ValueError):
            DiceWideShut(2, options=bad)
    for players in (0, 6):
        with pytest.raises(ValueError):
            DiceWideShut(players)


def test_state_of_five_players_fits_in_its_budget():
    game = DiceWideShut(5, options={"no_doubles": True})
    for p in range(5):
        set_board(game, p, red="xx... ..... ..... ..... .....",
                  red_sixes=[1, 2, 1, 2, 0])
    data = game.encode()
    assert len(data) <= BUDGETS["dws.state_bytes_5p"][0]       # (512)
    assert DiceWideShut.decode(data).encode() == data


def test_decode_refuses_impossible_states():
    game = position(values=dice((1, 2, 3), (1, 2, 3), 4))
    good = game.encode()
    assert DiceWideShut.decode(good).encode() == good
    broken = []
    g = DiceWideShut.decode(good)
    g.boards[0].cells[RED][0:5] = [CHECKED] * 5     # a fully checked row
    broken.append(g.encode())
    g = DiceWideShut.decode(good)
    g.boards[1].cells[BLUE][3] = CROSSED            # a part-crossed row
    broken.append(g.encode())
    g = DiceWideShut.decode(good)
    g.picked.append(0)                              # picked but still free
    g.resolved.append(False)
    g.colour = RED
    broken.append(g.encode())
    g = DiceWideShut.decode(good)
    g.turn_sixes = 1                                # a 6 of this turn that is empty
    broken.append(g.encode())
    g = DiceWideShut.decode(good)
    set_board(g, 1, red="xxx.. xxx.. xxx.. xxx.. xxx..")  # end missed
    broken.append(g.encode())
    g = DiceWideShut.decode(good)
    g.over = True                                   # over without the end condition
    broken.append(g.encode())
    broken.append(good + b"\x00")
    broken.append(good[:-1])
    cell_byte = len(good) - len(DiceWideShut.decode(good).totals) - 15
    broken.append(good[:cell_byte] + b"\xff" + good[cell_byte + 1:])
    for data in broken:
        with pytest.raises(DecodeError):
            DiceWideShut.decode(data)


def test_notation_reads_and_writes_a_half():
    text = "xxxx.\nxx.x.\n/////\nxx.x.\nx.x.."
    cells = parse_half("  xxxx.\n x x . x .\n\n/////\nxx.x.\nx.x..  \n")
    assert cells[:5] == [CHECKED] * 4 + [EMPTY] and cells[10:15] == [CROSSED] * 5
    assert format_half(cells) == text
    for bad in ("xxxx.", "xxxx.\n" * 4 + "xxxxxx", "xxxx.\n" * 4 + "xxxxo"):
        with pytest.raises(ValueError):
            parse_half(bad)
