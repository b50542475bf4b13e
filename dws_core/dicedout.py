"""DicedOut (docs/rules/dicedout.md): mark the totals 2-12, lowest total over four rounds wins.

A player's sheet for the round is a bit mask: bit ``n - 2`` set means the
number ``n`` is marked.  A turn is one or more ``("roll",)`` steps: an unmarked
total is marked and ends the turn (after a bonus number the player may first
mark one more number with ``("extra", n)``, or decline with ``("decline",)``:
the rules: "YOU MAY"); a marked total ticks a reroll box and
the player must roll again, or is diced out when no box is left.  Between
rounds the player with the lowest round score (roll-off among ties) starts the
next round and picks ``("penalise", p)``, the player who gets only two boxes.

Every roll, including roll-offs, happens inside a step or the constructor and
is recorded in the state, so undo and resume never redraw a die.
"""

from dws_core.engine import Engine, rank_by, int_arg, round_total
from dws_core.errors import DecodeError, Refused

LOW = 2
HIGH = 12
ALL_MARKED = 0x7FF  # bits for 2..12
REROLL_BOXES = 3
NONE = 255  # "no value" in the encoded state

# Phases of the game (attribute ``phase``).
ROLL = 0     # the current player rolls (a new turn or a compulsory reroll)
EXTRA = 1    # after a bonus number: the current player may mark one more (or decline)
PENALTY = 2  # the current player (lowest round score) picks who loses a box


def unmarked_sum(marks):
    """The sum of the numbers not marked in ``marks``: a finished round's score."""
    total = 0
    for n in range(LOW, HIGH + 1):
        if not marks & (1 << (n - LOW)):
            total += n
    return total



