"""Large type between games: the scores' winner's line in X11 misc-fixed
9x15 bold, drawn as text is drawn everywhere else, a TileGrid whose tiles
are characters, here over the font's glyph sheet ``type9x15b.bmp`` (public
domain; one 9x15 cell per printable ASCII character, made on the desktop
by ``python -m tools.font`` from art/type9x15b.bdf).

On the emulated Pico (10.2.1, in the app) adafruit_display_text's
bitmap_label over adafruit_bitmap_font's PCF loader drew "Player 3 wins!"
in 317 ms, of which importing the two libraries took 188: the scores' pass
ran 468-527 ms where a pass may keep the screen frozen 300 (hardware.md).
The sheet is read once a scores screen (~3 KB while it lives).  Where the
sheet is missing or not ours, the heap has no block for it (3,240 bytes,
in a PyBadge-sized heap less 24 KB), or the text is wider than the screen
or holds a character beyond the sheet, the terminal font's ``ui.Text``
stands in, without a traceback."""

import displayio

from dws_app import ui

SHEET = "/lib/dws_app/lobby/type9x15b.bmp"
FIRST, LAST = 32, 126           # the sheet's characters, " " .. "~"
ADVANCE = 9                     # a cell's width (a fixed-width font)
HEIGHT = 15                     # a cell's height: 12 above the baseline, 3 below
MAX_CHARS = (ui.WIDTH + 4) // ADVANCE     # 17 in the 160 logical pixels
# The capitals (10 high) start this many rows down a cell.  Placed, they
# start on the line's second row and descenders end on the next line's
# first two rows, which the terminal font leaves blank (its capitals start
# on a line's third).
CAP_ROW = 2


def fits(text):
    return len(text) <= MAX_CHARS


def draw(text, color):
    """``text`` in the large type as a TileGrid in ``color``, or None: no
    sheet or not ours, no room for it, a character beyond it, or a text
    too wide."""
    if not fits(text):
        return None
    codes = text.encode()       # (bytes: a str's characters would be interned)
    for c in codes:
        if not FIRST <= c <= LAST:
            return None
    from dws_app.dice_art import read_sheet
    try:
        glyphs = read_sheet(SHEET, ADVANCE * (LAST - FIRST + 1), HEIGHT)
    except (OSError, ValueError, MemoryError):
        return None
    palette = displayio.Palette(2)
    palette.make_transparent(0)
    palette[1] = color
    grid = displayio.TileGrid(glyphs, pixel_shader=palette, width=len(text), height=1,
                              tile_width=ADVANCE, tile_height=HEIGHT)
    for i in range(len(codes)):
        grid[i] = codes[i] - FIRST
    return grid


def place(screen, row, grid):
    """``grid`` (from ``draw``) centred across the screen, its capitals'
    top on line ``row``'s second row."""
    grid.x = (ui.WIDTH + 4 - grid.width * ADVANCE) // 2
    grid.y = screen.row_y(row) + 1 - CAP_ROW
    screen.root.append(grid)


class BigText:
    """A text that never changes, centred on a line of the screen: in the
    large type (``grid``) or, failing that, the terminal font (``grid``
    None, ``text`` the ``ui.Text``).  Reads as a ``ui.Text``: ``shown()``,
    ``color``."""

    def __init__(self, screen, row, text, color):
        self._shown = text
        self._color = color
        self.grid = draw(text, color)
        self.text = None
        if self.grid is None:
            self.text = screen.fixed(0, row, color, text)    # (as before the large type)
        else:
            place(screen, row, self.grid)

    def shown(self):
        return self._shown

    @property
    def color(self):
        return self._color
