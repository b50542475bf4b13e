"""The one-off tables of Shut the Box and DicedOut that a game's seats and
hints use, found by the first main-loop pass after the game's first frame
(``SeatPlayer.solve``: their imports and arrays took ~80-110 ms of the
opening press on the Pico); a module of its own, so that a Dice Wide Shut
game, whose heap is the fullest, does not hold this code (compiled from
.py sources, Dice Wide Shut's bot then found no room: cp10_py in the board
suite)."""

from dws_app.app import collect

STB_LEVELS = ("shut", "score")   # Shut the Box levels that use solver tables


def find(game, levels):
    """(the tables not built yet, the units to build per main-loop pass).

    * Shut the Box: the solver tables (``stb_tables``).
    * DicedOut: the Strong seat's table of expected round scores, the
      hint's too, when a seat is Strong or human."""
    if game.GAME_ID == 2:
        from dws_core.stb_solver import SLICE_STATES
        return stb_tables(game, levels), SLICE_STATES
    if "strong" in levels or None in levels:
        collect()                    # (its four 4 KB layers and an 8 KB list)
        from dws_core.bot_dicedout import SLICE_SHEETS, values
        table = values(game.bonus_mask, build=False)
        if not table.done:
            return [table], SLICE_SHEETS
    return [], 0


def stb_tables(game, levels):
    """The Shut the Box solver tables this game can ask for that are not
    solved yet, a device seat's first (its level names its objective), then
    both of the hint's when a seat is human; taken from the solver's cache
    unsolved, so the bots later find the very tables solved here."""
    want = []
    for lv in levels:
        if lv in STB_LEVELS and lv not in want:
            want.append(lv)
    if None in levels:
        for objective in STB_LEVELS:
            if objective not in want:
                want.append(objective)
    tables = []
    for objective in want:
        table = game.solver(objective, solve=False)
        if not table.done:
            tables.append(table)
    return tables
