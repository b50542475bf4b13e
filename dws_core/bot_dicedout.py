"""DicedOut seats: "normal" and "strong".

The only choices are the bonus mark (or declining it) and the penalised
player.

* strong: the bonus mark minimising the expected round score, or no mark
  when declining expects less (it can: with bonus numbers 6, 7 and 8 and
  only 6 and 7 left, keeping both open wins on 11 rolls in 36), looked up in
  a table of every sheet's expected round score (``Values``: computed once
  on the desktop, ``tools/tables.py``, and read from the drive by the app;
  built in slices where no such file fits); the penalty goes to the leader (lowest total
  so far among the others; the first clockwise on a tie).
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


def _leader(game):
    p = game.current
    best = -1
    for k in range(1, game.players):
        q = (p + k) % game.players
        if best < 0 or game.total(q) < game.total(best):
            best = q
    return best


def turn(game, level, rng):
    p = game.current
    if game.phase == PENALTY:
        q = _leader(game) if level == "strong" else (p + 1) % game.players
        return [("penalise", q)]
    if game.phase == EXTRA:
        marks = game.marks[p]
        if level == "strong":
            n, _ = best_extra(marks, game.rerolls_left(p), game.bonus_mask)
            if n == 0:
                return [("decline",)]
        else:
            n = HIGH
            while marks & (1 << (n - LOW)):
                n -= 1
        return [("extra", n)]
    return [("roll",)]


def hint(game):
    steps = turn(game, "strong", None)
    s = steps[0]
    if s[0] == "extra" or s[0] == "decline":
        p = game.current
        _, v = best_extra(game.marks[p], game.rerolls_left(p), game.bonus_mask)
        n = (v * 20 + TABLE_SCALE) // (2 * TABLE_SCALE)
        what = "Mark %d" % s[1] if s[0] == "extra" else "No mark"
        return steps, "%s: exp round %d.%d" % (what, n // 10, n % 10)
    if s[0] == "penalise":
        return steps, "Penalise P%d, the leader" % (s[1] + 1)
    return steps, None


def sheet_score(marks):
    return unmarked_sum(marks) if marks != ALL_MARKED else 0
