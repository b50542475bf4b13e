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


# ----- presses carried into a new interpreter (hand_over / take_over) -----

from hypothesis import given, strategies as st   # noqa: E402

from dws_app.lobby.carry import KEEP_MAGIC, KEEP_MAX, hand_over, take_over   # noqa: E402


def test_presses_queued_when_a_run_ends_are_the_next_runs_first():
    keys = Keys(8)
    keep = bytearray(16)
    old = Buttons(keys, MAP)
    for number in (5, 1):                   # DOWN, then A
        keys.events.keypad_eventqueue_record(number, True)
        keys.events.keypad_eventqueue_record(number, False)
    hand_over(old, keep)
    assert keep[0] == KEEP_MAGIC and keep[1] == 2
    new = Buttons(Keys(8), MAP)             # (the new run's own keypad: nothing queued yet)
    take_over(new, keep)
    assert new.waiting()
    assert [new.poll(0), new.poll(1), new.poll(2)] == ["DOWN", "A", None]
    assert keep[0] == 0                     # taken once: a later run gets nothing
    again = Buttons(Keys(8), MAP)
    take_over(again, keep)
    assert again.poll(0) is None


def test_nothing_queued_hands_over_nothing_and_a_power_up_finds_nothing():
    keep = bytearray(b"\xff" * 8)
    hand_over(Buttons(Keys(), MAP), keep)
    assert keep[0] == KEEP_MAGIC and keep[1] == 0
    new = Buttons(Keys(), MAP)
    take_over(new, keep)
    assert not new.waiting() and new.poll(0) is None
    junk = bytearray(b"\x00\x07\x01\x02")   # what the RAM held: no magic, no presses
    b = Buttons(Keys(), MAP)
    take_over(b, junk)
    assert b.poll(0) is None
    hand_over(Buttons(Keys(), MAP), None)    # a board without such memory: no-op
    take_over(Buttons(Keys(), MAP), None)


def test_carried_presses_come_before_the_new_runs_own():
    keep = bytearray(8)
    old_keys = Keys()
    old_keys.events.keypad_eventqueue_record(6, True)   # UP, queued in the old run
    hand_over(Buttons(old_keys, MAP), keep)
    keys = Keys()
    keys.events.keypad_eventqueue_record(1, True)       # A, pressed while the new one started
    new = Buttons(keys, MAP)
    take_over(new, keep)
    assert [new.poll(0), new.poll(1)] == ["UP", "A"]


@given(st.lists(st.integers(0, 9), max_size=12), st.binary(min_size=8, max_size=8))
def test_any_queue_hands_over_its_first_presses_of_known_keys(numbers, before):
    keys = Keys(16)
    for number in numbers:
        keys.events.keypad_eventqueue_record(number, True)
        keys.events.keypad_eventqueue_record(number, False)
    keep = bytearray(before)
    hand_over(Buttons(keys, MAP), keep)
    new = Buttons(Keys(), MAP)
    take_over(new, keep)
    got = []
    name = new.poll(0)
    while name is not None:
        got.append(name)
        name = new.poll(0)
    # (a queue of 16 events holds the first 8 presses with their releases)
    assert got == [MAP[n] for n in numbers[:8] if n < len(MAP)][:KEEP_MAX]


def test_the_profiles_reload_memory_is_cleared_at_a_power_up_only(monkeypatch):
    """``dws_hw.reload_memory``: the board's ``alarm.sleep_memory`` (kept
    through ``supervisor.reload()``, measured on CircuitPython 10.2.1);
    at a power-up whatever the RAM held is no hand-over."""
    import sys
    import types
    from dws_hw import reload_memory
    alarm = types.ModuleType("alarm")
    alarm.sleep_memory = bytearray([KEEP_MAGIC, 1, 4])
    monkeypatch.setitem(sys.modules, "alarm", alarm)
    assert reload_memory(True) is alarm.sleep_memory and alarm.sleep_memory[0] == KEEP_MAGIC
    assert reload_memory(False) is alarm.sleep_memory and alarm.sleep_memory[0] == 0
    monkeypatch.setattr(alarm, "sleep_memory", None, raising=False)
    del alarm.sleep_memory
    assert reload_memory(True) is None      # a firmware without it: nothing carried