class DicedOut(Engine):
    GAME_ID = 3
    NAME = "DicedOut"
    OPTIONS = (("rounds", (4, 1, 2, 3)),)
    EXTRA_OPTIONS = ("bonus_numbers",)
    DEFAULT_BONUS = (2, 12)

    def __init__(self, players, seed=1, options=None, start_player=None):
        self._init_engine(players, seed)
        opts = self.check_options(options)
        self.rounds = opts["rounds"]
        bonus = opts.get("bonus_numbers", self.DEFAULT_BONUS)
        self.bonus_mask = self._bonus_mask(bonus)
        self.round = 0
        self.phase = ROLL
        self.penalised = -1
        self.again = False
        self.dice = [0, 0]
        self.marks = [0] * players
        self.used = [0] * players
        self.round_scores = [[None] * players]
        events = []
        if start_player is None:
            start_player = 0
            if players > 1:
                start_player = self._roll_off(list(range(players)), events)
                events.append(("first", start_player))
        elif type(start_player) is not int or not 0 <= start_player < players:
            raise ValueError("bad start_player")
        self.start_player = start_player
        self.current = start_player
        events.append(("round_start", 0, start_player))
        self.initial_events = events
        self._mark_checkpoint()

    @staticmethod
    def _bonus_mask(numbers):
        mask = 0
        for n in numbers:
            if type(n) is not int or n < LOW or n > HIGH:
                raise ValueError("bonus numbers must be 2-12")
            mask |= 1 << (n - LOW)
        return mask

    # ----- read-only helpers for the UI and bots ---------------------------

    @property
    def bonus_numbers(self):
        return tuple(n for n in range(LOW, HIGH + 1) if self.bonus_mask & (1 << (n - LOW)))

    def is_bonus(self, n):
        return bool(self.bonus_mask & (1 << (n - LOW)))

    def is_marked(self, p, n):
        return bool(self.marks[p] & (1 << (n - LOW)))

    def boxes(self, p):
        """Reroll boxes player ``p`` has this round (2 if penalised, else 3)."""
        return REROLL_BOXES - 1 if p == self.penalised else REROLL_BOXES

    def rerolls_left(self, p):
        return self.boxes(p) - self.used[p]

    def finished(self, p):
        """True once ``p`` is diced out or has marked everything this round."""
        return self.round_scores[self.round][p] is not None

    def total(self, p):
        return round_total(self.round_scores, p)

    def round_results(self, p):
        """Player ``p``'s score in each round so far (None: not played)."""
        return [row[p] for row in self.round_scores]

    def scores(self):
        return [self.total(p) for p in range(self.players)]

    def turn_lines(self):
        if self.phase == PENALTY:
            return ("Lowest score this round", "Pick who gets 2 rerolls")
        p = self.current
        return ("Round %d of %d" % (self.round + 1, self.rounds),
                "Total %d, %d rerolls" % (self.total(p), self.boxes(p)))

    def ranking(self):
        return rank_by(self.scores(), higher_is_better=False)

    def legal_steps(self):
        if self.over:
            return []
        if self.phase == ROLL:
            return [("roll",)]
        if self.phase == EXTRA:
            marks = self.marks[self.current]
            steps = [("extra", n) for n in range(LOW, HIGH + 1) if not marks & (1 << (n - LOW))]
            steps.append(("decline",))
            return steps
        return [("penalise", q) for q in range(self.players) if q != self.current]

    # ----- steps -------------------------------------------------------------

    def _apply(self, step, events):
        kind = step[0]
        if kind == "roll":
            if len(step) != 1:
                raise Refused("Not a step")
            if self.phase == EXTRA:
                raise Refused("Bonus: mark one or decline")
            if self.phase == PENALTY:
                raise Refused("Pick who loses a reroll")
            self._roll(events)
            return True
        if kind == "extra":
            n = int_arg(step)
            if self.phase != EXTRA:
                raise Refused("No bonus mark now")
            if n < LOW or n > HIGH:
                raise Refused("Pick a number 2-12")
            p = self.current
            if self.marks[p] & (1 << (n - LOW)):
                raise Refused("Already marked")
            self.marks[p] |= 1 << (n - LOW)
            events.append(("extra", p, n))
            self.phase = ROLL
            if self.marks[p] == ALL_MARKED:
                self._finish(p, events)
            self._end_turn(events)
            return True
        if kind == "decline":
            if len(step) != 1:
                raise Refused("Not a step")
            if self.phase != EXTRA:
                raise Refused("No bonus mark now")
            events.append(("declined", self.current))
            self.phase = ROLL
            self._end_turn(events)
            return True
        if kind == "penalise":
            q = int_arg(step)
            if self.phase != PENALTY:
                raise Refused("No penalty now")
            if q < 0 or q >= self.players:
                raise Refused("No such player")
            if q == self.current:
                raise Refused("Pick another player")
            events.append(("penalised", self.current, q))
            self._start_round(q, events)
            return True
        raise Refused("Not a step")

    def _roll(self, events):
        p = self.current
        a = self.rng.die()
        b = self.rng.die()
        self.dice[0] = a
        self.dice[1] = b
        events.append(("rolled", p, (a, b)))
        bit = 1 << (a + b - LOW)
        if not self.marks[p] & bit:
            self.again = False
            self.marks[p] |= bit
            events.append(("marked", p, a + b))
            if self.marks[p] == ALL_MARKED:
                self._finish(p, events)
            elif self.bonus_mask & bit:
                self.phase = EXTRA
                events.append(("bonus", p, a + b))
                return
            self._end_turn(events)
        elif self.used[p] < self.boxes(p):
            self.used[p] += 1
            self.again = True
            events.append(("reroll", p, self.boxes(p) - self.used[p]))
        else:
            self.again = False
            self._finish(p, events)
            self._end_turn(events)

    def _finish(self, p, events):
        score = unmarked_sum(self.marks[p])
        self.round_scores[self.round][p] = score
        if score:
            events.append(("diced_out", p, score))
        else:
            events.append(("cleared", p))

    def _end_turn(self, events):
        p = self.current
        events.append(("turn_end", p))
        for k in range(1, self.players + 1):
            q = (p + k) % self.players
            if not self.finished(q):
                self.current = q
                return
        self._end_round(events)

    def _end_round(self, events):
        row = self.round_scores[self.round]
        events.append(("round_end", self.round, tuple(row)))
        if self.round == self.rounds - 1:
            self.over = True
            events.append(("game_end", self.ranking()))
            return
        if self.players == 1:
            self._start_round(-1, events)
            return
        low = min(row)
        tied = [p for p in range(self.players) if row[p] == low]
        chooser = tied[0]
        if len(tied) > 1:
            chooser = self._roll_off(tied, events)
        self.current = chooser
        self.phase = PENALTY
        events.append(("chooser", chooser))

    def _start_round(self, penalised, events):
        self.round += 1
        self.start_player = self.current
        self.penalised = penalised
        self.phase = ROLL
        self.again = False
        self.dice[0] = 0
        self.dice[1] = 0
        for p in range(self.players):
            self.marks[p] = 0
            self.used[p] = 0
        self.round_scores.append([None] * self.players)
        events.append(("round_start", self.round, self.start_player))

    def _roll_off(self, candidates, events):
        """Everyone in ``candidates`` rolls two dice; ties roll again.  The winner."""
        while True:
            best = -1
            top = []
            for p in candidates:
                a = self.rng.die()
                b = self.rng.die()
                events.append(("rolloff", p, (a, b)))
                if a + b > best:
                    best = a + b
                    top = [p]
                elif a + b == best:
                    top.append(p)
            if len(top) == 1:
                return top[0]
            events.append(("rolloff_tie", tuple(top)))
            candidates = top

    # ----- encoding ------------------------------------------------------------

    def _write(self, w):
        w.u8(self.rounds)
        w.u16(self.bonus_mask)
        w.u8(self.round)
        w.u8(self.phase)
        w.u8(self.start_player)
        w.u8(NONE if self.penalised < 0 else self.penalised)
        w.u8(1 if self.again else 0)
        w.u8(self.dice[0])
        w.u8(self.dice[1])
        for p in range(self.players):
            w.u16(self.marks[p])
            w.u8(self.used[p])
        for row in self.round_scores:
            for s in row:
                w.u8(NONE if s is None else s)

    def _read(self, r):
        n = self.players
        rounds = r.u8()
        if rounds not in self.OPTIONS[0][1]:
            raise DecodeError("bad rounds")
        self.rounds = rounds
        self.bonus_mask = r.u16(0, ALL_MARKED)
        self.round = r.u8(0, rounds - 1)
        self.phase = r.u8(ROLL, PENALTY)
        self.start_player = r.u8(0, n - 1)
        pen = r.u8()
        if pen == NONE:
            pen = -1
        elif pen >= n:
            raise DecodeError("bad penalised player")
        self.penalised = pen
        self.again = r.flag()
        self.dice = [r.u8(0, 6), r.u8(0, 6)]
        if (self.dice[0] == 0) != (self.dice[1] == 0):
            raise DecodeError("bad dice")
        self.marks = []
        self.used = []
        for p in range(n):
            self.marks.append(r.u16(0, ALL_MARKED))
            self.used.append(r.u8(0, self.boxes(p)))
        self.round_scores = []
        for rnd in range(self.round + 1):
            row = []
            for p in range(n):
                s = r.u8()
                if s == NONE:
                    if rnd < self.round:
                        raise DecodeError("missing round score")
                    s = None
                elif s > 77:
                    raise DecodeError("bad round score")
                elif rnd == self.round and s != unmarked_sum(self.marks[p]):
                    raise DecodeError("round score does not match sheet")
                row.append(s)
            self.round_scores.append(row)
        self._check_consistent()
        self.initial_events = []

    def _check_consistent(self):
        cur = self.current
        done = True
        for p in range(self.players):
            if not self.finished(p):
                done = False
                if self.marks[p] == ALL_MARKED:
                    raise DecodeError("full sheet not finished")
        if self.over:
            if not done or self.round != self.rounds - 1 or self.phase != ROLL or self.again:
                raise DecodeError("bad final state")
        elif self.phase == PENALTY:
            if not done or self.round == self.rounds - 1 or self.players == 1 or self.again:
                raise DecodeError("bad penalty state")
        else:
            if self.finished(cur):
                raise DecodeError("current player is finished")
            if self.again and (self.phase != ROLL or self.used[cur] == 0):
                raise DecodeError("bad reroll state")
            if self.phase == EXTRA and self.dice[0] == 0:
                raise DecodeError("bad bonus state")
