"""DicedOut seats: "normal" and "strong".

The only choices are the bonus mark (or declining it) and the penalised
player.

* strong: plays to win the game in front of it (issue 33).  The bonus mark
  minimising the expected round score, or no mark when declining expects
  less (it can: with bonus numbers 6, 7 and 8 and only 6 and 7 left,
  keeping both open wins on 11 rolls in 36), looked up in a table of every
  sheet's expected round score (``Values``: computed once on the desktop,
  ``tools/tables.py``, and read from the drive by the app; built in slices
  where no such file fits) -- except in the game's last round, where it
  takes the mark with the best chance to end the game with the lowest
  total (a shared lowest total counting 1/k) when that beats the table's
  by more than EPS: from the totals, the others' sheets and the seat's own
  rolls (``_win_extra``: a player who needs a low round score gambles on
  it, one who only needs to stay under a total plays for that rather than
  the lowest average).  The penalty goes to the leader (lowest total so far
  among the others; the first clockwise on a tie): the rival whose penalty
  lifts the seat's chance to win the most, whatever the gap (``_leader``).
* ``turn(..., win=False)``: Strong as it was before issue 33, the table's
  bonus mark in every round (bench/dicedout_win.py measures the two).
* normal: marks the highest unmarked number; penalises the next player.
"""

from dws_core.dicedout import ALL_MARKED, EXTRA, HIGH, LOW, PENALTY, unmarked_sum

TABLE_LEVELS = ("strong",)   # levels that read a table file (the drive's, or built)
SHEETS = ALL_MARKED + 1     # every sheet of a round: 2,048
MOST_REROLLS = 3            # (a penalised player has 2)
SCALE = 1 << 16             # the build's precision: values are integers over SCALE
# The table keeps V x 1,024 in 16 bits: the largest V of any sheet, bonus
# numbers and rerolls is 54.8 (no bonus number, no reroll: a bonus number
# can only lower it), 56,100 < 65,536; rounding costs at most 1/2,048.
TABLE_SCALE = 1 << 10
SHIFT = 6                   # SCALE = TABLE_SCALE << SHIFT
WAYS = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)  # two-dice totals 2..12
NONE_YET = 1 << 29          # above every value (77 x SCALE at most), a small int everywhere
# Sheets the app builds per main-loop pass (``Values.advance``); it looks
# at the key queue between steps of two.
SLICE_SHEETS = 48
TABLE_FILE = "dicedout.dwt"     # the table of the default bonus numbers, on the drive

_WAYS_OF = {}               # a number's bit -> the ways of its total (of 36)
for _b in range(11):
    _WAYS_OF[1 << _b] = WAYS[_b]


def _open_sums(first, count, per_bit):
    """For every mask of ``count`` bits from bit ``first``: the sum of
    ``per_bit`` over its clear bits (a sheet's open numbers), as bytes."""
    return bytes([sum([per_bit[first + b] for b in range(count) if not m >> b & 1])
                  for m in range(1 << count)])


# A sheet's open ways (of 36) and open numbers (its diced-out score), from
# its bits 0-5 and 6-10.
_WAYS_LOW = _open_sums(0, 6, WAYS)
_WAYS_HIGH = _open_sums(6, 5, WAYS)
_LEFT_LOW = _open_sums(0, 6, range(LOW, HIGH + 1))
_LEFT_HIGH = _open_sums(6, 5, range(LOW, HIGH + 1))
del _open_sums, _b


