"""boot_out.txt: which CircuitPython runs on which board, and the hardware
profile for it; a board or firmware the game does not run on is refused."""
import os
import re
from pathlib import Path

from tools.flash.common import FlashError, _shown, plural

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
BOOT_LINE_EXAMPLE = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19"


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

