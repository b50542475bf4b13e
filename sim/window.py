"""The simulator window: blinka-displayio-pygamedisplay's PyGameDisplay drawn
scaled up, with the LED strip beside the screen and the key map below it.

Only pygame's display and font parts are started, never its audio (the
simulator plays no sound: ``sim.hw.SimSound`` only records tones and
``SimSpeaker`` the PyBadge's samples), so a computer
without a sound card prints no ALSA errors."""

import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay
import busdisplay

from sim.render import led_colours

PANEL = 60
FOOT = 54
# Room kept free on the desktop for the title bar and a task bar.
DESKTOP_MARGIN = 80
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


def default_scale(width):
    """3x for the PyBadge's 160x128 (480x384), 2x for pico_dice's 320x240
    (640x480): both windows fit a 1366x768 laptop screen."""
    return 3 if width <= 160 else 2


def window_size(width, height, scale):
    return width * scale + PANEL, height * scale + FOOT


def fit_scale(width, height, scale, desktop):
    """``scale``, lowered until the window fits ``desktop`` (w, h) with
    DESKTOP_MARGIN to spare; never below 1."""
    while scale > 1:
        w, h = window_size(width, height, scale)
        if w <= desktop[0] and h <= desktop[1] - DESKTOP_MARGIN:
            break
        scale -= 1
    return scale


class SimWindow(PyGameDisplay):
    def __init__(self, width, height, caption, scale=None):
        self.pixels = None
        self.scale = scale
        PyGameDisplay.__init__(self, width=width, height=height, caption=caption,
                               auto_refresh=False)

    def _initialize(self, init_sequence):
        pygame.display.init()
        pygame.font.init()
        if self.scale is None:
            sizes = pygame.display.get_desktop_sizes()
            self.scale = default_scale(self.width)
            if sizes and sizes[0][0] > 0 and sizes[0][1] > 0:
                self.scale = fit_scale(self.width, self.height, self.scale, sizes[0])
        pygame.display.set_caption(self._caption)
        self._window = pygame.display.set_mode(window_size(self.width, self.height, self.scale))
        # PyGameDisplay draws the display's pixels into this 1x surface.
        self._pygame_screen = pygame.Surface((self.width, self.height))
        self._font = pygame.font.Font(None, 22)

    def _refresh_display(self):
        busdisplay.BusDisplay._refresh_display(self)
        win = self._window
        scale = self.scale
        win.fill((24, 24, 28))
        scaled = pygame.transform.scale(self._pygame_screen,
                                        (self.width * scale, self.height * scale))
        win.blit(scaled, (0, 0))
        if self.pixels is not None:
            leds = led_colours(self.pixels)
            step = min(40, (self.height * scale - 10) // max(1, len(leds)))
            for i in range(len(leds)):
                centre = (self.width * scale + PANEL // 2, 10 + step // 2 + i * step)
                pygame.draw.circle(win, leds[i], centre, min(14, step // 2 - 2))
        for i in range(len(KEY_HELP)):
            text = self._font.render(KEY_HELP[i], True, (200, 200, 200))
            win.blit(text, (8, self.height * scale + 8 + 22 * i))
        pygame.display.flip()
        self._last_refresh = 0
        self._refresh_pending = False
