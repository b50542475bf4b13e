"""Dice drawn as dice: one sprite with pips per die, over one sheet.

The sheet, ``dice.bmp`` beside this module (made from art/dice.txt by
``python -m tools.art``), holds 12x12 tiles: faces 0 (blank) to 6 across,
one style a row: ``PLAIN`` (rounded) a die in play, ``FRAMED`` (a frame,
square corners) held, taken this turn or banked, ``HOLLOW`` (outline and
pips) used up or not rolled, so states differ in shape, not only colour.
The app loads it at power-up (``sheet``) and keeps it; a die is a one-tile
TileGrid over it with its own palette (0 clear, 1 face, 2 pips, 3 frame).
"""

import displayio

from dws_app import theme

SIZE = 12               # pixels a side of a die at scale 1
FACES = 7               # tiles per style: faces 0 (blank) .. 6
PLAIN = 0
FRAMED = 1
HOLLOW = 2
SHEET = "/lib/dws_app/dice.bmp"
LOADER = ("adafruit_imageload.bmp.indexed", "adafruit_imageload.bmp",
          "adafruit_imageload.displayio_types", "adafruit_imageload")

_sheet = []             # [the Bitmap] once loaded


def sheet():
    """The sheet's Bitmap (2 bits a pixel, 864 bytes on the board), read at
    the first call (``read_sheet``) and kept."""
    if not _sheet:
        _sheet.append(read_sheet(SHEET, FACES * SIZE, 3 * SIZE))
    return _sheet[0]


def read_sheet(name, width, height):
    """The Bitmap of the sheet ``name`` (a path under the drive's root,
    what tools/art.py writes), ``width`` x ``height`` pixels.  On the board
    by the firmware's ``bitmaptools.readinto``, which adafruit_imageload
    calls there too: importing the library left its modules' names
    interned, 240-336 bytes less free for the rest of the run
    (hardware.md).  Blinka (the simulator) has no bitmaptools: there
    adafruit_imageload reads it.  A missing sheet, or a file that is not
    it, raises ValueError saying so.  On the board the drive's root is the
    current folder: the sheet is read at ``name`` without looking for it
    (``drive.find``, forgotten with a game's code: importing it again and
    its look took ~15 ms of the final scores' open on the Pico)."""
    try:
        from bitmaptools import readinto
    except ImportError:
        readinto = None
    if readinto is not None:
        try:
            return _read(name, readinto, width, height)
        except OSError:
            pass
    from dws_app.drive import find
    path = find(name)
    if path is None:
        raise ValueError(name[name.rfind("/") + 1:] + " missing: make flash writes it")
    return _read(path, readinto, width, height)


def _read(path, readinto, width, height):
    """The sheet from its BMP (what tools/art.py writes: 4 bits a pixel,
    rows bottom up, each padded to 4 bytes), by ``readinto`` if not None,
    else by adafruit_imageload."""
    name = path[path.rfind("/") + 1:]
    with open(path, "rb") as f:
        head = f.read(54)
        if len(head) < 54 or head[:2] != b"BM" or _field(head, 28, 2) != 4 \
                or _field(head, 30, 4) or _field(head, 18, 4) != width \
                or _field(head, 22, 4) != height:
            raise ValueError(name + " is not its sprite sheet: make flash writes it")
        if readinto is None:
            return _load(f, name)
        bitmap = displayio.Bitmap(width, height, 4)
        f.seek(_field(head, 10, 4))
        try:
            readinto(bitmap, f, 4, element_size=4, reverse_pixels_in_element=True,
                     reverse_rows=True)
        except EOFError:
            raise ValueError(name + " is cut short: make flash writes it")
    return bitmap


def _field(head, at, size):
    return int.from_bytes(head[at:at + size], "little")


def _load(f, name):
    try:
        import adafruit_imageload
    except ImportError:     # (every supported board has bitmaptools)
        raise ValueError(name + ": no bitmaptools in this firmware to read it")
    from dws_app.memory import forget
    f.seek(0)
    bitmap, _palette = adafruit_imageload.load(f, bitmap=displayio.Bitmap,
                                               palette=displayio.Palette)
    forget(LOADER)
    return bitmap


# A rolling die's height above its place, logical pixels, frame by frame: it
# bounces as it tumbles (3 at most: the Dice Wide Shut board's numbers end
# 4 pixels above the dice on the Pico).
HOPS = (0, 2, 3, 2, 0, 1)


def hop(die, frame, k):
    """Lift die ``k`` by its bounce in roll animation frame ``frame`` (each
    die a step out of time with the one before it); frame < 0: back in
    its place.  Moves only when the height changes (a move redraws)."""
    y = die.rest_y if frame < 0 else die.rest_y - HOPS[(frame + 2 * k) % len(HOPS)]
    if die.node.y != y:
        die.node.y = y


class Die:
    """A die at (x, y) of ``parent``, ``SIZE * scale`` pixels a side; move
    or hide its ``node``.  (No more methods: each is heap during a game.)"""

    def __init__(self, parent, x, y, scale=1):
        pal = displayio.Palette(4)
        pal.make_transparent(0)
        self.palette = pal
        grid = displayio.TileGrid(sheet(), pixel_shader=pal, width=1, height=1,
                                  tile_width=SIZE, tile_height=SIZE, default_tile=0)
        self.grid = grid
        if scale == 1:
            node = grid
        else:
            node = displayio.Group(scale=scale)
            node.append(grid)
        node.x = x
        node.y = y
        self.rest_y = y         # (a rolling die hops above it: ``hop``)
        self.node = node
        self.value = 0
        self.style = PLAIN
        self.colours = (None, None, None)
        parent.append(node)

    def show(self, value, style=PLAIN, face=theme.WHITE, pips=theme.BLACK, frame=theme.WHITE):
        """Face ``value`` (0 blank) in ``style``; sets only what changed."""
        self.value = value
        self.style = style
        tile = style * FACES + value
        grid = self.grid
        if grid[0] != tile:
            grid[0] = tile
        colours = (face, pips, frame)
        if colours != self.colours:
            old = self.colours
            pal = self.palette
            for k in range(3):
                if colours[k] != old[k]:
                    pal[k + 1] = colours[k]
            self.colours = colours
