"""Dice Wide Shut's totals by round as its final screen's chart reads them
(the engine keeps them: ``dws_core.dws_totals``).  Imported by the final
screen only."""

from dws_core.dws_totals import NOT_KEPT, TOTAL_SHIFT, totals_step

START_TOTAL = -50       # (a fresh board: ten columns with no check, -5 each)


def rounds_played(game):
    return game.round + (1 if game.over else 0)


def round_totals(game, p):
    """(step, totals): player ``p``'s total at the end of rounds step,
    2 * step, ... of the game; None when one is not known (a game begun by
    a build that kept none)."""
    n = game.players
    played = rounds_played(game)
    step = totals_step(played, len(game.totals) // n)
    out = []
    for k in range(played // step):
        v = game.totals[k * n + p]
        if v == NOT_KEPT:
            return None
        out.append(v - TOTAL_SHIFT)
    return step, out


def running_totals(game):
    """(step, lines): per player the total before the first round, at
    every step rounds, and at the end (when it is not on a step); None when
    some total is not known."""
    played = rounds_played(game)
    lines = []
    step = 1
    for p in range(game.players):
        kept = round_totals(game, p)
        if kept is None:
            return None
        step, totals = kept
        line = [START_TOTAL] + totals
        if played % step:
            line.append(game.score(p))
        lines.append(line)
    return step, lines
