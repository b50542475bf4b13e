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
