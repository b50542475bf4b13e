"""The events engines return (``Engine.step``): one kind, one meaning and
one layout of named fields in every game (issue 54).

An event is a tuple: its kind, then its fields in the order named here.
Fields after ``OPTIONAL`` may be left out by a game that has nothing to
say there.  ``VOCABULARY`` holds the kinds every game shares; a game's own
kinds (Dice Wide Shut's ``"marked"``, Shut the Box's ``"shut"``...) are in
``GAME_KINDS`` under its id.  A field that a screen reads has one place in
every kind that has it (``PLACES``): a screen reads ``e[_DICE]`` for the
dice of any event that carries dice.

Not imported by the app during a game (each name here would be heap there):
a screen names the places it reads as private constants
(``_DICE = const(2)``), which the compiler replaces by their numbers, and
``tests/test_engine_events.py`` holds every engine to these tables and
every screen's constants to ``PLACES``.
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

# A game's own kinds: game id -> kind -> its fields.
GAME_KINDS = {
    1: {    # Dice Wide Shut
        "colour": ("player", "colour"),
        "picked": ("player", "die"),
        "dropped": ("player", "die"),
        "protected": ("player", "half", "row", "die"),
        "six": ("player", "half", "row", "die"),
        "marked": ("player", "half", "row", "col", "die"),
        "split": ("player", "half", "row"),
        "unplaced": ("player", "die"),
        "end_triggered": ("player",),
    },
    2: {    # Shut the Box
        "starts": ("player",),
        "rolloff": ("player", "dice"),
        "rolloff_tie": ("tied",),
        "use": ("player", "count"),
        "select": ("player", "tile"),
        "unselect": ("player", "tile"),
        "stuck": ("player", "score"),
        "shut": ("player", "tiles"),
        "shut_box": ("player",),
        "out": ("player", "score"),
    },
    3: {    # DicedOut
        "first": ("player",),
        "rolloff": ("player", "dice"),
        "rolloff_tie": ("tied",),
        "marked": ("player", "number"),
        "extra": ("player", "number"),
        "bonus": ("player", "number"),
        "declined": ("player",),
        "reroll": ("player", "rerolls"),
        "diced_out": ("player", "score"),
        "cleared": ("player",),
        "penalised": ("player", "other"),
        "chooser": ("player",),
    },
    4: {    # Cargo
        "accepted": ("player", "score"),
        "held": ("player", "die"),
        "released": ("player", "die"),
        "banked": ("player", "role", "which"),
    },
    5: {    # Dice
        "count": ("player", "count"),
        "held": ("player", "die"),
        "released": ("player", "die"),
    },
}

# The place of every field a screen reads, the same in every kind that has
# it (the kind is at 0).
PLACES = {"player": 1, "round": 1, "ranking": 1, "tied": 1,
          "dice": 2, "score": 2, "scores": 2, "first": 2, "count": 2,
          "tiles": 2, "number": 2, "rerolls": 2, "other": 2, "role": 2,
          "colour": 2, "half": 2,
          "which": 3, "row": 3, "col": 4}


def layout(kind, game_id=None):
    """The field names of ``kind`` (the shared ones, else game ``game_id``'s
    own), with ``OPTIONAL`` where it stands; None for a kind not known."""
    names = VOCABULARY.get(kind)
    if names is None and game_id is not None:
        names = GAME_KINDS.get(game_id, {}).get(kind)
    return names


def arity(kind, game_id=None):
    """(fewest, most) fields an event of ``kind`` has, or None for a kind
    not in the vocabulary."""
    names = layout(kind, game_id)
    if names is None:
        return None
    required = names.index(OPTIONAL) if OPTIONAL in names else len(names)
    return required, len(names) - (1 if OPTIONAL in names else 0)


def field(event, name, game_id=None):
    """An event's field by its name (``None`` when a game leaves it out)."""
    names = [n for n in layout(event[0], game_id) if n != OPTIONAL]
    place = names.index(name) + 1
    return event[place] if place < len(event) else None
