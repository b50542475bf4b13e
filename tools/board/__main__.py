"""The board suite: the game on real CircuitPython in the emulated Pico.

    python -m tools.board [--full] [--config NAME ...] [--plan NAME ...] [--jobs 2]

For each configuration it writes a drive with ``make flash``'s own code
(tools/flash/), adds the test keys to its settings.toml, turns it into a
drive image with ``pico-emu/drive_image.sh`` and replays plans recorded on the
simulator (tools/board/record.py) with tools/board/replay.mjs.  Every run must
end without a traceback, in the state the simulator reached; the heap and
emulated time of each run go to ``bench-board.json`` (``board.min_free_bytes.
<game>.<config>``, ``board.emu_s.<game>.<config>``).  Which plans each
configuration plays, whole or short, is ``SUITE`` (CI's time); --full plays
every plan whole in every configuration, --quick each one's start.

Firmware, bootrom, drive tools and mpy-cross come from ``../shared/pico-emu``
(PICO_EMU=dir); CP10_UF2, CP9_UF2 and MPY_CROSS take a maker's own downloads.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

from tools.board import cuts, fat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMU = os.environ.get("PICO_EMU", os.path.join(os.path.dirname(ROOT), "shared", "pico-emu"))
OUT = os.path.join(ROOT, "out", "board")
BUILD = os.path.join(ROOT, "build", "board")

# name -> (firmware, boot_out.txt, compiled, ballast bytes)
CONFIGS = {
    "cp10_mpy": ("10", "boot_out.txt", True, 0),
    "cp10_py": ("10", "boot_out.txt", False, 0),
    "cp9_mpy": ("9", "boot_out-9.2.9.txt", True, 0),
    "badge_mpy": ("10", "boot_out.txt", True, 16384),
    # A PyBadge-sized heap less the 24 KB its budget promises (issue 50):
    # the headroom proven by taking it away.
    "lean_mpy": ("10", "boot_out.txt", True, 16384 + 24 * 1024),
}
MAIN = "cp10_mpy"
# Test keys a configuration adds to every plan's: lean_mpy probes the
# largest free block at every checkpoint (board.largest_block_bytes).
CONFIG_KEYS = {"lean_mpy": {"probe": 2}}
# The configuration whose drive is a bundle's zip unzipped (issue 31), not
# written by make flash directly.
BUNDLE_CONFIG = "cp9_mpy"
# The suite CI runs (without --full): configuration -> plan -> "whole" (as
# record.plans() records it) or "short" (record.plans(quick=True): a game's
# first checkpoints; the short evening, Cargo whole; the short storm).  The
# emulator runs at ~0.13x real time on CI's two cores, idle or busy, so
# CI's 90 minutes, after make test's 13, hold ~550 emulated seconds with
# room to spare (hardware.md, "The board suite's time"):
# - cp10_mpy, the main configuration (the speed figures), plays whole the
#   games the power cuts are taken in (Dice Wide Shut with 5 device seats:
#   its lowest point is its first save; Cargo), the continue plan and the
#   screens between games;
# - badge_mpy, the tightest heap, a short evening and a short storm;
# - cp10_py and cp9_mpy a short evening;
# - lean_mpy, the PyBadge-sized heap less its 24 KB of headroom (issue
#   50), the short evening and the short storm: neither may end in a
#   MemoryError (the whole evening and storm, and Shut the Box with the
#   setup's defaults whole, stb, are make test-board-full's;
#   docs/measurements.md, "The headroom taken away");
# - cp10_mpy's oom plan: a save out of memory twice at one checkpoint
#   (the test key DWS_TEST_SAVE_OOM) leads to the menu, the game kept;
# - cp10_mpy's sleep plan: no press for the sleep setting's time (the test
#   key DWS_TEST_SLEEP_S), deep sleep, a button wakes the board into the
#   game it left (issue 53; on USB the firmware pretends: the same path);
# - cp10_mpy's battery plan: the ADC of board.VOLTAGE_MONITOR set to a
#   battery running down in a game, to the low warning and the empty
#   battery's save and screen, with power cuts meanwhile (issue 53).
# make test-board-full plays every plan whole in every configuration: the
# whole evening (every game to its scores, twice) and the five-minute storm.
SUITE = {
    "cp10_mpy": {"dws5": "whole", "cargo": "whole", "continue": "whole", "screens": "whole",
                 "oom": "whole", "sleep": "whole", "battery": "whole"},
    "badge_mpy": {"evening": "short", "storm": "short"},
    "cp10_py": {"evening": "short"},
    "cp9_mpy": {"evening": "short"},
    "lean_mpy": {"evening": "short", "storm": "short"},
}
# Lowest gc.mem_free() allowed at the worst point of a game (../shared/PRODUCT.md).
MIN_FREE = {"cp10_mpy": 40 * 1024, "badge_mpy": 24 * 1024}
# The menu after the evening's last game may have this much less free heap
# than after its first (issue 29): more is a leak.
MENU_DRIFT = 2048
# The whole storm's least emulated time (issue 29; make test-board-full).
STORM_MIN_S = 300
# Plans of one power-up through many games, reported as a whole.
EVENING_PLANS = ("evening", "storm")
# ../shared/PRODUCT.md's budgets that the suite defends (emulated ms, nvm erases); the
# others (press latency, think time) are measured and reported.
DETERMINISTIC_BUDGETS = {"board.boot_to_menu_ms": 4000, "board.erases_per_game.dws5": 5}
# Pixels of a board screenshot that may differ from the simulator's (of
# 76,800): the board's and Blinka's fonts are both 6x12 Terminus, but not
# every glyph is drawn identically.
SHOT_TOLERANCE = 0.01
# The configurations whose screenshots are compared: 10.2.1's (badge_mpy's
# evening takes each game's screen and scores; its ballast changes no pixel).
SHOT_CONFIGS = ("cp10_mpy", "badge_mpy")
# The store's erase-window cover as make flash writes it
# (tools/flash/update.py), in its order: on a drive that allocates clusters
# one after another the folder's entry block and the window of nvm.bin then
# share flash sectors with no other file (tools/board/fat.py layout_check).
COVER_ORDER = (("dir", "dws_cover"), ("file", "dws_cover/guard.bin"),
               ("dir", "dws_cover/image"), ("file", "dws_cover/image/nvm.bin"))


def firmware(version):
    name = "CP%s_UF2" % version
    default = {"10": "circuitpython-10.2.1-raspberry_pi_pico.uf2",
               "9": "circuitpython-9.2.9-raspberry_pi_pico.uf2"}[version]
    return os.environ.get(name, os.path.join(EMU, "firmware", default))


def mpy_cross():
    return os.environ.get("MPY_CROSS", os.path.join(EMU, "bin", "mpy-cross-cp10.2.1"))


def need(path, what):
    if not os.path.exists(path):
        sys.exit("board suite: %s not found: %s (set PICO_EMU or the variable named in "
                 "tools/board/__main__.py)" % (what, path))


def build_drive(config):
    """The drive folder ``make flash`` writes for this configuration (for
    BUNDLE_CONFIG: what a maker unzips from ``make bundle``'s zip)."""
    version, boot_out, compiled, _ballast = CONFIGS[config]
    drive = os.path.join(BUILD, config, "drive")
    shutil.rmtree(drive, ignore_errors=True)
    os.makedirs(drive)
    shutil.copy(os.path.join(EMU, boot_out), os.path.join(drive, "boot_out.txt"))
    if config == BUNDLE_CONFIG:
        import zipfile
        from tools import bundle
        made = bundle.bundle(os.path.join(BUILD, config, "dist"), mpy_cross(),
                             profiles=("pico_dice",), majors=(int(version),))
        with zipfile.ZipFile(str(made[0])) as z:
            z.extractall(drive)     # (a bundle holds no boot_out.txt)
        return drive
    cmd = [sys.executable, "-m", "tools.flash", "--drive", drive]
    cmd += ["--mpy-cross", mpy_cross()] if compiled else ["--no-mpy-cross"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        sys.exit("board suite: make flash failed for %s:\n%s%s" % (config, done.stdout, done.stderr))
    return drive


def drive_image(config, drive, keys, name):
    """A drive image of ``drive`` with the test keys in its settings.toml;
    the cover goes in last, in make flash's order (add_cover).  boot_out.txt
    is as the firmware writes it with this boot.py, as on a board that has
    started this install once: else the first power-on rewrites it (the
    boot sector, both FATs and the root directory: a cut there would lose
    the drive, a risk of the install's first start, not of play)."""
    stage = os.path.join(BUILD, config, name + ".drive")
    shutil.rmtree(stage, ignore_errors=True)
    cover = COVER_ORDER[0][1]
    shutil.copytree(drive, stage, ignore=lambda d, names: [cover] if d == drive else [])
    boot_out = os.path.join(stage, "boot_out.txt")
    if os.path.exists(os.path.join(stage, "boot.py")) and os.path.exists(boot_out):
        with open(boot_out, "rb") as f:
            text = f.read()
        if b"boot.py output:" not in text:
            with open(boot_out, "wb") as f:
                f.write(text + b"boot.py output:\r\n")
    toml = os.path.join(stage, "settings.toml")
    with open(toml, "a") as f:
        for key, value in sorted(keys.items()):
            f.write("DWS_TEST_%s = %d\n" % (key.upper(), value))
    image = os.path.join(BUILD, config, name + ".img")
    cmd = [os.path.join(EMU, "drive_image.sh"), stage, image]
    ballast = CONFIGS[config][3]
    if ballast:
        cmd += ["--ballast", str(ballast)]
    subprocess.run(cmd, check=True, capture_output=True)
    add_cover(drive, image)
    return image


def add_cover(drive, image):
    """Write the drive folder's cover (if it has one) into the image in
    COVER_ORDER: mtools copies a folder's entries in readdir order, which
    would place the cover's clusters anywhere."""
    top = os.path.join(drive, COVER_ORDER[0][1])
    if not os.path.isdir(top):
        return
    found = sorted(os.path.relpath(os.path.join(d, n), drive)
                   for d, dirs, files in os.walk(top) for n in dirs + files)
    if found != sorted(path for _kind, path in COVER_ORDER[1:]):
        sys.exit("board suite: make flash's cover holds %s; the suite writes %s "
                 "(tools/board/__main__.py COVER_ORDER)" % (found, [p for _k, p in COVER_ORDER]))
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")
    for kind, path in COVER_ORDER:
        cmd = ["mmd", "-i", image, "::/" + path] if kind == "dir" else \
            ["mcopy", "-i", image, os.path.join(drive, path), "::/" + path]
        subprocess.run(cmd, check=True, capture_output=True, env=env)


def run_plan(config, drive, name, recorders, cut_spec=None, how="whole"):
    """Replay every power-on of a plan; returns the run's figures (with
    ``cut_spec``, BOARD_CUTS for a one-power-on plan: the cuts it took, the
    files of its drive image, which every cut must keep, and the cover's
    layout check on that image)."""
    out_dir = os.path.join(OUT, config, name)
    shutil.rmtree(out_dir, ignore_errors=True)
    result = {"config": config, "plan": name, "how": how, "ok": True, "emu_s": 0.0, "wall_s": 0.0, "menus": [],
              "games": {},
              "min_free": None, "error": "", "thinks": [], "blocks": [], "pass_max": 0,
              "presses": [],
              "boot_ms": [],
              "nvm_erases": 0, "cuts": [], "drive_files": {}, "layout": None}
    flash = None
    for k, rec in enumerate(recorders):
        part = os.path.join(out_dir, str(k))
        os.makedirs(part)
        plan_file = os.path.join(part, "plan.json")
        with open(plan_file, "w") as f:
            json.dump({"boot_lines": rec.boot_lines, "items": rec.items, "adc": rec.adc}, f)
        for shot, image in rec.shots.items():
            image.save(os.path.join(part, shot + ".sim.png"))
        cmd = ["node", os.path.join(EMU, "run.mjs"), "--scenario",
               os.path.join(ROOT, "tools", "board", "replay.mjs"), "--out", part, "--quiet",
               "--uf2", firmware(CONFIGS[config][0]), "--max-emu-s", "3000"]
        if flash is None:
            keys = dict(rec.test, **CONFIG_KEYS.get(config, {}))
            image = drive_image(config, drive, keys, "%s-%d" % (name, k))
            cmd += ["--fs", image]
            if cut_spec:
                with open(image, "rb") as f:
                    data = f.read()
                result["drive_files"] = fat.files(data)
                result["layout"] = fat.layout_check(data)
        else:
            cmd += ["--flash", flash]
        if k + 1 < len(recorders):
            flash = os.path.join(part, "flash.bin")
            cmd += ["--dump-flash", flash]
        env = dict(os.environ, BOARD_PLAN=plan_file)
        if cut_spec:
            env["BOARD_CUTS"] = json.dumps(cut_spec)
        t0 = time.time()
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        result["wall_s"] += time.time() - t0
        figures = read_run(part)
        result["emu_s"] += figures["emu_s"]
        result["menus"] += figures["menus"]
        for game, low in figures["games"].items():
            result["games"][game] = min(result["games"].get(game, low), low)
        result["thinks"] += figures["thinks"]
        result["blocks"] += figures["blocks"]
        result["pass_max"] = max(result["pass_max"], figures["pass_max"])
        result["presses"] += figures["presses"]
        result["nvm_erases"] += figures["nvm_erases"] or 0
        if figures["boot_ms"]:
            result["boot_ms"].append(figures["boot_ms"])
        if figures["min_free"] is not None:
            low = result["min_free"]
            result["min_free"] = figures["min_free"] if low is None else min(low, figures["min_free"])
        if cut_spec:
            result["cuts"] = [(part, cut, allowed) for cut, allowed in cuts.taken(part)]
        if done.returncode or not figures["ok"]:
            result["ok"] = False
            result["error"] = (done.stdout + done.stderr)[-1500:]
            break
    return result


def run_cut(config, name, part, cut, allowed, drive_files):
    """Power on from the flash a cut left; (cut, resumed as it should and
    no file of ``drive_files`` lost or changed, text).  The cut dict gains
    ``files_lost``: how many (the cover's own folder aside), and
    ``cover_lost``: 1 when the cover's folder was damaged."""
    start = time.time()
    folder = os.path.join(part, "resume-%d" % cut["n"])
    shutil.rmtree(folder, ignore_errors=True)
    flash = os.path.join(part, "cut-%d.bin" % cut["n"])
    cmd = ["node", os.path.join(EMU, "run.mjs"), "--scenario",
           os.path.join(ROOT, "tools", "board", "resume.mjs"), "--out", folder, "--quiet",
           "--uf2", firmware(CONFIGS[config][0]), "--max-emu-s", "300", "--flash", flash]
    with open(flash, "rb") as f:
        damage = fat.check_files(drive_files, f.read())   # (before the power-on writes)
    # The cover's own folder may go with the rewrite of its entry (FatFs
    # rewrites a file's directory entry whenever it closes a written file):
    # counted apart, the game plays on without a cover (hardware.md).
    cover = [d for d in damage if d.startswith(fat.COVER_PATH.split("/")[0] + "/")]
    lost = [d for d in damage if d not in cover]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    ok, text = cuts.judge(cut, allowed, folder)
    if done.returncode:
        ok, text = False, (done.stdout + done.stderr)[-1500:]
    if lost:
        ok, text = False, "drive files lost or changed: %s; %s" % (", ".join(lost), text)
    elif cover:
        text += "; the cover's folder lost (%s)" % ", ".join(cover)
    if ok:
        os.remove(flash)        # 2 MiB each; a failed one stays to look at
    cut = dict(cut, plan=name, files_lost=len(lost), cover_lost=int(bool(cover)))
    return cut, ok, "%s  (%.0f wall s)" % (text, time.time() - start)


def read_run(part):
    """Figures from one run's serial.log and events.log."""
    with open(os.path.join(part, "serial.log"), errors="replace") as f:
        serial = f.read()
    with open(os.path.join(part, "events.log"), errors="replace") as f:
        events = f.read()
    frees = [int(m) for m in re.findall(r"heap (-?\d+) ", serial)]
    menus = menus_after_games(serial)
    games = games_min_free(serial)
    from tools.board.record import GAME_KEYS
    thinks = [(GAME_KEYS[int(g)], lv, int(ms))
              for g, lv, ms in re.findall(r"think (\d+) (\w+) (\d+)", serial)]
    passes = [int(ms) for ms in re.findall(r"heap -?\d+ \S+ \d+ \d+ (\d+)", serial)]
    blocks = checkpoint_blocks(serial)
    emu = re.findall(r"end: emulated ([\d.]+) s", events)
    erases = re.findall(r"nvm sector: (\d+) erases", events)
    replay = {}
    if os.path.exists(os.path.join(part, "replay.json")):
        with open(os.path.join(part, "replay.json")) as f:
            replay = json.load(f)
    return {"min_free": min(frees) if frees else None, "menus": menus, "games": games,
            "emu_s": float(emu[-1]) if emu else 0.0,
            "ok": "RESULT: OK" in events,
            "thinks": thinks, "blocks": blocks, "pass_max": max(passes or [0]),
            "nvm_erases": int(erases[-1]) if erases else None,
            "boot_ms": replay.get("boot_ms"), "presses": replay.get("presses", [])}


def checkpoint_blocks(serial):
    """The probe's largest block after each checkpoint's heap line (the
    probe key at 2, lean_mpy)."""
    return [int(b) for b in re.findall(r"heap -?\d+ checkpoint [^\n]*\n+block (\d+)", serial)]


# Screens shown between games: a menu after one of these is not a menu
# after a game.
BETWEEN_GAMES = ("MenuScreen", "SetupScreen", "HelpScreen", "RecordsScreen", "SettingsScreen",
                 "ErrorScreen")


def menus_after_games(serial):
    """[(free, block, alloc, saved)] at the menu at power-up, then each time
    it comes back after a game: the heap line's free bytes (as the new
    interpreter draws the menu again, where it starts afresh: what the next
    game starts from), the ``block`` probe's line (the largest block and the
    heap in use as the game left them, before the fresh start; None without
    the ``probe`` test key, and at power-up), and whether the store held a
    game then (the menu offers Continue: it decoded the save, ~20 KB more)."""
    out = []
    where = None
    after_game = False          # the last heap line was a menu after a game
    saved = None                # the store held a game at the last "nvm" line
    lines = serial.split("\n")
    for i, line in enumerate(lines):
        words = line.split()
        if len(words) >= 3 and words[0].endswith("nvm"):   # (after a title escape)
            saved = words[1] != "00000000"
        if len(words) < 3 or words[0] != "heap":
            continue
        menu = words[2] == "MenuScreen"
        if menu and (where is None or where not in BETWEEN_GAMES or after_game):
            block = alloc = None
            if i + 1 < len(lines) and lines[i + 1].startswith("block "):
                probe = lines[i + 1].split()
                block, alloc = int(probe[1]), int(probe[2]) if len(probe) > 2 else None
            if after_game:      # the same menu drawn by the new interpreter
                _free, block, alloc, _saved = out.pop()
            out.append((int(words[1]), block, alloc, saved))
            after_game = where is not None
        else:
            after_game = False
        where = words[2]
    return out


SCREEN_GAME = {"DwsScreen": "dws", "StbScreen": "stb", "DicedOutScreen": "dicedout",
               "CargoScreen": "cargo", "DiceScreen": "dice"}


def games_min_free(serial):
    """{game: lowest free heap} of the games of one power-up, one game a run
    of the interpreter (the app starts afresh after each): a run's game is
    the first game screen it shows."""
    out = {}
    for run in serial.split("soft reboot"):
        frees = [int(m) for m in re.findall(r"heap (-?\d+) ", run)]
        game = None
        for screen in re.findall(r"heap -?\d+ (\w+Screen) ", run):
            game = SCREEN_GAME.get(screen)
            if game:
                break
        if game and frees:
            out[game] = min(out.get(game, frees[0]), min(frees))
    return out


def compare_shots(config, name):
    """Board screenshots against the simulator's of the same moment:
    (shot, differing pixels) for each; a black board screen differs everywhere."""
    from PIL import Image, ImageChops
    out = []
    base = os.path.join(OUT, config, name)
    for part in sorted(os.listdir(base)):
        folder = os.path.join(base, part)
        for file in sorted(os.listdir(folder)):
            if not file.endswith(".sim.png"):
                continue
            shot = file[:-len(".sim.png")]
            board_png = os.path.join(folder, shot + ".png")
            if not os.path.exists(board_png):
                out.append((shot, None))
                continue
            a = Image.open(board_png).convert("RGB")
            b = Image.open(os.path.join(folder, file)).convert("RGB")
            diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 48 else 0)
            out.append((shot, diff.histogram()[255]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.board", description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="whole games in every configuration")
    ap.add_argument("--quick", action="store_true", help="only the start and a few turns, "
                    "in every configuration (a fast look, not the suite)")
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS))
    ap.add_argument("--plan", action="append")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-cuts", action="store_true", help="no power cuts in the main "
                    "configuration's whole games")
    ap.add_argument("--json", default=os.path.join(ROOT, "bench-board.json"))
    ap.add_argument("--list", action="store_true", help="print the runs (configuration, "
                    "plan, presses) and stop")
    args = ap.parse_args(argv)
    need(os.path.join(EMU, "run.mjs"), "pico-emu")
    configs = args.config or list(CONFIGS)
    for config in configs:
        need(firmware(CONFIGS[config][0]), "firmware")
    if any(CONFIGS[c][2] for c in configs):
        need(mpy_cross(), "CircuitPython's mpy-cross")

    sys.path[:0] = [os.path.join(ROOT, "lib")]
    from tools.board import record
    print("recording plans on the simulator...", flush=True)
    if args.full:
        wanted = {c: dict.fromkeys(record.PLAN_NAMES, "whole") for c in configs}
    elif args.quick:
        wanted = {c: {n: "short" for n in record.PLAN_NAMES if n not in record.NOT_QUICK}
                  for c in configs}
    else:
        wanted = {c: SUITE[c] for c in configs}
    if args.plan is not None:      # (a plan the suite leaves out: whole, or short with --quick)
        default = "short" if args.quick else "whole"
        wanted = {c: {n: "whole" if n in record.NOT_QUICK else plans.get(n, default)
                      for n in args.plan} for c, plans in wanted.items()}
    kinds = {how for plans in wanted.values() for how in plans.values()}
    recorded = {how: record.plans(quick=how == "short", names=sorted({
        name for plans in wanted.values() for name, h in plans.items() if h == how}))
        for how in kinds}
    jobs = [(config, name, recorded[how][name], how)
            for config, plans in wanted.items() for name, how in plans.items()]
    # The plans whose power cuts boot afterwards first, then the longest
    # runs, so that two workers end together.
    jobs.sort(key=lambda job: (job[1] not in cuts.PLANS, -sum(len(rec.items) for rec in job[2])))
    if args.list:
        for config, name, recs, how in jobs:
            print("%-9s %-9s %-5s %4d presses" % (config, name, how, sum(
                1 for rec in recs for item in rec.items if item[0] == "key")))
        return 0
    drives = {c: build_drive(c) for c in configs}
    results = []
    cut_results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = set()
        for c, n, recs, how in jobs:
            cut_spec = None
            if c == MAIN and not args.no_cuts and n in cuts.PLANS and len(recs) == 1 \
                    and how == "whole":
                cut_spec = cuts.spec(n, recs[0])
            pending.add(pool.submit(run_plan, c, drives[c], n, recs, cut_spec, how))
        while pending:
            finished, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in finished:
                r = fut.result()
                if isinstance(r, tuple):
                    cut_results.append(r)
                    cut, ok, text = r
                    where = cut.get("pages", cut.get("item"))
                    if cut["kind"] == "drive":
                        where = "0x%06x %s" % (cut["sector"], where)
                    print("%-4s cut %s/%d (%s %s)  %s" % (
                        "ok" if ok else "FAIL", cut["plan"], cut["n"], cut["kind"],
                        where, text), flush=True)
                    continue
                results.append(r)
                print("%-4s %-9s %-9s min free %7s  %6.1f emulated s  %5.0f wall s %s" % (
                    "ok" if r["ok"] else "FAIL", r["config"], r["plan"], r["min_free"],
                    r["emu_s"], r["wall_s"], ("\n" + r["error"]) if not r["ok"] else ""),
                    flush=True)
                for part, cut, allowed in r["cuts"]:
                    pending.add(pool.submit(run_cut, r["config"], r["plan"], part, cut, allowed,
                                            r["drive_files"]))
    return report(results, args, cut_results)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, len(values) * p // 100)] if values else None


