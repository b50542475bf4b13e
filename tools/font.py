"""The lobby's large type: X11 misc-fixed 9x15 bold, subset to the printable
ASCII glyphs.

    python -m tools.font [SOURCE.pcf.gz]

reads the source font (default: the system's, Debian package xfonts-base)
and writes three files:

* art/type9x15b.bdf, the subset as BDF: text, so a glyph change is a
  reviewable diff;
* lib/dws_app/lobby/type9x15b.bmp, the same glyphs as a sheet of 9x15
  cells, one per character in ASCII order, which the board draws text
  from as a TileGrid (lib/dws_app/lobby/bigtype.py), as the terminal font's
  text is drawn.  On the emulated Pico (10.2.1) adafruit_display_text's
  bitmap_label over adafruit_bitmap_font's loader took 317 ms in the app
  for "Player 3 wins!" (importing the two libraries alone 188): more than
  the 300 ms a pass may keep the screen frozen (hardware.md);
* lib/dws_app/lobby/title.bmp, the menu's title in the large type with its
  shadow.

misc-fixed is in the public domain (its COPYRIGHT property: "Public domain
font.  Share and enjoy."); lib/dws_app/lobby/type9x15b.txt says so next to
the file.  Each glyph keeps the font's 9-pixel advance; its bitmap is
trimmed to the rows it inks.
"""

import gzip
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = "/usr/share/fonts/X11/misc/9x15B.pcf.gz"
BDF_OUT = os.path.join(ROOT, "art", "type9x15b.bdf")
OUT = os.path.join(ROOT, "lib", "dws_app", "lobby", "type9x15b.bmp")
# The menu's title, drawn here once in the large type with a shadow, so the
# board reads a small sheet instead of loading the font's libraries at the
# menu (they cost the next game 5.1 KB: hardware.md).
TITLE = "DICE WIDE SHUT"
TITLE_OUT = os.path.join(ROOT, "lib", "dws_app", "lobby", "title.bmp")
TITLE_TOP = 2           # blank rows above the capitals in a 15-row cell
FIRST, LAST = 32, 126           # " " .. "~"
WIDTH, HEIGHT, ASCENT = 9, 15, 12


def glyph_rows(image):
    """The rows of a 1-bit glyph image as ints, leftmost pixel the top bit
    of a 16-bit row."""
    rows = []
    for y in range(image.size[1]):
        bits = 0
        for x in range(image.size[0]):
            if image.getpixel((x, y)):
                bits |= 0x8000 >> x
        rows.append(bits)
    return rows


def bdf(source=SOURCE):
    """The subset as BDF text."""
    from PIL import PcfFontFile
    with gzip.open(source) as f:
        font = PcfFontFile.PcfFontFile(f)
    chars = []
    for code in range(FIRST, LAST + 1):
        (advance, _), (x0, y0, x1, y1), _src, image = font.glyph[code]
        assert (advance, x1 - x0, y1 - y0) == (WIDTH, WIDTH, HEIGHT), (code, font.glyph[code][:3])
        rows = glyph_rows(image)
        top = 0
        while top < len(rows) and not rows[top]:
            top += 1
        bottom = len(rows)
        while bottom > top and not rows[bottom - 1]:
            bottom -= 1
        rows = rows[top:bottom]
        if not rows:            # the space: one blank row (no bitmap of height 0)
            rows, bottom = [0], ASCENT
        # BBX: width, height, x offset, y offset of the bottom row from the baseline
        yoff = ASCENT - bottom if rows else 0
        chars.append("\n".join([
            "STARTCHAR U+%04X" % code, "ENCODING %d" % code, "SWIDTH 540 0",
            "DWIDTH %d 0" % WIDTH, "BBX %d %d 0 %d" % (WIDTH, len(rows), yoff), "BITMAP"]
            + ["%04X" % r for r in rows] + ["ENDCHAR"]))
    head = [
        "STARTFONT 2.1",
        "COMMENT X11 misc-fixed 9x15 bold (-Misc-Fixed-Bold-R-Normal--15-140-75-75-C-90-ISO10646-1),",
        "COMMENT printable ASCII only, made by tools/font.py from xfonts-base's 9x15B.pcf.gz.",
        "COMMENT Public domain font.  Share and enjoy.",
        "FONT -Misc-Fixed-Bold-R-Normal--15-140-75-75-C-90-ISO10646-1",
        "SIZE 15 75 75",
        "FONTBOUNDINGBOX %d %d 0 %d" % (WIDTH, HEIGHT, ASCENT - HEIGHT),
        "STARTPROPERTIES 3",
        "FONT_ASCENT %d" % ASCENT,
        "FONT_DESCENT %d" % (HEIGHT - ASCENT),
        'COPYRIGHT "Public domain font.  Share and enjoy."',
        "ENDPROPERTIES",
        "CHARS %d" % (LAST - FIRST + 1),
    ]
    return "\n".join(head + chars + ["ENDFONT", ""])


