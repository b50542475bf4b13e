"""Logical buttons from a keypad event queue.

``poll(now)`` returns the name of the next pressed button ("UP", "A", ...) or
None.  Arrow buttons held down repeat.  When the queue overflowed (presses were
lost), the queue is cleared and the held-button state is forgotten, so nothing
stays "stuck" (the same resync PyBadger does).
"""

from dws_app.clock import ticks_add, ticks_diff

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
REPEATING = ("UP", "DOWN", "LEFT", "RIGHT")
REPEAT_DELAY_MS = 450
REPEAT_EVERY_MS = 140


class Buttons:
    def __init__(self, keys, key_map):
        self._events = keys.events
        self._key_map = key_map
        self._held = None
        self._repeat_at = 0
        self.overflows = 0

    def _name(self, key_number):
        if 0 <= key_number < len(self._key_map):
            return self._key_map[key_number]
        return None

    def waiting(self):
        """True when a key event is queued (work done in slices can stop
        and let the next pass answer it)."""
        return bool(self._events)

    def reset(self):
        """Forget queued and held presses (e.g. after waking from auto-dim)."""
        self._events.clear()
        self._held = None

    def poll(self, now):
        events = self._events
        if events.overflowed:
            self.overflows += 1
            self.reset()
            return None
        event = events.get()
        while event is not None:
            name = self._name(event.key_number)
            if event.pressed and name is not None:
                if name in REPEATING:
                    self._held = name
                    self._repeat_at = ticks_add(now, REPEAT_DELAY_MS)
                else:
                    self._held = None
                return name
            if name == self._held:
                self._held = None
            event = events.get()
        if self._held is not None and ticks_diff(now, self._repeat_at) >= 0:
            self._repeat_at = ticks_add(now, REPEAT_EVERY_MS)
            return self._held
        return None