def speed(results):
    """Emulated-time figures of the main configuration (measured, reported;
    the speed budgets are ../shared/PRODUCT.md's): power-on to the menu's last pixel,
    press to the last pixel of its answer, device decisions, nvm erases."""
    out = {}
    main = [r for r in results if r["config"] == MAIN and r["ok"]]
    boots = [ms for r in main for ms in r["boot_ms"]]
    if boots:
        out["board.boot_to_menu_ms"] = percentile(boots, 50)
    for kind in ("move", "save", "open", "fresh", "restart", "view", "wake"):
        times = [ms for r in main for k, ms, *_rest in r["presses"] if k == kind]
        if times:
            out["board.press_ms_p50." + kind] = percentile(times, 50)
            out["board.press_ms_p99." + kind] = percentile(times, 99)
    thinks = {}
    for r in main:
        for game, level, ms in r["thinks"]:
            thinks.setdefault("%s.%s" % (game, level), []).append(ms)
    passes = [r["pass_max"] for r in main]
    if passes:
        out["board.frozen_ms_max"] = max(passes)
    for key, times in thinks.items():
        out["board.think_ms_p99." + key] = percentile(times, 99)
        out["board.think_ms_max." + key] = max(times)
    for r in main:
        if r["plan"] == "dws5":
            out["board.erases_per_game.dws5"] = r["nvm_erases"]
    return out


