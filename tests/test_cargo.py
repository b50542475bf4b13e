"""Cargo (../shared/RULES.md 4): one test per rule and variant, with scripted dice."""
import pytest

from dws_core.cargo import CAPTAIN, CREW, FREE, SHIP, Cargo
from dws_core.errors import DecodeError
from tests.engine_helpers import Scripted, refuse


def game(players=2, dice=(), **options):
    return Cargo(players, seed=Scripted(dice), options=options or None)


def test_six_dice_and_five_rolls_by_default():
    g = game()
    assert (g.dice_count, g.max_rolls, g.rolls_left()) == (6, 5, 5)
    assert g.values == [0] * 6 and g.legal_steps() == [("roll",)]
    refuse(g, ("accept",), "No crew yet")
    refuse(g, ("hold", 0), "Holding is off")


def test_ship_captain_and_crew_banked_in_one_roll():
    g = game(dice=[2, 4, 5, 6, 3, 1])
    events = g.step(("roll",))
    assert events == [("rolled", 0, (2, 4, 5, 6, 3, 1), (0, 1, 2, 3, 4, 5)),
                      ("banked", 0, SHIP, 3), ("banked", 0, CAPTAIN, 2), ("banked", 0, CREW, 1)]
    assert g.roles == [FREE, CREW, CAPTAIN, SHIP, FREE, FREE]
    assert g.crewed() and g.cargo() == 6
    assert g.legal_steps() == [("roll",), ("accept",)]


def test_a_captain_without_a_ship_is_not_banked():
    g = game(dice=[5, 4, 3, 3, 2, 1])
    assert g.step(("roll",)) == [("rolled", 0, (5, 4, 3, 3, 2, 1), (0, 1, 2, 3, 4, 5))]
    assert g.crew_level() == 0 and g.current == 0 and g.rolls_left() == 4


def test_a_crew_waits_for_the_captain_and_banked_dice_are_set_aside():
    # The rule book's example: 6 4 3 3 2 1 banks the 6 only; then 6 5 4 2 1 banks 5 and 4.
    g = game(dice=[6, 4, 3, 3, 2, 1, 6, 5, 4, 2, 1])
    events = g.step(("roll",))
    assert events[1:] == [("banked", 0, SHIP, 0)]
    events = g.step(("roll",))
    assert events == [("rolled", 0, (6, 6, 5, 4, 2, 1), (1, 2, 3, 4, 5)),
                      ("banked", 0, CAPTAIN, 2), ("banked", 0, CREW, 3)]
    assert g.cargo() == 6 + 2 + 1  # the second 6 is cargo


def test_only_one_die_of_each_role_is_banked():
    g = game(dice=[6, 6, 5, 5, 4, 4])
    g.step(("roll",))
    assert g.roles == [SHIP, FREE, CAPTAIN, FREE, CREW, FREE]
    assert g.cargo() == 15


def test_accepting_the_cargo_ends_the_turn_with_its_sum():
    g = game(dice=[6, 5, 4, 3, 2, 6])
    g.step(("roll",))
    events = g.step(("accept",))
    assert events == [("accepted", 0, 11), ("turn_end", 0, 11)]
    assert g.current == 1 and g.round_scores == [[11, None]]
    assert g.values == [0] * 6 and g.roles == [FREE] * 6 and g.rolls == 0


def test_cargo_is_rolled_again_all_together():
    g = game(dice=[6, 5, 4, 1, 1, 1, 6, 6, 2])
    g.step(("roll",))
    events = g.step(("roll",))
    assert events == [("rolled", 0, (6, 5, 4, 6, 6, 2), (3, 4, 5))]
    assert g.roles[:3] == [SHIP, CAPTAIN, CREW] and g.cargo() == 14 and g.rolls == 2


def test_after_the_last_roll_the_cargo_stands():
    g = game(dice=[6, 5, 4, 1, 1, 1] + [2, 2, 2] * 4)
    g.step(("roll",))
    for _ in range(3):
        g.step(("roll",))
    events = g.step(("roll",))
    assert events == [("rolled", 0, (6, 5, 4, 2, 2, 2), (3, 4, 5)), ("turn_end", 0, 6)]
    assert g.current == 1


def test_no_crew_after_the_last_roll_scores_zero():
    g = game(dice=[6] + [1] * 5 + [5, 1, 1, 1, 1] * 4)
    for _ in range(4):
        g.step(("roll",))
    assert g.crew_level() == 2 and g.legal_steps() == [("roll",)]
    events = g.step(("roll",))
    assert events[-1] == ("turn_end", 0, 0)
    assert g.round_scores[0][0] == 0


def test_a_crew_on_the_last_roll_scores_that_cargo():
    g = game(dice=[1] * 6 * 4 + [6, 5, 4, 6, 6, 6])
    for _ in range(5):
        events = g.step(("roll",))
    assert events[-1] == ("turn_end", 0, 18)


