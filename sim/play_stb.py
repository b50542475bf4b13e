"""Shut the Box and Dice engine steps as the button presses a player makes
(for scripted sessions, screenshots and tests)."""

from dws_core.stb import SELECT, USE
from sim.play import finish_interludes


def settle(session):
    """Press through pass screens, roll animations and "A: next" pauses
    until the Shut the Box screen waits for a decision (or the game ended)."""
    for _ in range(20):
        top = finish_interludes(session)
        if getattr(top, "result", None) is None:
            return top
        session.press("A")
    return session.screen


def move_cursor(session, index, positions):
    screen = session.screen
    while screen.cursor != index:
        ahead = (index - screen.cursor) % positions
        session.press("RIGHT" if ahead <= positions // 2 else "LEFT")


def stb_step(session, step):
    """Perform one Shut the Box engine step through the buttons."""
    screen = session.screen
    game = screen.game
    kind = step[0]
    if kind == "roll":
        if len(step) == 2 and screen.ndice != step[1]:
            session.press("DOWN")
        session.press("A")
    elif kind == "use":
        if screen.use != step[1]:
            session.press("UP")
        session.press("A")
    elif kind in ("shut", "open"):
        move_cursor(session, step[1] - 1, game.tiles + 1)
        session.press("A")
    elif kind == "confirm":
        move_cursor(session, game.tiles, game.tiles + 1)
        session.press("A")
    else:
        raise ValueError(step)


def dice_step(session, step):
    """Perform one Dice engine step through the buttons."""
    screen = session.screen
    game = screen.game
    kind = step[0]
    if kind == "roll":
        move_cursor(session, game.count, game.count + 1)
        session.press("A")
    elif kind in ("hold", "release"):
        move_cursor(session, step[1], game.count + 1)
        session.press("A")
    elif kind == "count":
        while game.count != step[1]:
            session.press("UP" if step[1] > game.count else "DOWN")
    else:
        raise ValueError(step)


def _open(profile, title, seed, players=1):
    from sim.script import Session
    s = Session(profile, seed=seed)
    menu = s.screen.menu
    while menu.items[menu.index] != title:
        s.press("DOWN")
    s.press("A")
    while s.screen.players != players:
        s.press("RIGHT")
    from sim.play import start_from_setup
    start_from_setup(s)
    return s


def declaring(profile, players=3, seed=5):
    """A together-mode game played by buttons (greedy: the highest tiles
    first) until, before a roll, one player has declared and another is to
    declare: the declaration screen."""
    from sim.play import open_setup, setup_and_start
    from sim.script import Session
    s = Session(profile, seed=seed)
    open_setup(s, "Shut the Box")
    setup_and_start(s, players, {"mode": "together"})
    screen = settle(s)
    game = screen.game
    for _ in range(400):
        if game.over:
            return None
        if game.phase == USE and 1 in game.use:
            return s
        legal = game.legal_steps()
        shuts = [st for st in legal if st[0] == "shut"]
        if ("confirm",) in legal:
            step = ("confirm",)
        elif game.phase == USE:
            step = ("use", 1)
        else:
            step = shuts[-1] if shuts else legal[0]
        stb_step(s, step)
        screen = settle(s)
    return None


def scenes(profile):
    """Screenshot scenes: Shut the Box mid-game (3 players, tiles shut and
    one chosen), the together mode's declaration before a roll, Dice with
    five dice, two held."""
    s = _open(profile, "Shut the Box", seed=7, players=3)
    screen = settle(s)
    game = screen.game
    # Shut the highest tiles until someone has finished a turn and the player
    # on turn has rolled with some tiles already shut.
    while not (game.phase == SELECT and game.boxes[game.current] != game.full
               and game.scores() != [0, 0, 0]):
        legal = game.legal_steps()
        shuts = [st for st in legal if st[0] == "shut"]
        stb_step(s, ("confirm",) if ("confirm",) in legal else (shuts[-1] if shuts else legal[0]))
        screen = settle(s)
    shuts = [st for st in game.legal_steps() if st[0] == "shut"]
    stb_step(s, shuts[0])
    yield "stb", s

    for seed in range(5, 40):
        s = declaring(profile, seed=seed)
        if s is not None:
            yield "stb-declare", s
            break

    s = _open(profile, "Dice", seed=3)
    for _ in range(3):
        s.press("UP")
    dice_step(s, ("roll",))
    finish_interludes(s)
    dice_step(s, ("hold", 1))
    dice_step(s, ("hold", 3))
    yield "dice", s