def answered_then_handed_over():
    """The reload memory of a run that answered A, still held, and then
    started a new one."""
    answered = Keys(8)
    last = Buttons(answered, MAP)
    answered.events.keypad_eventqueue_record(1, True)
    assert last.poll(0) == "A"
    keep = bytearray(8)
    hand_over(last, keep)
    return keep


def test_a_key_held_when_the_new_runs_keypad_started_is_answered_at_its_release():
    """CircuitPython's keypad does not report a key held when it starts, only
    its release (10.2.1): after a hand-over that release is the press made
    while the new run started; the release of a press the last run handed
    over is not a second press; at a power-up a lone release is nothing."""
    keep = bytearray(8)
    old_keys = Keys(8)
    old_keys.events.keypad_eventqueue_record(6, True)       # UP, handed over, still held
    hand_over(Buttons(old_keys, MAP), keep)
    keys = Keys(8)
    new = Buttons(keys, MAP)
    take_over(new, keep)
    keys.events.keypad_eventqueue_record(5, False)          # DOWN let go: its press came first
    keys.events.keypad_eventqueue_record(6, False)          # UP's own release
    assert [new.poll(0), new.poll(1), new.poll(2), new.poll(3)] == ["UP", "DOWN", None, None]
    keys.events.keypad_eventqueue_record(5, True)           # presses after that: as ever
    keys.events.keypad_eventqueue_record(5, False)
    assert [new.poll(4), new.poll(5)] == ["DOWN", None]
    power_up = Keys(4)
    fresh = Buttons(power_up, MAP)
    take_over(fresh, bytearray(8))                           # (no hand-over)
    power_up.events.keypad_eventqueue_record(3, False)      # SELECT held since the power-up
    assert fresh.poll(0) is None
    keep = answered_then_handed_over()      # A, answered by the last run, which then
    keys = Keys(8)                          # started the new one
    new = Buttons(keys, MAP)
    take_over(new, keep)
    keys.events.keypad_eventqueue_record(1, False)          # its release: not a second A
    assert new.poll(0) is None
    after_reset = Buttons(keys, MAP)
    take_over(after_reset, bytearray([KEEP_MAGIC, 0]) + bytes(6))
    after_reset.reset()                                     # (a wake from auto-dim)
    keys.events.keypad_eventqueue_record(5, False)
    assert after_reset.poll(0) is None


def test_the_keys_seen_while_the_hardware_started_count_once_across_two_keypads():
    """After a reload the Pico's profile scans the keys from its start with
    a first keypad, which it lets go before the panel starts (scanned
    through that, the emulated board hung); its events (``early``) come
    before the second keypad's, and a key held across both counts once.
    That keypad reports a key held at its start pressed (``reset``): one
    the last run saw down counts none."""
    keep = bytearray(8)
    hand_over(Buttons(Keys(8), MAP), keep)                   # nothing queued, nothing held
    early = [keypad.Event(7, False),            # LEFT held since before the first keypad: its press
             keypad.Event(1, True), keypad.Event(1, False),     # A, pressed and let go
             keypad.Event(5, True)]             # DOWN, still held when the first keypad went
    keys = Keys(8)
    new = Buttons(keys, MAP)
    take_over(new, keep, early)
    assert new.waiting()
    keys.events.keypad_eventqueue_record(5, False)          # DOWN let go under the second keypad
    keys.events.keypad_eventqueue_record(6, True)           # UP, a press of the second
    polled = [new.poll(t) for t in range(6)]
    assert polled == ["LEFT", "A", "DOWN", "UP", None, None]
    keep = answered_then_handed_over()  # A, answered by the last run and held since:
    keys = Keys(8)                      # the first keypad reports it pressed (reset)
    new = Buttons(keys, MAP)
    take_over(new, keep, [keypad.Event(1, True), keypad.Event(6, True)])   # A held, UP pressed
    keys.events.keypad_eventqueue_record(1, False)          # A let go: no second A
    assert [new.poll(t) for t in range(3)] == ["UP", None, None]
    power_up = Buttons(Keys(4), MAP)
    take_over(power_up, None, None)                          # (a power-up: neither)
    assert not power_up.waiting() and power_up.poll(0) is None
