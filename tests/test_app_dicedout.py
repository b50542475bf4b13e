"""DicedOut played through the app's buttons on both hardware profiles."""

import random

import pytest

from dws_app import theme
from dws_app.dice_art import HOLLOW
from dws_app.play.game_dicedout import DicedOutScreen
from dws_core.dicedout import EXTRA, PENALTY, DicedOut
from sim.play import finish_interludes as settle, open_setup, setup_and_start
from sim.play_roll_games import dicedout_step as step_by_buttons
from sim.script import Session
from test_app_screens import _Counter, labels, screen_box
from dws_app.play.opening import open_game

PROFILES = ("pybadge", "pico_dice")


def new_game(profile, players=2, rounds=1, seed=5):
    s = Session(profile, seed=seed)
    open_setup(s, "DicedOut")
    setup_and_start(s, players, {"rounds": rounds})
    return s


def assert_fits(s):
    app = s.app
    limit_w = app.width // app.scale
    limit_h = app.height // app.scale
    for label in labels(app.top.root, []):
        if label.hidden or not label.text.strip():
            continue
        x0, y0, x1, y1 = screen_box(label, s.hw.display)
        assert 0 <= x0 and x1 <= limit_w and 0 <= y0 and y1 <= limit_h, label.text


def check_sheet(screen):
    """The labels show the current player's sheet, boxes and scores."""
    g = screen.game
    p = g.current
    assert screen.header.shown().startswith("Player %d " % (p + 1))
    assert "Round %d of %d" % (g.round + 1, g.rounds) in screen.header.shown()
    for n in range(2, 13):
        cell = screen.cells[n - 2]
        assert (cell.background != theme.BG) == g.is_marked(p, n), n
        assert cell.shown() == "%2d" % n
        assert (dots_of(screen, cell) is not None) == g.is_bonus(n)
    assert screen.boxes.shown() == "%d of %d rerolls left" % (g.rerolls_left(p), g.boxes(p))
    totals = screen.table.cols
    for q in range(g.players):
        assert totals[q].shown().split("\n")[2].strip() == str(g.total(q))


def dots_of(screen, cell):
    """The TileGrid of a bonus number's two dots (in the cell's own palette),
    or None."""
    found = [node for node in screen.root
             if node is not cell.node and getattr(node, "pixel_shader", None) is cell.palette]
    assert len(found) <= 1
    return found[0] if found else None


def play(s, rnd, counter=None, on_result=None):
    """Play to the end by buttons; returns the screen and what was seen."""
    screen = settle(s)
    game = screen.game
    seen = {"results": 0, "rerolls": 0, "extras": 0, "penalties": 0, "diced": 0,
            "declined": 0, "peeks": 0}
    while True:
        screen = settle(s)
        assert s.screen is screen
        if screen.result is not None:
            seen["results"] += 1
            line1 = screen.msg1.shown()
            p = screen.view[0]
            assert line1.startswith("Player %d " % (p + 1))
            rnd_scores = game.round_scores[screen.view[1]]
            if "diced out" in line1:
                seen["diced"] += 1
                assert line1.endswith(": %d" % rnd_scores[p])
            if on_result is not None:
                on_result(screen)
            if game.over:
                assert screen.msg2.shown() == "Game over  A: scores"
                return screen, seen
            s.press("A")
            continue
        check_sheet(screen)
        if counter is not None:
            assert counter.count == 0
        legal = game.legal_steps()
        step = rnd.choice(legal)
        if game.phase == EXTRA and rnd.random() < 0.4:
            step = ("decline",)     # as often as some mark, not 1 in 10
        p = game.current
        before_used = game.used[p]
        if game.players > 1 and rnd.random() < 0.1:
            peek_round_trip(s, screen)
            seen["peeks"] += 1
        if game.phase == EXTRA:
            seen["extras"] += 1
            assert screen.msg1.shown().startswith("Bonus ")
            assert screen.msg2.shown() == "<>:number A:mark B:skip"
            assert not game.is_marked(p, screen.pick)
            if step[0] == "decline":
                seen["declined"] += 1
        elif game.phase == PENALTY:
            seen["penalties"] += 1
            assert screen.msg2.shown() == "<> A: who gets 2 rerolls"
        step_by_buttons(s, step)
        if step[0] == "penalise":
            assert game.penalised == step[1]
            assert screen.msg1.shown() == "Player %d gets 2 rerolls" % (step[1] + 1)
        if game.again and game.current == p and game.used[p] > before_used:
            seen["rerolls"] += 1
            settle(s)
            total = game.dice[0] + game.dice[1]
            assert screen.msg1.shown() == "%d is marked: roll again" % total
            left = game.rerolls_left(p)
            assert screen.msg2.shown() == "%d reroll%s left  A: roll" % (left, "" if left == 1 else "s")
            assert [d.value for d in screen.dice] == list(game.dice)


