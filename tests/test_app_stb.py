"""Shut the Box played through the app's buttons on both hardware profiles."""

import random

import pytest

from dws_app.play.game_stb import (CHOSEN, NUMBER_Y, OPEN, SHUT, TILE_CHOSEN, TILE_OPEN, TOP,
                                   StbScreen)
from dws_core.stb import PLAYING, ROLL, SELECT, USE, ShutTheBox, open_sum
from sim.play import finish_interludes, open_setup, setup_and_start
from sim.play_stb import settle, stb_step
from sim.script import Session
from test_app_start_card import to_card
from tests.test_app_screens import _Counter
from dws_core import stb_solver
from dws_app.play.opening import open_game

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
    assert screen.header.shown() in ("Player %d Round %d of %d" % (p + 1, g.round + 1, g.rounds),
                                     "Player %d Round %d" % (p + 1, g.round + 1))
    assert screen.open_text.shown().endswith("open %d" % open_sum(g.boxes[p]))
    for i in range(g.tiles):
        bit = 1 << i
        state = CHOSEN if g.selection & bit else (OPEN if g.boxes[p] & bit else SHUT)
        assert screen.flaps[i] == state               # the flap's tile is its state's
        assert screen.numbers[i].shown() == str(i + 1)
        # the number on a standing or tipped flap; a shut flap hides it
        assert screen.numbers[i].hidden == (state == SHUT)
        if state != SHUT:
            assert screen.numbers[i].y == TOP + NUMBER_Y[state]
    totals = g.scores()
    for q in range(g.players):
        # The rounds played in both modes; "-" before the first (0 is a shut box).
        total = totals[q] if g.round_scores[q] else "-"
        if g.together and g.phase in (ROLL, USE) and g.status[q] == PLAYING \
                and g.one_die_allowed(g.boxes[q]):
            # Before the roll: who declared what ("?" = still to say).
            assert screen.scores[q].shown() == "P%d %s" % (q + 1, ("?", "one", "two")[g.use[q]])
        else:
            assert screen.scores[q].shown() == "P%d %s" % (q + 1, total)
    if g.phase == SELECT:
        assert screen.info.shown().startswith("= %d  chosen %d" % (g.target(p), open_sum(g.selection)))
        dice = g.dice[:1] if g.together and g.use[p] == 1 else g.dice
        shown = [screen.dice[k].value for k in range(2) if not screen.dice[k].node.hidden]
        assert shown == list(dice)
    if g.phase == USE:
        assert [d.value for d in screen.dice] == [0, 0]   # nothing rolled yet
        assert screen.button.shown() == "USE"


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
            if screen.result is not None:
                s.press("A")
            if type(s.screen).__name__ == "PassScreen":
                passes += 1
                assert s.screen.name.shown() == "Player %d" % (game.current + 1)
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
    # The start card showed the roll-off: the starter's turn, no hold.
    assert screen.rolloff is None and screen.button.shown() == "ROLL"
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
    assert screen.rolloff is None and screen.flaps.width == 12
    assert screen.numbers[11].shown() == "12"
    # Every flap inside the 160 px canvas, its number on it.
    flaps = screen.flaps
    assert flaps.x >= 2 and flaps.x + 12 * flaps.tile_width - 1 <= 158
    for i, label in enumerate(screen.numbers):
        assert flaps.x + i * flaps.tile_width <= label.x
        assert label.x + 6 * len(label.shown()) <= flaps.x + i * flaps.tile_width + 12
    game, _seen, passes = play(s, random.Random(2), check_leds=True)
    assert passes == 0 and game.players == 1
    check_scores_screen(s, game)


@pytest.mark.parametrize("profile", PROFILES)
def test_rolloff_is_shown(profile):
    """The roll-off is on the start card (each player's total, the starter
    in the hand-over's words); A goes straight to the starter's turn."""
    s = Session(profile, seed=8)
    card = to_card(s, "Shut the Box", (0, 0, 0, 0))
    game = s.app.table.game
    last = {}
    for e in game.initial_events:
        if e[0] == "rolloff":
            last[e[1]] = e[2]
    assert card.info.shown().split("\n")[0].strip() == "Roll-off: " + " ".join(
        str(sum(last[p])) for p in range(4))
    assert card.name.shown() == "Player %d" % (game.current + 1)
    s.press("A")
    screen = s.screen
    assert screen.game is game and screen.rolloff is None
    assert screen.scores[0].shown() == "P1 -"
    assert screen.button.shown() == "ROLL"


