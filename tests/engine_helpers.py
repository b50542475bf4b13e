"""Helpers for engine tests: scripted dice and refusals that change nothing."""
import pytest

from dws_core.errors import Refused
from dws_core.rng import Rng


class Scripted(Rng):
    """die() returns the scripted values in order; anything else is a test error."""

    def __init__(self, values):
        Rng.__init__(self, 1)
        self.values = list(values)

    def die(self, sides=6):
        assert self.values, "the engine rolled more dice than scripted"
        return self.values.pop(0)

    def below(self, n):
        raise AssertionError("the engines draw dice only")


def refused(game, step):
    """Apply a step that must be refused; return the reason (state unchanged)."""
    before = game.encode()
    with pytest.raises(Refused) as info:
        game.step(step)
    assert game.encode() == before
    return info.value.reason


def refuse(game, step, reason):
    """The step is refused with exactly ``reason`` and changes nothing."""
    assert refused(game, step) == reason
