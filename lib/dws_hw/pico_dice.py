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

from dws_hw import (battery_monitor, claim_drive, COVER_FILE, PROFILES, Hardware, held_buttons,
                    reload_memory, usb_power, woken)

NAME = "pico_dice"
KEY_MAP = PROFILES[NAME][1]     # UP DOWN LEFT RIGHT A B START SELECT
KEY_PINS = (board.GP2, board.GP3, board.GP4, board.GP5,
            board.GP6, board.GP7, board.GP8, board.GP9)
LED_COUNT = 13
# The nvm is one 4 KB flash sector: only a write over non-erased bytes erases
# it.  The cover file (made by make flash) keeps the store's image while an
# erase runs; the drive is claimed for it then unless a computer holds it
# (dws_hw.claim_drive).
STORE_OPTIONS = {"erase_always": False, "cover": COVER_FILE, "claim": claim_drive}


def _keys():
    # Scanned every 3 ms, a change counted after two equal scans: a press
    # reaches the app within 6 ms (the default 20 ms scan: up to 20 ms), and
    # a switch must hold still for 6 ms (tactile switches bounce for 1-5).
    return keypad.Keys(KEY_PINS, value_when_pressed=False, pull=True, max_events=16,
                       interval=0.003, debounce_threshold=2)


def held_at_boot():
    """Names of the buttons held right now (for boot.py)."""
    return held_buttons(_keys(), KEY_MAP)


class Piezo:
    """A passive piezo on a PWM pin: square-wave tones, which block.  The
    volume level (``set_level``, dws_app.sound: 0 off .. 3 high) sets the
    duty cycle: a pulse wave of duty d has a fundamental sin(pi * d) times
    a half-duty one's, so low (1/4 of high's amplitude, as the PyBadge's
    low) is d = asin(1/4) / pi = 0.080, medium (1/2) d = 1/6, and high the
    half duty (0x8000) it always had."""

    DUTY = (0, 0x1497, 0x2AAB, 0x8000)      # per level, of 0x10000

    def __init__(self, pin):
        import pwmio
        self._pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
        self._duty = self.DUTY[3]

    def set_level(self, level):
        self._duty = self.DUTY[level]

    def tone(self, freq, ms):
        duty = self._duty
        if not duty:
            return
        self._pwm.frequency = freq
        self._pwm.duty_cycle = duty
        time.sleep(ms / 1000)
        self._pwm.duty_cycle = 0


# The battery: VSYS, which board.VOLTAGE_MONITOR (GP29) reads through a
# divider by 3 (3.3 V full scale: 9.9 V), is the cells less the Schottky
# diode's drop (hardware.md, "Power"), added back as its typical figure at
# the game's ~100-200 mA.  VBUS_SENSE (GP24) is high on USB power.
VSYS_TOP_MV = 9900
DIODE_MV = 250


# adafruit_st7789's start-up commands with the waits the ST7789 datasheet
# asks for (and Adafruit's Arduino ST7789 driver uses: 150 ms after the
# software reset, 10 ms after sleep-out, colour mode and normal mode, none
# after display-on) instead of its 500 ms after sleep-out and after
# display-on: power-on to menu is 1 s shorter.
FAST_INIT = (b"\x01\x80\x96"  # SWRESET, 150 ms
             b"\x11\x80\x0a"  # SLPOUT, 10 ms
             b"\x3a\x81\x55\x0a"  # COLMOD 16 bit, 10 ms
             b"\x36\x01\x08"  # MADCTL
             b"\x13\x80\x0a"  # NORON, 10 ms
             b"\x29\x00")  # DISPON


