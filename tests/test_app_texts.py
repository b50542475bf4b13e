"""Every text the app shows fits its place, on both profiles.

A ``ui.Text`` is a fixed grid of cells: a longer line is cut, and so is a
line beyond its last; ``ui.fit``, ``ui.centre`` and ``ui.wrap`` cut too.
``Cut`` records what each was asked to show against what it could show,
while the screenshot scenes, a walk through every setup row and option and
help page, and seeded button storms through every game (humans, device
seats, hints, refusals, pass screens, scores) run on the simulated hardware.
Any cut text fails the test with the screen it was on, and so does a
shorthand a newcomer must decode (``SHORTHANDS``: the glossary in
docs/rules/README.md says the words the screens use instead).
"""

import os
import random
import re

import pytest

from dws_app import ui
from dws_app.catalog import game_ids
from sim.screenshots import scenes
from sim.script import Session
from dws_app.lobby.setup import start_game

PROFILES = ("pybadge", "pico_dice")
# Shorthands no screen may show: whole words (any case), and marks.
SHORTHAND_WORDS = ("rnd", "pts", "exp", "hld", "tot")
SHORTHAND_MARKS = ("[S]", "[x]", "[ ]", "^:", "<>v")
SHORTHAND = re.compile(r"(?<![A-Za-z])(%s)(?![A-Za-z])" % "|".join(SHORTHAND_WORDS), re.I)
RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "rules")


def shorthands(text):
    """The shorthands in ``text``."""
    return [m.group(0) for m in SHORTHAND.finditer(text)] + [m for m in SHORTHAND_MARKS if m in text]
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
WEIGHTS = (10, 10, 12, 12, 40, 6, 1, 4)


class Cut:
    """Wraps ui.fit, ui.wrap and Text._pad; ``found`` maps each text that
    did not fit to the screen it was on."""

    def __init__(self, monkeypatch):
        self.found = {}
        self.shorthand = {}         # a text with a shorthand -> the screen it was on
        self.where = "?"
        fit, wrap, pad = ui.fit, ui.wrap, ui.Text._pad
        cut = self

        def fitting(text, width):
            cut.seen(text)
            if len(text) > width:
                cut.note(text, width)
            return fit(text, width)

        def wrapping(text, width, lines):
            cut.seen(text)
            out = wrap(text, width, lines)
            if " ".join(out).split() != text.split():    # a word broken or lines dropped
                cut.note(text, width)
            return out

        def padding(self, text):
            cut.seen(text)
            rows = text.split("\n")
            if len(rows) > self.lines and any(r.strip() for r in rows[self.lines:]):
                cut.note(text, self.width)
            for row in rows:
                if len(row) > self.width:
                    cut.note(row, self.width)
            return pad(self, text)

        monkeypatch.setattr(ui, "fit", fitting)
        monkeypatch.setattr(ui, "wrap", wrapping)
        monkeypatch.setattr(ui.Text, "_pad", padding)

    def note(self, text, width):
        """Keep the first of the texts alike but for their numbers."""
        key = "".join("9" if c.isdigit() else c for c in text.rstrip())
        self.found.setdefault(key, "%r (%d columns) %s" % (text.rstrip(), width, self.where))

    def seen(self, text):
        if shorthands(text):
            self.shorthand.setdefault(text.strip(), self.where)

    def check(self):
        assert not self.found, "\n".join(sorted(self.found.values()))
        assert not self.shorthand, "\n".join("%r %s" % t for t in sorted(self.shorthand.items()))


def storm(profile, game_id, seed, events, players, seats, options=None):
    """Random presses (mostly A and arrows) through one game from its start."""
    s = Session(profile, seed=seed)
    start_game(s.app, game_id, players, options, seed=seed, seats=seats)
    rnd = random.Random(seed)
    for _ in range(events):
        name = rnd.choices(NAMES, WEIGHTS)[0]
        if name == "START" and type(s.screen).__name__ != "MenuScreen":
            continue                   # stay in the game
        s.press(name)
        if rnd.random() < 0.05:
            s.wait(400)                # device seats play, animations end
        if type(s.screen).__name__ == "ScoresScreen":
            s.press("A")
            break
    return s


def walk_setup(s, game_id):
    """Every row of the setup of ``game_id``, every value of each, every seat
    level, then every help page from there."""
    s.app.home()
    menu = s.screen.menu
    from dws_app.catalog import title_of
    while menu.items[menu.index] != title_of(game_id):
        s.press("DOWN")
    s.press("A")
    setup = s.screen
    for _row in range(len(setup.rows)):
        for _v in range(7):
            s.press("RIGHT")
            if setup.rows[setup.menu.index] == "seats":
                for _seat in range(setup.players):
                    for _lv in range(5):
                        s.press("RIGHT")
                    s.press("A")
        s.press("DOWN")
    s.press("SELECT")
    for _ in range(30):
        s.press("DOWN")
    s.press("B")


def configs(game_id, seed):
    """A few (players, seats, options) of ``game_id``: one human alone, humans
    only, one human against device seats, a mix; options drawn at random."""
    from dws_app.levels import level_names
    from dws_core.games import game_class
    cls = game_class(game_id)
    names = level_names(game_id)
    rnd = random.Random(seed)
    out = []
    for players, seats in ((1, None), (2, None), (3, ["d", None, "d"]), (4, [None, "d", None, "d"]),
                           (2, [None, "d"])):
        players = max(cls.MIN_PLAYERS, min(players, cls.MAX_PLAYERS))
        if seats is not None and names:
            seats = [lv and rnd.choice(names) for lv in seats][:players]
            seats += [None] * (players - len(seats))
        else:
            seats = None
        options = dict((name, rnd.choice(choices)) for name, choices in cls.OPTIONS)
        out.append((players, seats, options))
    return out


