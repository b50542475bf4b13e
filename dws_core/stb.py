"""Shut the Box (docs/rules/shut-the-box.md) for 1-8 players.

Tiles are named by their numbers (1..tiles); a box is a bit mask of open tiles
(bit k = tile k+1).  The constructor does the roll-off for the starting player
(skipped for one player or when ``start_player`` is given); its events are in
``initial_events``: ("rolloff", p, (d1, d2))..., ("rolloff_tie", players)...,
("starts", p), ("round_start", round, first_player).

Turns mode (``mode: "turns"``), one player at a time, ``current`` playing:

* ``("roll", n)``: roll n = 2 dice, or 1 when the ``one_die`` rule allows it.
  Irreversible.  Events ("rolled", p, dice); when no open set matches, the turn
  ends at once: ("stuck", p, score), ("turn_end", p, score).
* ``("shut", t)`` puts open tile t into the selection (only if the selection can
  still be completed to the roll), ``("open", t)`` takes it back (undo works
  too); ``("confirm",)`` shuts the selection once it adds up to the roll
  (irreversible): ("shut", p, tiles), and ("shut_box", p) + ("turn_end", p, 0)
  when the box is empty (with ``instant_win`` the game ends there).

Together mode (``mode: "together"``, docs/rules/shut-the-box.md, together mode), built for passing the
device around; ``current`` is always the player who must act:

1. Phase USE, before each roll: every player in play who may use one die
   declares, clockwise from the roller, ``("use", 1)`` (die 1 alone) or
   ``("use", 2)`` (both), openly and before any die is seen: ("use", p, n).
   A declaration is not a checkpoint: ``undo()`` takes back the last one
   until the roll.
2. ``("roll",)`` by the roller (``current == roller``; rollers take turns
   clockwise, out players included) once all have declared.  Irreversible:
   ("rolled", roller, (d1, d2)); a one-die player's total is d1.
3. Every player in play without a matching set is out at once:
   ("out", p, score).  Then each remaining player, clockwise from the roller,
   selects tiles and confirms as in turns mode.
4. When all have placed, the next roller's round of declarations (or roll)
   follows.  The round ends when every player is out or has shut the box.
   With ``instant_win`` the game ends after a roll on which someone shut the
   box (all who did share the win); everybody keeps the open sum they have
   then.

Rounds (``rounds``): scores add up; round k starts with the player k seats
clockwise from the roll-off winner (decision).  Lowest total wins.  Events at
the end: ("round_end", round, scores), ("game_end", ranking) (as every engine).  Under
``instant_win`` the instant winners rank first, the others after them by the
turns they have completed (more first: a player who had no turn yet ranks
last), then by their scores.
"""

from dws_core.engine import Engine, rank_by
from dws_core.errors import DecodeError, Refused

ROLL = 0
USE = 1
SELECT = 2
OVER = 3

PLAYING = 0
OUT = 1  # stuck: turn over (turns mode) or out of the round (together)
SHUT = 2  # shut the box

TILE_CHOICES = (9, 10, 12)
ONE_DIE_CHOICES = ("high_shut", "remaining_le_6", "never")
ROUND_CHOICES = (1, 2, 3, 5, 10)
MODE_CHOICES = ("turns", "together")


def open_sum(mask):
    total = 0
    tile = 1
    while mask:
        if mask & 1:
            total += tile
        mask >>= 1
        tile += 1
    return total


def tiles_of(mask):
    out = []
    tile = 1
    while mask:
        if mask & 1:
            out.append(tile)
        mask >>= 1
        tile += 1
    return out


def can_make(mask, total):
    """Is there a set of open tiles in ``mask`` adding to ``total``?"""
    if total <= 0:
        return total == 0
    reach = 1  # bit s set: some subset adds to s
    limit = (2 << total) - 1
    tile = 1
    while mask:
        if mask & 1:
            reach = (reach | (reach << tile)) & limit
        mask >>= 1
        tile += 1
    return (reach >> total) & 1 == 1


