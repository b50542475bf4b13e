"""Adafruit PyBadge / PyBadge LC / EdgeBadge (SAMD51): built-in 160x128 TFT,
8 buttons on a shift register, 5 NeoPixels, a speaker, 8 KB nvm."""

import os
import time

import board
import keypad
import microcontroller
import neopixel
import supervisor

from dws_hw import COVER_FILE, PROFILES, Hardware, held_buttons

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
    (``sample``), and square-wave beeps, which block (``tone``)."""

    # The WAVs tools/sounds.py makes: 8 kHz, 8 bits, mono.  8-bit samples
    # are unsigned, as the DAC's output: audioio plays them from WaveFile's
    # buffer as they are (16-bit ones go through a conversion).
    RATE = 8000
    # WaveFile's double buffer, made once here: two halves of 256 bytes,
    # 32 ms of sound each, refilled from the file by the firmware's
    # background task (which a display refresh runs too).
    BUFFER = 512

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

    def load(self, folder, names):
        """Open ``folder + name + ".wav"`` for each name, once, at power-up,
        and keep each open with its WaveFile (all share the one buffer: one
        plays at a time); a name whose file is missing, or is not one
        tools/sounds.py makes, or every name without WaveFile, plays no
        sample (``sample`` says False).  The first file is then started
        and stopped with the amplifier off: audioio's DMA buffers are
        allocated now, on a fresh heap, and kept, not in a game."""
        first = None
        for name in names:
            if name not in self._waves:
                wave = self._waves[name] = self._open(folder + name + ".wav")
                first = first or wave
        if first is not None:
            try:
                self._audio.play(first)
            except (OSError, ValueError, RuntimeError):
                pass
            self._audio.stop()

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
        n = 16
        wave = self._array.array("H", [0x9000] * (n // 2) + [0x7000] * (n // 2))
        sample = self._core.RawSample(wave, sample_rate=freq * n)
        self._enable.value = True
        self._audio.play(sample, loop=True)
        time.sleep(ms / 1000)
        self._audio.stop()
        self._enable.value = False


def build():
    pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, auto_write=False, brightness=0.3)
    try:
        sound = Speaker()
    except (AttributeError, ValueError, RuntimeError, ImportError):
        sound = None
    return Hardware(NAME, board.DISPLAY, _keys(), KEY_MAP, pixels, False,
                    microcontroller.nvm, supervisor.ticks_ms, os.urandom, sound, time.sleep,
                    STORE_OPTIONS)
