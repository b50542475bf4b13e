"""Desktop simulator (never shipped to the device).

It builds hardware objects with the same interface as ``lib/dws_hw`` profiles
(Blinka displayio display, a keypad event queue fed by the keyboard or a
script, a pixelbuf LED strip, a file-backed nvm) and runs the unchanged app.
"""

import os as _os
import sys as _sys

# CircuitPython puts lib/ on the import path; do the same on the desktop.
_LIB = _os.path.join(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))), "lib")
if _LIB not in _sys.path:
    _sys.path.insert(0, _LIB)

# Blinka's platform detection (Adafruit_PlatformDetect) calls a desktop PC
# GENERIC_X86 and prints "GENERIC_X86 is not fully supported" twice on the
# first import of its microcontroller module.  The simulator uses no pins:
# Blinka's own OS-agnostic board and chip (which PlatformDetect takes from
# these variables) are exactly that, and load silently.  A value set outside
# wins.  pygame's greeting goes too.
_os.environ.setdefault("BLINKA_FORCECHIP", "OS_AGNOSTIC")
_os.environ.setdefault("BLINKA_FORCEBOARD", "OS_AGNOSTIC_BOARD")
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The drive's tables/ (tools/tables.py), as `make flash` puts them on the
# board: the simulator reads them from the repository's tables/.
_ROOT = _os.path.dirname(_LIB)
if _ROOT not in _sys.path:
    _sys.path.insert(0, _ROOT)
from tools.tables import write as _write_tables  # noqa: E402

_write_tables()
