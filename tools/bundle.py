"""Zips for makers: `make bundle`.

    python -m tools.bundle [--mpy-cross PATH] [--out DIR]

One zip per board profile and supported CircuitPython major version, in
dist/ (``dice-wide-shut-<version>-<profile>-circuitpython<major>.zip``).
Each holds exactly the tree `make flash` writes on a blank CIRCUITPY drive
of that board and version (the loaders, dws_slots/ with the .mpy files,
tables, help pages and libraries, settings.toml where that version needs
it, the manifest), because it is made by `make flash` itself, onto an empty
folder with that board's boot_out.txt; and INSTALL.txt, how to put it on
the board.  The zips are reproducible: same sources, same bytes.

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
INSTALL = """\
Dice Wide Shut {version} for the {board}, CircuitPython {major}.x
================================================================

1. Put CircuitPython {major}.x on the board (circuitpython.org, the .uf2 file
   for your board: double-press reset, copy the .uf2 onto the drive that
   appears). The board then shows a drive called CIRCUITPY.
2. Unzip this file and copy everything in it onto CIRCUITPY, keeping the
   folders (dws_slots/, and the files at the top: code.py, boot.py,
   settings.toml where there is one). Say yes to replacing files.
   Your own code.py is replaced: save it first if you want it.
3. Eject the drive (or wait for its light to stop), then press reset.
   The menu shows; Settings shows the version ({version}).

Updating from an older version works the same way. With the project's
source, `make flash` does all of this, keeps a pulled cable from leaving
a half-installed game and removes files that are no longer used
(hardware.md, "Flashing").
"""


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
    files["INSTALL.txt"] = INSTALL.format(version=flash.product_version(REPO) or "dev",
                                          board=BOARDS[profile][0], major=major).encode()
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
        print("%s (%s KB)" % (path, format(-(-path.stat().st_size // 1024), ",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