def evening(results, bench):
    """The evening's and the storm's figures (one power-up, game after
    game): the lowest free heap of all their games, and for the evening the
    free heap and largest block at the menu after each game, which must not
    drift down; the storm must last STORM_MIN_S emulated seconds."""
    failed = []
    for r in results:
        plan, config = r["plan"], r["config"]
        if plan not in EVENING_PLANS or r["min_free"] is None:
            continue
        bench["board.%s.min_free_bytes.%s" % (plan, config)] = r["min_free"]
        bench["board.%s.emu_s.%s" % (plan, config)] = round(r["emu_s"], 1)
        for game, low in sorted(r.get("games", {}).items()):
            bench["board.%s.game_min_free_bytes.%s.%s" % (plan, game, config)] = low
        if plan == "storm" and r["ok"] and r.get("how") == "whole" and r["emu_s"] < STORM_MIN_S:
            failed.append({"plan": "storm", "error": "%s: %.0f emulated s, fewer than %d" % (
                config, r["emu_s"], STORM_MIN_S)})
        if plan != "evening" or len(r["menus"]) < 2:
            continue
        boot, after = r["menus"][0], r["menus"][1:]
        bench["board.evening.boot_menu_free_bytes.%s" % config] = boot[0]
        bench["board.evening.boot_menu_block_bytes.%s" % config] = boot[1]
        bench["board.evening.menu_free_bytes.%s" % config] = [m[0] for m in after]
        bench["board.evening.menu_block_bytes.%s" % config] = [m[1] for m in after]
        bench["board.evening.menu_alloc_bytes.%s" % config] = [m[2] for m in after]
        bench["board.evening.menu_saved_game.%s" % config] = [m[3] for m in after]
        # Like with like: the menus that offer no Continue (a game left by
        # START, Dice's, is saved, and the menu loads the seat player's
        # code for Continue).
        alike = [m for m in after if m[3] is not True]
        if len(alike) > 1 and alike[-1][0] < alike[0][0] - MENU_DRIFT:
            failed.append({"plan": "evening", "error": "%s: %d bytes free at the menu after "
                           "the last game, %d after the first" % (
                               config, alike[-1][0], alike[0][0])})
    return failed


