"""Hardware profiles.  Each profile module builds a ``Hardware`` object.

Only the profile modules (``pybadge``, ``pico_dice``) import ``board``, pins
and drivers; the app sees nothing but the attributes listed here.
"""

import time


class Hardware:
    """The logical parts of the device, as the app sees them.

    ``display`` a displayio display; ``keys`` anything with a keypad-style
    ``events`` queue; ``key_map`` key_number -> button name; ``pixels`` a
    neopixel-like strip (``auto_write=False``); ``die_leds`` True when there is
    one LED per Dice Wide Shut die; ``nvm`` a persistent bytearray;
    ``ticks_ms()``; ``entropy(n)``; ``sound`` or None: ``tone(hz, ms)``
    (blocks while it plays), and on a board that plays samples also
    ``load(folder, names)`` (at power-up: the WAV files ``folder + name +
    ".wav"``), ``sample(name)`` (starts one, returns at once: True, or False
    when it has none) and ``playing()``;
    ``sleep(s)``; ``store_options`` keyword arguments for the nvm store
    (``dws_app.store.Store``: how the board's flash erases, the cover file);
    ``release()`` lets go of a display the profile made, before the
    interpreter starts again (None: a built-in display, kept); ``keep`` a
    few bytes that survive that new start (``alarm.sleep_memory``; None
    where there are none): the presses queued when it began
    (``dws_app.buttons``), cleared by the profile at a power-up;
    ``deep_sleep()`` (None: the board has none) darkens the board and sleeps
    until a button is pressed, and never returns: the board starts again
    with ``woke`` True (``keep`` kept); ``battery_mv()`` (None: no monitor)
    the cells' millivolts, ``on_usb()`` True on USB power (dws_app.battery);
    ``early`` the key events seen while the profile started after a reload,
    before ``keys`` began (None: none kept), answered first (dws_app.buttons).
    """

    def __init__(self, name, display, keys, key_map, pixels, die_leds, nvm,
                 ticks_ms, entropy, sound, sleep, store_options=None, release=None, keep=None,
                 deep_sleep=None, woke=False, battery_mv=None, on_usb=None, early=None):
        self.name = name
        self.display = display
        self.keys = keys
        self.key_map = key_map
        self.pixels = pixels
        self.die_leds = die_leds
        self.nvm = nvm
        self.ticks_ms = ticks_ms
        self.entropy = entropy
        self.sound = sound
        self.sleep = sleep
        self.store_options = store_options or {}
        self.release = release
        self.keep = keep
        self.deep_sleep = deep_sleep
        self.woke = woke
        self.battery_mv = battery_mv
        self.on_usb = on_usb or (lambda: False)
        self.early = early


# What only a profile's ``build`` (and boot.py) uses: let go once the
# hardware is built (dws_main.build_hardware).
START_ONLY = ("held_buttons", "woken", "reload_memory", "battery_monitor", "usb_power",
              "PROFILES", "NO_BATTERY_MV")


def held_buttons(keys, key_map):
    """Names of the buttons held now, read once from a fresh keypad object
    (for boot.py's power-up choices); releases the pins afterwards."""
    time.sleep(0.1)  # the scanner reports keys held at start as presses
    held = []
    event = keys.events.get()
    while event is not None:
        name = key_map[event.key_number]
        if event.pressed:
            held.append(name)
        elif name in held:
            held.remove(name)     # let go again within the window
        event = keys.events.get()
    keys.deinit()
    return held


# A reading under this at the start is no battery's: the pin reads ground
# (nothing on the divider; the emulated board): no monitor, and the app
# loads no battery code (dws_app.battery's NONE_MV, for later readings).
NO_BATTERY_MV = 2000


def battery_monitor(pin, top_mv, add_mv=0):
    """``Hardware.battery_mv`` from an analog pin that reads ``top_mv`` at
    full scale (a divider's), plus ``add_mv`` (a diode's drop before it):
    the mean of 8 samples, in small ints (no allocation); None where the
    pin (None: the board has none) cannot be read or reads no battery."""
    if pin is None:
        return None
    try:
        import analogio
        monitor = analogio.AnalogIn(pin)
    except (ImportError, ValueError, RuntimeError):
        return None

    def battery_mv():
        total = 0
        for _ in range(8):
            total += monitor.value
        return ((total >> 3) * top_mv >> 16) + add_mv
    if battery_mv() < NO_BATTERY_MV:
        monitor.deinit()
        return None
    return battery_mv


def usb_power(pin=None):
    """``Hardware.on_usb``: the VBUS sense pin where the board has one (a
    charger without data counts), else whether a computer is connected."""
    if pin is not None:
        try:
            import digitalio
            sense = digitalio.DigitalInOut(pin)
            return lambda: sense.value
        except (ImportError, ValueError, RuntimeError):
            pass
    import supervisor
    return lambda: supervisor.runtime.usb_connected


def woken():
    """True when a button woke the board from deep sleep (this run's start)."""
    try:
        import alarm
        return alarm.wake_alarm is not None
    except (ImportError, AttributeError):
        return False


def reload_memory(again):
    """The bytes that survive ``supervisor.reload()`` (``Hardware.keep``):
    ``alarm.sleep_memory``, or None on a firmware without it.  Not ``again``
    (a power-up or a reset, not a wake from deep sleep) their first byte is
    cleared: whatever the RAM held then is not ours."""
    try:
        import alarm
        keep = alarm.sleep_memory
        if not again:
            keep[0] = 0
        return keep
    except (ImportError, AttributeError, IndexError):
        return None


# The store's erase-window cover on the CIRCUITPY drive: made by make flash
# (tools/flash/update.py COVER_FILE, after its guard), only ever written in place.
COVER_FILE = "/dws_cover/image/nvm.bin"


def claim_drive():
    """Let the code write the CIRCUITPY drive (for the store's cover file),
    unless a computer holds it: True when the code may write it.

    Asked only when an nvm erase is about to run, long after power-up, so a
    computer on the USB cable has mounted the drive by then and keeps it
    (the remount is refused); a device on a battery or a charger gets it,
    read-only to a computer plugged in later until the next reset."""
    try:
        import storage
        if storage.getmount("/").readonly:
            storage.remount("/", readonly=False)
        return True
    except (ImportError, AttributeError, OSError, RuntimeError):
        return False


# What each profile looks like, for code that must not import the drivers
# (the simulator builds look-alikes from this): display size, key_number ->
# button name, LED count, one LED per die, nvm size in bytes.
PROFILES = {
    "pybadge": ((160, 128),
                ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"),
                5, False, 8192),
    "pico_dice": ((320, 240),
                  ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"),
                  13, True, 4096),
}
