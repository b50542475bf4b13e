"""A game's opening: its seats (on its ``play.Table``), then the seats'
start, then its screen, in passes of their own inside the main loop
(NEXT_PASS) and in one call outside it: each part hands the next to
``App.later``, the one place that tells the two apart.

Used only while a game opens: once its screen is built this module is
forgotten (``opened``), and its code is heap for the game (~1.5 KB on the
board, where the PyBadge-sized heap less 24 KB ran out of memory in a
Strong seat's decision with it kept, ``lean_mpy``'s evening).  The start
card's A (``App.begin_game``) and a resumed game's hand-over
(``App.resume_turn``) stay with the app: their presses would import it
again."""

from dws_app.memory import collect, forget
from dws_app.play import Table

NEXT_PASS = 1           # (``App.NEXT_PASS``)


def seat(app, game, lineup=None, names=None):
    """``game``'s seats, on its ``play.Table`` (made here unless its start
    card made it): ``lineup`` a byte per seat (``lobby.lineup``; None: all
    guests), ``names`` what the screens call them; and its seat player
    for the device seats and hints, or None for a game without them (the
    dice: its code took ~45 ms of the start on the Pico)."""
    names = names or ["Player %d" % (p + 1) for p in range(game.players)]
    table = app.table
    if table is None or table.game is not game:
        table = app.table = Table(game, names)
    table.seats = None
    table.lineup = lineup
    table.names = names
    from dws_core.games import BOT, LOW_WINS, RECORDED, TIE, field
    gid = game.GAME_ID
    # What its final screen needs of the game's row, kept: the games'
    # list is forgotten during a game, and importing it again was 22 ms
    # of the scores' open on the Pico.
    table.ending = (field(gid, RECORDED), field(gid, LOW_WINS), field(gid, TIE))
    if field(gid, BOT) is not None:
        from dws_app.catalog import tables_of
        from dws_app.levels import seat_levels
        from dws_app.play.seats import SeatPlayer
        levels = seat_levels(lineup, gid) if lineup else None
        table.seats = SeatPlayer(app, game, levels, tables_of(gid))


def open_game(app, game, fresh=False):
    """Play ``game`` (seated by ``seat``, else all humans).  Inside the
    main loop the device seats' code and tables (``SeatPlayer.start``)
    come in the next pass and the game's screen in the pass after
    (NEXT_PASS): with the engine, the seats and their tables in one
    pass a 5-seat Strong start froze the Pico for 290-336 ms, with the
    engine in the press 312-352.  The old screen stays up meanwhile."""
    table = app.table
    if table is None or table.game is not game:
        seat(app, game)         # (all humans: not seated by a setup or Continue)
    app.game_running(True)
    app.played = True
    app.table.saves = 0 if fresh else 1     # (the test key save_oom)
    app.later(NEXT_PASS, start_seats, app, fresh)


def start_seats(app, fresh):
    """The seats' start, then the game's screen: a pass later when the
    start did something (``open_game``)."""
    seats = app.table.seats
    if seats is not None and seats.start():
        app.later(NEXT_PASS, show_game, app, fresh)
    else:
        show_game(app, fresh)


def show_game(app, fresh):
    table = app.table
    game = table.game
    seats = table.seats
    # The lobby's code goes, and a card that goes on by itself, before
    # the screen's module is imported: from .py sources its compile
    # needs that room (cp10_py's evening: its first game ran out of
    # memory there with 57.7 KB free)
    app.forget_between_games()
    carded = table.carded
    if carded and app.lone_human():
        let_card_go(app)
    from dws_app.catalog import screen_class
    cls = screen_class(game.GAME_ID)
    if carded:                  # under the start card, for its A (``App.begin_game``)
        table.carded = False
        if not app.lone_human() and (seats is None or not seats.device(game.current)):
            build_under(app, cls)
            return
        # (a lone human's card went above; a device seat plays first:
        # its card goes on by itself, and the hand-over screen is kept
        # for the humans' turns)
    app.stack = []             # the menu is rebuilt by home()
    if not fresh and game.players > 1 and not (seats is not None and (
            seats.device(game.current) or app.lone_human())):
        # A resumed game at a player's turn: the hand-over first, and the
        # game screen built under it a pass later, after the hand-over's
        # frame, while the device changes hands (Continue: ~40 ms less).
        lines = game.turn_lines()
        app.show_pass(game.current, lambda: lines, app.resume_turn)
        app.later(NEXT_PASS, build_under, app, cls)
        return
    screen = cls(app, game)
    app.push(screen)
    opened(app)
    screen.first_turn(fresh)


def let_card_go(app):
    """A lone human's start card goes on by itself once the seats are
    made: its screen and code go before the game's screen is built (the
    panel keeps the card's picture until the game's frame).  Built under
    the card, Dice Wide Shut with four Strong seats did not start in a
    PyBadge-sized heap less 24 KB (issue 50)."""
    app.show_blank()
    app.stack = []
    app.table.hand_over = None
    if app.forgets:
        forget(("dws_app.play.pass_screen",))
    collect()


def build_under(app, cls):
    """The game screen under the hand-over on top (``show_game``)."""
    app.stack.insert(0, cls(app, app.table.game))
    opened(app)


def opened(app):
    """The game's screen is built: this module's code goes."""
    if app.forgets:
        forget((__name__,))
