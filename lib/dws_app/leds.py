"""The LED strip: player colours, dice colours, flashes.

Colours are 0xRRGGBB ints; nothing is written until ``show()``.  On a board
with ``die_leds`` there is one LED per Dice Wide Shut die (13); on others the
strip (5 on the PyBadge) shows the current player's colour and selections.
"""

from dws_app.theme import rgb


class Leds:
    def __init__(self, pixels, die_leds, percent=30):
        self.pixels = pixels
        self.die_leds = die_leds
        self.count = len(pixels) if pixels is not None else 0
        self.set_brightness(percent)

    def set_brightness(self, percent):
        if self.pixels is not None:
            self.pixels.brightness = percent / 100
            self.pixels.show()

    def fill(self, colour):
        for i in range(self.count):
            self.pixels[i] = rgb(colour)

    def set(self, i, colour):
        if 0 <= i < self.count:
            self.pixels[i] = rgb(colour)

    def show_colours(self, colours):
        """LED i shows ``colours[i]``; LEDs past the list are off."""
        for i in range(self.count):
            self.pixels[i] = rgb(colours[i] if i < len(colours) else 0)
        self.show()

    def off(self):
        self.fill(0)
        self.show()

    def show(self):
        if self.pixels is not None:
            self.pixels.show()

    def colours(self):
        """The strip as 0xRRGGBB ints (before brightness), for tests."""
        out = []
        for i in range(self.count):
            r, g, b = self.pixels[i][:3]
            out.append((r << 16) | (g << 8) | b)
        return out
