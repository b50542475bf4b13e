"""dws_core: the rules of the handheld's games, with no I/O and no pixels.

Runs unchanged on CPython 3.11, MicroPython and CircuitPython.  Randomness
comes in as a seed or a ``dws_core.rng.Rng``; nothing here reads a clock.
See ``dws_core.engine`` for the step/event protocol every game follows and
``dws_core.games`` for the list of games.
"""

VERSION = "0.1.0"
