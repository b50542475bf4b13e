"""Building Dice Wide Shut's column tables (``dws_core.dws_columns.build``):
the desktop's work, and the board's only when the drive's file is missing.
A module of its own, so that the seats' code on the board does not hold it."""

from dws_core.dws import EMPTY_COLUMN_POINTS


def tables(points_pair, unit, offset):
    """The 18 tables of ``points_pair``: 9 fill levels for each half, each
    value points x ``unit`` + ``offset`` (``dws_columns``' scale, given by
    it: this module imports nothing of it)."""
    out = []
    for points in points_pair:
        rows = [[0] * 243 for _ in range(9)]
        _build_rows(points, rows, 0, 243, unit, offset)
        out += _finish(rows)
    return out


def _build_rows(points, rows, first, end, unit, offset):
    """Fill ``rows[k][code]`` for the codes ``first`` to ``end`` - 1."""
    digit = [0] * 5
    sums = [0] * 6
    for code in range(first, end):
        x = code
        live = 0
        for r in range(5):
            digit[r] = x % 3
            x //= 3
            if digit[r] == 0:
                live += 1
        for m in range(6):
            sums[m] = 0
        for fill in range(1 << live):
            bit = 0
            run = 0
            score = 0
            seen = False
            m = 0
            for r in range(5):
                d = digit[r]
                if d == 0:
                    if fill >> bit & 1:
                        d = 1
                        m += 1
                    bit += 1
                if d == 1:
                    run += 1
                    seen = True
                elif run:
                    score += points[run]
                    run = 0
            if run:
                score += points[run]
            sums[m] += score if seen else EMPTY_COLUMN_POINTS
        denom = 8 ** live
        for k in range(9):
            total = 0
            for m in range(live + 1):
                total += sums[m] * k ** m * (8 - k) ** (live - m)
            rows[k][code] = (total * unit * 2 + denom) // (2 * denom) + offset


def _finish(rows):
    """The nine tables of one points variant: bytes where the values fit."""
    out = []
    for table in rows:
        small = True
        for v in table:
            if v < 0 or v > 255:
                small = False
        out.append(bytes(table) if small else table)
    return out

