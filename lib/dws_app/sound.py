"""Short sound effects, if the board has a speaker, at the Volume setting's
level: 0 off (nothing is played), 1 low, 2 medium, 3 high.

An effect is a name and its tones.  Every sound device takes the level
(``set_level(level)``: the Pico's piezo plays its tones with a smaller PWM
duty cycle when quieter; the PyBadge's speaker plays that level's files and
scales its tones).  A board that plays samples (its sound has
``load(folder, names)``, ``sample(name)`` and ``playing()``: the PyBadge's
speaker) is given the effects' folder at power-up (``sounds/NAME-LEVEL.wav``
beside this module, one file per effect and level 1-3, made by ``python -m
tools.sounds`` from art/sounds.txt); it opens the current level's files
only, and another level's when the level changes (the settings screen, never
in a game).  It plays the effect's sample, which returns at once: the dice
rattle while the roll animation runs.  Otherwise, or for an effect whose
file it could not load, the tones (``tone(hz, ms)``: the Pico's piezo),
which block while they play.  So ``play`` only notes the effect and the
main loop plays it once the press's answer is on the display (``flush``):
a sound never delays the pixels it goes with.
"""

CLICK = ("click", ((1800, 12),))
REFUSE = ("refuse", ((220, 90),))
ROLL = ("roll", ((700, 20), (900, 20)))
DONE = ("done", ((660, 60), (880, 90)))
EFFECTS = ("click", "roll", "refuse", "done")
FOLDER = "/lib/dws_app/sounds/"


class Sound:
    def __init__(self, device, level):
        self.device = device
        self.level = level
        self.pending = None
        self.samples = False    # the device plays the effects' samples
        self.busy = False       # a sample was started and not yet seen ended
        if device is not None:
            device.set_level(level)     # (first: a speaker opens this level's files only)
            if hasattr(device, "load"):
                from dws_app.drive import find
                first = EFFECTS[0] + "-3.wav"     # (every level's files are there)
                path = find(FOLDER + first)
                if path is not None:
                    device.load(path[:-len(first)], EFFECTS)    # (the folder it is in)
                    self.samples = True

    def set_level(self, level):
        """Play at ``level`` (0-3) from now on; the device follows only when
        it changes (the PyBadge then opens that level's files)."""
        if level == self.level:
            return
        self.level = level
        self.pending = None
        if self.device is not None:
            self.device.set_level(level)

    def play(self, effect):
        """Play ``effect`` (CLICK, REFUSE, ROLL, DONE) at the next ``flush``;
        a click does not replace a longer sound asked for in the same pass.
        Nothing at level 0."""
        if self.device is None or not self.level:
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
