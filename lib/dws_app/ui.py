"""Shared layout and widget helpers.

Every screen lays itself out on a text grid of the built-in terminal font
(6x12 pixels): 26 columns by 10 lines of logical pixels 160x120.  On a 160x128
display that is drawn at scale 1, on 320x240 at scale 2, so one layout serves
both.  Widgets are built once; later changes only touch ``.text``, colours,
positions and ``hidden``: a ``Text`` is a fixed grid of character cells, so
no button press allocates display objects.
"""

import displayio
import terminalio

from dws_app import theme

FONT = terminalio.FONT
GLYPH_COUNT = 95            # " " .. "~"
UNKNOWN = ord("?") - 32
# The glyph tile of every byte (UNKNOWN beyond the sheet): one subscript a
# cell instead of a subtraction, two comparisons and two globals.
TILES = bytes((UNKNOWN,)) * 32 + bytes(range(GLYPH_COUNT)) + bytes((UNKNOWN,)) * (224 - GLYPH_COUNT)


# The terminal font's glyph sheet: tile ``ord(c) - 32`` is the ASCII character c.
GLYPHS = FONT.bitmap
if not isinstance(GLYPHS, displayio.Bitmap):      # Blinka: one Bitmap per glyph
    from dws_app.blinka_font import glyph_sheet
    GLYPHS = glyph_sheet(FONT, GLYPH_COUNT)
CW = 6          # character width (terminalio.FONT is 6x12)
LH = 12         # line height
COLS = 26
ROWS = 10
WIDTH = COLS * CW     # logical width 156 (+4 margin) -> 160
HEIGHT = ROWS * LH    # logical height 120


def fit(text, width):
    """``text`` cut or space-padded to exactly ``width`` characters."""
    if len(text) > width:
        return text[:width]
    return text + " " * (width - len(text))


def wrap(text, width, lines):
    """Word-wrap ``text`` into at most ``lines`` lines of ``width`` (a list)."""
    out = []
    line = ""
    for word in text.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line = line + " " + word
        else:
            out.append(line)
            line = word
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
    out.append(line)
    return out[:lines]


def right(text, width):
    """``text`` right-aligned in ``width`` characters (never cut)."""
    if len(text) >= width:
        return text
    return " " * (width - len(text)) + text


def centre(text, width):
    pad = (width - len(text)) // 2
    if pad < 0:
        pad = 0
    return fit(" " * pad + text, width)


class Text:
    """A fixed-size text area: ``width`` characters by ``lines`` lines, drawn as
    one ``TileGrid`` over the terminal font's glyph sheet (a byte per character
    cell, as CircuitPython's own console draws text).  Setting ``.text`` changes
    only the cells whose character changed; ``.color`` and ``.background`` are
    the two entries of its palette."""

    def __init__(self, parent, x, y, width, color=theme.FG, text="",
                 lines=1, background=None, scale=1, padding=0):
        pal = self._blank(width, lines, color, background)
        self.grid = displayio.TileGrid(GLYPHS, pixel_shader=pal, width=width, height=lines,
                                       tile_width=CW, tile_height=LH, default_tile=0, x=padding)
        if scale == 1 and not padding:
            node = self.grid
        else:
            node = displayio.Group(scale=scale)
            if padding:    # background on both sides of the text, as a label's padding
                node.append(displayio.TileGrid(_pad_bitmap(width * CW + 2 * padding,
                                                           lines * LH),
                                               pixel_shader=pal))
            node.append(self.grid)
        node.x = x
        node.y = y
        self.node = node
        self.text = text
        parent.append(node)

    def _blank(self, width, lines, color, background):
        """The size, the palette (entry 0 the background, transparent for
        None) and the all-blank text that every cell starts as; the palette."""
        self.width = width
        self.lines = lines
        pal = displayio.Palette(2)
        self.palette = pal
        self._color = color
        self._background = background
        pal[1] = color
        if background is None:
            pal[0] = 0
            pal.make_transparent(0)
        else:
            pal[0] = background
        blank = " " * width if lines == 1 else "\n".join([" " * width] * lines)
        self._codes = blank.encode()    # the padded text as shown (bytes: see _cells)
        return pal

    def _pad(self, text):
        if self.lines == 1:
            return fit(text, self.width)
        rows = text.split("\n")
        out = []
        for i in range(self.lines):
            out.append(fit(rows[i] if i < len(rows) else "", self.width))
        return "\n".join(out)

    @property
    def text(self):
        return self._codes.decode()

    @text.setter
    def text(self, value):
        padded = self._pad(value)
        new = padded.encode()
        if len(new) != len(padded):         # beyond ASCII: shown as "?"
            new = bytes(ord(c) if ord(c) < 128 else 63 for c in padded)
        old = self._codes
        if new == old:
            return
        self._codes = new
        self._cells(new, old)

    def _changed_rows(self, new, old):
        """The lines of ``new`` that differ from ``old`` (both the padded
        text as bytes: line k starts at k * (width + 1))."""
        if self.lines == 1:
            return (0,)
        w = self.width + 1
        return [r for r in range(self.lines) if new[r * w:r * w + w] != old[r * w:r * w + w]]

    def _cells(self, new, old):
        """Set the tiles of the characters that changed (``SparseText``
        also keeps its chunks).  Bytes, not str: indexing a str counts
        characters from its start on the board, and ord() is a call (an
        8-line text took 33 ms to set on the Pico, 17 ms as bytes)."""
        grid = self.grid
        tiles = TILES
        w = self.width
        for row in self._changed_rows(new, old):
            start = row * (w + 1)
            for i in range(start, start + w):
                c = new[i]
                if c != old[i]:
                    grid[i - row] = tiles[c]

    def shown(self):
        """The visible text with trailing spaces removed (for tests)."""
        return "\n".join(line.rstrip() for line in self.text.split("\n")).rstrip("\n")

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, value):
        if self._color != value:
            self._color = value
            self.palette[1] = value

    @property
    def background(self):
        return self._background

    @background.setter
    def background(self, value):
        if self._background != value:
            self._background = value
            if value is None:
                self.palette.make_transparent(0)
            else:
                self.palette[0] = value
                self.palette.make_opaque(0)

    @property
    def hidden(self):
        return self.node.hidden

    @hidden.setter
    def hidden(self, value):
        # (the firmware redraws a TileGrid whose hidden is set False, even
        # when it was visible)
        if self.node.hidden != value:
            self.node.hidden = value

    def move(self, x, y):
        node = self.node
        if node.x != x or node.y != y:
            node.x = x
            node.y = y

    @property
    def x(self):
        return self.node.x

    @property
    def y(self):
        return self.node.y


