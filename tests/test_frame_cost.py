"""What a press costs to draw on the Pico, estimated from the dirty areas that
Blinka's displayio (a port of CircuitPython's) computes: ``sim/frame_cost.py``.
The board suite measures the same presses on the emulated firmware; these are
the fast, deterministic checks that a screen redraws only what changed."""

import displayio
import pytest

from dws_app import theme, ui
from sim import frame_cost
from sim.display import ImageDisplay
from sim.script import Session

SCREEN = (0, 0, 320, 240)


def test_the_rates_give_the_frames_measured_on_the_board():
    # An empty full frame took 105 ms on the emulated Pico with the SPI at
    # 24 MHz, one full-screen layer 413 ms more; at 62.5 MHz 43 ms less.
    assert 100 - 43 < frame_cost.cost_ms([SCREEN], [], SCREEN) < 110 - 43
    assert 480 - 43 < frame_cost.cost_ms([SCREEN], [SCREEN], SCREEN) < 520 - 43
    # Areas outside the screen cost nothing; a layer beside an area costs nothing.
    assert frame_cost.cost_ms([(320, 0, 400, 10)], [], SCREEN) == 0
    assert frame_cost.cost_ms([(0, 0, 10, 10)], [(10, 0, 20, 10)], SCREEN) == 100 * frame_cost.FILL_US / 1000


def test_every_layer_and_group_costs_each_run_of_a_frame():
    # 64 one-pixel layers made a full frame 51 ms longer on the emulated Pico
    # (tools.board.floor): a full frame is 240 runs of one row.
    extra = frame_cost.cost_ms([SCREEN], [], SCREEN, 64) - frame_cost.cost_ms([SCREEN], [], SCREEN)
    assert 46 < extra < 56
    # A narrow area is drawn in runs of several rows: fewer visits.
    narrow = (0, 0, 64, 240)
    assert frame_cost.cost_ms([narrow], [], SCREEN, 10) - frame_cost.cost_ms([narrow], [], SCREEN) \
        == pytest.approx(60 * 10 * frame_cost.VISIT_US / 1000)
    group = displayio.Group()
    inner = displayio.Group()
    inner.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=displayio.Palette(1)))
    group.append(inner)
    hidden = displayio.Group()
    hidden.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=displayio.Palette(1)))
    hidden.hidden = True
    group.append(hidden)
    assert frame_cost.visits(group) == 3      # inner, its grid, the hidden Group


def test_records_and_help_keep_few_layers():
    from dws_app.lobby.help import HelpScreen
    from dws_app.lobby.records import RecordsScreen
    s = Session("pico_dice", seed=1)
    # Fixed words are plain texts, a game's figures two texts of a layer a
    # column with a digit (a Group and its digits): 45 visits were 28, and
    # the figures' blank columns 37 at most.
    records = RecordsScreen(s.app)
    assert frame_cost.visits(records.group) <= 38
    s.app.push(records)
    display = s.hw.display
    display._core.full_refresh = True
    assert frame_cost.take(display)[1] < 340       # (367 with plain figures)
    # Title and footer plain, a page's line one layer each: the root, two
    # texts, the lines' Group and its 8 lines at most.
    s.app.push(HelpScreen(s.app, 1))
    assert frame_cost.visits(s.app.top.group) <= 12


def test_a_help_page_draws_its_words_only():
    """A page's lines cover their words, from the first character to the
    last: the first page of Dice Wide Shut's help drew 208 cells in a
    26-column text (410 ms a frame; the open took 513 on the board)."""
    s = Session("pico_dice", seed=1)
    s.press("SELECT")               # the help of the menu's first game
    screen = s.app.top
    cells = sum(grid.width for grid in screen.body)
    words = sum(len(line.strip()) for line in screen.body_text().split("\n"))
    assert words <= cells <= words + 8      # (the spaces between words)
    display = s.hw.display
    display._core.full_refresh = True
    assert frame_cost.take(display)[1] < 350


def test_a_moved_box_redraws_its_bars_not_its_inside():
    display = ImageDisplay(320, 240)
    root = displayio.Group(scale=2)
    display.root_group = root
    box = ui.box(root, 10, 10, 26, 33, theme.ACCENT)
    frame_cost.take(display)
    box.x = 36
    areas, ms = frame_cost.take(display)
    pixels = sum((a[2] - a[0]) * (a[3] - a[1]) for a in areas)
    assert 0 < pixels <= 2 * 2 * (2 * 26 * 2 + 2 * 31 * 2)   # old and new bars, at scale 2
    assert ms < 10
    # A filled rectangle of the same size redraws all of it, twice over.
    filled = ui.rect(root, 100, 10, 26, 33, theme.ACCENT)
    frame_cost.take(display)
    filled.x = 126
    assert frame_cost.take(display)[1] > 3 * ms


def presses(session, names):
    """(name, estimated ms) for each press, on pico_dice's 320x240 screen."""
    out = []
    frame_cost.take(session.hw.display)
    for name in names:
        session.press(name)
        out.append((name, frame_cost.take(session.hw.display)[1]))
    return out


def test_menu_moves_redraw_only_the_cursor():
    s = Session("pico_dice", seed=1)
    for name, ms in presses(s, ["DOWN", "DOWN", "UP", "DOWN"]):
        assert ms < 8, name


