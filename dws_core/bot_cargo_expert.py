"""Cargo's "expert" seat: plays to win the game in front of it.

Before the crew is banked every roll is forced.  Once crewed:

* Earlier rounds: as "strong" (exact expected cargo, ``bot_cargo.decide``).
* The final round (``game.round == game.rounds - 1``): the choice (accept,
  or which cargo dice to roll again) that maximises the seat's expected win
  share, a k-way tie for the highest total being worth 1/k.

  W(s), the share of ending the turn with round cargo s (total X = M + s):
  players who have played this round hold fixed totals (one above X: W = 0;
  e equal to X share).  Each later player q (total T_q, a fresh turn ahead)
  is modelled as an expert too, chasing the best total in front of it: it
  needs round cargo above d = X - T_q to lead, d to tie, and plays its turn
  to maximise P(above) + P(equal) / 2; ``cargo_chase`` holds that turn's
  P(above) and P(equal) for every d (computed on the desktop by
  ``tools/cargo_chase.py``).  While nobody has beaten X the bar every later
  player faces is X itself, and its dice are its own, so the later players
  are independent: W = sum over t of P(every later player at most X, t of
  them equal) / (1 + e + t), the coefficients of the product over the
  later players of (P(below) + P(equal) z).  (A plain product of
  P(below) + P(equal) / 2 would count a three-way tie as 1/4 and leave
  out the e.)  The approximations: a later player's real aim also counts
  its own later rivals and the share a tie would give it, and it plays the
  same chase whoever holds the bar.  For the last player of the game there
  is nobody after it and W is exact: 1 above every other total, 1 / (1 + e)
  level with e of them, 0 below.

  The seat's own rolls are exact: a DP over its rolls left and its cargo
  dice (the sum alone without ``hold_cargo``; with it, every multiset of
  cargo dice and every subset to roll again, the expectation over the new
  dice taken one die at a time).  Values are x ONE (1 << 14) integers: a
  choice within EPS of the best counts as a tie, and ties go to the strong
  (expected cargo) choice, except that accepting a total below another
  player's (a certain loss) never happens while a roll is left.

Cost (CPython 3.11, warm): at most 0.21 ms and ~58,000 bytecodes a decision
(8 players, hold_cargo, 4 rolls left: the later players' tie polynomial and
3 DP levels), 0.014 ms on average; the table is read, never built, and
nothing is built on the board but the DP's multiset index (under 1 KB of
bytes, once).  Measured against strong seats (``bench/cargo_win.py``) it
wins ~0.7 point of win share more, most of it as the last to play.
"""

from dws_core.cargo_chase import MARGINS, ONE, TABLE

SHIFT = 14
HALF = 1 << (SHIFT - 1)
EPS = 2
_struct = []   # [cargo dice, (pos, sums, (places, lens), child, offs, counts)]


def chase(v, d):
    """(P(above), P(equal)) x ONE of a later player who needs cargo above d."""
    if d < 0:
        return ONE, 0
    if d >= MARGINS:
        return 0, 0
    i = (v * MARGINS + d) * 4
    return TABLE[i] | TABLE[i + 1] << 8, TABLE[i + 2] | TABLE[i + 3] << 8


def share(x, earlier, later, v, poly=None):
    """Win share x ONE of ending on total x: ``earlier`` the totals of the
    players done this round, ``later`` of those still to play it (``poly``:
    a list of len(later) + 1 to work in)."""
    ties = 0
    for t in earlier:
        if t > x:
            return 0
        if t == x:
            ties += 1
    if poly is None:
        poly = [0] * (len(later) + 1)
    poly[0] = ONE       # poly[t]: P(no later player above x, t of them equal)
    top = 0
    for t in later:
        d = x - t
        if d < 0:
            return 0
        if d >= MARGINS:                # out of its reach: changes nothing
            continue
        i = (v * MARGINS + d) * 4
        a = TABLE[i] | TABLE[i + 1] << 8
        e = TABLE[i + 2] | TABLE[i + 3] << 8
        b = ONE - a - e
        if e:
            top += 1
            poly[top] = (poly[top - 1] * e + HALF) >> SHIFT
            for k in range(top - 1, 0, -1):
                poly[k] = (poly[k] * b + poly[k - 1] * e + HALF) >> SHIFT
        else:
            for k in range(top, 0, -1):
                poly[k] = (poly[k] * b + HALF) >> SHIFT
        poly[0] = (poly[0] * b + HALF) >> SHIFT
    w = 0
    for k in range(top + 1):
        w += (2 * poly[k] + 1 + ties + k) // (2 * (1 + ties + k))
    return w