class Values:
    """V(sheet, rerolls) x TABLE_SCALE for every sheet and 0-3 rerolls left,
    for one game's bonus numbers: the expected round score from the start
    of a roll under optimal bonus marks (declining one when that is better).

    Value iteration, a slice of sheets per ``advance``: no rerolls first,
    then one more at a time; in each, sheets with more marks first, so a
    sheet's successors (one number more) are done before it.  The layer
    being built stays at full precision (SCALE) in one list, written over
    the layer before it in place: a sheet's value with a reroll less is
    read at its own visit, just before its new value replaces it.  A bonus
    number rolled leads to the successor's value after its best bonus mark
    or none: worked out at the successor's visit and added at once into
    the entries of the sheets it is a bonus roll from (their entries then
    hold 36 x V of their marked totals plus these terms, no longer the
    value before), so no second list is needed (the heap of a PyBadge-sized
    game could not hold one more 8 KB).  Each finished value goes into the
    16-bit layers.  A decision is then a dozen look-ups: worked out at the
    decision (every sheet that can follow, value iteration) one took
    0.4-2 s on the Pico with 8-10 numbers open.
    """

    objective = "strong"        # what the app's seats wait for: the strong level and the hint
    size = (MOST_REROLLS + 1) * SHEETS   # sheets to build

    def __init__(self, bonus_mask):
        from array import array
        self.bonus_mask = bonus_mask
        # Allocated here, when a game starts on a collected heap (sized from
        # range's length: one allocation each); built in the passes after.
        self.layers = [array("H", range(SHEETS)) for _ in range(MOST_REROLLS + 1)]
        self._work = [0] * SHEETS
        self._rerolls = 0
        self._sheet = ALL_MARKED    # the next to build, downwards
        self.done = False

    def left(self):
        """Sheets still to build (0 once ``done``)."""
        if self.done:
            return 0
        return (MOST_REROLLS - self._rerolls) * SHEETS + self._sheet + 1

    def advance(self, count):
        """Build up to ``count`` more sheets; True once the table is complete."""
        if self.done:
            return True
        work = self._work
        bonus = self.bonus_mask
        ways_of = _WAYS_OF
        ways_low = _WAYS_LOW
        ways_high = _WAYS_HIGH
        left_low = _LEFT_LOW
        left_high = _LEFT_HIGH
        r = self._rerolls
        idx = self._sheet
        out = self.layers[r]
        # The hot path on the board: plain loops over small ints in locals.
        while count > 0:
            acc = 0
            best = NONE_YET
            m = ALL_MARKED ^ idx   # the numbers this sheet has open, bit by bit
            while m:
                bit = m & -m
                m ^= bit
                c = work[idx | bit]
                if c < best:
                    best = c
                if not bonus & bit:
                    acc += ways_of[bit] * c
            if bonus & ~idx:
                acc += work[idx]   # (its bonus rolls and marked totals, added in)
            else:
                # A marked total: a reroll (this sheet, one less), or diced out.
                acc += (36 - ways_low[idx & 63] - ways_high[idx >> 6]) * (
                    work[idx] if r else (left_low[idx & 63] + left_high[idx >> 6]) * SCALE)
            v = (acc + 18) // 36
            work[idx] = v
            out[idx] = (v + (1 << (SHIFT - 1))) >> SHIFT
            if v < best:
                best = v           # this sheet's value after a bonus roll
            m = bonus & idx        # ... added into the sheets it is one from
            while m:
                bit = m & -m
                m ^= bit
                sub = idx ^ bit
                if bonus & ~sub < bit << 1:
                    # The first (sub's highest open bonus number): its entry
                    # still holds its value before, the dice-out score at r 0.
                    work[sub] = (36 - ways_low[sub & 63] - ways_high[sub >> 6]) * (
                        work[sub] if r else (left_low[sub & 63] + left_high[sub >> 6]) * SCALE) \
                        + ways_of[bit] * best
                else:
                    work[sub] += ways_of[bit] * best
            count -= 1
            idx -= 1
            if idx < 0:
                r += 1
                idx = ALL_MARKED
                if r > MOST_REROLLS:
                    self.done = True
                    self._work = None   # only needed while building
                    return True
                out = self.layers[r]
        self._rerolls = r
        self._sheet = idx
        return False

    def value(self, marks, rerolls):
        """V(marks, rerolls) x TABLE_SCALE (the table must be complete)."""
        return self.layers[rerolls][marks]


_cache = []     # [Values]: the bonus numbers in play, one kept


def values(bonus_mask, build=True):
    """The table of these bonus numbers: complete, or with ``build=False``
    as it stands (a new one empty) for the app to ``advance()`` in slices;
    the same object either way."""
    if _cache and _cache[0].bonus_mask == bonus_mask:
        table = _cache[0]
    else:
        clear_cache()           # (the old one goes first: the heap holds one)
        table = Values(bonus_mask)
        _cache.append(table)
    if build and not table.done:
        table.advance(table.size)
    return table


def ready(bonus_mask):
    """Is the whole table of these bonus numbers at hand?"""
    return bool(_cache) and _cache[0].bonus_mask == bonus_mask and getattr(_cache[0], "done", True)


