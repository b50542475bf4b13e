"""Cargo (Ship, Captain and Crew) played through the app's buttons on both
hardware profiles."""

import random

import pytest

from dws_app import theme
from dws_app.dice_art import FRAMED, HOLLOW, PLAIN
from dws_app.dice_art import SIZE
from dws_app.play.game_cargo import BANKED, EMPTY, HELD_BG, ROLE_BG, CargoScreen
from dws_app.play.seats import hint_lines
from dws_core.cargo import CAPTAIN, CREW, FREE, ROLE_VALUE, SHIP
from sim.play import finish_interludes as settle
from sim.play import open_setup, setup_and_start
from sim.play_roll_games import cargo_step as step_by_buttons
from sim.script import Session
from test_app_dicedout import assert_fits
from test_app_screens import _Counter

PROFILES = ("pybadge", "pico_dice")


def new_game(profile, players=2, seed=5, **options):
    s = Session(profile, seed=seed)
    open_setup(s, "Cargo")
    setup_and_start(s, players, options)
    return s


def shown_dice(screen):
    """(value, role) per die as the dice show them: the role whose colour a
    framed die has (FREE for the others)."""
    out = []
    for die in screen.dice:
        role = FREE
        if die.style == FRAMED and die.colours[0] in ROLE_BG[1:]:
            role = ROLE_BG.index(die.colours[0])
        out.append((die.value, role))
    return out


def shown_pictures(screen):
    """Per role (ship, captain, crew): True if its picture is the banked one."""
    out = []
    for r, grid in enumerate(screen.pictures):
        assert grid[0] in (EMPTY + r, BANKED + r)
        out.append(grid[0] == BANKED + r)
    return out


def check_pictures(screen, roles):
    assert shown_pictures(screen) == [role in roles for role in (SHIP, CAPTAIN, CREW)]


def check_dice(screen):
    g = screen.game
    for i in range(g.dice_count):
        value, role = shown_dice(screen)[i]
        hold = hold_text(screen, i)
        assert value == g.values[i] and role == g.roles[i]
        if g.roles[i] != FREE:
            assert screen.dice[i].style == FRAMED and hold == ""    # banked: framed
        elif g.held[i]:
            assert hold == "HELD" and screen.dice[i].style == FRAMED
            assert screen.dice[i].colours[0] == HELD_BG
        else:
            assert hold == ""
            assert screen.dice[i].style == (PLAIN if g.values[i] else HOLLOW)
    check_pictures(screen, g.roles)
    status = status_text(screen)
    assert status.startswith("Rolls left %d" % g.rolls_left())
    assert status.endswith("Cargo %d" % g.cargo()) == g.crewed()


def hold_text(screen, i):
    """What is shown under die ``i``: "HELD" or nothing."""
    mark = screen.holds[i]
    return "" if mark.hidden else mark.shown()


def status_text(screen):
    """The status line: the rolls left, then the cargo once crewed."""
    cargo = screen.cargo
    return screen.status.shown().ljust(15) + ("" if cargo.hidden else cargo.shown())


def check_result(screen, score):
    """The finished turn's dice: crewed -> the cargo dice sum to the score."""
    dice = shown_dice(screen)
    roles = [r for _v, r in dice if r != FREE]
    check_pictures(screen, roles)
    for v, r in dice:
        if r != FREE:
            assert v == 6 - r + 1
    if len(roles) == 3:
        assert sum(v for v, r in dice if r == FREE) == score
    else:
        assert score == 0 and "No crew" in screen.msg1.shown()


def play(s, rnd, counter=None):
    screen = settle(s)
    game = screen.game
    seen = {"results": 0, "holds": 0, "accepts": 0}
    while True:
        screen = settle(s)
        assert s.screen is screen
        if screen.result is not None:
            seen["results"] += 1
            p, rnd_index = screen.view[0], screen.view[1]
            score = game.round_scores[rnd_index][p]
            assert ("Player %d" % (p + 1)) in screen.msg1.shown()
            assert screen.msg1.shown().endswith(" %d" % score)
            check_result(screen, score)
            assert status_text(screen).startswith("Turn over")
            if game.over:
                assert screen.msg2.shown() == "Game over  A: scores"
                return screen, seen
            s.press("A")
            continue
        check_dice(screen)
        assert screen.header.shown() in (
            "Player %d  Round %d of %d" % (game.current + 1, game.round + 1, game.rounds),
            "Player %d Round %d" % (game.current + 1, game.round + 1))
        if counter is not None:
            assert counter.count == 0
        legal = game.legal_steps()
        # Accept now and then; hold a little; mostly roll.
        weights = [3 if st[0] == "roll" else 1 for st in legal]
        step = rnd.choices(legal, weights)[0]
        seen["holds"] += step[0] in ("hold", "release")
        seen["accepts"] += step[0] == "accept"
        step_by_buttons(s, step)


