"""A game's open: its seats, their start and its screen, under a new
game's start card or a resumed game's hand-over, over the passes that keep
each of them short (``App.defer``).  The open is the lobby's: the setup
and Continue begin it, and its code goes with the lobby's once the game's
screen is made (``App.forget_between_games``); what it left for a later
pass or a key (the game's screen under a hand-over, the card's A:
``App.begin_game``) keeps what it needs until then."""


def seat(app, game, levels):
    """``game``'s seat player (``levels``: per seat None for a human or
    a device level), or None for a game without device seats or hints
    (the dice: its code took ~45 ms of the start on the Pico)."""
    app.seats = None
    from dws_core.games import BOT, field
    if field(game.GAME_ID, BOT) is not None:
        from dws_app.catalog import tables_of
        from dws_app.play.seats import SeatPlayer
        app.seats = SeatPlayer(app, game, levels, tables_of(game.GAME_ID))


def open_game(app, game, fresh=False):
    """Play ``game`` (seated by ``seat``, else all humans).  Inside the
    main loop the device seats' code and tables (``SeatPlayer.start``)
    come in the next pass and the game's screen in the pass after
    (NEXT_PASS): with the engine, the seats and their tables in one
    pass a 5-seat Strong start froze the Pico for 290-336 ms, with the
    engine in the press 312-352.  The old screen stays up meanwhile."""
    if app.seats is None or app.seats.game is not game:
        seat(app, game, None)
    app.game_running(True)
    app.game = game
    app.played = True
    app.game_saves = 0 if fresh else 1     # (the test key save_oom)
    if app.looping:
        app.defer(app.NEXT_PASS, start_seats, app, fresh)
    else:
        start_seats(app, fresh)


def start_seats(app, fresh):
    """The seats' start, then the game's screen: a pass later when the
    start did something (``open_game``)."""
    if app.seats is not None and app.seats.start() and app.looping:
        app.defer(app.NEXT_PASS, show_game, app, fresh)
    else:
        show_game(app, fresh)


def show_game(app, fresh):
    game = app.game
    from dws_app.catalog import screen_class
    cls = screen_class(game.GAME_ID)
    app.forget_between_games()     # (the catalog too: read once a game)
    if app.carded:             # under the start card, for its A (``begin_game``)
        app.carded = False
        if app.lone_human():
            app.let_card_go()
        elif app.seats is None or not app.seats.device(game.current):
            build_under(app, cls)
            return
        # (a device seat plays first: its card goes on by itself, and
        # the hand-over screen is kept for the humans' turns)
    app.stack = []             # the menu is rebuilt by home()
    if not fresh and game.players > 1 and not (app.seats is not None and (
            app.seats.device(game.current) or app.lone_human())):
        # A resumed game at a player's turn: the hand-over first, and the
        # game screen built under it a pass later, after the hand-over's
        # frame, while the device changes hands (Continue: ~40 ms less).
        from dws_app.play.pass_screen import turn_lines
        app.show_pass(game.current, turn_lines(game), app.resume_turn)
        if app.looping:
            app.defer(app.NEXT_PASS, build_under, app, cls)
        else:
            build_under(app, cls)
        return
    screen = cls(app, game)
    app.push(screen)
    screen.first_turn(fresh)


def start_card(app, game, info, device, after=None, alone=False):
    """A new game of 2+ players opens on this card: who plays first, in
    the hand-over's words ("Pass the device to PLAYER 2", or "First to
    play" for a device seat), with the roll-off that chose them.  It is
    drawn before anything else of the game is made: the seats, their
    tables and the game's screen come in the passes after its frame,
    under it, while the device changes hands (a start was 580-850 ms on
    the Pico, the card ~400).  Its A stands in for the first turn's
    hand-over or roll-off (``begin_game``; ``after``: a resumed game's
    ``resume_turn``, Continue's card being its hand-over).  ``alone``:
    one human against device seats (or none), who holds the device
    already: the card says who plays first and goes on by itself
    (``let_card_go``); so does a ``device`` seat's card, the first to
    play (``show_game``)."""
    card = app.pass_screen()
    line = None
    if device or alone:
        line = "Your turn" if after is not None else "First to play"
    card.prepare(game.current, info, after or app.begin_game, line, not (alone or device))
    app.carded = True
    app.push(card)


def build_under(app, cls):
    """The game screen under the hand-over on top (``show_game``)."""
    app.stack.insert(0, cls(app, app.game))
