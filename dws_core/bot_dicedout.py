"""DicedOut seats: "normal" and "strong".

The only choices are the bonus mark (or declining it) and the penalised
player.

* strong: the bonus mark minimising the expected round score, or no mark
  when declining expects less (it can: with bonus numbers 6, 7 and 8 and
  only 6 and 7 left, keeping both open wins on 11 rolls in 36), by value
  iteration over the sheets that contain the current one and the rerolls
  left (``expected_scores``); the penalty goes to the leader (lowest total
  so far among the others; the first clockwise on a tie).
* normal: marks the highest unmarked number; penalises the next player.
"""

from dws_core.dicedout import ALL_MARKED, EXTRA, HIGH, LOW, PENALTY, unmarked_sum

LEVELS = ("normal", "strong")
SCALE = 1 << 16  # expected scores are integers over SCALE
WAYS = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)  # two-dice totals 2..12
NONE_YET = 1 << 29  # above every value (77 x SCALE at most), a small int everywhere


def expected_scores(marks, rerolls, bonus_mask):
    """V(marks | sub, rerolls) x SCALE for every set ``sub`` of unmarked
    numbers, as a list indexed by ``sub`` packed onto the unmarked bits
    (bit j = the j-th unmarked number, ascending): the expected round score
    from the start of a roll under optimal bonus marks (declining one when
    that is better).  Iterative: sheets with more marks first, then more
    rerolls; two layers are kept.

    Each sheet visits only the totals it has open (a total already marked
    weighs the ways left of 36 at once), and ``low[sub]``, the sheet's
    value after its best bonus mark or none, is worked out once per sheet
    in the same visit, not once per bonus roll that leads there (a decision
    with ten numbers open took ~0.4 s on the Pico, three times this)."""
    free = []
    for b in range(11):
        if not marks & (1 << b):
            free.append(b)
    f = len(free)
    size = 1 << f
    full = size - 1
    bonus = 0               # the packed bits of the unmarked bonus numbers
    ways_of = {}            # packed bit -> the ways of its total (of 36)
    value_of = {}           # packed bit -> its number (a diced-out score)
    for j in range(f):
        bit = 1 << j
        if bonus_mask >> free[j] & 1:
            bonus |= bit
        ways_of[bit] = WAYS[free[j]]
        value_of[bit] = free[j] + LOW
    prev = None
    for r in range(rerolls + 1):
        cur = [0] * size    # (everything marked: round score 0)
        low = [0] * size
        for idx in range(full - 1, -1, -1):
            acc = 0
            open_ways = 0
            left = 0
            best = NONE_YET
            m = full ^ idx  # the totals this sheet has open, bit by bit
            while m:
                bit = m & -m
                m ^= bit
                nxt = idx | bit
                c = cur[nxt]            # (0 for the full sheet)
                if c < best:
                    best = c
                w = ways_of[bit]
                open_ways += w
                if not r:
                    left += value_of[bit]
                if nxt != full:
                    acc += w * (low[nxt] if bonus & bit else c)
            acc += (36 - open_ways) * (prev[idx] if r else left * SCALE)
            v = (acc + 18) // 36
            cur[idx] = v
            low[idx] = v if v < best else best
        prev = cur
    return prev, free


def best_extra(marks, rerolls, bonus_mask):
    """(number, expected round score x SCALE) of the best bonus mark; number
    0 when declining is strictly better than every mark."""
    values, free = expected_scores(marks, rerolls, bonus_mask)
    best_n = 0
    best = values[0]  # declined: the sheet as it is
    for j in range(len(free)):
        v = values[1 << j]
        if v <= best:
            if v < best or best_n == 0:
                best_n = free[j] + LOW
            best = v
    return best_n, best


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
        n = (v * 20 + SCALE) // (2 * SCALE)
        what = "Mark %d" % s[1] if s[0] == "extra" else "No mark"
        return steps, "%s: exp round %d.%d" % (what, n // 10, n % 10)
    if s[0] == "penalise":
        return steps, "Penalise P%d, the leader" % (s[1] + 1)
    return steps, None


def sheet_score(marks):
    return unmarked_sum(marks) if marks != ALL_MARKED else 0
