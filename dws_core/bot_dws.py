"""Dice Wide Shut seats: "easy", "normal" and "strong" (see dws_core.bots).

A half is modelled as five row states: the mask of checked columns (bit c),
or CROSS for a split row.  A column is read top to bottom as a base-3 code:
0 open cell, 1 checked, 2 blocked (crossed, or the last empty cell of a row
with four checks: marking it would split).  A column table maps the 243 codes
to the column's expected score (x UNIT) when every open cell gets filled
with chance k/8, independently; k = 0 is the column's score now.

* easy: random legal steps until the turn is confirmed.
* normal: every complete turn (colour, dice, cells, protect or split) scored
  by the board's points now, minus 4 points per split.
* strong: the same turns scored by expected column value, k set from the
  turns likely left (the end-condition race: how close the nearest board is
  to three filled columns) and the open cells left, at the pace
  ``dws_columns.FILL_FACTOR`` (fitted by win share); a checked 6 is worth a
  point; at 2-3 players, minus the best take the next player this round
  gets from the dice left over (weighted 1/(players-1)), and a take that
  ends the game counts as won or lost (``dws_core.bot_dws_race``).
  ``race=False`` plays Strong as it was before issue 33 (its pace and 6s,
  no end of the game): the benchmarks' reference.
* hint: the strong plan from the turn's start, continued from where the
  player stands when that is worth as much, else undone first (B); its
  words are ``dws_core.bot_dws_hint``'s.

To stay within the device's think-time budget a pair of dice is tried only
in each die's two best cells (by its own gain), and only the PAIRS pairs with the
best sum of own gains are scored in full; every single die and 6 is scored.
"""

from dws_core.dws import CHECKED, EMPTY, END_COLUMNS, PURPLE
# (_cache and clear_cache: the tables this bot keeps, let go by dws_app.memory)
from dws_core.dws_columns import (CROSS, FILL_BEFORE, FILL_FACTOR, SIX_BEFORE,  # noqa: F401
                                  SIX_VALUE, SPLIT_COST, UNIT, _after, _cells, _codes, _delta,
                                  _delta2, _fill_level, _gain, _nearest_end, _rows, _cache,
                                  _column_table, clear_cache, rows_done)

TABLE_LEVELS = ("strong",)   # levels that read a table file (the drive's, or built)
PAIRS = 6  # pairs of dice scored in full per turn
DENIAL_PLAYERS = 3  # weigh the leftover pool at 2-3 players (no gain measured at 4)
RACE_PLAYERS = 3  # weigh the end of the game at 2-3 players (bench.dws_win)
# The hint's plan and words: a human's, so a game of device seats alone
# never loads them (``bots.hint`` imports it; issue 50).
HINT_MODULE = "dws_core.bot_dws_hint"


def weighs_others(game):
    """Does the Strong seat weigh the end of the game and the next player's
    take in this game (1-3 players)?  Then it uses ``dws_core.bot_dws_race``,
    which a game of 4-5 players never imports."""
    return game.players <= max(RACE_PLAYERS, DENIAL_PLAYERS)


