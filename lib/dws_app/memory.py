"""Memory policy of the app, in one place: what lives only between games
(``LOBBY``: forgotten while a game is in play, so gc frees their code), what
lives only during a game (``PLAY``, ``play_modules``: forgotten once it is
over), ``forget``, ``collect`` and ``drop_tables``.  The only app module besides the main
loop's own tidying that touches ``sys.modules`` and ``gc``.

The folders are the lists: ``dws_app.lobby`` holds the screens between
games and what only they use, ``dws_app.play`` what only a game in play
uses; a module put there is forgotten with them."""

import sys

# Between games: the package dws_app.lobby and the list of games (a game in
# play has its engine already).  Neither is referenced by a module that a
# game keeps.
LOBBY = ("dws_app.lobby", "dws_core.games")
# Only while a game is played: the package dws_app.play, the drive's table
# reader, and the core's device seats, hints and their tables: every core
# module but those that outlast a game (``play_modules``), so that a new
# game's are let go without a name here.
PLAY = ("dws_app.play", "dws_app.drive", "dws_core.")
# The core modules that outlast a game: the engines' base and the state's
# format (the first menu brings them, for the whole power-up), the list of
# games (``LOBBY``'s) and what the final screen reads of a finished game
# (Dice Wide Shut's totals by round).  A game's engine stays too: a core
# module that imports ``Engine`` (the scores read the finished game, and
# the setup and Continue the engines).
KEPT = ("dws_core.engine", "dws_core.codec", "dws_core.errors", "dws_core.rng",
        "dws_core.games", "dws_core.dws_totals", "dws_core.dws_running")
# Only on the board: CPython (tests, simulator) keeps one copy of each class.
FORGETS = sys.implementation.name != "cpython"


def imported(prefixes):
    """The imported modules whose names begin with one of ``prefixes`` (a
    package: its modules).  A package itself is not listed: it is an empty
    module, and importing ``dws_app.lobby`` again took 14 ms of every menu
    after a game on the Pico."""
    out = []
    modules = sys.modules
    for name in modules:
        for prefix in prefixes:
            if name.startswith(prefix):
                if not hasattr(modules[name], "__path__"):
                    out.append(name)
                break
    return out


def play_modules():
    """The imported modules that only a game in play uses (``PLAY``), the
    core modules that outlast it aside (``KEPT``, the engines')."""
    out = []
    modules = sys.modules
    for name in imported(PLAY):
        if not name.startswith("dws_core.") or not (
                name in KEPT or hasattr(modules[name], "Engine")):
            out.append(name)
    return out


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


def collect_if_grown(since, limit):
    """Collect when the heap has taken more than ``limit`` bytes since
    ``since`` (``gc.mem_alloc()`` after the last such collection); returns
    the new mark.  CPython has no ``mem_alloc``: nothing to do there."""
    import gc
    alloc = getattr(gc, "mem_alloc", None)
    if alloc and alloc() - since > limit:
        gc.collect()
        return alloc()
    return since


def heap_figures():
    """(``gc.mem_free()``, ``gc.mem_alloc()``) for the test keys' log lines;
    (0, 0) on CPython."""
    import gc
    if not hasattr(gc, "mem_free"):
        return 0, 0
    return gc.mem_free(), gc.mem_alloc()


def drop_tables(keep=()):
    """Let go of the one-off tables the games' bots keep (8-16 KB of heap on
    the board): every imported core module's ``clear_cache()`` but those
    of the modules ``keep``.  A new game drops those of another kind of
    game (its own table module names the modules to keep), a finished one
    all.  A module not imported has none."""
    for name in imported(("dws_core.",)):
        clear = getattr(sys.modules[name], "clear_cache", None)
        if clear is not None and name not in keep:
            clear()