@pytest.mark.parametrize("profile", PROFILES)
def test_complete_one_round_game_through_buttons(profile):
    s = new_game(profile, players=2, rounds=1, seed=11)
    screen = s.screen
    game = screen.game
    assert isinstance(screen, DicedOutScreen) and game.rounds == 1
    # The start card showed the roll-off; its totals stay in the table
    # until the first roll, and the starter's turn is up (no second hold).
    rolls = [e for e in game.initial_events if e[0] == "rolloff"]
    assert not screen.waits_for_a()
    assert screen.table.label.shown().split("\n")[1] == "Roll"
    p, (a, b) = rolls[-1][1], rolls[-1][2]
    assert screen.table.cols[p].shown().split("\n")[1].strip() == str(a + b)
    assert_fits(s)
    screen, seen = play(s, random.Random(3), on_result=lambda sc: assert_fits(s))
    assert seen["results"] >= 10 and seen["rerolls"] > 0 and seen["diced"] > 0
    win = game.ranking()[0]
    s.press("A")
    assert type(s.screen).__name__ == "ScoresScreen"
    assert s.screen.title.shown().startswith("Player %d wins" % (win[0] + 1)) or len(win) > 1
    assert not s.app.store.has_game()


def test_four_rounds_with_penalties_and_bonus_marks():
    s = new_game("pybadge", players=2, rounds=4, seed=2)
    game = s.screen.game
    s.press("A")                    # past the roll-off
    screen, seen = play(s, random.Random(8))
    assert game.round == 3 and game.over
    assert seen["penalties"] == 3 and seen["extras"] > 0
    assert seen["declined"] > 0 and seen["peeks"] > 0, seen
    assert screen.table.label.shown().split("\n")[1:] == ["Round", "Total"]


@pytest.mark.parametrize("profile", PROFILES)
def test_refusal_nothing_to_undo(profile):
    """Every DicedOut step is a roll or a final choice: B has nothing to take back."""
    s = new_game(profile, seed=4)
    screen = settle(s)
    game = screen.game
    before = game.encode()
    s.press("B")
    assert game.encode() == before
    assert screen.msg1.shown() == "Nothing to undo"
    assert screen.msg1.color == theme.WARN
    s.press("A")                    # the roll goes ahead and clears the message
    settle(s)
    assert screen.msg1.color == theme.FG and game.encode() != before


def peek_round_trip(s, screen):
    """UP/DOWN through every other sheet (each shown read-only), back to
    the player's own; nothing changes in the game."""
    game = screen.game
    before = game.encode()
    p = game.current
    order = [(p + k) % game.players for k in range(1, game.players)]
    key = "DOWN"
    if game.players > 2 and game.players % 2:   # both ways round
        key = "UP"
        order.reverse()
    for q in order:
        s.press(key)
        check_peek(screen, q)
        assert_fits(s)
    s.press(key)
    assert screen.peek == -1 and game.encode() == before
    check_sheet(screen)


def check_peek(screen, q):
    g = screen.game
    assert screen.peek == q
    assert screen.header.shown().startswith("Sheet of Player %d, " % (q + 1))
    assert screen.header.color == theme.player_colour(q)
    for n in range(2, 13):
        assert (screen.cells[n - 2].background != theme.BG) == g.is_marked(q, n), n
    assert screen.boxes.shown() == "%d of %d rerolls left" % (g.rerolls_left(q), g.boxes(q))
    assert screen.cursor.hidden
    assert [(d.value, d.style) for d in screen.dice] == [(0, HOLLOW)] * 2
    assert screen.msg1.shown() == "Viewing Player %d's sheet" % (q + 1)
    assert screen.msg2.shown() == "UP/DOWN: next  A: back"


def rigged_bonus(profile, nvm_path=None):
    """P1 to move with 3-11 marked but 7 and 9, the next roll a 12."""
    s = Session(profile, seed=2, nvm_path=nvm_path)
    for seed in range(1, 400):
        game = DicedOut(2, seed=seed, start_player=0)
        rng = game.rng.state
        a, b = game.rng.die(), game.rng.die()
        game.rng.state = rng
        if a + b == 12:
            break
    for n in range(3, 12):
        if n not in (7, 9):
            game.marks[0] |= 1 << (n - 2)
    game._mark_checkpoint()
    open_game(s.app, game)
    return s, settle(s), game


