"""What a Dice Wide Shut turn did, in one line (issue 52).  A module of
its own: from ``.py`` sources the game's screen module compiles at a
game's start in the heap the seats' tables leave, and with these lines in
it that compile ran out of memory (``cp10_py``'s evening, a MemoryError
allocating 1,016 bytes)."""

from dws_app import ui
from dws_core.dws import RED, SPENT


def marks(game, p):
    """The player's splits and spent 6s, to tell what a turn did."""
    board = game.boards[p]
    spent = 0
    for half in board.sixes:
        for cell in half:
            if cell == SPENT:
                spent += 1
    return board.splits, spent


def account(game, p, before):
    """What the turn about to be confirmed did, in 26 columns:
    "P2 took red 5 and 1", and ", split" / ", 2 splits" / ", spent a 6"
    when its marks did that (``before``: ``marks`` as the turn took its
    first die); "P2 passed: no dice left"."""
    if not game.picked:
        return "P%d passed: no dice left" % (p + 1)
    values = " and ".join(["%d" % game.dice_value[i] for i in game.picked])
    line = "P%d took %s %s" % (p + 1, "red" if game.colour == RED else "blue", values)
    splits, spent = marks(game, p)
    if before is not None:
        splits -= before[0]
        spent -= before[1]
    if splits:
        line += ", split" if splits == 1 else ", %d splits" % splits
    elif spent:
        line += ", spent a 6"
    if len(line) > ui.COLS:
        line = line.replace(" took", ":", 1)
    return line
