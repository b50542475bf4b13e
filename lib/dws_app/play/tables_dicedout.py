"""DicedOut's one-off table: the Strong seat's (and the hint's) expected
round scores, read from the drive (``tools/tables.py`` computed it) when a
seat is Strong or human.  Looked up by the first main-loop pass after the
game's first frame, then forgotten (``SeatPlayer.look_up``).  Only the
standard bonus numbers have a file."""

from dws_app import drive

AT_START = False        # (looked up after the game's first frame)
CACHES = ("dws_core.bot_dicedout",)     # (the modules that keep them: kept for this game)


def find(game, levels):
    """(levels left without their table, why); ((), None) when none is."""
    if "strong" not in levels and None not in levels:
        return (), None
    from dws_core.bot_dicedout import MOST_REROLLS, SHEETS, TABLE_FILE, ready, use
    if ready(game.bonus_mask):
        return (), None
    stored, why = drive.open_table(TABLE_FILE, game.GAME_ID, game.bonus_mask, MOST_REROLLS + 1, SHEETS)
    if stored is None:
        return ("strong", None), why
    use(stored, game.bonus_mask)
    return (), None