@pytest.mark.parametrize("profile", PROFILES)
def test_bonus_mark_with_the_cursor(profile):
    s, screen, game = rigged_bonus(profile)
    s.press("A")                    # rolls the 12: a bonus number
    settle(s)
    assert game.phase == EXTRA and screen.msg1.shown() == "Bonus 12! May mark 1 more"
    assert not screen.cursor.hidden
    picks = []
    for _ in range(4):
        picks.append(screen.pick)
        s.press("RIGHT")
    assert picks == [2, 7, 9, 2]    # only unmarked numbers
    s.press("LEFT", "LEFT")         # 7 -> 2 -> 9 (wrapping)
    assert screen.pick == 9
    s.press("A")
    assert game.is_marked(0, 9) and game.is_marked(0, 12)
    assert screen.result is not None
    assert screen.msg1.shown() == "Player 1 marked 9 and 12"
    assert screen.cells[9 - 2].background == theme.GREEN
    assert screen.cells[12 - 2].background == theme.GREEN
    assert screen.cells[3 - 2].background == theme.WHITE
    assert [d.value for d in screen.dice] == [6, 6]
    assert_fits(s)
    if s.app.leds.die_leds:     # one LED per number: 2, 7 unmarked
        colours = s.app.leds.colours()
        assert colours[0] == 0 and colours[5] == 0 and colours[7] != 0


@pytest.mark.parametrize("profile", PROFILES)
def test_the_bonus_mark_can_be_skipped_with_b(profile):
    s, screen, game = rigged_bonus(profile)
    s.press("A")                    # rolls the 12: a bonus number
    settle(s)
    assert game.phase == EXTRA
    assert screen.msg2.shown() == "<>:number A:mark B:skip"
    s.press("RIGHT")
    s.press("B")                    # no extra mark
    assert game.marks[0] & (1 << (7 - 2)) == 0 and game.is_marked(0, 12)
    assert game.current == 1 and screen.result is not None
    assert screen.msg1.shown() == "Player 1 marked 12 only"
    assert screen.cells[12 - 2].background == theme.GREEN
    assert screen.cells[7 - 2].background == theme.BG
    assert_fits(s)
    s.press("B")                    # the skip is final: nothing to undo
    assert screen.result is not None and not game.is_marked(0, 7)


@pytest.mark.parametrize("profile", PROFILES)
def test_other_players_sheets_read_only(profile):
    s = new_game(profile, players=3, rounds=1, seed=9)
    s.press("A")                    # past the roll-off
    screen = settle(s)
    game = screen.game
    for _ in range(6):              # a few turns so the sheets differ
        if screen.result is not None:
            s.press("A")
        else:
            step_by_buttons(s, game.legal_steps()[0])
        screen = settle(s)
    while screen.result is not None or game.phase != 0 or game.again:
        s.press("A")
        screen = settle(s)
    assert screen.msg2.shown() == "SELECT:hint UP/DOWN:sheets"
    p = game.current
    before = game.encode()
    s.press("DOWN")
    check_peek(screen, (p + 1) % 3)
    assert_fits(s)
    s.press("A")                    # back to the own sheet: no roll
    assert screen.peek == -1 and game.encode() == before
    check_sheet(screen)
    assert screen.msg1.shown() == "A: roll the dice"
    s.press("UP")
    check_peek(screen, (p + 2) % 3)
    s.press("UP")
    check_peek(screen, (p + 1) % 3)
    s.press("UP")                   # round the table: the own sheet
    assert screen.peek == -1
    check_sheet(screen)
    s.press("DOWN", "LEFT")         # LEFT too only returns
    assert screen.peek == -1 and game.encode() == before
    s.press("A")                    # now A rolls
    assert game.encode() != before


@pytest.mark.parametrize("profile", PROFILES)
def test_presses_create_no_display_objects(profile, monkeypatch):
    s = new_game(profile, players=3, rounds=2, seed=6)
    s.press("A", "A")               # roll-off, then the pass screen is built
    settle(s)
    counter = _Counter(monkeypatch)
    screen, seen = play(s, random.Random(5), counter=counter)
    assert counter.count == 0 and seen["results"] > 10 and seen["penalties"] == 1


