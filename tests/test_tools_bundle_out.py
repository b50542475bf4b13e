"""python -m tools.bundle with a bad --out: one line on stderr, exit status
2, nothing made or written, no traceback."""
import errno
import os
from pathlib import Path

import pytest

from tools import bundle
from test_flash import fake_mpy_cross


@pytest.fixture
def tool(tmp_path):
    return fake_mpy_cross(tmp_path, "CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3")


@pytest.fixture
def flashes(monkeypatch):
    """Stands in for `make flash` onto a blank drive (a small tree, at once);
    the list of (profile, major) it was asked for."""
    asked = []

    def flashed_tree(profile, major, mpy_cross, folder):
        asked.append((profile, major))
        return {"code.py": b"print('hello')\n"}
    monkeypatch.setattr(bundle, "flashed_tree", flashed_tree)
    return asked


def refused(capsys, argv):
    """bundle.main(argv)'s one stderr line, after checking it failed with
    status 2 and printed nothing else."""
    code = bundle.main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err.strip()


def files_under(folder):
    return sorted(p.relative_to(folder).as_posix() for p in Path(folder).rglob("*"))


def read_only(folder, monkeypatch):
    """Makes ``folder`` read-only.  Root may write there all the same, so
    for root os.access answers as the kernel does for everyone else."""
    folder.chmod(0o555)
    if os.geteuid() == 0:
        real = os.access

        def access(path, mode, **kwargs):
            if Path(path) == folder and mode & os.W_OK:
                return False
            return real(path, mode, **kwargs)
        monkeypatch.setattr(os, "access", access)


def test_out_naming_a_file(tmp_path, tool, flashes, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("x.zip").write_bytes(b"an older zip")
    before = files_under(tmp_path)
    assert refused(capsys, ["--mpy-cross", tool, "--out", "x.zip"]) == \
        "bundle: --out x.zip is a file, not a folder"
    assert Path("x.zip").read_bytes() == b"an older zip"
    assert files_under(tmp_path) == before and flashes == []


def test_out_inside_a_file(tmp_path, tool, flashes, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("x.zip").write_bytes(b"an older zip")
    before = files_under(tmp_path)
    err = refused(capsys, ["--mpy-cross", tool, "--out", "x.zip/dist"])
    assert err == "bundle: --out x.zip/dist: x.zip is a file, not a folder"
    assert files_under(tmp_path) == before and flashes == []


def test_out_a_folder_that_cannot_be_written(tmp_path, tool, flashes, capsys, monkeypatch):
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    read_only(shelf, monkeypatch)
    try:
        err = refused(capsys, ["--mpy-cross", tool, "--out", str(shelf)])
        assert err == "bundle: cannot write to %s: permission denied" % shelf
        err = refused(capsys, ["--mpy-cross", tool, "--out", str(shelf / "new" / "dist")])
        assert err == "bundle: cannot create %s: permission denied in %s" % (
            shelf / "new" / "dist", shelf)
        assert files_under(shelf) == [] and flashes == []
    finally:
        shelf.chmod(0o755)


def test_a_write_that_fails_all_the_same_is_one_line(tmp_path, tool, flashes, capsys, monkeypatch):
    """What the check cannot foresee (a disk that fills up) is one line too."""
    def full_disk(path, tree, profile, major):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    monkeypatch.setattr(bundle, "write_zip", full_disk)
    err = refused(capsys, ["--mpy-cross", tool, "--out", str(tmp_path / "dist")])
    assert err.startswith("bundle: cannot write to %s" % (tmp_path / "dist" / "dice-wide-shut-"))
    assert err.endswith(".zip: no space left on device")


def test_a_good_out_is_made_and_filled(tmp_path, tool, flashes, capsys):
    assert bundle.main(["--mpy-cross", tool, "--out", str(tmp_path / "new" / "dist")]) == 0
    out, err = capsys.readouterr()
    assert err == "" and len(out.splitlines()) == len(flashes) == 4
    assert len(files_under(tmp_path / "new" / "dist")) == 4
