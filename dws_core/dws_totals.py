"""Dice Wide Shut's totals by round, kept at each round's end for the final
screen's chart (``DiceWideShut.totals``; ``dws_core.dws_running`` reads
them).  Imported by the engine at a round's end, not with it: from .py
sources this code beside the engine's left the game's screen no room to
compile (cp10_py's evening).

A byte a player and round: the total + TOTAL_SHIFT (-50 to 204: the
default tables' -50 to 150).  A game longer than the room (the engine's
TOTALS_BYTES: five players' 9 rounds, two players' 24) keeps every other
round's, then every fourth (``totals_step``): the chart spans the whole
game whatever its length (Strong seats' games of five ran 9-17 rounds,
Easy ones' to 29).  NOT_KEPT marks a total not kept (yet, or by the build
that began the game).  The totals are immutable bytes but for the round's
end that changes them: a decoded state's are a slice of it (a Strong seat
decodes a trial state for each of its marks)."""

TOTAL_SHIFT = 50
NOT_KEPT = 0xFF


def totals_step(rounds, kept):
    """The rounds from one kept total to the next after ``rounds`` rounds,
    ``kept`` totals a player: 1 while they fit, doubled when they would not."""
    step = 1
    while rounds // step > kept:
        step *= 2
    return step


def keep(game, played):
    """The totals at the end of round ``played`` (counted from 1), kept
    when it falls on the step; first, when they would not fit, every other
    one kept so far goes."""
    n = game.players
    totals = bytearray(game.totals)
    kept = len(totals) // n
    step = totals_step(played, kept)
    if step != totals_step(played - 1, kept):
        half = kept // 2 * n        # (total i of round k, player p: round 2k + 1's)
        for i in range(len(totals)):
            totals[i] = totals[i + (i // n + 1) * n] if i < half else NOT_KEPT
    if played % step == 0:
        at = (played // step - 1) * n
        for p in range(n):
            totals[at + p] = min(NOT_KEPT - 1, max(0, game.score(p) + TOTAL_SHIFT))
    game.totals = bytes(totals)
