"""Zips for makers: `make bundle`.

    python -m tools.bundle [--mpy-cross PATH] [--out DIR]

One zip per board profile and supported CircuitPython major version, in
dist/ (``dice-wide-shut-<version>-<profile>-circuitpython<major>.zip``).
Each holds exactly the tree `make flash` writes on a blank CIRCUITPY drive
of that board and version (the loaders, dws_slots/ with the .mpy files,
tables, help pages and libraries, settings.toml where that version needs
it, the manifest), because it is made by `make flash` itself, onto an empty
folder with that board's boot_out.txt; and INSTALL.txt, how to put it on
the board (install_text: the board's own steps, everything the zip holds,
the maker's settings.toml kept).  Each zip's line gives its size and the
room its files take on CIRCUITPY.  The zips are reproducible: same sources, same bytes.

The .mpy files need CircuitPython's mpy-cross (--mpy-cross PATH, $MPY_CROSS,
`mpy-cross` on the PATH, or the board emulator's beside the repository).
Without one, or with an --out that is a file or a folder that cannot be
written, the command says so in one line on stderr and exits with status 2
before anything is made.
"""
import argparse
import io
import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from tools import flash

REPO = flash.REPO
DIST = "dist"
# profile -> (board name, chip, Board ID) as boot_out.txt gives them
BOARDS = {
    "pico_dice": ("Raspberry Pi Pico", "rp2040", "raspberry_pi_pico"),
    "pybadge": ("Adafruit PyBadge", "samd51j19", "pybadge"),
}
# major -> the CircuitPython release the suite runs (only its major matters
# to `make flash`: the .mpy format and settings.toml's keys)
RELEASES = {9: "9.2.9", 10: "10.2.1"}
ZIP_TIME = (2026, 1, 1, 0, 0, 0)     # every entry's date: reproducible zips
# INSTALL.txt: what differs from board to board (how to start its
# bootloader, how to restart it), then the steps; install_text() fills in
# what is in the zip, so that the text names every file of it.
BOARD_STEPS = {
    "pico_dice": {
        "firmware": (
            "Download the .uf2 file for your board from circuitpython.org (board\n"
            "   page raspberry_pi_pico, or raspberry_pi_pico_w for a Pico W). Hold the\n"
            "   BOOTSEL button on the Pico while you plug its USB cable in, then let go:\n"
            "   a drive called RPI-RP2 appears. Copy the .uf2 onto it. The Pico\n"
            "   restarts by itself and a drive called CIRCUITPY appears."),
        "restart": (
            "Eject CIRCUITPY, then unplug the USB cable and plug it in again (a Pico\n"
            "   has no reset button)."),
    },
    "pybadge": {
        "firmware": (
            "Download the .uf2 file from circuitpython.org (board page pybadge, for\n"
            "   the PyBadge and the PyBadge LC, or edgebadge). Switch the board on, plug\n"
            "   it in and double-tap its reset button: the NeoPixels turn green and a\n"
            "   drive called PYBADGEBOOT appears (BADGELCBOOT on a PyBadge LC). Copy\n"
            "   the .uf2 onto it. The board restarts by itself and a drive called\n"
            "   CIRCUITPY appears."),
        "restart": "Eject CIRCUITPY, then press the reset button once.",
    },
}
# What each thing at the top of the zip is (a name not here is listed
# with OTHER: INSTALL.txt names everything the zip holds).
CONTENTS = (
    ("code.py", "code.py, boot.py", "small loaders that start the game"),
    ("boot.py", None, None),
    ("dws_slots/active", "dws_slots/active", "names the folder that holds the game"),
    ("dws_slots/a/", "dws_slots/a/", "the game: {slot_files} files (.mpy, tables, help pages, libraries)"),
    ("dws_cover/", "dws_cover/", "guard.bin and image/nvm.bin: they hold your saves while the\n"
                                 "                     board rewrites its memory; leave them on the drive"),
    (".dws_manifest", ".dws_manifest", "which files are the game's, for a later `make flash` (a\n"
                                       "                     hidden file on macOS and Linux: its name starts with a dot)"),
    ("settings.toml", "settings.toml", "the setting CircuitPython {major} needs (see step 3)"),
)
OTHER = "part of the game: copy it too"
INSTALL = """\
Dice Wide Shut {version} for the {board}, CircuitPython {major}.x
================================================================

In this zip:
{contents}
  INSTALL.txt        this file (it need not go on the board)

They take about {on_drive:,} KB on CIRCUITPY.

1. Put CircuitPython {major}.x on the board (once; again for a new version).
   {firmware}
2. Unzip this file and copy what it holds onto CIRCUITPY, keeping the
   folders. On a first install copy the folder dws_cover/ first, by
   itself, then the rest. Show hidden files to see .dws_manifest.
   When asked, replace the files the drive has, except:
   * dws_cover/: if the drive has one, keep it (it may hold the last copy
     of your saves);
   * settings.toml: see step 3.
   A code.py or boot.py of your own on the drive is replaced: save it first.
3. {settings}
4. {restart}
   The menu shows; Settings shows the version ({version}).

Updating from an older version: steps 2 to 4 again (step 1 only for a new
CircuitPython). Your games, records and settings stay: they live in the
board's memory, not in files. If the drive has a folder dws_slots/b/
(make flash made it), delete it after the copy: this version is in
dws_slots/a/, and dws_slots/active names it.

With the project's source, `make flash` does all of this, keeps a pulled
cable from leaving a half-installed game and removes files that are no
longer used (hardware.md, "Flashing").
"""
SETTINGS_KEEP = (
    "settings.toml: if CIRCUITPY has none, copy this one. If it has one (your\n"
    "   own: Wi-Fi, DWS_PROFILE, ...), do not replace it: add to it each line\n"
    "   of this one that it lacks:\n{lines}")
