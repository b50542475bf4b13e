"""A new game of two or more players opens on its start card (issue 32: an
open at most 500 ms on the Pico): who plays first, in the hand-over's words,
with the roll-off that chose them, drawn before the game's seats, tables and
screen are made; those come in the passes after its frame, under it.  Its A
is the first turn's hand-over (or the roll-off's hold): no second one."""

import pytest

from dws_app.play.game_base import GameScreen
from dws_app.play.pass_screen import PassScreen
from sim.play import on_start_card, open_setup
from sim.play_stb import dice_step
from sim.script import Session

PROFILES = ("pybadge", "pico_dice")


def to_card(s, title, seat_types=()):
    """From the menu, the setup of ``title`` with as many players as
    ``seat_types`` (each: RIGHT presses on the seat, 0 a human), then its
    A on the last row: the start card."""
    setup = open_setup(s, title)
    while setup.players != max(2, len(seat_types)):
        s.press("RIGHT")
    if seat_types:
        s.press("DOWN")
        for k in seat_types:
            s.press(*["RIGHT"] * k)
            s.press("A")
    last = "start" if "start" in setup.rows else setup.rows[-1]
    while setup.rows[setup.menu.index] != last:
        s.press("DOWN")
    s.press("A")
    assert on_start_card(s)
    return s.screen


def card_text(card):
    return [card.line1.shown().strip(), card.name.shown().strip()] + \
        [t.strip() for t in card.info.shown().split("\n")] + [card.footer.shown().strip()]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_human_first_player_gets_the_card_and_then_their_turn(profile):
    s = Session(profile, seed=5)
    card = to_card(s, "Dice Wide Shut")
    game = s.app.table.game
    first = game.current
    assert card_text(card) == ["Pass the device to", "Player %d" % (first + 1),
                               "Dice Wide Shut", "New game", "A: I'm ready"]
    assert isinstance(s.app.stack[0], GameScreen)     # built under the card
    s.press("A")
    top = s.screen
    assert isinstance(top, GameScreen) and top.game is game
    assert not isinstance(top, PassScreen)            # no second hand-over
    assert game.current == first


@pytest.mark.parametrize("title", ["Shut the Box", "DicedOut"])
def test_the_roll_off_is_on_the_card_not_held_on_the_game_screen(title):
    s = Session("pico_dice", seed=7)
    card = to_card(s, title)
    game = s.app.table.game
    totals = {}
    for e in game.initial_events:
        if e[0] == "rolloff":
            totals[e[1]] = sum(e[2])
    assert card_text(card)[2:4] == ["Roll-off: %d %d" % (totals[0], totals[1]), title]
    assert card_text(card)[1] == "Player %d" % (game.current + 1)
    s.press("A")
    top = s.screen
    assert isinstance(top, GameScreen)
    assert not top.waits_for_a()      # the roll-off is not held again
    assert "Roll-off" not in top.msg1.shown()


def to_lone_card(s, title, seat_types):
    """As ``to_card``, for a card that goes on by itself (a line-up of at
    most one human, or a device seat first): the start card as its frame
    shows it (the press's pass only)."""
    setup = open_setup(s, title)
    while setup.players != len(seat_types):
        s.press("RIGHT")
    s.press("DOWN")
    for k in seat_types:
        s.press(*["RIGHT"] * k)
        s.press("A")
    while setup.rows[setup.menu.index] != "start":
        s.press("DOWN")
    s.hw.keys.tap("A")
    s.app.poll()                    # the press's pass: the card's frame
    assert on_start_card(s)
    return s.screen


def test_a_device_first_player_is_announced_and_the_card_goes_on_by_itself():
    s = Session("pybadge", seed=3)
    # Dice Wide Shut: the first player is drawn; both seats Strong so that
    # whoever it is, a device plays first.
    card = to_lone_card(s, "Dice Wide Shut", (3, 3))
    game = s.app.table.game
    assert card_text(card) == ["First to play", "Strong %d" % (game.current + 1),
                               "Dice Wide Shut", "Device, strong", ""]
    app = s.app
    while app.pending(app.NEXT_PASS) is not None:
        app.poll()                  # no key: the seats, then the game's screen
    assert isinstance(s.screen, GameScreen) and app.stack == [s.screen]
    assert app.table.hand_over is None  # no hand-over ahead: not kept
    before = game.checkpoint()
    s.wait(20000)
    assert game.checkpoint() is not before    # the device seats played on


