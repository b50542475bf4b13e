"""``python -m sim.screenshots``: one PNG per screen and profile in
out/screenshots/<profile>-<screen>.png (the screen at 3x, LEDs beside it),
and one contact sheet per profile of every screen, docs/gallery-<profile>.png
(the README shows them): kept in git, so that a change to what the screens
show is a diff someone can look at."""

import os
import random
import sys

from sim.play import dws_step, finish_interludes, type_name, until_account
from sim.script import Session
from dws_app.lobby.setup import start_game

OUT = os.path.join("out", "screenshots")
GALLERY = "docs"
# Each picture's width in a contact sheet (the PyBadge's 160-pixel screen
# at 2x, the Pico's 320 at 1x, and the LEDs beside them).
SHEET_WIDTH = {"pybadge": 366, "pico_dice": 380}


def _dws_session(profile, players=3, seed=7):
    """Dice Wide Shut with ANNA and BO, players kept on the device, in the
    first two seats and a guest in the third."""
    from dws_app.lobby.players_store import save_players
    s = Session(profile, seed=seed)
    save_players(s.app.store, ["ANNA", "BO"] + [None] * 6)
    s.press("A")
    while s.screen.players != players:
        s.press("RIGHT")
    s.press("DOWN", "RIGHT", "A", "RIGHT", "A")     # the seats: ANNA, then BO
    s.press("DOWN", "DOWN", "A")
    return s


def _press_a_until(s, done, limit=400):
    """Press A (roll, mark, go on, pass) until ``done(screen)`` holds."""
    from dws_app.play.game_base import GameScreen
    for _ in range(limit):
        screen = s.screen
        if isinstance(screen, GameScreen) and not screen.animating() and done(screen):
            return
        s.press("A")
        finish_interludes(s)


def _dicedout_cargo_scenes(profile):
    s = Session(profile, seed=3)
    start_game(s.app, 3, 3, None, seed=12)
    _press_a_until(s, lambda sc: sc.game.round >= 1 and sc.game.again and sc.result is None)
    yield "dicedout", s
    s.press("DOWN")               # the next player's sheet, read-only
    yield "dicedout-sheet", s
    s.press("A")                  # back to the own sheet; then to a bonus mark
    _press_a_until(s, lambda sc: sc.game.phase == 1 and sc.result is None)
    yield "dicedout-bonus", s
    s = Session(profile, seed=3)
    start_game(s.app, 4, 3, {"hold_cargo": True, "rounds": 3}, seed=12)
    _press_a_until(s, lambda sc: sc.game.round >= 1 and sc.game.crewed())
    s.press("DOWN")               # hold the cargo die under the cursor
    yield "cargo", s


def _device_turn(profile):
    """A device-played seat mid-turn: its dice taken, the cursor on the next."""
    s = Session(profile, seed=5)
    start_game(s.app, 1, 2, None, seed=9, seats=["strong", "normal"])
    game = s.app.table.game
    while not (game.picked and len(game.picked) == 2) or s.screen.animating():
        s.wait(50)
    return s


# A lone human against device seats, a game each: (game, seats, options,
# the account's scene)
ACCOUNT_GAMES = ((1, [None, "strong", "normal"], None, "dws-account"),
                 (2, [None, "shut", "strong"], {"rounds": 3}, "stb-account"),
                 (3, [None, "strong", "normal"], None, "dicedout-account"),
                 (4, [None, "strong", "expert"], {"rounds": 3}, "cargo-account"))


def _accounts_scenes(profile):
    """A lone human (a guest here) against device seats: the last device
    turn's account on what they get back, and B's look back, in every game
    (then A: Dice Wide Shut's boards those turns left, the other games'
    oldest of those turns as it left the game)."""
    for gid, seats, options, name in ACCOUNT_GAMES:
        s = Session(profile, seed=4)
        start_game(s.app, gid, 3, options, seed=6, seats=seats)
        until_account(s, random.Random(3), wait_ms=200)
        yield name, s
        s.press("B")
        yield name.replace("account", "look-back"), s
        s.press("A")
        if gid == 1:                # the board the oldest of those turns left
            s.wait(1000)
            yield "dws-look-back-board", s
        else:                       # the oldest of those turns, as it left the game
            yield name.replace("account", "look-back-turn"), s


# Games of device seats played to their final screen's chart: (game,
# seats, options, scene)
CHART_GAMES = ((2, ["shut", "strong", "shut"], {"rounds": 3}, "stb-chart"),
               (3, ["normal", "strong", "normal"], None, "dicedout-chart"),
               (4, ["normal", "strong", "expert"], {"rounds": 3}, "cargo-chart"))