SETTINGS_NONE = (
    "This zip has no settings.toml: CircuitPython {major} needs none. A\n"
    "   settings.toml of your own on the drive stays as it is.")


def clusters(size, cluster=512):
    """Bytes a file of ``size`` takes on CIRCUITPY (512-byte clusters)."""
    return -(-size // cluster) * cluster


def on_drive_kb(tree):
    """KB the tree takes on CIRCUITPY, rounded up to 10 KB."""
    size = sum(clusters(len(data)) for data in tree.values())
    return -(-size // 10240) * 10


def contents_lines(tree, major):
    """The zip's top-level entries, each named once with what it is."""
    tops = []
    for name in sorted(tree):
        if name.startswith("dws_slots/a/"):
            top = "dws_slots/a/"
        elif "/" in name and not name.startswith("dws_slots/"):
            top = name.split("/")[0] + "/"
        else:
            top = name
        if top not in tops:
            tops.append(top)
    slot_files = sum(1 for name in tree if name.startswith("dws_slots/a/"))
    lines = []
    for key, shown, what in CONTENTS:
        if key in tops:
            tops.remove(key)
            if shown:
                lines.append("  %-18s %s" % (shown, what.format(slot_files=slot_files, major=major)))
    for top in tops:
        lines.append("  %-18s %s" % (top, OTHER))
    return "\n".join(lines)


def install_text(profile, major, tree):
    """INSTALL.txt for the zip of ``tree`` (what make flash wrote)."""
    settings = tree.get("settings.toml")
    if settings is not None:
        lines = [line for line in settings.decode().splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
        step3 = SETTINGS_KEEP.format(lines="\n".join("       " + line for line in lines))
    else:
        step3 = SETTINGS_NONE.format(major=major)
    steps = BOARD_STEPS[profile]
    return INSTALL.format(version=flash.product_version(REPO) or "dev", board=BOARDS[profile][0],
                          major=major, contents=contents_lines(tree, major),
                          on_drive=on_drive_kb(tree), firmware=steps["firmware"],
                          settings=step3, restart=steps["restart"])


def boot_out(profile, major):
    board, chip, board_id = BOARDS[profile]
    return "Adafruit CircuitPython {} on 2025-01-01; {} with {}\r\nBoard ID:{}\r\n".format(
        RELEASES[major], board, chip, board_id)


def default_mpy_cross():
    """$MPY_CROSS, else `mpy-cross` on the PATH, else the emulator's."""
    if os.environ.get("MPY_CROSS"):
        return os.environ["MPY_CROSS"]
    found = shutil.which(flash.MPY_CROSS_NAME)
    if found:
        return found
    emu = REPO.parent / "shared" / "pico-emu" / "bin" / "mpy-cross-cp10.2.1"
    return str(emu) if emu.exists() else None


def flashed_tree(profile, major, mpy_cross, folder):
    """Run `make flash` onto ``folder`` (empty) as that board's blank drive;
    returns {posix path: bytes} of what it wrote (boot_out.txt left out)."""
    folder = Path(folder)
    (folder / "boot_out.txt").write_text(boot_out(profile, major))
    out, err = io.StringIO(), io.StringIO()
    code = flash.main(["--drive", str(folder), "--mpy-cross", mpy_cross], out=out, err=err)
    if code:
        raise SystemExit("bundle: make flash failed for %s, CircuitPython %d: %s"
                         % (profile, major, err.getvalue().strip()))
    tree = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_file() and rel != "boot_out.txt":
            tree[rel] = path.read_bytes()
    return tree


def zip_name(profile, major):
    return "dice-wide-shut-%s-%s-circuitpython%d.zip" % (
        flash.product_version(REPO) or "dev", profile, major)


def write_zip(path, tree, profile, major):
    files = dict(tree)
    files["INSTALL.txt"] = install_text(profile, major, tree).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name])


def bundle(out_dir, mpy_cross, profiles=tuple(BOARDS), majors=tuple(RELEASES)):
    """Write the zips into ``out_dir``; their paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for profile in profiles:
        for major in majors:
            with tempfile.TemporaryDirectory() as blank:
                tree = flashed_tree(profile, major, mpy_cross, blank)
            path = out_dir / zip_name(profile, major)
            write_zip(path, tree, profile, major)
            written.append(path)
    return written


def out_problem(out):
    """Why the zips cannot go into the folder ``out``, as one line, or None:
    checked before anything is made, so a bad --out writes nothing.  The
    folder may be missing (it is created) if its nearest existing parent is
    a folder that can be written."""
    path = Path(out)
    if path.exists() and not path.is_dir():
        return "--out %s is a file, not a folder" % out
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return "--out %s: %s is a file, not a folder" % (out, existing)
    if not os.access(existing, os.W_OK | os.X_OK):
        if existing == path:
            return "cannot write to %s: permission denied" % out
        return "cannot create %s: permission denied in %s" % (out, existing)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bundle", description=__doc__.split("\n")[0])
    ap.add_argument("--mpy-cross", help="CircuitPython's mpy-cross (see above)")
    ap.add_argument("--out", default=str(REPO / DIST), help="folder for the zips (default dist/)")
    args = ap.parse_args(argv)
    tool = args.mpy_cross or default_mpy_cross()
    if tool is None:
        print("bundle: no CircuitPython mpy-cross: give --mpy-cross PATH (from %s)"
              % flash.MPY_CROSS_SOURCE, file=sys.stderr)
        return 2
    problem = out_problem(args.out)
    if problem:
        print("bundle: " + problem, file=sys.stderr)
        return 2
    try:
        written = bundle(args.out, tool)
    except OSError as error:        # what the check cannot foresee (a full disk, say)
        print("bundle: cannot write to %s: %s" % (error.filename or args.out,
                                                   (error.strerror or str(error)).lower()),
              file=sys.stderr)
        return 2
    for path in written:
        with zipfile.ZipFile(str(path)) as z:
            tree = {i.filename: b"\0" * i.file_size for i in z.infolist()
                    if i.filename != "INSTALL.txt"}
        print("%s (%s KB; about %s KB on CIRCUITPY)" % (
            path, format(-(-path.stat().st_size // 1024), ","), format(on_drive_kb(tree), ",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
