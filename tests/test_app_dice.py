"""Dice played through the app's buttons on both hardware profiles."""

import random

import pytest

from dws_app.dice_art import FRAMED, HOLLOW, PLAIN
from dws_app.play.game_dice import DiceScreen
from sim.play import finish_interludes
from sim.play_stb import dice_step
from sim.script import Session
from tests.test_app_screens import _Counter

PROFILES = ("pybadge", "pico_dice")
WARN = 0xFF6060
HELD_LED = 0xFFE040


def new_dice(profile, seed=4, count=2):
    s = Session(profile, seed=seed)
    menu = s.screen.menu
    while menu.items[menu.index] != "Dice":
        s.press("DOWN")
    s.press("A")
    setup = s.screen
    while setup.rows[setup.menu.index] != "count":
        s.press("DOWN")
    while setup.options["count"] != count:
        s.press("RIGHT")
    while setup.rows[setup.menu.index] != "start":
        s.press("DOWN")
    s.press("A")
    assert isinstance(s.screen, DiceScreen)
    return s


def check_screen(s, screen):
    g = screen.game
    n = g.count
    assert screen.header.shown() == "Dice: %d %s" % (n, "die" if n == 1 else "dice")
    assert screen.rolls.shown().strip() == "rolls %d" % g.rolls
    assert screen.total.shown() == "Sum %d" % g.total()
    for i in range(6):
        assert screen.dice[i].node.hidden == (i >= n)
        if i < n:
            die = screen.dice[i]
            assert die.value == g.values[i]
            # held: framed; rolled: plain; never rolled: a blank outline
            assert die.style == (FRAMED if g.held[i] else PLAIN if g.values[i] else HOLLOW)
            assert screen.held[i].hidden == (not g.held[i])
        else:
            assert screen.held[i].hidden
    colours = s.app.leds.colours()
    held = [i for i in range(n) if g.held[i]]
    if n <= len(colours):
        for i in range(n):
            assert (colours[i] == HELD_LED) == g.held[i]
    else:
        assert colours.count(HELD_LED) == len(held)


@pytest.mark.parametrize("profile", PROFILES)
def test_session_through_buttons(profile):
    s = new_dice(profile, count=3)
    screen = s.screen
    game = screen.game
    assert game.count == 3 and screen.cursor == 3
    assert [(screen.dice[i].value, screen.dice[i].style) for i in range(3)] == [(0, HOLLOW)] * 3
    assert screen.button_box.hidden is False and screen.die_box.hidden
    rnd = random.Random(6)
    kinds = set()
    for _ in range(60):
        finish_interludes(s)
        check_screen(s, screen)
        legal = game.legal_steps()
        step = rnd.choice(legal)
        values, held = list(game.values), list(game.held)
        dice_step(s, step)
        kinds.add(step[0])
        finish_interludes(s)
        if step[0] == "roll":
            for i in range(game.count):
                if held[i]:
                    assert game.values[i] == values[i]     # held dice keep their value
                else:
                    assert 1 <= game.values[i] <= 6
            assert s.app.store.has_game()
        elif step[0] == "count":
            assert game.count == step[1]
        else:
            assert game.held[step[1]] == (step[0] == "hold")
    check_screen(s, screen)
    assert kinds == {"roll", "hold", "release", "count"}
    assert game.rolls > 5
    # START leaves for the menu with the dice saved; Continue brings them back.
    saved = game.checkpoint()             # the last roll (holds since then are not kept)
    s.press("START")
    assert s.screen.menu.items[0] == "Continue Dice"
    s.press("A")
    screen = finish_interludes(s)
    assert isinstance(screen, DiceScreen) and screen.game.encode() == saved
    check_screen(s, screen)


