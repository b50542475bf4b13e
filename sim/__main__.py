"""``python -m sim [--profile pybadge|pico_dice] [--seed N]``: play in a window.

``--headless --keys "A DOWN A ..." --out file.png`` plays a scripted session
without a window and writes a PNG (screen plus LEDs); ``python -m
sim.screenshots`` writes every screen.  The nvm is kept in
out/sim-<profile>-nvm.bin, so Continue works across runs.
"""

import argparse
import os
import sys


def parse(argv):
    ap = argparse.ArgumentParser(prog="python -m sim")
    ap.add_argument("--profile", choices=("pybadge", "pico_dice"), default="pybadge")
    ap.add_argument("--seed", type=int, default=None, help="reproducible dice")
    ap.add_argument("--headless", action="store_true", help="no window: play --keys, write --out")
    ap.add_argument("--keys", default="", help="buttons to press, e.g. 'A DOWN A'")
    ap.add_argument("--out", default=None, help="PNG to write (headless)")
    ap.add_argument("--nvm", default=None, help="nvm file (default out/sim-PROFILE-nvm.bin)")
    return ap.parse_args(argv)


def headless(args, nvm):
    from sim.script import Session
    s = Session(args.profile, seed=args.seed, nvm_path=nvm)
    for name in args.keys.split():
        s.press(name.upper())
        s.wait(50)
    s.wait(2000)
    out = args.out or os.path.join("out", "sim-%s.png" % args.profile)
    s.image().save(out)
    print(out)
    return 0


def window(args, nvm):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from dws_hw import PROFILES
    from sim.hw import build
    from sim.window import SimWindow, button_for
    (w, h) = PROFILES[args.profile][0]
    try:
        display = SimWindow(w, h, "Dice Wide Shut - " + args.profile)
    except pygame.error as e:
        print("No display available (%s)." % e)
        print("Play headless instead:  python -m sim --headless --keys 'A DOWN A' --out shot.png")
        print("or write every screen:  python -m sim.screenshots")
        return 2
    from dws_app.app import App
    hw = build(args.profile, display=display, seed=args.seed, nvm_path=nvm, manual_clock=False)
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
        display.refresh()
        clock.tick(60)


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    os.makedirs("out", exist_ok=True)
    nvm = args.nvm or os.path.join("out", "sim-%s-nvm.bin" % args.profile)
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
