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
        self._carried = []      # key numbers handed over by the last run (``lobby.carry``)
        self._early = []        # key events seen while this run's hardware started
        self._down = set()      # keys whose press this queue reported and not yet the release
        self._after = None      # after a hand-over: keys down then, whose release is no press
        self.overflows = 0

    def _name(self, key_number):
        if 0 <= key_number < len(self._key_map):
            return self._key_map[key_number]
        return None

    def waiting(self):
        """True when a key event is queued (work done in slices can stop
        and let the next pass answer it)."""
        return bool(self._carried) or bool(self._early) or bool(self._events)

    def reset(self):
        """Forget queued and held presses (e.g. after waking from auto-dim)."""
        self._events.clear()
        self._early = []
        self._held = None
        self._after = None

    def _next(self, events):
        # (the early keypad reports every key held at its start pressed:
        # not one the last run saw down, whose release ends that press)
        while self._early:
            event = self._early.pop(0)
            if not (event.pressed and self._after and event.key_number in self._after):
                return event
        return events.get()

    def poll(self, now):
        if self._carried:
            name = self._name(self._carried.pop(0))
            if name is not None:
                return name
        events = self._events
        if events.overflowed:
            self.overflows += 1
            self.reset()
            return None
        event = self._next(events)
        while event is not None:
            number = event.key_number
            name = self._name(number)
            if event.pressed:
                self._down.add(number)
            elif number in self._down:
                self._down.remove(number)
            elif self._after is not None and name is not None:
                if number in self._after:
                    self._after.remove(number)      # (ends a press the last run saw)
                else:
                    return name         # pressed while this run started: answered now
            if event.pressed and name is not None:
                if name in REPEATING:
                    self._held = name
                    self._repeat_at = ticks_add(now, REPEAT_DELAY_MS)
                else:
                    self._held = None
                return name
            if name == self._held:
                self._held = None
            event = self._next(events)
        if self._held is not None and ticks_diff(now, self._repeat_at) >= 0:
            self._repeat_at = ticks_add(now, REPEAT_EVERY_MS)
            return self._held
        return None
