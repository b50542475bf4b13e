"""Cargo seats: "normal", "strong" and "expert" (``bot_cargo_expert``).

Before the crew is banked every roll is forced.  Once crewed:

* expert: in the final round, the choice that maximises the seat's win share
  against the totals in front of it (``bot_cargo_expert``, imported only by
  this level and the hint); earlier rounds as strong.

* strong: accept or roll by exact expected value for the rolls left.  Without
  ``hold_cargo`` all cargo dice roll: A(0) = E[S], A(j) = E[max(S, A(j-1))]
  and rolling pays when A(rolls left - 1) beats the cargo.  With
  ``hold_cargo``, W(j, m) (cargo multiset m, j rolls left) is the best of
  accepting and rerolling the j' lowest dice (keeping the highest is best for
  a given count, since W only grows with each die); its table is read
  from the drive's file (``tools/tables.py`` made it with ``tables``: the
  Pico took 231 ms to build the classic game's, 2 cargo dice and 3 rolls,
  and 2 s for 3 dice and 3 rolls, short of the standard game's 5), or
  built here (the desktop).
* normal: rolls all cargo dice again while they average under 3.5.
"""

# (level, the module it imports for its decisions): the app loads it with
# the seats, before the game's first frame, not in a decision.
LEVEL_MODULES = (("expert", "dws_core.bot_cargo_expert"),)
# Levels that read a table file (the drive's, or built), with hold_cargo.
TABLE_LEVELS = ("strong", "expert")
SCALE = 1 << 16
_cache = []  # [(dice, rolls), tables, outcomes of rolling m dice]
_all_cache = []  # [(dice, rolls), all_dice_values]


def _multisets(n):
    """Sorted value tuples of n dice with their number of orderings."""
    out = [((), 1)]
    for _ in range(n):
        nxt = []
        for values, _w in out:
            low = values[-1] if values else 1
            for v in range(low, 7):
                nxt.append((values + (v,), 0))
        out = nxt
    result = []
    for values, _w in out:
        ways = 1
        for k in range(1, len(values) + 1):
            ways *= k
        run = 1
        for k in range(1, len(values) + 1):
            if k < len(values) and values[k] == values[k - 1]:
                run += 1
            else:
                for d in range(1, run + 1):
                    ways //= d
                run = 1
        result.append((values, ways))
    return result


def _key(values):
    k = 0
    for v in values:
        k = k * 6 + v - 1
    return k


def _merge(a, b):
    out = list(a) + list(b)
    out.sort()
    return out


def table_file(dice, rolls):
    """The name of the drive's file of ``tables(dice, rolls)``."""
    return "cargo-hold-%d-%d.dwt" % (dice, rolls)


def table_key(dice, rolls):
    return dice << 4 | rolls


def ready(dice, rolls):
    return bool(_cache) and _cache[0] == (dice, rolls)


def use(dice, rolls, stored):
    """Cache the table of ``dice`` cargo dice and ``rolls`` read from the
    drive: ``stored.row(j)`` gives W[j] (6 ** dice 32-bit values)."""
    clear_cache()
    _cache.append((dice, rolls))
    _cache.append(_Rows(stored))
    _cache.append([None] + [_multisets(j) for j in range(1, dice + 1)])


