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

REPO = Path(__file__).resolve().parent.parent


def test_committed_sheet_is_made_from_its_source():
    built = art.build(REPO)
    assert set(built) == {"lib/dws_app/dice.bmp", "lib/dws_app/cargo.bmp"}
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


def test_the_board_reads_the_same_sheet_without_the_loader(monkeypatch):
    """On the board the sheet is read by the firmware's bitmaptools, not by
    adafruit_imageload (whose names stay interned): the same pixels."""
    for name, w, h in (("dice.bmp", FACES * SIZE, 3 * SIZE), ("cargo.bmp", 3 * SIZE, 2 * SIZE)):
        path = str(REPO / "lib/dws_app" / name)
        loaded = dice_art._read(path, w, h)
        read = dice_art._read(path, w, h, _readinto)
        assert isinstance(loaded, displayio.Bitmap) and isinstance(read, displayio.Bitmap)
        assert (read.width, read.height) == (loaded.width, loaded.height) == (w, h)
        assert all(read[x, y] == loaded[x, y]
                   for x in range(read.width) for y in range(read.height))
        with pytest.raises(ValueError, match=name + " is not the sheet: make flash"):
            dice_art._read(path, w + SIZE, h, _readinto)   # another sheet's size


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


# ----- Cargo's ship, captain and crew (art/cargo.txt, cargo.bmp) ---------------------

def cargo_tiles():
    """{(form, role 0-2): the tile's rows of palette indices} of the loaded sheet."""
    sheet = dice_art.read("cargo.bmp", 3 * SIZE, 2 * SIZE)
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
