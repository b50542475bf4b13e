"""The games the device plays: one row each, and decoding of any saved state.

A new game is a row here, its screen's row in ``dws_app.catalog``, its screen
module and its help files (README, "A new game").  Its row:

* its id byte (the first byte of its saved state; the records keep ids 1-8);
* its engine, as module and class (the class carries the game's words: its
  ``OPTIONS`` and ``OPTION_WORDS``, its hand-over's ``turn_lines()``);
* its title in menus;
* the module of its device seats and hints (``dws_core.bots`` explains what
  it provides), or None when the game has neither;
* the levels of those seats, weakest first (the setup offers them, a save
  keeps a seat's level by its place here);
* whether the lowest score wins;
* whether the records count its games (not the free roller, which never ends);
* what else the records count of its games (the engine's ``counted()``), in
  the words of the records screen's line, or None;
* what breaks a tie for the win where its rules break one (its engine's
  ``ranking``), in the words of the final screen's line, or None.

Modules are imported on demand so that the board only pays for the game being
played.
"""

from dws_core.errors import DecodeError

GAMES = (
    (1, "dws_core.dws", "DiceWideShut", "Dice Wide Shut",
     "dws_core.bot_dws", ("easy", "normal", "strong"), False, True, None, "more splits"),
    (2, "dws_core.stb", "ShutTheBox", "Shut the Box",
     "dws_core.bot_stb", ("easy", "shut", "score", "strong"), True, True, "box shut", None),
    (3, "dws_core.dicedout", "DicedOut", "DicedOut",
     "dws_core.bot_dicedout", ("normal", "strong"), True, True, None, None),
    (4, "dws_core.cargo", "Cargo", "Cargo",
     "dws_core.bot_cargo", ("normal", "strong", "expert"), False, True, None, None),
    (5, "dws_core.dice", "Dice", "Dice", None, (), False, False, None, None),
)
# A row's fields, by place.
ID, MODULE, CLASS, TITLE, BOT, LEVELS, LOW_WINS, RECORDED, COUNTS, TIE = range(10)


def row(game_id):
    """The row of an id byte, or None."""
    for r in GAMES:
        if r[ID] == game_id:
            return r
    return None


def field(game_id, place, default=None):
    """One field of a game's row (``default`` for an unknown id)."""
    r = row(game_id)
    return default if r is None else r[place]


def game_class(game_id):
    """The engine class for an id byte."""
    r = row(game_id)
    if r is None:
        raise KeyError(game_id)
    mod = __import__(r[MODULE], None, None, [r[CLASS]])
    return getattr(mod, r[CLASS])


def decode(data):
    """Decode any game's state; raises DecodeError for anything malformed."""
    if not isinstance(data, (bytes, bytearray)) or not data:
        raise DecodeError("empty state")
    try:
        cls = game_class(data[0])
    except KeyError:
        raise DecodeError("unknown game")
    return cls.decode(data)
