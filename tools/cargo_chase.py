"""Computes Cargo's chase table (``dws_core.cargo_chase``) for the "expert" seat.

    python -m tools.cargo_chase      (rewrites dws_core/cargo_chase.py)

A player q with a fresh final-round turn ahead who needs round cargo above d
to lead (d = the leader's total minus q's own; equal ties) plays the turn to
maximise P(above) + P(equal) / 2: the chase.  ``chase(classic, hold, d)``
gives that turn's P(above) and P(equal) under the chasing play, exactly (as
integers over ``DEN``): the crew phase from the first roll (ship 6, captain 5,
crew 4, banked in that order, several in one roll; no crewed ship after the
last roll scores 0), then accept or reroll (all cargo dice, or with
``hold_cargo`` any of them) with the rolls left.  Ties between equally good
choices go to the higher P(above), then to accepting, then to keeping more
dice (so the table is one fixed function of the rules).

Desktop-only work (about a second of CPython for the four variants), never
done on the board (a tool, so `make flash` does not copy it): the board
reads the 16-bit result from ``dws_core.cargo_chase``, which ``source()``
writes and a test keeps equal.
"""

from dws_core.bot_cargo import _multisets

DEN = 6 ** 32   # every probability here is k / 6**(dice rolled), at most 30 dice a turn
ONE = 1 << 14   # the table's fixed point: a probability x ONE, rounded
MARGINS = 19    # d = 0..18: 3 cargo dice sum to at most 18 (classic: 2, at most 12)


def _bank(level, values):
    """Banking after a roll: (crew level, the other dice) from a sorted roll."""
    rest = list(values)
    while level < 3:
        want = 6 - level
        if want not in rest:
            break
        rest.remove(want)
        level += 1
    return level, tuple(rest)


def _better(c, b):
    """Is the (above, equal) pair c a strictly better chase than b?"""
    vc = 2 * c[0] + c[1]
    vb = 2 * b[0] + b[1]
    return vc > vb or (vc == vb and c[0] > b[0])


def _sub_multisets(m):
    """The distinct proper sub-multisets of the sorted tuple m, larger first."""
    out = []
    n = len(m)
    for keep in range(n - 1, -1, -1):
        for mask in range(1 << n):
            if bin(mask).count("1") != keep:
                continue
            k = tuple(m[i] for i in range(n) if mask >> i & 1)
            if k not in out:
                out.append(k)
    return out


def _avg(pairs, denom):
    a = 0
    e = 0
    for (pa, pe), w in pairs:
        a += w * pa
        e += w * pe
    if a % denom or e % denom:
        raise ArithmeticError("not exact")
    return a // denom, e // denom


def chase(classic, hold, d):
    """(P(above), P(equal)) x DEN of a fresh turn played to beat margin d."""
    dice = 5 if classic else 6
    rolls = 3 if classic else 5
    n = dice - 3

    def term(s):
        if s > d:
            return (DEN, 0)
        return (0, DEN) if s == d else (0, 0)

    full = [m for m, _w in _multisets(n)]
    smaller = []                     # sub-multisets by size, largest size first
    for k in range(n - 1, -1, -1):
        smaller.append([m for m, _w in _multisets(k)])
    options = {}
    for m in full:
        options[m] = _sub_multisets(m) if hold else [()]
    crewed = [dict((m, term(sum(m))) for m in full)]   # crewed[j][cargo]: j rolls left
    for j in range(1, rolls):
        prev = crewed[-1]
        q = {}
        for size_list in smaller:
            for k in size_list:
                kids = []
                for v in range(1, 7):
                    child = tuple(sorted(k + (v,)))
                    kids.append(((prev[child] if len(child) == n else q[child]), 1))
                q[k] = _avg(kids, 6)
        cur = {}
        for m in full:
            best = term(sum(m))
            for k in options[m]:
                if _better(q[k], best):
                    best = q[k]
            cur[m] = best
        crewed.append(cur)
    memo = {}

    def crew(level, left):
        if left == 0:
            return term(0)
        if (level, left) in memo:
            return memo[(level, left)]
        k = dice - level
        pairs = []
        for values, ways in _multisets(k):
            lv, rest = _bank(level, values)
            pairs.append((crewed[left - 1][rest] if lv == 3 else crew(lv, left - 1), ways))
        memo[(level, left)] = _avg(pairs, 6 ** k)
        return memo[(level, left)]

    return crew(0, rolls)


def table():
    """The chase table as bytes: for v = 2 * classic + hold_cargo and d = 0..18,
    P(above) x ONE and P(equal) x ONE, 16-bit little-endian (rounded so that
    the two add up to round(P(above or equal) x ONE))."""
    out = bytearray()
    for v in range(4):
        for d in range(MARGINS):
            a, e = chase(v >= 2, v & 1 == 1, d)
            fa = (a * ONE * 2 + DEN) // (2 * DEN)
            fe = ((a + e) * ONE * 2 + DEN) // (2 * DEN) - fa
            out += bytes((fa & 255, fa >> 8, fe & 255, fe >> 8))
    return bytes(out)


HEAD = '''"""Cargo's chase table for the "expert" seat (``dws_core.bot_cargo_expert``).

Generated by ``python -m tools.cargo_chase`` (its docstring tells
the model); a test keeps it equal to ``tools.cargo_chase.table()``.  For the
variant v = 2 * classic + hold_cargo and the margin d = 0..%d a fresh turn
needs to beat: P(above) x ONE, P(equal) x ONE, 16-bit little-endian, at
byte (v * MARGINS + d) * 4.
"""

ONE = %d
MARGINS = %d
TABLE = (
'''


def source():
    data = table()
    lines = [HEAD % (MARGINS - 1, ONE, MARGINS)]
    for i in range(0, len(data), 16):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[i:i + 16]) + '"\n')
    lines.append(")\n")
    return "".join(lines)


if __name__ == "__main__":
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "dws_core", "cargo_chase.py")
    with open(path, "w") as f:
        f.write(source())
