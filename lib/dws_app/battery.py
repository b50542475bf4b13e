"""The battery: what its readings mean (four bars, low, empty, on USB).
It lives through games: the least code that reads and decides; what a
change does (the gauge in the top right corner of every screen, the low
warning, the empty battery) is ``lobby.gauge``'s.

The profile measures (``Hardware.battery_mv()``: the cells' millivolts;
``Hardware.on_usb()``); the app reads every ``READ_MS`` (``App.tick``) and
hands each reading to ``Battery.read``.  One threshold table serves a 1-cell
LiPo and 3 x AA cells (hardware.md, "Battery"): the cells' voltage under the
game's load, the Pico's diode drop added back by its profile.

Noise never toggles anything: the level is the median of the last three
readings, it falls when that median is under a level's threshold and
rises only once it is ``HYSTERESIS_MV`` over it; the battery is empty only
when three readings in a row (``READ_MS`` apart) are under ``EMPTY_MV``.
"""

READ_MS = 2000
# The cells' millivolts from which the gauge shows 1, 2, 3 and 4 bars;
# under the first it shows none, in red, and the app warns (low).
LEVEL_MV = (3500, 3600, 3750, 3950)
# Three readings in a row under this: the game is saved and the device
# stops (``lobby.charge.battery_empty``).
EMPTY_MV = 3300
HYSTERESIS_MV = 60
# A reading under this is no battery's: a monitor that reads ground (no
# cells measured; the emulated board's ADC): no gauge.
NONE_MV = 2000
USB = 5         # ``Battery.level`` on USB power (no bars: a plug)


class Battery:
    """The readings so far: ``level`` None (nothing measured), 0 (low) to 4
    bars, or ``USB``; ``millivolts`` the median reading; ``empty`` True
    once three readings in a row were under ``EMPTY_MV``."""

    def __init__(self):
        self.last = [0, 0, 0]
        self.next = 0           # the slot of ``last`` the next reading takes
        self.level = None
        self.millivolts = 0
        self.empty = False

    def read(self, mv, usb):
        """One reading (``mv`` None: no monitor); True when ``level`` changed."""
        old = self.level
        last = self.last
        if usb or mv is None or mv < NONE_MV:
            self.level = USB if usb else None
            self.next = 0
            self.empty = False
            self.millivolts = 0
            return self.level != old
        if self.next == 0 and (old is None or old == USB):
            last[0] = last[1] = last[2] = mv    # the first: as if read three times
        last[self.next] = mv
        self.next = (self.next + 1) % 3
        a, b, c = last
        median = a + b + c - max(a, b, c) - min(a, b, c)
        self.millivolts = median
        self.empty = max(a, b, c) < EMPTY_MV
        self.level = level_for(median, None if old == USB else old)
        return self.level != old


def level_for(mv, old):
    """The bars for ``mv``: down at once under a threshold, up only
    ``HYSTERESIS_MV`` over it (``old``: the level shown, None at first)."""
    level = 0
    for t in LEVEL_MV:
        if mv >= t:
            level += 1
    if old is not None and level > old:
        up = 0
        for t in LEVEL_MV:
            if mv >= t + HYSTERESIS_MV:
                up += 1
        level = max(old, up)
    return level