# After a game (``supervisor.reload()``, code.py's ``fresh``) the panel is
# awake and set up, and shows the menu the last run drew: no reset pulse
# and no software reset, whose 150 ms wait was most of a new run's start
# before it takes a key (issue 50).  Sleep-out and display-on are sent
# again all the same (harmless to an awake panel), so that a panel that
# did reset meanwhile comes back.
AGAIN_INIT = (b"\x11\x80\x05"  # SLPOUT, 5 ms
              b"\x3a\x01\x55"  # COLMOD 16 bit
              b"\x36\x01\x08"  # MADCTL
              b"\x13\x00"  # NORON
              b"\x29\x00")  # DISPON


# The ST7789's fastest serial write clock (16 ns a cycle) and the RP2040's
# (clk_peri / 2): a full frame ~40 ms sooner than at 24 MHz (which the RP2040
# runs at 20.8).  Long wires to the panel may need 31_250_000.
SPI_HZ = 62_500_000


# What only ``build`` (and boot.py) uses, and the names it imports from
# dws_hw: let go once the hardware is built (dws_main.build_hardware).
START_ONLY = ("build", "held_at_boot", "_keys", "FAST_INIT", "AGAIN_INIT", "VSYS_TOP_MV",
              "DIODE_MV", "battery_monitor", "held_buttons", "reload_memory", "usb_power",
              "woken", "PROFILES")


def build():
    again = supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD
    # After a game the keys are scanned from this run's start, so that a
    # press made while it starts is answered by its menu (the one made
    # while the last run ended comes in its hand-over), but never while the
    # panel, the LEDs and the piezo start: scanned through them, the
    # emulated board hung, at a power-up and after a game's reload
    # (docs/measurements.md, "The keys while a new run starts, again").  The
    # first keypad's events go to the app (``early``), and the keys are
    # scanned again once the hardware is built; a key held across counts
    # once, and one held since the last run none (dws_app.buttons).
    first = None
    if again:
        first = _keys()
        first.reset()       # (a key held now is reported pressed: it lasts past this keypad)
    import adafruit_st7789
    displayio.release_displays()
    spi = busio.SPI(clock=board.GP18, MOSI=board.GP19)
    reset = None
    if again:               # the panel's reset held high by hand: no pulse
        import digitalio
        reset = digitalio.DigitalInOut(board.GP20)
        reset.switch_to_output(True)
    early = None
    if first is not None:
        early = []
        event = first.events.get()
        while event is not None:
            early.append(event)
            event = first.events.get()
        first.deinit()
    bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17,
                            reset=None if again else board.GP20, baudrate=SPI_HZ)
    adafruit_st7789._INIT_SEQUENCE = AGAIN_INIT if again else FAST_INIT
    # auto_refresh off: the firmware's console is never drawn (each full
    # frame costs ~0.5 s); the app's main loop refreshes the display itself.
    display = adafruit_st7789.ST7789(bus, width=320, height=240, rotation=90,
                                     backlight_pin=board.GP21, auto_refresh=False)
    pixels = neopixel.NeoPixel(board.GP22, LED_COUNT, auto_write=False, brightness=0.3)
    try:
        sound = Piezo(board.GP15)
    except (ValueError, RuntimeError):
        sound = None

    def release():
        # Before a fresh start (code.py): on CircuitPython 9.2.9 the SPI
        # pins stayed in use after release_displays(), and the next run's
        # busio.SPI failed ("GP18 in use"); deinit frees them.
        displayio.release_displays()
        spi.deinit()
        if again:
            reset.deinit()
    keys = _keys()

    def deep_sleep():       # (its code comes when the board falls asleep)
        from dws_hw.pico_sleep import deep_sleep
        deep_sleep(pixels, bus, release, keys, KEY_PINS, board.GP21)

    woke = woken()
    return Hardware(NAME, display, keys, KEY_MAP, pixels, True,
                    microcontroller.nvm, supervisor.ticks_ms, os.urandom, sound, time.sleep,
                    STORE_OPTIONS, release, reload_memory(again or woke), deep_sleep, woke,
                    battery_monitor(board.VOLTAGE_MONITOR, VSYS_TOP_MV, DIODE_MV),
                    usb_power(getattr(board, "VBUS_SENSE", None)), early)
