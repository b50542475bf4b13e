"""Short feedback tones, if the board has a speaker and sound is on.

A tone blocks while it plays (``device.tone(hz, ms)``), so ``play`` only
notes it and the main loop plays it once the press's answer is on the
display (``flush``): a click never delays the pixels it goes with.
"""

CLICK = ((1800, 12),)
REFUSE = ((220, 90),)
ROLL = ((700, 20), (900, 20))
DONE = ((660, 60), (880, 90))


class Sound:
    def __init__(self, device, enabled=True):
        self.device = device
        self.enabled = enabled
        self.pending = None

    def play(self, notes):
        """Play ``notes`` ((hz, ms), ...) at the next ``flush``; a click does
        not replace a longer sound asked for in the same pass."""
        if self.device is None or not self.enabled:
            return
        if self.pending is None or notes is not CLICK:
            self.pending = notes

    def flush(self):
        notes = self.pending
        if notes is not None:
            self.pending = None
            for freq, ms in notes:
                self.device.tone(freq, ms)
