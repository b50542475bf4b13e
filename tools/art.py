"""``python -m tools.art``: the pixel art's text sources (art/*.txt) written as
the indexed BMP sprite sheets the game loads (lib/dws_app/*.bmp).

The BMPs are committed, so ``make flash`` (which copies every ``.bmp`` under
lib/) and the simulator read them as they are; tests/test_art.py fails when
one differs from what this script makes of its source.  ``--check`` does
the same from the command line (exit status 1, nothing written).

Source format (art/dice.txt is the example): ``size N`` (tiles N x N
pixels; ``size W H``: W wide, H high), ``legend C INDEX NAME`` lines (character C is palette index INDEX),
then one block per row of tiles, opened by a ``style NAME`` line: N lines of
the row's tiles side by side, one space between tiles (H lines for
``size W H``).  A line that is
``#`` or starts with ``# `` is a comment (a row of pixels may start with
``#``), and so is what follows ``style NAME``.  The sheet is a
4-bit indexed BMP (the smallest depth every BMP reader knows) that declares
only as many colours as the legend has, so ``adafruit_imageload`` makes a
Bitmap of 2 bits a pixel for four; its palette is a preview only (each die
has its own palette on the device: a die, or Cargo's ship, captain and
crew, art/cargo.txt).
"""

import struct
import sys
from pathlib import Path

from tools.made import update

REPO = Path(__file__).resolve().parent.parent
SHEETS = (("art/dice.txt", "lib/dws_app/dice.bmp"),
          ("art/board.txt", "lib/dws_app/board.bmp"),
          ("art/cargo.txt", "lib/dws_app/cargo.bmp"),
          ("art/flaps.txt", "lib/dws_app/flaps.bmp"),
          ("art/bonus.txt", "lib/dws_app/bonus.bmp"))
# Preview colours of the BMP's palette, by index (transparent shows as the
# screen's black; face white, pips black, frame yellow).
PREVIEW = (0x000000, 0xFFFFFF, 0x000000, 0xFFE040, 0x808080, 0xFF0000, 0x00FF00, 0x0000FF)


class ArtError(ValueError):
    pass


def parse(text):
    """(size, legend {char: index}, styles [name], rows [[pixel row of indices]]);
    ``size`` is the tiles' width (their height too unless the source gives one)."""
    size = None
    high = None
    legend = {}
    styles = []
    rows = []          # every pixel row of the sheet, top first: lists of indices
    block = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line or line == "#" or line.startswith("# "):
            continue
        words = line.split()
        if words[0] == "size":
            size = int(words[1])
            high = int(words[2]) if len(words) > 2 else size
        elif words[0] == "legend":
            if len(words[1]) != 1:
                raise ArtError("line %d: a legend names one character" % number)
            legend[words[1]] = int(words[2])
        elif words[0] == "style":
            if block is not None and len(block) != high:
                raise ArtError("style %s has %d lines, not %d" % (styles[-1], len(block), high))
            styles.append(words[1])
            block = []
        else:
            if size is None or block is None:
                raise ArtError("line %d: pixels before size and style" % number)
            tiles = line.split(" ")
            if any(len(t) != size for t in tiles):
                raise ArtError("line %d: tiles of %d characters expected" % (number, size))
            if rows and len(tiles) * size != len(rows[0]):
                raise ArtError("line %d: %d tiles, not %d" % (number, len(tiles),
                                                              len(rows[0]) // size))
            try:
                rows.append([legend[c] for c in "".join(tiles)])
            except KeyError as e:
                raise ArtError("line %d: %r is not in the legend" % (number, e.args[0]))
            block.append(line)
    if block is not None and len(block) != high:
        raise ArtError("style %s has %d lines, not %d" % (styles[-1], len(block), high))
    if not rows:
        raise ArtError("no pixels")
    return size, legend, styles, rows


def bmp(rows, colours):
    """A bottom-up 4-bit indexed BMP of ``rows`` (lists of indices) declaring
    ``colours`` palette entries."""
    width = len(rows[0])
    height = len(rows)
    stride = ((width + 1) // 2 + 3) & ~3
    pixels = bytearray()
    for row in reversed(rows):
        line = bytearray(stride)
        for x, v in enumerate(row):
            line[x // 2] |= v << (4 if x % 2 == 0 else 0)
        pixels += line
    palette = b"".join(struct.pack("<I", PREVIEW[i]) for i in range(colours))
    offset = 14 + 40 + len(palette)
    head = struct.pack("<2sIHHI", b"BM", offset + len(pixels), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 4, 0, len(pixels),
                       2835, 2835, colours, colours)
    return head + info + palette + bytes(pixels)


def sheet_bytes(text):
    """The BMP that the source ``text`` makes."""
    _size, legend, _styles, rows = parse(text)
    colours = max(legend.values()) + 1
    return bmp(rows, colours)


def build(repo=REPO):
    """{BMP path: bytes} of every sheet, from its source."""
    repo = Path(repo)
    return {out: sheet_bytes((repo / src).read_text(encoding="utf-8")) for src, out in SHEETS}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    return update(REPO, build(), "--check" in argv, "python -m tools.art")


if __name__ == "__main__":
    sys.exit(main())
