"""Shut the Box played through the app's buttons on both hardware profiles."""

import random

import pytest

from dws_app.game_stb import DROP, TILE_CHOSEN, TILE_OPEN, TILE_SHUT, TOP, StbScreen
from dws_core.stb import ROLL, SELECT, USE, ShutTheBox, open_sum
from sim.play import finish_interludes, open_setup, setup_and_start
from sim.play_stb import settle, stb_step
from sim.script import Session
from tests.test_app_screens import _Counter

PROFILES = ("pybadge", "pico_dice")
WARN = 0xFF6060


def new_game(profile, seed, players, **options):
    """Menu -> Shut the Box -> setup (players, options) -> Start, by buttons."""
    s = Session(profile, seed=seed)
    open_setup(s, "Shut the Box")
    setup_and_start(s, players, options)
    return s


def check_screen(screen):
    """What the screen shows agrees with the engine (live view only)."""
    g = screen.game
    p = g.current
    assert screen.header.shown().startswith("P%d  round %d/%d" % (p + 1, g.round + 1, g.rounds))
    assert screen.open_text.shown().endswith("open %d" % open_sum(g.boxes[p]))
    for i in range(g.tiles):
        bit = 1 << i
        state = 1 if g.selection & bit else (0 if g.boxes[p] & bit else 2)
        assert screen.flaps[i].y == TOP + DROP[state]
        assert screen.flaps[i].pixel_shader[1] == (TILE_OPEN, TILE_CHOSEN, TILE_SHUT)[state]
        assert screen.numbers[i].shown() == str(i + 1)
    totals = g.scores()
    for q in range(g.players):
        total = totals[q]
        if g.together and len(g.round_scores[q]) == g.round:
            total += g.score_now(q)
        assert screen.scores[q].shown() == "P%d %d" % (q + 1, total)
    if g.phase == SELECT:
        assert screen.info.shown().startswith("= %d  chosen %d" % (g.target(p), open_sum(g.selection)))
        shown = [screen.dice[k].shown() for k in range(len(g.dice))]
        assert shown == [str(d) for d in g.dice]


def play(s, rnd, check_leds=False, greedy=False):
    """Play random legal steps through the buttons until the scores screen
    (``greedy``: shut the highest tiles first, which reaches one-die play)."""
    screen = settle(s)
    assert isinstance(screen, StbScreen)
    game = screen.game
    seen = set()
    passes = 0
    while not game.over:
        screen = settle(s)
        if game.over:
            break
        check_screen(screen)
        if check_leds:
            check_tile_leds(s, game)
        legal = game.legal_steps()
        shuts = [st for st in legal if st[0] == "shut"]
        step = ("confirm",) if ("confirm",) in legal else rnd.choice(legal)
        if greedy and shuts:
            step = shuts[-1]
        before = game.encode()
        who = game.current
        stb_step(s, step)
        seen.add(step[0])
        assert game.encode() != before, (step, screen.msg1.shown())
        if not game.over and game.current != who and game.players > 1:
            # The device is handed over: pass screen (maybe after an "A: next" pause).
            if s.screen is screen and screen.animating():
                s.press("B")
            if screen.waiting is not None:
                s.press("A")
            if type(s.screen).__name__ == "PassScreen":
                passes += 1
                assert s.screen.name.shown() == "PLAYER %d" % (game.current + 1)
    settle(s)
    return game, seen, passes


def check_tile_leds(s, game):
    leds = s.app.leds
    p = game.current
    colours = leds.colours()
    if leds.die_leds:
        for i in range(game.tiles):
            want = 0
            if game.selection >> i & 1:
                want = TILE_CHOSEN
            elif game.boxes[p] >> i & 1:
                want = TILE_OPEN
            assert colours[i] == want
    else:
        assert colours[0] == colours[-1] != 0      # the player's colour


def check_scores_screen(s, game):
    assert type(s.screen).__name__ == "ScoresScreen"
    best = game.ranking()[0]
    if len(best) == 1:
        assert s.screen.title.shown() == "Player %d wins!" % (best[0] + 1)
    totals = game.scores()
    for i, label in enumerate(s.screen.places):
        assert label.shown().endswith(" %d" % sorted(totals)[i])
    assert not s.app.store.has_game()