def test_setup_rows_and_values_redraw_a_few_characters():
    s = Session("pico_dice", seed=1)
    s.press("A")                                  # Dice Wide Shut setup
    assert type(s.screen).__name__ == "SetupScreen"
    for name, ms in presses(s, ["DOWN", "RIGHT", "A", "DOWN", "RIGHT", "DOWN", "UP", "UP"]):
        assert ms < 40, (name, ms)


def test_dice_cursor_moves_redraw_bars_and_one_word():
    s = Session("pico_dice", seed=3)
    items = s.screen.menu.items
    s.press(*["DOWN"] * items.index("Dice"), "A")  # Dice setup
    s.press("DOWN", "DOWN", "A")                    # ...start
    s.press("A")                                    # roll (the cursor starts on ROLL)
    s.wait(3000)
    costs = presses(s, ["RIGHT", "A", "RIGHT", "A", "LEFT", "A", "RIGHT", "RIGHT"])
    assert type(s.screen).__name__ == "DiceScreen"
    for name, ms in costs:
        # A holds or frees a die: its face changes colour (~1,900 pixels, two
        # layers) and "hold"/"free"; on the board such a press took 65-75 ms
        # in all, over the 60 ms budget (see the closing note of issue 12).
        assert ms < (60 if name == "A" else 30), (name, ms)


def test_the_pass_screen_is_drawn_in_under_400_ms():
    s = Session("pico_dice", seed=1)
    s.press("A", "DOWN", "DOWN", "DOWN", "A")      # Dice Wide Shut, 2 humans
    assert type(s.screen).__name__ == "PassScreen"
    display = s.hw.display
    display._core.full_refresh = True
    assert frame_cost.take(display)[1] < 400      # filled with the colour it was 685


@pytest.mark.parametrize("plan", ["dws2", "stbtog"])
def test_moves_in_a_game_redraw_a_word_not_a_line(plan, monkeypatch):
    """The board suite's own first turns (its recorded button plan): every
    press that stays in the game screen and is not refused redraws at most a
    few characters besides the cursor and the pieces it moved.  On the board
    a rewritten message line cost ~45 ms of a move's 60 (issue 12); these
    presses now stay under ~30 ms of drawing (the rest is the key scan and
    the handler)."""
    from dws_app.play.game_base import GameScreen
    from tools.board import record
    seen = []
    press = record.Recorder.press

    def measured(self, *names):
        for name in names:
            frame_cost.take(self.hw.display)
            top = self.app.top
            summary = getattr(top, "back", None) is not None   # (A goes on: a turn starts)
            press(self, name)
            ms = frame_cost.take(self.hw.display)[1]
            if (self.items[-1][3] == "move" and isinstance(top, GameScreen) and not summary
                    and self.app.top is top and top.refused is None):
                seen.append((name, top.msg1.shown(), ms))

    monkeypatch.setattr(record.Recorder, "press", measured)
    record.game_plan(plan, turns=6)
    assert len(seen) > 20
    worst = max(seen, key=lambda x: x[2])
    assert worst[2] < 35, worst


def test_the_board_plans_moves_draw_within_the_budget():
    """Every press of the board suite's plans (the storm of random presses
    included), priced as the board will draw it (``sim.press_costs``): at
    p99 a move draws in under 48 ms, the board's 60 less the key scan and
    the handler (the board measured 5-12 ms more than these estimates); a
    press that replaces the picture inside a screen (a help page, another
    player's board, the next turn: "view") and one that opens a screen
    draw in under 500."""
    from sim.press_costs import measure, percentile
    from tools.board import record
    found = measure(list(record.GAMES) + ["continue", "screens", "evening", "storm"], False)
    kinds = {}
    for presses in found.values():
        for kind, ms, *_rest in presses:
            kinds.setdefault(kind, []).append(ms)
    assert len(kinds["move"]) > 1500 and len(kinds["view"]) > 30
    assert percentile(kinds["move"], 99) < 48, sorted(kinds["move"])[-30:]
    assert max(kinds["view"]) < 500 and max(kinds["open"]) < 500


def test_a_refusal_rewrites_one_line_not_two():
    """B with nothing to take back in Shut the Box: the refusal takes the
    first message line; the keys' line stays, and nothing else is drawn."""
    s = Session("pico_dice", seed=1)
    s.press("DOWN", "A", "A")           # Shut the Box's setup; start (two humans)
    while type(s.screen).__name__ == "PassScreen":
        s.press("A")
    keys = s.screen.msg2.shown()
    frame_cost.take(s.hw.display)
    s.press("B")
    areas, _ms = frame_cost.take(s.hw.display)
    assert s.screen.refused == "Nothing to undo" == s.screen.msg1.shown().strip()
    assert s.screen.msg2.shown() == keys
    assert len(areas) == 1 and areas[0][3] - areas[0][1] <= 2 * ui.LH, areas


def test_cargos_screen_draws_no_blank_marks():
    """Cargo's "HELD" marks are shown under held dice only, its cargo once
    crewed: six blank marks and a blank half line cost ~50 ms of each full
    frame (398 ms; the open after a hand-over took 480-497 on the board)."""
    from dws_app.lobby.setup import start_game
    from dws_app.play.game_base import GameScreen
    s = Session("pico_dice", seed=1)
    start_game(s.app, 4, 2, None, seed=1, seats=[None, None])
    for _ in range(20):
        if isinstance(s.app.top, GameScreen):
            break
        s.press("A")
    screen = s.app.top
    assert all(mark.hidden for mark in screen.holds) and screen.cargo.hidden
    display = s.hw.display
    display._core.full_refresh = True
    assert frame_cost.take(display)[1] < 360