def saved_games(serial):
    """The game CRC of each interpreter run's first ``nvm`` line (its
    power-up's store), None for a run without one."""
    out = []
    for run in serial.split("soft reboot"):
        m = re.search(r"nvm ([0-9a-f]{8}) ", run)
        out.append(m.group(1) if m else None)
    return out


def oom_kept(results):
    """The oom plan: the save the first failure left (the second
    interpreter's power-up ``nvm`` line) is the one the menu after the
    second failure finds (the third's): the game kept, not lost."""
    failed = []
    for r in results:
        if r["plan"] != "oom" or not r["ok"]:
            continue
        with open(os.path.join(OUT, r["config"], "oom", "0", "serial.log"), errors="replace") as f:
            games = saved_games(f.read())
        if len(games) != 3 or games[1] in (None, "00000000") or games[1] != games[2]:
            failed.append({"plan": "oom", "error": "%s: the saved game across the two "
                           "failures: %s" % (r["config"], games)})
    return failed


def report(results, args, cut_results=()):
    from tools.board.record import BENCH_GAME
    bench = {}
    failed = [r for r in results if not r["ok"]]
    if cut_results:
        layouts = [(r["plan"], r["layout"]) for r in results if r["layout"] is not None]
        bench.update(cuts.summary(cut_results, all(ok for _plan, (ok, _p) in layouts)))
        failed += [{"plan": "cut %s/%d" % (cut["plan"], cut["n"]), "error": text}
                   for cut, ok, text in cut_results if not ok]
        failed += [{"plan": "cover layout %s" % plan, "error": "; ".join(problems)}
                   for plan, (ok, problems) in layouts if not ok]
        whole = set(cuts.PLANS) <= {r["plan"] for r in results if r["config"] == MAIN}
        if whole and cuts.shortfall(bench):
            failed.append({"plan": "cuts", "error": "; ".join(cuts.shortfall(bench))})
    for r in results:
        if r["plan"] == "evening":
            for game, low in r["games"].items():
                key = "board.min_free_bytes.%s.%s" % (game, r["config"])
                bench[key] = min(bench.get(key, low), low)
        game = BENCH_GAME.get(r["plan"])
        if game is None or r["min_free"] is None:
            continue
        key = "board.min_free_bytes.%s.%s" % (game, r["config"])
        bench[key] = min(bench.get(key, r["min_free"]), r["min_free"])
        key = "board.emu_s.%s.%s" % (game, r["config"])
        bench[key] = round(bench.get(key, 0) + r["emu_s"], 1)
    for r in results:
        if r["blocks"]:
            key = "board.largest_block_bytes.%s.%s" % (r["plan"], r["config"])
            bench[key] = min(r["blocks"])
    failed += evening(results, bench)
    failed += oom_kept(results)
    bench.update(speed(results))
    for key, value in sorted(bench.items()):
        parts = key.split(".")
        if parts[1] in EVENING_PLANS:
            # Every game of the evening and of the storm within the budget
            # (issue 29), not only a game after power-up.
            if parts[2] == "min_free_bytes" and value < MIN_FREE.get(parts[3], 0):
                failed.append({"plan": key, "error": "%d bytes free, budget %d" % (
                    value, MIN_FREE[parts[3]])})
        elif parts[1] == "min_free_bytes" and value < MIN_FREE.get(parts[3], 0):
            failed.append({"plan": key, "error": "%d bytes free, budget %d" % (
                value, MIN_FREE[parts[3]])})
        # Deterministic on the emulated board: emulated time and flash counts.
        elif key in DETERMINISTIC_BUDGETS and value > DETERMINISTIC_BUDGETS[key]:
            failed.append({"plan": key, "error": "%s, budget %s" % (
                value, DETERMINISTIC_BUDGETS[key])})
    for r in results:
        if r["config"] not in SHOT_CONFIGS or not r["ok"]:
            continue
        for shot, differ in compare_shots(r["config"], r["plan"]):
            where = r["plan"] if r["config"] == MAIN else "%s.%s" % (r["plan"], r["config"])
            bench["board.shot_differ_pixels.%s.%s" % (where, shot)] = differ
            if differ is None or differ > SHOT_TOLERANCE * 320 * 240:
                failed.append({"plan": "%s/%s" % (r["plan"], shot),
                               "error": "board screenshot differs from the simulator's "
                                        "in %s pixels" % differ})
    with open(args.json, "w") as f:
        json.dump(bench, f, indent=1, sort_keys=True)
    for r in failed:
        if "config" not in r:
            print("FAIL %s: %s" % (r["plan"], r["error"]))
    print("%d passed, %d failed" % (len(results) - len([r for r in results if not r["ok"]]),
                                    len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
