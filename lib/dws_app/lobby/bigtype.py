"""Large type between games: the scores' winner's line in X11
misc-fixed 9x15 bold (``type9x15b.pcf`` beside this module, public domain,
made by ``python -m tools.font``), drawn by adafruit_display_text's
``bitmap_label`` from adafruit_bitmap_font's PCF loader, which seeks to the
text's glyphs (its BDF loader parsed the whole file: 428 ms on the board).

Drawn once, when its screen is built, then kept as a plain TileGrid over
the label's bitmap: the label, the font and, on the board, the libraries'
modules are let go at once (memory.forget), so none of them is held by a
screen, let alone by a game.  Where a library or the font file is missing
or unreadable, or the text is wider than the screen, the terminal font's
``ui.Text`` stands in, without a traceback."""

from dws_app import ui

FONT_FILE = "/lib/dws_app/lobby/type9x15b.pcf"
LIBRARIES = ("adafruit_display_text", "adafruit_bitmap_font", "adafruit_ticks")
ADVANCE = 9         # every glyph's width (a fixed-width font)
MAX_CHARS = (ui.WIDTH + 4) // ADVANCE     # 17 in the 160 logical pixels
# The label's bitmap (18 rows) holds room above and below its text: its
# capitals (10 high) start this many rows down (measured).  The drawn capitals
# start on the line's second row and descenders end on the next line's
# first two rows, which the terminal font leaves blank (its capitals
# start on a line's third).
CAP_ROW = 5


def fits(text):
    return len(text) <= MAX_CHARS


def whole_pcf(f):
    """The file is a PCF whose tables all lie inside it: the loader checks
    neither (a file that is not one would have it read ~10^9 tables)."""
    head = f.read(8)
    if len(head) < 8 or head[:4] != b"\x01fcp":
        return False
    count = int.from_bytes(head[4:], "little")
    size = f.seek(0, 2)
    if not 4 <= count <= 9 or size < 8 + 16 * count:
        return False
    f.seek(8)
    for _ in range(count):
        entry = f.read(16)
        length = int.from_bytes(entry[8:12], "little")
        if int.from_bytes(entry[12:], "little") + length > size:
            return False
    return True


def draw(text, color):
    """``text`` in the large type as a TileGrid (its bitmap and palette
    bitmap_label's), or None: no library, no font file, a bad one, a
    glyph it lacks, or a text too wide."""
    if not fits(text):
        return None
    grid = None
    try:
        from adafruit_bitmap_font import pcf
        from adafruit_display_text.bitmap_label import Label
        from dws_app.drive import find
        import displayio
        path = find(FONT_FILE)
        if path is not None:
            with open(path, "rb") as f:
                if not whole_pcf(f):
                    raise ValueError("not our font")
                font = pcf.PCF(f, displayio.Bitmap)
                font.load_glyphs(text)
                for c in text:
                    if font.get_glyph(ord(c)) is None:
                        raise ValueError("no glyph")
                made = Label(font, text=text, color=color)
            shown = made._tilegrid      # (its bitmap and palette: no public name for both)
            grid = displayio.TileGrid(shown.bitmap, pixel_shader=shown.pixel_shader)
    except Exception:       # ImportError, OSError, a corrupt file (ValueError, ...)
        grid = None
    made = font = shown = None
    from dws_app.memory import FORGETS, forget, imported
    if FORGETS:             # (the board: their code goes with the label)
        forget(imported(LIBRARIES))
    return grid


def place(screen, row, grid):
    """``grid`` (from ``draw``) centred across the screen, its capitals'
    top on line ``row``'s second row."""
    grid.x = (ui.WIDTH + 4 - grid.bitmap.width) // 2
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
