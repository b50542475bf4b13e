"""Short sound effects, if the board has a speaker and sound is on.

An effect is a name and its tones.  A board that plays samples (its sound
has ``load(folder, names)``, ``sample(name)`` and ``playing()``: the
PyBadge's speaker) is given the effects' WAV files at power-up
(``sounds/NAME.wav`` beside this module, made by ``python -m tools.sounds``
from art/sounds.txt) and plays the effect's sample, which returns at once:
the dice rattle while the roll animation runs.  Otherwise, or for an effect
whose file it could not load, the tones (``tone(hz, ms)``: the Pico's
piezo), which block while they play.  So ``play`` only notes the effect and
the main loop plays it once the press's answer is on the display
(``flush``): a sound never delays the pixels it goes with.
"""

CLICK = ("click", ((1800, 12),))
REFUSE = ("refuse", ((220, 90),))
ROLL = ("roll", ((700, 20), (900, 20)))
DONE = ("done", ((660, 60), (880, 90)))
EFFECTS = ("click", "roll", "refuse", "done")
FOLDER = "/lib/dws_app/sounds/"


class Sound:
    def __init__(self, device, enabled=True):
        self.device = device
        self.enabled = enabled
        self.pending = None
        self.samples = False    # the device plays the effects' samples
        self.busy = False       # a sample was started and not yet seen ended
        if device is not None and hasattr(device, "load"):
            from dws_app.drive import find
            first = EFFECTS[0] + ".wav"
            path = find(FOLDER + first)
            if path is not None:
                device.load(path[:-len(first)], EFFECTS)    # (the folder it is in)
                self.samples = True

    def play(self, effect):
        """Play ``effect`` (CLICK, REFUSE, ROLL, DONE) at the next ``flush``;
        a click does not replace a longer sound asked for in the same pass."""
        if self.device is None or not self.enabled:
            return
        if self.pending is None or effect is not CLICK:
            self.pending = effect

    def flush(self):
        effect = self.pending
        if effect is None:
            if self.busy:
                self.busy = self.device.playing()   # (ended: the amplifier goes off)
            return
        self.pending = None
        if self.samples:
            if effect is CLICK and self.busy and self.device.playing():
                return          # a click does not cut the rattle or the chime short
            if self.device.sample(effect[0]):
                self.busy = True
                return
        for freq, ms in effect[1]:
            self.device.tone(freq, ms)
