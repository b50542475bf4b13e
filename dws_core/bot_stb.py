"""Shut the Box seats: "easy" (human-like), "shut" and "score" (exact
policies for an average), "strong" (plays to win the game in front of it).

* shut / score: the exact solver's policy (dws_core.stb_solver) maximising
  the chance to shut the box, or minimising the expected score; the solver
  table of the game's variant (tiles, one-die rule) is cached.
* strong: once the score to beat is known (``beat``: the last player of the
  last round in turns mode, the last player still in play in together
  mode), the exact policy that maximises the chance to win
  (../shared/RULES.md 2.3: end below it, or share it), with 9 and 10 tiles
  (12 tiles: the lowest expected score, ``WIN_TILES``).  Before that (9 and
  10 tiles, turns mode) an estimate of the same: the players still to play
  are weighed by their chance to beat what it scores (``reward``);
  otherwise the lowest expected score; alone, the best chance to shut.
  The win table depends on what there is to beat, so it is solved at the
  turn, in slices the app runs between frames (``prepare``).
* easy: shut the set holding the largest tile (fewest tiles on a tie), roll
  one die once the open tiles add to 6 or less (when allowed).

A decision is one roll (or, in together mode, one declaration of one die or
two before the roll: the same choice as rolling one die or two in turns
mode), or the tiles of one set followed by its confirm.
"""

from dws_core.stb import PLAYING, ROLL, SELECT, USE, open_sum, tiles_of
from dws_core.stb_solver import (BEAT_SCALE, WIN, beat_reward, beat_table, chance_scale,
                                 sets_by_total, solver, win_solver)

# Levels that read a table file (the drive's, or built): strong plays the
# score table's policy until it knows a score to beat.
TABLE_LEVELS = ("shut", "score", "strong")
STRONG = "strong"
# Tile counts whose win table the board can hold: with 12 tiles it is 8 KB
# (4,096 states), and solving it left 22,000 bytes free in the PyBadge-sized
# heap's evening (the suite's floor is 24 KB; 39,952 on the Pico, floor 40
# KB): there Strong plays the lowest expected score.
WIN_TILES = (9, 10)


def _solver(game, objective):
    """The exact solver's table of this game's variant and ``objective``
    (both modes share it: ``stb_solver``)."""
    return solver(game.tiles, game.one_die, objective)


def standing(game, p):
    """What player ``p``'s final score this round decides, in the last
    round of a game of several players: (p's total before it, the totals
    of the others who have finished it, the totals of those still to play
    it, or in together mode still in play); None before the last round or
    alone."""
    if game.players < 2 or game.round + 1 < game.rounds:
        return None
    totals = game.scores()
    known = []
    later = []
    for q in range(game.players):
        if q == p:
            continue
        t = totals[q]
        if game.status[q] == PLAYING:
            later.append(t)
        elif game.together:
            known.append(t + open_sum(game.boxes[q]))   # (added at the round's end)
        else:
            known.append(t)
    return totals[p], known, later


def reward(game, p):
    """The win share (over ``chance_scale``) of each final open sum 0..box
    sum of ``p``'s box this round, or None when it cannot change who wins
    or nothing is known to weigh it by.

    * The others who have finished: ending below the lowest of their totals
      wins against them, ending on it shares with the k who hold it
      (../shared/RULES.md 2.3: exact when no one is left to play).
    * Each player still to play must then beat p's total: p keeps the win
      with the chance that a player who plays to win fails to
      (``stb_solver.beat_chances``, the drive's: 9 and 10 tiles).  With
      another box still open in together mode there is nothing to weigh
      them by: None (the seat plays for the lowest expected score).

    None with 12 tiles (``WIN_TILES``): the board has no room for the table."""
    where = standing(game, p)
    if where is None or game.tiles not in WIN_TILES:
        return None
    mine, known, later = where
    chances = None
    if later:
        # Only a player still to play from a full box is weighed, not one
        # in play together (its box is open now: weighing only the scores
        # made played worse, -5.7 points of win share as the middle of three).
        if game.together:
            return None
        chances = beat_table(game.tiles, game.one_die)
    scale = chance_scale(game.tiles)
    low = None
    holders = 0
    for t in known:
        if low is None or t < low:
            low = t
            holders = 0
        if t == low:
            holders += 1
    box_sum = open_sum(game.full)
    out = beat_reward(box_sum, box_sum + 1 if low is None else low - mine, holders, scale)
    if chances is not None:
        for left in range(box_sum + 1):
            r = out[left]
            for t in later:
                need = mine + left - t      # the score that player must beat
                if need > box_sum:
                    r = 0
                elif need >= 0:
                    r = r * (BEAT_SCALE - chances[need]) // BEAT_SCALE
            out[left] = r
    # Nothing to choose when every score this box can still end on is worth
    # the same (won, or lost, whatever happens).
    first = out[0]
    for left in range(1, open_sum(game.boxes[p]) + 1):
        if out[left] != first:
            return out
    return None


