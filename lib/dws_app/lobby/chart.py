"""The final screen's chart: each player's running total after every round,
a line in the player's colour (issue 52).  One bitmap, drawn once when it
is first shown (``ScoresScreen``'s third view), over a dotted line at 0
with a tick at each round's end.  The lines are the firmware's
``bitmaptools.draw_line`` (Blinka's in the simulator)."""

import displayio
from bitmaptools import draw_line

from dws_app import theme


def running_totals(game, rounds):
    """Per player the total before the first round (0) and after each of
    the ``rounds`` played (``round_results``; a round not played ends the
    line)."""
    lines = []
    for p in range(game.players):
        total = 0
        points = [0]
        for r in game.round_results(p)[:rounds]:
            if r is None:
                break
            total += r
            points.append(total)
        lines.append(points)
    return lines


def span(lines):
    """The lowest and highest value the chart shows (0 included)."""
    lo = hi = 0
    for points in lines:
        for v in points:
            lo = min(lo, v)
            hi = max(hi, v)
    return lo, max(hi, lo + 1)


def chart(parent, x, y, width, height, lines, rounds, step=1, top=0):
    """A TileGrid at (x, y) of ``width`` x ``height`` logical pixels: the
    line at 0 in the dim colour, then each player's line in the player's
    colour (the last drawn over the others where they meet).  A line's
    point k is the total after round k * ``step`` (its last, after the
    last round); a tick marks each of those rounds.  With ``top``, the
    lines keep below its first ``top`` rows and the background is opaque:
    the chart covers what is under it (no text there need be rewritten)."""
    players = len(lines)
    bitmap = displayio.Bitmap(width, height, players + 2)
    palette = displayio.Palette(players + 2)
    if top:
        palette[0] = theme.BG
    else:
        palette.make_transparent(0)
    for p in range(players):
        palette[p + 1] = theme.player_colour(p)
    palette[players + 1] = theme.DIM
    lo, hi = span(lines)

    def at(v):
        return (height - 1) - (v - lo) * (height - 1 - top) // (hi - lo)

    def across(k):
        return min(k * step, rounds) * (width - 1) // rounds

    zero = at(0)
    for i in range(0, width, 2):            # the line at 0, dotted
        bitmap[i, zero] = players + 1
    for k in range(-(-rounds // step) + 1):     # a tick at each point's round
        for row in range(max(0, zero - 2), min(height, zero + 3)):
            bitmap[across(k), row] = players + 1
    for p in range(players):
        points = lines[p]
        for k in range(1, len(points)):
            draw_line(bitmap, across(k - 1), at(points[k - 1]), across(k), at(points[k]), p + 1)
    grid = displayio.TileGrid(bitmap, pixel_shader=palette, x=x, y=y)
    parent.append(grid)
    return grid
