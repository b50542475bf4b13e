"""The between-game widgets: ``SparseText`` draws its words, not its blank
columns (displayio computes every pixel a visible layer covers), and what it
stops drawing is cleared from the screen."""

import displayio
from hypothesis import given, settings
from hypothesis import strategies as st

from dws_app import ui
from dws_app.lobby.widgets import CHUNK, SparseText
from sim import frame_cost
from sim.display import ImageDisplay
from sim.script import Session


def full_frame_ms(session):
    display = session.hw.display
    display._core.full_refresh = True
    return frame_cost.take(display)[1]


def setup(width=26, chunk=CHUNK):
    display = ImageDisplay(320, 240)
    root = displayio.Group(scale=2)
    display.root_group = root
    text = SparseText(root, 2, 12, width, lines=2, chunk=chunk)
    frame_cost.take(display)
    return display, root, text


def test_only_chunks_with_a_character_are_layers():
    _display, _root, text = setup()
    assert len(text.node) == 0
    text.text = "Dice\n" + " " * 14 + "x"          # chunk 0 (row 1) and chunk 2 (row 2)
    assert [g for g in text.node] == [text.grids[0], text.grids[2]]
    assert text.grids[1] is None and text.grids[3] is None    # never held a character
    assert text.shown() == "Dice\n" + " " * 14 + "x"
    assert text.grids[2][14 - 2 * CHUNK + 1 * text.grids[2].width] == ord("x") - 32
    text.text = "Dice"
    assert [g for g in text.node if not g.hidden] == [text.grids[0]]
    text.text = ""
    assert not [g for g in text.node if not g.hidden]
    text.text = "Dice\n" + " " * 14 + "y"          # shown again, not added twice
    assert [g for g in text.node] == [text.grids[0], text.grids[2]]
    assert not any(g.hidden for g in text.node)


def test_a_chunk_shown_again_is_one_area():
    """A chunk that comes back is drawn once: put back into the Group, the
    simulator's displayio refreshed its area twice (a help page ~550 ms)."""
    display, _root, text = setup()
    text.text = "x" * 26
    frame_cost.take(display)
    text.text = "x"
    frame_cost.take(display)
    text.text = "y" * 26
    areas, _ms = frame_cost.take(display)
    assert len(areas) == len(set(areas)) == len(text.grids)


def test_a_blanked_chunk_is_cleared_and_costs_no_layer():
    display, _root, text = setup()
    text.text = "Dice Wide Shut"
    frame_cost.take(display)
    text.text = "Dice"
    areas, ms = frame_cost.take(display)
    # The chunks of " Wide Shut" are redrawn with nothing over them.
    pixels = sum((a[2] - a[0]) * (a[3] - a[1]) for a in areas)
    assert pixels >= 2 * 2 * ui.LH * 10 * ui.CW     # at least " Wide Shut" at scale 2
    assert ms < pixels * (frame_cost.FILL_US + 0.5) / 1000
    image = display.render()
    x0 = 2 * (2 + 6 * ui.CW)                       # where "de Shut" was
    assert image.crop((x0, 24, 2 * (2 + 14 * ui.CW), 48)).getbbox() is None
    assert image.crop((4, 24, x0, 48)).getbbox() is not None      # "Dice" is still there


def test_the_menu_and_the_setup_cost_their_words():
    s = Session("pico_dice", seed=1)
    menu = full_frame_ms(s)
    s.press("A")
    setup_ms = full_frame_ms(s)
    # With one TileGrid of 26 columns a line the menu's frame was ~415 ms and
    # the Dice Wide Shut setup's ~430 (on the board 447 and 463).
    assert menu < 330
    assert setup_ms < 260


def test_a_new_screen_is_refreshed_twice_in_its_pass():
    """The firmware redraws the area of a layer hidden in a full frame at the
    next refresh; App.draw does that refresh at once after a new screen (so
    the answer to the press ends with it), and only then."""
    from dws_app.app import App
    s = Session("pico_dice", seed=4)
    refreshes = []
    refresh = s.hw.display.refresh
    s.hw.display.refresh = lambda *a, **k: refreshes.append(1) or refresh(*a, **k)
    s.app = App(s.hw)                    # a new run: the menu, shown by start()
    s.app.start()
    s.app.draw()
    assert len(refreshes) == 2
    s.press("DOWN")
    del refreshes[:]
    s.app.draw()                         # a move: one refresh
    assert len(refreshes) == 1
    s.press("UP", "A")                   # Dice Wide Shut's setup
    del refreshes[:]
    s.app.draw()
    s.app.draw()
    assert len(refreshes) == 3


def tiles(grid, width, lines):
    return ["".join(chr(grid[r * width + c] + 32) for c in range(width)) for r in range(lines)]


def test_a_text_sets_the_tiles_of_the_lines_that_changed_only():
    root = displayio.Group()
    text = ui.Text(root, 0, 0, 5, lines=3, text="ab\ncd\nef")
    text.grid[0] = ord("Z") - 32            # a tile no setter should touch again
    text.text = "ab\ncX\nef"
    assert tiles(text.grid, 5, 3) == ["Zb   ", "cX   ", "ef   "]
    text.text = "a\n\nf"                  # (only the characters that changed)
    assert tiles(text.grid, 5, 3) == ["Z    ", "     ", "f    "]
    assert text.shown() == "a\n\nf"


def test_a_character_beyond_ascii_shows_as_a_question_mark_in_its_own_cell():
    root = displayio.Group()
    for make in (lambda: ui.Text(root, 0, 0, 6, lines=2),
                 lambda: SparseText(root, 0, 0, 14, lines=2)):
        text = make()
        text.text = "caf\u00e9 ok\n\u00b0x"
        width = text.width
        if isinstance(text, SparseText):
            row0 = "".join(chr(text.grids[c // CHUNK][c % CHUNK] + 32) for c in range(7))
            assert row0 == "caf? ok"
        else:
            assert tiles(text.grid, width, 2) == ["caf? o", "?x    "]
        text.text = "cafe ok\nx"
        if not isinstance(text, SparseText):
            assert tiles(text.grid, width, 2) == ["cafe o", "x     "]


LINES = st.lists(st.text(alphabet=" ab~é", max_size=30), max_size=3).map("\n".join)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([1, 5, CHUNK, 8, 13, 26]), st.lists(LINES, min_size=1, max_size=6),
       st.sampled_from([CHUNK, 1, 4, 12, 26]))
def test_a_sparse_text_shows_the_tiles_of_a_plain_text(width, texts, chunk):
    """Whatever is set in turn, each cell's tile is the plain Text's, and
    the chunks (of any width) in the Group are exactly those with a
    character."""
    _display, root, sparse = setup(width, chunk)
    plain = ui.Text(root, 2, 40, width, lines=2)
    for value in texts:
        sparse.text = value
        plain.text = value
        assert sparse.text == plain.text
        for row in range(2):
            for col in range(width):
                k = col // chunk
                grid = sparse.grids[k]
                tile = 0 if grid is None else grid[col - k * chunk + row * grid.width]
                assert tile == plain.grid[col + row * width]
        lines = plain.text.split("\n")
        wanted = [sparse.grids[k] for k in range(len(sparse.grids))
                  if any(line[k * chunk:(k + 1) * chunk].strip() for line in lines)]
        assert {id(g) for g in sparse.node if not g.hidden} == {id(g) for g in wanted}
