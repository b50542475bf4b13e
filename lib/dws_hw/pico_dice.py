"""The DIY "pico_dice" (Raspberry Pi Pico / Pico W, RP2040): a 320x240 ST7789
SPI TFT, 8 buttons on GPIO, a strip of 13 NeoPixels (one per Dice Wide Shut
die), a piezo, 4 KB nvm.  Pin map and wiring: hardware.md."""

import os
import time

import board
import busio
import displayio
import fourwire
import keypad
import microcontroller
import neopixel
import supervisor

from dws_hw import PROFILES, Hardware, held_buttons

NAME = "pico_dice"
KEY_MAP = PROFILES[NAME][1]     # UP DOWN LEFT RIGHT A B START SELECT
KEY_PINS = (board.GP2, board.GP3, board.GP4, board.GP5,
            board.GP6, board.GP7, board.GP8, board.GP9)
LED_COUNT = 13
# The nvm is one 4 KB flash sector: only a write over non-erased bytes erases
# it.  The spare file keeps the store's image while an erase runs (if the code
# may write the drive: START held at power-up).
STORE_OPTIONS = {"erase_always": False, "spare": "/dws_nvm.bak"}


def _keys():
    return keypad.Keys(KEY_PINS, value_when_pressed=False, pull=True, max_events=16)


def held_at_boot():
    """Names of the buttons held right now (for boot.py)."""
    return held_buttons(_keys(), KEY_MAP)


class Piezo:
    def __init__(self, pin):
        import pwmio
        self._pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)

    def tone(self, freq, ms):
        self._pwm.frequency = freq
        self._pwm.duty_cycle = 0x8000
        time.sleep(ms / 1000)
        self._pwm.duty_cycle = 0


def build():
    from adafruit_st7789 import ST7789
    displayio.release_displays()
    spi = busio.SPI(clock=board.GP18, MOSI=board.GP19)
    bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17,
                            reset=board.GP20, baudrate=24000000)
    display = ST7789(bus, width=320, height=240, rotation=90, backlight_pin=board.GP21)
    pixels = neopixel.NeoPixel(board.GP22, LED_COUNT, auto_write=False, brightness=0.3)
    try:
        sound = Piezo(board.GP15)
    except (ValueError, RuntimeError):
        sound = None
    return Hardware(NAME, display, _keys(), KEY_MAP, pixels, True,
                    microcontroller.nvm, supervisor.ticks_ms, os.urandom, sound, time.sleep,
                    STORE_OPTIONS)
