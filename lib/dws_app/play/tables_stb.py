"""Shut the Box's one-off tables: the exact solver's, read from the drive
(``tools/tables.py`` computed them, ``make flash`` put them in tables/) into
the solver's keeping.  Looked up by the first main-loop pass after the
game's first frame, then forgotten (``SeatPlayer.look_up``)."""

from dws_app import drive

AT_START = False        # (looked up after the game's first frame)
CACHES = ("dws_core.stb_solver",)     # (the modules that keep them: kept for this game)
# The solver tables each level reads (the hint: None): Strong plays the
# score table's policy until it knows what to beat, and weighs the players
# still to play by the beat table (9 and 10 tiles).
STB_TABLES = (("shut", ("shut",)), ("score", ("score",)), ("strong", ("score", "beat")),
              (None, ("shut", "score", "beat")))


def find(game, levels):
    """(levels left without their table, why): the levels among ``levels``
    (None: the hint, wanted when a seat is human) whose file could not be
    used, and the console line that says why; ([], None) when all are
    there."""
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
