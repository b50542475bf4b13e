"""The device-play levels of each game and their names on screen, and
the seats' header of a saved game: all the setup, the help and the menu
need to know about device seats, without loading
``dws_app.play.seats`` (the seat player and game_base: the setup's import took
66 ms on the Pico with them, 32-37 without).

A saved game's payload is the engine's bytes, with the seats' levels in
front when some seat is device-played (``pack`` / ``split``), so all-human
saves are the engine's bytes alone.  The menu reads a save's game id here
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


def pack(names, levels, data):
    """``data`` (engine bytes) with the seats in front when any is a device
    (``names``: the game's levels, weakest first)."""
    if not levels or not any_device(levels):
        return data
    out = bytearray([META, len(levels)])
    for lv in levels:
        out.append(0 if lv is None else names.index(lv) + 1)
    return bytes(out) + bytes(data)


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
    a byte names no level of game ``game_id``."""
    names = level_names(game_id)
    out = []
    for b in meta:
        if b > len(names):
            return None
        out.append(names[b - 1] if b else None)
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
