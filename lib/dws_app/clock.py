"""Millisecond tick arithmetic with wrap-around (supervisor.ticks_ms wraps at 2**29)."""

PERIOD = 1 << 29
_HALF = PERIOD // 2


def ticks_add(t, delta):
    return (t + delta) % PERIOD


def ticks_diff(a, b):
    """a - b in ms, correct across one wrap-around."""
    d = (a - b) % PERIOD
    if d >= _HALF:
        d -= PERIOD
    return d