def shares(game):
    """([W(s) x ONE for s = 0..6n], bar), n cargo dice: the current seat's
    win share ending this final-round turn with round cargo s (0 below n),
    and the best other total (-1 alone): accepting a total below it loses
    for certain."""
    p = game.current
    n = game.dice_count - 3
    v = (2 if game.classic else 0) + (1 if game.hold_cargo else 0)
    mine = game.total(p)
    earlier = []
    later = []
    bar = -1
    for q in range(game.players):
        if q != p:
            t = game.total(q)
            if q < p:
                earlier.append(t)
            else:
                later.append(t)
            if t > bar:
                bar = t
    out = [0] * (6 * n + 1)
    poly = [0] * (len(later) + 1)
    for s in range(n, 6 * n + 1):
        if mine + s >= bar:             # below the bar: 0
            out[s] = share(mine + s, earlier, later, v, poly)
    return out, bar


def _code(m):
    """A sorted tuple of dice as a base-6 number (its place in ``pos``)."""
    c = 0
    for v in m:
        c = c * 6 + v - 1
    return c


def _structure(n):
    """The hold DP's index over multisets of n cargo dice, in bytes (built
    once, ~1 KB kept): ``pos[k][_code(m)]``, the place of the sorted k-tuple
    m in its size; ``child[k][6 * i + v - 1]``, the place of multiset i of
    size k with a v added; ``sums`` and ``opts`` (the flat Q places of its
    distinct proper sub-multisets, ``lens[i]`` of them in turn) of
    the full multiset i; ``offs[k]``, where size k starts in the flat
    Q; ``counts[k]``, how many multisets of size k."""
    if _struct and _struct[0] == n:
        return _struct[1]
    by_size = [[()]]
    for k in range(n):
        nxt = []
        for m in by_size[-1]:
            low = m[-1] if m else 1
            for v in range(low, 7):
                nxt.append(m + (v,))
        by_size.append(nxt)
    pos = []
    for size in by_size:
        row = bytearray(6 ** len(size[0]))
        for i in range(len(size)):
            row[_code(size[i])] = i
        pos.append(bytes(row))
    offs = []
    at = 0
    for k in range(n):
        offs.append(at)
        at += len(by_size[k])
    child = []
    for k in range(n):
        row = bytearray(6 * len(by_size[k]))
        for i in range(len(by_size[k])):
            for v in range(1, 7):
                row[6 * i + v - 1] = pos[k + 1][_code(_sorted_add(by_size[k][i], v))]
        child.append(bytes(row))
    full = by_size[n]
    sums = bytearray(len(full))
    opts = bytearray()
    lens = bytearray(len(full))
    for i in range(len(full)):
        m = full[i]
        sums[i] = _sum(m)
        places = []
        for mask in range((1 << n) - 1):   # the kept dice, never all of them
            kept = _pick(m, mask)
            place = offs[len(kept)] + pos[len(kept)][_code(kept)]
            if place not in places:
                places.append(place)
        opts += bytes(places)
        lens[i] = len(places)
    data = (pos, bytes(sums), (bytes(opts), bytes(lens)), child, offs,
            [len(b) for b in by_size])
    by_size = None
    del _struct[:]
    _struct.append(n)
    _struct.append(data)
    return data


def _sorted_add(m, v):
    out = list(m) + [v]
    out.sort()
    return tuple(out)


def _sum(m):
    s = 0
    for v in m:
        s += v
    return s


def _pick(m, mask):
    out = []
    for i in range(len(m)):
        if mask >> i & 1:
            out.append(m[i])
    return tuple(out)


def _hold_q(w, n, left):
    """Flat Q for ``left`` rolls left: Q[offs[k] + i], the share of keeping
    the k-multiset i and rolling the other dice, then playing on."""
    _pos, sums, opts, child, offs, counts = _structure(n)
    full = counts[n]
    places, lens = opts
    vals = [0] * full
    for i in range(full):
        vals[i] = w[sums[i]]
    j = 1
    while True:
        q = [0] * (offs[n - 1] + counts[n - 1])
        for k in range(n - 1, -1, -1):
            src = vals if k == n - 1 else q
            base = 0 if k == n - 1 else offs[k + 1]
            row = child[k]
            out = offs[k]
            for i in range(counts[k]):
                c = 6 * i
                q[out + i] = (src[base + row[c]] + src[base + row[c + 1]] + src[base + row[c + 2]]
                              + src[base + row[c + 3]] + src[base + row[c + 4]]
                              + src[base + row[c + 5]] + 3) // 6
        if j == left:
            return q
        c = 0
        for i in range(full):
            best = w[sums[i]]
            for c in range(c, c + lens[i]):
                if q[places[c]] > best:
                    best = q[places[c]]
            c += 1
            vals[i] = best
        j += 1


