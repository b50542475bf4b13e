"""Colours (0xRRGGBB) and the text grid of the built-in terminal font."""

BLACK = 0x000000
WHITE = 0xFFFFFF
GREY = 0x8C8C8C
DARK = 0x303030
YELLOW = 0xFFE040
GREEN = 0x50E050
ORANGE = 0xFF9020
BG = BLACK
FG = WHITE
DIM = GREY
ACCENT = YELLOW
WARN = 0xFF6060

# Dice Wide Shut dice, by colour code (RED, BLUE, PURPLE), as backgrounds...
DIE_BG = (0xC01818, 0x1848D8, 0x8020B0)
# ...and as text on black (brighter, readable at 160x128).
DIE_FG = (0xFF5050, 0x60A8FF, 0xD070FF)
TAKEN_BG = 0x383838
TAKEN_FG = 0x909090

# Player colours, seat 0 first; none of them is a die colour.
PLAYER = (0xFFD020, 0x20E0E0, 0x60F060, 0xFF70C0,
          0xFF9020, 0xF0F0F0, 0xA0A0FF, 0xC0FF40)


def player_colour(seat):
    return PLAYER[seat % len(PLAYER)]


def scaled(colour, percent):
    """``colour`` with each channel scaled to ``percent`` (integers only)."""
    r = ((colour >> 16) & 0xFF) * percent // 100
    g = ((colour >> 8) & 0xFF) * percent // 100
    b = (colour & 0xFF) * percent // 100
    return (r << 16) | (g << 8) | b


def rgb(colour):
    """0xRRGGBB -> (r, g, b) for neopixels."""
    return ((colour >> 16) & 0xFF, (colour >> 8) & 0xFF, colour & 0xFF)
