"""The games the device plays, by id byte, and decoding of any saved state.

Modules are imported on demand so that the board only pays for the game being
played.
"""

from dws_core.errors import DecodeError

# id byte -> (module, class name, title shown in menus)
GAMES = (
    (1, "dws_core.dws", "DiceWideShut", "Dice Wide Shut"),
    (2, "dws_core.stb", "ShutTheBox", "Shut the Box"),
    (3, "dws_core.dicedout", "DicedOut", "DicedOut"),
    (4, "dws_core.cargo", "Cargo", "Cargo"),
    (5, "dws_core.dice", "Dice", "Dice"),
)


def game_class(game_id):
    """The engine class for an id byte."""
    for gid, module, name, _title in GAMES:
        if gid == game_id:
            mod = __import__(module, None, None, [name])
            return getattr(mod, name)
    raise KeyError(game_id)


def decode(data):
    """Decode any game's state; raises DecodeError for anything malformed."""
    if not isinstance(data, (bytes, bytearray)) or not data:
        raise DecodeError("empty state")
    try:
        cls = game_class(data[0])
    except KeyError:
        raise DecodeError("unknown game")
    return cls.decode(data)
