"""Dice Wide Shut played through the app's buttons on both hardware profiles."""

import random

import pytest

from dws_app import theme
from dws_app.play.game_dws import HEADER, DwsScreen, header_text
from dws_core import bots
from dws_core.dws import BLUE, CHECKED, CROSSED, DiceWideShut, RED, SPENT
from sim.play import dws_step, finish_interludes
from sim.script import Session
from test_bots_play import turn_copy
from dws_app.lobby.setup import start_game
from dws_core.notation import format_half
from dws_helpers import shown_half, shown_scores
from dws_app.play.opening import open_game

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
    return shown_half(screen, RED), shown_half(screen, BLUE)


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
            finish_interludes(s)    # (the header is refreshed when the screen shows)
            p = game.current
            assert screen.header.shown().startswith("Player %d " % (p + 1))
            assert screen.header.shown() == header_text(s.app.table.names[p], game.round, game.score(p),
                                                        game.ending)
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
    s.press("B")                      # nothing left to undo: the other board
    assert screen.header.shown() == "Board of Player %d" % (2 - game.current)
    s.press("B")                      # two players: back to the own board
    assert screen.viewing is None and screen.header.shown().startswith(
        "Player %d " % (game.current + 1))


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
    open_game(s.app, game)
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
    assert shown_half(screen, RED)[0].split("\n")[1] == "/////"


@pytest.mark.parametrize("profile", PROFILES)
def test_six_protection_and_undo(profile):
    s, screen, game = rigged(profile, start_six=True)
    dws_step(s, ("pick", 0))
    dws_step(s, ("pick", 1))
    from sim.play import move_to_cell
    move_to_cell(s, 2, 1)
    s.press("A")
    assert screen.choice is not None
    assert screen.msg1.shown() == "5th check splits: A: ok"
    assert screen.msg2.shown() == "RIGHT: spend 6  B: back"
    s.press("RIGHT")                 # spend the 6 instead of splitting
    assert game.boards[0].sixes[RED][1] == SPENT
    assert game.boards[0].cells[RED][7] == 0 and game.boards[0].splits == 0
    assert shown_half(screen, RED)[1][1] == "#"
    s.press("B")                     # undo the protection
    assert game.boards[0].sixes[RED][1] == CHECKED
    assert shown_half(screen, RED)[1][1] == "x"
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


# ----- the other boards, read-only (issue #14) ----------------------------------------

def played_session(profile, players=3, seed=6, rounds=2):
    """A game some rounds in, played through the buttons; a turn's start."""
    s = new_game(profile, players=players, seed=seed)
    screen = finish_interludes(s)
    game = screen.game
    rnd = random.Random(seed)
    while game.round < rounds:
        finish_interludes(s)
        legal = game.legal_steps()
        dws_step(s, rnd.choice([st for st in legal if st[0] not in ("drop", "colour")] or legal))
    return s, finish_interludes(s), game


def shows_board(screen, game, p):
    """The screen's tiles show player p's board: cells, 6-cells and the
    column scores."""
    board = game.boards[p]
    cols = game.column_scores(p)
    return all(shown_half(screen, half) == (format_half(board.cells[half]),
                                            "".join(".x#"[v] for v in board.sixes[half]))
               and shown_scores(screen, half) == cols[5 * half:5 * half + 5]
               for half in (RED, BLUE))


