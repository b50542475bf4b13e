# code.py of `python -m tools.board.floor`: how long displayio takes to draw
# one full frame of a few layer kinds on this board (the pico_dice profile's
# display), in ms of the board's clock, one "FLOOR <name> <ms>" line each.
import sys
import time

sys.path.insert(0, "dws_slots/a/lib")
sys.path.insert(0, "dws_slots/a")

import displayio
import terminalio

from dws_hw import pico_dice

display = pico_dice.build().display


def frame_ms(group):
    """The best of two full frames of ``group`` (a new root: a full frame)."""
    best = None
    for _ in range(2):
        display.root_group = displayio.Group()
        display.refresh()
        display.root_group = group
        t0 = time.monotonic_ns()
        display.refresh()
        ms = (time.monotonic_ns() - t0) / 1e6
        best = ms if best is None or ms < best else best
    return best


def group(*items, scale=1):
    g = displayio.Group(scale=scale)
    for item in items:
        g.append(item)
    return g


def layer(w, h, bits=1, opaque=True, bitmap=None, tiles=None):
    pal = displayio.Palette(2)
    pal[0] = 0x203040
    pal[1] = 0xFFFFFF
    if not opaque:
        pal.make_transparent(0)
    if tiles is None:
        return displayio.TileGrid(bitmap or displayio.Bitmap(w, h, 1 << bits), pixel_shader=pal)
    return displayio.TileGrid(bitmap, pixel_shader=pal, width=tiles[0], height=tiles[1],
                              tile_width=w, tile_height=h, default_tile=33)


FONT = terminalio.FONT.bitmap


def rows_layer(r):
    grid = layer(6, 12, bitmap=FONT, tiles=(26, 1))
    grid.y = 12 * r
    return grid


CASES = (
    ("empty", lambda: group()),
    ("opaque_1bit", lambda: group(layer(320, 240))),
    ("opaque_8bit", lambda: group(layer(320, 240, 8))),
    ("transparent", lambda: group(layer(320, 240, 1, False))),
    ("scale2", lambda: group(group(layer(160, 120), scale=2))),
    ("half_screen", lambda: group(layer(320, 120))),
    ("opaque_over_opaque", lambda: group(layer(320, 240), layer(320, 240))),
    ("transparent_over_opaque", lambda: group(layer(320, 240), layer(320, 240, 1, False))),
    ("tiny_layers_64", lambda: group(*[layer(1, 1) for _ in range(64)])),
    ("tiny_layers_64_scale2", lambda: group(group(*[layer(1, 1) for _ in range(64)], scale=2))),
    ("glyph_rows_26x1_x10_scale2", lambda: group(group(*[rows_layer(r) for r in range(10)],
                                                       scale=2))),
    ("glyphs_26x10_scale2", lambda: group(group(layer(6, 12, bitmap=FONT, tiles=(26, 10)),
                                                scale=2))),
)
for name, build in CASES:
    print("FLOOR %s %.1f" % (name, frame_ms(build())))
print("FLOOR done")
while True:
    time.sleep(1)
