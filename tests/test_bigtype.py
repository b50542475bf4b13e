"""The lobby's large type (dws_app/lobby/bigtype.py): the font subset, the
winner's line drawn by bitmap_label, the terminal
font in its place when the library or the font is missing or bad, and the
texts fit the 160 logical pixels on both profiles."""

import os
import sys

import pytest

from adafruit_bitmap_font.bdf import BDF
from adafruit_display_text.bitmap_label import Label
import displayio

from dws_app import theme, ui
from dws_app.lobby import bigtype
from dws_app.lobby.menu import TITLE, MenuScreen
from dws_app.lobby.scores import winner_text
from sim.script import Session
from tests.test_app_records import finished_dws

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BDF_FILE = os.path.join(REPO, "lib", "dws_app", "lobby", "type9x15b.bdf")
PROFILES = ("pybadge", "pico_dice")
LIBRARIES = ("adafruit_display_text", "adafruit_bitmap_font")


# ---- the font subset --------------------------------------------------------

def test_the_committed_font_holds_every_printable_ascii_glyph():
    with open(BDF_FILE, "rb") as f:
        font = BDF(f, displayio.Bitmap)
        font.load_glyphs(range(32, 127))
        assert (font.ascent, font.descent) == (12, 3)
        for code in range(32, 127):
            glyph = font.get_glyph(code)
            assert glyph is not None, chr(code)
            assert glyph.shift_x == bigtype.ADVANCE and glyph.width == 9
            assert 1 <= glyph.height <= 15 and -3 <= glyph.dy and glyph.dy + glyph.height <= 12
        assert font.get_glyph(ord("M")).height == 10        # capitals 10 high
        assert font.get_glyph(0xE9) is None                 # nothing beyond ASCII
    text = open(BDF_FILE).read()
    assert "Public domain" in text and text.count("STARTCHAR") == 95


def test_the_committed_font_is_what_tools_font_makes():
    from tools import font
    assert os.path.exists(font.SOURCE), "make fat-tools installs Debian's xfonts-base"
    assert font.bdf() == open(BDF_FILE).read()


def test_make_flash_ships_the_font_and_its_libraries():
    from tools import flash
    for profile in PROFILES:
        plan = flash.build_plan(REPO, profile)
        assert plan["lib/dws_app/lobby/type9x15b.bdf"] == open(BDF_FILE, "rb").read()
        for path in ("lib/adafruit_display_text/__init__.py",
                     "lib/adafruit_display_text/bitmap_label.py",
                     "lib/adafruit_bitmap_font/__init__.py", "lib/adafruit_bitmap_font/bdf.py",
                     "lib/adafruit_bitmap_font/glyph_cache.py", "lib/adafruit_ticks.py"):
            assert path in plan, (profile, path)
        assert "lib/dws_app/lobby/type9x15b.txt" not in plan     # the licence stays here


# ---- on the screens ---------------------------------------------------------

def in_group(group, node):
    return any(n is node or (isinstance(n, displayio.Group) and in_group(n, node)) for n in group)


def drawn_box(grid):
    """(left, right) of the grid's pixels in the 160 logical pixels."""
    return grid.x, grid.x + grid.bitmap.width


def label_of(text, color):
    """bitmap_label's own drawing of ``text`` in the committed font."""
    with open(BDF_FILE, "rb") as f:
        font = BDF(f, displayio.Bitmap)
        font.load_glyphs(text)
        return Label(font, text=text, color=color)


def shows(grid, text, color):
    """The grid shows bitmap_label's drawing of ``text`` in ``color`` (its
    palette's ink; the rest clear)."""
    want = label_of(text, color).bitmap
    got = grid.bitmap
    assert (got.width, got.height) == (want.width, want.height)
    assert all(got[i] == want[i] for i in range(got.width * got.height))
    assert sum(got[i] for i in range(got.width * got.height)) > 10 * len(text.replace(" ", ""))
    shader = grid.pixel_shader
    return shader[1] == color and shader.is_transparent(0)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_winner_is_in_the_large_type_in_the_winners_colour(profile):
    for seed in range(1, 12):
        game = finished_dws(3, seed=seed)
        best = game.ranking()[0]
        if len(best) == 1 and best[0] > 0:
            break
    s = Session(profile, seed=3)
    s.app.show_scores(game)
    title = s.screen.title
    grid = title.grid
    assert isinstance(grid, displayio.TileGrid) and in_group(s.screen.root, grid)
    assert title.shown() == "Player %d wins!" % (best[0] + 1) and title.text is None
    assert shows(grid, title.shown(), theme.player_colour(best[0]))
    assert title.color == theme.player_colour(best[0])
    left, right = drawn_box(grid)
    assert 0 <= left and right <= ui.WIDTH + 4


