"""Help for one game, in pages: first what each button does (``BUTTONS``),
then the game's rules from docs/rules/<title>.txt.

The rules stay on the drive until asked for: opening the help reads the file
once, in one read, to note where each page starts (a page ends at a line
holding only "~", or after ROWS lines) and lets go of it; turning to a page
seeks there and reads that page's lines only.  The file is looked for
beside the running code (the slot on the board, the repository on a
desktop), then under sys.path.
"""

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.lobby.catalog import title_of
from dws_app.play.levels import level_names

ROWS = 8
MARK = b"~"
LINE_MAX = 80          # bytes read at most per line: a damaged file cannot fill the heap
RULES_MAX = 4096       # bytes of a rules file at most (the longest has 1.6 KB)
DAMAGED = "Rules damaged: make flash"
FOOTER = "page %d/%d <>:turn B:back"
# What each button does, per game id (the first help pages); kept here, not
# in the game screens, so that a game in play does not hold them.
BUTTONS = {
    1: (   # Dice Wide Shut
        "Take dice:",
        " UP red / DOWN blue",
        " LEFT/RIGHT pick a die",
        " A take it, A again drop",
        "Mark: arrows to a cell,",
        " A marks the die there",
        " (a 6 goes in a 6-cell)",
        "5th check in a row with",
        " an old 6: A split it or",
        " RIGHT spend the 6",
        "A: done, when all are set",
        "B: undo in this turn",
        "B at turn start: others'",
        " boards (any key: back)",
        "START: menu (game saved)",
        "x check  / crossed",
        ". empty  # spent 6",
    ),
    2: (   # Shut the Box
        "Before a roll:",
        " UP/DOWN 1 or 2 dice",
        " (when one die is allowed)",
        " A rolls",
        "After the roll:",
        " LEFT/RIGHT pick a tile",
        " A chooses / unchooses",
        " when they add up, A on",
        " SHUT shuts them",
        "Together: before a roll,",
        " who may use one die says",
        " 1 or 2: UP/DOWN, A;",
        " row: one / two / ? (yet",
        " to say); B takes it back",
        " until the roll",
        "B: undo a choice",
        "SELECT: hint, again: help",
        "START: menu (game saved)",
        "Tiles: up = open,",
        " green = chosen, down=shut",
        "Lowest score wins",
    ),
    3: (   # DicedOut
        "A: roll the two dice",
        "A new total is marked;",
        " a marked one ticks a",
        " reroll [x]: roll again",
        "None left: diced out,",
        " score = unmarked sum",
        "Bonus (*): you may mark",
        " one more: <> pick, A",
        " marks; B: skip it",
        "Between rounds lowest",
        " picks who gets only 2",
        " rerolls: <> then A",
        "Lowest total wins",
        "UP/DOWN: see the others'",
        " sheets (read-only)",
        "START: menu (saved)",
        "Sheet: black on white",
        " = marked, * = bonus",
    ),
    4: (   # Cargo
        "A: roll the free dice",
        "6 ship, then 5 captain,",
        " then 4 crew are banked",
        " by themselves",
        "Crewed: the rest is the",
        " cargo, their sum scores",
        "UP: accept the cargo",
        "A: roll the cargo again",
        "Hold cargo variant:",
        " <> pick a die, DOWN",
        " holds / releases it",
        "B: undo a hold",
        "No crew after the last",
        " roll scores 0",
        "START: menu (saved)",
        "SHP CPT CRW: banked",
    ),
    5: (   # Dice
        "LEFT/RIGHT: a die or ROLL",
        "A on ROLL: roll the dice",
        " that are not held",
        "A on a die: hold it, or",
        " release it",
        "UP/DOWN: one die more or",
        " less (nothing held)",
        "B: undo holds and counts",
        "START: menu",
    ),
}
# Games with bots: the hint and the help behind it (unless the game's own
# lines say it), device-played seats.
HINT_HELP = (
    "SELECT: a hint (the best",
    " move is pointed at);",
    " SELECT again: this help",
)
DEVICE_HELP = (
    "Device seats play alone;",
    " any key hurries them",
)


