"""The Pico's deep sleep (``Hardware.deep_sleep``): imported only when the
board falls asleep, so its code costs no game any heap."""

import alarm
import digitalio


def deep_sleep(pixels, bus, release, keys, key_pins, backlight_pin):
    """The LEDs off, the panel asleep (SLPIN) and its backlight held off,
    then the board's deep sleep until a button pulls its pin low: it starts
    again as at a power-up (code.py), with ``alarm.wake_alarm`` set and
    ``alarm.sleep_memory`` kept.  Never returns.  On USB the firmware only
    pretends (it stays awake and waits for the same alarm): the same path."""
    pixels.fill(0)
    pixels.show()
    try:
        bus.send(0x10, b"")     # SLPIN: the panel's own sleep
    except (OSError, RuntimeError, ValueError):
        pass
    release()
    keys.deinit()
    light = digitalio.DigitalInOut(backlight_pin)
    light.switch_to_output(False)
    wake = [alarm.pin.PinAlarm(pin, value=False, pull=True) for pin in key_pins]
    try:
        alarm.exit_and_deep_sleep_until_alarms(*wake, preserve_dios=(light,))
    except (TypeError, NotImplementedError, ValueError):
        alarm.exit_and_deep_sleep_until_alarms(*wake)