@pytest.mark.parametrize("profile", PROFILES)
def test_b_at_a_turns_start_shows_the_other_boards(profile, monkeypatch):
    from test_app_screens import _Counter
    s, screen, game = played_session(profile)
    me = game.current
    assert "B: boards" in screen.msg1.shown()
    assert len({str(b.cells) for b in game.boards}) == 3     # three different boards
    before = game.encode()
    counter = _Counter(monkeypatch)
    seen = []
    for _ in range(game.players - 1):
        s.press("B")
        p = screen.viewing
        seen.append(p)
        assert screen.header.shown() == "Board of Player %d" % (p + 1)
        splits = game.boards[p].splits
        assert screen.msg1.shown() == "%d points, %d split%s" % (
            game.score(p), splits, "" if splits == 1 else "s")
        assert screen.msg2.shown() == "B:next board  A:own board"
        assert shows_board(screen, game, p)
        assert screen.cell_box.hidden and screen.die_box.hidden
    assert seen == [(me + 1) % 3, (me + 2) % 3]
    s.press("B")                                 # after the last: the own board
    assert screen.viewing is None and shows_board(screen, game, me)
    assert screen.header.shown().startswith("Player %d Round " % (me + 1))
    assert "B: boards" in screen.msg1.shown()
    # Any other key while viewing: back to the own board, and no move.
    for key in ("A", "UP", "DOWN", "LEFT", "RIGHT", "SELECT"):
        s.press("B")
        assert screen.viewing is not None
        s.press(key)
        assert s.screen is screen and screen.viewing is None, key
        assert shows_board(screen, game, me) and game.encode() == before
        assert not screen.die_box.hidden
    assert counter.count == 0                   # the board's own widgets, redrawn
    # Once a step is made, B undoes it again (no boards).
    s.press("UP")
    assert game.colour == RED and "B: boards" not in screen.msg1.shown()
    s.press("B")
    assert game.colour == -1 and screen.viewing is None
    s.press("START")                             # the menu still works while viewing
    assert type(s.screen).__name__ == "MenuScreen"


def test_boards_help_and_solo():
    from dws_app.lobby.help import HelpScreen
    s, screen, game = played_session("pybadge", players=2, rounds=1)
    s.press("SELECT", "SELECT")
    assert isinstance(s.screen, HelpScreen)
    from test_help import key_lines
    assert [x for x in key_lines(s.screen) if "others'" in x]
    s = new_game("pybadge", players=1)
    screen = finish_interludes(s)
    assert "B: boards" not in screen.msg1.shown()
    s.press("B")                                 # nobody else: nothing to undo
    assert screen.viewing is None and screen.msg1.shown() == "Nothing to undo"


# ----- hints through the buttons (issue #14) ------------------------------------------

def follow_hint(s, screen, game, steps, text):
    """Do what the hint says with the keys it implies: B per undo, A on what
    it points at (a colour key first for a purple die), RIGHT to spend a 6."""
    from dws_core.dws import PURPLE
    k = 0
    while steps[k] == ("undo",):
        s.press("B")
        k += 1
    assert (k > 0) == text.startswith("Undo")
    if k:
        s.press("SELECT")                        # asked again: no more undo
        assert "Undo" not in screen.msg1.shown()
    step = steps[k]
    if step[0] == "colour":
        k += 1
        if game.dice_colour[steps[k][1]] == PURPLE:
            s.press("UP" if step[1] == RED else "DOWN")
        step = steps[k]
    s.press("A")
    if step[0] == "protect":
        assert screen.choice is not None
        s.press("SELECT")                        # the hint answers the question
        assert screen.msg1.shown() == "Hint: RIGHT: spend the 6"
        s.press("RIGHT")
    elif screen.choice is not None:
        s.press("SELECT")
        assert screen.msg1.shown() == "Hint: A: split it"
        s.press("A")
    return steps[k:]


@pytest.mark.parametrize("profile", PROFILES)
def test_hints_point_at_the_next_step_mid_turn(profile):
    """At every step of human turns: SELECT names and points at the next step,
    and A (B for an undo) does it.  Now and then a random step instead, so
    the hint has to undo it."""
    s = Session(profile, seed=12)
    start_game(s.app, 1, 3, None, seed=12)
    game = s.app.table.game
    rnd = random.Random(profile)
    kinds = set()
    for _ in range(400):
        if game.over or game.round >= 4:
            break
        screen = finish_interludes(s)
        if rnd.random() < 0.15:
            legal = [st for st in game.legal_steps() if st[0] not in ("drop", "confirm")]
            if legal:
                dws_step(s, rnd.choice(legal))
                continue
        expect, text = bots.hint(game)
        before = game.encode()
        s.press("SELECT")
        assert game.encode() == before
        shown = screen.msg1.shown() + " " + screen.msg2.shown()
        assert shown.startswith("Hint: ") and " ".join(text.split()) in shown
        first = [st for st in expect if st not in (("undo",),) and st[0] != "colour"][0]
        if expect[0] != ("undo",):
            if first[0] == "pick":
                assert screen.die_cursor == first[1] and not screen.on_board
            elif first[0] in ("mark", "protect"):
                assert (screen.bx, screen.row) == (first[3] + 6 * game.colour, first[2])
            elif first[0] == "six":
                assert (screen.bx, screen.row) == (5 + 6 * first[2], first[3])
        copy = turn_copy(game)
        rest = follow_hint(s, screen, game, expect, text)
        kinds.add("undo" if expect[0] == ("undo",) else rest[0][0])
        for _ in range(expect.count(("undo",))):
            copy.undo()
        for st in expect[expect.count(("undo",)):]:
            copy.step(st)
            if st == rest[0]:
                break
        if rest[0] == ("confirm",):
            assert not game.can_undo()           # the turn went on to the next
        else:
            p = game.current
            assert game.boards[p].cells == copy.boards[p].cells
            assert game.boards[p].sixes == copy.boards[p].sixes
            assert sorted(game.picked) == sorted(copy.picked)
            assert game.resolved.count(True) == copy.resolved.count(True)
    assert {"undo", "pick", "mark", "confirm"} <= kinds, kinds
    assert s.app.last_error is None


