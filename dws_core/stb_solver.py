"""Exact optimal play for Shut the Box (the published values: ../shared/RULES.md 2.3), solved iteratively.

A state is the bit mask of open tiles (bit k = tile k+1 open).  For every
state the solver stores its value under optimal play for one objective:

* ``"shut"``: the chance to shut the box;
* ``"score"``: the expected final score (the sum of the tiles left open).

Every roll has probability w/36 (two dice: 1..6..1 ways; one die: 6 each), so
36 * V(s) = sum over rolls of w * (best successor value), and every successor
has fewer open tiles: solving masks in increasing order needs no recursion.

Values are integers over ``scale``.  With ``scale = exact_scale(tiles)``
(36 ** tiles) every division is exact, since a state with k open tiles has a
value with denominator 36 ** k: the tests use that on CPython.  The default
fixed-point scales (10**9 for chances, 10**7 for scores) keep every stored
value a small int (< 2**30) on the board; the tests check them against the
exact values and that every move they pick is exactly optimal.  The score
objective is solved as "maximise (box sum - score)" so one loop serves both;
``value()`` converts back.

The together mode (docs/rules/shut-the-box.md) uses the same tables: a player declares
one die or two before the roll, so each player's own box is played exactly
as in turns mode (shared rolls change who wins, not a box's chances).

Measured (see bench/stb.py): 9 tiles solve in about 20 ms under MicroPython
on a desktop (est. under 1 s on a 120 MHz SAMD51) with a 2.8 KB table; 12
tiles take about 6 times longer with a 17 KB table.  ``advance()`` lets the
app solve in slices between frames instead of freezing.
"""

from dws_core.stb import open_sum, tiles_of  # noqa: F401  (tiles_of is part of the API)