def test_shorthands_are_found():
    assert shorthands("P1 rnd 1 -50pts") == ["rnd", "pts"]
    assert shorthands("Hint: 9.8% shut, exp 11.0") == ["exp"]
    assert shorthands("Rnd\nTot") == ["Rnd", "Tot"]
    assert shorthands("Seats  H [S] E") == ["[S]"]
    assert shorthands("A:roll ^:accept <>v:hold") == ["^:", "<>v"]
    assert shorthands("Round 2 of 4  Total 31, expect 8.2, 2 held") == []


def test_help_pages_use_no_shorthand():
    """The device's help pages (docs/rules/*.txt, read from the drive)."""
    found = []
    for name in sorted(os.listdir(RULES)):
        if name.endswith(".txt"):
            with open(os.path.join(RULES, name)) as f:
                for n, line in enumerate(f, 1):
                    if shorthands(line):
                        found.append("%s:%d %s" % (name, n, line.rstrip()))
    assert os.path.exists(os.path.join(RULES, "dice-wide-shut.txt")) and not found, found


@pytest.mark.parametrize("profile", PROFILES)
def test_every_text_fits(profile, monkeypatch):
    cut = Cut(monkeypatch)
    cut.where = "scene menu"
    for name, _session in scenes(profile):
        cut.where = "after scene " + name
    s = Session(profile, seed=4)
    for gid in game_ids():
        cut.where = "setup/help of game %d" % gid
        walk_setup(s, gid)
    for gid in game_ids():
        for seed in (1, 2):
            for players, seats, options in configs(gid, seed):
                cut.where = "game %d, %d players, seats %s, %s" % (gid, players, seats, options)
                storm(profile, gid, 10 * gid + players + seed, 1500, players, seats, options)
    cut.check()


def test_setup_offers_only_rows_that_change_in_player_words():
    """Shut the Box's setup keeps its title on screen and says no engine
    identifiers; the Dice roller offers no players or seats row (one player,
    no device play)."""
    from dws_app.lobby.setup import SetupScreen
    s = Session("pybadge", seed=1)
    setup = SetupScreen(s.app, 2)
    s.app.push(setup)
    assert setup.menu.y0 > 0                     # the title's line is kept
    texts = [setup.row_text(r) for r in setup.rows]
    for i in range(len(setup.rows)):             # every value of every row
        setup.menu.index = i
        for _ in range(6):
            setup.change(1)
            texts += [setup.row_text(r) for r in setup.rows]
    for t in texts:
        assert "_" not in t and "<turns>" not in t, t
    setup.menu.index = setup.rows.index("seats")
    seen = set()
    for _ in range(len(setup.levels) + 1):      # the seat's levels in words
        seen.add(setup.row_text("seats").split("<")[1].strip(">"))
        setup.change(1)
    assert seen == {"guest", "easy", "bold", "low-score", "strong"}
    dice = SetupScreen(s.app, 5)
    assert dice.rows[0] not in ("players", "seats") and "seats" not in dice.rows


def test_menu_hint_offers_select_only_where_it_opens_help():
    """"SELECT:help" under a game (or Continue: that game's help), not
    under Records or Settings, where SELECT does nothing."""
    s = Session("pybadge", seed=1)
    menu = s.screen
    for _ in range(len(menu.menu.items)):
        kind = menu.selected()[0]
        offered = "SELECT:help" in menu.sub.shown()
        assert offered == (kind in ("game", "continue")), (kind, menu.sub.shown())
        s.press("SELECT")
        assert (type(s.screen).__name__ == "HelpScreen") == offered
        if offered:
            s.press("B")
        s.press("DOWN")


@pytest.mark.parametrize("profile", PROFILES)
def test_texts_without_table_files_fit(profile, monkeypatch, no_table_files):
    """The drive without its tables: the seats' and hints' notes fit too."""
    cut = Cut(monkeypatch)
    for gid in (1, 2, 3, 4):
        from dws_app.levels import level_names
        strongest = level_names(gid)[-1]
        cut.where = "game %d without table files" % gid
        storm(profile, gid, gid, 600, 3, [None, strongest, level_names(gid)[1]])
    cut.check()


@pytest.mark.parametrize("profile", PROFILES)
def test_large_type_fits_the_width(profile):
    """The menu's title and a winner's line in the large type (9 pixels a
    glyph): drawn inside the 160 logical pixels, or, too wide (a shared
    win of many), left to the terminal font."""
    from dws_app import theme
    from dws_app.lobby import bigtype
    from dws_app.lobby.menu import TITLE
    from dws_app.lobby.scores import winner_text
    s = Session(profile, seed=1)
    screen = ui.Screen(s.app)
    rankings = [[[p]] for p in range(8)] + [[list(range(n))] for n in range(2, 9)]
    names = ["Player %d" % (p + 1) for p in range(8)]
    for text in [TITLE] + [winner_text(r, names) for r in rankings]:
        title = bigtype.BigText(screen, 0, text, theme.ACCENT)
        if title.grid is None:
            assert len(text) * bigtype.ADVANCE > ui.WIDTH + 4 and title.text.shown() == text[:ui.COLS]
        else:
            assert 0 <= title.grid.x and title.grid.x + title.grid.width * bigtype.ADVANCE <= ui.WIDTH + 4, text
    assert bigtype.BigText(screen, 0, TITLE, theme.ACCENT).grid is not None
    assert bigtype.BigText(screen, 0, "Player 8 wins!", theme.ACCENT).grid is not None
