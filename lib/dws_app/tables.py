"""The one-off tables of a game's seats and hints: read from the drive
(``tools/tables.py`` computed them, `make flash` put them in tables/), or,
where no whole file fits (a drive not written by `make flash`, a damaged
file, variant options the device does not offer), found unbuilt for the
seats to build a slice per main-loop pass.  Shut the Box's and DicedOut's
are found by the first main-loop pass after the game's first frame
(``SeatPlayer.solve``), Dice Wide Shut's when its seats are made.  A module
of its own, forgotten once used, so that no game holds this code (compiled
from .py sources, Dice Wide Shut's bot then found no room: cp10_py in the
board suite)."""

from dws_app.app import collect

STB_LEVELS = ("shut", "score")   # Shut the Box levels that use solver tables


def find(game, levels):
    """(the tables not built yet, the units to build per main-loop pass).

    * Shut the Box: the solver tables (``stb_tables``).
    * DicedOut: the Strong seat's table of expected round scores, the
      hint's too, when a seat is Strong or human: read from the drive
      (``tools/tables.py`` made it), or built when its file is missing or
      damaged, or the game's bonus numbers have none."""
    if game.GAME_ID == 2:
        from dws_core.stb_solver import SLICE_STATES
        return stb_tables(game, levels), SLICE_STATES
    if "strong" in levels or None in levels:
        from dws_core.bot_dicedout import MOST_REROLLS, SHEETS, SLICE_SHEETS, TABLE_FILE, use, values
        # (other bonus numbers: no file is made for them)
        stored = _stored(TABLE_FILE, game.GAME_ID, game.bonus_mask, MOST_REROLLS + 1, SHEETS)
        if stored is not None:
            use(stored, game.bonus_mask)
            return [], 0
        collect()                    # (its four 4 KB layers and an 8 KB list)
        table = values(game.bonus_mask, build=False)
        if not table.done:
            return [table], SLICE_SHEETS
    return [], 0


def stb_tables(game, levels):
    """The Shut the Box solver tables this game can ask for that are not
    solved yet, a device seat's first (its level names its objective), then
    both of the hint's when a seat is human: read from the drive into the
    solver's cache, or (no file, or a damaged one) taken from that cache
    unsolved, so the bots later find the very tables solved here."""
    want = []
    for lv in levels:
        if lv in STB_LEVELS and lv not in want:
            want.append(lv)
    if None in levels:
        for objective in STB_LEVELS:
            if objective not in want:
                want.append(objective)
    from dws_core.stb_solver import cached, table_file, table_key, use
    tables = []
    for objective in want:
        variant = (game.tiles, game.one_die, objective)
        if cached(*variant) is None:
            name, width = table_file(*variant)
            stored = _stored(name, game.GAME_ID, table_key(*variant), 1, 1 << game.tiles, width)
            if stored is not None:
                use(stored, *variant)
                continue
        table = game.solver(objective, solve=False)
        if not table.done:
            tables.append(table)
    return tables


def dws_columns(points_pair):
    """Give the bot's cache Dice Wide Shut's column tables of ``points_pair``
    on the drive (the file stays open: the bot reads a decision's two
    tables by seek); True when they are there (now, or before)."""
    from dws_core.dws_columns import TABLE_FILE, ready, table_key, use
    if ready(points_pair):
        return True
    stored = _stored(TABLE_FILE, 1, table_key(points_pair), 18, 243, 1)
    if stored is None:
        return False
    use(points_pair, stored)
    return True


def _stored(name, *shape):
    """The drive's table file ``name`` (``drive.open_table``), or None after
    one console line on why the table is built on the board instead."""
    from dws_app.drive import open_table
    stored, why = open_table(name, *shape)
    if stored is None:
        print(why + ": building it")
    return stored
