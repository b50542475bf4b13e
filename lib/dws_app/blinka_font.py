"""The desktop's (Blinka's) terminal font as one glyph sheet.

On the board ``terminalio.FONT.bitmap`` is the sheet that ``ui.Text`` tiles
from; Blinka loads the same 6x12 font with one Bitmap per glyph and no sheet,
so this lays the glyphs side by side once.  Never imported on the board.
"""

import displayio


def glyph_sheet(font, count):
    """A 2-colour Bitmap of ``count`` glyphs from " " on, 6x12 each."""
    sheet = displayio.Bitmap(6 * count, 12, 2)
    for k in range(count):
        glyph = font.get_glyph(32 + k).bitmap
        for y in range(12):
            for x in range(6):
                if glyph[x, y]:
                    sheet[6 * k + x, y] = 1
    return sheet
