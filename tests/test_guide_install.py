"""The bundle's INSTALL.txt (issue 53): right for each board (BOOTSEL on
the Pico, which has no reset button; a double-tap of reset on the
PyBadge), naming everything the zip holds, and keeping the maker's own
settings.toml."""
import re
import zipfile

import pytest

from tools import bundle
from test_flash import fake_mpy_cross


@pytest.fixture(scope="module")
def zips(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bundle")
    tool = fake_mpy_cross(tmp, "CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3")
    made = {}
    for path in bundle.bundle(tmp / "dist", tool):
        profile, major = re.search(r"-(pico_dice|pybadge)-circuitpython(\d+)\.zip$", path.name).groups()
        with zipfile.ZipFile(path) as z:
            made[(profile, int(major))] = {name: z.read(name) for name in z.namelist()}
    return made


def named(text, path):
    """Whether INSTALL.txt names the zip's ``path``: the path itself, or a
    folder it is in (``dws_cover/``, ``dws_slots/a/``), as a word."""
    parts = path.split("/")
    candidates = [path] + ["/".join(parts[:i]) + "/" for i in range(1, len(parts))]
    return any(re.search(r"(^|[\s(])" + re.escape(c) + r"($|[\s,:)])", text, re.M)
               for c in candidates)


@pytest.mark.parametrize("key", [(p, m) for p in ("pico_dice", "pybadge") for m in (9, 10)])
def test_install_names_everything_in_the_zip(zips, key):
    files = dict(zips[key])
    text = files.pop("INSTALL.txt").decode()
    missing = [path for path in files if not named(text, path)]
    assert not missing, "INSTALL.txt does not name: %s" % missing
    for must in (".dws_manifest", "dws_cover/", "dws_slots/a/", "code.py", "boot.py"):
        assert must in text


def test_naming_is_checked_as_words():
    text = "  dws_cover/   holds\n  code.py, boot.py   loaders\n"
    assert named(text, "dws_cover/image/nvm.bin") and named(text, "boot.py")
    assert not named(text, "settings.toml") and not named(text, "dws_slots/a/code.py")


@pytest.mark.parametrize("major", [9, 10])
def test_the_pico_needs_bootsel_not_reset(zips, major):
    text = zips[("pico_dice", major)]["INSTALL.txt"].decode()
    assert "BOOTSEL" in text and "RPI-RP2" in text
    assert "double" not in text.lower()
    assert "press reset" not in text.lower() and "reset button once" not in text
    assert "no reset button" in text


@pytest.mark.parametrize("major", [9, 10])
def test_the_pybadge_double_taps_reset(zips, major):
    text = zips[("pybadge", major)]["INSTALL.txt"].decode()
    assert "double-tap its reset button" in text and "PYBADGEBOOT" in text
    assert "BOOTSEL" not in text and "RPI-RP2" not in text


@pytest.mark.parametrize("profile", ["pico_dice", "pybadge"])
def test_the_makers_settings_toml_is_kept(zips, profile):
    nine = zips[(profile, 9)]
    text = nine["INSTALL.txt"].decode()
    assert "do not replace it" in text
    for line in nine["settings.toml"].decode().splitlines():
        if line.strip() and not line.startswith("#"):
            assert line in text       # the lines to add to one's own
    assert "Say yes to replacing" not in text
    ten = zips[(profile, 10)]
    assert "settings.toml" not in ten
    assert "has no settings.toml" in ten["INSTALL.txt"].decode()


@pytest.mark.parametrize("key", [(p, m) for p in ("pico_dice", "pybadge") for m in (9, 10)])
def test_the_room_on_the_drive_is_the_zips(zips, key):
    files = dict(zips[key])
    text = files.pop("INSTALL.txt").decode()
    size = sum(-(-len(data) // 512) * 512 for data in files.values())
    figure = int(re.search(r"about ([\d,]+) KB on CIRCUITPY", text).group(1).replace(",", ""))
    assert figure * 1024 >= size > (figure - 10) * 1024