@pytest.mark.parametrize("profile", PROFILES)
def test_a_device_first_at_a_table_of_humans_goes_on_by_itself(profile):
    """Issue 52: a device seat's start card asks nobody's "I'm ready": with
    two humans and a device seat drawn first, the card shows no key and
    the device's first turn follows without a press; the hand-over screen
    is kept for the humans' turns after it."""
    for seed in range(1, 40):
        s = Session(profile, seed=seed)
        card = to_lone_card(s, "Dice Wide Shut", (0, 0, 3))
        if s.app.table.game.current == 2:
            break
    else:
        pytest.fail("no seed drew the device seat first")
    game = s.app.table.game
    text = card_text(card)
    assert text[:2] == ["First to play", "Strong 3"] and text[-1] == ""   # (no key)
    app = s.app
    while app.pending(app.NEXT_PASS) is not None:
        app.poll()                  # no key: the seats, then the game's screen
    assert isinstance(s.screen, GameScreen) and app.stack == [s.screen]
    assert app.last_error is None
    for _ in range(400):            # the device plays its turn, no press
        if game.current != 2:
            break
        s.wait(100)
    assert game.current == 0        # P1's turn: the hand-over to a human
    assert isinstance(s.screen, PassScreen) and s.screen.name.shown().strip() == "Player 1"
    assert s.screen.footer.shown().strip() != ""


@pytest.mark.parametrize("profile", PROFILES)
def test_a_lone_human_gets_no_ready_card_and_their_game_is_built_without_it(profile, monkeypatch):
    """One human against device seats holds the device already (issue 52):
    the card says who plays first, with no key, and goes on by itself; the
    game's screen is built after the card is let go, not under it (issue
    50: its heap is the game's)."""
    s = Session(profile, seed=5)
    card = to_lone_card(s, "Dice Wide Shut", (0, 3, 3, 3, 3))
    game = s.app.table.game
    text = card_text(card)
    assert text[0] == "First to play" and text[-1] == ""
    assert text[1] == s.app.table.names[game.current]
    assert text[1] == ("Player 1" if game.current == 0 else "Strong %d" % (game.current + 1))
    app = s.app
    built = []
    from dws_app.play import opening
    let_go = opening.let_card_go

    def watched(app):
        let_go(app)
        built.append(list(app.stack))
    monkeypatch.setattr(opening, "let_card_go", watched)
    while app.pending(app.NEXT_PASS) is not None:
        app.poll()
    assert built == [[]]            # the card gone before the screen was built
    assert isinstance(s.screen, GameScreen) and app.stack == [s.screen]
    assert app.table.hand_over is None and s.app.last_error is None
    s.wait(20000)                   # the device seats play up to the human
    assert isinstance(s.screen, GameScreen) and game.current == 0


def test_nothing_of_the_game_is_made_before_the_cards_frame():
    """The setup's A makes the engine and the card; the seats and the game's
    screen come in the passes after the card's frame."""
    s = Session("pico_dice", seed=5)
    setup = open_setup(s, "Cargo")
    while setup.rows[setup.menu.index] != "start":
        s.press("DOWN")
    app = s.app
    s.hw.keys.tap("A")
    app.poll()                      # the press's pass only
    assert isinstance(app.top, PassScreen) and app.stack == [app.top]
    assert app.table.seats is None
    assert app.pending(app.NEXT_PASS) is not None
    while app.pending(app.NEXT_PASS) is not None:
        app.poll()
    assert isinstance(app.stack[0], GameScreen) and app.top is app.stack[1]


def test_a_one_player_game_has_no_card_and_the_dice_no_seat_player():
    s = Session("pico_dice", seed=5)
    setup = open_setup(s, "Dice")
    last = "start" if "start" in setup.rows else setup.rows[-1]
    while setup.rows[setup.menu.index] != last:
        s.press("DOWN")
    s.press("A")
    assert isinstance(s.screen, GameScreen)
    assert s.app.table.seats is None          # no device seats, no hints: not imported
    game = s.screen.game
    before = game.rolls
    dice_step(s, ("roll",))             # and it plays
    assert game.rolls == before + 1
