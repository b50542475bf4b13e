"""Presses carried into a new interpreter: the last run hands the presses
still queued over (``hand_over``, before the fresh interpreter after a
game), the new one takes them (``take_over``, as it starts), and its
``Buttons.poll`` answers them first.  Between games only, so a module of
the lobby: in a game this code was heap for nothing (``dws_app.buttons``).

The carried bytes, at the start of the board's reload memory
(``Hardware.keep``): KEEP_MAGIC, their count, their key numbers, then a
byte with a bit per key held down then."""

KEEP_MAGIC = 0xD5
KEEP_MAX = 4
KEEP_DOWN = 2 + KEEP_MAX
# The first byte when the board fell asleep in a game (``App.fall_asleep``):
# the press that wakes it goes back into that game (``lobby.resume.start``).
ASLEEP_IN_GAME = 0xD6


def sleep(app, deep_sleep):
    """The deep sleep of a board that has one (``App.fall_asleep``): the
    game in play saved at its last checkpoint, the reload memory told so,
    and the board asleep until a button wakes it.  (Here, where its byte
    is: once a sleep, its code was the game's heap for nothing.)"""
    app.autosave()
    keep = getattr(app.hw, "keep", None)
    if keep is not None:
        keep[0] = ASLEEP_IN_GAME if app.table is not None else 0
    if app.test.get("heap_log"):
        print("sleep", app.hw.ticks_ms())
    deep_sleep()


def hand_over(buttons, keep):
    """Before a new interpreter starts (after a game): the presses still
    queued in ``buttons`` go to ``keep`` (``Hardware.keep``: bytes that
    survive it, or None), so that the new run answers them (``take_over``)."""
    if keep is None:
        return
    count = 0
    down = buttons._down
    events = buttons._events
    event = events.get()
    while event is not None:
        number = event.key_number
        if event.pressed:
            down.add(number)
            if count < KEEP_MAX and buttons._name(number) is not None:
                keep[2 + count] = number
                count += 1
        elif number in down:
            down.remove(number)
        event = events.get()
    keep[1] = count
    # (the keys held now: the new run's keypad reports only their
    # release, which ends a press already answered or handed over)
    keep[KEEP_DOWN] = sum(1 << k for k in down if k < 8)
    keep[0] = KEEP_MAGIC        # (last: a half-written hand-over is no hand-over)


def take_over(buttons, keep, early=None):
    """The presses the last run handed over (``hand_over``), answered first
    by ``buttons.poll``; ``keep`` is cleared.  Then ``early``: the key
    events of the keypad that scanned while this run's hardware started
    (``Hardware.early``), read before the keys' own queue."""
    buttons._early = list(early or ())
    if keep is None or keep[0] != KEEP_MAGIC:
        return
    keep[0] = 0
    count = keep[1]
    if count <= KEEP_MAX:
        buttons._carried = [keep[2 + i] for i in range(count)]
    # A key held when this run's keypad started is not reported pressed
    # (measured on CircuitPython 10.2.1): only its release comes.  After a
    # hand-over such a release is a press made while this run started,
    # unless the key was down when the last run handed over.
    mask = keep[KEEP_DOWN]
    buttons._after = set(k for k in range(8) if mask & (1 << k))
