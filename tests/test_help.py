"""The help's pages: the buttons first, then the rules read page by page from
docs/rules/<game>.txt (found beside the running code), which fit the 160x128
screen; a missing or damaged file is one line, never a traceback."""
import ast
import os
import sys
from pathlib import Path

import pytest

from bench.micropython import run_source
from dws_app import drive
from dws_app.lobby import help as help_mod
from dws_app import ui
from dws_core.games import GAMES
from sim.script import Session

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "docs" / "rules"
TITLES = [(r[0], r[3]) for r in GAMES]


def file_name(title):
    return title.lower().replace(" ", "-")


def pages_of(text):
    """The pages as the device shows them, read independently of help.py."""
    pages = [[]]
    for line in text.split("\n"):
        if line == "~":
            pages.append([])
        elif line or pages[-1]:
            pages[-1].append(line)
    for page in pages:
        while page and not page[-1]:
            page.pop()
    return [page for page in pages if page]


def key_lines(screen):
    """Every line of a help screen's pages of buttons, read as it reads them."""
    path, starts, problem = screen.files[0]
    if problem:
        return [problem]
    return [line for start in starts for line in help_mod.read_page(path, start)]


# ---- the files ---------------------------------------------------------------------

@pytest.mark.parametrize("part", ["", "-keys"])
@pytest.mark.parametrize("gid,title", TITLES)
def test_every_game_has_rules_that_fit_the_screen(gid, title, part):
    """The rules (.txt) and the buttons' pages (-keys.txt) of every game."""
    path = RULES / (file_name(title) + part + ".txt")
    assert (RULES / (file_name(title) + ".md")).exists()
    data = path.read_bytes()
    assert data.isascii() and b"\r" not in data and b"\t" not in data
    pages = pages_of(data.decode())
    assert pages
    for page in pages:
        assert 1 <= len(page) <= help_mod.ROWS, page
        for line in page:
            assert len(line) <= ui.COLS, line
            assert line == line.rstrip()


def test_the_readme_links_every_rules_page():
    readme = (REPO / "README.md").read_text()
    index = (RULES / "README.md").read_text()
    assert "docs/rules/README.md" in readme
    for _gid, title in TITLES:
        assert "({}.md)".format(file_name(title)) in index
        assert "({}.txt)".format(file_name(title)) in index


# ---- the screen ----------------------------------------------------------------------

def open_help(gid, profile="pybadge"):
    s = Session(profile, seed=1)
    s.app.show_help(gid)
    return s, s.screen


@pytest.mark.parametrize("gid,title", TITLES)
def test_the_buttons_come_first_then_the_rules_page_by_page(gid, title):
    s, screen = open_help(gid)
    keys = pages_of((RULES / (file_name(title) + "-keys.txt")).read_text())
    rules = pages_of((RULES / (file_name(title) + ".txt")).read_text())
    assert screen.keys == len(keys)
    total = len(keys) + len(rules)
    seen = []
    for page in range(total):
        assert screen.footer.shown() == "page %d/%d <>:turn B:back" % (page + 1, total)
        seen.append(screen.body_text().split("\n"))
        assert screen.title.shown().startswith("Help: " if page < len(keys) else "Rules: ")
        s.press("DOWN" if page % 2 else "RIGHT")
    assert s.screen is screen and screen.page == total - 1      # no page past the last
    assert seen == keys + rules
    for page in keys:
        # No page break mid-sentence: a page never starts with the indented
        # rest of an item, and holds at most ROWS lines.
        assert not page[0].startswith(" ") and len(page) <= help_mod.ROWS, page
    s.press("UP", "LEFT")
    assert screen.page == total - 3
    s.press("B")
    assert type(s.screen).__name__ == "MenuScreen"


def test_a_pages_on_and_closes_on_the_last_page():
    s, screen = open_help(5)
    for _ in range(screen.pages - 1):
        s.press("A")
        assert s.screen is screen
    s.press("A")
    assert s.screen is not screen


@pytest.mark.parametrize("name", ["START", "SELECT"])
def test_start_and_select_close(name):
    s, screen = open_help(1)
    s.press("DOWN", name)
    assert s.screen is not screen


@pytest.mark.parametrize("gid,title", TITLES)
def test_the_buttons_of_a_game_with_bots_say_the_hint_and_the_device_seats(gid, title):
    _s, screen = open_help(gid)
    lines = key_lines(screen)
    bots = bool(GAMES[[r[0] for r in GAMES].index(gid)][5])
    assert ("Device seats play alone;" in lines) == bots
    assert bool([line for line in lines if "hint" in line]) == bots


def test_a_missing_buttons_file_is_one_line(monkeypatch):
    real = help_mod.rules_path
    monkeypatch.setattr(help_mod, "rules_path",
                        lambda gid, part="": None if part else real(gid))
    s, screen = open_help(3)
    assert screen.keys == 1 and screen.body_text() == "No help file: make flash"
    s.press("DOWN")
    assert screen.title.shown() == "Rules: DicedOut" and s.app.last_error is None


# ---- missing and damaged files ---------------------------------------------------------

