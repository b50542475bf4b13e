"""Turn engine steps into the button presses a player would make (for
scripted sessions, screenshots and tests)."""

from dws_core.dws import BLUE, RED


def open_setup(session, title):
    """From the main menu, open the setup screen of the game called ``title``."""
    items = session.screen.menu.items
    for _ in range(items.index(title)):
        session.press("DOWN")
    session.press("A")
    assert type(session.screen).__name__ == "SetupScreen"
    return session.screen


def setup_and_start(session, players, options):
    """On the setup screen: choose players and options with the arrows, start."""
    setup = session.screen
    assert setup.rows[setup.menu.index] == "players"
    while setup.players != players:
        session.press("RIGHT" if setup.players < players else "LEFT")
    choose_options_and_start(session, options)


def choose_options_and_start(session, options):
    """On the setup screen, below the players: set each option, then start."""
    setup = session.screen
    for name in sorted(options):
        while setup.rows[setup.menu.index] != name:
            session.press("DOWN")
        while setup.options[name] != options[name]:
            session.press("RIGHT")
    start_from_setup(session)


def start_from_setup(session):
    """A on "Start game", or on the last row where the setup has none (A
    starts from every row but the seats)."""
    setup = session.screen
    last = "start" if "start" in setup.rows else setup.rows[-1]
    while setup.rows[setup.menu.index] != last:
        session.press("DOWN")
    session.press("A")
    if on_start_card(session):
        session.press("A")


def on_start_card(session):
    """True while a new game's start card is up (``App.start_card``)."""
    return getattr(session.screen, "after", None) == session.app.begin_game


def finish_interludes(session):
    """Press through pass screens, device turns' summaries and roll
    animations until a game screen waits."""
    from dws_app.play.game_base import GameScreen
    for _ in range(10):
        top = session.screen
        if isinstance(top, GameScreen):
            if top.back is not None:
                session.press("A")     # past a device turn's summary
                continue
            if top.animating():
                session.press("B")     # any button skips the roll
                continue
            return top
        if type(top).__name__ == "PassScreen":
            session.press("A")
            continue
        return top
    return session.screen


def waits_for_a(screen):
    """A game screen keeping something up until A: a finished turn or
    roll-off, or a device turn's summary (``GameScreen.waits_for_a``)."""
    from dws_app.play.game_base import GameScreen
    return isinstance(screen, GameScreen) and screen.waits_for_a()


def move_to_die(session, i):
    screen = session.screen
    for _ in range(len(screen.dice)):
        if screen.die_cursor == i:
            return
        session.press("RIGHT")


def move_to_cell(session, bx, row):
    screen = session.screen
    while screen.bx != bx:
        session.press("RIGHT" if (bx - screen.bx) % 12 <= 6 else "LEFT")
    while screen.row != row:
        session.press("DOWN" if (row - screen.row) % 5 <= 2 else "UP")


def dws_step(session, step):
    """Perform one Dice Wide Shut engine step through the buttons."""
    screen = session.screen
    game = screen.game
    kind = step[0]
    if kind == "colour":
        session.press("UP" if step[1] == RED else "DOWN")
    elif kind in ("pick", "drop"):
        move_to_die(session, step[1])
        session.press("A")
    elif kind in ("mark", "protect"):
        _i, row, col = step[1], step[2], step[3]
        move_to_cell(session, col + (6 if game.colour == BLUE else 0), row)
        session.press("A")
        if screen.choice is not None:
            session.press("A" if kind == "mark" else "RIGHT")
    elif kind == "six":
        move_to_cell(session, 5 if step[2] == RED else 11, step[3])
        session.press("A")
    elif kind == "confirm":
        session.press("A")
    else:
        raise ValueError(step)


def letter_presses(at, letter):
    """The arrow presses on the name entry (``lobby.players.NameScreen``)
    from grid cell ``at`` to ``letter``, the shortest way round each axis."""
    from dws_app.lobby.players import GRID
    from dws_app.lobby.players_store import LETTERS
    r0, c0 = divmod(at, GRID)
    r1, c1 = divmod(LETTERS.index(letter), GRID)
    out = []
    dc = (c1 - c0) % GRID
    out += ["RIGHT"] * dc if dc <= GRID // 2 else ["LEFT"] * (GRID - dc)
    dr = (r1 - r0) % GRID
    out += ["DOWN"] * dr if dr <= GRID // 2 else ["UP"] * (GRID - dr)
    return out


def type_name(session, name):
    """Type ``name`` on the name entry as a player would, then START;
    returns the presses made."""
    assert type(session.screen).__name__ == "NameScreen", session.screen
    count = 0
    for letter in name:
        keys = letter_presses(session.screen.at, letter) + ["A"]
        session.press(*keys)
        count += len(keys)
    session.press("START")
    return count + 1


def until_account(session, rnd, limit=3000, wait_ms=300):
    """A lone human's random legal steps through the screen's own path,
    device turns waited for, until a device turn's account waits for the
    human's A (Dice Wide Shut's summary; the others' held turn): that game
    screen, or None if the game ended first."""
    from dws_app.play.game_base import GameScreen
    for _ in range(limit):
        top = session.screen
        if isinstance(top, GameScreen) and top.accounts and not top.animating() and (
                top.back is not None or top.result is not None and not session.app.table.seats.busy(top)):
            return top
        if type(top).__name__ == "ScoresScreen":
            return None
        if not isinstance(top, GameScreen) or top.waits_for_a() or top.animating():
            session.press("A")
        elif session.app.table.seats.device(top.game.current):
            session.wait(wait_ms)
        else:
            top.act(rnd.choice(top.game.legal_steps()))
            session.app.after_press()
    return None