class ShutTheBox(Engine):
    GAME_ID = 2
    NAME = "Shut the Box"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 8
    OPTIONS = (
        ("tiles", TILE_CHOICES),
        ("one_die", ONE_DIE_CHOICES),
        ("instant_win", (False, True)),
        ("rounds", ROUND_CHOICES),
        ("mode", MODE_CHOICES),
    )
    OPTION_WORDS = {"one_die": "One die if", "mode": "Play",
                    "high_shut": "7+ shut", "remaining_le_6": "open<=6", "turns": "in turns"}

    def __init__(self, players=1, seed=1, options=None, start_player=None):
        self._init_engine(players, seed)
        self._set_options(self.check_options(options))
        n = players
        self.full = (1 << self.tiles) - 1
        self.boxes = [self.full] * n
        self.status = [PLAYING] * n
        self.use = [0] * n
        self.placed = [False] * n
        self.winner = [False] * n
        self.round_scores = [[] for _ in range(n)]
        self.phase = ROLL
        self.round = 0
        self.dice = []
        self.selection = 0
        events = []
        if start_player is None:
            start_player = self._rolloff(events) if n > 1 else 0
        elif not isinstance(start_player, int) or not 0 <= start_player < n:
            raise ValueError("bad start_player")
        self.starter = start_player
        self.roller = start_player
        events.append(("starts", start_player))
        self._start_round(events)
        self.initial_events = events
        self._mark_checkpoint()

    def _set_options(self, opts):
        self.tiles = opts["tiles"]
        self.one_die = opts["one_die"]
        self.instant_win = opts["instant_win"]
        self.rounds = opts["rounds"]
        self.mode = opts["mode"]
        self.together = self.mode == "together"

    def options(self):
        return {"tiles": self.tiles, "one_die": self.one_die,
                "instant_win": self.instant_win, "rounds": self.rounds,
                "mode": self.mode}

    def _rolloff(self, events):
        """Everyone rolls two dice; the highest total starts; ties roll again."""
        contenders = list(range(self.players))
        while True:
            top = 0
            tied = []
            for p in contenders:
                d = (self.rng.die(), self.rng.die())
                events.append(("rolloff", p, d))
                if d[0] + d[1] > top:
                    top = d[0] + d[1]
                    tied = [p]
                elif d[0] + d[1] == top:
                    tied.append(p)
            if len(tied) == 1:
                return tied[0]
            events.append(("rolloff_tie", tuple(tied)))
            contenders = tied

    # ----- queries for the UI and bots ----------------------------------

    def seat_order(self, first):
        """All players clockwise from ``first``."""
        return [(first + i) % self.players for i in range(self.players)]

    def one_die_allowed(self, mask):
        if self.one_die == "high_shut":
            return mask >> 6 == 0
        if self.one_die == "remaining_le_6":
            return open_sum(mask) <= 6
        return False

    def target(self, p):
        """The roll total player p must match now (0 before the roll)."""
        if not self.together:
            return sum(self.dice)
        if len(self.dice) < 2:
            return 0
        return self.dice[0] if self.use[p] == 1 else self.dice[0] + self.dice[1]

    def score_now(self, p):
        """Open sum of player p's box (0 if shut)."""
        return open_sum(self.boxes[p])

    def scores(self):
        out = []
        for p in range(self.players):
            total = 0
            for s in self.round_scores[p]:
                total += s
            out.append(total)
        return out

    def turn_lines(self):
        """The round, and the score so far once the player has one (0 is a
        shut box: a player who has not played has no score yet)."""
        lines = ("Round %d of %d" % (self.round + 1, self.rounds),)
        if self.round_scores[self.current]:
            lines += ("Score so far %d" % self.scores()[self.current],)
        return lines

    def final_scores(self):
        """A player with no turn (instant win) has no score."""
        out = self.scores()
        for p in range(self.players):
            if not self.round_scores[p]:
                out[p] = None
        return out

    def round_results(self, p):
        """Player ``p``'s score in each round played (its box's open sum)."""
        return list(self.round_scores[p])

    def counted(self):
        """Boxes shut in the game: rounds that ended on 0."""
        n = 0
        for rounds in self.round_scores:
            for score in rounds:
                if score == 0:
                    n += 1
        return n

    def ranking(self):
        totals = self.scores()
        winners = [p for p in range(self.players) if self.winner[p]]
        if not winners:
            return rank_by(totals, higher_is_better=False)
        others = [p for p in range(self.players) if not self.winner[p]]
        groups = [winners]
        # More turns completed first (docs/rules/shut-the-box.md: no score is not a better
        # score), then the lower total; one int key (totals stay below 1024).
        keys = [totals[p] - 1024 * len(self.round_scores[p]) for p in others]
        for g in rank_by(keys, higher_is_better=False):
            groups.append([others[i] for i in g])
        return groups

    def legal_steps(self):
        if self.over:
            return []
        if self.phase == ROLL:
            if self.together:
                return [("roll",)]
            steps = [("roll", 2)]
            if self.one_die_allowed(self.boxes[self.current]):
                steps.append(("roll", 1))
            return steps
        if self.phase == USE:
            return [("use", 1), ("use", 2)]
        p = self.current
        box = self.boxes[p]
        sel = self.selection
        need = self.target(p) - open_sum(sel)
        steps = []
        for t in range(1, self.tiles + 1):
            bit = 1 << (t - 1)
            if sel & bit:
                steps.append(("open", t))
            elif box & bit and t <= need and can_make(box & ~sel & ~bit, need - t):
                steps.append(("shut", t))
        if need == 0:
            steps.append(("confirm",))
        return steps

    # ----- steps ---------------------------------------------------------

    def _apply(self, step, events):
        kind = step[0]
        if self.phase == ROLL:
            if kind != "roll":
                raise Refused("Roll the dice first")
            if self.together:
                if len(step) != 1:
                    raise Refused("Not a step")
                self._roll_together(events)
            else:
                self._roll_turn(self._number(step, "Roll 1 or 2 dice"), events)
            return True
        if self.phase == USE:
            if kind != "use":
                raise Refused("Choose one die or two")
            n = self._number(step, "Use 1 or 2 dice")
            if n != 1 and n != 2:
                raise Refused("Use 1 or 2 dice")
            self.use[self.current] = n
            events.append(("use", self.current, n))
            self._next_decider()
            return False  # undoable until the roll
        # SELECT
        p = self.current
        need = self.target(p)
        if kind == "shut":
            t = self._tile(step)
            bit = 1 << (t - 1)
            if not self.boxes[p] & bit:
                raise Refused("Tile %d is shut" % t)
            if self.selection & bit:
                raise Refused("Tile %d is chosen" % t)
            rest = need - open_sum(self.selection) - t
            if rest < 0 or not can_make(self.boxes[p] & ~self.selection & ~bit, rest):
                raise Refused("Tiles must add to %d" % need)
            self.selection |= bit
            events.append(("select", p, t))
            return False
        if kind == "open":
            t = self._tile(step)
            bit = 1 << (t - 1)
            if not self.selection & bit:
                raise Refused("Tile %d is not chosen" % t)
            self.selection &= ~bit
            events.append(("unselect", p, t))
            return False
        if kind == "confirm":
            if len(step) != 1:
                raise Refused("Not a step")
            if open_sum(self.selection) != need:
                raise Refused("Tiles must add to %d" % need)
            self._confirm(p, events)
            return True
        raise Refused("Shut tiles adding to %d" % need)

    def _number(self, step, reason):
        if len(step) != 2 or not isinstance(step[1], int) or isinstance(step[1], bool):
            raise Refused(reason)
        return step[1]

    def _tile(self, step):
        t = self._number(step, "Not a step")
        if t < 1 or t > self.tiles:
            raise Refused("No tile %d" % t)
        return t

    def _one_die_reason(self):
        if self.one_die == "high_shut":
            return "One die: shut 7-%d first" % self.tiles
        if self.one_die == "remaining_le_6":
            return "One die only at 6 or less"
        return "One-die rolls are off"

    def _roll_turn(self, n, events):
        if n != 1 and n != 2:
            raise Refused("Roll 1 or 2 dice")
        p = self.current
        if n == 1 and not self.one_die_allowed(self.boxes[p]):
            raise Refused(self._one_die_reason())
        self.dice = [self.rng.die() for _ in range(n)]
        events.append(("rolled", p, tuple(self.dice)))
        if can_make(self.boxes[p], self.target(p)):
            self.phase = SELECT
            self.selection = 0
        else:
            self.dice = []
            events.append(("stuck", p, self.score_now(p)))
            self._end_turn(p, OUT, events)

    def _confirm(self, p, events):
        self.boxes[p] &= ~self.selection
        events.append(("shut", p, tuple(tiles_of(self.selection))))
        self.selection = 0
        shut = self.boxes[p] == 0
        if shut:
            events.append(("shut_box", p))
            if self.instant_win:
                self.winner[p] = True
        if self.together:
            self.placed[p] = True
            if shut:
                self.status[p] = SHUT
            self._next_selector(events)
            return
        self.dice = []
        if shut:
            self._end_turn(p, SHUT, events)
        else:
            self.phase = ROLL

    # ----- turns mode: turn and round ends --------------------------------

    def _end_turn(self, p, status, events):
        self.status[p] = status
        score = self.score_now(p)
        self.round_scores[p].append(score)
        events.append(("turn_end", p, score))
        if self.winner[p]:
            self._game_over(events)
            return
        for q in self.seat_order(p):
            if self.status[q] == PLAYING:
                self.current = q
                self.phase = ROLL
                return
        self._end_round(events)

    def _end_round(self, events):
        scores = []
        for p in range(self.players):
            if self.together:
                self.round_scores[p].append(self.score_now(p))
            scores.append(self.round_scores[p][-1])
        events.append(("round_end", self.round, tuple(scores)))
        if self.round + 1 >= self.rounds:
            self._game_over(events)
        else:
            self.round += 1
            self._start_round(events)

    def _game_over(self, events):
        self.phase = OVER
        self.over = True
        self.dice = []
        groups = self.ranking()
        events.append(("game_end", groups))

    def _start_round(self, events):
        first = (self.starter + self.round) % self.players
        for p in range(self.players):
            self.boxes[p] = self.full
            self.status[p] = PLAYING
            self.use[p] = 0
            self.placed[p] = False
        self.current = first
        self.roller = first
        self.phase = ROLL
        self.dice = []
        self.selection = 0
        events.append(("round_start", self.round, first))
        if self.together:
            self._next_decider()

    # ----- together mode ---------------------------------------------------

    def _eligible(self, p):
        return self.status[p] == PLAYING and self.one_die_allowed(self.boxes[p])

    def _next_decider(self):
        """Before a roll: the next eligible player to declare, else the roller."""
        for p in self.seat_order(self.roller):
            if self._eligible(p) and self.use[p] == 0:
                self.phase = USE
                self.current = p
                return
        self.phase = ROLL
        self.current = self.roller

    def _roll_together(self, events):
        self.dice = [self.rng.die(), self.rng.die()]
        events.append(("rolled", self.roller, tuple(self.dice)))
        for p in self.seat_order(self.roller):
            if self.status[p] == PLAYING and not can_make(self.boxes[p], self.target(p)):
                self.status[p] = OUT
                events.append(("out", p, self.score_now(p)))
        self._next_selector(events)

    def _next_selector(self, events):
        for p in self.seat_order(self.roller):
            if self.status[p] == PLAYING and not self.placed[p]:
                self.phase = SELECT
                self.current = p
                self.selection = 0
                return
        self._end_roll(events)

    def _end_roll(self, events):
        self.dice = []
        for p in range(self.players):
            self.use[p] = 0
            self.placed[p] = False
        if True in self.winner:
            for p in range(self.players):
                self.round_scores[p].append(self.score_now(p))
            self._game_over(events)
            return
        if PLAYING not in self.status:
            self._end_round(events)
            return
        self.roller = (self.roller + 1) % self.players
        self._next_decider()

    # ----- encoding ----------------------------------------------------------

    def _write(self, w):
        w.u16(TILE_CHOICES.index(self.tiles)
              | ONE_DIE_CHOICES.index(self.one_die) << 2
              | (1 if self.instant_win else 0) << 4
              | MODE_CHOICES.index(self.mode) << 5
              | ROUND_CHOICES.index(self.rounds) << 6)
        w.u8(self.phase)
        w.u8(self.round)
        w.u8(self.starter)
        w.u8(self.roller)
        w.u8(self.dice[0] if self.dice else 0)
        w.u8(self.dice[1] if len(self.dice) > 1 else 0)
        w.u16(self.selection)
        for p in range(self.players):
            w.u16(self.boxes[p])
            w.u8(self.status[p] | self.use[p] << 2 | (1 if self.placed[p] else 0) << 4
                 | (1 if self.winner[p] else 0) << 5)
            w.u8s(self.round_scores[p])

    def _read(self, r):
        opts = r.u16(0, 0x1FF)
        ti, oi, mi, ri = opts & 3, (opts >> 2) & 3, (opts >> 5) & 1, opts >> 6
        if ti > 2 or oi > 2 or ri > 4:
            raise DecodeError("bad options")
        self._set_options({"tiles": TILE_CHOICES[ti], "one_die": ONE_DIE_CHOICES[oi],
                           "instant_win": (opts >> 4) & 1 == 1,
                           "rounds": ROUND_CHOICES[ri], "mode": MODE_CHOICES[mi]})
        n = self.players
        self.full = (1 << self.tiles) - 1
        self.phase = r.u8(ROLL, OVER)
        self.round = r.u8(0, self.rounds - 1)
        self.starter = r.u8(0, n - 1)
        self.roller = r.u8(0, n - 1)
        d1 = r.u8(0, 6)
        d2 = r.u8(0, 6)
        if d1 == 0 and d2 != 0:
            raise DecodeError("bad dice")
        self.dice = [d for d in (d1, d2) if d]
        self.selection = r.u16(0, self.full)
        box_sum = open_sum(self.full)
        self.boxes = []
        self.status = []
        self.use = []
        self.placed = []
        self.winner = []
        self.round_scores = []
        for _ in range(n):
            self.boxes.append(r.u16(0, self.full))
            flags = r.u8(0, 63)
            if flags & 3 > SHUT or (flags >> 2) & 3 > 2:
                raise DecodeError("bad player flags")
            self.status.append(flags & 3)
            self.use.append((flags >> 2) & 3)
            self.placed.append((flags >> 4) & 1 == 1)
            self.winner.append(flags >> 5 == 1)
            self.round_scores.append(r.u8s(self.round + 1, 0, box_sum))
        self._check()

    def _check(self):
        """Refuse decoded states the engine could never reach."""
        bad = DecodeError("inconsistent state")
        n = self.players
        p = self.current
        if self.over != (self.phase == OVER):
            raise bad
        if (True in self.winner) and not self.instant_win:
            raise bad
        for q in range(n):
            done = len(self.round_scores[q]) == self.round + 1
            if len(self.round_scores[q]) < self.round:
                raise bad
            if (self.status[q] == SHUT) != (self.boxes[q] == 0):
                raise bad
            if self.winner[q] and self.status[q] != SHUT:
                raise bad
            if not self.together:
                if self.use[q] or self.placed[q]:
                    raise bad
                if done != (self.status[q] != PLAYING):
                    raise bad
                if done and self.round_scores[q][-1] != open_sum(self.boxes[q]):
                    raise bad
            elif done != self.over:
                raise bad
            if self.placed[q] and (self.phase != SELECT or self.status[q] == OUT):
                raise bad
            if self.use[q] and self.phase == OVER:
                raise bad
            if self.phase in (USE, ROLL) and self.together:
                if self.use[q] and not self._eligible(q):
                    raise bad
            if self.phase == SELECT and self.status[q] == PLAYING and not self.placed[q]:
                if not can_make(self.boxes[q], self.target(q)):
                    raise bad  # every player left to place has a matching set
        if self.phase == OVER:
            if self.dice or self.selection:
                raise bad
            return
        if PLAYING not in self.status:
            raise bad
        if self.phase in (ROLL, USE):
            if self.dice or self.selection:
                raise bad
            if not self.together:
                if self.phase == USE or self.status[p] != PLAYING:
                    raise bad
                return
            # Declarations go clockwise from the roller: everyone eligible
            # before the current player has declared, nobody after; the
            # roller rolls once all have.
            if self.phase == ROLL:
                if p != self.roller:
                    raise bad
                for q in range(n):
                    if self._eligible(q) and not self.use[q]:
                        raise bad
                return
            declared = True
            for q in self.seat_order(self.roller):
                if q == p:
                    if not self._eligible(q) or self.use[q]:
                        raise bad
                    declared = False
                elif self._eligible(q) and (self.use[q] != 0) != declared:
                    raise bad
            return
        # SELECT
        if self.status[p] != PLAYING or self.placed[p]:
            raise bad
        if self.together:
            if len(self.dice) != 2:
                raise bad
        elif len(self.dice) == 1 and not self.one_die_allowed(self.boxes[p]):
            raise bad
        if not self.dice or self.selection & ~self.boxes[p]:
            raise bad
        if open_sum(self.selection) > self.target(p):
            raise bad