_PADS = {}    # (w, h) -> a bitmap of colour 0, shared by every padded text of that size


def _pad_bitmap(w, h):
    bmp = _PADS.get((w, h))
    if bmp is None:
        bmp = _PADS[(w, h)] = displayio.Bitmap(w, h, 1)
    return bmp


def rect(parent, x, y, w, h, color, outline=False, bitmap=None):
    """A filled rectangle (a TileGrid: recolour it via .pixel_shader[1]) or,
    with ``outline``, its 1-pixel outline (``box``); move either via .x/.y,
    hide it via .hidden.  ``bitmap``:
    another filled rectangle's, to share (a row of tiles: one bitmap, not
    one each)."""
    if outline:
        return box(parent, x, y, w, h, color)
    bmp = bitmap
    if bmp is None:
        bmp = displayio.Bitmap(w, h, 2)
        bmp.fill(1)
    pal = displayio.Palette(2)
    pal.make_transparent(0)
    pal[1] = color
    grid = displayio.TileGrid(bmp, pixel_shader=pal, x=x, y=y)
    parent.append(grid)
    return grid


def box(parent, x, y, w, h, color):
    """A rectangle's outline as four 1-pixel bars in a Group: moved or
    hidden, the display redraws the bars' pixels, not the whole rectangle
    (a 26x33 cursor box: ~900 pixels at scale 2 instead of ~7,000)."""
    group = displayio.Group(x=x, y=y)
    pal = displayio.Palette(1)
    pal[0] = color
    across = displayio.Bitmap(w, 1, 1)
    down = displayio.Bitmap(1, h - 2, 1)
    group.append(displayio.TileGrid(across, pixel_shader=pal))
    group.append(displayio.TileGrid(across, pixel_shader=pal, y=h - 1))
    group.append(displayio.TileGrid(down, pixel_shader=pal, y=1))
    group.append(displayio.TileGrid(down, pixel_shader=pal, x=w - 1, y=1))
    parent.append(group)
    return group


def group():
    """An empty displayio Group (for code that imports no displayio)."""
    return displayio.Group()


class Screen:
    """Base class of every screen: ``group`` is what the display shows.

    ``self.root`` is the scaled logical 160x120 canvas to lay widgets on.
    Subclasses build everything in ``__init__`` and update in ``refresh()``.
    """

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()
        # No background layer: the display draws black where no layer is,
        # and a layer under everything would cost every pixel of a frame.
        self.root = displayio.Group(scale=app.scale, x=app.ox, y=app.oy)
        self.group.append(self.root)

    def row_y(self, row):
        """Pixel y of text line ``row``; the last two lines (footer, messages)
        sit on the bottom edge of the display."""
        if row >= ROWS - 2:
            return self.app.height // self.app.scale - (ROWS - row) * LH
        return row * LH

    def text(self, col, row, width, color=theme.FG, text="", lines=1, **kw):
        """A Text at grid cell (col, row)."""
        return Text(self.root, 2 + col * CW, self.row_y(row), width, color, text,
                    lines=lines, **kw)

    def fixed(self, col, row, color, text):
        """A plain Text at (col, row) that is never changed, as wide as its
        words: displayio computes every pixel a text covers, blank or not
        (~5 us each on the Pico; a blank line at scale 2 ~37 ms a frame)."""
        return Text(self.root, 2 + col * CW, self.row_y(row), min(len(text), COLS - col) or 1,
                    color, text)

    def on_show(self):
        self.refresh()

    def refresh(self):
        pass

    def on_button(self, name):
        pass

    def tick(self, now):
        pass