class _Eval:
    """Scores complete turns for one player; keeps the best plan."""

    def __init__(self, game, strong, race=True):
        self.game = game
        p = game.current
        self.p = p
        board = game.boards[p]
        self.board = board
        self.rows = [_rows(board, 0), _rows(board, 1)]
        nearest = _nearest_end(game) if strong else 0
        # (race=False: Strong as it was before issue 33, its pace and 6s)
        fill = FILL_FACTOR if race else FILL_BEFORE
        self.six = 0 if not strong else SIX_VALUE if race else SIX_BEFORE
        k = _fill_level(game, p, nearest, self.rows, fill) if strong else 0
        self.k = k
        self.top = [None] * 12
        self.top_gain = [0] * 12
        self.codes = [_codes(self.rows[0]), _codes(self.rows[1])]
        self.tables = [_column_table(game.run_points, 0, k), _column_table(game.run_points, 1, k)]
        self.best = None
        self.best_value = -(1 << 29)
        self.wide = False       # every cell of a die and every pair (``_enumerate``)
        # (the end is weighed at 2-3 players: at 4-5 the others' best takes
        # cost up to 4 x 17 ms on the Pico, 146 ms a decision in dws5)
        self.race = None
        self.denial = None
        self.plain = None           # (a hint's) the best plan but for the end's weight
        self.plain_value = None
        if strong and weighs_others(game):
            from dws_core import bot_dws_race
            if race and game.players <= RACE_PLAYERS:
                self.race = bot_dws_race.race(game, p, self.codes)
            q = (p + 1) % game.players
            if 1 < game.players <= DENIAL_PLAYERS and q != game.start_player:
                self.denial = bot_dws_race._ranked_pool(
                    game, bot_dws_race._gains(game, q, nearest, False, fill, self.six))

    def protectable(self, half, r):
        return self.board.sixes[half][r] == CHECKED and not self.game.turn_sixes & (1 << (half * 5 + r))

    def offer(self, value, plan):
        if self.race is not None:
            if self.plain_value is not None and value > self.plain_value:
                self.plain_value = value
                self.plain = plan
            value += self.race_value(plan)
        if value > self.best_value:
            self.best_value = value
            self.best = plan

    def race_value(self, plan):
        """RACE_WIN, -RACE_WIN or 0: a plan that ends the game wins or loses
        it (by the estimate of ``_race``); one that does not, 0."""
        half, _a, _b, act_a, act_b = plan
        col_a = act_a[3] if act_a is not None and act_a[0] == "mark" else -1
        col_b = act_b[3] if act_b is not None and act_b[0] == "mark" else -1
        if not self.race.ends(half, col_a, col_b):
            return 0
        after = list(self.rows[half])
        splits = self.board.splits
        for act in (act_a, act_b):
            if act is not None and act[0] == "mark":
                r = act[2]
                after[r] = _after(after[r], act[3])
                if after[r] == CROSS:
                    splits += 1
        now = self.race.now[half]
        gain = 0
        for code in _codes(after):
            gain += now[code]
        for code in self.codes[half]:
            gain -= now[code]
        return self.race.outcome(self.race.score + gain // UNIT, splits)

    def value(self, g):
        """What reaching position g this turn is worth, as offer() counts it."""
        board = g.boards[self.p]
        old = self.board
        v = (old.splits - board.splits) * SPLIT_COST
        for half in (0, 1):
            rows = _rows(board, half)
            codes = _codes(rows)
            for c in range(5):
                v += self.tables[half][codes[c]] - self.tables[half][self.codes[half][c]]
            for r in range(5):
                if board.sixes[half][r] == CHECKED:
                    v += self.six
                if old.sixes[half][r] == CHECKED:
                    v -= self.six
        taken = g.picked + [-1, -1]
        if self.race is not None and (board.filled_columns(0) >= END_COLUMNS
                                      or board.filled_columns(1) >= END_COLUMNS):
            v += self.race.outcome(g.score(self.p), board.splits)
        return v - self.pool_penalty(taken[0], taken[1])

    def pool_penalty(self, taken1, taken2):
        if self.denial is None:
            return 0
        best = 0
        for ranked in self.denial:
            total = 0
            found = 0
            for g, i in ranked[0]:
                if i != taken1 and i != taken2:
                    total += g
                    found += 1
                    if found == 2:
                        break
            if found and total > best:
                best = total
            for g, i in ranked[1]:
                if i != taken1 and i != taken2:
                    if g > best:
                        best = g
                    break
        return best // (self.game.players - 1)

    def one(self, half, i, v):
        """Best value change for a single die (value v) in half; returns (gain, action)."""
        rows = self.rows[half]
        codes = self.codes[half]
        table = self.tables[half]
        best = None
        best_gain = -(1 << 29)
        for cell in _cells(rows, half, v):
            r = cell // 5
            c = cell % 5
            s = rows[r]
            new = _after(s, c)
            gain = _delta(codes, table, r, s, new)
            if new == CROSS:
                gain -= SPLIT_COST
            if gain > best_gain:
                best_gain = gain
                best = ("mark", i, r, c)
            if new == CROSS and self.protectable(half, r):
                gain = -self.six
                if gain > best_gain:
                    best_gain = gain
                    best = ("protect", i, r, c)
        if best is None:
            return 0, None
        return best_gain, best

    def top_cells(self, half, v):
        """The two best cells (row*5+col) for one die of value v, by its own gain."""
        known = self.top[half * 6 + v]
        if known is not None:
            return known
        rows = self.rows[half]
        codes = self.codes[half]
        table = self.tables[half]
        # The two best, the first found first among equals; no list of
        # all of them (a decision's garbage is what brings the collector in).
        first = second = -1
        best = good = 0
        for cell in _cells(rows, half, v):
            gain = _gain(codes, table, rows, cell)
            r = cell // 5
            if rows[r] | 1 << (cell % 5) == 31 and self.protectable(half, r):
                gain = 0
            if first < 0 or gain > best:
                second, good = first, best
                first, best = cell, gain
            elif second < 0 or gain > good:
                second, good = cell, gain
        known = [] if first < 0 else [first] if second < 0 else [first, second]
        if self.wide:
            known = _cells(rows, half, v)
        self.top[half * 6 + v] = known
        self.top_gain[half * 6 + v] = best
        return known

    def pair(self, half, a, b):
        """Score the ways to mark dice a and b (1-5) in half among their two
        best cells; a shared row covers both orders (mark, then split or protect)."""
        values = self.game.dice_value
        rows = self.rows[half]
        codes = self.codes[half]
        table = self.tables[half]
        penalty = self.pool_penalty(a, b)
        six_cost = self.six
        va = values[a]
        vb = values[b]
        cells_a = self.top_cells(half, va)
        cells_b = cells_a if vb == va else self.top_cells(half, vb)
        if not cells_a or not cells_b:
            die, v = (b, vb) if not cells_a else (a, va)
            gain, act = self.one(half, die, v)
            self.offer(gain - penalty, (half, a, b, act, None))
            return
        for ca in cells_a:
            ra = ca // 5
            sa = rows[ra]
            new_a = _after(sa, ca % 5)
            acts_a = 2 if new_a == CROSS and self.protectable(half, ra) else 1
            for oa in range(acts_a):
                state_a = sa if oa else new_a
                act_a = ("protect" if oa else "mark", a, ra, ca % 5)
                base = -six_cost if oa else (-SPLIT_COST if new_a == CROSS else 0)
                if not self.second(half, a, b, ca, oa, state_a, base, cells_b, penalty):
                    # None of b's best cells is left: try all of them, or none.
                    rows[ra] = state_a
                    rest = _cells(rows, half, vb)
                    rows[ra] = sa
                    if not self.second(half, a, b, ca, oa, state_a, base, rest, penalty):
                        v = base + _delta(codes, table, ra, sa, state_a)
                        self.offer(v - penalty, (half, a, b, act_a, None))

    def second(self, half, a, b, ca, oa, state_a, base, cells_b, penalty):
        """Offer die b in each of cells_b after die a's action; how many offered."""
        rows = self.rows[half]
        codes = self.codes[half]
        table = self.tables[half]
        six_cost = self.six
        ra = ca // 5
        sa = rows[ra]
        new_a = _after(sa, ca % 5)
        kind_a = "protect" if oa else "mark"
        race = self.race
        col_a = -1 if oa else ca % 5
        offered = 0
        # (a plan's tuples are made only when it is the best so far, or
        # ends the game: most are neither, and the garbage would bring the
        # collector into the turn)
        for cb in cells_b:
            if cb == ca and not oa:
                continue
            rb = cb // 5
            if rb != ra:
                sb = rows[rb]
                new_b = _after(sb, cb % 5)
                opts = 2 if new_b == CROSS and self.protectable(half, rb) else 1
                for ob in range(opts):
                    final_b = sb if ob else new_b
                    v = base - (six_cost if ob else (SPLIT_COST if final_b == CROSS else 0))
                    v += _delta2(codes, table, ra, sa, state_a, rb, sb, final_b) - penalty
                    if race is not None and race.ends(half, col_a, -1 if ob else cb % 5):
                        self.offer(v, (half, a, b, (kind_a, a, ra, ca % 5),
                                       ("protect" if ob else "mark", b, rb, cb % 5)))
                    elif v > self.best_value:
                        self.best_value = v
                        self.best = (half, a, b, (kind_a, a, ra, ca % 5),
                                     ("protect" if ob else "mark", b, rb, cb % 5))
                    offered += 1
                continue
            if state_a == CROSS:
                continue
            # Same row: a first, then b (b may split or be protected).
            new_b = _after(state_a, cb % 5)
            v = base + _delta(codes, table, ra, sa, new_b) - penalty
            if new_b == CROSS:
                v -= SPLIT_COST
            if race is not None and race.ends(half, col_a, cb % 5):
                self.offer(v, (half, a, b, (kind_a, a, ra, ca % 5), ("mark", b, rb, cb % 5)))
            elif v > self.best_value:
                self.best_value = v
                self.best = (half, a, b, (kind_a, a, ra, ca % 5), ("mark", b, rb, cb % 5))
            offered += 1
            if new_b == CROSS and not oa and self.protectable(half, ra):
                # b protected; or b marked first and a protected.
                act_a = (kind_a, a, ra, ca % 5)
                act_b = ("mark", b, rb, cb % 5)
                v = base - six_cost + _delta(codes, table, ra, sa, new_a)
                self.offer(v - penalty, (half, a, b, act_a, ("protect", b, rb, cb % 5)))
                alt = sa | 1 << (cb % 5)
                v = -six_cost + _delta(codes, table, ra, sa, alt)
                self.offer(v - penalty, (half, a, b, act_b, ("protect", a, ra, ca % 5)))
        return offered

    def single(self, half, i):
        v = self.game.dice_value[i]
        penalty = self.pool_penalty(i, -1)
        if v == 6:
            sixes = self.board.sixes
            found = False
            for h in (0, 1):
                for r in range(5):
                    if sixes[h][r] == EMPTY:
                        found = True
                        gain = self.six
                        self.offer(gain - penalty, (half, i, -1, ("six", i, h, r), None))
            if not found:
                self.offer(-penalty, (half, i, -1, None, None))
            return
        gain, act = self.one(half, i, v)
        self.offer(gain - penalty, (half, i, -1, act, None))


def _eligible(game, half):
    out = []
    for i in range(len(game.dice_value)):
        if game.dice_free[i] and (game.dice_colour[i] == half or game.dice_colour[i] == PURPLE):
            out.append(i)
    return out


def _enumerate(ev):
    """Offer every take: singles and 6s, and the PAIRS most promising pairs
    (by the sum of each die's best own gain) scored in full; when every take
    ends the game and loses it, every cell and pair (``ev.wide``)."""
    while True:
        game = ev.game
        values = game.dice_value
        pairs = []
        for half in (0, 1):
            dice = _eligible(game, half)
            if not dice:
                continue
            low = []
            count = [0] * 6
            for i in dice:          # (a value's first two dice make every pair of values)
                v = values[i]
                if v != 6 and count[v] < 2:
                    count[v] += 1
                    low.append(i)
            seen = 0
            if game.no_doubles:
                distinct = False
                for i in low:
                    if values[i] != values[low[0]]:
                        distinct = True
                if low and not distinct:
                    ev.single(half, low[0])
                    low = []
            if len(low) == 1:
                ev.single(half, low[0])
            else:
                for i in low:
                    ev.top_cells(half, values[i])   # (each value's once: kept in ev.top)
            gains = ev.top_gain
            at = half * 6
            for x in range(len(low)):
                for y in range(x + 1, len(low)):
                    i = low[x]
                    j = low[y]
                    vi = values[i]
                    vj = values[j]
                    if game.no_doubles and vi == vj:
                        continue
                    key = 1 << (vi * 6 + vj if vi <= vj else vj * 6 + vi)
                    if seen & key:
                        continue
                    seen |= key
                    guess = gains[at + vi] + gains[at + vj]
                    k = len(pairs)
                    if k == PAIRS and not ev.wide:          # only the best PAIRS are kept
                        if pairs[k - 1][0] >= guess:
                            continue
                        k -= 1
                    else:
                        pairs.append(None)
                    while k and pairs[k - 1][0] < guess:  # insertion sort, stable
                        pairs[k] = pairs[k - 1]
                        k -= 1
                    pairs[k] = (guess, half, i, j)
            for i in dice:
                if values[i] == 6:
                    ev.single(half, i)
                    break
        for _guess, half, i, j in pairs:
            ev.pair(half, i, j)
        if ev.wide or ev.race is None or ev.best_value >= LOSING:
            return
        # Every take scored ends the game and loses it: the one that goes on
        # may be a die's third-best cell (bench.dws_win's ``ended_lost``).
        # Once more over every cell and pair (a loop: no Python frame more).
        ev.wide = True
        ev.top = [None] * 12


LOSING = -(1 << 19)     # below it a plan ends the game and loses it (-RACE_WIN + points)


def _plan_steps(game, plan):
    half, i, j, act_a, act_b = plan
    steps = []
    if game.colour != half and (game.colour < 0 or j >= 0 or game.dice_value[i] != 6
                                or game.dice_colour[i] != PURPLE):
        steps.append(("colour", half))  # (a purple 6 goes with either colour)
    for d in (i, j):
        if d >= 0 and d not in game.picked:
            steps.append(("pick", d))
    if act_a is not None:
        steps.append(act_a)
    if act_b is not None:
        steps.append(act_b)
    steps.append(("confirm",))
    return steps


def turn(game, level, rng, race=True):
    """The steps of the rest of the turn for the current player (ends with
    confirm): from its start a whole turn, mid-turn its best continuation.
    ``race``: False plays Strong as it was before issue 33 (the benchmarks'
    reference)."""
    if level == "easy":
        return _random_turn(game, rng)
    ev = _Eval(game, level == "strong", race)
    if not game.picked and True in game.dice_free:
        _enumerate(ev)
    steps = _onward(game, ev, ev.best, None)
    rows_done()
    return steps


def _random_turn(game, rng):
    copy = type(game).decode(game.encode())
    steps = []
    while True:
        legal = [s for s in copy.legal_steps()
                 if s[0] != "drop" and not (s[0] == "colour" and copy.colour >= 0)]
        s = legal[rng.below(len(legal))]
        copy.step(s)
        steps.append(s)
        if s[0] == "confirm":
            return steps


def _onward(game, ev, plan, target):
    """The best rest of the turn from here without undoing anything, or
    None when it is worth less than ``target``."""
    picked = game.picked
    if not picked:
        return _plan_steps(game, plan) if plan else [("confirm",)]
    if True in game.resolved:
        best = ev.value(game)
        steps = [("confirm",)]
        data = game.encode()
        for s in game.legal_steps():
            if s[0] in ("mark", "protect", "six"):
                trial = type(game).decode(data)
                trial.step(s)
                v = ev.value(trial)
                if len(steps) == 1 or v > best:
                    best = v
                    steps = [s, ("confirm",)]
    else:
        ev.best = None
        ev.best_value = -(1 << 29)
        half = game.colour
        a = picked[0]
        values = game.dice_value
        if len(picked) == 2:
            ev.pair(half, a, picked[1])
        elif game.take_complete():
            ev.single(half, a)
        else:
            for x in _eligible(game, half):
                if values[x] != 6 and not (game.no_doubles and values[x] == values[a]):
                    ev.pair(half, a, x)
        best = ev.best_value
        steps = _plan_steps(game, ev.best)
    return steps if target is None or best >= target else None
