"""Dice Wide Shut's Strong seat and the other players, in games of 1-3
players only (``bot_dws.weighs_others``): what a die is worth to a player
(``_gains``, ``_ranked_pool``), and the end of the game (issue 33): a take
that fills a third column of a half ends the game after the round, and
ending it behind loses it.  ``race`` says whether the seat's marks this
turn could end it; a ``Race`` then scores each take that would: won or
lost outweighs any points (RACE_WIN).  A module of its own, which a game of
4-5 players never imports (2,832 bytes of heap imported alone on the
board), compiled in a heap of its own from .py sources (cp10_py)."""

from dws_core.dws import EMPTY, END_COLUMNS, PURPLE
from dws_core.dws_columns import (OFFSET, SIX_VALUE, SPLIT_COST, UNIT, _cells, _codes,
                                  _column_table, _fill_level, _gain, _rows)


def _gains(game, q, nearest, now=False, fill=None, six=SIX_VALUE):
    """Value (x UNIT) for player q of one die: index half*7 + value (6: a 6);
    ``now``: in points now (the columns' scores), not expected values;
    ``fill`` and ``six``: the deciding seat's pace and 6 (``bot_dws._Eval``)."""
    board = game.boards[q]
    all_rows = (_rows(board, 0), _rows(board, 1))
    k = 0 if now else _fill_level(game, q, nearest, all_rows, fill)
    out = [0] * 14
    for half in (0, 1):
        rows = all_rows[half]
        codes = _codes(rows)
        table = _column_table(game.run_points, half, k)
        for v in range(1, 6):
            best = -SPLIT_COST
            for cell in _cells(rows, half, v):
                g = _gain(codes, table, rows, cell)
                if g > best:
                    best = g
            out[half * 7 + v] = best
        out[half * 7 + 6] = six if EMPTY in board.sixes[0] or EMPTY in board.sixes[1] else 0
    return out


def _ranked_pool(game, gains):
    """Per half: ([(gain, die)] of the four best 1-5 dice, the same for the
    three best 6s) for the next player, so a take's leftover is read quickly."""
    out = []
    values = game.dice_value
    for half in (0, 1):
        low = []
        sixes = []
        for i in range(len(values)):
            if game.dice_free[i] and (game.dice_colour[i] == half or game.dice_colour[i] == PURPLE):
                g = gains[half * 7 + values[i]]
                into = sixes if values[i] == 6 else low
                k = len(into)
                into.append((g, i))
                while k and into[k - 1][0] < g:  # insertion sort, stable
                    into[k] = into[k - 1]
                    k -= 1
                into[k] = (g, i)
        out.append((low[:4], sixes[:3]))
    return out


RACE_WIN = 1 << 20  # a take that ends the game: won or lost outweighs any points
RACE_REACH = 2      # the race is weighed when a turn's marks could end the game


def race(game, p, codes):
    """A ``Race`` for player p (``codes``: its halves' column codes), or None when p's
    marks this turn cannot end the game (RACE_REACH open cells at least to three filled columns
    of a half) or it is ending already."""
    if game.ending:
        return None
    board = game.boards[p]
    if min(board.cells[0].count(EMPTY), board.cells[1].count(EMPTY)) - 10 > RACE_REACH:
        return None     # (a half's two emptiest columns hold 10 cells at most)
    empties = []
    near = 99
    for cells in board.cells:
        column = [cells[c::5].count(EMPTY) for c in range(5)]
        empties.append(column)
        ranked = sorted(column)
        near = min(near, ranked[0] + ranked[1] + ranked[2])
    if near > RACE_REACH:
        return None
    return Race(game, p, empties, codes)


class Race:
    """What a take that ends the game is measured against: ``empties`` (the
    open cells of each column, per half), ``now`` (the columns' scores-now
    tables, per half), p's score, and the best other total with its splits,
    worked out when a plan first ends the game (``outcome``).  The others'
    totals are final but for those still to play this round, who get their
    best take (from the dice as they lie: an estimate on their side)."""

    def __init__(self, game, p, empties, codes):
        self.game = game
        self.p = p
        self.empties = empties
        self.filled = [column.count(0) for column in empties]
        self.now = (_column_table(game.run_points, 0, 0), _column_table(game.run_points, 1, 0))
        score = 0
        for half in (0, 1):
            for code in codes[half]:
                score += self.now[half][code] - OFFSET
        self.score = score // UNIT      # (game.score(p), from the tables)
        self.best = None                # the best other total now, then with takes
        self.best_splits = 0
        self.estimated = False

    def ends(self, half, col_a, col_b):
        """Do marks in columns col_a and col_b of ``half`` (-1: no mark)
        fill a third column?  (A split's crossed cells were filled.)"""
        empties = self.empties[half]
        filled = self.filled[half]
        if col_a >= 0 and col_a == col_b:
            filled += empties[col_a] == 2
        else:
            filled += (col_a >= 0 and empties[col_a] == 1) + (col_b >= 0 and empties[col_b] == 1)
        return filled >= END_COLUMNS

    def outcome(self, total, splits):
        """RACE_WIN when ``total`` with ``splits`` beats the best other total
        (RULES 1.8: more splits break a tie), -RACE_WIN when it loses, 0 for
        a shared win."""
        if self.best is None:
            self.others(False)
        if total < self.best:
            return -RACE_WIN            # (behind the totals as they stand)
        if not self.estimated:
            self.others(True)
        if total != self.best:
            return RACE_WIN if total > self.best else -RACE_WIN
        if splits != self.best_splits:
            return RACE_WIN if splits > self.best_splits else -RACE_WIN
        return 0

    def others(self, takes):
        """The best other total and its splits: as they stand, or
        (``takes``) with the best take of each player still to play."""
        game = self.game
        n = game.players
        mine = (self.p - game.start_player) % n
        self.best = -(1 << 20)
        self.estimated = takes
        for q in range(n):
            if q == self.p:
                continue
            total = game.score(q)
            if takes and (q - game.start_player) % n > mine:
                take = 0     # (q's best take from the dice as they lie, in points now)
                for low, _sixes in _ranked_pool(game, _gains(game, q, 0, True)):
                    if low:
                        take = max(take, low[0][0] + (low[1][0] if len(low) > 1 else 0))
                total += take // UNIT
            splits = game.boards[q].splits
            if total > self.best or (total == self.best and splits > self.best_splits):
                self.best = total
                self.best_splits = splits