class _Rows:
    """W's rows read from the drive's file, the one in use unpacked."""

    def __init__(self, stored):
        self.stored = stored
        self.at = -1
        self.row = None

    def __getitem__(self, j):
        if j != self.at:
            from struct import unpack
            data = self.stored.row(j)
            self.row = unpack("<%dI" % (len(data) // 4), data)
            self.at = j
        return self.row

    def close(self):
        self.stored.close()


def clear_cache():
    if _cache and hasattr(_cache[1], "close"):
        _cache[1].close()
    del _cache[:]
    del _all_cache[:]


def needs_tables(game):
    """Only a crewed decision with hold_cargo reads the table."""
    return game.hold_cargo and game.crewed()


def tables(dice, rolls):
    """W[j][key(sorted cargo)] x SCALE for j = 0..rolls-1 rolls left: the
    cached rows (the drive's, ``use``), else built (the desktop's work)."""
    if ready(dice, rolls):
        return _cache[1]
    states = _multisets(dice)
    news = [None] + [_multisets(j) for j in range(1, dice + 1)]
    size = 6 ** dice
    out = []
    prev = None
    for j in range(rolls):
        cur = [0] * size
        for values, _w in states:
            key = _key(values)
            best = sum(values) * SCALE
            if j:
                for m in range(1, dice + 1):
                    v = _reroll_value(prev, values, m, news[m])
                    if v > best:
                        best = v
            cur[key] = best
        out.append(cur)
        prev = cur
    clear_cache()
    _cache.append((dice, rolls))
    _cache.append(out)
    _cache.append(news)     # the outcomes of rolling 1..dice dice, for decide
    return out


def _reroll_value(prev, values, m, outcomes):
    """E[W(j-1)] x SCALE after rerolling the m lowest of the sorted values."""
    kept = values[m:]
    acc = 0
    for new, ways in outcomes:
        acc += ways * prev[_key(_merge(kept, new))]
    denom = 6 ** m
    return (acc * 2 + denom) // (2 * denom)


def all_dice_values(dice, rolls):
    """A(j) x SCALE for j = 0..rolls-1: rolling all cargo dice with j rolls after."""
    if _all_cache and _all_cache[0] == (dice, rolls):
        return _all_cache[1]
    outcomes = _multisets(dice)
    denom = 6 ** dice
    out = []
    prev = -1
    for _ in range(rolls):
        acc = 0
        for values, ways in outcomes:
            s = sum(values) * SCALE
            acc += ways * (s if s > prev else prev)
        prev = (acc * 2 + denom) // (2 * denom)
        out.append(prev)
    del _all_cache[:]
    _all_cache.append((dice, rolls))
    _all_cache.append(out)
    return out


def _cargo_dice(game):
    idx = [i for i in range(game.dice_count) if game.roles[i] == 0]
    idx.sort(key=lambda i: game.values[i] * 16 + i)
    return idx


def decide(game):
    """(reroll, expected cargo x SCALE): the dice indices to roll (empty:
    accept) and the value of that choice."""
    idx = _cargo_dice(game)
    values = [game.values[i] for i in idx]
    now = sum(values) * SCALE
    left = game.rolls_left()
    if not game.hold_cargo:
        a = all_dice_values(len(idx), game.max_rolls)[left - 1]
        return (idx, a) if a > now else ([], now)
    if not idx:
        return [], now
    prev = tables(len(idx), game.max_rolls)[left - 1]
    news = _cache[2]
    best = now
    best_m = 0
    for m in range(1, len(idx) + 1):
        v = _reroll_value(prev, values, m, news[m])
        if v > best:
            best = v
            best_m = m
    return idx[:best_m], best


def _expert(game):
    """The expert's module, in the final round only (None before it: the
    expert plays as strong and its module stays unloaded)."""
    if game.round != game.rounds - 1:
        return None
    return __import__("dws_core.bot_cargo_expert", None, None, ["decide"])


def expert_choice(game):
    """The expert's final-round choice for the crewed current seat
    (``bot_cargo_expert.decide``), or None before the final round."""
    expert = _expert(game)
    if expert is None:
        return None
    return expert.decide(game, decide(game)[0], _cargo_dice(game))


def turn(game, level, rng):
    if not game.crewed():
        return _hold_steps(game, []) + [("roll",)]
    choice = expert_choice(game) if level == "expert" else None
    if choice is not None:
        reroll = choice[0]
    elif level != "normal":
        reroll, _ = decide(game)
    else:
        idx = _cargo_dice(game)
        total = 0
        for i in idx:
            total += game.values[i]
        reroll = idx if total * 2 < 7 * len(idx) else []
    return _decision_steps(game, reroll)


def _decision_steps(game, reroll):
    if not reroll:
        return _hold_steps(game, None) + [("accept",)]
    return _hold_steps(game, reroll) + [("roll",)]


def _hold_steps(game, reroll):
    """Holds/releases so that exactly ``reroll`` cargo dice roll (None: leave)."""
    steps = []
    if not game.hold_cargo or reroll is None or not game.crewed():
        return steps
    for i in range(game.dice_count):
        if game.roles[i] != 0:
            continue
        want_held = i not in reroll
        if want_held and not game.held[i]:
            steps.append(("hold", i))
        elif not want_held and game.held[i]:
            steps.append(("release", i))
    return steps


def _num(v):
    n = (v * 20 + SCALE) // (2 * SCALE)
    return "%d.%d" % (n // 10, n % 10)


NEED = ("6 (ship)", "5 (captain)", "4 (crew)")


def hint(game):
    """The expert turn from here; the text names the next step and either the
    expected cargo of the plan (a release undoes an earlier hold), or, where
    the expert's choice is not the expected-cargo one, why: "13 can't beat
    14", or the win shares of both ("win 41%, not 25%")."""
    if not game.crewed():
        return turn(game, "expert", None), "Roll (A): need a " + NEED[game.crew_level()]
    reroll, v = decide(game)
    expert = _expert(game)
    choice = expert.decide(game, reroll, _cargo_dice(game)) if expert is not None else None
    steps = _decision_steps(game, reroll if choice is None else choice[0])
    kind, i = steps[0][0], steps[0][-1]
    if choice is not None and not expert._same(choice[0], reroll):
        why = expert.reason(choice, game)
        if kind == "accept":
            return steps, "Accept %d (UP): %s" % (game.cargo(), why)
        if kind == "hold":
            return steps, "Hold the %d (DOWN): %s" % (game.values[i], why)
        if kind == "release":
            return steps, "Undo: release the %d: %s" % (game.values[i], why)
        return steps, "Roll %d (A): %s" % (len(choice[0]), why)
    if not reroll:
        return steps, "Accept cargo %d (UP)" % game.cargo()
    text = "oll %d: expect %s, now %d" % (len(reroll), _num(v), game.cargo())
    if kind == "hold":
        return steps, "Hold the %d (DOWN), r%s" % (game.values[i], text)
    if kind == "release":
        return steps, "Undo: release the %d, r%s" % (game.values[i], text)
    return steps, "R" + text.replace(":", " (A):")