@pytest.mark.parametrize("profile", PROFILES)
def test_complete_game_through_buttons(profile):
    s = new_game(profile, players=2, seed=11, hold_cargo=True, rounds=3)
    screen = settle(s)
    game = screen.game
    assert isinstance(screen, CargoScreen) and game.hold_cargo and game.rounds == 3
    assert game.dice_count == 6 and len(screen.dice) == 6
    screen, seen = play(s, random.Random(3))
    assert seen["results"] == 6 and seen["holds"] > 0 and seen["accepts"] > 0
    for q in range(2):
        assert screen.table.cols[q].shown().split("\n")[2].strip() == str(game.total(q))
    assert_fits(s)
    win = game.ranking()[0]
    s.press("A")
    assert type(s.screen).__name__ == "ScoresScreen"
    assert s.screen.title.shown().startswith("Player %d wins" % (win[0] + 1)) or len(win) > 1
    assert not s.app.store.has_game()


def test_classic_game_has_five_dice_and_three_rolls():
    s = new_game("pybadge", players=2, seed=7, classic=True)
    screen = settle(s)
    game = screen.game
    assert game.dice_count == 5 and len(screen.dice) == 5
    assert status_text(screen).startswith("Rolls left 3")
    screen, seen = play(s, random.Random(1))
    assert seen["results"] == 2


def crewed_game(profile, hold_cargo=True):
    """A game at P1's first crewed moment (rolled by buttons)."""
    for seed in range(1, 60):
        s = new_game(profile, players=2, seed=seed, hold_cargo=hold_cargo)
        screen = settle(s)
        game = screen.game
        while not game.crewed() and game.current == 0 and game.round == 0:
            s.press("A")
            settle(s)
            if screen.result is not None:
                break
        if game.crewed() and screen.result is None:
            return s, screen, game
    raise AssertionError("no crewed start")


@pytest.mark.parametrize("profile", PROFILES)
def test_refusal_before_crew(profile):
    s = new_game(profile, seed=3)
    screen = settle(s)
    game = screen.game
    before = game.encode()
    s.press("UP")                   # accept with nothing banked
    assert game.encode() == before
    assert screen.msg1.shown() == "No crew yet" and screen.msg1.color == theme.WARN
    s.press("DOWN")                 # hold: the variant is off
    assert screen.msg1.shown() == "Holding is off"
    s.press("A")
    settle(s)
    assert game.rolls == 1 and screen.msg1.color == theme.FG


@pytest.mark.parametrize("profile", PROFILES)
def test_hold_release_and_undo(profile):
    s, screen, game = crewed_game(profile)
    cargo = [i for i in range(game.dice_count) if game.roles[i] == FREE]
    assert not screen.cursor.hidden and screen.pick == cargo[0]
    assert screen.msg2.shown() == "A:roll UP:accept DOWN:hold"
    s.press("RIGHT")
    assert screen.pick == cargo[1]             # banked dice are skipped
    s.press("DOWN")                             # hold it
    assert game.held[cargo[1]] and hold_text(screen, cargo[1]) == "HELD"
    assert screen.dice[cargo[1]].colours[0] != theme.WHITE
    if s.app.leds.die_leds:
        assert s.app.leds.colours()[cargo[1]] == theme.WHITE
    s.press("B")                                # undo the hold
    assert not game.held[cargo[1]] and hold_text(screen, cargo[1]) == ""
    s.press("DOWN", "DOWN")                     # hold, then release
    assert not game.held[cargo[1]]
    s.press("B")                                # undo the release: held again
    assert game.held[cargo[1]]
    values = list(game.values)
    s.press("A")                                # roll the others
    settle(s)
    if screen.result is None:
        assert game.values[cargo[1]] == values[cargo[1]] and game.held[cargo[1]]
    before = game.encode()
    s.press("B")                                # a roll is never undone
    assert game.encode() == before


@pytest.mark.parametrize("profile", PROFILES)
def test_banked_dice_on_screen_and_leds(profile):
    s, screen, game = crewed_game(profile, hold_cargo=False)
    check_dice(screen)
    leds = s.app.leds.colours()
    for role in (SHIP, CAPTAIN, CREW):
        i = game.roles.index(role)
        assert shown_dice(screen)[i] == (ROLE_VALUE[role], role)
        assert screen.pictures[role - 1][0] == BANKED + role - 1
        assert leds[i if s.app.leds.die_leds else role] == ROLE_BG[role]
    assert screen.cursor.hidden                  # nothing to hold in this variant
    score = game.cargo()
    s.press("UP")                                # accept
    assert screen.result is not None
    assert screen.msg1.shown() == "Player 1 takes cargo: %d" % score
    assert game.round_scores[0][0] == score and game.current == 1
    check_result(screen, score)
    assert_fits(s)
    s.press("A")
    assert type(s.screen).__name__ == "PassScreen"


