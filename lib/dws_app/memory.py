"""Memory policy of the app, in one place: which modules live only between
games (``BETWEEN_GAMES``: forgotten while a game is in play, so gc frees
their code), ``forget``, ``collect`` and ``drop_tables``.  The only app
module besides the main loop's own tidying that touches ``sys.modules``
and ``gc``."""

import sys

# Screens (and the records code) used only between games.  While a game is in
# play they are forgotten, so gc frees their code, and imported again when
# next needed.  None of them is referenced by a module that a game keeps.
# The list of games (``dws_core.games``) is theirs too: a game in play has
# its engine already.
BETWEEN_GAMES = ("dws_app.menu", "dws_app.setup", "dws_app.scores", "dws_app.records",
                 "dws_app.records_store", "dws_app.help", "dws_app.settings",
                 "dws_app.error", "dws_app.resume", "dws_app.widgets", "dws_app.catalog",
                 "dws_core.games")
# The modules that keep a game's one-off tables (``clear_cache()``), by the
# game id they serve.
TABLE_MODULES = ((1, "dws_core.bot_dws"), (2, "dws_core.stb_solver"), (3, "dws_core.bot_dicedout"),
                 (4, "dws_core.bot_cargo"))
# Only on the board: CPython (tests, simulator) keeps one copy of each class.
FORGETS = sys.implementation.name != "cpython"


def forget(names):
    """Drop the modules ``names`` from ``sys.modules`` and from their package,
    so that once no object of theirs is left, gc frees their code."""
    for name in names:
        if sys.modules.pop(name, None) is not None:
            dot = name.rfind(".")
            package = sys.modules.get(name[:dot])
            if package is not None and hasattr(package, name[dot + 1:]):
                delattr(package, name[dot + 1:])


def collect(before=None):
    """A collection before a game's modules are imported: the compiler (.py)
    and the code (.mpy) need room in a heap the menu left fragmented.
    ``before``: a module's name, collect only if it is not imported yet."""
    if before is not None and before in sys.modules:
        return
    import gc
    gc.collect()


def drop_tables(keep=None):
    """Let go of the one-off tables the games' bots keep (8-16 KB of heap on
    the board), but those of game id ``keep``: a new game drops the others',
    a finished one all.  A module not imported has none (nothing is
    imported for it)."""
    for gid, name in TABLE_MODULES:
        if gid != keep and name in sys.modules:
            sys.modules[name].clear_cache()
