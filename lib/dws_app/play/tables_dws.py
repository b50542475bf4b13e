"""Dice Wide Shut's one-off tables: the column tables of the Strong seats
and the hint, on the drive (``tools/tables.py`` computed them, ``make
flash`` put them in tables/; the file stays open, the bot reads a
decision's two tables by seek).  Looked up with the seats when one is a
device, before the game screen is built (``AT_START``: from .py sources
the bot compiles only in a heap without the screen, cp10_py in the board
suite), else at the first hint; then forgotten (``SeatPlayer.look_up``)."""

from dws_app import drive
from dws_app.memory import collect
from dws_app.levels import any_device

AT_START = True         # (with a device seat; else at the first hint)
CACHES = ("dws_core.dws_columns", "dws_core.bot_dws")     # (the modules that keep them: kept for this game)


def find(game, levels):
    """Load the bot, each of its modules compiled in a heap just collected
    (.py sources), and open the column tables: (levels left without them,
    why); ((), None) when they are there.  Without the file Strong seats
    play Normal, which works out its own table (the columns' scores now)
    here, before the game's first decision."""
    for name in ("dws_core.dws_columns", "dws_core.bot_dws", "dws_core.bot_dws_race"):
        if name == "dws_core.bot_dws_race":
            from dws_core.bot_dws import weighs_others
            if not weighs_others(game):
                break           # (4-5 players: Strong weighs no other player)
        collect(name)
        __import__(name)
    if not [lv for lv in levels if lv != "easy"]:
        return (), None         # (Easy seats only: no table, no hint)
    why = columns(game.run_points)
    if why is None:
        return (), None
    if any_device(levels):      # Normal's own, not in a decision
        from dws_core.dws_columns import now_tables
        now_tables(game.run_points)
    return ("strong", None), why


def columns(points_pair):
    """Give the bot's cache the column tables of ``points_pair`` on the
    drive; None when they are there (now, or before), else why not."""
    from dws_core.dws_columns import TABLE_FILE, ready, table_key, use
    if ready(points_pair):
        return None
    stored, why = drive.open_table(TABLE_FILE, 1, table_key(points_pair), 18, 243, 1)
    if stored is None:
        return why
    use(points_pair, stored)
    return None