ONE_DIE_RULES = ("high_shut", "remaining_le_6", "never")
OBJECTIVES = ("shut", "score")     # the tables on the drive (``table_file``)
WIN = "win"     # the third objective: a reward by final score (``beat_reward``)
# The chance that a player who plays to win beats each score (``beat_chances``):
# a file per variant of 9 and 10 tiles (12 tiles would take 79 solves).
BEAT = "beat"
BEAT_TILES = (9, 10)
BEAT_SCALE = 65535
# Ways to roll each two-dice total (index = total).
TWO_DICE_WAYS = (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
SCALE_SHUT = 10 ** 9
SCALE_SCORE = 10 ** 7
# 12 tiles have 4,096 states: a list of values takes 16 KB a table, and a
# game with both objectives left too little heap on the board (make
# test-board).  There the values are kept in two bytes (an array of 'H'):
# chances in 1/65,535, expected scores in 1/840 point (78 * 840 < 2**16).
# Explicit scales (the exact tests, the bench) keep a list.
COMPACT_TILES = 12
COMPACT_SHUT = 65535
COMPACT_SCORE = 840
# States the app solves per main-loop pass (``advance(SLICE_STATES)``).  The
# costliest 8-state slice of a 12-tile table (many high and low tiles open)
# takes 0.55 ms under MicroPython WebAssembly and the mean state 37 us
# (bench/stb.py: stb.slice_us_max_micropython_12, stb.state_us_micropython_12);
# a 120 MHz SAMD51 runs ~31x slower (bench/bots.py: wasm_to_samd51_ratio
# 31.15), so a pass spends at most 0.55 * 31 = ~17 ms solving, 8 * 37 us * 31
# = ~9 ms on average.  Both 12-tile tables (2 x 4095 states, 1024 passes) take
# ~9.5 s of such passes, both 9-tile tables (2 x 511 states, 128 passes) ~1 s.
SLICE_STATES = 8


def exact_scale(tiles):
    """The scale at which every value is an exact integer (big on the board)."""
    return 36 ** tiles


def one_die_allowed(mask, one_die):
    """May a player with these open tiles use one die (docs/rules/shut-the-box.md, one die)?"""
    if one_die == "high_shut":
        return mask >> 6 == 0  # every tile above 6 is shut
    if one_die == "remaining_le_6":
        return open_sum(mask) <= 6
    return False


def mask_of(tiles):
    """The mask of an iterable of tile numbers."""
    mask = 0
    for t in tiles:
        mask |= 1 << (t - 1)
    return mask


_BY_TOTAL = []  # [tiles, sets_by_total(tiles)]: one copy for the tables and the bot


def sets_by_total(tiles):
    """For each total 0..12, the sorted masks of tile sets adding to it
    (shared: do not change the lists)."""
    if _BY_TOTAL and _BY_TOTAL[0] == tiles:
        return _BY_TOTAL[1]
    found = [(0, 0)]
    for tile in range(1, tiles + 1):
        bit = 1 << (tile - 1)
        for i in range(len(found)):
            mask, total = found[i]
            if total + tile <= 12:
                found.append((mask | bit, total + tile))
    by_total = [[] for _ in range(13)]
    for mask, total in found:
        if mask:
            by_total[total].append(mask)
    for masks in by_total:
        masks.sort()
    _BY_TOTAL[:] = [tiles, by_total]
    return by_total


# Sums of the low six tiles for each 6-bit mask.
LOW_SUMS = bytes([open_sum(m) for m in range(64)])


def low_subsets():
    """Subsets of each low mask L (tiles 1-6) as codes ``subset | total << 6``,
    sorted by total: block L is ``codes[starts[L]:starts[L + 1]]``, the empty
    set first.  A set adding to 12 or less holds at most one tile above 6, so
    these blocks plus one high tile give every candidate set of a state.
    Both are arrays of 'H': they stay live while a table solves (62 s for
    12 tiles on the Pico), and half the bytes of a list there were what the
    PyBadge-sized heap lacked."""
    from array import array
    starts = array("H", [0])
    codes = array("H")
    for low in range(64):
        block = []
        sub = low
        while True:
            total = LOW_SUMS[sub]
            if total <= 12:
                block.append(sub | total << 6)
            if sub == 0:
                break
            sub = (sub - 1) & low
        block.sort()
        codes.extend(block)
        starts.append(len(codes))
    return starts, codes


class Solver:
    """The value table of one variant and objective, with move queries.

    ``Solver(..., solve=False)`` starts empty; call ``advance(n)`` until it
    returns True to solve n states at a time (queries need ``done``).
    """

    def __init__(self, tiles=9, one_die="high_shut", objective="shut",
                 scale=None, solve=True, values=None, beat=None, reward=None):
        if tiles not in (9, 10, 12):
            raise ValueError("tiles must be 9, 10 or 12")
        if one_die not in ONE_DIE_RULES:
            raise ValueError("unknown one_die rule")
        if objective not in OBJECTIVES and objective != WIN:
            raise ValueError("unknown objective")
        if (objective == WIN) != (beat is not None or reward is not None):
            raise ValueError("the win objective, and only it, needs beat or reward")
        explicit = scale is not None
        compact = not explicit and tiles == COMPACT_TILES
        chance = objective != "score"
        if compact:
            scale = COMPACT_SHUT if chance else COMPACT_SCORE
        elif scale is None:
            scale = SCALE_SHUT if chance else SCALE_SCORE
        self.tiles = tiles
        self.one_die = one_die
        self.objective = objective
        self.scale = scale
        self.box_sum = tiles * (tiles + 1) // 2
        # The win objective: (score to beat, players holding it) and the
        # value of ending on each open sum (``beat_reward``).
        self.beat = beat
        if beat is not None and reward is None:
            reward = beat_reward(self.box_sum, beat[0], beat[1], scale)
        self.reward = reward
        self.by_total = sets_by_total(tiles)
        self._low = None  # made by the first advance(): tables solved one
        # after the other never hold two, and an unsolved table none
        self.size = 1 << tiles      # states to solve (progress shown: 1 - left / size)
        if values is not None:
            # Solved elsewhere at the default scales (the app's table read
            # from the drive, ``table_key``): nothing to solve here.
            self.values = values
            self._next = self.size
            self.done = True
            return
        if explicit:
            self.values = [0] * (1 << tiles)      # values may be any size
        else:
            from array import array
            # Sized from range's length in one allocation (no temporary buffer:
            # the board's heap may not hold two more 8 KB blocks); every value
            # is written before it is read (masks solve in increasing order).
            # 'l' (32 bits) holds the default scales: in a list, a value over
            # the board's small-int range would be a heap object of its own
            # (CircuitPython 9.2.9: 32 KB more for two 9-tile tables).
            self.values = array("H" if compact else "l", range(1 << tiles))
        self.values[0] = self._stuck(0)
        self._next = 1  # the next mask to solve
        self.done = False
        if solve:
            self.advance(1 << tiles)

    def advance(self, count):
        """Solve up to ``count`` more states; True once the table is complete."""
        size = 1 << self.tiles
        first_mask = self._next
        end = first_mask + count
        if end > size:
            end = size
        values = self.values
        scale = self.scale
        shut = self.objective == "shut"
        reward = self.reward
        box_sum = self.box_sum
        rule = self.one_die
        ways = TWO_DICE_WAYS
        if self._low is None:
            self._low = low_subsets()
        starts, codes = self._low
        best = [0] * 13
        # The hot path on the board: plain loops over small ints in locals.
        for mask in range(first_mask, end):
            low = mask & 63
            left = LOW_SUMS[low]
            high = mask >> 6
            tile = 7
            while high:
                if high & 1:
                    left += tile
                high >>= 1
                tile += 1
            if reward is not None:
                stuck = reward[left]
            else:
                stuck = 0 if shut else (box_sum - left) * scale
            for total in range(13):
                best[total] = stuck
            first = starts[low]
            last = starts[low + 1]
            for i in range(first + 1, last):  # low tiles only; skip the empty set
                code = codes[i]
                v = values[mask ^ (code & 63)]
                total = code >> 6
                if v > best[total]:
                    best[total] = v
            high = mask >> 6
            tile = 7
            bit = 64
            while high:  # one high tile plus low tiles
                if high & 1:
                    for i in range(first, last):
                        code = codes[i]
                        total = (code >> 6) + tile
                        if total > 12:
                            break  # a block is sorted by total
                        v = values[mask ^ bit ^ (code & 63)]
                        if v > best[total]:
                            best[total] = v
                high >>= 1
                tile += 1
                bit <<= 1
            if rule == "high_shut" and mask < 64 or rule == "remaining_le_6" and left <= 6:
                values[mask] = (self._with_one_die(best) + 18) // 36
                continue
            # 36 * V may pass 2**30 (a heap int on the board): add the high and
            # low 15 bits of the values apart and divide in two small steps.
            hi = 0
            lo = 0
            for total in range(2, 13):
                b = best[total]
                w = ways[total]
                hi += w * (b >> 15)
                lo += w * (b & 32767)
            q = hi // 36
            values[mask] = (q << 15) + (((hi - 36 * q) << 15) + lo + 18) // 36
        self._next = end
        if end == size:
            self.done = True
            self._low = None  # only needed while solving
        return self.done

    def left(self):
        """States still to solve (0 once ``done``)."""
        return (1 << self.tiles) - self._next

    def _stuck(self, left):
        """The stored value of ending with open sum ``left``."""
        if self.reward is not None:
            return self.reward[left]
        if self.objective == "shut":
            return self.scale if left == 0 else 0
        return (self.box_sum - left) * self.scale

    def _with_one_die(self, best):
        """36 * V of a state where one die may be used (few states)."""
        two = 0
        for total in range(2, 13):
            two += TWO_DICE_WAYS[total] * best[total]
        one = 6 * (best[1] + best[2] + best[3] + best[4] + best[5] + best[6])
        return one if one > two else two

    # ----- queries (the table must be complete) -------------------------

    def value(self, mask):
        """V(mask) as an integer over ``scale``: a chance (to shut, or to
        win), or an expected score."""
        v = self.values[mask]
        if self.objective == "score":
            return self.box_sum * self.scale - v
        return v

    def best_set(self, mask, total):
        """The tile mask to shut for this roll total (0: no set matches).

        Ties go to the numerically smallest mask.
        """
        values = self.values
        best_t = 0
        b = -1
        if 0 < total <= 12:
            for t in self.by_total[total]:
                if mask & t == t:
                    v = values[mask ^ t]
                    if v > b:
                        b = v
                        best_t = t
        return best_t

    def _best_by_total(self, mask):
        """The best successor value (as stored) for each roll total 0..12."""
        values = self.values
        stuck = self._stuck(open_sum(mask))
        if self.objective == "shut":
            stuck = 0       # (only the empty box is shut, and it never rolls)
        best = [stuck] * 13
        for total in range(1, 13):
            for t in self.by_total[total]:
                if mask & t == t and values[mask ^ t] > best[total]:
                    best[total] = values[mask ^ t]
        return best

    def roll_one_die(self, mask):
        """Should the player roll one die (turns mode), or declare one die
        before the roll (together mode)?  Only when the rule allows it."""
        if not one_die_allowed(mask, self.one_die):
            return False
        best = self._best_by_total(mask)
        two = 0
        for total in range(2, 13):
            two += TWO_DICE_WAYS[total] * best[total]
        return 6 * (best[1] + best[2] + best[3] + best[4] + best[5] + best[6]) > two


def chance_scale(tiles):
    """The scale of a chance in the tables the board keeps (``Solver``'s
    default): what a seat's ``reward`` for ``win_solver`` is counted in."""
    return COMPACT_SHUT if tiles == COMPACT_TILES else SCALE_SHUT


def beat_reward(box_sum, beat, holders, scale):
    """The win objective's value of each final open sum 0..box_sum
    (../shared/RULES.md 2.3): ending below ``beat`` wins, ending on it
    shares the win with the ``holders`` players who made it."""
    share = scale // (holders + 1)
    out = []
    for left in range(box_sum + 1):
        out.append(scale if left < beat else share if left == beat else 0)
    return out


def percent_text(chance, scale, decimals=1):
    """'12.3 %' for a chance over ``scale``, rounded half up, integers only."""
    unit = 10 ** decimals
    n = (chance * 100 * unit * 2 + scale) // (2 * scale)
    if not decimals:
        return "%d %%" % n
    frac = str(n % unit)
    while len(frac) < decimals:
        frac = "0" + frac
    return "%d.%s %%" % (n // unit, frac)


# A bounded cache: at most two tables (one game's two objectives) stay alive.
_CACHE = []
CACHE_SIZE = 2


def solver(tiles=9, one_die="high_shut", objective="shut", solve=True):
    """The table for this variant from a cache of the last two used: solved,
    or with ``solve=False`` as it stands (new ones empty), for the app to
    ``advance()`` in slices.  A table still being solved is finished here
    when it is asked for solved: it is the same object either way."""
    s = cached(tiles, one_die, objective)
    if s is not None:
        if solve and not s.done:
            s.advance(1 << tiles)
        return s
    return _keep(Solver(tiles, one_die, objective, solve=solve))


def table_key(tiles, one_die, objective):
    """A small number naming one table: its variant and objective (or BEAT)."""
    return tiles | ONE_DIE_RULES.index(one_die) << 4 | (OBJECTIVES + (BEAT,)).index(objective) << 6


def table_file(tiles, one_die, objective):
    """The name of its file on the drive (``tools/tables.py`` writes it),
    and the bytes of a value there (as in the board's arrays)."""
    return ("stb-%d-%s-%s.dwt" % (tiles, one_die.replace("_", "-"), objective),
            2 if tiles == COMPACT_TILES or objective == BEAT else 4)


def beat_chances(tiles, one_die):
    """For each score t = 0..box sum, the chance (over BEAT_SCALE) that a
    player who plays to win from a full box, knowing t and one player on
    it, wins: ends below t, or shares it.  A desktop computation (a win
    table per t); the board reads it from the drive (``use_beat``)."""
    full = (1 << tiles) - 1
    out = []
    for t in range(tiles * (tiles + 1) // 2 + 1):
        s = Solver(tiles, one_die, WIN, beat=(t, 1))
        out.append((s.value(full) * BEAT_SCALE + s.scale // 2) // s.scale)
    return out


_BEAT = []      # [tiles, one_die, chances]: the variant in play's


def use_beat(chances, tiles, one_die):
    """Keep ``chances`` (indexable, the app's read from the drive) as this
    variant's ``beat_chances``."""
    _BEAT[:] = [tiles, one_die, chances]


def beat_table(tiles, one_die, build=True):
    """This variant's ``beat_chances``: kept, else (``build``, the desktop)
    computed and kept; None without them (12 tiles: none is made)."""
    if _BEAT and _BEAT[0] == tiles and _BEAT[1] == one_die:
        return _BEAT[2]
    if not build or tiles not in BEAT_TILES:
        return None
    use_beat(beat_chances(tiles, one_die), tiles, one_die)
    return _BEAT[2]


def cached(tiles, one_die, objective):
    """The cached table of this variant and objective, or None."""
    for s in _CACHE:
        if s.tiles == tiles and s.one_die == one_die and s.objective == objective:
            return s
    return None


def use(values, tiles, one_die, objective):
    """Cache the table of this variant and objective with ``values`` solved
    elsewhere (the app's, read from the drive: indexable, with ``close()``)."""
    old = cached(tiles, one_die, objective)
    if old is not None:
        _drop(old)
    return _keep(Solver(tiles, one_die, objective, values=values))


def _keep(s):
    """Cache ``s``, the oldest table going first when the cache is full."""
    if len(_CACHE) >= CACHE_SIZE:
        _drop(_CACHE[0])
    _CACHE.append(s)
    return s


def _drop(s):
    _CACHE.remove(s)
    if hasattr(s.values, "close"):
        s.values.close()


def clear_cache():
    while _CACHE:
        _drop(_CACHE[0])
    del _WIN[:]
    if _BEAT and hasattr(_BEAT[2], "close"):
        _BEAT[2].close()
    del _BEAT[:]


_WIN = []       # [Solver]: the win table of the decision in play


def win_solver(tiles, one_die, reward, solve=True):
    """The win table of this variant and ``reward`` (the value of each
    final open sum: ``beat_reward`` or a seat's estimate), the one kept:
    solved, or with ``solve=False`` as it stands for the app to
    ``advance()`` in slices."""
    s = _WIN[0] if _WIN else None
    if s is None or s.reward != reward or s.tiles != tiles or s.one_die != one_die:
        del _WIN[:]
        s = None                    # (the old one goes first: the heap holds one)
        s = Solver(tiles, one_die, WIN, solve=False, reward=reward)
        _WIN.append(s)
    if solve and not s.done:
        s.advance(1 << tiles)
    return s


def value(open_mask, objective="shut", tiles=9, one_die="high_shut"):
    """V(open_mask) over the objective's scale (see ``Solver.value``)."""
    return solver(tiles, one_die, objective).value(open_mask)


def best_move(open_mask, roll, objective="shut", tiles=9, one_die="high_shut"):
    """The tile mask to shut for a roll total (0 when nothing matches)."""
    return solver(tiles, one_die, objective).best_set(open_mask, roll)
