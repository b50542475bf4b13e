"""The dice's sprite sheet: the committed BMP is what tools/art.py makes of
art/dice.txt, the game loads it into a small Bitmap, each die shows the
tile of its value, and every state of a die differs from the others in its
pixels' shape (which palette index each pixel has), not only in colour."""

import sys
import types
from pathlib import Path

import displayio
import pytest

from dws_app import dice_art, theme
from dws_app.dice_art import FACES, FRAMED, HOLLOW, PLAIN, SIZE, Die
from tools import art
from dws_app.play.opening import open_game

REPO = Path(__file__).resolve().parent.parent


def test_committed_sheet_is_made_from_its_source():
    built = art.build(REPO)
    assert set(built) == {"lib/dws_app/dice.bmp", "lib/dws_app/board.bmp", "lib/dws_app/cargo.bmp",
                          "lib/dws_app/flaps.bmp", "lib/dws_app/bonus.bmp"}
    for path, data in built.items():
        assert (REPO / path).read_bytes() == data, "run python -m tools.art"
    assert art.main(["--check"]) == 0


def test_source_has_three_styles_of_seven_faces():
    size, legend, styles, rows = art.parse((REPO / "art/dice.txt").read_text())
    assert size == SIZE
    assert styles == ["plain", "framed", "hollow"]       # PLAIN, FRAMED, HOLLOW
    assert sorted(legend.values()) == [0, 1, 2, 3]
    assert len(rows) == 3 * SIZE and all(len(r) == FACES * SIZE for r in rows)


def test_art_errors_name_the_problem():
    with pytest.raises(art.ArtError, match="not in the legend"):
        art.parse("size 2\nlegend . 0 t\nstyle a\n.x\n..\n")
    with pytest.raises(art.ArtError, match="tiles of 2"):
        art.parse("size 2\nlegend . 0 t\nstyle a\n...\n..\n")
    with pytest.raises(art.ArtError, match="has 1 lines"):
        art.parse("size 2\nlegend . 0 t\nstyle a\n..\n")
    with pytest.raises(art.ArtError, match="has 2 lines, not 3"):
        art.parse("size 2 3\nlegend . 0 t\nstyle a\n..\n..\n")


def test_tiles_may_be_wider_than_high():
    """``size W H``: tiles W wide and H high."""
    size, _legend, _styles, rows = art.parse("size 3 1\nlegend . 0 t\nlegend o 1 d\n"
                                             "style a\no.. ..o\n")
    assert size == 3 and rows == [[1, 0, 0, 0, 0, 1]]


def tile(style, value):
    """The tile's palette indices, as rows of the loaded sheet."""
    sheet = dice_art.sheet()
    x0 = value * SIZE
    y0 = style * SIZE
    return tuple(tuple(sheet[x0 + x, y0 + y] for x in range(SIZE)) for y in range(SIZE))


def pips(t):
    return sum(row.count(2) for row in t)


def test_the_sheet_loads_once_at_two_bits_a_pixel():
    sheet = dice_art.sheet()
    assert dice_art.sheet() is sheet
    assert (sheet.width, sheet.height) == (FACES * SIZE, 3 * SIZE)
    assert isinstance(sheet, displayio.Bitmap)
    assert max(sheet[x, y] for x in range(sheet.width) for y in range(sheet.height)) == 3


