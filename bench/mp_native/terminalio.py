# Stand-in for CircuitPython's built-in terminalio (C code in flash, no heap):
# only for measuring the app's import cost under MicroPython.
FONT = None