def test_continue_while_picking_the_bonus_mark(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    s, screen, game = rigged_bonus("pybadge", nvm_path=nvm)
    s.press("A")                    # the 12: now picking the extra mark
    assert game.phase == EXTRA
    # Power cut: a new app on the same nvm resumes at the same choice.
    s2 = Session("pybadge", seed=2, nvm_path=nvm)
    assert s2.screen.menu.items[0] == "Continue DicedOut"
    s2.press("A")
    screen2 = settle(s2)
    assert screen2.game.encode() == game.encode()
    assert screen2.pick == 2 and not screen2.cursor.hidden
    assert screen2.msg1.shown() == "Bonus 12! May mark 1 more"
    s2.press("RIGHT", "A")
    assert screen2.game.is_marked(0, 7)
    assert screen2.msg1.shown() == "Player 1 marked 7"


def test_a_on_a_finished_turn_rolls_when_the_same_player_goes_on():
    """When the player whose turn ended plays again (the others have diced
    out of the round), A on the finished turn rolls for the next turn: one
    press, and that player's sheet with what the roll did."""
    found = 0
    for seed in range(1, 40):
        s = new_game("pico_dice", players=2, rounds=2, seed=seed)
        screen = settle(s)
        game = screen.game
        rnd = random.Random(seed)
        for _ in range(200):
            if game.over:
                break
            if screen.result is not None:
                same = game.current == screen.finisher and game.phase == 0
                if same and screen.result[1] == "A: roll your next turn":
                    p = game.current
                    before = game.encode()
                    s.press("A")
                    assert game.encode() != before             # rolled
                    screen = settle(s)
                    assert screen.msg1.shown() != "A: roll the dice"
                    assert screen.header.shown().startswith("Player %d " % (p + 1))
                    found += 1
                    continue
                s.press("A")
            else:
                step_by_buttons(s, rnd.choice(game.legal_steps()))
            screen = settle(s)
        if found >= 2:
            break
    assert found >= 2


def dot_pixels(screen, cell):
    """The screen pixels (logical) of a bonus number's dots: its dots
    TileGrid's pixels of index 1 (the cell's text colour)."""
    from dws_app import dice_art
    from dws_app.play.game_dicedout import BONUS_SHEET, DOTS_H, DOTS_W
    grid = dots_of(screen, cell)
    sheet = dice_art.read_sheet(BONUS_SHEET, 2 * DOTS_W, DOTS_H)
    x0 = grid[0] * DOTS_W
    return {(grid.x + x, grid.y + y) for x in range(DOTS_W) for y in range(DOTS_H)
            if sheet[x0 + x, y] == 1}


def glyph_pixels(cell):
    """The screen pixels (logical) of a cell's digits."""
    from dws_app import ui
    grid = cell.grid
    per_row = ui.GLYPHS.width // ui.CW
    out = set()
    for k, ch in enumerate(cell.shown().rjust(2)):
        t = ord(ch) - 32
        for x in range(ui.CW):
            for y in range(ui.LH):
                if ui.GLYPHS[t % per_row * ui.CW + x, t // per_row * ui.LH + y]:
                    out.add((cell.x + grid.x + k * ui.CW + x, cell.y + y))
    return out


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("bonus", [None, (2, 7, 11)])
def test_bonus_numbers_show_the_sheets_two_dots(profile, bonus):
    """A bonus number has two dots under it, as on the printed sheet (no
    "*"): two 2x2 dots, side by side, under its digits, a pixel row clear
    of them; in the number's colours whether marked or not (the cell's own
    palette); every dot inside the screen and clear of the next row, the
    reroll boxes and the dice.  Other numbers have none."""
    from dws_app.play.game_dicedout import BOXES_Y
    s = Session(profile, seed=2)
    game = DicedOut(2, seed=4, start_player=0,
                    options=None if bonus is None else {"bonus_numbers": bonus})
    game.marks[0] |= 1 << (7 - 2)
    game._mark_checkpoint()
    open_game(s.app, game)
    screen = settle(s)
    bonus = bonus or (2, 12)
    assert game.bonus_numbers == bonus
    cells_px = []
    for n in range(2, 13):
        cell = screen.cells[n - 2]
        assert cell.shown() == "%2d" % n
        if n not in bonus:
            assert dots_of(screen, cell) is None
            continue
        dots = dot_pixels(screen, cell)
        glyphs = glyph_pixels(cell)
        assert len(dots) == 8                               # two 2x2 dots
        xs = sorted({x for x, _ in dots})
        assert len(xs) == 4 and xs[1] == xs[0] + 1 and xs[3] == xs[2] + 1 and xs[2] > xs[1] + 1
        assert min(y for _, y in dots) > max(y for _, y in glyphs) + 1    # under, a row clear
        gx = [x for x, _ in glyphs]
        assert min(gx) - 1 <= xs[0] and xs[3] <= max(gx) + 1    # under the digits,
        assert abs(xs[0] + xs[3] - min(gx) - max(gx)) <= 1       # centred
        assert dots_of(screen, cell).pixel_shader is cell.palette
        if n == 7:
            assert cell.background == theme.WHITE and cell.color == theme.BLACK
        cells_px.append((n, dots))
    app = s.app
    top_of_row2 = screen.cells[6].y
    for n, dots in cells_px:
        for x, y in dots:
            assert 0 <= x < app.width // app.scale and 0 <= y < app.height // app.scale
            assert y < (top_of_row2 - 1 if n < 8 else BOXES_Y + 2)   # the boxes' glyphs
        for die in screen.dice:
            assert all(not (die.node.x - 1 <= x <= die.node.x + 12) for x, _ in dots) or \
                all(y < die.node.y - 3 for _, y in dots)
    assert_fits(s)
