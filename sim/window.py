"""The simulator window: blinka-displayio-pygamedisplay's PyGameDisplay drawn
at 3x, with the LED strip beside the screen and the key map below it."""

import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay
import busdisplay

from sim.render import led_colours

SCALE = 3
PANEL = 60
FOOT = 54
KEYS = (
    (pygame.K_UP, "UP"), (pygame.K_DOWN, "DOWN"), (pygame.K_LEFT, "LEFT"),
    (pygame.K_RIGHT, "RIGHT"), (pygame.K_x, "A"), (pygame.K_a, "A"),
    (pygame.K_z, "B"), (pygame.K_b, "B"), (pygame.K_RETURN, "START"),
    (pygame.K_SPACE, "SELECT"), (pygame.K_TAB, "SELECT"),
)
KEY_HELP = ("arrows: move   X or A: A   Z or B: B",
            "Enter: START   Space/Tab: SELECT   Esc: quit")


def button_for(key):
    for k, name in KEYS:
        if k == key:
            return name
    return None


class SimWindow(PyGameDisplay):
    def __init__(self, width, height, caption):
        self.pixels = None
        PyGameDisplay.__init__(self, width=width, height=height, caption=caption,
                               auto_refresh=False)

    def _initialize(self, init_sequence):
        pygame.init()
        pygame.display.set_caption(self._caption)
        size = (self.width * SCALE + PANEL, self.height * SCALE + FOOT)
        self._window = pygame.display.set_mode(size)
        # PyGameDisplay draws the display's pixels into this 1x surface.
        self._pygame_screen = pygame.Surface((self.width, self.height))
        self._font = pygame.font.Font(None, 22)

    def _refresh_display(self):
        busdisplay.BusDisplay._refresh_display(self)
        win = self._window
        win.fill((24, 24, 28))
        scaled = pygame.transform.scale(self._pygame_screen,
                                        (self.width * SCALE, self.height * SCALE))
        win.blit(scaled, (0, 0))
        if self.pixels is not None:
            leds = led_colours(self.pixels)
            step = min(40, (self.height * SCALE - 10) // max(1, len(leds)))
            for i in range(len(leds)):
                centre = (self.width * SCALE + PANEL // 2, 10 + step // 2 + i * step)
                pygame.draw.circle(win, leds[i], centre, min(14, step // 2 - 2))
        for i in range(len(KEY_HELP)):
            text = self._font.render(KEY_HELP[i], True, (200, 200, 200))
            win.blit(text, (8, self.height * SCALE + 8 + 22 * i))
        pygame.display.flip()
        self._last_refresh = 0
        self._refresh_pending = False