# Ways of each sum of n dice (n = 2, 3): (lowest sum, ways...).
def _sum_ways(n):
    ways = [1]
    for _ in range(n):
        nxt = [0] * (len(ways) + 5)
        for s in range(len(ways)):
            for v in range(6):
                nxt[s + v] += ways[s]
        ways = nxt
    return ways


def _all_value(w, n, left):
    """The share of rolling every cargo die with ``left`` rolls left."""
    ways = _sum_ways(n)
    denom = 6 ** n
    r = 0
    for j in range(left):
        acc = 0
        for k in range(len(ways)):
            v = w[n + k]
            if j and r > v:
                v = r
            acc += ways[k] * v
        r = (2 * acc + denom) // (2 * denom)
    return r


def decide(game, strong, idx):
    """The final round's choice for the crewed current seat, given
    ``strong``, the dice strong rolls again (``bot_cargo.decide``), and
    ``idx``, the cargo dice from the lowest (``bot_cargo._cargo_dice``; this
    module imports no bot module: ``bot_cargo`` imports it): a tuple
    (reroll, share, strong reroll, its share, certain, bar) with reroll the
    cargo dice to roll (empty: accept), shares x ONE, ``certain`` when
    accepting loses for certain (the total now is below ``bar``, the best
    other total).  None before the final round."""
    if game.round != game.rounds - 1:
        return None
    values = [game.values[i] for i in idx]
    now = _sum(values)
    w, bar = shares(game)
    certain = game.total(game.current) + now < bar
    left = game.rolls_left()
    n = len(idx)
    lo = w[n]
    hi = w[n]
    for s in range(n, 6 * n + 1):
        if w[s] < lo:
            lo = w[s]
        if w[s] > hi:
            hi = w[s]
    if lo == hi:                       # nothing to win or lose by choosing
        if certain and not strong:
            return idx, lo, strong, lo, certain, bar
        return strong, lo, strong, lo, certain, bar
    options = [([], w[now])]           # (reroll, share), preferred first on a tie
    if not game.hold_cargo:
        options.append((idx, _all_value(w, n, left)))
    else:
        pos, _s, _o, _c, offs, _n = _structure(n)
        q = _hold_q(w, n, left)
        seen = []
        masks = []
        for r in range(1, n + 1):      # the lowest r dice first (strong's sets)
            masks.append((1 << r) - 1)
        for mask in range(1, 1 << n):
            if mask not in masks:
                masks.append(mask)
        for mask in masks:
            kept = _pick(values, ((1 << n) - 1) ^ mask)
            place = offs[len(kept)] + pos[len(kept)][_code(kept)]
            if place in seen:
                continue
            seen.append(place)
            options.append(([idx[i] for i in range(n) if mask >> i & 1], q[place]))
    if certain:
        options = options[1:]
    best = options[0]
    strong_share = None
    for o in options:
        if o[1] > best[1]:
            best = o
        if strong_share is None and _same(o[0], strong):
            strong_share = o[1]
    if strong_share is None:           # accepting, when that loses for certain
        strong_share = w[now]
    elif strong_share + EPS >= best[1]:
        return strong, strong_share, strong, strong_share, certain, bar
    return best[0], best[1], strong, strong_share, certain, bar


def _same(a, b):
    if len(a) != len(b):
        return False
    for i in a:
        if i not in b:
            return False
    return True


def _permille(v):
    """A share x ONE in tenths of a per cent."""
    return (v * 1000 + ONE // 2) // ONE


def reason(choice, game):
    """Why the expert's choice beats the expected-cargo one (<= 19 chars)."""
    reroll, v, strong, sv, certain, bar = choice
    if certain and not strong:
        return "%d can't beat %d" % (game.total(game.current) + game.cargo(), bar)
    a = _permille(v)
    b = _permille(sv)
    if (a + 5) // 10 != (b + 5) // 10:
        return "win %d%%, not %d%%" % ((a + 5) // 10, (b + 5) // 10)
    if a != b:
        return "win %d.%d%% not %d.%d%%" % (a // 10, a % 10, b // 10, b % 10)
    return "wins a bit more"