def button_pages(lines):
    """Where each page of the buttons' ``lines`` starts: at most ROWS lines
    a page, and never inside an item (a line and the indented lines that go
    on with it), so a page does not break mid-sentence."""
    starts = [0]
    i = 0
    while i < len(lines):
        j = i + 1
        while j < len(lines) and lines[j].startswith(" "):
            j += 1
        if j - starts[-1] > ROWS and i > starts[-1]:
            starts.append(i)
        i = j
    return starts


def rules_path(game_id):
    """The rules file of ``game_id`` that exists, or None."""
    from dws_app.drive import find
    return find("/docs/rules/" + title_of(game_id).lower().replace(" ", "-") + ".txt")


def page_starts(path):
    """Byte offsets where the pages of ``path`` start, its lines cut as
    ``read_page`` reads them (at LINE_MAX bytes).  One read: read line by
    line, the index took ~25 ms on the Pico and the help opened ~14 ms
    later.  Raises OSError, or ValueError for text that is not UTF-8 or
    longer than RULES_MAX."""
    with open(path, "rb") as f:
        data = f.read(RULES_MAX + 1)
    if len(data) > RULES_MAX:
        raise ValueError("rules file too long")
    data.decode("utf-8")
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


class HelpScreen(widgets.Screen):
    def __init__(self, app, game_id):
        ui.Screen.__init__(self, app)
        self.lines = list(BUTTONS.get(game_id, ()))
        if level_names(game_id):
            if not [line for line in self.lines if "hint" in line]:
                self.lines.extend(HINT_HELP)
            self.lines.extend(DEVICE_HELP)
        self.breaks = button_pages(self.lines) + [len(self.lines)]
        self.keys = len(self.breaks) - 1                    # pages of buttons
        self.path = rules_path(game_id)
        self.starts = ()
        self.problem = "No rules file: make flash"
        if self.path is not None:
            try:
                self.starts = page_starts(self.path)
                self.problem = None if self.starts else "Rules file empty"
            except (OSError, ValueError):
                self.problem = DAMAGED
        self.pages = self.keys + (len(self.starts) or 1)
        self.page = 0
        self.name = title_of(game_id)
        # The title and the footer are plain texts as wide as their longest
        # wording (a frame visits a SparseText's every chunk once per row
        # it draws, ~0.8 ms a full frame each on the Pico), the body sparse
        # in chunks of 12 columns: the pages' lines are long, so three
        # chunks show the same as five and take ~6 ms less to build (as one
        # plain text it drew the first page's blank last columns too: the
        # open took 511 ms where it took 496).  (refresh() comes with
        # on_show, when it is pushed.)
        self.title = ui.Screen.text(self, 0, 0, min(ui.COLS, len("Rules: " + self.name)),
                                    theme.ACCENT)
        self.body = self.text(0, 1, ui.COLS, theme.FG, lines=ROWS, chunk=12)
        self.footer = ui.Screen.text(self, 0, 9, len(FOOTER % (self.pages, self.pages)),
                                     theme.DIM)

    def shown(self):
        """The lines of the page on screen."""
        k = self.page - self.keys
        if k < 0:
            return self.lines[self.breaks[self.page]:self.breaks[self.page + 1]]
        if self.problem:
            return [self.problem]
        try:
            lines = read_page(self.path, self.starts[k])
        except (OSError, ValueError):
            lines = None
        return lines or [DAMAGED]      # changed since the help opened

    def refresh(self):
        self.title.text = ("Help: " if self.page < self.keys else "Rules: ") + self.name
        self.body.text = "\n".join(self.shown())
        self.footer.text = FOOTER % (self.page + 1, self.pages)

    def on_button(self, name):
        if name in ("DOWN", "RIGHT", "A") and self.page + 1 < self.pages:
            self.page += 1
            self.refresh()
        elif name in ("UP", "LEFT") and self.page > 0:
            self.page -= 1
            self.refresh()
        elif name in ("A", "B", "SELECT", "START"):
            self.app.pop()
