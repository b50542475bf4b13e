"""Help for one game, in pages: first what each button does, then the
game's rules, from two files on the drive: docs/rules/<title>-keys.txt and
docs/rules/<title>.txt (a new game's help is those two files).

The files stay on the drive until asked for.  Where each page starts (a
page ends at a line holding only "~", or after ROWS lines) is computed once
by ``make flash``, which writes docs/rules/pages.idx beside them (a line
"name size start start ..." a file); opening the help reads that line, and
turning to a page seeks there and reads that page's lines only.  A file the
index does not describe at its size (the simulator's, one copied by hand)
is read once, in one read, to find its pages.  The files are looked for
beside the running code (the slot on the board, the repository on a
desktop), then under sys.path.
"""

import displayio

from dws_app import theme, ui
from dws_app.catalog import title_of

ROWS = 8
MARK = b"~"
LINE_MAX = 80          # bytes read at most per line: a damaged file cannot fill the heap
RULES_MAX = 4096       # bytes of a rules file at most (the longest has 1.6 KB)
INDEX = "pages.idx"     # beside the rules files, written by make flash
INDEX_MAX = 1024        # bytes of it read at most (it has ~400)
DAMAGED = "Rules damaged: make flash"
FOOTER = "page %d/%d <>:turn B:back"


def rules_path(game_id, part=""):
    """The rules file of ``game_id`` that exists (``part`` "-keys": its
    buttons' file), or None."""
    from dws_app.drive import find
    return find("/docs/rules/" + title_of(game_id).lower().replace(" ", "-") + part + ".txt")


def read_index(path):
    """The bytes of the pages' index beside the rules file ``path`` (b"":
    none)."""
    if path is None:
        return b""
    from os import stat
    name = path[:path.rfind("/") + 1] + INDEX
    try:
        size = stat(name)[6]
        with open(name, "rb") as f:     # (its size: a 1 KB buffer failed in
            return f.read(min(size, INDEX_MAX))     # a heap less 24 KB)
    except OSError:
        return b""


def indexed(index, path):
    """The page starts that ``index`` gives for the file ``path`` at its
    size, or None (not there, another size, or not numbers in order)."""
    from os import stat
    name = path[path.rfind("/") + 1:].encode()
    for line in index.split(b"\n"):
        words = line.split()
        if words and words[0] == name:
            try:
                size = stat(path)[6]
                starts = [int(w) for w in words[1:]]
            except (OSError, ValueError):
                return None
            if not starts or starts[0] != size:
                return None
            starts = starts[1:]
            for k in range(len(starts)):
                if not (0 <= starts[k] < size) or (k and starts[k] <= starts[k - 1]):
                    return None
            return starts
    return None


def pages_of(path, missing, index=b""):
    """(path, page starts, problem): a file's pages, from ``index`` (the
    pages.idx bytes) where it describes the file, else from the file; or
    why it has none (``missing`` when there is no file)."""
    if path is None:
        return None, (), missing
    starts = indexed(index, path)
    if starts is None:
        try:
            starts = page_starts(path)
        except (OSError, ValueError):
            return path, (), DAMAGED
    return path, starts, None if starts else "Rules file empty"


def page_starts(path):
    """Byte offsets where the pages of the file ``path`` start (``starts``).
    One read: read line by line, the index took ~25 ms on the Pico and the
    help opened ~14 ms later.  Raises OSError, or ValueError for text that
    is not UTF-8 or longer than RULES_MAX."""
    with open(path, "rb") as f:
        data = f.read(RULES_MAX + 1)
    if len(data) > RULES_MAX:
        raise ValueError("rules file too long")
    data.decode("utf-8")
    return starts_in(data)


def starts_in(data):
    """Byte offsets where the pages of the text ``data`` start, its lines
    cut as ``read_page`` reads them (at LINE_MAX bytes); ``make flash``
    writes them into pages.idx."""
    starts = []
    offset = 0
    end = len(data)
    count = 0                          # lines on the current page
    while offset < end:
        stop = data.find(b"\n", offset, offset + LINE_MAX) + 1
        if stop == 0:
            stop = min(offset + LINE_MAX, end)
        text = data[offset:stop].rstrip()
        if text == MARK:
            count = 0
        elif count or text:            # blank lines do not start a page
            if count == 0:
                starts.append(offset)
            count = (count + 1) % ROWS
        offset = stop
    return starts


