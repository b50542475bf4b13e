"""DicedOut (../shared/RULES.md 3): one test per rule, on hand-built positions with scripted dice."""
import pytest

from dws_core.dicedout import ALL_MARKED, EXTRA, PENALTY, ROLL, DicedOut, unmarked_sum
from dws_core.errors import DecodeError, Refused
from tests.engine_helpers import Scripted, refuse


def sheet(*numbers):
    mask = 0
    for n in numbers:
        mask |= 1 << (n - 2)
    return mask


def game(players=2, start=0, dice=(), **options):
    """A fresh game with a chosen start player and scripted dice."""
    g = DicedOut(players, seed=5, options=options or None, start_player=start)
    g.rng = Scripted(dice)
    return g


def rebuilt(g, dice=()):
    """Round-trip a hand-edited game through the codec (validating it) and script its dice."""
    g = DicedOut.decode(g.encode())
    g.rng = Scripted(dice)
    return g


# ----- first player ---------------------------------------------------------

def test_first_player_is_the_highest_roll_off_total():
    g = DicedOut(3, seed=Scripted([2, 3, 6, 5, 4, 4]))
    assert g.initial_events == [
        ("rolloff", 0, (2, 3)), ("rolloff", 1, (6, 5)), ("rolloff", 2, (4, 4)),
        ("first", 1), ("round_start", 0, 1)]
    assert g.current == 1 and g.start_player == 1


def test_roll_off_tie_rolls_again_among_the_tied_only():
    g = DicedOut(3, seed=Scripted([6, 6, 1, 1, 6, 6, 2, 1, 4, 4]))
    assert g.initial_events == [
        ("rolloff", 0, (6, 6)), ("rolloff", 1, (1, 1)), ("rolloff", 2, (6, 6)),
        ("rolloff_tie", (0, 2)),
        ("rolloff", 0, (2, 1)), ("rolloff", 2, (4, 4)),
        ("first", 2), ("round_start", 0, 2)]
    assert g.rng.values == []
    assert g.current == 2


def test_one_player_needs_no_roll_off():
    g = DicedOut(1, seed=Scripted([]))
    assert g.initial_events == [("round_start", 0, 0)]
    assert g.current == 0


# ----- a turn -----------------------------------------------------------------

def test_an_unmarked_total_is_marked_and_ends_the_turn():
    g = game(2, dice=[3, 4])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (3, 4)), ("marked", 0, 7), ("turn_end", 0)]
    assert g.is_marked(0, 7) and g.marks[0] == sheet(7)
    assert g.current == 1 and g.phase == ROLL and g.dice == [3, 4]
    assert not g.can_undo()
    refuse(g, ("roll", 1), "Not a step")


def test_a_marked_total_forces_a_reroll_and_ticks_a_box():
    g = game(2)
    g.marks[0] = sheet(7)
    g = rebuilt(g, [3, 4, 2, 3])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (3, 4)), ("reroll", 0, 2)]
    assert g.current == 0 and g.again and g.used[0] == 1 and g.rerolls_left(0) == 2
    assert g.legal_steps() == [("roll",)]  # compulsory: no way to stop
    events = g.step(("roll",))
    assert events == [("rolled", 0, (2, 3)), ("marked", 0, 5), ("turn_end", 0)]
    assert g.used[0] == 1 and not g.again and g.current == 1


def test_diced_out_scores_the_exact_unmarked_sum():
    g = game(2)
    g.marks[0] = sheet(5, 6, 7, 8)
    g = rebuilt(g, [3, 4, 2, 4, 4, 4, 3, 2])
    for left in (2, 1, 0):
        assert g.step(("roll",))[-1] == ("reroll", 0, left)
    events = g.step(("roll",))
    # 2+3+4+9+10+11+12 = 51
    assert events == [("rolled", 0, (3, 2)), ("diced_out", 0, 51), ("turn_end", 0)]
    assert g.finished(0) and g.round_scores[0] == [51, None]
    assert g.current == 1


def test_a_diced_out_player_takes_no_more_turns_this_round():
    g = game(2, start=1)
    g.round_scores[0][0] = unmarked_sum(0)
    g = rebuilt(g, [1, 2, 2, 2])
    g.step(("roll",))
    assert g.current == 1
    g.step(("roll",))
    assert g.current == 1


def test_marking_all_eleven_numbers_scores_zero():
    g = game(2)
    g.marks[0] = ALL_MARKED & ~sheet(9)
    g = rebuilt(g, [4, 5])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (4, 5)), ("marked", 0, 9), ("cleared", 0), ("turn_end", 0)]
    assert g.round_scores[0][0] == 0 and g.finished(0)


