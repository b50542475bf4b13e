"""The handheld's app: screens, buttons, LEDs and sound over a ``dws_hw``
hardware object.  It imports no board, pin or driver module itself."""

VERSION = "1.0.0"   # shown in Settings, printed by `make flash` (tools/flash/plan.py reads it here)
