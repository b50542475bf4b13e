"""Adafruit PyBadge / PyBadge LC / EdgeBadge (SAMD51): built-in 160x128 TFT,
8 buttons on a shift register, 5 NeoPixels, a speaker, 8 KB nvm."""

import os
import time

import board
import keypad
import microcontroller
import neopixel
import supervisor

from dws_hw import (battery_monitor, COVER_FILE, PROFILES, Hardware, held_buttons, reload_memory,
                    usb_power)

NAME = "pybadge"
KEY_MAP = PROFILES[NAME][1]     # key_number: B A START SELECT RIGHT DOWN UP LEFT
# Every nvm write erases the whole 8 KB block and programs it again (SAMD51);
# the cover file keeps the store's image meanwhile if the drive is writable
# (START held at power-up): not claimed by default, as on the Pico, because
# every save would write the cover's two drive sectors too.
STORE_OPTIONS = {"erase_always": True, "cover": COVER_FILE}


def _keys():
    return keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True, max_events=16)


def held_at_boot():
    """Names of the buttons held right now (for boot.py)."""
    return held_buttons(_keys(), KEY_MAP)


class Speaker:
    """The speaker on A0 (audioio; the amplifier is enabled only while a
    sound plays): WAV files from the drive, played without waiting
    (``sample``), and square-wave beeps, which block (``tone``), both at
    the volume level (``set_level``, dws_app.sound: 0 off .. 3 high)."""

    # The WAVs tools/sounds.py makes: 8 kHz, 8 bits, mono, one file per
    # effect and level (NAME-1.wav low .. NAME-3.wav high).  8-bit samples
    # are unsigned, as the DAC's output: audioio plays them from WaveFile's
    # buffer as they are (16-bit ones go through a conversion).
    RATE = 8000
    # WaveFile's double buffer, made once here: two halves of 256 bytes,
    # 32 ms of sound each, refilled from the file by the firmware's
    # background task (which a display refresh runs too).
    BUFFER = 512
    # A tone's square wave around the DAC's middle, per level: high is the
    # +-0x1000 it always had, and each level below half of the one above
    # (as art/sounds.txt's levels).
    SWING = (0, 0x400, 0x800, 0x1000)

    def __init__(self):
        import array
        import audiocore
        import audioio
        import digitalio
        self._array = array
        self._core = audiocore
        # No WaveFile (a firmware without it): tones only.
        self._wave_file = getattr(audiocore, "WaveFile", None)
        self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._enable.switch_to_output(value=False)
        self._audio = audioio.AudioOut(board.SPEAKER)
        self._buffer = bytearray(self.BUFFER)
        self._waves = {}        # name: its WaveFile (file kept open), or None: tones
        self._files = []        # the files of those WaveFiles, open
        self._folder = None     # where ``load`` was told the files are
        self._names = ()
        self.level = 3

    def set_level(self, level):
        """Play at ``level`` from now on.  Once loaded, a new level closes
        the open files and opens that level's (none at 0): the settings
        screen does this, never a game."""
        if level == self.level:
            return
        self.level = level
        if self._folder is not None:
            self._close()
            self._open_level()

    def load(self, folder, names):
        """Open the current level's ``folder + name + "-" + level + ".wav"``
        for each name, once, at power-up, and keep each open with its
        WaveFile (all share the one buffer: one plays at a time); a name
        whose file is missing, or is not one tools/sounds.py makes, or
        every name without WaveFile, plays no sample (``sample`` says
        False)."""
        if self._folder is None:
            self._folder = folder
            self._names = names
            self._open_level()

    def _open_level(self):
        """The files of the current level; the first is then started and
        stopped with the amplifier off: audioio's DMA buffers are allocated
        now (at power-up on a fresh heap, else in the settings screen) and
        kept, not in a game."""
        first = None
        for name in self._names:
            wave = None
            if self.level:
                wave = self._open(self._folder + name + "-" + str(self.level) + ".wav")
            self._waves[name] = wave
            first = first or wave
        if first is not None:
            try:
                self._audio.play(first)
            except (OSError, ValueError, RuntimeError):
                pass
            self._audio.stop()

    def _close(self):
        self._audio.stop()
        self._enable.value = False
        for name in self._names:
            self._waves[name] = None
        for f in self._files:
            f.close()
        self._files.clear()

    def sample(self, name):
        """Start the loaded sample ``name`` and return True at once; False
        (nothing started) when there is none."""
        wave = self._waves.get(name)
        if wave is None:
            return False
        self._enable.value = True
        try:
            self._audio.play(wave)
        except (OSError, ValueError, RuntimeError):
            self._enable.value = False
            self._waves[name] = None
            return False
        return True

    def _open(self, path):
        if self._wave_file is None:
            return None
        f = None
        try:
            f = open(path, "rb")
            wave = self._wave_file(f, self._buffer)
            if wave.sample_rate == self.RATE and wave.bits_per_sample == 8 \
                    and wave.channel_count == 1:
                self._files.append(f)
                return wave
        except (OSError, ValueError, TypeError, AttributeError):
            pass
        if f is not None:
            f.close()
        return None

    def playing(self):
        """True while a sample plays; once it has ended the amplifier is
        switched off."""
        if self._audio.playing:
            return True
        self._enable.value = False
        return False

    def tone(self, freq, ms):
        swing = self.SWING[self.level]
        if not swing:
            return
        n = 16
        wave = self._array.array("H", [0x8000 + swing] * (n // 2) + [0x8000 - swing] * (n // 2))
        sample = self._core.RawSample(wave, sample_rate=freq * n)
        self._enable.value = True
        self._audio.play(sample, loop=True)
        time.sleep(ms / 1000)
        self._audio.stop()
        self._enable.value = False


# What only ``build`` (and boot.py) uses, and the names it imports from
# dws_hw: let go once the hardware is built (dws_main.build_hardware).
START_ONLY = ("build", "held_at_boot", "_keys", "battery_monitor", "held_buttons",
              "reload_memory", "usb_power", "PROFILES")


def build():
    keys = _keys()      # first: a press made while a new run starts is queued
    pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, auto_write=False, brightness=0.3)
    try:
        sound = Speaker()
    except (AttributeError, ValueError, RuntimeError, ImportError):
        sound = None
    again = supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD
    # The LiPo: board.VOLTAGE_MONITOR (A6) reads half its voltage (3.3 V
    # full scale: 6.6 V); no VBUS sense pin: on USB when a computer is.
    return Hardware(NAME, board.DISPLAY, keys, KEY_MAP, pixels, False,
                    microcontroller.nvm, supervisor.ticks_ms, os.urandom, sound, time.sleep,
                    STORE_OPTIONS, keep=reload_memory(again),
                    battery_mv=battery_monitor(getattr(board, "VOLTAGE_MONITOR", None), 6600),
                    on_usb=usb_power())