@pytest.mark.parametrize("profile", PROFILES)
def test_hint_while_asking_split_or_spend(profile):
    """SELECT while the split-or-spend question is up answers it, or says to
    back out; the question stays and its keys still work."""
    from sim.play import move_to_cell
    for fill in (False, True):
        s, screen, game = rigged(profile, start_six=True)
        for i in range(2, len(game.dice_free)):  # the red 3 and 2 are all there is
            game.dice_free[i] = False
        if fill:                                  # the 3's only cell is the 5th check
            for row in (0, 2, 3, 4):
                game.boards[0].cells[RED][row * 5 + 2] = CHECKED
        game._mark_checkpoint()
        screen.refresh()
        dws_step(s, ("pick", 0))
        dws_step(s, ("pick", 1))
        move_to_cell(s, 2, 1)
        s.press("A")
        assert screen.choice == (0, 1, 2)
        steps, text = bots.hint(game)
        s.press("SELECT")
        first = steps[0]
        if first[0] in ("mark", "protect") and first[2:] == (1, 2):
            assert screen.msg1.shown() == ("Hint: RIGHT: spend the 6" if first[0] == "protect"
                                           else "Hint: A: split it")
        else:
            assert (screen.msg1.shown() + " " + screen.msg2.shown()).startswith(
                "Hint: B: back; " + text[:8])
        assert fill == (first[2:] == (1, 2))
        assert screen.choice == (0, 1, 2)
        s.press("RIGHT")                          # spend the 6
        assert game.boards[0].sixes[RED][1] == SPENT and screen.choice is None


@pytest.mark.parametrize("profile", PROFILES)
def test_wrong_half_refusal_fits_and_names_the_six_cells(profile):
    """A cell of the other colour's half is refused in words that fit the
    line; with a 6 taken the refusal names the 6-cells (either half's)."""
    from sim.play import move_to_cell
    for values, said in (((3, 2), "Red dice: mark red half"),
                         ((6, 2), "A 6 goes in a 6-cell")):
        s = Session(profile, seed=2)
        game = DiceWideShut(2, seed=9, start_player=0)
        game.dice_value[0], game.dice_value[1] = values    # two red dice
        game._mark_checkpoint()
        open_game(s.app, game)
        screen = finish_interludes(s)
        dws_step(s, ("pick", 0))
        if not screen.on_board:
            dws_step(s, ("pick", 1))
        assert screen.on_board
        move_to_cell(s, 7, 0)          # a blue value cell
        s.press("A")
        assert screen.msg1.shown() == said
        assert len(said) <= 26