@pytest.mark.parametrize("profile", PROFILES)
def test_presses_create_no_display_objects(profile, monkeypatch):
    s = new_game(profile, players=3, seed=6, hold_cargo=True, rounds=2)
    settle(s)
    counter = _Counter(monkeypatch)
    screen, seen = play(s, random.Random(5), counter=counter)
    assert counter.count == 0 and seen["results"] == 6 and seen["holds"] > 0


@pytest.mark.parametrize("profile", PROFILES)
def test_cargo_hints_point_at_the_next_step(profile):
    """hold_cargo: SELECT at every decision names the next step; the cursor
    rests on a die to hold (DOWN holds it), A rolls, UP accepts; a die held
    against the plan gets an Undo: release hint."""
    from dws_core import bots
    s = new_game(profile, players=2, seed=9, hold_cargo=True, rounds=10)
    game = s.app.table.game
    rnd = random.Random(3)
    kinds = set()
    for _ in range(300):
        if game.over:
            break
        screen = settle(s)
        if screen.result is not None:
            s.press("A")
            continue
        if game.crewed() and rnd.random() < 0.3:   # hold or release a die at random
            step = rnd.choice([st for st in game.legal_steps() if st[0] in ("hold", "release")])
            step_by_buttons(s, step)
            continue
        steps, text = bots.hint(game)
        before = game.encode()
        s.press("SELECT")
        assert game.encode() == before
        lines = hint_lines(text)        # ("Hint: " and the words, or the words alone)
        assert screen.msg1.shown() == lines[0] and lines[0].startswith(("Hint: ", text[:5]))
        assert screen.msg2.shown() == (lines[1] if len(lines) > 1 else "SELECT again: help")
        assert " ".join(lines).endswith(text)
        first = steps[0]
        kinds.add(first[0])
        assert text.startswith({"roll": "Roll", "accept": "Accept", "hold": "Hold",
                                "release": "Undo: release"}[first[0]])
        if first[0] in ("hold", "release"):
            assert screen.pick == first[1] and not screen.cursor.hidden
        step_by_buttons(s, first)
        if first[0] in ("hold", "release"):
            assert game.held[first[1]] == (first[0] == "hold")
    assert kinds == {"roll", "accept", "hold", "release"}
    assert s.app.last_error is None


@pytest.mark.parametrize("profile", PROFILES)
def test_pictures_follow_the_banked_roles(profile):
    """A turn from its start: all three pictures empty before the first
    roll, each turning banked with its role, in order, and back to empty
    for the next player's turn; the turn's end keeps the last dice's."""
    s = new_game(profile, players=2, seed=4, rounds=2)
    screen = settle(s)
    game = screen.game
    assert shown_pictures(screen) == [False, False, False]
    levels = set()
    for _ in range(200):
        if game.over:
            break
        screen = settle(s)
        if screen.result is None:
            check_dice(screen)
            level = game.crew_level()
            assert shown_pictures(screen) == [k < level for k in range(3)]
            levels.add(level)
        else:
            check_pictures(screen, screen.view[3])
        s.press("A")
    assert levels == {0, 1, 2, 3}


@pytest.mark.parametrize("profile", PROFILES)
def test_pictures_sit_right_of_the_header_clear_of_the_dice(profile):
    """Three tiles of one small sheet, at the header row's right end: past
    its last column (the longest header fits), inside the screen, their
    drawn pixels above the cursor's box around a die."""
    s = new_game(profile, players=2, seed=4, rounds=10)
    screen = settle(s)
    grids = screen.pictures
    assert len(grids) == 3 and len({id(g.bitmap) for g in grids}) == 1
    sheet = grids[0].bitmap
    assert (sheet.width, sheet.height) == (3 * SIZE, 2 * SIZE)
    header = screen.header
    assert header.node.y == 0 and len("CHRISTOF Round 10") <= header.width
    right = header.node.x + header.width * 6
    xs = [g.x for g in grids]
    assert xs[0] >= right and xs == sorted(xs)
    assert all(b - a >= SIZE + 1 for a, b in zip(xs, xs[1:]))
    assert xs[-1] + SIZE <= 160 - 2
    assert all(g.y == 0 for g in grids)
    assert screen.cursor.y >= SIZE - 1      # the tiles' last rows are blank (tests/test_art.py)
    assert grids[0] in screen.root and not any(g.hidden for g in grids)
