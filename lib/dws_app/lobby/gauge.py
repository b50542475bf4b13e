"""What a change of the battery's level does (``changed``, from
``App.read_battery``): the gauge in the top right corner of every screen
(made at the first level, ``make``; recoloured, ``paint``), the low
warning, the empty battery (``lobby.charge``); and the settings' battery
line.  A change is rare (minutes apart at least): this code is the
lobby's, not kept in a game.

Two pictures of 3 x 11 pixels in the 3-pixel margin right of the text
grid (ui: the text ends 2 pixels in, its last column blank), each
bytes of rows (not a str, whose characters indexing would intern as
names: docs/measurements.md, "Names interned in a game"): "1" the
outline (the plug's body), "2" to "5" the bars from the bottom up, whose
colours say which are full; "6" the plug."""

import displayio

from dws_app import sound, ui
from dws_app.battery import USB

CELL = (b" 1 "
        b"111"
        b"151"
        b"151"
        b"141"
        b"141"
        b"131"
        b"131"
        b"121"
        b"121"
        b"111")
PLUG = (b"6 6"
        b"6 6"
        b"666"
        b"666"
        b"666"
        b" 6 "
        b" 6 "
        b" 6 "
        b" 6 "
        b"   "
        b"   ")
PLUG_COLOUR = 0xFFFFFF
# The outline, and low; a bar empty, and full with one bar, two, three, four.
OUTLINE = 0x8C8C8C
LOW = 0xFF6060
EMPTY_BAR = 0x303030
BAR = (0xFF9020, 0xFFE040, 0x50E050, 0x50E050)
# The line a game shows (over its first message line, in red) when the
# battery turns low; other screens warn with the gauge and the refusal's tone.
BATTERY_LOW = "Battery low: charge soon"
# The settings' line: each level's word, 0 (low) to 4 bars.
WORDS = ("low", "a quarter", "half", "good", "full")


def picture(rows, palette):
    bitmap = displayio.Bitmap(3, 11, 7)
    for i in range(33):
        c = rows[i]
        if c != 32:                     # (not " ")
            bitmap[i % 3, i // 3] = c - 48
    return displayio.TileGrid(bitmap, pixel_shader=palette)


def make(scale, right):
    """The gauge at the top right (``right``: the canvas's right edge in
    pixels), hidden until painted: (group, cell, plug, palette)."""
    palette = displayio.Palette(7)
    palette.make_transparent(0)
    palette[6] = PLUG_COLOUR
    group = displayio.Group(scale=scale, x=right - 3 * scale, y=0)
    cell = picture(CELL, palette)
    plug = picture(PLUG, palette)
    group.append(cell)
    group.append(plug)
    group.hidden = True
    return group, cell, plug, palette


def line(battery):
    """The settings' battery line: "Battery 3.92 V: good", "On USB power",
    or "" (nothing measured)."""
    level = battery.level
    if level is None:
        return ""
    if level == USB:
        return "On USB power"
    mv = battery.millivolts
    return "Battery %d.%02d V: %s" % (mv // 1000, mv % 1000 // 10, WORDS[level])


def changed(app):
    """The battery's level changed, or it ran empty: the empty battery's
    save and screen after the press being answered; else the gauge shows
    the level (made at the first), and falling to low warns (once: the
    level rises past its hysteresis before it can warn again)."""
    battery = app.battery
    if battery.empty:
        app.battery_out = True
        from dws_app.lobby.charge import battery_empty
        app.later(app.AFTER_PRESS, battery_empty, app)
        return
    level = battery.level
    if app.gauge is None:
        if level is None:
            return
        app.gauge = make(app.scale, app.ox + app.scale * (ui.WIDTH + 4))
        if app.stack:
            app.gauge_onto(app.stack[-1].group)
    paint(app.gauge, level)
    app.heap_log("battery")
    if level == 0:
        refuse = getattr(app.top, "refuse", None)     # a game's line, in red
        if refuse is not None:
            refuse(BATTERY_LOW)
        else:
            app.sound.play(sound.REFUSE)


def paint(gauge, level):
    """Show ``level`` on ``gauge`` (``make``'s): palette entries and hidden
    flags only."""
    group, cell, plug, palette = gauge
    group.hidden = level is None
    if level is None:
        return
    cell.hidden = level == USB
    plug.hidden = level != USB
    if level == USB:
        return
    palette[1] = LOW if level == 0 else OUTLINE
    for k in range(4):
        palette[2 + k] = BAR[level - 1] if k < level else EMPTY_BAR