@pytest.mark.parametrize("profile", PROFILES)
def test_a_device_seats_turn_shows_the_keys_that_work_then(profile):
    """Issue 52: on a device seat's turn the key lines say the device plays
    and what a key does then (hurry), from its first frame on, not a
    player's A/B and colour keys."""
    from dws_app.play.game_dws import COLOUR_KEYS
    s = Session(profile, seed=5)
    start_game(s.app, 1, 2, None, seed=9, seats=[None, "normal"])
    screen = finish_interludes(s)
    seen = []                               # the key lines after every pass (a frame each)
    poll = s.app.poll

    def frame():
        pressed = poll()
        top = s.app.top
        if isinstance(top, DwsScreen) and top.game.current == 1:
            seen.append((top.msg1.shown(), top.msg2.shown()))
        return pressed
    s.app.poll = frame
    rnd = random.Random(2)
    while screen.game.current == 0:         # the player's turn
        assert "A: " in screen.msg1.shown() and screen.msg2.shown() == COLOUR_KEYS
        legal = [st for st in screen.game.legal_steps() if st[0] not in ("drop", "colour")] \
            or screen.game.legal_steps()
        dws_step(s, rnd.choice(legal))
        screen = s.app.top
    for _ in range(400):                    # the device's turn
        top = s.app.top
        if isinstance(top, DwsScreen) and top.game.current == 0:
            break
        s.wait(50)
    # (under the turn's name, what the device's turn before did: its own,
    # where it ends a round and starts the next)
    assert seen and {line1 for line1, _ in seen} == {"Normal 2's turn"}, set(seen)
    assert all(line2 == "Any key: hurry" or line2.startswith("Normal 2: ") for _, line2 in seen)
    screen = finish_interludes(s)
    assert screen.game.current == 0
    assert "A: " in screen.msg1.shown() and screen.msg2.shown() == COLOUR_KEYS


def test_the_hand_over_says_why_a_fresh_board_scores_minus_50():
    """Issue 51: "Score so far -50" greeted a newcomer; while a column has
    no check the hand-over says each such column is -5."""
    g = DiceWideShut(2, seed=3)
    assert g.turn_lines() == ("Round 1, score so far -50", "No check in a column: -5")
    board = g.boards[0]
    for half in (RED, BLUE):
        for col in range(5):
            board.cells[half][col] = CHECKED
    assert g.score(0) == 10
    assert g.turn_lines() == ("Round 1", "Score so far 10")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_news_gets_a_line_of_its_own_on_the_scores(profile, players):
    """Issue 52: "New best!" on a line of its own under the places and the
    wins, not squeezed into the key line; with five players' places every
    row is taken and it ends the columns' head line."""
    from dws_app.lobby.records_store import load_records
    from dws_app.lobby.scores import NEWS, ScoresScreen
    s = Session(profile, seed=3)
    g = DiceWideShut(players, seed=4)
    records = load_records(s.app.store)[0]
    seat = players - 1
    screen = ScoresScreen(s.app, g, g.final_scores(), g.ranking(), seat, records)
    screen.refresh()
    assert screen.footer.shown() == "<>:player A:menu"
    rows = [screen.row_y(r) for r in range(10)]
    row = 1 + players + (1 if screen.tally else 0)
    if row <= 5:                            # (rows 6-8: the columns' block)
        # whose and what, in their colour
        # ("New best score:" where the name and the score leave room)
        assert screen.news.shown() == "New best: Player %d %d" % (seat + 1, g.final_scores()[seat])
        assert screen.news.color == theme.player_colour(seat)
        assert screen.news.node.y == rows[row]
        assert screen.news.node.x == screen.places[0].node.x
    else:
        assert screen.news.shown() == NEWS
        assert screen.news.node.y == screen.head.node.y
        assert screen.news.node.x >= screen.head.node.x + len(screen.head.shown()) * 6
    plain = ScoresScreen(s.app, g, g.final_scores(), g.ranking(), None, records)
    assert plain.news is None and plain.footer.shown() == "<>:player A:menu"


def test_header_says_round_and_score_in_its_columns():
    """22 columns (the take's colour is right of them): the name, the round
    and the score; the score bare where the word does not fit; the last
    round, without the score where it does not fit."""
    assert header_text("ANNA", 3, -18, False) == "ANNA Round 4 Score -18"
    assert header_text("Player 1", 11, -18, False) == "Player 1 Round 12 -18"
    assert header_text("CHRISTOF", 11, -150, False) == "CHRISTOF Round 12 -150"
    assert header_text("ANNA", 3, -150, True) == "ANNA Last round: -150"
    assert header_text("Strong 5", 3, -150, True) == "Strong 5 Last round"
    for name in ("A", "BO", "ANNA", "Player 3", "CHRISTOF"):
        for rnd in range(20):
            for score in (-150, -50, -9, 0, 7, 99, 120):
                text = header_text(name, rnd, score, False)
                assert len(text) <= HEADER and text.startswith("%s Round %d " % (name, rnd + 1))
                assert text.endswith(" %d" % score)
                last = header_text(name, rnd, score, True)
                assert len(last) <= HEADER and last.startswith(name + " Last round")
