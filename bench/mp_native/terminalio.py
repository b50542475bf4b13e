# Stand-in for CircuitPython's built-in terminalio (C code in flash, no heap):
# only for measuring the app's import cost under MicroPython.  The font's glyph
# sheet is a Bitmap in flash on the board.
import displayio


class _Font:
    bitmap = displayio.Bitmap()


FONT = _Font()
