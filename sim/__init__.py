"""Desktop simulator (never shipped to the device).

It builds hardware objects with the same interface as ``lib/dws_hw`` profiles
(Blinka displayio display, a keypad event queue fed by the keyboard or a
script, a pixelbuf LED strip, a file-backed nvm) and runs the unchanged app.
"""
