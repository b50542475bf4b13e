"""Short feedback tones, if the board has a speaker and sound is on."""

CLICK = ((1800, 12),)
REFUSE = ((220, 90),)
ROLL = ((700, 20), (900, 20))
DONE = ((660, 60), (880, 90))


class Sound:
    def __init__(self, device, enabled=True):
        self.device = device
        self.enabled = enabled

    def play(self, notes):
        if self.device is None or not self.enabled:
            return
        for freq, ms in notes:
            self.device.tone(freq, ms)