def read_page(path, start):
    """The lines of the page at byte ``start`` of ``path``."""
    lines = []
    with open(path, "rb") as f:
        f.seek(start)
        while len(lines) < ROWS:
            line = f.readline(LINE_MAX)
            if not line or line.rstrip() == MARK:
                break
            lines.append(line.decode("utf-8").rstrip())
    return lines


def redraw_whole(display, group):
    """``group``, the top screen's, drawn whole at the next frame, as a new
    screen is (the display refreshes every pixel once after its root
    changes): for a picture that changes in most of its area, one frame
    costs less than the changed layers' areas, each drawn with all that
    covers it (a help page's lines rebuilt: 336 ms, not 581)."""
    display.root_group = None
    display.root_group = group


class HelpScreen(ui.Screen):
    def __init__(self, app, game_id):
        ui.Screen.__init__(self, app)
        # (path, page starts, problem): the buttons' file, then the rules
        keys = rules_path(game_id, "-keys")
        rules = rules_path(game_id)
        index = read_index(rules or keys)
        self.files = (pages_of(keys, "No help file: make flash", index),
                      pages_of(rules, "No rules file: make flash", index))
        self.keys = len(self.files[0][1]) or 1              # pages of buttons
        self.pages = self.keys + (len(self.files[1][1]) or 1)
        self.page = 0
        self.name = title_of(game_id)
        # The title and the footer are plain texts as wide as their longest
        # wording, the page's lines a TileGrid each as wide as its words
        # (``show_lines``): a frame computes every pixel a text covers, blank
        # or not (~5 us each on the Pico).  As one text of 26 columns by 8
        # lines in chunks the first page's frame drew 208 cells where its
        # words have 143, and the open took 513 ms (tests/test_frame_cost.py).
        # (refresh() comes with on_show, when it is pushed.)
        self.title = self.text(0, 0, min(ui.COLS, len("Rules: " + self.name)), theme.ACCENT)
        self.body = displayio.Group(x=2, y=self.row_y(1))
        self.root.append(self.body)
        self.ink = displayio.Palette(2)
        self.ink.make_transparent(0)
        self.ink[1] = theme.FG
        self.lines = ()
        self.footer = self.text(0, 9, len(FOOTER % (self.pages, self.pages)), theme.DIM)

    def shown(self):
        """The lines of the page on screen."""
        k = self.page
        path, starts, problem = self.files[0]
        if k >= self.keys:
            k -= self.keys
            path, starts, problem = self.files[1]
        if problem:
            return [problem]
        try:
            lines = read_page(path, starts[k])
        except (OSError, ValueError):
            lines = None
        return lines or [DAMAGED]      # changed since the help opened

    def refresh(self):
        self.title.text = ("Help: " if self.page < self.keys else "Rules: ") + self.name
        self.show_lines(self.shown())
        self.footer.text = FOOTER % (self.page + 1, self.pages)

    def show_lines(self, lines):
        """The page's ``lines``, each a TileGrid from its first character to
        its last (built at each page: between games there is room, and a
        TileGrid cannot change its width); a character beyond ASCII shows
        as "?".  A new page is drawn whole (``redraw_whole``): the
        lines taken out of their Group leave the box around them all to
        redraw, and each new line its own area again."""
        lines = [ui.fit(line, ui.COLS).rstrip() for line in lines[:ROWS]]
        if lines == self.lines:
            return
        body = self.body
        if len(body):
            redraw_whole(self.app.display, self.group)
        while len(body):
            body.pop()
        tiles = ui.TILES
        for row in range(len(lines)):
            text = lines[row]
            words = text.lstrip(" ")
            if not words:
                continue
            codes = words.encode()          # (as ui.Text's: beyond ASCII "?")
            if len(codes) != len(words):
                codes = bytes(ord(c) if ord(c) < 128 else 63 for c in words)
            grid = displayio.TileGrid(ui.GLYPHS, pixel_shader=self.ink, width=len(codes),
                                      height=1, tile_width=ui.CW, tile_height=ui.LH,
                                      default_tile=0, x=(len(text) - len(words)) * ui.CW,
                                      y=row * ui.LH)
            for i in range(len(codes)):
                grid[i] = tiles[codes[i]]
            body.append(grid)
        self.lines = lines

    def body_text(self):
        """The page's lines as shown (tests)."""
        return "\n".join(self.lines).rstrip("\n")

    def on_button(self, name):
        if name in ("DOWN", "RIGHT", "A") and self.page + 1 < self.pages:
            self.page += 1
            self.refresh()
        elif name in ("UP", "LEFT") and self.page > 0:
            self.page -= 1
            self.refresh()
        elif name in ("A", "B", "SELECT", "START"):
            self.app.pop()
