"""Dice Wide Shut (docs/rules/dice-wide-shut.md): the flagship game's rules engine.

A turn is a sequence of steps (see ``dws_core.engine``)::

    ("colour", c)            choose RED or BLUE (change it while nothing is picked)
    ("pick", i)              take die i
    ("drop", i)              put die i back (only before anything is marked)
    ("mark", i, row, col)    check a cell for a 1-5 die (may split the row)
    ("protect", i, row, col) spend the row's 6 instead of that fifth check
    ("six", i, half, row)    check a 6-cell for a 6 die, in either half
    ("confirm",)             end the turn (irreversible)

Dice are indexed red first, then blue, then the purple die last.  Every index
(die, player, row, column) is 0-based.  Red cell (r, c) shows c+1, blue cell
(r, c) shows r+1.
"""

from dws_core.engine import COLS, Engine, rank_by
from dws_core.errors import DecodeError, Refused

RED = 0
BLUE = 1
PURPLE = 2

# Grid cell states; 6-cells use EMPTY, CHECKED and SPENT.
EMPTY = 0
CHECKED = 1
CROSSED = 2
SPENT = 2

# Red (and blue) dice by player count 1-5; solo uses the 2-player dice.
DICE_PER_COLOUR = (3, 3, 4, 5, 6)
DEFAULT_RUN_POINTS = ((0, 1, 3, 6, 10, 15), (0, 1, 3, 7, 10, 15))
EMPTY_COLUMN_POINTS = -5
# Each player's total at the end of rounds, for the final screen's chart:
# in TOTALS_BYTES (five players' 9 rounds, two players' 24), saved with the
# game and always the same length (a save is a few bytes' delta of the one
# before; a state whose length changed is written whole).  They are kept at
# each round's end by ``dws_core.dws_totals`` (imported then: from .py
# sources its code beside the engine's left the game's screen no room to
# compile, cp10_py's evening) and read by ``dws_core.dws_running``.
TOTALS_BYTES = 48
END_COLUMNS = 3

_NO_DICE_LEFT = ("No red dice left", "No blue dice left")
_NOT_THAT_COLOUR = ("Not a red die", "Not a blue die")


def cell_value(half, row, col):
    """The value (1-5) printed in a grid cell."""
    return col + 1 if half == RED else row + 1


def _cell_index(half, value, k):
    """Index of the k-th (0-4) cell showing ``value`` in ``half``."""
    if half == RED:
        return k * 5 + value - 1
    return (value - 1) * 5 + k


class Board:
    """One player's board: ``cells[half]`` (25, index row*5+col),
    ``sixes[half]`` (5) and the split counter."""

    def __init__(self):
        self.cells = [[EMPTY] * 25, [EMPTY] * 25]
        self.sixes = [[EMPTY] * 5, [EMPTY] * 5]
        self.splits = 0

    def has_empty(self, half, value):
        cells = self.cells[half]
        for k in range(5):
            if cells[_cell_index(half, value, k)] == EMPTY:
                return True
        return False

    def row_checks(self, half, row):
        cells = self.cells[half]
        n = 0
        for i in range(row * 5, row * 5 + 5):
            if cells[i] == CHECKED:
                n += 1
        return n

    def filled_columns(self, half):
        cells = self.cells[half]
        n = 0
        for col in range(5):
            i = col
            while i < 25 and cells[i] != EMPTY:
                i += 5
            if i >= 25:
                n += 1
        return n


def _check_run_points(value):
    """A pair (red, blue) of 6 integers each, indexed by run length 0-5."""
    try:
        ok = len(value) == 2
        out = []
        for half in (RED, BLUE):
            row = tuple(value[half])
            ok = ok and len(row) == 6
            for v in row:
                ok = ok and type(v) is int and -32768 <= v <= 32767
            out.append(row)
    except TypeError:
        ok = False
    if not ok:
        raise ValueError("run_points must be two lists of 6 ints")
    return (out[0], out[1])