def pointed_at(monkeypatch, tmp_path, data):
    """The help's rules file replaced by ``data`` (None: no file)."""
    path = tmp_path / "rules.txt"
    if data is not None:
        path.write_bytes(data)
    real = help_mod.rules_path
    monkeypatch.setattr(help_mod, "rules_path", lambda gid, part="": real(gid, part) if part
                        else (str(path) if data is not None else None))


@pytest.mark.parametrize("data,line", [
    (None, "No rules file: make flash"),
    (b"", "Rules file empty"),
    (b"\n\n~\n\n", "Rules file empty"),
    (b"RULES\n\xff\xfe broken\n", "Rules damaged: make flash"),
    (b"RULES\n" * 1000, "Rules damaged: make flash"),      # beyond RULES_MAX
])
def test_a_missing_or_damaged_file_is_one_line(monkeypatch, tmp_path, data, line):
    pointed_at(monkeypatch, tmp_path, data)
    s, screen = open_help(2)
    for _ in range(screen.pages):
        s.press("DOWN")
    assert screen.body_text() == line
    assert s.app.last_error is None


def test_a_file_damaged_after_opening_is_one_line(monkeypatch, tmp_path):
    pointed_at(monkeypatch, tmp_path, b"ONE\n~\nTWO\n")
    s, screen = open_help(5)
    (tmp_path / "rules.txt").write_bytes(b"\xff")
    for _ in range(screen.pages):
        s.press("DOWN")
    assert screen.body_text() == "Rules damaged: make flash"
    (tmp_path / "rules.txt").unlink()
    s.press("UP")
    assert screen.body_text() == "Rules damaged: make flash"
    assert s.app.last_error is None


# ---- the pages' index (make flash) ------------------------------------------------------

def index_line(name, data):
    """The pages.idx that make flash writes for one rules file ``name``."""
    from tools.flash.plan import rules_index
    return rules_index({"docs/rules/" + name: data})["docs/rules/" + help_mod.INDEX]


def test_make_flash_writes_each_rules_files_pages_as_the_help_finds_them():
    from tools.flash.plan import project_files, rules_index
    plan = project_files(REPO, "pybadge")
    index = rules_index(plan)["docs/rules/pages.idx"].decode().splitlines()
    files = sorted(p for p in plan if p.startswith("docs/rules/") and p.endswith(".txt"))
    assert [line.split()[0] for line in index] == [p.split("/")[-1] for p in files]
    for line, path in zip(index, files):
        size, *starts = [int(w) for w in line.split()[1:]]
        assert size == len(plan[path])
        assert starts == help_mod.page_starts(str(REPO / path))
        assert help_mod.indexed(line.encode(), str(REPO / path)) == starts


def test_the_help_takes_the_pages_from_the_index_at_the_files_size(monkeypatch, tmp_path):
    data = b"ONE\n~\nTWO\n"
    pointed_at(monkeypatch, tmp_path, data)
    (tmp_path / "pages.idx").write_bytes(b"other.txt 3 0\nrules.txt %d 6\n" % len(data))
    s, screen = open_help(5)
    assert screen.files[1][1] == [6]            # (the file has two pages: the index says one)
    for _ in range(screen.pages - 1):
        s.press("DOWN")
    assert screen.body_text() == "TWO" and s.app.last_error is None


@pytest.mark.parametrize("index", [
    b"rules.txt 99 0 6\n",             # another size: the file changed since make flash
    b"rules.txt 11 0 zz\n",            # not numbers
    b"rules.txt 11 6 0\n",             # not in order
    b"rules.txt 11 0 60\n",            # beyond the file
    b"rules.txt\n",
    b"\xff\x00" * 600,                  # not ours
    None,                               # none (the simulator, a copy by hand)
])
def test_a_wrong_or_missing_index_leaves_the_help_to_page_the_file(monkeypatch, tmp_path, index):
    pointed_at(monkeypatch, tmp_path, b"ONE\n~\nTWO\n")
    if index is not None:
        (tmp_path / "pages.idx").write_bytes(index)
    s, screen = open_help(5)
    assert screen.files[1][1] == [0, 6]
    assert s.app.last_error is None


def test_long_pages_and_long_lines_are_cut_to_the_screen(monkeypatch, tmp_path):
    text = "".join("line %d\n" % i for i in range(1, 12)) + "x" * 300 + "\n~\nlast\n"
    pointed_at(monkeypatch, tmp_path, text.encode())
    s, screen = open_help(5)
    keys = screen.keys
    bodies = []
    for _ in range(screen.pages):
        bodies.append(screen.body_text().split("\n"))
        s.press("DOWN")
    rules = bodies[keys:]
    assert rules[0] == ["line %d" % i for i in range(1, 9)]
    assert rules[1][:3] == ["line 9", "line 10", "line 11"]
    assert all(len(line) <= ui.COLS for page in rules for line in page)
    assert rules[-1] == ["last"]


