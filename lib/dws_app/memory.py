"""The app's memory policy in one place: what lives for the whole power-up,
what is forgotten and when, and when the collector runs."""

# (Comments, not docstrings: a .py source's docstrings stay on the heap.)
#
# An evening is game after game on one power-up, so the heap a game leaves
# behind is the heap the next one starts from.  The rules:
#
# * Kept: the modules imported when the app is built (code.py's, the app's
#   loop, theme, buttons, LEDs, sound, the store): ``modules()``.  They
#   are allocated first, at the bottom of the heap, and never move.
# * Forgotten when a game ends (``end_game``): every other module.  The
#   game's screen, engine, bot, seats and the tables its modules hold go
#   with them, and so do the screens between games; the menu imports what
#   it needs again.  Nothing a game built outlives it.
# * Forgotten while a game is in play: the screens used only between games
#   (``BETWEEN``), so a game has their heap.
# * Collected after every screen change and checkpoint, once its frame is
#   drawn (``App.heap_flush``), on every drive: a player's device does
#   exactly what the board suite measures (the heap log only prints), and
#   garbage never piles up until an allocation inside a press collects.
# * What forgetting cannot give back: the names every module loaded
#   interned (qstrs, which CircuitPython never frees; ~15 KB once every
#   game and screen has been loaded) and the heap's own growth.  So on the
#   board the interpreter starts afresh after every game (``App.fresh``):
#   forgetting keeps the menu drawn before that, and the simulator, clean.
#
# Only on MicroPython and CircuitPython: CPython (tests, the simulator)
# keeps one copy of each class and needs no collection.

import sys

# Screens (and the records code) used only between games.  While a game is
# in play they are forgotten, so gc frees their code, and imported again
# when next needed.  None of them is referenced by a module a game keeps.
# (One string, split when used: ten string objects kept ~350 bytes more.)
BETWEEN = "menu setup scores records records_store help settings error resume widgets"
BOARD = sys.implementation.name != "cpython"
# Modules are forgotten on the board only: CPython (tests, the simulator)
# keeps one copy of each class (a test may set this for its own run).
FORGETS = BOARD


def forget(names):
    # Drop the modules from sys.modules and from their package, so that once
    # no object of theirs is left, gc frees their code.
    for name in names:
        if sys.modules.pop(name, None) is not None:
            dot = name.rfind(".")
            package = sys.modules.get(name[:dot])
            if package is not None and hasattr(package, name[dot + 1:]):
                delattr(package, name[dot + 1:])


def collect(before=None):
    # A collection, on the board only; ``before``: a module's name, collect
    # only if it is not imported yet (a game module's code, and its compiler
    # for .py, need room in a heap the screens before it left fragmented).
    if BOARD and (before is None or before not in sys.modules):
        import gc
        gc.collect()


def between_games():
    # The modules of BETWEEN, by their full names.
    return ["dws_app." + name for name in BETWEEN.split()]


def forget_between_games():
    if FORGETS:
        forget(between_games())


def modules():
    # The modules held now (the app keeps the list of those it is built with).
    return list(sys.modules)


def end_game(kept):
    # Every module not in ``kept`` goes, then a collection.
    if FORGETS:
        forget([name for name in list(sys.modules) if name not in kept])
    collect()
