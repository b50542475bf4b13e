"""What the next refresh will draw on the firmware, and about how long it takes
on the Pico.

Blinka's displayio is a port of CircuitPython's ``shared-module/displayio``:
the dirty areas it computes (a TileGrid's changed tiles, a moved or hidden
layer's old and new place, a whole screen for a new ``root_group``) are the
ones the firmware refreshes.  Each area costs its pixels (filled and sent over
SPI) plus, per pixel, every visible TileGrid that covers it (displayio
computes each layer's pixel in turn).  The two rates were measured on the
emulated Pico (CircuitPython 10.2.1, 320x240 ST7789): with the SPI at 24 MHz
(20.8 on the RP2040) a full frame of an empty group took 105 ms, one
full-screen layer added 413 ms, a second one 344 ms; at the profile's 62.5 MHz
the same full frame of the Dice Wide Shut screen took 43 ms less (0.56 us a
pixel: 16 bits at 20.8 MHz less 16 at 62.5 is 0.51).

The firmware draws an area in runs of at most 256 pixels (one row of a full
frame) and for each run visits every layer and Group of the picture, hidden or
elsewhere: 64 one-pixel layers made a full frame 51 ms longer
(``python -m tools.board.floor``, tiny_layers_64), ~3.3 us a visit.
"""

FILL_US = 0.81      # per pixel of an area: filled, converted and sent
LAYER_US = 5.0      # per pixel, per TileGrid that covers it
VISIT_US = 3.3      # per run of an area, per layer or Group in the picture
RUN_PX = 256        # CIRCUITPY_DISPLAY_AREA_BUFFER_SIZE (512 bytes) / 2 bytes a pixel


def visits(group):
    """Layers and Groups that a run of an area visits under ``group``
    (a hidden one is visited, not what it holds)."""
    n = 0
    if group is None or group.hidden:
        return n
    for item in group:
        n += 1
        if not hasattr(item, "tile_width"):
            n += visits(item)
    return n


def layers(group, out=None):
    """The visible TileGrids under ``group`` (their areas in display pixels)."""
    if out is None:
        out = []
    if group is None or group.hidden:
        return out
    for item in group:
        if hasattr(item, "tile_width"):
            if not item.hidden:
                a = item._current_area
                out.append((a.x1, a.y1, a.x2, a.y2))
        else:
            layers(item, out)
    return out


def _overlap(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def cost_ms(areas, grids, screen, nodes=0):
    """Estimated ms to refresh ``areas`` (x1, y1, x2, y2) over ``grids``,
    each area clipped to ``screen``, in a picture of ``nodes`` layers and
    Groups (``visits``)."""
    us = 0.0
    for area in areas:
        clipped = (max(area[0], screen[0]), max(area[1], screen[1]),
                   min(area[2], screen[2]), min(area[3], screen[3]))
        px = _overlap(clipped, clipped)
        if not px:
            continue
        us += px * FILL_US
        width = clipped[2] - clipped[0]
        rows = max(1, RUN_PX // width)
        us += (clipped[3] - clipped[1] + rows - 1) // rows * nodes * VISIT_US
        for grid in grids:
            us += _overlap(clipped, grid) * LAYER_US
    return us / 1000


def take(display):
    """The areas the next refresh of ``display`` (a ``busdisplay.BusDisplay``
    of Blinka) would draw and their estimated cost in ms; the display then
    counts them as drawn (nothing is rendered)."""
    core = display._core
    group = core.current_group
    screen = (0, 0, display.width, display.height)
    found = []
    if group is not None:
        if core.full_refresh:
            group._prepare_full_refresh()
        group._get_refresh_areas(found)   # (also marks the changes as seen)
    if core.full_refresh:
        areas = [screen]
    else:
        areas = [(a.x1, a.y1, a.x2, a.y2) for a in found]
    ms = cost_ms(areas, layers(group), screen, visits(group))
    core.finish_refresh()
    return areas, ms
