"""Shut the Box seats: "easy" (human-like), "shut" and "score" (exact policy).

* shut / score: the exact solver's policy (dws_core.stb_solver) maximising
  the chance to shut the box, or minimising the expected score; the solver
  table of the game's variant (tiles, one-die rule) is cached.
* easy: shut the set holding the largest tile (fewest tiles on a tie), roll
  one die once the open tiles add to 6 or less (when allowed).

A decision is one roll (or, in together mode, one declaration of one die or
two before the roll: the same choice as rolling one die or two in turns
mode), or the tiles of one set followed by its confirm.
"""

from dws_core.stb import ROLL, SELECT, USE, open_sum, tiles_of
from dws_core.stb_solver import sets_by_total, solver

TABLE_LEVELS = ("shut", "score")   # levels that read a table file (the drive's, or built)


def _solver(game, objective):
    """The exact solver's table of this game's variant and ``objective``
    (both modes share it: ``stb_solver``)."""
    return solver(game.tiles, game.one_die, objective)


def _easy_set(mask, total, tiles):
    best = 0
    best_key = -1
    for t in sets_by_total(tiles)[total] if 0 < total <= 12 else ():
        if mask & t == t:
            tiles_in = tiles_of(t)
            key = tiles_in[-1] * 16 - len(tiles_in)
            if key > best_key:
                best_key = key
                best = t
    return best


def turn(game, level, rng):
    p = game.current
    mask = game.boxes[p]
    if game.phase == ROLL:
        if game.together:
            return [("roll",)]
        if game.one_die_allowed(mask) and _one_die(game, level, mask):
            return [("roll", 1)]
        return [("roll", 2)]
    if game.phase == USE:  # declared before the roll: as rolling 1 or 2 dice
        return [("use", 1 if _one_die(game, level, mask) else 2)]
    total = game.target(p)
    if level == "easy":
        chosen = _easy_set(mask, total, game.tiles)
    else:
        chosen = _solver(game, level).best_set(mask, total)
    # From where the player stands: open only the chosen tiles the set
    # lacks, shut only the tiles it still needs.
    selection = game.selection
    steps = [("open", t) for t in tiles_of(selection & ~chosen)]
    for t in tiles_of(chosen & ~selection):
        steps.append(("shut", t))
    steps.append(("confirm",))
    return steps


def _one_die(game, level, mask):
    if level == "easy":
        return open_sum(mask) <= 6
    return _solver(game, level).roll_one_die(mask)


def _pct(num, den):
    """'12.3%' from an integer fraction, rounded half up."""
    n = (num * 2000 + den) // (2 * den)
    return "%d.%d%%" % (n // 10, n % 10)


def _exp(num, den):
    n = (num * 20 + den) // (2 * den)
    return "%d.%d" % (n // 10, n % 10)


def hint(game):
    """Exact: the best set for the roll (or the dice choice), with the chance to
    shut and the expected score after it."""
    p = game.current
    mask = game.boxes[p]
    steps = turn(game, "shut", None)
    shut = _solver(game, "shut")
    score = _solver(game, "score")
    if game.phase != SELECT:
        say = ""
        if game.phase == USE:
            say = "Say %s: " % ("1 die" if steps[0][1] == 1 else "2 dice")
        return steps, "%sP(shut) %s, exp %s" % (
            say, _pct(shut.value(mask), shut.scale), _exp(score.value(mask), score.scale))
    chosen = game.selection
    undo = []
    todo = []
    for s in steps:
        if s[0] == "shut":
            chosen |= 1 << (s[1] - 1)
            todo.append(str(s[1]))
        elif s[0] == "open":
            chosen &= ~(1 << (s[1] - 1))
            undo.append(str(s[1]))
    rest = mask & ~chosen
    odds = "%s shut, exp %s" % (_pct(shut.value(rest), shut.scale),
                                _exp(score.value(rest), score.scale))
    if undo:
        return steps, "Open %s, shut %s: %s" % ("+".join(undo), "+".join(todo) or "none", odds)
    if todo and chosen != game.selection and game.selection:
        return steps, "Shut %s too: %s" % ("+".join(todo), odds)
    if todo:
        return steps, "Shut %s: %s" % ("+".join(todo), odds)
    return steps, "SHUT now: %s" % odds


def candidates(game):
    """Every set matching the roll: [(mask, P(shut) x scale, exp score x scale)]
    best chance first, for a hint list (scales: stb_solver SCALE_SHUT/SCORE)."""
    p = game.current
    mask = game.boxes[p]
    total = game.target(p)
    shut = _solver(game, "shut")
    score = _solver(game, "score")
    out = []
    for t in sets_by_total(game.tiles)[total] if 0 < total <= 12 else ():
        if mask & t == t:
            out.append((t, shut.value(mask & ~t), score.value(mask & ~t)))
    out.sort(key=lambda e: (-e[1], e[2], e[0]))
    return out