def test_every_winner_line_fits_or_stays_in_the_terminal_font():
    """One winner: always the large type (17 characters in 160 pixels); a
    shared win too long for it keeps the terminal font's line."""
    for players in range(1, 9):
        assert bigtype.fits(winner_text([[players - 1]]))
    assert bigtype.fits(TITLE)
    assert bigtype.MAX_CHARS * bigtype.ADVANCE <= ui.WIDTH + 4
    s = Session("pybadge", seed=1)
    screen = ui.Screen(s.app)
    long_win = winner_text([[0, 1, 2, 3]])
    assert not bigtype.fits(long_win)
    title = bigtype.BigText(screen, 0, long_win, theme.ACCENT)
    assert title.grid is None and title.text.shown() == long_win[:ui.COLS]


# ---- without the library or the font ---------------------------------------

@pytest.fixture
def no_library(monkeypatch):
    """The libraries unimportable, as on a drive without them."""
    for name in list(sys.modules):
        if name.startswith(LIBRARIES):
            monkeypatch.delitem(sys.modules, name)
    for name in LIBRARIES:
        monkeypatch.setitem(sys.modules, name, None)


def check_terminal_font_scores(s):
    """The scores' winner line in the terminal font, the menu as ever."""
    game = finished_dws(2, seed=1)
    s.app.show_scores(game)
    title = s.screen.title
    assert title.grid is None and title.text.shown() == winner_text(game.ranking())
    assert s.app.last_error is None
    s.press("A")
    assert isinstance(s.screen, MenuScreen) and s.screen.title.shown().strip() == TITLE
    assert s.app.last_error is None


@pytest.mark.parametrize("profile", PROFILES)
def test_without_the_library_the_terminal_font_stands_in(no_library, profile):
    check_terminal_font_scores(Session(profile, seed=1))


def test_without_the_font_file_the_terminal_font_stands_in(monkeypatch):
    monkeypatch.setattr(bigtype, "FONT_FILE", "/lib/dws_app/lobby/no-such-font.bdf")
    check_terminal_font_scores(Session("pybadge", seed=1))


def bad_row(where):
    data = open(BDF_FILE, "rb").read()
    at = data.index(b"BITMAP\n", data.index(where)) + 7
    return data[:at] + b"zz!\n" + data[at:]


@pytest.mark.parametrize("body", [
    b"",                                                    # empty
    b"STARTFONT 2.1\nCOMMENT no bounding box\n",           # no FONTBOUNDINGBOX
    bad_row(b"ENCODING 80\n"),                             # a bad row in "P"
    open(BDF_FILE, "rb").read().split(b"STARTCHAR U+0041")[0],           # cut before "A"
])
def test_a_corrupt_font_file_leaves_the_terminal_font(monkeypatch, tmp_path, body):
    bad = tmp_path / "type9x15b.bdf"
    bad.write_bytes(body)
    import dws_app.drive
    monkeypatch.setattr(dws_app.drive, "find", lambda name: str(bad))
    check_terminal_font_scores(Session("pybadge", seed=1))


def test_on_the_board_the_libraries_are_let_go_once_drawn(monkeypatch):
    """draw() keeps a TileGrid and a palette: the label, the font and (where
    modules are forgotten, on the board) the libraries' code go at once."""
    import dws_app.memory
    kept = {name: mod for name, mod in sys.modules.items() if name.startswith(bigtype.LIBRARIES)}
    monkeypatch.setattr(dws_app.memory, "FORGETS", True)
    try:
        grid = bigtype.draw(TITLE, theme.ACCENT)
        assert isinstance(grid, displayio.TileGrid)
        assert [n for n in sys.modules if n.startswith(bigtype.LIBRARIES)] == []
    finally:
        sys.modules.update(kept)
    assert type(grid.bitmap) is displayio.Bitmap and type(grid.pixel_shader) is displayio.Palette
