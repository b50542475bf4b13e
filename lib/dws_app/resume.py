"""Saved games between games: which payloads can be resumed, the title the
menu offers, and Continue.  Used at power-up and from the menu only, so it is
forgotten while a game is in play (``app.BETWEEN_GAMES``)."""

from dws_app.app import collect, game_ids


def continue_game(app):
    collect()
    from dws_app.seats import SeatPlayer, levels_of, split
    kept = []                   # the game that the check decoded (not decoded twice)

    def check(data):
        game = resumed(data)
        kept.append(game)
        return game is not None
    data, note = app.store.load_game(check)
    if data:
        game = kept[-1]
        app.seats = SeatPlayer(app, game, levels_of(split(data)[0], game))
        app._saved = game.checkpoint()
        app.open_game(game)
    else:
        app._note(note or "No saved game")
        app.home()


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


def saved_game_title(app):
    """Title of the game in progress, or None."""
    data, _note = app.store.load_game(resumable)
    if not data:
        return None
    from dws_app.seats import split
    data = split(data)[1]
    from dws_core.games import GAMES
    for gid, _m, _n, title in GAMES:
        if gid == data[0] and gid in game_ids():
            return title
    return None
