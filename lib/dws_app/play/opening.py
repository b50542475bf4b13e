"""A game's opening: its seats, then the seats' start, in passes of their
own inside the main loop (``App.defer``'s NEXT_PASS); then the game's
screen (``App.show_game``), which lets this module go first.

Used only while a game opens: forgotten once it has, its code is not heap
for the game (the PyBadge-sized heap less 24 KB ran out of memory in a
Strong seat's decision with it kept in the app, ``lean_mpy``'s evening).
The start card's A (``App.begin_game``) and a resumed game's hand-over
(``App.resume_turn``) stay with the app: their presses would import it
again."""

NEXT_PASS = 1           # (``App.NEXT_PASS``)


def seat(app, game, lineup=None, names=None):
    """``game``'s seats: ``lineup`` a byte per seat (``lobby.lineup``;
    None: all guests), ``names`` what the screens call them; and its
    seat player for the device seats and hints, or None for a game
    without them (the dice: its code took ~45 ms of the start on the
    Pico)."""
    app.seats = None
    app.seated = game
    app.lineup = lineup
    app.names = names or ["Player %d" % (p + 1) for p in range(game.players)]
    from dws_core.games import BOT, LOW_WINS, RECORDED, TIE, field
    gid = game.GAME_ID
    # What its final screen needs of the game's row, kept: the games'
    # list is forgotten during a game, and importing it again was 22 ms
    # of the scores' open on the Pico.
    app.ending = (field(gid, RECORDED), field(gid, LOW_WINS), field(gid, TIE))
    if field(gid, BOT) is not None:
        from dws_app.catalog import tables_of
        from dws_app.levels import seat_levels
        from dws_app.play.seats import SeatPlayer
        levels = seat_levels(lineup, gid) if lineup else None
        app.seats = SeatPlayer(app, game, levels, tables_of(gid))


def open_game(app, game, fresh=False):
    """Play ``game`` (seated by ``seat``, else all humans).  Inside the
    main loop the device seats' code and tables (``SeatPlayer.start``)
    come in the next pass and the game's screen in the pass after
    (NEXT_PASS): with the engine, the seats and their tables in one
    pass a 5-seat Strong start froze the Pico for 290-336 ms, with the
    engine in the press 312-352.  The old screen stays up meanwhile."""
    if app.seated is not game:
        seat(app, game)
    app.game_running(True)
    app.game = game
    app.played = True
    app.game_saves = 0 if fresh else 1     # (the test key save_oom)
    if app.looping:
        app.defer(NEXT_PASS, start_seats, app, fresh)
    else:
        start_seats(app, fresh)


def start_seats(app, fresh):
    """The seats' start, then the game's screen (``App.show_game``, which
    lets this module go first): in a pass of its own inside the main loop,
    so that no code of this module is running while the screen's module is
    compiled (from .py sources the second game of cp10_py's evening found
    no 1,784 bytes for it beside this module's code)."""
    if app.seats is not None:
        app.seats.start()
    if app.looping:
        app.defer(NEXT_PASS, app.show_game, fresh)
    else:
        app.show_game(fresh)