class CountingFile:
    """A file that allows readline(limit), read(limit) and seek only: no
    read without a limit."""

    opened = []

    def __init__(self, path, mode="r"):
        self.f = open(path, mode)
        self.readlines = 0
        self.reads = 0
        CountingFile.opened.append(self)

    def readline(self, limit):
        assert limit <= help_mod.LINE_MAX
        self.readlines += 1
        return self.f.readline(limit)

    def read(self, limit):
        assert limit <= help_mod.RULES_MAX + 1
        self.reads += 1
        return self.f.read(limit)

    def seek(self, offset):
        self.f.seek(offset)

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def test_opening_reads_each_file_in_one_read(monkeypatch):
    """The buttons' file and the rules are indexed in one read each; then
    the first page is read by lines."""
    monkeypatch.setattr(help_mod, "open", CountingFile, raising=False)
    CountingFile.opened = []
    _s, screen = open_help(1)
    assert [(f.reads, f.readlines) for f in CountingFile.opened[:2]] == [(1, 0), (1, 0)]
    assert [f.reads for f in CountingFile.opened[2:]] == [0]
    assert len(screen.files[0][1]) > 1 and len(screen.files[1][1]) > 1


def test_a_page_turn_reads_that_page_only(monkeypatch):
    path = help_mod.rules_path(1)
    monkeypatch.setattr(help_mod, "open", CountingFile, raising=False)
    CountingFile.opened = []
    s, screen = open_help(1)
    CountingFile.opened = []
    for _ in range(screen.keys):
        s.press("DOWN")                 # onto the first page of rules
    for _ in range(screen.pages - screen.keys - 1):
        CountingFile.opened = []
        s.press("DOWN")
        assert len(CountingFile.opened) == 1
        assert CountingFile.opened[0].readlines <= help_mod.ROWS + 1
    assert os.path.getsize(path) > 1000


# ---- finding the file beside the running code ----------------------------------------------

def test_the_rules_are_found_in_a_flashed_slot(tmp_path, monkeypatch):
    """On the board the code runs from dws_slots/<slot>/ with relative paths:
    the help finds docs/rules/ there, as flash puts it."""
    from tools import flash
    slot = tmp_path / "dws_slots" / "b"
    plan = flash.project_files(REPO, "pybadge")
    for path, data in plan.items():
        (slot / path).parent.mkdir(parents=True, exist_ok=True)
        (slot / path).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(drive, "__file__", "dws_slots/b/lib/dws_app/drive.py")
    monkeypatch.setattr(sys, "path", ["dws_slots/b", "dws_slots/b/lib", "", "/", ".frozen", "/lib"])
    assert help_mod.rules_path(2) == "dws_slots/b/docs/rules/shut-the-box.txt"
    monkeypatch.setattr(drive, "__file__", "drive.mpy")    # no usable __file__: sys.path
    assert help_mod.rules_path(3) == "dws_slots/b/docs/rules/dicedout.txt"
    monkeypatch.setattr(sys, "path", ["/", "/lib"])
    assert help_mod.rules_path(3) is None


def test_on_the_desktop_the_repository_is_the_root(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(REPO / "lib")])
    assert help_mod.rules_path(4) == str(RULES / "cargo.txt").replace("\\", "/")


# ---- the same reading under MicroPython --------------------------------------------------------

def reader_source():
    """help.py's constants and file functions, without its display imports."""
    source = (REPO / "lib" / "dws_app" / "lobby" / "help.py").read_text()
    tree = ast.parse(source)
    parts = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id in (
                "ROWS", "MARK", "LINE_MAX", "RULES_MAX", "INDEX", "INDEX_MAX"):
            parts.append(ast.get_source_segment(source, node))
        elif isinstance(node, ast.FunctionDef) and node.name in (
                "page_starts", "starts_in", "read_page", "read_index", "indexed"):
            parts.append(ast.get_source_segment(source, node))
    return "\n\n".join(parts)


def test_the_page_reader_runs_under_micropython():
    text = (RULES / "dice-wide-shut.txt").read_text()
    script = (reader_source() + "\n\n"
              "open('rules.txt', 'wb').write({!r})\n"
              "starts = page_starts('rules.txt')\n"
              "print(len(starts))\n"
              "for s in starts:\n"
              "    print('|'.join(read_page('rules.txt', s)))\n"
              "open('bad.txt', 'wb').write(b'ok\\n\\xff\\xfe\\n')\n"
              "try:\n"
              "    page_starts('bad.txt')\n"
              "except ValueError:\n"
              "    print('damaged')\n"
              "open(INDEX, 'wb').write({!r})\n"
              "print(indexed(read_index('./rules.txt'), './rules.txt') == starts)\n"
              "open('rules.txt', 'ab').write(b'x')\n"
              "print(indexed(read_index('./rules.txt'), './rules.txt'))\n"
              ).format(text.encode(), index_line("rules.txt", text.encode()))
    out = run_source(script, timeout=300).splitlines()
    pages = pages_of(text)
    assert out[0] == str(len(pages))
    assert out[1:-3] == ["|".join(page) for page in pages]
    assert out[-3:] == ["damaged", "True", "None"]    # (None: the file grew since)
