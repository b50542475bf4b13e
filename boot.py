"""Runs before USB starts.  The game keeps its saves in nvm, so the filesystem
stays as CircuitPython sets it up: writable by the computer, read-only to the
code.  Choices (documented in hardware.md):

* MIDI and HID USB devices are switched off: the handheld is neither a
  keyboard nor an instrument (and a stray HID device confuses some hosts).
* Hold SELECT while powering on: the CIRCUITPY drive is hidden from the
  computer ("party mode"), so charging from any laptop cannot touch the files.
* Hold START while powering on: the drive is writable by the code and
  read-only to the computer (for saving logs/screenshots on the device).
"""

import storage

try:
    import usb_hid
    usb_hid.disable()
except ImportError:
    pass
try:
    import usb_midi
    usb_midi.disable()
except ImportError:
    pass

held = ()
try:
    from dws_hw.detect import profile_module
    held = profile_module().held_at_boot()
except Exception as e:  # no known board: keep CircuitPython's defaults
    print("boot: no profile:", e)

if "SELECT" in held:
    storage.disable_usb_drive()
elif "START" in held:
    storage.remount("/", readonly=False)
