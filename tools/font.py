"""The lobby's large type: X11 misc-fixed 9x15 bold, subset to the printable
ASCII glyphs as a BDF (text: a glyph change is a reviewable diff).

    python -m tools.font [SOURCE.pcf.gz]

reads the source font (default: the system's, Debian package xfonts-base)
and writes lib/dws_app/lobby/type9x15b.bdf.  misc-fixed is in the public
domain (its COPYRIGHT property: "Public domain font.  Share and enjoy.");
lib/dws_app/lobby/type9x15b.txt says so next to the file.  Each glyph keeps
the font's 9-pixel advance; its bitmap is trimmed to the rows it inks, so
the board's loader (adafruit_bitmap_font.bdf) reads fewer lines.
"""

import gzip
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = "/usr/share/fonts/X11/misc/9x15B.pcf.gz"
OUT = os.path.join(ROOT, "lib", "dws_app", "lobby", "type9x15b.bdf")
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


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    source = argv[0] if argv else SOURCE
    if not os.path.exists(source):
        sys.exit("tools.font: %s not found (apt-get install xfonts-base, or name the "
                 "9x15B.pcf.gz file)" % source)
    with open(OUT, "w") as f:
        f.write(bdf(source))
    print("wrote", os.path.relpath(OUT, ROOT))


if __name__ == "__main__":
    main()
