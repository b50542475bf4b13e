"""``python -m sim [--profile pybadge|pico_dice] [--seed N]``: play in a window.

``--headless --keys "A DOWN A ..." --out file.png`` plays a scripted session
without a window and writes a picture (screen plus LEDs); ``--keys`` or
``--out`` alone mean the same (they imply ``--headless``).  ``python -m
sim.screenshots`` writes every screen.  The nvm is kept in
out/sim-<profile>-nvm.bin, so Continue works across runs.

Bad input (an unknown button in --keys, --nvm or --out in a folder that does
not exist, --nvm naming a folder, a picture type PIL cannot write) ends with
one line on stderr and exit status 2, before anything runs.
"""

import argparse
import os
import sys

PROG = "python -m sim"


def parse(argv):
    ap = argparse.ArgumentParser(prog=PROG)
    ap.add_argument("--profile", choices=("pybadge", "pico_dice"), default="pybadge")
    ap.add_argument("--seed", type=int, default=None, help="reproducible dice")
    ap.add_argument("--headless", action="store_true",
                    help="no window: play --keys, write --out (implied by either)")
    ap.add_argument("--keys", default=None, help="buttons to press, e.g. 'A DOWN A'")
    ap.add_argument("--out", default=None, help="picture to write (headless; .png, .bmp, ...)")
    ap.add_argument("--nvm", default=None, help="nvm file (default out/sim-PROFILE-nvm.bin)")
    ap.add_argument("--battery", type=int, default=None, metavar="MV",
                    help="the cells' millivolts the board measures (the gauge; default: "
                         "none measured, as the emulated board)")
    ap.add_argument("--usb", action="store_true", help="on USB power (the gauge's plug)")
    ap.add_argument("--scale", type=int, choices=range(1, 7), default=None,
                    help="window scale (default 3 for pybadge, 2 for pico_dice, "
                         "less on a small screen)")
    return implied_headless(ap.parse_args(argv))


def implied_headless(args):
    """--keys and --out only mean something without a window: either one
    asks for a headless run, as --headless does."""
    args.headless = args.headless or args.keys is not None or args.out is not None
    args.keys = args.keys or ""
    return args


def _folder(path):
    return os.path.dirname(path) or "."


def check_nvm(path):
    """Why ``path`` cannot be the nvm file, or None.  The file itself may be
    missing (the first save creates it); its folder may not."""
    if os.path.isdir(path):
        return "--nvm %s is a folder: give a file name (it is created if missing)" % path
    folder = _folder(path)
    if not os.path.isdir(folder):
        return "--nvm %s: there is no folder %s (create it, or pick another path)" % (path, folder)
    if os.path.exists(path):
        if not os.access(path, os.R_OK | os.W_OK):
            return "--nvm %s: this file cannot be read and written" % path
        if not is_nvm_image(path):
            return ("--nvm %s is not a saved nvm of this game (left unchanged): "
                    "give a new file name, or one the simulator wrote" % path)
    elif not os.access(folder, os.W_OK):
        return "--nvm %s: no file can be created in %s" % (path, folder)
    return None


NVM_MAX = 64 * 1024          # larger than any board's nvm


def is_nvm_image(path):
    """Is the file at ``path`` one the simulator may write over: empty, blank
    (erased flash, 0xFF), or a store of this game (its header's magic)?"""
    from dws_app.store import MAGIC      # every layout's header starts so
    if os.path.getsize(path) > NVM_MAX:
        return False
    with open(path, "rb") as f:
        data = f.read()
    return data[:len(MAGIC)] == MAGIC or data == b"\xff" * len(data)


def check_keys(keys, profile):
    from dws_hw import PROFILES
    names = PROFILES[profile][1]
    for name in keys.split():
        if name.upper() not in names:
            return "--keys: unknown button %r; the buttons are %s" % (
                name, " ".join(sorted(names, key=BUTTON_ORDER.index)))
    return None


BUTTON_ORDER = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


def picture_types():
    """{'.png': 'PNG', ...}: the file extensions PIL can write."""
    from PIL import Image
    Image.init()
    return dict((ext, fmt) for ext, fmt in Image.registered_extensions().items()
                if fmt in Image.SAVE)


def check_out(path):
    ext = os.path.splitext(path)[1].lower()
    types = picture_types()
    if ext not in types:
        return "--out %s: %s; use .png (or .bmp, .gif, .jpg)" % (
            path, "no file extension" if not ext else "cannot write %s pictures" % ext)
    if os.path.isdir(path):
        return "--out %s is a folder: give a file name" % path
    folder = _folder(path)
    if not os.path.isdir(folder):
        return "--out %s: there is no folder %s (create it, or pick another path)" % (path, folder)
    return None


def bad_input(args, nvm):
    """The first problem with the command line, as one line, or None."""
    return (check_nvm(nvm) or check_keys(args.keys, args.profile)
            or (check_out(args.out) if args.out else None))


def headless(args, nvm):
    from sim.script import Session
    s = Session(args.profile, seed=args.seed, nvm_path=nvm, battery=sim_battery(args))
    for name in args.keys.split():
        s.press(name.upper())
        s.wait(50)
    s.wait(2000)
    out = args.out or os.path.join("out", "sim-%s.png" % args.profile)
    try:
        s.image().save(out)
    except (OSError, ValueError) as e:
        print("%s: cannot write %s (%s)" % (PROG, out, e), file=sys.stderr)
        return 1
    print(out)
    return 0


def window(args, nvm):
    import pygame
    from dws_hw import PROFILES
    from sim.hw import build
    from sim.window import SimWindow, button_for
    (w, h) = PROFILES[args.profile][0]
    try:
        display = SimWindow(w, h, "Dice Wide Shut - " + args.profile, scale=args.scale)
    except pygame.error as e:
        print("No display available (%s)." % e)
        print("Play headless instead:  python -m sim --headless --keys 'A DOWN A' --out shot.png")
        print("or write every screen:  python -m sim.screenshots")
        return 2
    from dws_app.app import App
    hw = build(args.profile, display=display, seed=args.seed, nvm_path=nvm, manual_clock=False,
               battery=sim_battery(args))
    display.pixels = hw.pixels
    app = App(hw)
    app.start()
    clock = pygame.time.Clock()
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                             and event.key == pygame.K_ESCAPE):
                pygame.quit()
                return 0
            if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = button_for(event.key)
                if name is not None:
                    hw.keys.send(name, event.type == pygame.KEYDOWN)
        app.poll()
        app.draw()
        clock.tick(60)


def sim_battery(args):
    """The battery the board measures (--battery, --usb), or None."""
    if args.battery is None and not args.usb:
        return None
    from sim.hw import SimBattery
    return SimBattery(args.battery, args.usb)


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.nvm is None or (args.headless and args.out is None):
        os.makedirs("out", exist_ok=True)
    nvm = args.nvm or os.path.join("out", "sim-%s-nvm.bin" % args.profile)
    problem = bad_input(args, nvm)
    if problem:
        print("%s: %s" % (PROG, problem), file=sys.stderr)
        return 2
    if args.headless:
        return headless(args, nvm)
    if not os.environ.get("SDL_VIDEODRIVER") and sys.platform.startswith("linux") \
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("No display available (no DISPLAY or WAYLAND_DISPLAY).")
        print("Play headless instead:  python -m sim --headless --keys 'A DOWN A' --out shot.png")
        print("or write every screen:  python -m sim.screenshots")
        return 2
    return window(args, nvm)


if __name__ == "__main__":
    sys.exit(main())
