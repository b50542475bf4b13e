# Stand-in for CircuitPython's built-in displayio when only the import cost of
# the app is measured under MicroPython: the real module is C code in flash,
# so it takes no heap on the board.  Never used to run the app.
class Group:
    pass


class Palette:
    pass


class Bitmap:
    pass


class TileGrid:
    pass
