"""The device-play levels of each game and their names on screen, and
the seats' header of a saved game: all the setup, the help and the menu
need to know about device seats, without loading
``dws_app.play.seats`` (the seat player and game_base: the setup's import took
66 ms on the Pico with them, 32-37 without).

A saved game's payload is the engine's bytes, with the seats in front
(``pack`` / ``split``: a byte each, a device level or a named player) when
some seat is not a guest, so a game of guests saves the engine's bytes
alone.  The seats' names on the screens come from those bytes
(``lobby.lineup``).  The menu reads a save's game id here
(``game_id``) without decoding the game.

Used between games and in play alike, so it is in neither folder and is
never forgotten: the menu after a game imported it again, 33 ms of that
open on the Pico."""

SHOWN = {"shut": "bold", "score": "low-score"}


def level_names(game_id):
    """The game's levels, weakest first, from its row (``dws_core.games``,
    a between-games module: a game in play keeps its seats' ``names``)."""
    from dws_core.games import LEVELS, field
    return field(game_id, LEVELS, ())


def level_title(level):
    return SHOWN.get(level, level)


# ----- the seats in a saved game ---------------------------------------------

META = 0x80            # first byte of a payload with seats (never a game id)
# First byte of a save at whose checkpoint the game ran out of memory once
# (``lobby.error.failed``): the next failure there offers the menu instead
# of Continue again; the next save at a new checkpoint drops it.
FAILED = 0x81

# A seat byte of a named player: PLAYER plus their slot in the players'
# list (``lobby.players_store``); 0 is a guest, 1.. a device level.
PLAYER = 0x40


def pack(lineup, data):
    """``data`` (engine bytes) with the seat bytes in front when a seat is
    not a guest (``lobby.lineup``)."""
    if not lineup or not any(lineup):
        return data
    return bytes([META, len(lineup)]) + bytes(lineup) + bytes(data)


def split(data):
    """(seat bytes or None, engine bytes); a damaged seat header gives b"".
    A FAILED mark in front is passed over."""
    if failed_here(data):
        data = data[1:]
    if not data or data[0] != META:
        return None, data
    if len(data) < 2 or len(data) < 2 + data[1]:
        return None, b""
    n = data[1]
    return bytes(data[2:2 + n]), bytes(data[2 + n:])


def levels_of(meta, game):
    """Seat levels from ``split``'s seat bytes for a decoded game, or None
    when they do not fit it."""
    if meta is None:
        return [None] * game.players
    if len(meta) != game.players:
        return None
    return seat_levels(meta, game.GAME_ID)


def seat_levels(meta, game_id):
    """The level names of seat bytes ``meta`` (None: a human), or None when
    a byte names no level of game ``game_id`` nor a player's slot."""
    names = level_names(game_id)
    out = []
    for b in meta:
        if b >= PLAYER + 8 or len(names) < b < PLAYER:
            return None
        out.append(names[b - 1] if 0 < b < PLAYER else None)
    return out


def failed_here(data):
    """True when the save ``data`` carries the FAILED mark."""
    return bool(data) and data[0] == FAILED


def game_id(data):
    """The game id of a payload, or 0 when its seat header is damaged or
    there is no engine byte."""
    meta, data = split(data)
    if not data or (meta is not None and (not meta or seat_levels(meta, data[0]) is None)):
        return 0
    return data[0]


def any_device(levels):
    for lv in levels:
        if lv is not None:
            return True
    return False
