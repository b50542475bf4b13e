"""The one-off tables of a game's seats and hints, read from the drive
(``tools/tables.py`` computed them, `make flash` put them in tables/); the
board never builds one.  Shut the Box's and DicedOut's are found by the first
main-loop pass after the game's first frame (``SeatPlayer.look_up``), Dice
Wide Shut's when its seats are made or at the first hint.  A file that is
missing or damaged, or a game with options no file was made for (tests),
names the levels it leaves without their table (``SeatPlayer.without``).
A module of its own, forgotten once used, so that no game holds this code
(compiled from .py sources, Dice Wide Shut's bot then found no room: cp10_py
in the board suite)."""

from dws_app import drive

# The Shut the Box solver tables each level reads (the hint: None): Strong
# plays the score table's policy until it knows what to beat, and weighs
# the players still to play by the beat table (9 and 10 tiles).
STB_TABLES = (("shut", ("shut",)), ("score", ("score",)), ("strong", ("score", "beat")),
              (None, ("shut", "score", "beat")))


def find(game, levels):
    """(levels left without their table, why): the levels among ``levels``
    (None: the hint, wanted when a seat is human) whose file could not be
    used, and the console line that says why; ((), None) when all are there.

    * Shut the Box: the solver tables (``stb_tables``).
    * DicedOut: the Strong seat's table of expected round scores, the hint's
      too, when a seat is Strong or human.
    * Cargo with hold_cargo: the table of the best rerolls (``cargo_tables``)."""
    if game.GAME_ID == 2:
        return stb_tables(game, levels)
    if game.GAME_ID == 4:
        return cargo_tables(game, levels)
    if "strong" in levels or None in levels:
        from dws_core.bot_dicedout import MOST_REROLLS, SHEETS, TABLE_FILE, ready, use
        if ready(game.bonus_mask):
            return (), None
        # (other bonus numbers: no file is made for them)
        stored, why = drive.open_table(TABLE_FILE, game.GAME_ID, game.bonus_mask, MOST_REROLLS + 1, SHEETS)
        if stored is None:
            return ("strong", None), why
        use(stored, game.bonus_mask)
    return (), None


def cargo_tables(game, levels):
    """Cargo with hold_cargo: the Strong and Expert seats' (and the hint's)
    table of the best rerolls, for the game's cargo dice and rolls."""
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


def stb_tables(game, levels):
    """Shut the Box's solver tables this game can ask for, its device
    seats' and, when a seat is human, the hint's (``STB_TABLES``): read
    from the drive into the solver's cache, unless there.  The levels
    (None: the hint) left without one of theirs, and why."""
    from dws_core.stb_solver import BEAT, BEAT_TILES, beat_table, cached, table_file, table_key, use, use_beat
    want = []
    for level, objectives in STB_TABLES:
        if level in levels:
            for objective in objectives:
                if objective not in want and (objective != BEAT or game.tiles in BEAT_TILES):
                    want.append(objective)
    failed = []
    why = None
    for objective in want:
        variant = (game.tiles, game.one_die, objective)
        if objective == BEAT:
            if beat_table(game.tiles, game.one_die, False) is not None:
                continue
        elif cached(*variant) is not None:
            continue
        name, width = table_file(*variant)
        stored, why_not = drive.open_table(name, game.GAME_ID, table_key(*variant), 1,
                                           game.tiles * (game.tiles + 1) // 2 + 1 if objective == BEAT
                                           else 1 << game.tiles, width)
        if stored is None:
            failed.append(objective)
            why = why_not
        elif objective == BEAT:
            use_beat(stored, game.tiles, game.one_die)
        else:
            use(stored, *variant)
    missing = []
    for level, objectives in STB_TABLES:
        if level in levels:
            for objective in objectives:
                if objective in failed and level not in missing:
                    missing.append(level)
    return missing, why


def dws_columns(points_pair):
    """Give the bot's cache Dice Wide Shut's column tables of ``points_pair``
    on the drive (the file stays open: the bot reads a decision's two
    tables by seek); None when they are there (now, or before), else why
    not."""
    from dws_core.dws_columns import TABLE_FILE, ready, table_key, use
    if ready(points_pair):
        return None
    stored, why = drive.open_table(TABLE_FILE, 1, table_key(points_pair), 18, 243, 1)
    if stored is None:
        return why
    use(points_pair, stored)
    return None