@pytest.mark.parametrize("profile", PROFILES)
def test_two_player_turns_game(profile):
    s = new_game(profile, seed=21, players=2, rounds=2)
    screen = s.screen
    assert screen.rolloff is not None and screen.msg1.shown().startswith("Roll-off: P")
    game, seen, passes = play(s, random.Random(4), check_leds=True)
    assert not game.together and game.rounds == 2
    assert len(game.round_scores[0]) == 2 and len(game.round_scores[1]) == 2
    assert {"roll", "shut", "confirm"} <= seen
    assert passes >= 2
    check_scores_screen(s, game)


@pytest.mark.parametrize("profile", PROFILES)
def test_together_game(profile):
    s = new_game(profile, seed=5, players=3, mode="together")
    game, seen, passes = play(s, random.Random(9), greedy=True)
    assert game.together and game.over
    assert {"roll", "shut", "confirm", "use"} <= seen
    assert passes >= 5
    check_scores_screen(s, game)


@pytest.mark.parametrize("profile", PROFILES)
def test_twelve_tiles_solo(profile):
    s = new_game(profile, seed=3, players=1, tiles=12)
    screen = settle(s)
    assert screen.rolloff is None and len(screen.flaps) == 12
    assert screen.numbers[11].shown() == "12"
    # Every flap inside the 160 px canvas.
    assert screen.flaps[11].x + screen.flaps[11].tile_width <= 158
    game, _seen, passes = play(s, random.Random(2), check_leds=True)
    assert passes == 0 and game.players == 1
    check_scores_screen(s, game)


@pytest.mark.parametrize("profile", PROFILES)
def test_rolloff_is_shown(profile):
    s = new_game(profile, seed=8, players=4)
    screen = s.screen
    game = screen.game
    last = {}
    for e in game.initial_events:
        if e[0] == "rolloff":
            last[e[1]] = e[2]
    for p in range(4):
        assert screen.scores[p].shown() == "P%d %d+%d" % (p + 1, last[p][0], last[p][1])
    assert screen.msg1.shown().startswith("Roll-off: P%d starts" % (game.current + 1))
    s.press("B")                        # skips the roll animation only
    s.press("B")                        # ignored while the roll-off waits for A
    assert screen.rolloff is not None
    s.press("A")
    assert type(s.screen).__name__ == "PassScreen"
    assert s.screen.name.shown() == "PLAYER %d" % (game.current + 1)
    s.press("A")
    assert screen.scores[0].shown() == "P1 0"
    assert screen.button.shown() == "ROLL"


@pytest.mark.parametrize("profile", PROFILES)
def test_refusals_and_undo(profile):
    s = new_game(profile, seed=13, players=2)
    screen = settle(s)
    game = screen.game
    # One die is not allowed with 7, 8, 9 open: the engine's reason.
    s.press("UP")
    assert screen.msg1.shown() == "One die: shut 7-9 first"
    assert screen.msg2.shown() == "SELECT: hint"        # nothing to undo before a roll
    assert screen.msg1.color == WARN and screen.ndice == 2
    stb_step(s, ("roll", 2))
    screen = settle(s)
    assert game.phase == SELECT
    target = game.target(game.current)
    # A tile bigger than the roll: refused, state byte-identical.
    big = [t for t in range(1, 10) if t > target][0]
    before = game.encode()
    stb_step(s, ("shut", big))
    assert game.encode() == before
    assert screen.msg1.shown() == "Tiles must add to %d" % target
    assert screen.msg1.color == WARN
    assert screen.msg2.shown() == "SELECT: hint"
    # SHUT before the tiles add up: refused too.
    stb_step(s, ("confirm",))
    assert game.encode() == before and screen.msg1.color == WARN
    # Choose a tile, then undo it with B.
    tile = [st[1] for st in game.legal_steps() if st[0] == "shut"][0]
    stb_step(s, ("shut", tile))
    assert game.selection == 1 << (tile - 1)
    assert screen.flaps[tile - 1].y == TOP + DROP[1]
    stb_step(s, ("shut", big))                    # a refusal with a choice to undo
    assert screen.msg2.shown() == "B: undo  SELECT: hint"
    s.press("B")
    assert game.selection == 0 and screen.cursor == tile - 1
    assert screen.flaps[tile - 1].y == TOP
    s.press("B")
    assert screen.msg1.shown() == "Nothing to undo"
    # The whole set, then SHUT: the tiles lie down.
    while not ("confirm",) in game.legal_steps():
        stb_step(s, [st for st in game.legal_steps() if st[0] == "shut"][-1])
    assert screen.cursor == game.tiles          # jumped to SHUT
    chosen = game.selection
    stb_step(s, ("confirm",))
    assert game.boxes[game.current] == game.full & ~chosen or game.current != 0
    s.press("B")                                # a confirmed shut cannot be undone
    assert screen.msg1.shown() == "Nothing to undo"