@pytest.mark.parametrize("profile", PROFILES)
def test_refusals_and_undo(profile):
    s = new_dice(profile, count=2)
    screen = s.screen
    game = screen.game
    # Holding a die never rolled: refused with the engine's reason.
    s.press("LEFT", "LEFT")                 # to die 0
    assert screen.cursor == 0 and not screen.die_box.hidden
    before = game.encode()
    s.press("A")
    assert game.encode() == before
    assert screen.msg1.shown() == "Roll it first" and screen.msg1.color == WARN
    s.press("RIGHT", "RIGHT")               # to ROLL
    s.press("A")
    finish_interludes(s)
    assert game.rolls == 1 and game.total() == screen.game.values[0] + game.values[1]
    assert screen.total.shown() == "Sum %d" % game.total()
    s.press("LEFT", "A")                    # hold die 1
    assert game.held == [False, True]
    assert screen.dice[1].colours[0] == HELD_LED and not screen.held[1].hidden
    # UP with a die held: the engine refuses the count change.
    s.press("UP")
    assert game.count == 2
    assert screen.msg1.shown() == "Release all dice first"
    s.press("B")                            # undo the hold
    assert game.held == [False, False] and screen.held[1].hidden
    s.press("UP", "UP", "UP", "UP")         # 6 dice
    assert game.count == 6 and all(not screen.dice[i].node.hidden for i in range(6))
    s.press("UP")
    assert game.count == 6 and screen.msg1.shown() == "1 to 6 dice"
    s.press("B", "B", "B", "B")
    assert game.count == 2
    s.press("B")
    assert screen.msg1.shown() == "Nothing to undo"
    # Hold everything: rolling is refused.
    s.press("RIGHT", "RIGHT", "A", "RIGHT", "A")
    assert game.held == [True, True]
    s.press("RIGHT", "A")
    assert screen.msg1.shown() == "All dice are held"


@pytest.mark.parametrize("profile", PROFILES)
def test_six_dice_fit_and_leds(profile):
    s = new_dice(profile, count=6)
    screen = s.screen
    game = screen.game
    dice_step(s, ("roll",))
    finish_interludes(s)
    for i in (0, 2, 5):
        dice_step(s, ("hold", i))
    check_screen(s, screen)
    first = screen.dice[0].node.x
    last = screen.dice[5].node.x
    # The dice (24 px at scale 1's logical pixels) and the cursor's box
    # (one pixel around a die) inside the 160 px.
    assert first - 2 >= 0 and last + 24 + 2 <= 160
    leds = s.app.leds
    if leds.die_leds:
        assert leds.colours()[:6] == [HELD_LED if game.held[i] else 0x303030 for i in range(6)]
    else:
        assert leds.colours() == [HELD_LED] * 3 + [0, 0]


@pytest.mark.parametrize("profile", PROFILES)
def test_presses_create_no_display_objects(profile, monkeypatch):
    s = new_dice(profile)
    counter = _Counter(monkeypatch)
    rnd = random.Random(2)
    game = s.screen.game
    for _ in range(40):
        finish_interludes(s)
        dice_step(s, rnd.choice(game.legal_steps()))
        s.press(rnd.choice(("B", "UP", "DOWN", "LEFT", "A")))
    finish_interludes(s)
    assert counter.count == 0
    assert game.rolls > 5


@pytest.mark.parametrize("profile", PROFILES)
def test_rolling_dice_tumble_and_land_in_their_places(profile):
    """The roll animation bounces each rolling die (``dice_art.hop``, each
    out of step with its neighbour) and puts every die back where it
    stands, at its end or when a key skips it."""
    from dws_app.dice_art import HOPS
    s = new_dice(profile, count=3)
    screen = s.screen
    for skip in (False, True):
        s.hw.keys.tap("A")                       # ROLL (the cursor's place)
        s.app.poll()
        assert screen.animating()
        heights = [set() for _ in range(3)]
        for _ in range(4):
            s.hw.clock.advance(70)
            s.app.poll()
            for i in range(3):
                heights[i].add(screen.dice[i].rest_y - screen.dice[i].node.y)
        assert all(h <= set(HOPS) and max(h) > 0 for h in heights), heights
        if skip:
            s.press("B")                          # any key: the dice land at once
        else:
            s.wait(2000)
        assert not screen.animating()
        assert [d.node.y for d in screen.dice] == [d.rest_y for d in screen.dice]
