"""make bundle: one zip per board and CircuitPython major version, holding
exactly what `make flash` writes on a blank drive of that board (issue 31)."""
import io
import zipfile

import pytest

from dws_app import VERSION
from tools import bundle, flash
from test_flash import fake_mpy_cross


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bundle")
    tool = fake_mpy_cross(tmp, "CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3")
    return tmp, tool, bundle.bundle(tmp / "dist", tool)


def unzipped(path):
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_a_zip_per_board_and_major_version(made):
    _tmp, _tool, paths = made
    assert sorted(p.name for p in paths) == sorted(
        "dice-wide-shut-%s-%s-circuitpython%d.zip" % (VERSION, profile, major)
        for profile in ("pico_dice", "pybadge") for major in (9, 10))


@pytest.mark.parametrize("profile", ["pico_dice", "pybadge"])
@pytest.mark.parametrize("major", [9, 10])
def test_each_zip_is_what_make_flash_writes_on_a_blank_drive(made, profile, major, tmp_path):
    tmp, tool, _paths = made
    files = unzipped(tmp / "dist" / bundle.zip_name(profile, major))
    install = files.pop("INSTALL.txt").decode()
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(bundle.boot_out(profile, major))
    assert flash.main(["--drive", str(drive), "--mpy-cross", tool],
                      out=io.StringIO(), err=io.StringIO()) == 0
    written = {p.relative_to(drive).as_posix(): p.read_bytes()
               for p in drive.rglob("*") if p.is_file() and p.name != "boot_out.txt"}
    assert files == written
    assert "dws_slots/a/tables/dicedout.dwt" in files and "dws_slots/a/lib/dws_app/app.mpy" in files
    assert ("settings.toml" in files) == (major == 9)      # CircuitPython 9's Python stack
    other = "pybadge" if profile == "pico_dice" else "pico_dice"
    assert "dws_slots/a/lib/dws_hw/%s.mpy" % profile in files
    assert "dws_slots/a/lib/dws_hw/%s.mpy" % other not in files
    assert "Dice Wide Shut %s" % VERSION in install and "CircuitPython %d.x" % major in install


def test_the_zips_are_reproducible(made, tmp_path):
    tmp, tool, paths = made
    again = bundle.bundle(tmp_path, tool, profiles=("pico_dice",), majors=(10,))
    assert again[0].read_bytes() == (tmp / "dist" / again[0].name).read_bytes()


def test_without_mpy_cross_nothing_is_made(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(bundle, "default_mpy_cross", lambda: None)
    assert bundle.main(["--out", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bundle: no CircuitPython mpy-cross") and len(err.splitlines()) == 1
    assert not (tmp_path / "dist").exists()


def test_a_refused_mpy_cross_stops_the_bundle(tmp_path):
    tool = fake_mpy_cross(tmp_path, "MicroPython v1.22.0 on 2024-01-01; mpy-cross emitting mpy v6.2")
    with pytest.raises(SystemExit) as e:
        bundle.bundle(tmp_path / "dist", tool)
    assert "make flash failed" in str(e.value)