@pytest.mark.parametrize("profile", PROFILES)
def test_one_die_and_stuck_turn(profile):
    s = Session(profile, seed=2)
    game = ShutTheBox(2, seed=3, start_player=0)
    game.boxes[0] = 0b000000011          # tiles 1 and 2 left: one die allowed
    game._mark_checkpoint()
    s.app.open_game(game)
    screen = settle(s)
    assert "UP/DOWN: 1/2 dice" in screen.msg1.shown()
    s.press("DOWN")
    assert screen.ndice == 1 and screen.info.shown() == "1 die"
    assert screen.dice[1].hidden
    while screen.waiting is None:
        finish_interludes(s)
        if game.phase == ROLL:
            if screen.ndice != 1:
                s.press("DOWN")
            s.press("A")
            assert len(game.dice) == 1 or screen.waiting is not None
        else:
            legal = game.legal_steps()
            stb_step(s, ("confirm",) if ("confirm",) in legal else legal[0])
        if screen.animating():
            s.press("B")
    # The finished turn stays on screen until A: its box and score.
    assert game.current == 1
    assert screen.msg2.shown() == "A: next player"
    p, box, _sel, _dice = screen.frozen
    assert p == 0 and box == game.boxes[0]
    assert screen.scores[0].shown() == "P1 %d" % game.round_scores[0][0]
    assert game.round_scores[0] == [open_sum(game.boxes[0])]
    s.press("A")
    assert type(s.screen).__name__ == "PassScreen"
    assert s.screen.name.shown() == "PLAYER 2"


def test_use_phase_choice():
    s = Session("pybadge", seed=2)
    game = ShutTheBox(2, seed=7, start_player=0,
                      options={"mode": "together", "one_die": "remaining_le_6"})
    game.boxes[1] = 0b000000111          # P2: 1 2 3 open, sum 6: may use die 1 alone
    game._mark_checkpoint()
    s.app.open_game(game)
    screen = settle(s)
    assert screen.msg1.shown() == "A: roll for everyone"
    s.press("A")
    assert game.phase == USE and game.current == 1
    assert type(s.screen).__name__ == "PassScreen"
    assert s.screen.info.shown().split("\n")[1].strip() == "Die 1 is %d: use it alone?" % game.dice[0]
    screen = settle(s)
    assert screen.dice[0].shown() == str(game.dice[0]) and screen.dice[1].shown() == "?"
    assert screen.button.shown() == "USE"
    s.press("UP")
    assert screen.use == 1 and screen.info.shown() == "use 1 die"
    s.press("A")
    assert game.use[1] == 1 and len(game.dice) == 2


@pytest.mark.parametrize("profile", PROFILES)
def test_presses_create_no_display_objects(profile, monkeypatch):
    s = new_game(profile, seed=30, players=3, mode="together")
    settle(s)                           # the pass screen is built on first use
    counter = _Counter(monkeypatch)
    rnd = random.Random(5)
    game = s.screen.game
    presses = 0
    while not game.over:
        screen = settle(s)
        if game.over:
            break
        legal = game.legal_steps()
        if rnd.random() < 0.2:
            s.press("B", "LEFT", "UP", "RIGHT", "DOWN")    # undo, refusals, moves
            continue
        stb_step(s, ("confirm",) if ("confirm",) in legal else rnd.choice(legal))
        presses += 1
        if not game.over:
            assert counter.count == 0
    assert presses > 20


@pytest.mark.parametrize("profile", PROFILES)
def test_continue_resumes_the_turn(profile):
    s = new_game(profile, seed=17, players=2)
    screen = settle(s)
    game = screen.game
    stb_step(s, ("roll", 2))
    screen = settle(s)
    assert game.phase == SELECT           # this seed's first roll can be used
    saved = game.checkpoint()
    s.press("START")
    assert s.screen.menu.items[0] == "Continue Shut the Box"
    s.press("A")
    screen = settle(s)
    assert isinstance(screen, StbScreen) and screen.game.encode() == saved
    assert screen.info.shown().startswith("= %d" % screen.game.target(screen.game.current))