def _chart_scenes(profile):
    """The chart of each player's running total on the final screen of
    every game of rounds (Dice Wide Shut's is in ``scenes``)."""
    for gid, seats, options, name in CHART_GAMES:
        s = Session(profile, seed=4)
        start_game(s.app, gid, 3, options, seed=8, seats=seats)
        for _ in range(4000):
            if type(s.screen).__name__ == "ScoresScreen":
                break
            s.wait(500)
        top = s.screen
        while top.views[top.showing] != 2:
            s.press("RIGHT")
        yield name, s


def _players_scenes(s):
    """From Settings: the players' list, a name being entered, and a
    removal asked (the list then as it was)."""
    s.press(*["DOWN"] * (len(s.screen.menu.items) - 1), "A")
    for name in ("ANNA", "BO"):
        s.press("A")
        type_name(s, name)
        s.press("DOWN")               # (onto "New player")
    yield "players", s
    s.press("A")
    s.press("DOWN", "A", "RIGHT", "RIGHT", "A")
    yield "name-entry", s
    s.press("B", "B", "B", "UP", "SELECT")
    yield "player-remove", s
    s.press("B", "B", "B")            # kept; back to Settings and the menu


def scenes(profile):
    """Yield (screen name, Session) with the app showing that screen."""
    s = Session(profile, seed=1)
    yield "menu", s
    s.press("A")
    yield "setup", s
    s.press("DOWN", "A", "LEFT")  # seats row: seat 2 device-played, strong
    yield "setup-seats", s
    s.press("SELECT")
    yield "help", s
    s.press("B", "B", "UP")       # the menu wraps: Settings is last
    s.press("A")
    yield "settings", s
    for name, session in _players_scenes(s):
        yield name, session
    menu = s.screen.menu          # the setup: ANNA and BO in seats 1 and 2
    while menu.items[menu.index] != "Dice Wide Shut":
        s.press("UP")
    s.press("A", "DOWN", "RIGHT", "A", "RIGHT")
    yield "setup-names", s

    for name, session in _dicedout_cargo_scenes(profile):
        yield name, session

    s = _dws_session(profile)
    yield "pass", s
    s.press("A")
    yield "roll", s
    game = finish_interludes(s).game
    rnd = random.Random(2)
    # Mid-game: a few turns in, two dice picked and one marked.
    while game.round < 3:
        finish_interludes(s)
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
    finish_interludes(s)
    yield "dws", s
    s.press("SELECT")             # the hint; the cursor rests on its die
    yield "hint", s
    s.press("B")                  # nothing to undo yet: the next player's board
    yield "boards", s
    s.press("A")                  # back to the own board, no move made
    # Take a red die (A on it also chooses red), then try a blue one: refused.
    reds = [i for i in range(len(game.dice_colour))
            if game.dice_free[i] and game.dice_colour[i] == 0 and game.dice_value[i] != 6]
    blues = [i for i in range(len(game.dice_colour))
             if game.dice_free[i] and game.dice_colour[i] == 1]
    if reds:
        dws_step(s, ("pick", reds[0]))
        if blues and not s.screen.on_board:
            dws_step(s, ("pick", blues[0]))
            yield "refusal", s
        if len(reds) > 1 and not s.screen.on_board:
            dws_step(s, ("pick", reds[1]))
        yield "dws-mark", s
        s.press("SELECT")         # mid-turn: the hint goes on from here
        yield "hint-mid", s
    while not game.over:
        finish_interludes(s)
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
    yield "scores", s
    s.press("LEFT")               # (the winner first) the chart of the totals by round
    while s.screen.player is not None:
        s.press("LEFT")
    yield "scores-chart", s
    s.press("A")                  # the menu; the game just played is on record
    menu = s.screen.menu
    while menu.items[menu.index] != "Records":
        s.press("DOWN")
    s.press("A")
    yield "records", s
    s.press("DOWN")               # the players' records, a game a page
    yield "records-players", s
    yield "device-turn", _device_turn(profile)
    yield from _accounts_scenes(profile)
    yield from _chart_scenes(profile)
    from sim.play_stb import scenes as stb_and_dice
    yield from stb_and_dice(profile)


def main(argv=None):
    from sim.render import contact_sheet
    os.makedirs(OUT, exist_ok=True)
    for profile in ("pybadge", "pico_dice"):
        shots = []
        for name, session in scenes(profile):
            path = os.path.join(OUT, "%s-%s.png" % (profile, name))
            image = session.image()
            image.save(path)
            shots.append((name, image))
            print(path)
        path = os.path.join(GALLERY, "gallery-%s.png" % profile)
        contact_sheet(shots, width=SHEET_WIDTH[profile]).save(path, optimize=True)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