# ----- bonus numbers -------------------------------------------------------------

def test_a_bonus_number_gives_one_free_extra_mark():
    g = game(2, dice=[6, 6])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (6, 6)), ("marked", 0, 12), ("bonus", 0, 12)]
    assert g.phase == EXTRA and g.current == 0
    assert g.legal_steps() == [("extra", n) for n in range(2, 12)] + [("decline",)]
    refuse(g, ("roll",), "Bonus: mark one or decline")
    refuse(g, ("extra", 12), "Already marked")
    refuse(g, ("extra", 13), "Pick a number 2-12")
    refuse(g, ("extra", True), "Not a step")
    events = g.step(("extra", 8))
    assert events == [("extra", 0, 8), ("turn_end", 0)]
    assert g.marks[0] == sheet(8, 12) and g.phase == ROLL and g.current == 1


def test_the_bonus_mark_may_be_declined():
    # ../shared/RULES.md 3: "YOU MAY" mark one more number: declining ends the turn
    # with only the rolled number marked.
    g = game(2, dice=[1, 1])
    g.step(("roll",))
    assert g.phase == EXTRA and ("decline",) in g.legal_steps()
    refuse(g, ("decline", 1), "Not a step")
    events = g.step(("decline",))
    assert events == [("declined", 0), ("turn_end", 0)]
    assert g.marks[0] == sheet(2) and g.phase == ROLL and g.current == 1
    assert not g.can_undo()  # a decision, as a mark is
    refuse(g, ("decline",), "No bonus mark now")


def test_a_declined_bonus_on_the_last_turn_of_a_round():
    # The player with rerolls left declines; the round goes on without them
    # being finished (only dicing out or a full sheet finishes a player).
    g = game(1)
    g.marks[0] = ALL_MARKED & ~sheet(12, 5, 6)
    g = rebuilt(g, [6, 6])
    g.step(("roll",))
    g.step(("decline",))
    assert not g.finished(0) and g.marks[0] == ALL_MARKED & ~sheet(5, 6)
    assert DicedOut.decode(g.encode()).encode() == g.encode()


def test_the_default_bonus_numbers_are_2_and_12():
    g = game(2)
    assert g.bonus_numbers == (2, 12)
    g = rebuilt(g, [1, 1])
    assert g.step(("roll",))[-1] == ("bonus", 0, 2)


def test_bonus_numbers_are_a_variant():
    g = game(2, dice=[1, 1, 3, 4], bonus_numbers=(7,))
    assert g.bonus_numbers == (7,)
    assert g.step(("roll",))[-1] == ("turn_end", 0)  # 2 is no bonus now
    assert g.step(("roll",))[-1] == ("bonus", 1, 7)


def test_bad_bonus_numbers_are_rejected():
    with pytest.raises(ValueError):
        DicedOut(2, options={"bonus_numbers": (1, 12)})
    with pytest.raises(ValueError):
        DicedOut(2, options={"rounds": 7})


def test_a_bonus_with_nothing_left_to_mark_finishes_the_round_at_zero():
    g = game(2)
    g.marks[0] = ALL_MARKED & ~sheet(2)
    g = rebuilt(g, [1, 1])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (1, 1)), ("marked", 0, 2), ("cleared", 0), ("turn_end", 0)]
    assert g.phase == ROLL


def test_the_extra_mark_can_complete_the_sheet():
    g = game(2)
    g.marks[0] = ALL_MARKED & ~sheet(12, 4)
    g = rebuilt(g, [6, 6])
    g.step(("roll",))
    events = g.step(("extra", 4))
    assert events == [("extra", 0, 4), ("cleared", 0), ("turn_end", 0)]


# ----- between rounds ------------------------------------------------------------

def last_turn_of_round(players, unmarked, dice, start=0):
    """Players 1.. are finished with ``unmarked`` numbers left; player 0, with
    ``unmarked[0]`` left (7 marked) and no reroll, is about to dice out."""
    g = game(players, start=start)
    for p in range(players):
        g.marks[p] = ALL_MARKED & ~sheet(*unmarked[p])
        if p:
            g.round_scores[0][p] = sum(unmarked[p])
    g.used[0] = 3
    g.current = 0
    return rebuilt(g, dice)


