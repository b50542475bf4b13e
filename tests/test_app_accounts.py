"""An account of every device turn and the look back (issue 52): when a
device seat's turn ends, one line says what it did in the screens' words;
under the next device turn's name, and on the summary a lone human gets
back, until they act; B there shows every device turn since their last
step, one line each in its seat's colour; the same seed and presses give
the same accounts."""

import random
import re

import pytest

from dws_app import theme, ui
from dws_app.levels import level_names
from dws_app.lobby.setup import start_game
from dws_app.play.game_base import ACCOUNTS, SUMMARY_KEYS
from dws_app.play.game_held import LOOK_KEYS
from dws_app.play.look_back import BOARDS_FOOTER, FOOTER, TITLE, LookBackScreen
from sim.play import until_account
from sim.script import Session

# An account per game: a device seat's name ("Strong 2"), then what it did.
NAME = r"(Easy|Normal|Strong|Bold|Lowest|Expert) \d"
ACCOUNT = {
    1: NAME + r"(: (red|blue) \d(( and|,) \d)*(, split)?(, spent a 6)?| passed)$",
    2: NAME + r"( shut \d+( \d+)*| stuck: scores \d+| SHUT THE BOX!)$",
    3: NAME + r" (marked \d+( and \d+)*|marked \d+ only|diced out: \d+|marked all 11: 0)$",
    4: "(" + NAME + r" takes cargo: \d+|" + NAME + r": last roll, \d+|No crew: " + NAME
       + " scores 0)$",
}


def summary_of(gid, seed, presses=2000, rnd_seed=None, options=None):
    """A lone human (seat 1) against two device seats of ``gid``'s first
    level, the human's steps random legal ones through the screen's own
    path, until a device turn's account waits for the human's A (Dice Wide
    Shut's summary; the others' held turn): (session, game screen), or
    (session, None) if the game ended first."""
    s = Session("pybadge", seed=seed)
    level = level_names(gid)[0]
    start_game(s.app, gid, 3, options, seed=seed, seats=[None, level, level])
    rnd = random.Random(rnd_seed if rnd_seed is not None else seed)
    return s, until_account(s, rnd, presses)


@pytest.mark.parametrize("gid,seed,options", ((1, 3, None), (2, 4, {"rounds": 3}), (3, 5, None),
                                              (4, 2, {"rounds": 3})))
def test_a_lone_human_gets_back_the_last_device_turns_account_and_a_look_back(gid, seed, options):
    s, screen = summary_of(gid, seed, options=options)
    assert screen is not None, "no summary"
    lines = [a[1] for a in screen.accounts]
    assert 1 <= len(lines) <= ACCOUNTS
    for line in lines:
        assert len(line) <= ui.COLS and re.match(ACCOUNT[gid], line), line
    assert screen.msg1.shown() == lines[-1]
    # (a held turn that ends a round says so instead; B works the same)
    assert screen.msg2.shown() == (SUMMARY_KEYS if gid == 1 else LOOK_KEYS) or \
        gid != 1 and re.match(r"(Round \d+ over  A: go on|Game over  A: scores)$", screen.msg2.shown())
    s.press("B")                                 # the look back
    back = s.screen
    assert isinstance(back, LookBackScreen)
    texts = [t.shown() for t in back.lines]
    assert texts == lines[-7:]
    assert [t.color for t in back.lines] == [theme.player_colour(p) for p, _l, _pic in screen.accounts[-7:]]
    assert all(t.color != theme.player_colour(0) for t in back.lines)    # (device seats only)
    s.press("B")                                 # back to the game, as it was
    assert s.screen is screen and screen.waits_for_a()
    assert screen.msg1.shown() == lines[-1]
    s.press("A")                                 # the human's turn
    assert not screen.waits_for_a() and not s.app.table.seats.device(screen.game.current)


