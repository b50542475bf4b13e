"""Put the game on a CircuitPython board's CIRCUITPY drive: `make flash`.

    python -m tools.flash [--drive PATH] [--profile pybadge|pico_dice]
                          [--dry-run] [--mpy-cross PATH | --no-mpy-cross]

One module per concern, in the order an update needs them:

    common.py     the repository, FlashError, the messages' number formats
    boot_info.py  boot_out.txt: the board, its CircuitPython, its profile
    mounts.py     finding the mounted CIRCUITPY drive (Linux, macOS, Windows)
    plan.py       what goes to the device (DEVICE_TREE, requirements-device.txt)
                  and the check that every import is shipped or built in
    mpy.py        CircuitPython's mpy-cross: which one, compiling the plan
    drive.py      file operations on the drive (Drive, BlankDrive)
    settings.py   the keys merged into the drive's settings.toml
    update.py     the update: two slots, the loaders, the manifest, the
                  store's cover, the summary; why a pulled cable never leaves
                  a half-installed game
    cli.py        the command line (main); __main__.py runs it

The names other code uses are imported here, so ``from tools import flash``
then ``flash.build_plan(...)`` or ``flash.main([...])`` work.
"""
from tools.flash.boot_info import (
    PROFILES, SUPPORTED_MAJORS, board_profile, parse_boot_out, read_boot_info)
from tools.flash.cli import main
from tools.flash.common import REPO, FlashError, kb, plural
from tools.flash.drive import TMP_SUFFIX, Drive
from tools.flash.mounts import parse_proc_mounts
from tools.flash.mpy import MPY_CROSS_NAME, MPY_CROSS_SOURCE, PY_SOURCES_NOTE, mpy_format_for
from tools.flash.plan import (
    BUILTIN_MODULES, REQUIREMENTS, build_plan, library_files, missing_imports,
    product_version, project_files, pypi_name, read_requirements, shipped_modules)
from tools.flash.settings import SETTINGS_TOML, merge_settings
from tools.flash.update import (
    COVER_DIR, COVER_FILE, COVER_FILES, COVER_GUARD, COVER_MAGIC, COVER_SIZE,
    LOADERS, install)

__all__ = [
    "BUILTIN_MODULES", "COVER_DIR", "COVER_FILE", "COVER_FILES", "COVER_GUARD",
    "COVER_MAGIC", "COVER_SIZE", "Drive", "FlashError", "LOADERS", "MPY_CROSS_NAME",
    "MPY_CROSS_SOURCE", "PROFILES", "PY_SOURCES_NOTE", "REPO", "REQUIREMENTS",
    "SETTINGS_TOML", "SUPPORTED_MAJORS", "TMP_SUFFIX", "board_profile", "build_plan",
    "install", "kb", "library_files", "main", "merge_settings", "missing_imports",
    "mpy_format_for", "parse_boot_out", "parse_proc_mounts", "plural",
    "product_version", "project_files", "pypi_name", "read_boot_info",
    "read_requirements", "shipped_modules",
]
