"""The events every engine shares (``Engine.step`` returns them): one kind,
one meaning and one layout of fields in every game (issue 54).

An event is a tuple: its kind, then its fields in the order named here.
Fields after ``OPTIONAL`` may be left out by a game that has nothing to
say there.  A game may emit kinds of its own besides these (Dice Wide
Shut's ``"marked"``, Shut the Box's ``"shut"``...); it may not give one of
these another meaning.

Not imported by the app during a game (each name here would be heap there):
the screens read a field by the place this table gives it, and
``tests/test_engine_events.py`` holds every engine to the table.
"""

OPTIONAL = "|"

VOCABULARY = {
    # the dice after a roll, every die in play; and which were rolled,
    # where some dice stay as they were (held or banked)
    "rolled": ("player", "dice", OPTIONAL, "which"),
    # a turn over; its score where the turn scores on its own
    "turn_end": ("player", OPTIONAL, "score"),
    # a round begins, with the seat who plays first in it
    "round_start": ("round", "first"),
    # a round over (rounds count from 0); each seat's score in it, where
    # the game scores by round
    "round_end": ("round", OPTIONAL, "scores"),
    # the game over: groups of seats, best first (``Engine.ranking``)
    "game_end": ("ranking",),
}


def arity(kind):
    """(fewest, most) fields an event of ``kind`` has, or None for a kind
    not in the vocabulary."""
    names = VOCABULARY.get(kind)
    if names is None:
        return None
    required = names.index(OPTIONAL) if OPTIONAL in names else len(names)
    return required, len(names) - (1 if OPTIONAL in names else 0)


def field(event, name):
    """An event's field by its name (``None`` when a game leaves it out)."""
    names = [n for n in VOCABULARY[event[0]] if n != OPTIONAL]
    place = names.index(name) + 1
    return event[place] if place < len(event) else None