def test_dice_wide_shuts_look_back_shows_the_boards_the_device_turns_left():
    s, screen = summary_of(1, 3)
    seats = [a[0] for a in screen.accounts if a[1] is not None]
    boards = [bytes(screen.game.boards[p].cells[0]) for p in range(3)]
    s.press("B")
    back = s.screen
    assert back.footer.shown() == BOARDS_FOOTER == "A: their boards  B: back"
    s.press("A")                                 # the oldest turn's seat's board
    assert s.screen is screen and screen.viewing == seats[0]
    assert screen.header.shown().startswith("Board of " + s.app.table.names[seats[0]])
    assert screen.msg2.shown() == "B:next board  A:own board"
    # (the boards as those turns left them: no step since)
    assert [bytes(screen.game.boards[p].cells[0]) for p in range(3)] == boards
    s.press("B")
    assert screen.viewing == (seats[0] + 1) % 3 or screen.viewing is None
    s.press("A")                                 # the human's own board, their turn
    assert screen.viewing is None and not screen.waits_for_a()
    assert not s.app.table.seats.device(screen.game.current)


def test_the_look_back_screen_names_its_keys():
    s = Session("pico_dice", seed=1)
    screen = LookBackScreen(s.app, [(1, "Strong 2: red 5 and 1", None), (2, None, None),
                                    (2, "Strong 3 passed", None)])
    # (a turn whose account never came is left out)
    assert [t.shown() for t in screen.lines] == ["Strong 2: red 5 and 1", "Strong 3 passed"]
    assert screen.title.shown() == TITLE == "Since your last turn"
    assert screen.footer.shown() == FOOTER == "B: back to the game"
    s.app.push(screen)
    s.press("A")                                 # A or B: back
    assert s.screen is not screen


def test_a_humans_step_starts_the_look_back_again():
    s, screen = summary_of(1, 3)
    assert screen.accounts
    s.press("A")                                 # past the summary: nothing taken yet
    assert screen.accounts
    step = next(st for st in screen.game.legal_steps() if st[0] == "colour")
    assert screen.try_step(step) is not None     # the human's first step
    assert screen.accounts == []


# Dice Wide Shut's events (``dws_core.dws``): ("marked", seat, half, row,
# column, die) checks a cell (red: its column's value, blue: its row's),
# ("six", seat, half, row, die) a 6-cell, ("protected", ...) spends one.
RED_5 = ("marked", 1, 0, 3, 4, 0)
RED_1 = ("marked", 1, 0, 2, 0, 1)
BLUE_3 = ("marked", 1, 1, 2, 0, 0)
BLUE_2 = ("marked", 1, 1, 1, 3, 1)
SIX = ("six", 1, 1, 2, 2)


@pytest.mark.parametrize("events,line", (
    ([("colour", 1, 0), RED_5, RED_1, ("split", 1, 0, 2), ("turn_end", 1)],
     "Strong 2: red 5, 1, split"),
    ([("colour", 1, 0), RED_5, ("split", 1, 0, 3)], "Strong 2: red 5, split"),
    ([("colour", 1, 1), BLUE_3, ("turn_end", 1)], "Strong 2: blue 3"),
    ([("colour", 1, 0), SIX, ("protected", 1, 0, 3, 1)], "Strong 2: red 6, spent a 6"),
    ([("colour", 1, 1), SIX, BLUE_2, ("protected", 1, 1, 1, 0)], "Strong 2: blue 6 and 2"),
    ([("colour", 1, 0), ("turn_end", 1)], "Strong 2 passed"),
    ([], "Strong 2 passed"),
))
def test_dice_wide_shut_accounts(events, line):
    s = Session("pybadge", seed=1)
    start_game(s.app, 1, 2, None, seed=1, seats=[None, "strong"])
    from sim.play import finish_interludes
    screen = finish_interludes(s)
    assert screen.account(1, events) == line


def test_the_same_seed_and_presses_give_the_same_accounts():
    runs = []
    for _ in range(2):
        s, screen = summary_of(1, 3)
        runs.append(list(screen.accounts))
    assert runs[0] == runs[1] and runs[0]


def board_state(screen):
    """What a held game's screen draws of a turn, widget by widget: the
    header, the dice (face, style), Shut the Box's flaps, DicedOut's
    sheet's cells."""
    state = [screen.header.shown(), [(d.value, d.style) for d in screen.dice]]
    if hasattr(screen, "flaps"):
        state.append([screen.flaps[i] for i in range(screen.game.tiles)])
    if hasattr(screen, "cells"):
        state.append([(c.background, c.color) for c in screen.cells])
    return state


