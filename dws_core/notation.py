"""The text notation of the worked examples (../shared/RULES.md 1.9) for one half of a Dice Wide Shut board.

Five lines of five characters, rows top to bottom: ``x`` checked, ``.`` empty,
``/`` crossed.  Whitespace around and inside lines is ignored; one line of
five space-separated rows (``"xx... x.x.. ..."``) is read as well.  The cell states
are those of ``dws_core.dws`` (EMPTY 0, CHECKED 1, CROSSED 2).
"""

# Character for each cell state, indexed by the state.
SYMBOLS = ".x/"


def parse_half(text):
    """A list of 25 cell states (index row*5+col); ValueError if malformed."""
    rows = []
    for line in text.split("\n"):
        line = "".join(line.split())
        if line:
            rows.append(line)
    if len(rows) == 1:
        rows = text.split()
    if len(rows) != 5:
        raise ValueError("a half has five rows")
    cells = []
    for line in rows:
        if len(line) != 5:
            raise ValueError("a row has five cells")
        for ch in line:
            state = SYMBOLS.find(ch)
            if state < 0:
                raise ValueError("unknown cell mark " + ch)
            cells.append(state)
    return cells


def format_half(cells):
    """The notation of 25 cell states: five lines joined by newlines."""
    if len(cells) != 25:
        raise ValueError("a half has 25 cells")
    lines = []
    for row in range(5):
        lines.append("".join([SYMBOLS[cells[row * 5 + col]] for col in range(5)]))
    return "\n".join(lines)
