"""A test Rng whose dice come from a script, to build hand-made positions."""
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
