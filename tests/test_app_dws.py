"""Dice Wide Shut played through the app's buttons on both hardware profiles."""

import random

import pytest

from dws_app.game_dws import DwsScreen
from dws_core.dws import BLUE, CHECKED, CROSSED, DiceWideShut, RED, SPENT
from sim.play import dws_step, finish_interludes
from sim.script import Session

PROFILES = ("pybadge", "pico_dice")


def new_game(profile, players=2, seed=5):
    s = Session(profile, seed=seed)
    s.press("A")            # menu: Dice Wide Shut
    assert type(s.screen).__name__ == "SetupScreen"
    while s.screen.players != players:
        s.press("RIGHT")
    s.press("DOWN", "DOWN", "DOWN", "A")   # to "Start game"
    return s


def board_text(screen):
    return screen.red.shown(), screen.blue.shown()


@pytest.mark.parametrize("profile", PROFILES)
def test_complete_game_through_buttons(profile):
    s = new_game(profile, players=2, seed=11)
    rnd = random.Random(3)
    turns = 0
    screen = finish_interludes(s)
    assert isinstance(screen, DwsScreen)
    game = screen.game
    while not game.over:
        screen = finish_interludes(s)
        assert s.screen is screen
        legal = game.legal_steps()
        # Prefer progress: picks and marks over colour changes and drops.
        moves = [st for st in legal if st[0] not in ("drop", "colour")] or legal
        step = rnd.choice(moves)
        before = game.digest()
        if step[0] == "confirm":
            turns += 1
        dws_step(s, step)
        assert game.over or game.digest() != before, step
        if not game.over:
            p = game.current
            assert screen.header.shown().startswith("P%d " % (p + 1))
            assert ("%dpts" % game.score(p)) in screen.header.shown()
    assert turns > 10
    assert type(s.screen).__name__ == "ScoresScreen"
    win = game.ranking()[0]
    assert s.screen.title.shown().startswith("Player %d wins" % (win[0] + 1)) or len(win) > 1
    cols = game.column_scores(s.screen.player)
    assert s.screen.red.shown().endswith("=%d" % sum(cols[:5]))
    assert not s.app.store.has_game()


@pytest.mark.parametrize("profile", PROFILES)
def test_refusal_and_undo(profile):
    for seed in range(1, 50):
        s = new_game(profile, seed=seed)
        screen = finish_interludes(s)
        game = screen.game
        if sum(1 for i in range(len(game.dice_colour))
               if game.dice_colour[i] == RED and game.dice_value[i] != 6) >= 2:
            break
    # Take a red die (this also chooses red), then try a blue die: refused.
    red = [i for i in range(len(game.dice_colour)) if game.dice_colour[i] == RED
           and game.dice_value[i] != 6]
    blue = [i for i in range(len(game.dice_colour)) if game.dice_colour[i] == BLUE]
    dws_step(s, ("pick", red[0]))
    assert game.colour == RED and game.picked == [red[0]] and not screen.on_board
    before = game.encode()
    dws_step(s, ("pick", blue[0]))
    assert game.encode() == before
    assert screen.msg1.shown() == "Not a red die"
    assert screen.msg1.color == 0xFF6060
    s.press("B")                      # undo the pick
    assert game.picked == [] and game.dice_free[red[0]]
    s.press("B")                      # undo the colour
    assert game.colour == -1
    s.press("B")                      # nothing left to undo: the engine says so
    assert screen.msg1.shown() == "Nothing to undo"


def rigged(profile, start_six):
    """A game where P1's red row 2 lacks only its 3, with a red 3 on the table."""
    s = Session(profile, seed=2)
    game = DiceWideShut(2, seed=9, start_player=0)
    cells = game.boards[0].cells[RED]
    for col in (0, 1, 3, 4):
        cells[1 * 5 + col] = CHECKED
    cells[0] = CHECKED
    if start_six:
        game.boards[0].sixes[RED][1] = CHECKED
    game.dice_value[0] = 3          # red die
    game.dice_value[1] = 2          # red die
    game._mark_checkpoint()
    s.app.open_game(game)
    return s, finish_interludes(s), game


@pytest.mark.parametrize("profile", PROFILES)
def test_split(profile):
    s, screen, game = rigged(profile, start_six=False)
    dws_step(s, ("pick", 0))
    dws_step(s, ("pick", 1))
    assert screen.on_board
    dws_step(s, ("mark", 0, 1, 2))
    assert game.boards[0].cells[RED][5:10] == [CROSSED] * 5
    assert game.boards[0].splits == 1
    assert screen.red.shown().split("\n")[1] == "/ / / / /"


@pytest.mark.parametrize("profile", PROFILES)
def test_six_protection_and_undo(profile):
    s, screen, game = rigged(profile, start_six=True)
    dws_step(s, ("pick", 0))
    dws_step(s, ("pick", 1))
    from sim.play import move_to_cell
    move_to_cell(s, 2, 1)
    s.press("A")
    assert screen.choice is not None
    assert screen.msg2.shown().startswith("A:split >:spend 6")
    s.press("RIGHT")                 # spend the 6 instead of splitting
    assert game.boards[0].sixes[RED][1] == SPENT
    assert game.boards[0].cells[RED][7] == 0 and game.boards[0].splits == 0
    assert screen.red6.shown().split("\n")[1] == "#"
    s.press("B")                     # undo the protection
    assert game.boards[0].sixes[RED][1] == CHECKED
    assert screen.red6.shown().split("\n")[1] == "x"
    s.press("A")                     # the cursor is still there: ask again
    s.press("A")                     # this time take the split
    assert game.boards[0].splits == 1


@pytest.mark.parametrize("profile", PROFILES)
def test_continue_after_power_cut(profile, tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    s = Session(profile, seed=4, nvm_path=nvm)
    s.press("A", "DOWN", "DOWN", "DOWN", "A")
    screen = finish_interludes(s)
    game = screen.game
    while game.round == 0 and game.current == game.start_player:
        dws_step(s, [st for st in game.legal_steps() if st[0] != "drop"][-1])
    saved = game.checkpoint()
    # Power cut: a new app on the same nvm file offers Continue first.
    s2 = Session(profile, seed=4, nvm_path=nvm)
    assert s2.screen.menu.items[0] == "Continue Dice Wide Shut"
    s2.press("A")
    screen2 = finish_interludes(s2)
    assert screen2.game.encode() == saved
