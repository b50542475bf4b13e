"""Cargo's one-off table (with hold_cargo): the Strong and Expert seats'
(and the hint's) best rerolls for the game's cargo dice and rolls, read
from the drive (``tools/tables.py`` computed it).  Looked up by the first
main-loop pass after the game's first frame, then forgotten
(``SeatPlayer.look_up``)."""

from dws_app import drive

AT_START = False        # (looked up after the game's first frame)
CACHES = ("dws_core.bot_cargo",)     # (the modules that keep them: kept for this game)


def find(game, levels):
    """(levels left without their table, why); ((), None) when none is."""
    from dws_core.bot_cargo import TABLE_LEVELS, ready, table_file, table_key, use
    wanted = [lv for lv in levels if lv in TABLE_LEVELS or lv is None]
    dice = game.dice_count - 3          # (ship, captain and crew banked)
    if not game.hold_cargo or not wanted or ready(dice, game.max_rolls):
        return (), None
    stored, why = drive.open_table(table_file(dice, game.max_rolls), game.GAME_ID,
                                   table_key(dice, game.max_rolls), game.max_rolls, 6 ** dice, 4)
    if stored is None:
        return tuple(wanted), why
    use(dice, game.max_rolls, stored)
    return (), None