@pytest.mark.parametrize("profile", PROFILES)
def test_refusals_and_undo(profile):
    s = new_game(profile, seed=13, players=2)
    screen = settle(s)
    game = screen.game
    # One die is not allowed with 7, 8, 9 open: the engine's reason.
    keys = screen.msg2.shown()
    s.press("UP")
    assert screen.msg1.shown() == "One die: shut 7-9 first"
    assert screen.msg2.shown() == keys      # a refusal redraws one line: the keys stay
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
    assert screen.msg2.shown() == "B: undo  SELECT: hint"
    # SHUT before the tiles add up: refused too.
    stb_step(s, ("confirm",))
    assert game.encode() == before and screen.msg1.color == WARN
    # Choose a tile, then undo it with B.
    tile = [st[1] for st in game.legal_steps() if st[0] == "shut"][0]
    stb_step(s, ("shut", tile))
    assert game.selection == 1 << (tile - 1)
    assert screen.flaps[tile - 1] == CHOSEN
    stb_step(s, ("shut", big))                    # a refusal with a choice to undo
    assert screen.msg1.color == WARN and screen.msg2.shown() == "B: undo  SELECT: hint"
    s.press("B")
    assert game.selection == 0 and screen.cursor == tile - 1
    assert screen.flaps[tile - 1] == OPEN
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
    open_game(s.app, game)
    screen = settle(s)
    assert "UP/DOWN: 1/2 dice" in screen.msg1.shown()
    s.press("DOWN")
    assert screen.ndice == 1 and screen.info.shown() == "1 die"
    assert screen.dice[1].node.hidden
    while screen.result is None:
        finish_interludes(s)
        if game.phase == ROLL:
            if screen.ndice != 1:
                s.press("DOWN")
            s.press("A")
            assert len(game.dice) == 1 or screen.result is not None
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
    assert s.screen.name.shown() == "Player 2"


def declaring_game(profile, seats=None):
    """Together mode, remaining_le_6, three players: P1 and P3 may use one
    die (P2 not), P1 rolls; opened as Continue would (with ``seats``)."""
    from dws_app.lobby.lineup import lineup_of
    s = Session(profile, seed=2)
    game = ShutTheBox(3, seed=7, start_player=0,
                      options={"mode": "together", "one_die": "remaining_le_6"})
    game.boxes[0] = 0b000000111          # 1 2 3: sum 6
    game.boxes[2] = 0b000001001          # 1 4: sum 5
    game._next_decider()
    game._mark_checkpoint()
    from dws_app.play.opening import seat
    seat(s.app, game, lineup_of(seats or [None] * game.players, None, game.GAME_ID))
    open_game(s.app, game)
    return s, game


