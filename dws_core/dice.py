"""Dice (docs/rules/dice.md): a free roller of 1-6 dice with hold and release.

A die's value is 0 until it is first rolled.  ``("roll",)`` rolls every die
that is not held; ``("hold", i)`` / ``("release", i)`` toggle a die;
``("count", n)`` changes the number of dice while nothing is held (dice kept
keep their values, new ones start unrolled).  The game never ends.
"""

from dws_core.engine import Engine, int_arg
from dws_core.errors import DecodeError, Refused

MAX_DICE = 6



class Dice(Engine):
    GAME_ID = 5
    NAME = "Dice"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 1
    OPTIONS = (("count", (2, 1, 3, 4, 5, 6)),)
    OPTION_WORDS = {"count": "Dice"}

    def __init__(self, players=1, seed=1, options=None):
        self._init_engine(players, seed)
        count = self.check_options(options)["count"]
        self.values = [0] * count
        self.held = [False] * count
        self.rolls = 0  # rolls made, saturating at 65535
        self.initial_events = []
        self._mark_checkpoint()

    @property
    def count(self):
        return len(self.values)

    def total(self):
        return sum(self.values)

    def any_held(self):
        for h in self.held:
            if h:
                return True
        return False

    def scores(self):
        return [self.total()]

    def ranking(self):
        return [[0]]

    def legal_steps(self):
        steps = []
        if not self._all_held():
            steps.append(("roll",))
        for i in range(self.count):
            if self.held[i]:
                steps.append(("release", i))
            elif self.values[i]:
                steps.append(("hold", i))
        if not self.any_held():
            for n in range(1, MAX_DICE + 1):
                if n != self.count:
                    steps.append(("count", n))
        return steps

    def _all_held(self):
        for h in self.held:
            if not h:
                return False
        return True

    def _apply(self, step, events):
        kind = step[0]
        if kind == "roll":
            if len(step) != 1:
                raise Refused("Not a step")
            if self._all_held():
                raise Refused("All dice are held")
            rolled = []
            for i in range(self.count):
                if not self.held[i]:
                    self.values[i] = self.rng.die()
                    rolled.append(i)
            if self.rolls < 0xFFFF:
                self.rolls += 1
            events.append(("rolled", 0, tuple(self.values), tuple(rolled)))
            return True
        if kind == "hold" or kind == "release":
            i = int_arg(step)
            if i < 0 or i >= self.count:
                raise Refused("No such die")
            hold = kind == "hold"
            if self.held[i] == hold:
                raise Refused("Already held" if hold else "Not held")
            if hold and not self.values[i]:
                raise Refused("Roll it first")
            self.held[i] = hold
            events.append(("held" if hold else "released", 0, i))
            return False
        if kind == "count":
            n = int_arg(step)
            if n < 1 or n > MAX_DICE:
                raise Refused("1 to 6 dice")
            if n == self.count:
                raise Refused("Already %d dice" % n)
            if self.any_held():
                raise Refused("Release all dice first")
            while len(self.values) > n:
                self.values.pop()
                self.held.pop()
            while len(self.values) < n:
                self.values.append(0)
                self.held.append(False)
            events.append(("count", 0, n))
            return False
        raise Refused("Not a step")

    def _write(self, w):
        w.u16(self.rolls)
        w.u8(self.count)
        for i in range(self.count):
            w.u8(self.values[i] | (8 if self.held[i] else 0))

    def _read(self, r):
        self.rolls = r.u16()
        n = r.u8(1, MAX_DICE)
        self.values = []
        self.held = []
        for _ in range(n):
            b = r.u8(0, 14)
            v = b & 7
            if v > 6 or (b & 8 and v == 0):
                raise DecodeError("bad die")
            self.values.append(v)
            self.held.append(b & 8 == 8)
        if self.over or self.current:
            raise DecodeError("bad dice state")
        self.initial_events = []
