"""Widgets of the screens between games (menu, setup, settings, help,
records): this module is forgotten while a game is in play
(``dws_app.lobby``, ``memory.LOBBY``), so its code costs no heap then.

``SparseText`` is a ``ui.Text`` cut into chunks of ``CHUNK`` columns, one
TileGrid each, and a chunk whose cells are all blank is left out of its
Group (not hidden: the firmware redraws a hidden TileGrid's area once after
its first frame, ~40,000 pixels for a setup screen).  displayio
computes every pixel that a visible layer covers, blank or not (about 5 us
each on the Pico): a full frame of the menu drew 26 columns of every line,
~415 ms, where its words need ~300.  The chunks cost heap, which between
games is there; a chunk is built when a character first lands in it (the
scores screen, with the finished game still on the heap, keeps plain texts).
"""

import displayio

from dws_app import theme
from dws_app.ui import CW, GLYPHS, LH, TILES, Screen as _Screen, Text

CHUNK = 6       # columns per TileGrid


class SparseText(Text):
    """A ``ui.Text`` without a background (blank cells show what is under
    them) whose blank chunks are not in its Group; ``.text``, ``.color``,
    ``.hidden``, ``move`` as ``ui.Text``."""

    def __init__(self, parent, x, y, width, color=theme.FG, text="", lines=1, chunk=CHUNK):
        """``chunk``: columns per TileGrid (fewer, wider chunks for a text
        whose lines are mostly long: each costs ~3 ms to build)."""
        pal = self._blank(width, lines, color, None)
        node = displayio.Group(x=x, y=y)
        self.chunk = chunk
        n = (width + chunk - 1) // chunk
        self.grids = [None] * n     # built when a character first lands in them
        self.filled = [0] * n       # per chunk: how many of its cells are not blank
        self.drawn = [None] * n     # per chunk: shown, hidden, or None: not yet in the node
        self.node = node
        self.text = text
        parent.append(node)

    def _cells(self, new, old):
        """Chunk by chunk of each changed line: an unchanged chunk is one
        comparison, and a changed one sets its cells without looking up
        the chunk per cell."""
        grids = self.grids
        filled = self.filled
        tiles = TILES
        w = self.width
        chunk = self.chunk
        for row in self._changed_rows(new, old):
            start = row * (w + 1)
            end = start + w
            for k in range(len(grids)):
                a = start + k * chunk
                b = min(a + chunk, end)
                if new[a:b] == old[a:b]:
                    continue
                grid = grids[k] or self._grid(k)
                base = row * (b - a) - a       # cell i is tile i + base of the chunk
                n = filled[k]
                for i in range(a, b):
                    c = new[i]
                    o = old[i]
                    if c != o:
                        grid[i + base] = tiles[c]
                        if o == 32:
                            n += 1
                        elif c == 32:
                            n -= 1
                filled[k] = n
        # A chunk joins the Group at its first character; later it is
        # hidden and shown again: put back into the Group, the simulator's
        # displayio refreshed its area twice (a help page, ~200 ms more).
        drawn = self.drawn
        for k in range(len(grids)):
            want = bool(filled[k])
            if drawn[k] is None:
                if want:
                    self.node.append(grids[k])
                    drawn[k] = True
            elif drawn[k] != want:
                drawn[k] = want
                grids[k].hidden = not want

    def _grid(self, k):
        """Chunk ``k``'s TileGrid, built (all blank) at its first character:
        a chunk that never holds one costs no time (~0.4 ms on the Pico)
        and no heap."""
        c0 = k * self.chunk
        grid = displayio.TileGrid(GLYPHS, pixel_shader=self.palette,
                                  width=min(self.chunk, self.width - c0), height=self.lines,
                                  tile_width=CW, tile_height=LH, default_tile=0, x=c0 * CW)
        self.grids[k] = grid
        return grid


class Screen(_Screen):
    """A screen between games: its texts are ``SparseText``."""

    def text(self, col, row, width, color=theme.FG, text="", lines=1, chunk=CHUNK):
        return SparseText(self.root, 2 + col * CW, self.row_y(row), width, color, text, lines,
                          chunk)


class Menu:
    """A vertical list of ``rows`` choices with a ``>`` cursor, scrolling;
    ``^`` / ``v`` at the right edge say that more choices lie above / below.
    The rows are one block of lines (never split by the bottom lines' gap).
    Moving redraws the cursor's two cells only (a recoloured line would
    redraw the whole line: about 7,000 pixels, 50 ms on the Pico)."""

    def __init__(self, screen, col, row, width, rows, items=(), color=theme.FG, chunk=CHUNK):
        self.rows = rows
        self.items = list(items)
        self.index = 0
        self.top = 0
        self.color = color
        x = 2 + col * CW
        self.y0 = screen.row_y(row)
        self.cursor = Text(screen.root, x, self.y0, 1, theme.ACCENT, ">")
        self.lines = []
        for i in range(rows):
            self.lines.append(SparseText(screen.root, x + CW, self.y0 + i * LH, width - 1,
                                         color, chunk=chunk))
        # In the lines' last column: no choice fills it where it shows.
        self.above = Text(screen.root, x + (width - 1) * CW, self.y0, 1, theme.DIM)
        self.below = Text(screen.root, x + (width - 1) * CW, self.y0 + (rows - 1) * LH, 1,
                          theme.DIM)
        self.refresh()

    def set_items(self, items, index=None):
        self.items = list(items)
        if index is not None:
            self.index = index
        if self.index >= len(self.items):
            self.index = max(0, len(self.items) - 1)
        self.refresh()

    def move(self, delta):
        if self.items:
            self.index = (self.index + delta) % len(self.items)
            self.refresh()

    def refresh(self):
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.rows:
            self.top = self.index - self.rows + 1
        for i in range(self.rows):
            k = self.top + i
            line = self.lines[i]
            line.text = self.items[k] if k < len(self.items) else ""
        self.cursor.move(self.cursor.x, self.y0 + (self.index - self.top) * LH)
        self.above.text = "^" if self.top > 0 else ""
        self.below.text = "v" if self.top + self.rows < len(self.items) else ""

    def on_button(self, name):
        """Handle UP/DOWN; return True if used."""
        if name == "UP":
            self.move(-1)
            return True
        if name == "DOWN":
            self.move(1)
            return True
        return False
