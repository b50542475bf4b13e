"""Boot a flashed CIRCUITPY folder on the simulator's hardware (used by
tests/test_flash.py in a subprocess whose working directory is the drive).

    python tests/flash_boot_runner.py REPO PROFILE SHIPPED_JSON

Runs the drive's code.py exactly as CircuitPython would (as __main__, from
the drive's root). Modules the flash tool ships (SHIPPED_JSON: top-level
names) may only come from the drive: a file missing there fails the import
instead of falling back to the repository or this Python's site-packages.
What CircuitPython builds in comes from Blinka and the simulator: fake
`board`, `supervisor` and `neopixel_write` modules, and the profile's build()
replaced by the simulator's (sim.hw.build) once the drive's module is loaded.

The board's main loop sleeps between polls; the first sleep plays the
script: check the main menu, start Dice Wide Shut, play it to the end with
random legal steps through the buttons, then stop with Finished. Prints one
JSON line with what it saw.
"""
import importlib.abc
import importlib.machinery
import json
import os
import random
import runpy
import sys
import types

REPO, PROFILE, SHIPPED = sys.argv[1], sys.argv[2], set(json.loads(sys.argv[3]))
DRIVE = os.getcwd()
BOARD_IDS = {"pybadge": "pybadge", "pico_dice": "raspberry_pi_pico"}
seen = {"autoreload": [], "origins": {}}


class Finished(BaseException):
    """Ends the device's endless main loop (code.py catches only Exception)."""


def on_drive(entry):
    return not os.path.isabs(entry) or os.path.abspath(entry).startswith(DRIVE + os.sep)


class OnlyFromDrive(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] not in SHIPPED:
            return None
        search = [p for p in (path if path is not None else sys.path) if on_drive(p)]
        spec = importlib.machinery.PathFinder.find_spec(name, search)
        if spec is None or not os.path.abspath(spec.origin).startswith(DRIVE + os.sep):
            raise ImportError("{} is not on the drive".format(name))
        seen["origins"][name] = os.path.relpath(spec.origin, DRIVE)
        if name in AFTER_LOAD:
            spec.loader = PatchingLoader(spec.loader, AFTER_LOAD[name])
        return spec


class PatchingLoader(importlib.abc.Loader):
    """Loads the drive's module, then adjusts it for the simulator."""

    def __init__(self, real, after):
        self.real = real
        self.after = after

    def create_module(self, spec):
        return self.real.create_module(spec)

    def exec_module(self, module):
        self.real.exec_module(module)
        self.after(module)


def keep_apps(module):
    """Remember the App that code.py creates."""
    original = module.App.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        APPS.append(self)
    module.App.__init__ = init


def use_sim_build(module):
    module.build = sim_build


APPS = []
AFTER_LOAD = {"dws_app.app": keep_apps, "dws_hw." + PROFILE: use_sim_build}


def sim_build():
    from sim.hw import build
    hw = build(PROFILE, seed=5)
    hw.sleep = lambda seconds, hw=hw: play(hw)
    return hw


def play(hw):
    from sim.play import dws_step, finish_interludes
    from sim.script import Session
    app = APPS[0]
    seen["first_screen"] = type(app.top).__name__
    player = Session.around(app, hw)
    player.press("A", "DOWN", "DOWN", "DOWN", "A")
    screen = finish_interludes(player)
    game = screen.game
    seen["game"] = type(game).__name__
    rnd = random.Random(2)
    while not game.over:
        finish_interludes(player)
        dws_step(player, rnd.choice(game.legal_steps()))
    seen["game_over"] = game.over
    seen["last_screen"] = type(app.top).__name__
    raise Finished()


def fake_modules():
    board = types.ModuleType("board")
    board.board_id = BOARD_IDS[PROFILE]
    board.__getattr__ = lambda name: "pin " + name  # board.GP2, board.NEOPIXEL...
    supervisor = types.ModuleType("supervisor")

    class Runtime:
        def __setattr__(self, name, value):
            if name == "autoreload":
                seen["autoreload"].append(value)
            object.__setattr__(self, name, value)

    supervisor.runtime = Runtime()
    supervisor.ticks_ms = lambda: 0
    neopixel_write = types.ModuleType("neopixel_write")
    neopixel_write.neopixel_write = lambda pin, buf: None
    sys.modules.update(board=board, supervisor=supervisor, neopixel_write=neopixel_write)


def main():
    fake_modules()
    sys.path[:] = [p for p in sys.path if os.path.abspath(p) != os.path.dirname(os.path.abspath(__file__))]
    sys.path.append(REPO)  # for the simulator package only; see OnlyFromDrive
    sys.meta_path.insert(0, OnlyFromDrive())
    try:
        runpy.run_path("code.py", run_name="__main__")
    except Finished:
        pass
    print(json.dumps(seen, sort_keys=True))


if __name__ == "__main__":
    main()