def _objective(game, level):
    """(objective, reward or None) of ``level`` at this decision."""
    if level != STRONG:
        return level, None
    if game.players == 1:
        return "shut", None         # (alone: the box shut is the win)
    r = reward(game, game.current)
    if r is None:
        return "score", None
    return WIN, r


def prepare(game, level):
    """What a decision at ``level`` (None: the hint) waits for: the win
    table to solve in slices (``advance(n)``, ``left()``, ``size``), or None."""
    objective, r = _objective(game, STRONG if level is None else level)
    if objective != WIN:
        return None
    s = win_solver(game.tiles, game.one_die, r, solve=False)
    return None if s.done else s


def _table(game, level):
    objective, r = _objective(game, level)
    if objective == WIN:
        return win_solver(game.tiles, game.one_die, r)
    return _solver(game, objective)


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
        chosen = _table(game, level).best_set(mask, total)
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
    return _table(game, level).roll_one_die(mask)


def _pct(num, den):
    """'12.3%' from an integer fraction, rounded half up."""
    n = (num * 2000 + den) // (2 * den)
    return "%d.%d%%" % (n // 10, n % 10)


def _exp(num, den):
    n = (num * 20 + den) // (2 * den)
    return "%d.%d" % (n // 10, n % 10)


def hint(game):
    """At the strong level: the best set for the roll (or the dice choice),
    with the chance to win once a score to beat is weighed (and why, when
    that is not the move with the best chance to shut), else the chance to
    shut and the expected score after it."""
    p = game.current
    mask = game.boxes[p]
    objective, r = _objective(game, STRONG)
    steps = turn(game, STRONG, None)
    win = None
    why = ""
    if objective == WIN:
        win = win_solver(game.tiles, game.one_die, r)
        if steps != turn(game, "shut", None):
            why = _why(game, p)
    else:
        shut = _solver(game, "shut")
        score = _solver(game, "score")

    def odds(m):
        if win is not None:
            return "%s to win%s" % (_pct(win.value(m), win.scale), why)
        return "%s to shut, %s left" % (_pct(shut.value(m), shut.scale), _exp(score.value(m), score.scale))

    if game.phase != SELECT:
        say = ""
        if game.phase == USE:
            say = "Say %s: " % ("1 die" if steps[0][1] == 1 else "2 dice")
        elif steps[0] == ("roll", 1):
            say = "Roll 1 die: "
        return steps, say + odds(mask)
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
    if undo:
        return steps, "Open %s, shut %s: %s" % ("+".join(undo), "+".join(todo) or "none", odds(rest))
    if todo and chosen != game.selection and game.selection:
        return steps, "Shut %s too: %s" % ("+".join(todo), odds(rest))
    if todo:
        return steps, "Shut %s: %s" % ("+".join(todo), odds(rest))
    return steps, "SHUT now: %s" % odds(rest)


def _why(game, p):
    """Why the move is not the best chance to shut: the score to beat."""
    mine, known, later = standing(game, p)
    if known:
        low = known[0]
        for t in known:
            low = t if t < low else low
        return ", beat %d" % (low - mine)
    return ", %d to play" % len(later)


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