def use(table, bonus_mask):
    """Keep ``table`` as the table of these bonus numbers: a complete one
    from elsewhere (the app's, read from the drive), with ``value(marks,
    rerolls)`` and ``close()``."""
    clear_cache()
    table.bonus_mask = bonus_mask
    _cache.append(table)


def clear_cache():
    for table in _cache:
        if hasattr(table, "close"):
            table.close()
    del _cache[:]


def best_extra(marks, rerolls, bonus_mask):
    """(number, expected round score x TABLE_SCALE) of the best bonus mark;
    number 0 when declining is strictly better than every mark."""
    table = values(bonus_mask)
    best_n = 0
    best = table.value(marks, rerolls)  # declined: the sheet as it is
    for b in range(11):
        bit = 1 << b
        if not marks & bit:
            v = table.value(marks | bit, rerolls)
            if v <= best:
                if v < best or best_n == 0:
                    best_n = b + LOW
                best = v
    return best_n, best


def needs_tables(game):
    """Only a bonus mark looks the table up (a roll and the penalty: none)."""
    return game.phase == EXTRA


# ----- Strong: the bonus mark that plays to win ---------------------------------
#
# In the game's last round (earlier, the rounds to come spread the totals so
# much that the table's marks win about as often: an exact desktop oracle
# put the gain at 0.0004 of a win over the 909 earlier-round bonus marks of
# 300 three-player games) W(x, r), the seat's
# chance x ONE to win from sheet x with r rerolls left at the start of a
# roll, over every sheet that can follow the one at the bonus mark (its open
# numbers' subsets): the seat's own rolls exact, its later bonus marks the
# ones that win most, and at the end of its round f(s), the chance to win
# with round score s (``_chances``).  f holds what the seat cannot control:
# a rival who has finished holds a fixed total (one below the seat's loses,
# e equal share 1/(1 + e)); a rival still playing whose rest of the round
# is small enough has its round score's exact distribution, marking the
# highest number open after a bonus (the table's choice on 8,176 of its
# 8,188 sheets and rerolls; ``_tail``); any other rival's round score is
# taken as normal (mean: the table's expected score from its sheet;
# variance: the fit VAR_C below).  The rivals are independent; a tie with
# two of them that are not fixed counts 1/2 for each.  The choice that wins
# most by more than EPS is played; otherwise, and where the work would pass
# BUDGET, the table's.
#
# Cost, on CircuitPython 10.2.1 (the emulated Pico, .mpy): the seat's
# W ~0.09 ms an open number of each sheet and rerolls left (6 open and 3
# rerolls: 768 of them, ~63 ms); an exact rival ~0.3 ms a sheet and rerolls
# left, ~2 ms more each; f ~0.1-0.16 ms a score and rival still playing.
# BUDGET (with COST_*, in 10 us) keeps a decision under ~80 ms; where it
# would not, the table's choice.  On CPython under 0.3 ms.  Nothing is
# kept; a decision allocates ~6 KB at most (lists of up to 256 small ints).
# All of it in small ints (chances x 2**14: a product of two stays below
# 2**30).

ONE = 1 << 14               # a chance x ONE
EPS = 4                     # a choice within EPS of the table's is no better
BUDGET = 7500               # the work of one decision at most, in 10 us on the board
COST_SEAT = 9               # a step of the seat's: an open number of a sheet and rerolls left
COST_RIVAL = 35             # a visit of an exact rival's: a sheet and rerolls left
COST_TAIL = 200             # an exact rival's
COST_SCORE = 16             # a score of f against a rival still playing
MASS_SHIFT = 24             # a rival's probabilities as they are handed on: x 2**24
# A round score's variance from a sheet, fitted to the exact values for the
# bonus numbers 2 and 12 (every sheet, rms error of the standard deviation
# 0.6-0.9): VAR_C[r] / 10 x V (U - V) / U, V the expected score, U the
# sheet's open sum, r rerolls left.
VAR_C = (124, 112, 106, 103)
# Q(i / 16) x ONE, the standard normal's upper tail, i = 0..64.
_Q = (8192, 7784, 7377, 6974, 6575, 6182, 5797, 5421, 5055, 4700, 4358, 4029,
      3713, 3412, 3126, 2855, 2599, 2359, 2135, 1925, 1731, 1551, 1386, 1234,
      1095, 968, 853, 750, 656, 573, 498, 432, 373, 321, 275, 235, 200, 170,
      144, 121, 102, 85, 71, 59, 49, 40, 33, 27, 22, 18, 15, 12, 9, 8, 6, 5,
      4, 3, 2, 2, 1, 1, 1, 1, 1)


