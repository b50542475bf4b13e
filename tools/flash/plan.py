"""What goes into a slot: our files as DEVICE_TREE lists them, the tables,
and the third-party libraries of requirements-device.txt (as .py files taken
from the pinned PyPI packages installed in this Python, never Blinka's
desktop stand-ins for CircuitPython's built-in modules); and the check that
every import of the plan is shipped or built into the board's firmware."""
import ast
import importlib.metadata
import os
import re
import sys
from pathlib import Path

from tools.flash.boot_info import PROFILES
from tools.flash.common import FlashError

REQUIREMENTS = "requirements-device.txt"

# What goes to the device: the one list.
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
    ("docs/rules", "docs/rules"),   # read by lib/dws_app/lobby/help.py, same place
)
PROFILE_MODULE = "lib/dws_hw/{}.py"
# Folders under lib/ that only one profile reads: the PyBadge's sound
# effects (the Pico's piezo plays tones; its drive is spared the writes).
PROFILE_FOLDERS = {"lib/dws_app/sounds/": "pybadge"}
LIB_ASSET_SUFFIXES = (".bdf", ".pcf", ".bmp", ".wav")
TREE_SUFFIXES = {"lib": (".py",) + LIB_ASSET_SUFFIXES, "docs/rules": (".txt",)}
ENTRY_FILES = ("code.py", "boot.py")  # run by the loaders; never compiled

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
    skip = tuple(folder for folder, only in PROFILE_FOLDERS.items() if only != profile)
    for source, dest in DEVICE_TREE:
        path = repo / source
        if path.is_file():
            files[dest] = path.read_bytes()
        elif path.is_dir():
            suffixes = TREE_SUFFIXES.get(source, (".py",))
            for file in _tree_files(path, suffixes):
                rel = dest + "/" + file.relative_to(path).as_posix()
                if rel not in others and not rel.startswith(skip):
                    files[rel] = file.read_bytes()
        else:
            raise FlashError("{} is missing from the repository ({}): nothing "
                             "to flash without it.".format(source, repo))
    return files


def rules_index(plan):
    """{docs/rules/pages.idx: bytes}: each rules file's name, size and page
    starts, computed here once, so that the help on the board reads one
    line of them where it paged the whole file (``dws_app.lobby.help``)."""
    from tools.tables import REPO  # noqa: F401  (lib/ on sys.path)
    from dws_app.lobby.help import INDEX, starts_in
    folder = "docs/rules/"
    lines = []
    for path in sorted(plan):
        name = path[len(folder):]
        if path.startswith(folder) and name.endswith(".txt") and "/" not in name:
            data = plan[path]
            words = [name, str(len(data))] + [str(s) for s in starts_in(data)]
            lines.append(" ".join(words) + "\n")
    return {folder + INDEX: "".join(lines).encode()}


def build_plan(repo, profile, requirements_text=None):
    """{slot path: bytes}: everything one slot holds for this profile."""
    if requirements_text is None:
        requirements_text = (Path(repo) / REQUIREMENTS).read_text(encoding="utf-8")
    plan = project_files(repo, profile)
    plan.update(rules_index(plan))
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

