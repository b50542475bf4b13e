"""Power cuts on the emulated board (issue "Fast and durable on the board").

A replay of a whole game (``replay.mjs`` with ``BOARD_CUTS``) takes power
cuts on the way: the whole 2 MiB flash as it is at that instant, at chosen
moments after presses (a save may be under way: appends, device turns),
inside the erases of the nvm sector, after 0, 3 and 12 of its 16 pages
were programmed again (the erase window: what the nvm held is gone until
the firmware has written it back), and inside the erases of sectors of the
CIRCUITPY drive (the firmware rewrites a whole 4 KB sector to write one
512-byte block), after 0 and 8 of its pages, in a plan's first MAX_ERASES
compactions.  Each cut then boots on its own
(``resume.mjs``): the app must start, say what it holds, and Continue the
game, which must equal the last complete save; and the drive in the cut's
flash must still hold every file make flash wrote, as it was, the cover's
window aside (``tools/board/fat.py``).  The cover's own folder may be lost
by a cut while FatFs rewrites its entry (``board.cuts.cover_lost``): the
game then saves without a cover until ``make flash`` makes it again.

The oracle is the app's own ``nvm GAME RECORDS PLAYERS`` lines (test key
``DWS_TEST_HEAP_LOG``): one at power-up and one after every save.  A cut
after the n-th line and before any later nvm write must come back as the
n-th; a cut while a write was under way may come back as the n-th or, if
that write got far enough (or its spare file holds it), the next.
"""

import json
import os
import random
import re

# Plans cut, and how many press cuts each; every erase window is cut at
# WINDOW_PAGES counts of programmed pages (the image is in the first four),
# every drive sector erase at DRIVE_PAGES (blank; half written again), in the
# first MAX_ERASES compactions of a plan that erase (each writes the cover:
# its window's sector and its folder's, 2 drive erases), CI's time: each cut
# is one more boot (about 16 s on two cores).  The plans are the whole games
# the main configuration plays on their own but Shut the Box together (the
# others play whole in its evening only: CI's 90 minutes).  A cut that
# resumes into dws5's five device seats takes ~130 s, into Cargo ~10 s: one
# compaction each, and the press cuts mostly in Cargo: 12 press, 10 window
# and 8 drive cuts, 30 in all.
# The battery plan's cuts fall while the empty battery is read (three
# readings 2 s apart from its ADC's change), its game saved and its screen
# drawn (issue 53: no file lost in a cut during the low-battery save); its
# erases are the other plans' to cut.
BATTERY_CUT_MS = (3600, 4300, 5000, 5700, 6400)
# Every plan's saves that ``Recorder.mark_writes`` names are cut inside, before
# each page the nvm programs (a record written in part): the screens plan's
# name change and a whole game's records update (issue 51), Cargo's here.
PLANS = {"dws5": 2, "cargo": 10, "battery": len(BATTERY_CUT_MS), "screens": 0}
WINDOW_PAGES = (0, 3, 6, 9, 12)
DRIVE_PAGES = (0, 8)
MAX_ERASES = 1
# The least the whole set of plans must cut (tools/board/__main__.py report;
# issue 12: 30 cuts, 10 in erase windows).
MIN_TRIED, MIN_WINDOW, MIN_DRIVE = 30, 10, 8
MAX_OFFSET_MS = 250
NONE = ("00000000", "00000000", "00000000")