def _readinto(bitmap, f, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
              reverse_rows=False):
    """What the board's ``bitmaptools.readinto`` does with the arguments the
    sheet's reader gives it (for 4 bits a pixel, first pixel in the high
    nibble; each row padded to ``element_size`` bytes; the last row first)."""
    assert bits_per_pixel == 4 and reverse_pixels_in_element
    per_row = -(-bitmap.width // 2 // element_size) * element_size
    rows = range(bitmap.height - 1, -1, -1) if reverse_rows else range(bitmap.height)
    for y in rows:
        row = f.read(per_row)
        for x in range(bitmap.width):
            bitmap[x, y] = row[x // 2] >> (0 if x % 2 else 4) & 15


@pytest.mark.parametrize("name, size", (("dice.bmp", (FACES * SIZE, 3 * SIZE)),
                                        ("board.bmp", (72, 48)),
                                        ("cargo.bmp", (3 * SIZE, 2 * SIZE)),
                                        ("flaps.bmp", (39, 24)),
                                        ("bonus.bmp", (40, 4))))
def test_the_board_reads_the_same_sheet_without_the_loader(name, size):
    """On the board the sheet is read by the firmware's bitmaptools, not by
    adafruit_imageload (whose names stay interned): the same pixels."""
    path = str(REPO / "lib/dws_app" / name)
    loaded = dice_art._read(path, None, *size)
    read = dice_art._read(path, _readinto, *size)
    assert isinstance(loaded, displayio.Bitmap) and isinstance(read, displayio.Bitmap)
    assert (read.width, read.height) == (loaded.width, loaded.height)
    assert all(read[x, y] == loaded[x, y]
               for x in range(read.width) for y in range(read.height))


@pytest.mark.parametrize("content", (None, b"", b"# notes\n" * 20, b"BM" + bytes(60)))
def test_a_missing_or_foreign_sheet_gets_one_clear_line(tmp_path, monkeypatch, content):
    """No sheet, or a file that is not it: a ValueError naming the file and
    the fix (the error screen's line), on the board's reader and the loader's."""
    from dws_app import drive
    path = tmp_path / "dice.bmp"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(dice_art, "_sheet", [])
    monkeypatch.setattr(drive, "find", lambda name: str(path) if path.exists() else None)
    for bitmaptools in (types.SimpleNamespace(readinto=_readinto), None):
        monkeypatch.setitem(sys.modules, "bitmaptools", bitmaptools)
        with pytest.raises(ValueError, match="dice.bmp .*make flash writes it"):
            dice_art.sheet()
        assert dice_art._sheet == []


def test_faces_have_their_number_of_pips():
    for style in (PLAIN, FRAMED, HOLLOW):
        for value in range(FACES):
            assert pips(tile(style, value)) == 4 * value, (style, value)


def test_states_differ_in_shape():
    for value in range(FACES):
        shapes = [tile(style, value) for style in (PLAIN, FRAMED, HOLLOW)]
        assert len(set(shapes)) == 3, value
        # ...and not by the pips' colour alone: the face or the frame differs.
        masks = [tuple(tuple(v in (1, 3) for v in row) for row in t) for t in shapes]
        assert len(set(masks)) == 3, value


def test_a_die_shows_the_tile_of_its_value_and_style():
    root = displayio.Group()
    die = Die(root, 5, 7)
    assert die.node in root and (die.node.x, die.node.y) == (5, 7)
    for style in (PLAIN, FRAMED, HOLLOW):
        for value in range(FACES):
            die.show(value, style, theme.DIE_BG[0], theme.WHITE, theme.ACCENT)
            assert die.grid[0] == style * FACES + value
            assert (die.value, die.style) == (value, style)
    assert die.colours == (theme.DIE_BG[0], theme.WHITE, theme.ACCENT)
    pal = die.palette
    assert (pal[1], pal[2], pal[3]) == (theme.DIE_BG[0], theme.WHITE, theme.ACCENT)
    assert pal.is_transparent(0)
    big = Die(root, 0, 0, scale=2)
    assert big.node.scale == 2 and big.grid in big.node


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_dice_wide_shut_dice_show_value_and_state(profile):
    """A device turn: free dice plain in their colour, the dice taken this
    turn framed, the used ones hollow; each die's tile is its value's."""
    from sim.screenshots import _device_turn
    s = _device_turn(profile)
    seen = set()
    for _ in range(40):
        screen = s.screen
        g = screen.game
        if type(screen).__name__ == "DwsScreen" and not screen.animating():
            for i, die in enumerate(screen.dice):
                style = FRAMED if i in g.picked else PLAIN if g.dice_free[i] else HOLLOW
                assert die.grid[0] == style * FACES + g.dice_value[i]
                colour = theme.DIE_BG[g.dice_colour[i]]
                assert die.colours[0] == {PLAIN: colour, FRAMED: theme.WHITE,
                                          HOLLOW: theme.TAKEN_FG}[style]
                seen.add(style)
        s.wait(100)
    assert seen == {PLAIN, FRAMED, HOLLOW}


def test_dice_fit_between_the_board_and_the_messages():
    """The dice row of a 4-dice-a-colour game (9 dice) inside the width and
    under the board's last line, the cursor's box around a die too."""
    from sim.play import finish_interludes
    from sim.screenshots import _dws_session
    for profile in ("pybadge", "pico_dice"):
        s = _dws_session(profile)
        finish_interludes(s)
        screen = s.screen
        assert type(screen).__name__ == "DwsScreen"
        first, last = screen.dice[0].node, screen.dice[-1].node
        assert len(screen.dice) == 9
        assert first.x - 1 >= 0 and last.x + SIZE + 1 <= 160
        assert first.y - 1 >= 6 * 12 + 11        # the board's last glyph row
        assert first.y + SIZE <= screen.row_y(8) + 1   # the message glyphs' first row is blank


# ----- the Dice Wide Shut board (art/board.txt -> board.bmp) ------------------------

def board_sheet():
    from dws_app.play.game_dws import BOARD_SHEET, SHEET_H, SHEET_W
    return dice_art.read_sheet(BOARD_SHEET, SHEET_W, SHEET_H)


def board_tile(sheet, t, size=12):
    """Tile ``t`` of the board sheet (``size`` pixels a side) as rows of indices."""
    per_row = sheet.width // size
    x0 = t % per_row * size
    y0 = t // per_row * size
    return tuple(tuple(sheet[x0 + x, y0 + y] for x in range(size)) for y in range(size))


def test_board_source_has_three_states_of_six_faces_and_the_numbers():
    from dws_app.play.game_dws import SHEET_H, SHEET_W, TILE
    size, legend, styles, rows = art.parse((REPO / "art/board.txt").read_text())
    assert size == TILE
    assert styles == ["empty", "checked", "crossed", "numbers"]   # EMPTY, CHECKED, CROSSED
    assert sorted(legend.values()) == [0, 1, 2, 3]       # 2 bits a pixel on the board
    assert (len(rows[0]), len(rows)) == (SHEET_W, SHEET_H)
    sheet = board_sheet()
    assert (sheet.width, sheet.height) == (SHEET_W, SHEET_H)


def test_board_cells_show_their_die_face():
    """Empty: the value's pips in the bright colour in a hollow face;
    checked: in white on a filled face (in a bright frame); each face has
    4 pixels a pip."""
    sheet = board_sheet()
    for value in range(1, 7):
        empty = board_tile(sheet, value - 1)
        checked = board_tile(sheet, 6 + value - 1)
        assert sum(r.count(2) for r in empty) == 4 * value, value
        assert sum(r.count(3) for r in checked) == 4 * value, value
        x0 = 2 if value == 6 else 0       # a 6-cell: 2 pixels apart from its grid
        assert all(v != 0 for row in checked[1:11] for v in row[x0:]), value   # filled
        assert all(v == 0 for row in empty[1:11] for v in row[x0 + 1:11] if v != 2)  # hollow


def test_board_states_differ_in_shape():
    """Empty, checked and crossed (a spent 6) differ in which pixels are
    drawn at all, and in which are outline/fill or white (the X): not by a
    colour alone."""
    sheet = board_sheet()
    for value in range(1, 7):
        tiles = [board_tile(sheet, state * 6 + value - 1) for state in range(3)]
        drawn = [tuple(tuple(v != 0 for v in row) for row in t) for t in tiles]
        solid = [tuple(tuple(v in (1, 3) for v in row) for row in t) for t in tiles]
        assert len(set(drawn)) == 3 and len(set(solid)) == 3, value
        empty, checked, crossed = tiles
        # the X: its diagonals white over the hollow face
        (y, x) = (2, 3) if value == 6 else (1, 1)
        assert crossed[y][x] == crossed[y][10] == 3 and empty[y][x] == 0


def test_board_number_tiles_are_the_digits():
    """The small numbers: " -0123456789" as tens (drawn right of their
    6-pixel tile) and as units (drawn left of it), all different."""
    from dws_app.play.game_dws import NUMBER, TENS, UNITS, number_tiles
    from dws_helpers import GLYPHS
    sheet = board_sheet()
    tens = [board_tile(sheet, TENS + k, NUMBER) for k in range(len(GLYPHS))]
    units = [board_tile(sheet, UNITS + k, NUMBER) for k in range(len(GLYPHS))]
    assert len(set(tens)) == len(set(units)) == len(GLYPHS)
    assert not any(any(r) for r in tens[0]) and not any(any(r) for r in units[0])
    for k in range(1, len(GLYPHS)):
        assert all(row[:2] == (0, 0) for row in tens[k])         # right-aligned
        assert all(row[3:] == (0, 0, 0) for row in units[k])     # left-aligned
        assert tens[k][5] == units[k][5] == (0,) * NUMBER         # a blank last row
    assert number_tiles(15) == (TENS + 3, UNITS + 7)
    assert number_tiles(-5) == (TENS + 1, UNITS + 7)
    assert number_tiles(3) == (TENS, UNITS + 5)
    assert number_tiles(0) == (TENS, UNITS + 2)
    assert number_tiles(-12) == number_tiles(-9) and number_tiles(150) == number_tiles(99)
    for v in range(-9, 100):        # every score shown: the glyphs of "%2d"
        tens, units = number_tiles(v)
        assert GLYPHS[tens - TENS] + GLYPHS[units - UNITS] == "%2d" % v


EXAMPLE_5 = ("xxxx.\nxx.x.\nxxx..\nxx.x.\nx.x..", "x..xx\n/////\nx.xxx\nx.xxx\nx.xxx")


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_the_board_shows_rule_books_example_5(profile):
    """../shared/RULES.md 1.9's Ex. 5 board (total 53) through the engine: each tile
    is its cell's state and face, the 6-cells theirs, the numbers under the
    halves the engine's column scores (15 10 3 4 -5, 8 -5 7 8 8)."""
    from dws_helpers import position, shown_half, shown_scores
    from dws_core.dws import BLUE, RED
    from sim.play import finish_interludes
    from sim.script import Session
    game = position(players=2, current=0, red=EXAMPLE_5[0], blue=EXAMPLE_5[1],
                    red_sixes=[1, 2, 0, 0, 0], blue_sixes=[0, 0, 0, 2, 1])
    s = Session(profile, seed=2)
    open_game(s.app, game)
    screen = finish_interludes(s)
    assert type(screen).__name__ == "DwsScreen"
    assert shown_half(screen, RED) == (EXAMPLE_5[0], "x#...")
    assert shown_half(screen, BLUE) == (EXAMPLE_5[1], "...#x")
    cols = game.column_scores(0)
    assert cols == [15, 10, 3, 4, -5, 8, -5, 7, 8, 8]
    assert shown_scores(screen, RED) == cols[:5] and shown_scores(screen, BLUE) == cols[5:]
    assert screen.header.shown() == "Player 1 Round 1 53"     # (no room for "Score")
    # the crossed row of blue: the X tiles of faces 2 (blue: the row's value)
    assert [screen.halves[BLUE][6 + c] for c in range(5)] == [2 * 6 + 1] * 5
    # each half in its die colour
    for half in (RED, BLUE):
        pal = screen.halves[half].pixel_shader
        assert screen.numbers[half].pixel_shader is pal
        assert (pal[1], pal[2], pal[3]) == (theme.DIE_BG[half], theme.DIE_FG[half], theme.WHITE)


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_board_fits_between_the_header_and_the_dice(profile):
    """Both halves with their 6-cells and numbers inside the 160 logical
    pixels, under the header line, above the dice; the cursor's box on
    every cell stays on the screen and around its cell."""
    from dws_app.play.game_dws import BOARD_Y, NUMBER, TILE, cell_x
    from sim.play import finish_interludes
    from sim.screenshots import _dws_session
    s = _dws_session(profile)
    screen = finish_interludes(s)
    red, blue = screen.halves
    assert red.x >= 0 and red.x + 6 * TILE < blue.x and blue.x + 6 * TILE <= 160
    assert red.y == blue.y == BOARD_Y >= 12                     # the header's line above
    for grid in screen.numbers:
        assert grid.y >= BOARD_Y + 5 * TILE
        assert grid.y + NUMBER <= screen.dice[0].node.y - 1     # the dice row (its box)
    for bx in range(12):
        x = cell_x(bx)
        assert 1 <= x - 1 and x - 1 + TILE + 2 <= 160
        half = screen.halves[bx // 6]
        assert half.x <= x < half.x + 6 * TILE
    nodes = [n for n in screen.root if n is not screen.cell_box]
    assert red in nodes and blue in nodes


# ----- Cargo's ship, captain and crew (art/cargo.txt, cargo.bmp) ---------------------

def cargo_tiles():
    """{(form, role 0-2): the tile's rows of palette indices} of the loaded sheet."""
    sheet = dice_art.read_sheet("/lib/dws_app/cargo.bmp", 3 * SIZE, 2 * SIZE)
    return {(form, r): tuple(tuple(sheet[r * SIZE + x, form * SIZE + y] for x in range(SIZE))
                             for y in range(SIZE))
            for form in (0, 1) for r in range(3)}


def test_cargo_source_has_an_empty_and_a_banked_row_of_three():
    size, legend, styles, rows = art.parse((REPO / "art/cargo.txt").read_text())
    assert size == SIZE and styles == ["empty", "banked"]
    assert sorted(legend.values()) == [0, 1, 2, 3]
    assert len(rows) == 2 * SIZE and all(len(r) == 3 * SIZE for r in rows)


def test_banked_and_empty_pictures_differ_in_shape():
    """Empty: a grey outline only (index 3); banked: filled in the role's
    colour (1) with dark details (2), no outline; the two forms of a role
    cover different pixels, the three roles differ from each other; the
    last two pixel rows are blank (the cursor's box under the header)."""
    tiles = cargo_tiles()
    for r in range(3):
        empty, banked = tiles[0, r], tiles[1, r]
        used_e = {v for row in empty for v in row}
        used_b = {v for row in banked for v in row}
        assert used_e == {0, 3} and used_b == {0, 1, 2}, r
        drawn_e = sum(v != 0 for row in empty for v in row)
        filled_b = sum(v != 0 for row in banked for v in row)
        assert filled_b > drawn_e * 1.2, r          # filled, not an outline
        # the outline is the banked picture's shape: inside it, never outside
        assert all(banked[y][x] != 0 for y in range(SIZE) for x in range(SIZE)
                   if empty[y][x]), r
        for t in (empty, banked):
            assert not any(t[SIZE - 2]) and not any(t[SIZE - 1]), r
    masks = [tuple(tuple(v != 0 for v in row) for row in tiles[1, r]) for r in range(3)]
    assert len(set(masks)) == 3


# ----- Shut the Box's flaps (art/flaps.txt, flaps.bmp) --------------------------------

def flap_tiles():
    """[open, chosen, shut]: each flap tile's rows of palette indices."""
    from dws_app.play.game_stb import FLAP_H, FLAP_W, FLAPS_SHEET
    sheet = dice_art.read_sheet(FLAPS_SHEET, 3 * FLAP_W, FLAP_H)
    return [tuple(tuple(sheet[s * FLAP_W + x, y] for x in range(FLAP_W)) for y in range(FLAP_H))
            for s in range(3)]


def test_flaps_source_has_three_states_on_a_rail():
    from dws_app.play.game_stb import FLAP_H, FLAP_W
    size, legend, styles, rows = art.parse((REPO / "art/flaps.txt").read_text())
    assert size == FLAP_W and styles == ["flaps"]
    assert sorted(legend.values()) == [0, 1, 2, 3]        # 2 bits a pixel on the board
    assert len(rows) == FLAP_H and all(len(r) == 3 * FLAP_W for r in rows)


def test_flap_states_differ_in_shape():
    """Open stands up (tan face, index 1), chosen is tipped (shorter,
    narrower at its foot, green face 3), shut lies flat (a low slab of
    dark wood 2, no face for a number): the drawn pixels differ, the
    heights say which is which; every tile ends in the same rail, and the
    last column is a gap (above the rail) between flaps."""
    from dws_app.play.game_stb import CHOSEN, FLAP_H, FLAP_W, NUMBER_Y, OPEN, SHUT
    tiles = flap_tiles()
    drawn = [tuple(tuple(v != 0 for v in row) for row in t) for t in tiles]
    assert len(set(drawn)) == 3

    def top(t):
        return min(y for y in range(FLAP_H) if any(t[y]))
    assert top(tiles[OPEN]) == 0 < top(tiles[CHOSEN]) < top(tiles[SHUT]) >= FLAP_H - 9
    faces = [sum(row.count(k) for row in t) for t, k in zip(tiles, (1, 3, 2))]
    assert faces[OPEN] > faces[CHOSEN] > faces[SHUT] > 0
    assert not any(3 in row for row in tiles[OPEN] + tiles[SHUT])   # green: chosen only
    assert tiles[CHOSEN][FLAP_H - 5][0] == 0 != tiles[CHOSEN][NUMBER_Y[1] + 9][0]  # narrower foot
    for t in tiles:
        assert t[-2:] == tiles[OPEN][-2:] and all(v for row in t[-2:] for v in row)  # the rail
        assert all(row[FLAP_W - 1] == 0 for row in t[:-2])
    # an open and a chosen flap's number (glyph rows 2..9, 12 pixels wide at most)
    # lies on its face (colour 1 or 3), inside the outline
    for state, colour in ((OPEN, 1), (CHOSEN, 3)):
        t = tiles[state]
        for y in range(NUMBER_Y[state] + 2, NUMBER_Y[state] + 10):
            assert all(v == colour for v in t[y][1:11]), (state, y)


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_shut_flaps_hide_their_number(profile):
    """A game of 12 tiles with some shut and one chosen: each flap shows
    its state's tile; the shut ones' numbers are hidden."""
    from dws_app.play.game_stb import CHOSEN, OPEN, SHUT
    from sim.play import open_setup, setup_and_start
    from sim.play_stb import settle, stb_step
    from sim.script import Session
    s = Session(profile, seed=3)
    open_setup(s, "Shut the Box")
    setup_and_start(s, 1, {"tiles": 12})
    screen = settle(s)
    g = screen.game
    while g.phase != 2:
        s.press("A")
        screen = settle(s)
    while ("confirm",) not in g.legal_steps():   # the first roll's tiles, shut
        stb_step(s, [st for st in g.legal_steps() if st[0] == "shut"][-1])
    stb_step(s, ("confirm",))
    while g.phase != 2:
        s.press("A")
        screen = settle(s)
    stb_step(s, [st for st in g.legal_steps() if st[0] == "shut"][0])
    states = set()
    for i in range(12):
        state = CHOSEN if g.selection >> i & 1 else OPEN if g.boxes[0] >> i & 1 else SHUT
        states.add(state)
        assert screen.flaps[i] == state
        assert screen.numbers[i].hidden == (state == SHUT)
    assert states == {OPEN, CHOSEN, SHUT}


# ----- DicedOut's bonus dots (art/bonus.txt, bonus.bmp) -------------------------------

def test_bonus_source_has_two_dots_under_one_digit_and_under_two():
    """Two tiles of a number cell's width: each two 2x2 dots in its last
    two rows (the rows above: the cell's background), one digit's closer
    together than two digits' (one under each)."""
    from dws_app.play.game_dicedout import BONUS_SHEET, DOTS_H, DOTS_W
    size, legend, styles, rows = art.parse((REPO / "art/bonus.txt").read_text())
    assert size == DOTS_W and styles == ["dots"] and sorted(legend.values()) == [0, 1]
    assert len(rows) == DOTS_H and len(rows[0]) == 2 * DOTS_W
    sheet = dice_art.read_sheet(BONUS_SHEET, 2 * DOTS_W, DOTS_H)
    spans = []
    for t in range(2):
        px = [(x, y) for x in range(DOTS_W) for y in range(DOTS_H) if sheet[t * DOTS_W + x, y]]
        assert len(px) == 8 and {y for _, y in px} == {DOTS_H - 2, DOTS_H - 1}
        xs = sorted({x for x, _ in px})
        assert xs[1] - xs[0] == 1 and xs[3] - xs[2] == 1 and xs[2] - xs[1] > 1
        spans.append(xs[3] - xs[0])
    assert spans[0] < spans[1]