def test_classic_is_five_dice_and_three_rolls():
    g = game(dice=[1] * 15, classic=True)
    assert (g.dice_count, g.max_rolls) == (5, 3)
    g.step(("roll",))
    g.step(("roll",))
    events = g.step(("roll",))
    assert events == [("rolled", 0, (1,) * 5, (0, 1, 2, 3, 4)), ("turn_end", 0, 0)]


def test_classic_cargo_is_two_dice():
    g = game(dice=[6, 5, 4, 6, 3], classic=True)
    g.step(("roll",))
    assert g.step(("accept",))[0] == ("accepted", 0, 9)


def test_hold_cargo_keeps_a_held_die_and_rolls_the_rest():
    g = game(dice=[6, 5, 4, 6, 1, 2, 3, 5], hold_cargo=True)
    g.step(("roll",))
    assert g.legal_steps() == [("roll",), ("accept",), ("hold", 3), ("hold", 4), ("hold", 5)]
    refuse(g, ("hold", 0), "Not a cargo die")
    refuse(g, ("release", 3), "Not held")
    refuse(g, ("hold", 6), "No such die")
    assert g.step(("hold", 3)) == [("held", 0, 3)]
    refuse(g, ("hold", 3), "Already held")
    events = g.step(("roll",))
    assert events == [("rolled", 0, (6, 5, 4, 6, 3, 5), (4, 5))]
    assert g.held[3] and g.cargo() == 14


def test_hold_cargo_refuses_holds_before_the_crew_and_a_roll_with_all_held():
    g = game(dice=[6, 5, 1, 1, 1, 1, 4, 2, 2, 2], hold_cargo=True)
    g.step(("roll",))
    refuse(g, ("hold", 2), "No cargo yet")
    g.step(("roll",))
    for i in (3, 4, 5):
        g.step(("hold", i))
    refuse(g, ("roll",), "All cargo is held")
    assert g.legal_steps() == [("accept",), ("release", 3), ("release", 4), ("release", 5)]
    assert g.step(("release", 4)) == [("released", 0, 4)]


def test_holds_are_undone_but_rolls_are_not():
    g = game(dice=[6, 5, 4, 1, 1, 1], hold_cargo=True)
    g.step(("roll",))
    after_roll = g.encode()
    g.step(("hold", 3))
    g.step(("hold", 4))
    assert g.undo() == [("undone", ("hold", 4))]
    assert g.held == [False, False, False, True, False, False]
    g.undo()
    assert g.encode() == after_roll and not g.can_undo()


def test_rounds_add_up_and_the_highest_total_wins():
    script = [6, 5, 4, 6, 6, 6, 6, 5, 4, 1, 1, 1,   # round 1: 18, 3
              6, 5, 4, 1, 1, 2, 6, 5, 4, 6, 6, 1]   # round 2: 4, 13
    g = game(2, dice=script, rounds=2)
    g.step(("roll",))
    g.step(("accept",))
    g.step(("roll",))
    events = g.step(("accept",))
    assert events[-2:] == [("round_end", 0, (18, 3)), ("round_start", 1, 0)]
    assert g.current == 0 and g.round == 1
    g.step(("roll",))
    g.step(("accept",))
    g.step(("roll",))
    events = g.step(("accept",))
    assert events[-2:] == [("round_end", 1, (4, 13)), ("game_end", [[0], [1]])]
    assert g.over and g.scores() == [22, 16] and g.legal_steps() == []


def test_equal_highest_totals_share_the_win():
    g = game(3, dice=[6, 5, 4, 3, 3, 3, 6, 5, 4, 2, 2, 5, 6, 5, 4, 1, 1, 1])
    for _ in range(3):
        g.step(("roll",))
        g.step(("accept",))
    assert g.over and g.ranking() == [[0, 1], [2]]


def test_state_round_trips_and_rejects_garbage():
    g = game(dice=[6, 5, 4, 1, 1, 1], hold_cargo=True)
    g.step(("roll",))
    g.step(("hold", 5))
    data = g.encode()
    assert Cargo.decode(data).encode() == data
    assert Cargo.decode(data).held[5]
    for bad in (b"", data[:-1], data + b"\x00", b"\x03" + data[1:]):
        with pytest.raises(DecodeError):
            Cargo.decode(bad)


def test_decode_rejects_impossible_dice():
    g = game(dice=[6, 1, 1, 1, 1, 1])
    g.step(("roll",))
    g.values[1] = 5  # a captain that should have been banked
    with pytest.raises(DecodeError, match="should have been banked"):
        Cargo.decode(g.encode())
    g.values[1] = 4
    g.roles[1] = CREW  # a crew without a captain
    with pytest.raises(DecodeError, match="out of order"):
        Cargo.decode(g.encode())