def _isqrt(n):
    """floor(sqrt(n)) for an int n >= 0 (math.isqrt is not on the board)."""
    if n < 2:
        return n
    x = n
    y = (x + 1) >> 1
    while y < x:
        x = y
        y = (x + n // x) >> 1
    return x


def _sd16(mean16, open16, rerolls):
    """A round score's standard deviation x 16 from its mean and its
    sheet's open sum (both x 16) with ``rerolls`` left (VAR_C)."""
    if mean16 <= 0 or mean16 >= open16:
        return 0
    return _isqrt(8 * VAR_C[rerolls] * mean16 * (open16 - mean16) // (5 * open16))


def _visits(marks, rerolls):
    """Sheets x rerolls that can follow ``marks`` with ``rerolls`` left."""
    return (1 << (11 - bin(marks).count("1"))) * (rerolls + 1)


def _rivals(game, p, table, budget):
    """(fixed, exact, spread) for the players other than p in the last
    round, or None when working them out would pass ``budget``: the totals
    of those who have finished; (total, tail) of those still playing whose
    rest of the round is worked out (``_tail``), as many as fit; and
    (mean16, sd16) of the total each of the rest ends with."""
    fixed = []
    exact = []
    spread = []
    playing = []
    for q in range(game.players):
        if q != p:
            if game.finished(q):
                fixed.append(game.total(q))
            else:
                playing.append(q)
    scores = unmarked_sum(game.marks[p]) + 1     # the scores of f
    budget -= len(playing) * scores * COST_SCORE
    if budget < 0:
        return None
    for q in playing:
        marks = game.marks[q]
        r = game.rerolls_left(q)
        cost = _visits(marks, r) * COST_RIVAL + COST_TAIL
        if cost <= budget:
            budget -= cost
            exact.append((game.total(q), _tail(marks, r, game.bonus_mask)))
        else:
            m16 = (table.value(marks, r) + 32) >> 6
            spread.append((game.total(q) * 16 + m16, _sd16(m16, unmarked_sum(marks) * 16, r)))
    return fixed, exact, spread


def _sheets(marks):
    """(bits, ways, score): bits[i], the bit of the i-th number ``marks``
    has open, and ways[i] its ways (of 36); score[j], the open sum of the
    sheet with the packed set j of them marked too (bit i of j: bits[i])."""
    bits = []
    ways = []
    score = [unmarked_sum(marks)]
    for b in range(11):
        if not marks >> b & 1:
            bits.append(1 << b)
            ways.append(WAYS[b])
            score += [v - LOW - b for v in score]
    return bits, ways, score


def _tail(marks, rerolls, bonus):
    """P(round score >= s) x ONE for s = 0..U + 1 (U: the open sum) of a
    player at the start of a roll from ``marks`` with ``rerolls`` left who
    marks the highest open number after a bonus number: the probability of
    every sheet and rerolls left that can follow, handed on in order (more
    rerolls first, then sheets with fewer marks)."""
    bits, ways, score = _sheets(marks)
    k = len(bits)
    full = (1 << k) - 1
    out = [0] * (score[0] + 2)
    mass = [0] * (full + 1)
    mass[0] = 1 << MASS_SHIFT
    for r in range(rerolls, -1, -1):
        left = [0] * (full + 1)        # handed on to one reroll less
        for j in range(full):
            m = mass[j]
            if not m:
                continue
            stay = 36
            for i in range(k):
                if not j >> i & 1:
                    stay -= ways[i]
                    jj = j | 1 << i
                    if bonus & bits[i] and jj != full:
                        h = k - 1       # (the highest open number)
                        while jj >> h & 1:
                            h -= 1
                        jj |= 1 << h
                    mass[jj] += m * ways[i] // 36
            if r:
                left[j] += m * stay // 36
            else:
                out[score[j]] += m * stay // 36
        out[0] += mass[full]
        mass = left
    s = len(out) - 1
    acc = 0
    while s >= 0:
        acc += out[s]
        out[s] = acc >> (MASS_SHIFT - 14)
        s -= 1
    return out


def _chances(total, top, fixed, exact, spread):
    """f(s) x ONE for s = 0..top: the chance to win ending this round with
    score s (a total of ``total`` + s); never rising with s."""
    one = ONE
    out = [0] * (top + 1)
    end = top + 1       # f is 0 from here: a fixed total below the seat's
    for t in fixed:
        if t - total < end:
            end = t - total + 1 if t >= total else 0
    for s in range(end):
        ties = 1
        for t in fixed:
            if t == total + s:
                ties += 1
        out[s] = one // ties
    for t, tail in exact:
        # It ends above the seat with a round score above d = total + s - t.
        size = len(tail) - 1
        d = total - t - 1
        for s in range(end):
            d += 1
            if d >= size:
                out[s] = 0
            elif d >= 0:
                out[s] = out[s] * (tail[d + 1] + (tail[d] - tail[d + 1] >> 1)) >> 14
    q = _Q
    for m16, sd16 in spread:
        # P(its total > total + s): the normal's tail at z = 16 d / sd16.
        d = ((total * 16 - m16) << 4) - 256
        for s in range(end):
            d += 256
            if sd16 <= 0:
                h = one if d < 0 else (one >> 1 if d == 0 else 0)
            else:
                x = -d if d < 0 else d
                i = x // sd16
                if i >= 64:
                    h = 0
                else:
                    h = q[i] - (q[i] - q[i + 1]) * (x - i * sd16) // sd16
                if d < 0:
                    h = one - h
            out[s] = out[s] * h >> 14
    return out


def _solve(marks, rerolls, bonus, f):
    """W(marks, rerolls) (declined) and W(marks | n, rerolls) for each
    open n in order, x ONE: the seat's own rolls exact, its later bonus
    marks the best by W, f(s) at the end of its round."""
    bits, ways, score = _sheets(marks)
    size = 1 << len(bits)
    wy = [0] * size     # a packed bit (1 << i) -> its total's ways
    off = [0] * size    # ... -> size for a bonus number (read its best mark)
    bonmask = 0
    for i in range(len(bits)):
        wy[1 << i] = ways[i]
        if bonus & bits[i]:
            off[1 << i] = size
            bonmask |= 1 << i
    full = size - 1
    stay = [36] * size  # the ways (of 36) of a total marked already
    for j in range(size):
        m = full ^ j
        while m:
            b = m & -m
            m ^= b
            stay[j] -= wy[b]
    f0 = f[0]
    prev = None
    for r in range(rerolls + 1):
        # W of each packed set, then (from size on) W after a bonus roll
        # has marked it: the best of no more mark and each one more.
        w = [f0] * (2 * size)
        j = full - 1
        while j >= 0:
            acc = 0
            m = full ^ j
            if j & bonmask:     # (a bonus roll can end here)
                top = 0
                while m:
                    b = m & -m
                    m ^= b
                    acc += wy[b] * w[j | b | off[b]]
                    v = w[j | b]
                    if v > top:
                        top = v
                acc += stay[j] * (prev[j] if r else f[score[j]])
                v = (acc + 18) // 36
                w[j] = v
                w[j | size] = v if v > top else top
            else:
                while m:
                    b = m & -m
                    m ^= b
                    acc += wy[b] * w[j | b | off[b]]
                acc += stay[j] * (prev[j] if r else f[score[j]])
                w[j] = (acc + 18) // 36
            j -= 1
        prev = w
    out = [prev[0]]
    b = 1
    while b <= full:
        out.append(prev[b])
        b <<= 1
    return out


def _win_extra(game, n_table):
    """(number, its chance, the table's chance) for the bonus mark in front
    of the current player (number 0: decline; chances x ONE; ``n_table``:
    the table's number), or None where the table's choice is played
    without looking further: an earlier round, one player, a decision
    that would pass BUDGET, or a game the marks cannot change (won or lost
    whatever the round score)."""
    if game.players < 2 or game.round != game.rounds - 1:
        return None
    p = game.current
    marks = game.marks[p]
    r = game.rerolls_left(p)
    k = 11 - bin(marks).count("1")
    budget = BUDGET - (r + 1) * k * (1 << k) // 2 * COST_SEAT
    if budget < 0:
        return None
    table = values(game.bonus_mask)
    rivals = _rivals(game, p, table, budget)
    if rivals is None:
        return None
    f = _chances(game.total(p), unmarked_sum(marks), rivals[0], rivals[1], rivals[2])
    if f[0] == f[-1]:
        return None
    w = _solve(marks, r, game.bonus_mask, f)
    nums = [0] + [n for n in range(LOW, HIGH + 1) if not marks >> (n - LOW) & 1]
    w_table = w[nums.index(n_table)]
    best_n = n_table
    best = w_table + EPS
    for i in range(len(nums)):
        if w[i] > best:
            best = w[i]
            best_n = nums[i]
    return best_n, (w_table if best_n == n_table else best), w_table


def _leader(game):
    """The other player with the lowest total (the first clockwise on a tie).

    Strong's penalty: it lifts the seat's chance to win the most, whatever
    the gap and the rounds left.  The seat wins where every rival ends
    above it; the penalty (two rerolls: +4.7 on a round's expected score
    of 30) raises one rival's chance to end above the seat, and raises it
    by the largest share for the rival with the lowest total, the one
    least likely to end above it (the further out in a tail, the faster
    it grows).  Checked with the exact round-score distributions and tie
    shares of 3-player games, 1-2 rounds left, totals 60 below to 60 above
    the seat's: the leader never does worse (tests/test_bot_dicedout_win.py)."""
    p = game.current
    best = -1
    for k in range(1, game.players):
        q = (p + k) % game.players
        if best < 0 or game.total(q) < game.total(best):
            best = q
    return best


def _extra(game, level, win):
    """(number, why): the bonus mark at ``level`` (number 0: decline); why
    is (the expected round score x TABLE_SCALE,) for Strong's choice by
    the table, or (its chance to win, the table's number, its chance) for
    one that plays to win otherwise."""
    p = game.current
    marks = game.marks[p]
    if level == "strong":
        n, v = best_extra(marks, game.rerolls_left(p), game.bonus_mask)
        choice = _win_extra(game, n) if win else None
        if choice is not None and choice[0] != n:
            return choice[0], (choice[1], n, choice[2])
        return n, (v,)
    n = HIGH
    while marks & (1 << (n - LOW)):
        n -= 1
    return n, None


def turn(game, level, rng, win=True):
    """``win=False``: Strong's bonus mark as before issue 33, the table's."""
    p = game.current
    if game.phase == PENALTY:
        q = _leader(game) if level == "strong" else (p + 1) % game.players
        return [("penalise", q)]
    if game.phase == EXTRA:
        n, _ = _extra(game, level, win)
        if n == 0:
            return [("decline",)]
        return [("extra", n)]
    return [("roll",)]


def _mark(n):
    return "mark %d" % n if n else "no mark"


def _why(a, n, b):
    """Why a bonus mark with chance ``a`` to win beats the table's, ``n``
    with ``b`` (x ONE): "win 65%, mark 8: 63%"."""
    a = (a * 1000 + ONE // 2) // ONE       # (tenths of a per cent)
    b = (b * 1000 + ONE // 2) // ONE
    if b >= 100 and (a + 5) // 10 != (b + 5) // 10:
        return "win %d%%, %s: %d%%" % ((a + 5) // 10, _mark(n), (b + 5) // 10)
    if a != b:
        return "win %d.%d%%, %s: %d.%d%%" % (a // 10, a % 10, _mark(n), b // 10, b % 10)
    return "wins a bit more than %s" % _mark(n)


def hint(game):
    """Strong's move.  A bonus mark's text gives its expected round score
    ("Mark 12: expect 8.2 this round"), or where Strong plays to win otherwise,
    its chance to win and the table's choice's ("Mark 4: win 65%, mark 8:
    63%"); the penalty names the leader."""
    if game.phase == EXTRA:
        n, why = _extra(game, "strong", True)
        steps = [("extra", n)] if n else [("decline",)]
        what = "Mark %d" % n if n else "No mark"
        if len(why) > 1:
            return steps, what + ": " + _why(why[0], why[1], why[2])
        k = (why[0] * 20 + TABLE_SCALE) // (2 * TABLE_SCALE)
        return steps, "%s: expect %d.%d this round" % (what, k // 10, k % 10)
    steps = turn(game, "strong", None)
    if steps[0][0] == "penalise":
        return steps, "Penalise P%d, the leader" % (steps[0][1] + 1)
    return steps, None


def sheet_score(marks):
    return unmarked_sum(marks) if marks != ALL_MARKED else 0