@pytest.mark.parametrize("profile", PROFILES)
def test_declaration_screen_before_the_roll(profile):
    s, game = declaring_game(profile)
    assert game.phase == USE and game.current == 0
    screen = settle(s)
    assert screen.msg1.shown() == "Before the roll: 1 or 2?"
    assert screen.msg2.shown() == "UP/DOWN A:ok SELECT:hint"   # nothing to undo yet
    assert [d.value for d in screen.dice] == [0, 0] and game.dice == []
    assert screen.button.shown() == "USE" and screen.info.shown() == "use 2 dice"
    assert [lb.shown() for lb in screen.scores] == ["P1 ?", "P2 -", "P3 ?"]
    s.press("UP")
    assert screen.use == 1 and screen.info.shown() == "use 1 die"
    s.press("RIGHT", "LEFT")                       # LEFT/RIGHT choose too
    assert screen.use == 1
    s.press("A")                                   # P1 declares one die
    assert game.use == [1, 0, 0] and game.current == 2 and game.phase == USE
    assert type(s.app.top).__name__ == "PassScreen"
    assert s.app.top.name.shown() == "Player 3"
    assert s.app.top.info.shown().split("\n")[0].strip() == "Player 1 says 1 die"
    screen = settle(s)
    assert [lb.shown() for lb in screen.scores] == ["P1 one", "P2 -", "P3 ?"]
    assert screen.msg2.shown() == "UP/DOWN  A: ok  B: undo"
    assert screen.use == 2
    s.press("A")                                   # P3 declares two dice
    assert game.phase == ROLL and game.current == 0 and game.use == [1, 0, 2]
    assert s.app.top.name.shown() == "Player 1"    # back to the roller
    screen = settle(s)
    assert [lb.shown() for lb in screen.scores] == ["P1 one", "P2 -", "P3 two"]
    assert screen.msg1.shown() == "A: roll for everyone"
    assert screen.msg2.shown() == "B: undo  SELECT: hint"
    s.press("A")                                   # the roll
    screen = settle(s)
    assert len(game.dice) == 2 and game.phase == SELECT or game.current != 0
    if game.current == 0 and game.phase == SELECT:
        assert game.target(0) == game.dice[0]      # one die: die 1 is the total
        assert screen.dice[1].node.hidden and screen.dice[0].value == game.dice[0]
        assert screen.info.shown().startswith("= %d " % game.dice[0])
    assert [lb.shown() for lb in screen.scores][1] == "P2 -"      # no round played yet
    s.press("B")                                   # nothing to take back after the roll
    assert game.use[0] == 1 and len(game.dice) == 2


@pytest.mark.parametrize("profile", PROFILES)
def test_undo_a_declaration_hands_the_device_back(profile):
    s, game = declaring_game(profile)
    screen = settle(s)
    s.press("UP", "A")                             # P1: one die
    screen = settle(s)
    assert game.current == 2
    s.press("B")                                   # P3 takes P1's back: to P1
    assert game.use == [0, 0, 0] and game.current == 0
    assert type(s.app.top).__name__ == "PassScreen"
    assert s.app.top.name.shown() == "Player 1"
    screen = settle(s)
    assert [lb.shown() for lb in screen.scores] == ["P1 ?", "P2 -", "P3 ?"]
    s.press("A")                                   # P1: two dice this time
    settle(s)
    s.press("UP", "A")                             # P3: one die
    assert game.phase == ROLL and game.use == [2, 0, 1]
    screen = settle(s)
    s.press("B")                                   # the roller takes P3's back
    assert game.phase == USE and game.current == 2 and game.use == [2, 0, 0]
    screen = settle(s)
    s.press("B")
    s.press("B")                                   # and P1's: nothing is left
    assert game.current == 0 and game.use == [0, 0, 0]
    screen = settle(s)
    s.press("B")
    assert screen.msg1.shown() == "Nothing to undo" and game.current == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_device_seats_declare_by_their_bot(profile):
    s, game = declaring_game(profile, seats=[None, "shut", "easy"])
    screen = settle(s)
    s.press("A")                                   # P1 (human): two dice
    # P3 is a device seat: it declares by its bot, no pass screen needed.
    for _ in range(200):
        if game.phase == ROLL:
            break
        s.wait(50)
    assert game.phase == ROLL and game.use[2] == 1     # easy: open sum 5 <= 6
    screen = settle(s)
    assert screen.scores[2].shown() == "P3 one"
    s.press("B")                                   # a device's declaration stays
    assert screen.msg1.shown() == "Nothing to undo" and game.use[2] == 1
    # The hint at a declaration: the solver's choice, the cursor on it.
    s2, game2 = declaring_game(profile)
    screen2 = settle(s2)
    s2.press("SELECT")
    one = stb_solver.solver(game2.tiles, game2.one_die, "shut").roll_one_die(game2.boxes[0])
    assert screen2.msg1.shown().startswith("Hint: Say %s" % ("1 die" if one else "2 dice"))
    assert screen2.use == (1 if one else 2)


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


