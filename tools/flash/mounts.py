"""Finding the mounted CIRCUITPY drive (Linux, macOS, Windows), or checking
the folder given with --drive."""
import os
import re
import sys

from tools.flash.boot_info import BOOT_DRIVES, bootloader_error
from tools.flash.common import FlashError


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