def read_bdf(text):
    """The glyphs of a BDF as {code: (advance, ascent, descent, rows)}, rows
    as 16-bit ints (leftmost pixel the top bit), and the font's (ascent,
    descent)."""
    glyphs, props = {}, {}
    lines = iter(text.splitlines())
    for line in lines:
        word = line.split(" ", 1)
        if word[0] in ("FONT_ASCENT", "FONT_DESCENT"):
            props[word[0]] = int(word[1])
        elif word[0] == "ENCODING":
            code = int(word[1])
        elif word[0] == "DWIDTH":
            advance = int(word[1].split()[0])
        elif word[0] == "BBX":
            _w, height, _x, yoff = (int(v) for v in word[1].split())
        elif word[0] == "BITMAP":
            rows = [int(next(lines), 16) for _ in range(height)]
            glyphs[code] = (advance, yoff + height, -yoff, rows)
    return glyphs, (props["FONT_ASCENT"], props["FONT_DESCENT"])


def inked(glyph, ascent):
    """(x, y) of each inked pixel of ``glyph`` (``read_bdf``'s) in its
    WIDTH x HEIGHT cell, the baseline on row ``ascent``."""
    advance, up, _down, bits = glyph
    for y, row in enumerate(bits):
        for x in range(advance):
            if row & (0x8000 >> x):
                yield x, ascent - up + y


def sheet_rows(bdf_text):
    """The large type as a glyph sheet for a TileGrid: one WIDTH x HEIGHT
    cell per code FIRST..LAST in a row, each glyph on the font's baseline
    (row ASCENT), as rows of palette indices (1 ink, 0 clear)."""
    glyphs, (ascent, _descent) = read_bdf(bdf_text)
    rows = [[0] * (WIDTH * (LAST - FIRST + 1)) for _ in range(HEIGHT)]
    for code in range(FIRST, LAST + 1):
        left = (code - FIRST) * WIDTH
        for x, y in inked(glyphs[code], ascent):
            rows[y][left + x] = 1
    return rows


def sheet(bdf_text):
    """The glyph sheet: a 4-bit indexed BMP (tools/art.py's), 2 colours."""
    from tools.art import bmp
    return bmp(sheet_rows(bdf_text), 2)


def title_rows(bdf_text, text=TITLE):
    """``text`` in the BDF's glyphs as rows of palette indices: 1 the
    letters, 2 their shadow one pixel down and right, 0 clear; from the
    capitals' top row to the shadow's last, one column wider than the
    letters (a letter's pixel over a shadow's wins)."""
    glyphs, (ascent, _descent) = read_bdf(bdf_text)
    height = HEIGHT - TITLE_TOP
    rows = [[0] * (WIDTH * len(text) + 1) for _ in range(height + 1)]
    for k, c in enumerate(text):
        for x, y in inked(glyphs[ord(c)], ascent):
            x, y = k * WIDTH + x, y - TITLE_TOP
            rows[y][x] = 1
            if not rows[y + 1][x + 1]:
                rows[y + 1][x + 1] = 2
    while not any(rows[-1]):
        rows.pop()
    return rows


def title(bdf_text):
    """The title's sheet: a 4-bit indexed BMP (tools/art.py's), 3 colours."""
    from tools.art import bmp
    return bmp(title_rows(bdf_text), 3)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    source = argv[0] if argv else SOURCE
    if not os.path.exists(source):
        sys.exit("tools.font: %s not found (apt-get install xfonts-base, or name the "
                 "9x15B.pcf.gz file)" % source)
    text = bdf(source)
    with open(BDF_OUT, "w") as f:
        f.write(text)
    with open(OUT, "wb") as f:
        f.write(sheet(text))
    with open(TITLE_OUT, "wb") as f:
        f.write(title(text))
    for path in (BDF_OUT, OUT, TITLE_OUT):
        print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