def test_old_saves_resume_or_are_refused_with_the_stores_message(tmp_path):
    """Saves written before declarations came first: a turns-mode game
    continues; a together game with a die shown before the choice is
    refused once Continue decodes it (resumable) and the menu says so,
    without a crash."""
    from tests.test_stb_rules import OLD_TOGETHER_DIE1_SHOWN, OLD_TURNS_SELECT
    nvm = str(tmp_path / "nvm.bin")
    s = Session("pybadge", seed=1, nvm_path=nvm)
    s.app.store.save_game(bytes.fromhex(OLD_TURNS_SELECT))
    s = Session("pybadge", seed=1, nvm_path=nvm)
    assert s.screen.menu.items[0] == "Continue Shut the Box" and not s.app.notes
    s.press("A")
    screen = settle(s)
    assert isinstance(screen, StbScreen) and screen.game.encode().hex() == OLD_TURNS_SELECT
    nvm2 = str(tmp_path / "nvm2.bin")
    s = Session("pybadge", seed=1, nvm_path=nvm2)
    s.app.store.save_game(bytes.fromhex(OLD_TOGETHER_DIE1_SHOWN))
    s = Session("pybadge", seed=1, nvm_path=nvm2)
    assert s.screen.menu.items[0] == "Continue Shut the Box"  # by its game id
    s.press("A")
    assert s.screen.menu.items[0] == "Dice Wide Shut"     # nothing to continue
    assert s.app.notes == ["Saved game lost (unusable)"]
    assert s.screen.title.shown().startswith("Saved game lost")
    assert s.app.last_error is None


def picture(group):
    """Everything a refresh can change under ``group``: places, hidden,
    palettes and tiles."""
    out = []
    for item in group:
        entry = [item.x, item.y, item.hidden]
        if hasattr(item, "tile_width"):
            pal = item.pixel_shader
            entry.append(tuple(pal[k] for k in range(len(pal))))
            entry.append(tuple(item[k] for k in range(item.width * item.height)))
        else:
            entry.append(picture(item))
        out.append(entry)
    return out


@pytest.mark.parametrize("options", ({"tiles": 12}, {"mode": "together"}))
def test_choosing_a_tile_draws_what_a_whole_refresh_draws(options):
    """A tile chosen or put back updates its tile, the sum, the cursor and
    the LEDs only: the screen then equals a whole refresh of it."""
    s = new_game("pico_dice", seed=8, players=2, **options)
    rnd = random.Random(8)
    screen = settle(s)
    game = screen.game
    picks = 0
    for _ in range(400):
        if game.over or picks >= 40:
            break
        screen = settle(s)
        if screen.result is not None:
            s.press("A")
            continue
        legal = game.legal_steps()
        choices = [st for st in legal if st[0] in ("shut", "open")]
        step = rnd.choice(choices) if choices and rnd.random() < 0.8 else rnd.choice(legal)
        stb_step(s, step)
        if step[0] in ("shut", "open") and s.screen is screen:
            picks += 1
            leds = s.app.leds.colours()
            drawn = picture(screen.group)
            screen.refresh()
            assert picture(screen.group) == drawn, step
            assert s.app.leds.colours() == leds
        elif s.screen is not screen and type(s.screen).__name__ == "PassScreen":
            s.press("A")
    assert picks >= 10


@pytest.mark.parametrize("mode", ("turns", "together"))
def test_no_score_before_a_players_first_round(mode):
    """0 is a shut box: a player who has not played shows "-", in both
    modes, and the hand-over says no "Score so far 0"."""
    s = new_game("pybadge", seed=8, players=3, mode=mode)
    screen = s.screen
    game = screen.game
    if screen.rolloff is not None:
        s.press("A")                    # past the roll-off
    if type(s.screen).__name__ == "PassScreen":
        assert "Score so far" not in s.screen.info.shown()
        s.press("A")
    settle(s)
    for q in range(3):
        if not game.round_scores[q] and not screen.declaring(q):
            assert screen.scores[q].shown() == "P%d -" % (q + 1)
    assert game.turn_lines() == ("Round 1 of %d" % game.rounds,)