@pytest.mark.parametrize("gid,seed,options", ((2, 4, {"rounds": 3}), (3, 5, None),
                                              (4, 2, {"rounds": 3})))
def test_the_look_back_shows_each_held_turn_as_it_left_the_game(gid, seed, options):
    """Shut the Box, DicedOut, Cargo: A on the look back shows each device
    turn since the human's last step on the game's screen, as the screen
    showed it while it held that turn (its box, sheet or dice), the oldest
    first, its account above "B: next turn  A: back"; A goes back to the
    turn held now, as it was."""
    from dws_app.play.game_base import GameScreen
    from dws_app.play.game_held import LOOKED_KEYS, LOOKING_KEYS
    from dws_app.play.look_back import TURNS_FOOTER
    s = Session("pybadge", seed=seed)
    level = level_names(gid)[0]
    start_game(s.app, gid, 3, options, seed=seed, seats=[None, level, level])
    rnd = random.Random(seed)
    seen = {}               # an account -> what the screen drew as it held that turn
    screen = None
    for _ in range(4000):
        top = s.screen
        if isinstance(top, GameScreen) and top.result is not None and top.accounts \
                and not top.animating() and top.accounts[-1] not in seen:
            seen[top.accounts[-1]] = board_state(top)
        if isinstance(top, GameScreen) and len(top.accounts) >= 2 and top.result is not None \
                and not top.animating() and not s.app.table.seats.busy(top):
            screen = top
            break
        if not isinstance(top, GameScreen) or top.waits_for_a() or top.animating():
            if isinstance(top, GameScreen) and s.app.table.seats.busy(top):
                s.wait(20)
            else:
                s.press("A")
        elif s.app.table.seats.device(top.game.current):
            s.wait(20)
        else:
            top.act(rnd.choice(top.game.legal_steps()))
            s.app.after_press()
    assert screen is not None, "no two device turns held"
    turns = [a for a in screen.accounts if a[1] is not None][-7:]
    assert all(a in seen for a in turns)
    if gid == 2:        # a turn that shut the box says so, not its last tiles
        assert all((a[2][1] == 0) == a[1].endswith("SHUT THE BOX!") for a in seen)
    held = board_state(screen)
    s.press("B")
    assert s.screen.footer.shown() == TURNS_FOOTER == "A: see each turn  B: back"
    s.press("A")
    assert s.screen is screen and screen.looking is not None
    for k, account in enumerate(turns):
        assert board_state(screen) == seen[account]
        assert screen.msg1.shown() == account[1]
        assert screen.msg2.shown() == (LOOKING_KEYS if k + 1 < len(turns) else LOOKED_KEYS)
        if k + 1 < len(turns):
            s.press("B")
    assert seen[turns[0]] != seen[turns[-1]]        # (different turns, different pictures)
    s.press("A")                                    # back to the turn held now
    assert screen.looking is None and board_state(screen) == held
    assert screen.waits_for_a() and screen.msg1.shown() == turns[-1][1]
    s.press("A")                                    # the human's turn
    assert not screen.waits_for_a() and not s.app.table.seats.device(screen.game.current)


def test_a_device_turn_that_shuts_the_box_says_so():
    """Its account is "Strong 1 SHUT THE BOX!", not the last tiles it shut
    ("Strong 1 shut 4 6", which the box's picture contradicted)."""
    from dws_app.play.game_base import GameScreen
    s = Session("pybadge", seed=2)
    start_game(s.app, 2, 2, {"rounds": 5}, seed=2, seats=["strong", "strong"])
    for _ in range(3000):
        top = s.screen
        assert type(top).__name__ != "ScoresScreen", "no box shut"
        if isinstance(top, GameScreen) and top.result is not None and top.accounts \
                and top.accounts[-1][2][1] == 0:           # (its box: every flap shut)
            break
        s.wait(100)
    assert top.accounts[-1][1] == "Strong 1 SHUT THE BOX!" == top.msg1.shown()
