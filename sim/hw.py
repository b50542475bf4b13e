"""Simulated hardware profiles: the same interface as lib/dws_hw, on a desktop."""

import os
import random
import time

import adafruit_pixelbuf
import keypad

from dws_hw import PROFILES, Hardware


class SimKeys:
    """A keypad-like object whose event queue the keyboard or a script fills."""

    def __init__(self, key_map, max_events=16):
        self.key_map = key_map
        self.events = keypad.EventQueue(max_events)

    def key_number(self, name):
        return self.key_map.index(name)

    def send(self, name, pressed=True):
        self.events.keypad_eventqueue_record(self.key_number(name), pressed)

    def tap(self, name):
        self.send(name, True)
        self.send(name, False)


class SimPixels(adafruit_pixelbuf.PixelBuf):
    """A NeoPixel strip (same interface as neopixel.NeoPixel) kept in memory."""

    def __init__(self, n):
        adafruit_pixelbuf.PixelBuf.__init__(self, n, byteorder="GRB", auto_write=False)
        self.shown = [(0, 0, 0)] * n

    def _transmit(self, buffer):
        out = []
        for i in range(len(self)):
            g, r, b = buffer[3 * i], buffer[3 * i + 1], buffer[3 * i + 2]
            out.append((r, g, b))
        self.shown = out


class FileNvm:
    """A persistent bytearray of a fixed size, backed by a file (or RAM)."""

    def __init__(self, size, path=None):
        self.path = path
        self.data = bytearray(b"\xff" * size)
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                saved = f.read(size)
            self.data[: len(saved)] = saved

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.data[index] = value
        if self.path:
            # Whole or not at all: a simulator stopped mid-write leaves the
            # file it had (the board's nvm has its own cut rules: store.py).
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(self.data)
            os.replace(tmp, self.path)


class SimClock:
    """ticks_ms from the wall clock, or a manual clock for tests (advance())."""

    def __init__(self, manual=False):
        self.manual = manual
        self.now = 0
        self.start = time.monotonic()

    def ticks_ms(self):
        if self.manual:
            return self.now % (1 << 29)
        return int((time.monotonic() - self.start) * 1000) % (1 << 29)

    def advance(self, ms):
        self.now += ms

    def sleep(self, seconds):
        if self.manual:
            self.now += int(seconds * 1000)
        else:
            time.sleep(seconds)


class SimSound:
    """The Pico's piezo: records its tones (the simulator plays no sound)
    and the volume level it is set to (``Piezo.set_level``: none at 0)."""

    def __init__(self):
        self.tones = []
        self.level = 3

    def set_level(self, level):
        if not 0 <= level <= 3:
            raise ValueError("volume level %r" % (level,))
        self.level = level

    def tone(self, freq, ms):
        if not self.level:
            return
        self.tones.append((freq, ms))
        del self.tones[:-20]


class SimSpeaker(SimSound):
    """The PyBadge's speaker: records the samples it is asked for, silently,
    as the piezo's tones (no audio device is opened: a computer without a
    sound card runs the simulator as well).  As on the board
    (``Speaker.load``) only the current level's files are loaded
    (``NAME-LEVEL.wav``, none at level 0), again at each new level; a file
    that is missing or not a WAV is not loaded (tones follow).  ``opened``
    counts the files opened."""

    def __init__(self):
        super().__init__()
        self.loaded = []
        self.samples = []
        self.opened = 0
        self.folder = None
        self.names = ()

    def set_level(self, level):
        changed = level != self.level
        super().set_level(level)
        if changed and self.folder is not None:
            self._load_level()

    def load(self, folder, names):
        if self.folder is None:
            self.folder = folder
            self.names = names
            self._load_level()

    def _load_level(self):
        self.loaded = []
        for name in self.names if self.level else ():
            self.opened += 1
            try:
                with open("%s%s-%d.wav" % (self.folder, name, self.level), "rb") as f:
                    head = f.read(12)
            except OSError:
                continue
            if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
                self.loaded.append(name)

    def sample(self, name):
        if name not in self.loaded:
            return False
        self.samples.append(name)
        del self.samples[:-20]
        return True

    def playing(self):
        return False


SOUNDS = {"pybadge": SimSpeaker, "pico_dice": SimSound}


# The profiles' nvm write rule (lib/dws_hw/pybadge.py, pico_dice.py STORE_OPTIONS);
# the simulator has no CIRCUITPY drive, so no cover file.
STORE_OPTIONS = {"pybadge": {"erase_always": True}, "pico_dice": {"erase_always": False}}


class SimBattery:
    """The board's battery monitor: ``mv`` the cells' millivolts (None: no
    monitor, the default: the emulated board reads nothing either), ``usb``
    on USB power; tests and the board suite's plans set them."""

    def __init__(self, mv=None, usb=False):
        self.mv = mv
        self.usb = usb

    def millivolts(self):
        return self.mv or 0

    def on_usb(self):
        return self.usb


def build(profile, display=None, seed=None, nvm_path=None, manual_clock=True, battery=None):
    """A ``dws_hw.Hardware`` for ``profile`` ("pybadge" / "pico_dice").

    ``display`` defaults to an in-memory ImageDisplay of the profile's size;
    ``seed`` makes the entropy (hence new games' dice) reproducible;
    ``battery`` a ``SimBattery`` (``hw.sim_battery``; the app reads it only
    when given at the start).
    """
    (w, h), key_map, leds, die_leds, nvm_size = PROFILES[profile]
    if display is None:
        from sim.display import ImageDisplay
        display = ImageDisplay(w, h)
    entropy_rng = random.Random(seed) if seed is not None else None

    def entropy(n):
        if entropy_rng is None:
            return os.urandom(n)
        return bytes(entropy_rng.randrange(256) for _ in range(n))

    clock = SimClock(manual=manual_clock)
    hw = Hardware(profile, display, SimKeys(key_map), key_map, SimPixels(leds), die_leds,
                  FileNvm(nvm_size, nvm_path), clock.ticks_ms, entropy, SOUNDS[profile](), clock.sleep,
                  dict(STORE_OPTIONS[profile]))
    hw.clock = clock
    hw.sim_battery = battery
    if battery is not None:
        hw.battery_mv = battery.millivolts
        hw.on_usb = battery.on_usb
    return hw
