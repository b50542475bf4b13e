"""Saved games between games: which payload the menu offers to continue,
and Continue.  Used at power-up and from the menu only, so it is forgotten
while a game is in play (``dws_app.lobby``, ``memory.LOBBY``).

The menu offers a save by its game id alone (``offered``): decoding it
there would import its engine, and the names that interns stay for the
game played next, whichever it is (2.2 KB of the next new game's lowest
free heap on the board, hardware.md).  Continue decodes it and checks it
(``resumed``); a save that fails is refused for the rest of the run and
the store's older copy, if it passes, is offered instead, with a note."""

from dws_app.catalog import game_ids, title_of
from dws_app.memory import collect
from dws_app.levels import game_id


def power_up(app, store=None):
    """What a power-up reads from the store: the settings, the records and
    whether a saved game is offered.  ``app.notes`` collects what the store
    had to say about damaged copies (the menu shows them)."""
    if store is None:
        from dws_app.store import Store
        store = Store(app.hw.nvm, **app.hw.store_options)
    app.store = store
    app.notes = []
    from dws_app.lobby.records_store import load_records, load_settings
    app.settings, note = load_settings(store)
    app._note(note)
    app._note(load_records(store)[1])
    app._note(store.load_game(offered)[1])


def offered(data):
    """True when the menu offers a saved payload: the game id of a game
    this app plays, behind a seat header that fits it."""
    return game_id(data) in game_ids()


def saved_game(app):
    """(title, game id) of the game the menu offers to continue, or None.
    With one, the seat player's code comes now, with the menu: every game
    needs it, and Continue does not wait for it (~90 ms on the Pico); but
    not for the menu after a game, which a new interpreter draws again
    (``App.menu_again``: 45-90 ms of that open)."""
    data, _note = app.store.load_game(lambda d: d not in app.refused and offered(d))
    if not data:
        return None
    if not getattr(app, "menu_again", False):
        __import__("dws_app.play.seats")
    gid = game_id(data)
    return title_of(gid), gid


def continue_game(app, names_of=None):
    """Play the saved game.  A save that does not resume (``resumed``) is
    refused; when the older copy resumes instead, the menu says so and
    offers it (one more press), else it says the game is lost.
    ``names_of(lineup, game_id)``: the seats' names (the menu's, made
    before the lobby's code went; else from ``lobby.lineup`` here)."""
    collect()
    from dws_app.levels import levels_of, split
    kept = []
    refused = app.refused
    before = len(refused)       # (a save refused now: the menu says so)

    def check(data):
        if data in refused or not offered(data):
            return False        # (the menu did not offer it either)
        game = resumed(data)
        if game is None:
            refused.append(data)
            return False
        kept.append(game)
        return True
    data, note = app.store.load_game(check)
    if data and len(refused) == before:
        game = kept[-1]
        meta = split(data)[0]
        levels = levels_of(meta, game)
        if names_of is None:
            from dws_app.lobby.lineup import seat_names
            from dws_app.lobby.players_store import load_players
            players = load_players(app.store)[0]

            def names_of(lineup, gid):
                return seat_names(lineup, gid, players)
        lineup = list(meta) if meta else None
        app.names = names = names_of(lineup or [0] * game.players, game.GAME_ID)
        app._saved = game.checkpoint()
        if app.looping and game.players > 1 and not game.over and (
                levels is None or levels[game.current] is None):
            # A player's turn: the hand-over first, as a new game's start
            # card, and the seats, their tables and the game's screen under
            # it in the next passes (Continue took 797 ms to the hand-over
            # on the Pico with them before its frame).
            from dws_app.play.pass_screen import turn_lines
            app.game = game
            app.start_card(game, turn_lines(game), None, app.resume_turn,
                           alone=levels is not None and levels.count(None) < 2)
            app.defer(app.NEXT_PASS, seat_resumed, app, game, lineup, names)
            return
        seat_resumed(app, game, lineup, names)
    else:
        app._note(note or "No saved game")
        app.home()


def seat_resumed(app, game, lineup, names):
    app.seat(game, lineup, names)
    app.open_game(game)


def resumable(data):
    """True when a saved payload can be resumed (``resumed``)."""
    return resumed(data) is not None


def resumed(data):
    """The game of a saved payload when it can be resumed: a game this app
    plays, decoding without error, encoding back to the same bytes, not
    over, with a next step; else None (the store then tries the older copy)."""
    if not offered(data):
        return None
    from dws_core.errors import DecodeError
    from dws_core.games import decode
    from dws_app.levels import levels_of, split
    meta, data = split(data)
    try:
        game = decode(data)
        if not game.over and game.encode() == bytes(data) and \
                game.legal_steps() and levels_of(meta, game) is not None:
            return game
    except (DecodeError, IndexError, KeyError, TypeError, ValueError, AttributeError):
        pass    # legal_steps() on a state that decodes but breaks a rule
    return None
