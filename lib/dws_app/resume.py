"""Saved games between games: which payloads can be resumed, the title the
menu offers, and Continue.  Used at power-up and from the menu only, so it is
forgotten while a game is in play (``memory.BETWEEN_GAMES``)."""

from dws_app.catalog import game_ids
from dws_app.memory import collect


def continue_game(app, checked=None):
    """Play the saved game.  ``checked``: (payload, game) as the menu's check
    decoded it (``saved_game``); the game is played as it is when the store
    still holds that payload, else the payload is decoded here."""
    collect()
    from dws_app.seats import SeatPlayer, levels_of, split
    kept = []
    data, note = app.store.load_game(keeping_check(kept, checked))
    if data:
        game = kept[-1][1]
        app.seats = SeatPlayer(app, game, levels_of(split(data)[0], game))
        app._saved = game.checkpoint()
        app.open_game(game)
    else:
        app._note(note or "No saved game")
        app.home()


def keeping_check(kept, checked=None):
    """A check for ``Store.load_game`` that appends (payload, game) of each
    payload it looks at to ``kept`` (the game None if it cannot be resumed),
    so that what it decoded is not decoded again; a payload equal to
    ``checked[0]`` is taken as ``checked[1]`` without decoding."""
    def check(data):
        if checked is not None and data == checked[0]:
            game = checked[1]
        else:
            game = resumed(data)
        kept.append((data, game))
        return game is not None
    return check


def resumable(data):
    """True when a saved payload can be resumed (``resumed``)."""
    return resumed(data) is not None


def resumed(data):
    """The game of a saved payload when it can be resumed: a game this app
    plays, decoding without error, encoding back to the same bytes, not
    over, with a next step; else None (the store then tries the older copy)."""
    from dws_core.errors import DecodeError
    from dws_core.games import decode
    from dws_app.seats import levels_of, split
    meta, data = split(data)
    if not data or data[0] not in game_ids():
        return None
    try:
        game = decode(data)
        if not game.over and game.encode() == bytes(data) and \
                game.legal_steps() and levels_of(meta, game) is not None:
            return game
    except (DecodeError, IndexError, KeyError, TypeError, ValueError, AttributeError):
        pass    # legal_steps() on a state that decodes but breaks a rule
    return None


def saved_game(app):
    """(title, (payload, game)) of the game in progress, or None.  The game
    is the one its check decoded: Continue plays it (``continue_game``)
    instead of decoding the payload again (~45 ms of the press on the Pico)."""
    kept = []
    data, _note = app.store.load_game(keeping_check(kept))
    if not data:
        return None
    from dws_app.seats import split
    gid = split(data)[1][0]
    from dws_core.games import GAMES
    for g, _m, _n, title in GAMES:
        if g == gid and g in game_ids():
            return title, kept[-1]
    return None
