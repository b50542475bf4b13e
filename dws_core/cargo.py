"""Cargo, or Ship, Captain and Crew (docs/rules/cargo.md).

Each die has a value (0 before the turn's first roll) and a role: FREE, or
banked as SHIP (a 6), CAPTAIN (a 5) or CREW (a 4).  Banking is automatic after
every roll, in that order, several in one roll allowed.  Once crewed, the FREE
dice are the cargo: ``("accept",)`` scores their sum, ``("roll",)`` rolls them
again (with ``hold_cargo``, ``("hold", i)`` / ``("release", i)`` keep some).
After the last roll the turn ends by itself; without a crew it scores 0.
Every round each player takes one turn, player 0 first; totals add up.
"""

from dws_core.engine import Engine, rank_by, int_arg, round_total
from dws_core.errors import DecodeError, Refused

FREE = 0
SHIP = 1
CAPTAIN = 2
CREW = 3
# The value each role needs, indexed by role.
ROLE_VALUE = (0, 6, 5, 4)
NONE = 255



class Cargo(Engine):
    GAME_ID = 4
    NAME = "Cargo"
    OPTIONS = (
        ("classic", (False, True)),
        ("hold_cargo", (False, True)),
        ("rounds", (1, 2, 3, 5, 10)),
    )

    def __init__(self, players, seed=1, options=None):
        self._init_engine(players, seed)
        opts = self.check_options(options)
        self._set_options(opts["classic"], opts["hold_cargo"], opts["rounds"])
        self.round = 0
        self.rolls = 0
        self.values = [0] * self.dice_count
        self.roles = [FREE] * self.dice_count
        self.held = [False] * self.dice_count
        self.round_scores = [[None] * players]
        self.initial_events = [("round_start", 0, 0)]
        self._mark_checkpoint()

    def _set_options(self, classic, hold_cargo, rounds):
        self.classic = classic
        self.hold_cargo = hold_cargo
        self.rounds = rounds
        self.dice_count = 5 if classic else 6
        self.max_rolls = 3 if classic else 5

    # ----- read-only helpers -------------------------------------------------

    def crew_level(self):
        """How many of ship, captain, crew are banked (0-3)."""
        level = 0
        for role in self.roles:
            if role != FREE:
                level += 1
        return level

    def crewed(self):
        return self.crew_level() == 3

    def cargo(self):
        """Sum of the cargo dice (the FREE dice; meaningful once crewed)."""
        total = 0
        for i in range(self.dice_count):
            if self.roles[i] == FREE:
                total += self.values[i]
        return total

    def rolls_left(self):
        return self.max_rolls - self.rolls

    def total(self, p):
        return round_total(self.round_scores, p)

    def round_results(self, p):
        """Player ``p``'s score in each round so far (None: not played)."""
        return [row[p] for row in self.round_scores]

    def scores(self):
        return [self.total(p) for p in range(self.players)]

    def turn_lines(self):
        return ("Round %d of %d" % (self.round + 1, self.rounds),
                "Total so far %d" % self.total(self.current))

    def ranking(self):
        return rank_by(self.scores(), higher_is_better=True)

    def legal_steps(self):
        if self.over:
            return []
        steps = []
        if self._can_roll():
            steps.append(("roll",))
        if self.crewed():
            steps.append(("accept",))
            if self.hold_cargo:
                for i in range(self.dice_count):
                    if self.roles[i] == FREE:
                        steps.append(("release", i) if self.held[i] else ("hold", i))
        return steps

    def _can_roll(self):
        for i in range(self.dice_count):
            if self.roles[i] == FREE and not self.held[i]:
                return True
        return False

    # ----- steps -------------------------------------------------------------

    def _apply(self, step, events):
        kind = step[0]
        p = self.current
        if kind == "roll":
            if len(step) != 1:
                raise Refused("Not a step")
            if not self._can_roll():
                raise Refused("All cargo is held")
            self._roll(events)
            return True
        if kind == "accept":
            if len(step) != 1:
                raise Refused("Not a step")
            if not self.crewed():
                raise Refused("No crew yet")
            score = self.cargo()
            events.append(("accepted", p, score))
            self._end_turn(score, events)
            return True
        if kind == "hold" or kind == "release":
            i = int_arg(step)
            if not self.hold_cargo:
                raise Refused("Holding is off")
            if not self.crewed():
                raise Refused("No cargo yet")
            if i < 0 or i >= self.dice_count:
                raise Refused("No such die")
            if self.roles[i] != FREE:
                raise Refused("Not a cargo die")
            hold = kind == "hold"
            if self.held[i] == hold:
                raise Refused("Already held" if hold else "Not held")
            self.held[i] = hold
            events.append(("held" if hold else "released", p, i))
            return False
        raise Refused("Not a step")

    def _roll(self, events):
        p = self.current
        rolled = []
        for i in range(self.dice_count):
            if self.roles[i] == FREE and not self.held[i]:
                self.values[i] = self.rng.die()
                rolled.append(i)
        self.rolls += 1
        events.append(("rolled", p, tuple(self.values), tuple(rolled)))
        level = self.crew_level()
        while level < 3:
            want = ROLE_VALUE[level + 1]
            found = -1
            for i in range(self.dice_count):
                if self.roles[i] == FREE and self.values[i] == want:
                    found = i
                    break
            if found < 0:
                break
            level += 1
            self.roles[found] = level
            events.append(("banked", p, level, found))
        if self.rolls == self.max_rolls:
            self._end_turn(self.cargo() if level == 3 else 0, events)

    def _end_turn(self, score, events):
        p = self.current
        self.round_scores[self.round][p] = score
        events.append(("turn_end", p, score))
        self.rolls = 0
        for i in range(self.dice_count):
            self.values[i] = 0
            self.roles[i] = FREE
            self.held[i] = False
        if p + 1 < self.players:
            self.current = p + 1
            return
        events.append(("round_end", self.round, tuple(self.round_scores[self.round])))
        if self.round == self.rounds - 1:
            self.over = True
            events.append(("game_end", self.ranking()))
            return
        self.round += 1
        self.current = 0
        self.round_scores.append([None] * self.players)
        events.append(("round_start", self.round, 0))

    # ----- encoding ------------------------------------------------------------

    def _write(self, w):
        w.u8((1 if self.classic else 0) | (2 if self.hold_cargo else 0))
        w.u8(self.rounds)
        w.u8(self.round)
        w.u8(self.rolls)
        for i in range(self.dice_count):
            w.u8(self.values[i] | (self.roles[i] << 3) | (32 if self.held[i] else 0))
        for row in self.round_scores:
            for s in row:
                w.u8(NONE if s is None else s)

    def _read(self, r):
        flags = r.u8(0, 3)
        rounds = r.u8()
        if rounds not in self.OPTIONS[2][1]:
            raise DecodeError("bad rounds")
        self._set_options(flags & 1 == 1, flags & 2 == 2, rounds)
        self.round = r.u8(0, rounds - 1)
        self.rolls = r.u8(0, self.max_rolls - 1)
        n = self.dice_count
        self.values = []
        self.roles = []
        self.held = []
        for _ in range(n):
            b = r.u8(0, 63)
            self.values.append(b & 7)
            self.roles.append((b >> 3) & 3)
            self.held.append(b & 32 == 32)
        most = 6 * (n - 3)
        self.round_scores = []
        for rnd in range(self.round + 1):
            row = []
            for p in range(self.players):
                s = r.u8()
                played = rnd < self.round or p < self.current or self.over
                if s == NONE:
                    if played:
                        raise DecodeError("missing score")
                    s = None
                elif not played or s > most:
                    raise DecodeError("bad score")
                row.append(s)
            self.round_scores.append(row)
        self._check_dice()
        self.initial_events = []

    def _check_dice(self):
        if self.over and (self.round != self.rounds - 1 or self.current != self.players - 1):
            raise DecodeError("bad final state")
        if self.rolls == 0 or self.over:
            for i in range(self.dice_count):
                if self.values[i] or self.roles[i] or self.held[i]:
                    raise DecodeError("dice before the first roll")
            if self.over and self.rolls:
                raise DecodeError("bad final state")
            return
        count = [0, 0, 0, 0]
        for i in range(self.dice_count):
            v = self.values[i]
            role = self.roles[i]
            if v < 1 or v > 6:
                raise DecodeError("bad die value")
            if role != FREE and v != ROLE_VALUE[role]:
                raise DecodeError("banked die has the wrong value")
            count[role] += 1
        level = 0
        while level < 3 and count[level + 1] == 1:
            level += 1
        for role in range(level + 1, 4):
            if count[role]:
                raise DecodeError("banked out of order")
        for i in range(self.dice_count):
            if self.roles[i] == FREE:
                if level < 3 and self.values[i] == ROLE_VALUE[level + 1]:
                    raise DecodeError("a die should have been banked")
                if self.held[i] and (level < 3 or not self.hold_cargo):
                    raise DecodeError("bad hold")
            elif self.held[i]:
                raise DecodeError("bad hold")
