"""Import cost of the device app under MicroPython.

Live heap after importing what the board holds while a Dice Wide Shut game
with device-played seats runs: the app and its screens, the game's engine
and bot.  CircuitPython's built-in C modules (displayio, terminalio) live in
flash and cost no heap; bench/mp_native stands in for them so the imports
resolve.  Display objects built at run time are not included.  This is a fast
proxy: the board suite (``make test-board``, bench-board.json) measures the
real heap on the firmware.
"""
import os
import tempfile

from bench.micropython import ROOT, run_source
from bench.mpy import compile_tree

DWS_GAME = ("dws_app.app", "dws_app.lobby.menu", "dws_app.lobby.setup", "dws_app.play.pass_screen",
            "dws_app.play.game_dws", "dws_app.lobby.scores", "dws_app.lobby.help", "dws_core.bots",
            "dws_core.bot_dws")


# A pointer to a forgotten module (or the compiler's garbage after an import)
# can linger on the interpreter's stack until another runPython() call has
# run, so every measurement waits for one more collecting chunk.
_FORGET = "#--chunk--\nfrom dws_app.memory import forget\nforget(%r)\n#--chunk--\ngc.collect()\n"


def measure(modules, forget=(), mpy=False):
    """Live heap (bytes) after importing ``modules``, then forgetting the
    modules ``forget`` as the app does between games
    (``dws_app.memory.forget``).  With ``mpy`` every module is loaded from .mpy
    (bench/mpy.py: no docstrings, as on the boards)."""
    with tempfile.TemporaryDirectory() as tmp:
        lib = "lib"
        flags = []
        if mpy:
            lib = compile_tree(os.path.join(ROOT, "lib"), os.path.join(tmp, "mpy", "lib"))
            flags.append("--core=" + compile_tree(os.path.join(ROOT, "dws_core"),
                                                   os.path.join(tmp, "mpy", "dws_core")))
        source = ("import gc, sys\nsys.path.insert(0, '/app/mp_native')\n"
                  "sys.path.insert(0, '/app/lib')\n"
                  "#--chunk--\n"
                  + "".join("import %s\n" % m for m in modules) +
                  (_FORGET % (tuple(forget),) if forget else "") +
                  "#--chunk--\ngc.collect()\n"
                  "#--chunk--\ngc.collect()\nprint(gc.mem_alloc())\n")
        out = run_source(source, "--chunks", "--with=" + lib, "--with=bench/mp_native", *flags)
    return int(out.split()[-1])


# (the buttons', LEDs' and sound's modules come with the app's start, which
# the lobby makes: the game keeps them)
IN_GAME = ("dws_app.app", "dws_app.buttons", "dws_app.leds", "dws_app.sound",
           "dws_app.play.pass_screen", "dws_app.play.game_dws", "dws_core.bots", "dws_core.bot_dws",
           "dws_core.dws_totals")


def run():
    return {
        "app.import_heap_dws_in_game_bytes": measure(IN_GAME),
        "app.import_heap_dws_session_bytes": measure(DWS_GAME),
        "app.import_heap_dws_in_game_bytes_mpy": measure(IN_GAME, mpy=True),
        "app.import_heap_dws_session_bytes_mpy": measure(DWS_GAME, mpy=True),
    }
