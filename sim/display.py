"""A Blinka displayio display that renders into memory instead of a bus.

``ImageDisplay(w, h)`` is a ``busdisplay.BusDisplay`` with no bus; every
refresh redraws the whole screen into ``self.pixels`` (a numpy RGB array), and
``image()`` returns it as a PIL image.  Auto-refresh is off: call ``render()``.
"""

import numpy as np
from PIL import Image

import busdisplay
import displayio
from displayio._area import Area


class ImageDisplay(busdisplay.BusDisplay):
    # Blinka's BusDisplay.__new__ hands the display to displayio's background
    # thread before __init__ sets this: the thread read it too early once
    # (AttributeError in a test's warnings).
    _auto_refresh = False

    def __init__(self, width, height):
        displayio.release_displays()
        busdisplay.BusDisplay.__init__(self, None, b"", width=width, height=height,
                                       auto_refresh=False)
        self.pixels = np.zeros((height, width, 3), dtype=np.uint8)

    def _write(self, command, data):
        pass

    def _release(self):
        pass

    def _get_refresh_areas(self):
        return [self._core.area]

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w, h = clipped.width(), clipped.height()
        n = w * h
        buf = memoryview(bytearray(n * 2 + 4)).cast("I")
        mask = memoryview(bytearray((n // 32 + 2) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buf)
        raw = np.frombuffer(buf.tobytes()[: n * 2], dtype=">u2").reshape(h, w).astype(np.uint32)
        rgb = np.empty((h, w, 3), dtype=np.uint8)
        rgb[:, :, 0] = ((raw >> 11) & 31) * 255 // 31
        rgb[:, :, 1] = ((raw >> 5) & 63) * 255 // 63
        rgb[:, :, 2] = (raw & 31) * 255 // 31
        self.pixels[clipped.y1:clipped.y2, clipped.x1:clipped.x2] = rgb
        return True

    def render(self):
        """Redraw everything now; return the PIL image."""
        self._core.full_refresh = True
        self.refresh()
        return self.image()

    def image(self):
        return Image.fromarray(self.pixels, "RGB")
