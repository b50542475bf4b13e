"""The update: what the drive holds, in which order it is written, and the
summary printed at the end.

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
import json

from tools.flash.common import FlashError, kb, plural
from tools.flash.drive import TMP_SUFFIX, sha
from tools.flash.plan import ENTRY_FILES
from tools.flash.settings import SETTINGS_FILE, plan_settings

SLOTS_DIR = "dws_slots"
SLOTS = ("a", "b")
ACTIVE = SLOTS_DIR + "/active"
MANIFEST = ".dws_manifest"
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

# (It names the tool as it was when boards got it: a new text would make every
# board's next flash rewrite its code.py and boot.py.)
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

