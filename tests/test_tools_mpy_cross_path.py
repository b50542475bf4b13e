"""--mpy-cross NAME (python -m tools.flash and python -m tools.bundle): a file
that exists is that file, even without a slash in NAME; else NAME is looked
up on the PATH; else the refusal says it cannot be run."""
import os
from pathlib import Path

import pytest

from tools import bundle, flash
from test_flash import fake_mpy_cross, make_drive, make_repo, run, slot_tree, snapshot

BANNER = "CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3"


@pytest.fixture
def no_mpy_cross_on_path(monkeypatch):
    """A PATH without any `mpy-cross`, so only what --mpy-cross names counts."""
    keep = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not os.path.exists(os.path.join(d, flash.MPY_CROSS_NAME))]
    monkeypatch.setenv("PATH", os.pathsep.join(keep))


def named_tool(folder, name):
    """The fake CircuitPython mpy-cross, as ``folder/name``."""
    folder.mkdir(parents=True, exist_ok=True)
    tool = Path(fake_mpy_cross(folder, BANNER))
    return tool.rename(folder / name)


def test_flash_takes_a_file_in_the_current_folder(tmp_path, monkeypatch, no_mpy_cross_on_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    tool = named_tool(tmp_path / "downloads", "mpy-cross-10.2.1")
    monkeypatch.chdir(tool.parent)
    code, out, err = run(drive, repo, "--mpy-cross", "mpy-cross-10.2.1")
    assert (code, err) == (0, "")
    assert "Compiling to .mpy with %s (CircuitPython 10.2.1, mpy v6.3)" % tool in out
    assert slot_tree(drive, "a")["lib/dws_app/app.mpy"].startswith(b"MPY:")


def test_bundle_takes_a_file_in_the_current_folder(tmp_path, monkeypatch, no_mpy_cross_on_path):
    tool = named_tool(tmp_path / "downloads", "mpy-cross-10.2.1")
    monkeypatch.chdir(tool.parent)
    (tmp_path / "blank").mkdir()
    tree = bundle.flashed_tree("pico_dice", 10, "mpy-cross-10.2.1", tmp_path / "blank")
    assert tree["dws_slots/a/lib/dws_app/app.mpy"].startswith(b"MPY:")


def test_a_name_that_is_no_file_here_is_looked_up_on_the_path(tmp_path, monkeypatch,
                                                              no_mpy_cross_on_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    tool = named_tool(tmp_path / "bin", "cp-mpy-cross")
    monkeypatch.setenv("PATH", str(tool.parent) + os.pathsep + os.environ["PATH"])
    code, out, err = run(drive, repo, "--mpy-cross", "cp-mpy-cross")
    assert (code, err) == (0, "")
    assert "Compiling to .mpy with %s (CircuitPython 10.2.1" % tool in out


def test_a_name_that_is_neither_is_refused(tmp_path, monkeypatch, no_mpy_cross_on_path):
    repo = make_repo(tmp_path / "repo")
    drive = make_drive(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = snapshot(drive)
    code, out, err = run(drive, repo, "--mpy-cross", "mpy-cross-10.2.1")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("flash: --mpy-cross mpy-cross-10.2.1: cannot run it")
    assert "circuitpython.org" in err
    assert snapshot(drive) == before