def spec(name, recorder):
    """BOARD_CUTS for one plan: press cuts spread over its presses that led
    somewhere (a save, a screen, a device turn), at seeded offsets."""
    writes = list(recorder.writes)
    if name == "battery":
        empty = max(i for i, item in enumerate(recorder.items) if item[0] == "battery")
        return {"items": [[empty, ms] for ms in BATTERY_CUT_MS], "pages": [], "drive_pages": [],
                "writes": writes}
    rnd = random.Random(name)
    keys = [i for i, item in enumerate(recorder.items) if item[0] == "key" and item[2]]
    count = PLANS.get(name, 0)
    chosen = sorted(keys[len(keys) * (2 * k + 1) // (2 * count)] for k in range(count)) if keys else []
    return {"items": [[i, rnd.randrange(MAX_OFFSET_MS)] for i in chosen],
            "pages": list(WINDOW_PAGES), "drive_pages": list(DRIVE_PAGES),
            "max_erases": MAX_ERASES, "writes": writes}


def nvm_lines(serial_text):
    # (the first line of a run follows the console's title escape, "...\\")
    return re.findall(r"(?:^|\\)nvm ([0-9a-f]{8}) ([0-9a-f]{8}) ([0-9a-f]{8})", serial_text, re.M)


def taken(part):
    """The cuts a replay took: (cut dict, allowed (game, records) states)."""
    path = os.path.join(part, "cuts.json")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        cuts = json.load(f)
    with open(os.path.join(part, "serial.log"), errors="replace") as f:
        lines = nvm_lines(f.read())
    out = []
    for cut in cuts:
        n = cut["lines"]
        allowed = [lines[n - 1] if n else NONE]
        if cut["busy"] and n < len(lines):
            allowed.append(lines[n])
        out.append((cut, allowed))
    return out


def judge(cut, allowed, folder):
    """(resumed as it should, what happened) for one cut's power-on."""
    path = os.path.join(folder, "resume.json")
    if not os.path.exists(path):
        return False, "no resume.json"
    with open(path) as f:
        got = json.load(f)
    state = tuple(got["nvm"]) if got["nvm"] else None
    if state not in [tuple(a) for a in allowed]:
        said = "; the menu said: %s" % ", ".join(got["notes"]) if got["notes"] else " (nothing said)"
        return False, "holds %s, expected %s%s" % (state, " or ".join(map(str, allowed)), said)
    if state[0] != NONE[0] and got["screen"] == "MenuScreen":
        return False, "Continue did not open the game"
    return True, "resumed %s on %s" % (state[0], got["screen"])


def summary(results, layout_ok):
    """bench-board.json keys from [(cut dict, ok, text), ...] (a cut dict
    has ``files_lost``: files lost or changed on its drive) and whether the
    cover's layout check passed."""
    window = [r for r in results if r[0]["kind"] == "window"]
    return {"board.cuts.tried": len(results),
            "board.cuts.resumed_ok": len([r for r in results if r[1]]),
            "board.cuts.in_erase_window": len(window),
            "board.cuts.in_erase_window_resumed": len([r for r in window if r[1]]),
            "board.cuts.in_drive_write": len([r for r in results if r[0]["kind"] == "drive"]),
            # inside a name change (the screens plan) and a records update (Cargo's end)
            "board.cuts.in_name_change": len([r for r in results if r[0]["kind"] == "write"
                                              and r[0].get("plan") == "screens"]),
            "board.cuts.in_records_update": len([r for r in results if r[0]["kind"] == "write"
                                                 and r[0].get("plan") == "cargo"]),
            "board.cuts.files_lost": sum(r[0].get("files_lost", 0) for r in results),
            "board.cuts.cover_lost": sum(r[0].get("cover_lost", 0) for r in results),
            "board.cuts.cover_layout_ok": int(bool(layout_ok))}


def shortfall(bench):
    """What the figures of the whole set of cut plans miss (an empty list: nothing)."""
    out = []
    for key, least in (("tried", MIN_TRIED), ("in_erase_window", MIN_WINDOW),
                       ("in_drive_write", MIN_DRIVE), ("in_name_change", 1),
                       ("in_records_update", 1)):
        if bench["board.cuts." + key] < least:
            out.append("%d cuts %s, fewer than %d" % (bench["board.cuts." + key],
                                                      key.replace("_", " "), least))
    if bench["board.cuts.files_lost"]:
        out.append("%d files lost or changed on the drive" % bench["board.cuts.files_lost"])
    if not bench["board.cuts.cover_layout_ok"]:
        out.append("the cover shares a flash sector with other files (layout check)")
    return out
