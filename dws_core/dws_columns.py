"""Dice Wide Shut column tables for the seats and the hint (``dws_core.bot_dws``).

A half is modelled as five row states: the mask of checked columns (bit c),
or CROSS for a split row.  A column is read top to bottom as a base-3 code:
0 open cell, 1 checked, 2 blocked (crossed, or the last empty cell of a row
with four checks: marking it would split).  A column table maps the 243 codes
to the column's expected score (x UNIT, + OFFSET) when every open cell gets
filled with chance k/8, independently; k = 0 is the column's score now.

A module of its own: compiled from .py sources on the board, the bot's
module in one piece needed more heap at a game's start than the Pico had
after the app's own code (cp10_py in the board suite).
"""

from dws_core.dws import BLUE, CHECKED, EMPTY, EMPTY_COLUMN_POINTS

CROSS = 32
UNIT = 8  # table values are points x UNIT + OFFSET (bytes)
OFFSET = 48
SPLIT_COST = 4 * UNIT   # a split's cost to the Strong seat
SIX_VALUE = 8           # a checked 6 to the Strong seat (x UNIT: a point)
SIX_BEFORE = 12         # ... to Strong before issue 33 (the benchmarks' reference)


def _pop(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


def _digits():
    out = bytearray(33 * 5)
    for s in range(33):
        for c in range(5):
            if s == CROSS:
                d = 2
            elif s >> c & 1:
                d = 1
            else:
                d = 2 if _pop(s) == 4 else 0
            out[s * 5 + c] = d
    return bytes(out)


DIG = _digits()
POP = bytes([_pop(m) for m in range(32)])
del _digits, _pop  # import-time only: their code need not stay in RAM
_cache = []  # [points pair, tables]: tables[half * 9 + k] or tables.row(half * 9 + k)
_now = []    # [points pair, (half 0's, half 1's)]: the k = 0 tables
_read = {}   # table index: its row read from the drive's file, within a decision
ROWS_KEPT = 6  # a decision's rows: its player's two, the next player's two, the race's scores now


def rows_done():
    """A decision is made: let the rows it read go (``_read``).  Kept from
    one decision to the next they held up to 1.1 KB of the board's heap
    between decisions; read again, they cost a decision two to four reads
    of 243 bytes from the drive."""
    _read.clear()


def _column_table(points_pair, half, k):
    """Expected column value (x UNIT, +OFFSET) for every code, open cells
    filled with chance k/8.  Read from the cached 18 (the drive's file,
    ``use``, or ``build``); else k = 0, the column's score now, is worked
    out here from the 32 masks of checked rows (the Normal level's only
    table: it needs no file), and for k > 0 all 18 are built (``build``:
    on the desktop; the board reads them from the drive)."""
    if k == 0 and not ready(points_pair):
        return now_tables(points_pair)[half]
    if not ready(points_pair):
        build(points_pair)
    tables = _cache[1]
    i = half * 9 + k
    if isinstance(tables, list):
        return tables[i]
    row = _read.get(i)
    if row is None:
        # (read once a decision, however many plans read it)
        if len(_read) >= ROWS_KEPT:
            _read.clear()
        row = _read[i] = tables.row(i)
    return row


def now_tables(points_pair):
    """The two k = 0 tables of ``points_pair`` (the columns' scores now),
    worked out once: what Normal reads when no file is open (the board does
    it when a game starts without the file: 32.5 ms on the Pico)."""
    if not _now or _now[0] != points_pair:
        del _now[:]
        _now.append(points_pair)
        _now.append((_score_now(points_pair[0]), _score_now(points_pair[1])))
    return _now[1]


def _score_now(points):
    """The k = 0 table of one half's ``points``: each code's column score
    now (its checked cells' runs), the same values as ``_build_rows`` gives
    with no cell left to fill."""
    by_mask = []
    for mask in range(32):
        score = 0
        run = 0
        for r in range(6):
            if r < 5 and mask >> r & 1:
                run += 1
            elif run:
                score += points[run]
                run = 0
        by_mask.append((score if mask else EMPTY_COLUMN_POINTS) * UNIT + OFFSET)
    masks = b"\0"
    for r in range(5):        # digit r of the code: open, checked, blocked
        bit = 1 << r
        masks = masks + bytes([m | bit for m in masks]) + masks
    if min(by_mask) < 0 or max(by_mask) > 255:
        return [by_mask[m] for m in masks]
    return bytes([by_mask[m] for m in masks])


def clear_cache():
    if _cache and hasattr(_cache[1], "close"):
        _cache[1].close()
    del _cache[:]
    del _now[:]
    _read.clear()


TABLE_FILE = "dws-columns.dwt"  # the default points' tables, on the drive


def table_key(points_pair):
    """A 16-bit number of the points (a file made for other points differs)."""
    h = 0
    for points in points_pair:
        for v in points:
            h = (h * 31 + v) & 0xFFFF
    return h


def ready(points_pair):
    """Are the tables of ``points_pair`` cached?"""
    return bool(_cache) and _cache[0] == points_pair


def use(points_pair, tables):
    """Cache the 18 tables of ``points_pair`` made elsewhere (``tools/tables.py``
    made them with this module): a list, or a reader whose ``row(i)`` gives
    table ``i`` (the drive's file, kept open: the rows of the fill levels in
    use are read once, ROWS_KEPT of 243 bytes at most, where the list holds
    4.4 KB all game long)."""
    clear_cache()
    _cache.append(points_pair)
    _cache.append(tables)


def build(points_pair):
    """Build the 18 tables of ``points_pair`` in one go and cache them: the
    desktop's work (``tools/tables.py`` writes the drive's file with it;
    about 60 ms under MicroPython on a desktop, 2 s on the Pico, which
    never builds them: its code is ``dws_core.dws_columns_build``, not
    loaded with the seats, issue 50)."""
    from dws_core.dws_columns_build import tables
    out = tables(points_pair, UNIT, OFFSET)
    use(points_pair, out)
    return out


# ----- a half's rows and columns (the seats' arithmetic: dws_core.bot_dws) ------

P3 = (1, 3, 9, 27, 81)


def _rows(board, half):
    cells = board.cells[half]
    rows = [0] * 5
    i = 0
    for r in range(5):
        s = 0
        bit = 1
        for c in range(5):
            v = cells[i]
            i += 1
            if v == CHECKED:
                s |= bit
            elif v != EMPTY:
                s = CROSS
                i += 4 - c
                break
            bit <<= 1
        rows[r] = s
    return rows


def _codes(rows):
    codes = [0] * 5
    for r in range(5):
        base = rows[r] * 5
        for c in range(5):
            codes[c] += DIG[base + c] * P3[r]
    return codes


def _delta(codes, table, r, old, new):
    """Change of half value when row r goes from state old to new."""
    if old == new:
        return 0
    w = P3[r]
    if new != CROSS and POP[new] < 4:
        # Only checked cells were added and no cell got blocked: one column
        # per added check (open 0 -> checked 1).
        acc = 0
        added = new & ~old
        c = 0
        while added:
            if added & 1:
                code = codes[c]
                acc += table[code + w] - table[code]
            added >>= 1
            c += 1
        return acc
    acc = 0
    o = old * 5
    n = new * 5
    for c in range(5):
        d = DIG[n + c] - DIG[o + c]
        if d:
            code = codes[c]
            acc += table[code + d * w] - table[code]
    return acc


def _delta2(codes, table, r1, old1, new1, r2, old2, new2):
    """Change of half value for two different changed rows."""
    acc = 0
    w1 = P3[r1]
    w2 = P3[r2]
    if new1 != CROSS and new2 != CROSS and POP[new1] < 4 and POP[new2] < 4:
        # Checks added, none blocked: only the columns of the added checks.
        added1 = new1 & ~old1
        added2 = new2 & ~old2
        both = added1 | added2
        c = 0
        while both:
            if both & 1:
                code = codes[c]
                acc += table[code + (w1 if added1 >> c & 1 else 0)
                             + (w2 if added2 >> c & 1 else 0)] - table[code]
            both >>= 1
            c += 1
        return acc
    for c in range(5):
        d = ((DIG[new1 * 5 + c] - DIG[old1 * 5 + c]) * w1
             + (DIG[new2 * 5 + c] - DIG[old2 * 5 + c]) * w2)
        if d:
            code = codes[c]
            acc += table[code + d] - table[code]
    return acc


def _cells(rows, half, v):
    """(row, col) codes row*5+col of the empty cells of value v."""
    out = []
    if half == BLUE:
        s = rows[v - 1]
        if s != CROSS:
            for c in range(5):
                if not s >> c & 1:
                    out.append((v - 1) * 5 + c)
    else:
        c = v - 1
        for r in range(5):
            s = rows[r]
            if s != CROSS and not s >> c & 1:
                out.append(r * 5 + c)
    return out


def _after(s, c):
    """Row state after checking column c (CROSS if it splits)."""
    s |= 1 << c
    return CROSS if s == 31 else s


# ----- a die's gain, and how near the end is (the Strong seat) ------

def _gain(codes, table, rows, cell):
    """A die's own gain in ``cell`` (row*5+col), a split's cost counted:
    ``_delta`` of the check, its common case (one column) done here."""
    r = cell // 5
    c = cell % 5
    s = rows[r]
    new = s | 1 << c
    if POP[new] < 4:
        code = codes[c]
        return table[code + P3[r]] - table[code]
    if new == 31:
        return _delta(codes, table, r, s, CROSS) - SPLIT_COST
    return _delta(codes, table, r, s, new)


def _nearest_end(game):
    """Fewest open cells any board needs to fill three columns of a half."""
    nearest = 99
    for q in range(game.players):
        for cells in game.boards[q].cells:
            if cells.count(EMPTY) - 10 >= nearest:
                continue    # (its two emptiest columns hold 10 cells at most)
            # (a column is every fifth cell: counted by the firmware's own loop)
            empties = [cells[c::5].count(EMPTY) for c in range(5)]
            empties.sort()
            need = empties[0] + empties[1] + empties[2]
            if need < nearest:
                nearest = need
    return nearest


def _fill_level(game, p, nearest, rows=None, factor=None):
    """k in 0..8: the chance (k/8) an open cell of p still gets filled
    (``rows``: p's two halves' row states, when known; ``factor``: the
    pace, FILL_FACTOR unless given)."""
    # About 1.5 useful checks per turn go to the leader's nearest columns.
    turns = (nearest * 2 + 2) // 3
    if game.ending:
        turns = 0
    if rows is None:
        board = game.boards[p]
        rows = (_rows(board, 0), _rows(board, 1))
    live = 0
    for half in (0, 1):
        for s in rows[half]:
            if s != CROSS and POP[s] < 4:
                live += 5 - POP[s]
    if live == 0:
        return 0
    k = (turns * 2 * 8 * (factor or FILL_FACTOR) + live * 50) // (live * 100)
    return 0 if k < 0 else (8 if k > 8 else k)


# Percent of the dice of the turns left counted as landing in open cells: a
# pace fitted by win share in seeded games (issue 33; README).  More than
# the dice a turn takes: the turns left, read off the nearest board at 1.5
# of its cells a round, are more in play.  FILL_BEFORE: Strong before
# issue 33, the benchmarks' reference.
FILL_FACTOR = 155
FILL_BEFORE = 60