def test_round_scores_are_recorded_and_the_lowest_chooses_a_penalty():
    g = last_turn_of_round(3, [[5], [9], [6]], [3, 4])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (3, 4)), ("diced_out", 0, 5), ("turn_end", 0),
                      ("round_end", 0, (5, 9, 6)), ("chooser", 0)]
    assert g.phase == PENALTY and g.current == 0
    assert g.legal_steps() == [("penalise", 1), ("penalise", 2)]
    refuse(g, ("roll",), "Pick who loses a reroll")
    refuse(g, ("penalise", 0), "Pick another player")
    refuse(g, ("penalise", 3), "No such player")
    events = g.step(("penalise", 2))
    assert events == [("penalised", 0, 2), ("round_start", 1, 0)]
    assert g.round == 1 and g.start_player == 0 and g.current == 0 and g.penalised == 2
    assert [g.boxes(p) for p in range(3)] == [3, 3, 2]
    assert g.marks == [0, 0, 0] and g.used == [0, 0, 0]
    assert g.scores() == [5, 9, 6]


def test_the_penalised_player_is_diced_out_after_two_rerolls():
    g = last_turn_of_round(3, [[5], [9], [6]], [3, 4])
    g.step(("roll",))
    g.step(("penalise", 1))
    g.marks[1] = sheet(7)
    g.current = 1
    g = rebuilt(g, [3, 4, 3, 4, 3, 4])
    assert g.step(("roll",))[-1] == ("reroll", 1, 1)
    assert g.step(("roll",))[-1] == ("reroll", 1, 0)
    assert g.step(("roll",))[-2] == ("diced_out", 1, 77 - 7)


def test_the_lowest_round_score_starts_the_next_round():
    g = last_turn_of_round(3, [[8, 12], [9], [6]], [3, 4], start=1)
    g.step(("roll",))
    assert g.phase == PENALTY and g.current == 2
    g.step(("penalise", 0))
    assert g.start_player == 2 and g.current == 2


def test_tied_lowest_round_scores_roll_off_highest_wins():
    g = last_turn_of_round(3, [[6], [2, 4], [9]], [3, 4, 2, 2, 5, 6])
    events = g.step(("roll",))
    assert events[-4:] == [("round_end", 0, (6, 6, 9)),
                           ("rolloff", 0, (2, 2)), ("rolloff", 1, (5, 6)), ("chooser", 1)]
    assert g.current == 1 and g.phase == PENALTY


def test_one_player_plays_rounds_without_a_penalty():
    g = game(1)
    g.marks[0] = ALL_MARKED & ~sheet(7)
    g = rebuilt(g, [3, 4])
    events = g.step(("roll",))
    assert events[-3:] == [("turn_end", 0), ("round_end", 0, (0,)), ("round_start", 1, 0)]
    assert g.phase == ROLL and g.penalised == -1 and g.boxes(0) == 3


# ----- end of the game ------------------------------------------------------------

def final_round(players, totals_before, unmarked, dice):
    g = last_turn_of_round(players, unmarked, dice)
    g.round = 3
    g.round_scores = [[0] * players, [0] * players, list(totals_before)] + g.round_scores
    return rebuilt(g, dice)


def test_after_four_rounds_the_lowest_total_wins():
    g = final_round(3, [10, 0, 0], [[5], [9], [6]], [3, 4])
    events = g.step(("roll",))
    assert events[-2:] == [("round_end", 3, (5, 9, 6)), ("game_end", [[2], [1], [0]])]
    assert g.over and g.scores() == [15, 9, 6] and g.legal_steps() == []
    refuse(g, ("roll",), "The game is over")


def test_equal_lowest_totals_share_the_win():
    g = final_round(3, [1, 0, 0], [[5], [6], [9]], [3, 4])
    g.step(("roll",))
    assert g.ranking() == [[0, 1], [2]]


def test_rounds_is_a_variant():
    g = game(1, dice=[1, 2] * 40, rounds=1)
    assert g.rounds == 1
    while not g.over:
        g.step(("roll",))
    assert g.round == 0 and g.scores() == [77 - 3]


# ----- the state --------------------------------------------------------------------

def test_state_round_trips_and_rejects_garbage():
    g = game(3, dice=[6, 6])
    g.step(("roll",))
    data = g.encode()
    assert DicedOut.decode(data).encode() == data
    for bad in (b"", data[:-1], data + b"\x00", b"\x04" + data[1:]):
        with pytest.raises(DecodeError):
            DicedOut.decode(bad)


def test_decode_rejects_inconsistent_sheets():
    g = game(2)
    g.round_scores[0][0] = 40  # does not match the empty sheet (77)
    with pytest.raises(DecodeError):
        DicedOut.decode(g.encode())
    g = game(2)
    g.marks[0] = ALL_MARKED  # full but not finished
    with pytest.raises(DecodeError):
        DicedOut.decode(g.encode())


def test_rolls_are_never_undone():
    g = game(2, dice=[6, 6])
    g.step(("roll",))
    assert not g.can_undo()
    with pytest.raises(Refused):
        g.undo()
