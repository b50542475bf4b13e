"""Dice (../shared/RULES.md 5): the free roller, with scripted dice."""
import pytest

from dws_core.dice import Dice
from dws_core.errors import DecodeError, Refused
from tests.engine_helpers import Scripted, refuse


def test_two_unrolled_dice_by_default():
    g = Dice(1, seed=Scripted([]))
    assert g.count == 2 and g.values == [0, 0] and g.total() == 0
    assert g.legal_steps() == [("roll",)] + [("count", n) for n in (1, 3, 4, 5, 6)]
    refuse(g, ("hold", 0), "Roll it first")


def test_count_option_sets_the_number_of_dice():
    for n in (1, 2, 3, 4, 5, 6):
        assert Dice(1, options={"count": n}).count == n
    with pytest.raises(ValueError):
        Dice(1, options={"count": 7})
    with pytest.raises(ValueError):
        Dice(2)


def test_a_roll_rolls_every_die_and_shows_the_sum():
    g = Dice(1, seed=Scripted([3, 5, 6]), options={"count": 3})
    events = g.step(("roll",))
    assert events == [("rolled", 0, (3, 5, 6), (0, 1, 2))]
    assert g.values == [3, 5, 6] and g.total() == 14 and g.scores() == [14]
    assert g.rolls == 1


def test_a_held_die_keeps_its_value():
    g = Dice(1, seed=Scripted([3, 5, 6, 1, 2]), options={"count": 3})
    g.step(("roll",))
    assert g.step(("hold", 1)) == [("held", 0, 1)]
    refuse(g, ("hold", 1), "Already held")
    events = g.step(("roll",))
    assert events == [("rolled", 0, (1, 5, 2), (0, 2))]
    assert g.values[1] == 5 and g.held == [False, True, False]
    assert g.step(("release", 1)) == [("released", 0, 1)]
    refuse(g, ("release", 1), "Not held")


def test_all_held_cannot_roll():
    g = Dice(1, seed=Scripted([4, 4]))
    g.step(("roll",))
    g.step(("hold", 0))
    g.step(("hold", 1))
    refuse(g, ("roll",), "All dice are held")
    assert g.legal_steps() == [("release", 0), ("release", 1)]


def test_changing_the_count_keeps_values_and_needs_nothing_held():
    g = Dice(1, seed=Scripted([2, 6, 5, 1]))
    g.step(("roll",))
    assert g.step(("count", 4)) == [("count", 0, 4)]
    assert g.values == [2, 6, 0, 0] and g.total() == 8
    g.step(("count", 1))
    assert g.values == [2]
    g.step(("hold", 0))
    refuse(g, ("count", 3), "Release all dice first")
    g.step(("release", 0))
    refuse(g, ("count", 1), "Already 1 dice")
    refuse(g, ("count", 7), "1 to 6 dice")
    refuse(g, ("count", "2"), "Not a step")
    refuse(g, ("shake",), "Not a step")
    refuse(g, ("hold", 5), "No such die")


def test_holds_and_counts_are_undone_but_a_roll_is_not():
    g = Dice(1, seed=Scripted([2, 6]))
    g.step(("roll",))
    after_roll = g.encode()
    g.step(("hold", 0))
    g.step(("release", 0))
    g.step(("count", 5))
    g.undo()
    g.undo()
    g.undo()
    assert g.encode() == after_roll
    with pytest.raises(Refused):
        g.undo()


def test_the_roller_never_ends_and_has_no_winner():
    g = Dice(1, seed=7)
    for _ in range(50):
        g.step(("roll",))
    assert not g.over and g.ranking() == [[0]] and g.rolls == 50
    assert all(1 <= v <= 6 for v in g.values)


def test_state_round_trips_and_rejects_garbage():
    g = Dice(1, seed=Scripted([2, 6]))
    g.step(("roll",))
    g.step(("hold", 1))
    data = g.encode()
    assert Dice.decode(data).encode() == data
    for bad in (b"", data[:-1], data + b"\x00", data[:-1] + b"\x07", data[:-1] + b"\x08"):
        with pytest.raises(DecodeError):
            Dice.decode(bad)
