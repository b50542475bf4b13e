"""buttons.py over a keypad event queue: mapping, repeat, overflow resync."""

import keypad

from dws_app.buttons import Buttons, REPEAT_DELAY_MS, REPEAT_EVERY_MS
from dws_app.clock import PERIOD, ticks_add, ticks_diff


class Keys:
    def __init__(self, n=4):
        self.events = keypad.EventQueue(n)


MAP = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")


def test_press_maps_key_numbers_to_names():
    keys = Keys()
    b = Buttons(keys, MAP)
    keys.events.keypad_eventqueue_record(1, True)
    keys.events.keypad_eventqueue_record(1, False)
    assert b.poll(0) == "A"
    assert b.poll(10) is None


def test_arrow_repeats_while_held_and_stops_on_release():
    keys = Keys()
    b = Buttons(keys, MAP)
    keys.events.keypad_eventqueue_record(7, True)
    assert b.poll(0) == "LEFT"
    assert b.poll(REPEAT_DELAY_MS - 1) is None
    assert b.poll(REPEAT_DELAY_MS) == "LEFT"
    assert b.poll(REPEAT_DELAY_MS + REPEAT_EVERY_MS) == "LEFT"
    keys.events.keypad_eventqueue_record(7, False)
    assert b.poll(REPEAT_DELAY_MS + 5 * REPEAT_EVERY_MS) is None


def test_overflow_clears_and_resyncs():
    keys = Keys(2)
    b = Buttons(keys, MAP)
    keys.events.keypad_eventqueue_record(7, True)
    assert b.poll(0) == "LEFT"
    for _ in range(3):      # the queue (2) overflows: presses were lost
        keys.events.keypad_eventqueue_record(1, True)
    assert keys.events.overflowed
    assert b.poll(1) is None
    assert not keys.events.overflowed and len(keys.events) == 0
    assert b.overflows == 1
    assert b.poll(REPEAT_DELAY_MS + 10) is None   # the held arrow was forgotten
    keys.events.keypad_eventqueue_record(0, True)
    assert b.poll(2000) == "B"


def test_ticks_wrap_around():
    t = PERIOD - 10
    assert ticks_add(t, 20) == 10
    assert ticks_diff(10, t) == 20
    assert ticks_diff(t, 10) == -20


def test_buttons_held_at_power_up_are_named_and_the_pins_released():
    from dws_hw import PROFILES, held_buttons
    from sim.hw import SimKeys

    class BootKeys(SimKeys):
        released = False

        def deinit(self):
            self.released = True

    keys = BootKeys(PROFILES["pybadge"][1])
    keys.send("START")
    keys.send("SELECT")
    keys.send("SELECT", pressed=False)
    assert held_buttons(keys, keys.key_map) == ["START"]  # SELECT was let go
    assert keys.released
