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
    """Square-wave beeps on the speaker (audioio; the amplifier is enabled
    only while a tone plays)."""

    def __init__(self):
        import array
        import audioio
        import digitalio
        self._array = array
        self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._enable.switch_to_output(value=False)
        self._audio = audioio.AudioOut(board.SPEAKER)

    def tone(self, freq, ms):
        import audiocore
        n = 16
        wave = self._array.array("H", [0x9000] * (n // 2) + [0x7000] * (n // 2))
        sample = audiocore.RawSample(wave, sample_rate=freq * n)
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
