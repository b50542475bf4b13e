"""The device's main, which code.py starts: detect the board, build its
hardware profile, run the app.  An unexpected error shows "press A to
restart" on the screen; the traceback goes to the serial console only.

Here and not in code.py: the firmware compiles code.py from source at every
start, and after each game a new interpreter starts (``fresh``); this module
comes compiled (make flash), so the new run takes keys ~20 ms sooner
(docs/measurements.md, "The restart between games")."""

import traceback

import supervisor


def game_running(running):
    # A file copied over USB must not restart the board in the middle of a game.
    supervisor.runtime.autoreload = not running


def fresh(hw):
    # A new interpreter, with the heap of a power-up (after every game, and
    # out of memory).  The display is let go first where the profile made it
    # (kept, it cost the next run 18 KB of heap on CircuitPython 10.2.1 and
    # the console showed meanwhile); the panel keeps its picture until the
    # new run draws the menu (hardware.md, "Memory across games").
    if hw.release is not None:
        hw.release()
    supervisor.reload()
    while True:         # (the reload takes effect at the next branch)
        pass


def wait_for_a(hw):
    from dws_app.buttons import Buttons
    buttons = Buttons(hw.keys, hw.key_map)
    while buttons.poll(hw.ticks_ms()) != "A":
        hw.sleep(0.02)


# Test-only settings.toml keys (integers) -> App's ``test`` options.
TEST_KEYS = (("seed", "DWS_TEST_SEED"), ("anim_ms", "DWS_TEST_ANIM_MS"),
             ("heap_log", "DWS_TEST_HEAP_LOG"), ("fail", "DWS_TEST_FAIL"),
             ("probe", "DWS_TEST_PROBE"), ("save_oom", "DWS_TEST_SAVE_OOM"),
             ("sleep_s", "DWS_TEST_SLEEP_S"))


def test_options():
    import os
    options = {}
    for name, key in TEST_KEYS:
        value = os.getenv(key)
        if value is not None:
            try:
                options[name] = int(value)
            except ValueError:
                print("settings.toml: %s is not a whole number" % key)
    return options


def build_hardware():
    """The board's profile builds its hardware; the code that chose the
    profile is not needed again in this run, and goes (its heap is a
    game's: ~500 bytes), and so does the code of the profile and of
    ``dws_hw`` that only this start runs (their ``START_ONLY``: the
    profile's other functions, its objects' methods and closures, keep
    their modules, and with them all their code; docs/measurements.md,
    "The battery on the board")."""
    from dws_hw.detect import profile_module
    module = profile_module()
    hw = module.build()
    import dws_hw
    from dws_app.memory import forget
    forget(("dws_hw.detect",))
    for names, owner in ((module.START_ONLY, module), (dws_hw.START_ONLY, dws_hw)):
        for name in names:
            delattr(owner, name)
    return hw


# What only main's start runs: let go once it has (a game's heap).
START_ONLY = ("build_hardware", "test_options", "TEST_KEYS")


def main():
    hw = build_hardware()
    test = test_options()
    names = globals()
    for name in START_ONLY:
        del names[name]
    while True:
        try:
            from dws_app.app import App
            App(hw, on_game=game_running, test=test, fresh=lambda: fresh(hw)).run()
        except Exception as e:  # the last resort: never leave a dead screen
            traceback.print_exception(e)
            from dws_app.lobby.error import error_group
            try:
                hw.display.root_group = error_group(hw.display, type(e).__name__ + ": " + str(e))
                hw.display.auto_refresh = True
            except Exception as e2:
                traceback.print_exception(e2)
            wait_for_a(hw)
            if isinstance(e, MemoryError):
                fresh(hw)