class DiceWideShut(Engine):
    GAME_ID = 1
    NAME = "Dice Wide Shut"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 5
    OPTIONS = (("no_doubles", (False, True)),)
    EXTRA_OPTIONS = ("run_points",)
    # Events of the constructor (the first roll); empty for a decoded game.
    initial_events = ()

    def __init__(self, players, seed=1, options=None, start_player=None):
        self._init_engine(players, seed)
        opts = self.check_options(options)
        self.no_doubles = opts["no_doubles"]
        self.run_points = _check_run_points(opts.get("run_points", DEFAULT_RUN_POINTS))
        if start_player is None:
            start_player = self.rng.below(players)
        elif type(start_player) is not int or not 0 <= start_player < players:
            raise ValueError("start_player must be a player index")
        self.start_player = start_player
        self.current = start_player
        self.round = 0
        self.ending = False
        self.boards = [Board() for _ in range(players)]
        self.totals = b"\xff" * (TOTALS_BYTES // players * players)
        self._new_dice()
        self._reset_turn()
        events = []
        self._roll(events)
        self.initial_events = events
        self._mark_checkpoint()

    def _new_dice(self):
        n = DICE_PER_COLOUR[self.players - 1]
        self.dice_colour = tuple([RED] * n + [BLUE] * n + [PURPLE])
        self.dice_value = [1] * (2 * n + 1)
        self.dice_free = [True] * (2 * n + 1)

    def _reset_turn(self):
        self.colour = -1
        self.picked = []
        self.resolved = []
        self.turn_sixes = 0  # bit half*5+row: 6-cells checked this turn

    def _roll(self, events):
        values = self.dice_value
        for i in range(len(values)):
            values[i] = self.rng.die()
            self.dice_free[i] = True
        events.append(("rolled", self.start_player, tuple(values)))

    # ----- queries ------------------------------------------------------

    cell_value = staticmethod(cell_value)

    def filled_columns(self, p, half):
        return self.boards[p].filled_columns(half)

    def column_scores(self, p):
        """Ten column scores: red columns 0-4, then blue columns 0-4."""
        board = self.boards[p]
        out = []
        for half in (RED, BLUE):
            points = self.run_points[half]
            cells = board.cells[half]
            for col in range(5):
                total = 0
                run = 0
                seen = False
                for i in range(col, 25, 5):
                    if cells[i] == CHECKED:
                        run += 1
                        seen = True
                    elif run:
                        total += points[run]
                        run = 0
                if run:
                    total += points[run]
                out.append(total if seen else EMPTY_COLUMN_POINTS)
        return out

    def score(self, p):
        return sum(self.column_scores(p))

    def turn_lines(self):
        """The round and the score so far; while a column has no check, why a
        fresh board scores -50 (the rules' words: each such column is -5)."""
        score = self.score(self.current)
        first = "Round %d, score so far %d" % (self.round + 1, score)
        if EMPTY_COLUMN_POINTS in self.column_scores(self.current) and len(first) < COLS:
            return (first, "No check in a column: %d" % EMPTY_COLUMN_POINTS)
        return ("Round %d" % (self.round + 1), "Score so far %d" % score)

    def scores(self):
        return [self.score(p) for p in range(self.players)]

    def ranking(self):
        """Best first by total, then by more splits; equal on both share."""
        keys = [(self.score(p), self.boards[p].splits) for p in range(self.players)]
        return rank_by(keys)

    def _eligible(self, i, colour):
        c = self.dice_colour[i]
        return c == colour or c == PURPLE

    def _slot(self, i):
        picked = self.picked
        for k in range(len(picked)):
            if picked[k] == i:
                return k
        return -1

    def _can_add_second(self):
        """True if a free die could join the single picked 1-5 die."""
        first = self.dice_value[self.picked[0]]
        values = self.dice_value
        for i in range(len(values)):
            v = values[i]
            if (self.dice_free[i] and v != 6 and self._eligible(i, self.colour)
                    and not (self.no_doubles and v == first)):
                return True
        return False

    def take_complete(self):
        """True when the dice taken this turn form a whole take (or none is left)."""
        n = len(self.picked)
        if n == 0:
            return True not in self.dice_free
        if n == 2 or self.dice_value[self.picked[0]] == 6:
            return True
        return not self._can_add_second()

    def _placeable(self, i):
        board = self.boards[self.current]
        v = self.dice_value[i]
        if v == 6:
            return EMPTY in board.sixes[RED] or EMPTY in board.sixes[BLUE]
        return board.has_empty(self.colour, v)

    # ----- validation: each returns a refusal reason or None ----------------

    def _colour_error(self, c):
        if c != RED and c != BLUE:
            return "Red or blue only"
        if self.picked:
            return "Drop your dice first"
        if c == self.colour:
            return "Colour already chosen"
        for i in range(len(self.dice_free)):
            if self.dice_free[i] and self._eligible(i, c):
                return None
        return _NO_DICE_LEFT[c]

    def _pick_error(self, i):
        if i < 0 or i >= len(self.dice_value):
            return "No such die"
        if self.colour < 0:
            return "Pick red or blue first"
        if not self.dice_free[i]:
            return "Already picked" if i in self.picked else "That die is taken"
        if not self._eligible(i, self.colour):
            return _NOT_THAT_COLOUR[self.colour]
        if self.picked:
            first = self.dice_value[self.picked[0]]
            if len(self.picked) >= 2:
                return "Two dice at most"
            if first == 6 or self.dice_value[i] == 6:
                return "A 6 is taken alone"
            if self.no_doubles and first == self.dice_value[i]:
                return "Pick a different value"
        return None

    def _drop_error(self, i):
        if self._slot(i) < 0:
            return "That die is not picked"
        if True in self.resolved:
            return "Dice already marked"
        return None

    def _use_error(self, i):
        k = self._slot(i)
        if k < 0:
            return "Pick that die first"
        if self.resolved[k]:
            return "That die is used"
        if not self.take_complete():
            return "Take two dice"
        return None

    def _mark_error(self, i, row, col):
        err = self._use_error(i)
        if err:
            return err
        v = self.dice_value[i]
        if v == 6:
            return "Put a 6 in a 6-cell"
        if not (0 <= row < 5 and 0 <= col < 5):
            return "No such cell"
        if cell_value(self.colour, row, col) != v:
            return "Not a %d cell" % v
        if self.boards[self.current].cells[self.colour][row * 5 + col] != EMPTY:
            return "No empty %d there" % v
        return None

    def _protect_error(self, i, row, col):
        err = self._mark_error(i, row, col)
        if err:
            return err
        half = self.colour
        board = self.boards[self.current]
        if board.row_checks(half, row) != 4:
            return "It would not split"
        six = board.sixes[half][row]
        if six == EMPTY:
            return "No 6 in that row"
        if six == SPENT:
            return "That 6 is spent"
        if self.turn_sixes & (1 << (half * 5 + row)):
            return "6 was checked this turn"
        return None

    def _six_error(self, i, half, row):
        err = self._use_error(i)
        if err:
            return err
        if self.dice_value[i] != 6:
            return "Not a 6"
        if not (0 <= half < 2 and 0 <= row < 5):
            return "No such cell"
        six = self.boards[self.current].sixes[half][row]
        if six == CHECKED:
            return "That 6 is checked"
        if six == SPENT:
            return "That 6 is spent"
        return None

    def _confirm_error(self):
        if not self.picked:
            if True not in self.dice_free:
                return None
            if self.colour < 0:
                return "Pick red or blue first"
            return "Take a die"
        if not self.take_complete():
            return "Take two dice"
        for k in range(len(self.picked)):
            i = self.picked[k]
            if not self.resolved[k] and self._placeable(i):
                return "Mark the %d first" % self.dice_value[i]
        return None

    # ----- steps ------------------------------------------------------------

    def refusal(self, step):
        """Why ``step()`` would refuse ``step`` now, or None when it would
        take it; nothing changes (cheaper than searching ``legal_steps()``)."""
        kind = step[0]
        n = len(step) - 1
        for a in range(1, n + 1):
            if type(step[a]) is not int:
                return "Not a step"
        if kind == "colour" and n == 1:
            return self._colour_error(step[1])
        if kind == "pick" and n == 1:
            return self._pick_error(step[1])
        if kind == "drop" and n == 1:
            return self._drop_error(step[1])
        if kind == "mark" and n == 3:
            return self._mark_error(step[1], step[2], step[3])
        if kind == "protect" and n == 3:
            return self._protect_error(step[1], step[2], step[3])
        if kind == "six" and n == 3:
            return self._six_error(step[1], step[2], step[3])
        if kind == "confirm" and n == 0:
            return self._confirm_error()
        return "Not a step"

    def _apply(self, step, events):
        _refuse(self.refusal(step))
        kind = step[0]
        p = self.current
        if kind == "colour":
            c = step[1]
            self.colour = c
            events.append(("colour", p, c))
        elif kind == "pick":
            i = step[1]
            self.dice_free[i] = False
            self.picked.append(i)
            self.resolved.append(False)
            events.append(("picked", p, i))
        elif kind == "drop":
            i = step[1]
            k = self._slot(i)
            del self.picked[k]
            del self.resolved[k]
            self.dice_free[i] = True
            events.append(("dropped", p, i))
        elif kind == "mark":
            i, row, col = step[1], step[2], step[3]
            self._mark(p, i, row, col, events)
        elif kind == "protect":
            i, row, col = step[1], step[2], step[3]
            half = self.colour
            self.boards[p].sixes[half][row] = SPENT
            self.resolved[self._slot(i)] = True
            events.append(("protected", p, half, row, i))
        elif kind == "six":
            i, half, row = step[1], step[2], step[3]
            self.boards[p].sixes[half][row] = CHECKED
            self.turn_sixes |= 1 << (half * 5 + row)
            self.resolved[self._slot(i)] = True
            events.append(("six", p, half, row, i))
        else:                           # "confirm"
            self._end_turn(events)
            return True
        return False

    def _mark(self, p, i, row, col, events):
        half = self.colour
        board = self.boards[p]
        cells = board.cells[half]
        cells[row * 5 + col] = CHECKED
        self.resolved[self._slot(i)] = True
        events.append(("marked", p, half, row, col, i))
        if board.row_checks(half, row) == 5:
            for j in range(row * 5, row * 5 + 5):
                cells[j] = CROSSED
            board.splits += 1
            events.append(("split", p, half, row))

    def _end_turn(self, events):
        p = self.current
        for k in range(len(self.picked)):
            if not self.resolved[k]:
                events.append(("unplaced", p, self.picked[k]))
        self._reset_turn()
        events.append(("turn_end", p))
        board = self.boards[p]
        if not self.ending and (board.filled_columns(RED) >= END_COLUMNS
                                or board.filled_columns(BLUE) >= END_COLUMNS):
            self.ending = True
            events.append(("end_triggered", p))
        following = (p + 1) % self.players
        if following != self.start_player:
            self.current = following
            return
        events.append(("round_end", self.round))
        from dws_core.dws_totals import keep
        keep(self, self.round + 1)
        if self.ending:
            self.over = True
            events.append(("game_end", self.ranking()))
            return
        if self.round < 0xFFFF:
            self.round += 1
        self.start_player = (self.start_player + 1) % self.players
        self.current = self.start_player
        self._roll(events)

    def _marks(self):
        """The mark, protect and six steps open now, in legal_steps' order
        (a generator: ``first_mark`` stops at the first)."""
        if self.over or not self.picked or not self.take_complete():
            return
        sixes = self.boards[self.current].sixes
        for k in range(len(self.picked)):
            if self.resolved[k]:
                continue
            i = self.picked[k]
            v = self.dice_value[i]
            if v == 6:
                for half in (RED, BLUE):
                    for row in range(5):
                        if sixes[half][row] == EMPTY:
                            yield ("six", i, half, row)
                continue
            for j in range(5):
                cell = _cell_index(self.colour, v, j)
                row, col = cell // 5, cell % 5
                if self._mark_error(i, row, col) is None:
                    yield ("mark", i, row, col)
                    if self._protect_error(i, row, col) is None:
                        yield ("protect", i, row, col)

    def first_mark(self):
        """The first mark, protect or six step of ``legal_steps()``, or None
        when no taken die can be marked now (without listing the rest)."""
        for st in self._marks():
            return st
        return None

    def legal_steps(self):
        """Every step ``step()`` would accept now, in a fixed order."""
        out = []
        if self.over:
            return out
        if not self.picked:
            for c in (RED, BLUE):
                if self._colour_error(c) is None:
                    out.append(("colour", c))
        if self.colour >= 0:
            for i in range(len(self.dice_value)):
                if self._pick_error(i) is None:
                    out.append(("pick", i))
            if True not in self.resolved:
                for i in self.picked:
                    out.append(("drop", i))
        for st in self._marks():
            out.append(st)
        if self._confirm_error() is None:
            out.append(("confirm",))
        return out

    # ----- encoding -------------------------------------------------------

    def _write(self, w):
        w.u8((1 if self.no_doubles else 0) | (2 if self.ending else 0))
        for half in (RED, BLUE):
            for v in self.run_points[half]:
                w.s16(v)
        w.u16(self.round)
        w.u8(self.start_player)
        for i in range(len(self.dice_value)):
            w.u8(self.dice_value[i] | (0x80 if self.dice_free[i] else 0))
        w.u8(self.colour + 1)
        w.u8(len(self.picked))
        for k in range(len(self.picked)):
            w.u8(self.picked[k])
            w.u8(1 if self.resolved[k] else 0)
        w.u16(self.turn_sixes)
        for board in self.boards:
            # 50 cells then 10 six-cells, 2 bits each: 15 bytes.
            acc = 0
            n = 0
            for half in (RED, BLUE):
                for v in board.cells[half]:
                    acc = (acc << 2) | v
                    n += 1
                    if n == 4:
                        w.u8(acc)
                        acc = n = 0
            for half in (RED, BLUE):
                for v in board.sixes[half]:
                    acc = (acc << 2) | v
                    n += 1
                    if n == 4:
                        w.u8(acc)
                        acc = n = 0
        w.raw(self.totals)

    def _read(self, r):
        flags = r.u8(0, 3)
        self.no_doubles = (flags & 1) == 1
        self.ending = (flags & 2) == 2
        points = []
        for half in (RED, BLUE):
            points.append(tuple([r.s16() for _ in range(6)]))
        self.run_points = (points[0], points[1])
        self.round = r.u16()
        self.start_player = r.u8(0, self.players - 1)
        self._new_dice()
        for i in range(len(self.dice_value)):
            b = r.u8()
            v = b & 0x7F
            if v < 1 or v > 6:
                raise DecodeError("bad die value")
            self.dice_value[i] = v
            self.dice_free[i] = b >= 0x80
        self._reset_turn()
        self.colour = r.u8(0, 2) - 1
        for _ in range(r.u8(0, 2)):
            self.picked.append(r.u8(0, len(self.dice_value) - 1))
            self.resolved.append(r.flag())
        self.turn_sixes = r.u16(0, 0x3FF)
        self.boards = []
        for _ in range(self.players):
            board = Board()
            values = []
            for _ in range(15):
                b = r.u8()
                for shift in (6, 4, 2, 0):
                    v = (b >> shift) & 3
                    if v == 3:
                        raise DecodeError("bad cell state")
                    values.append(v)
            board.cells[RED][:] = values[0:25]
            board.cells[BLUE][:] = values[25:50]
            board.sixes[RED][:] = values[50:55]
            board.sixes[BLUE][:] = values[55:60]
            board.splits = _count_splits(board)
            self.boards.append(board)
        # (a state saved before the totals were kept ends before them)
        n = TOTALS_BYTES // self.players * self.players
        self.totals = r.raw(n) if r.more() else b"\xff" * n
        self._check_invariants()

    def _check_invariants(self):
        picked = self.picked
        if picked and self.colour < 0:
            raise DecodeError("dice picked without a colour")
        for k in range(len(picked)):
            i = picked[k]
            if self.dice_free[i] or self._slot(i) != k or not self._eligible(i, self.colour):
                raise DecodeError("bad picked die")
        if len(picked) == 2:
            a, b = self.dice_value[picked[0]], self.dice_value[picked[1]]
            if a == 6 or b == 6 or (self.no_doubles and a == b):
                raise DecodeError("bad pair of dice")
        if True in self.resolved and not self.take_complete():
            raise DecodeError("marked before taking")
        sixes = self.boards[self.current].sixes
        for bit in range(10):
            if self.turn_sixes & (1 << bit) and sixes[bit // 5][bit % 5] != CHECKED:
                raise DecodeError("bad six of this turn")
        if self.over and (not self.ending or picked or self.colour >= 0):
            raise DecodeError("bad end of game")
        if not self.ending:
            for p in range(self.players):
                board = self.boards[p]
                if p != self.current and (board.filled_columns(RED) >= END_COLUMNS
                                          or board.filled_columns(BLUE) >= END_COLUMNS):
                    raise DecodeError("missed end of game")


def _count_splits(board):
    """Crossed rows, which are the splits; refuses rows a game cannot make."""
    splits = 0
    for half in (RED, BLUE):
        cells = board.cells[half]
        for row in range(5):
            crossed = 0
            checked = 0
            for i in range(row * 5, row * 5 + 5):
                if cells[i] == CROSSED:
                    crossed += 1
                elif cells[i] == CHECKED:
                    checked += 1
            if crossed == 5:
                splits += 1
            elif crossed or checked == 5:
                raise DecodeError("bad row")
    return splits


def _refuse(reason):
    if reason is not None:
        raise Refused(reason)
