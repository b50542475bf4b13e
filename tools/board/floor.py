"""The floor of a frame on the board: ``python -m tools.board.floor`` draws a
few kinds of full-screen layers with the real firmware in the emulated Pico
(``floor_code.py`` as the drive's code.py, the pico_dice display) and prints
their full-frame times in emulated ms as JSON.  What it showed (CircuitPython
10.2.1): an empty frame 64 ms; one full-screen layer 448-476 ms whatever
its bits per pixel (1 or 8), scale (1 or 2) or tiles (the font's glyphs);
transparent 447; an opaque layer hides the ones under it for free, a
transparent one over another costs both (851).  So a frame costs the pixels
its visible layers compute, ~5.3 us each (hardware.md, "What a press
costs").  And every layer or Group in the picture, wherever it is: 64
one-pixel layers 115 ms (51 more than empty: each is visited once per
256-pixel run, 240 runs a full frame, ~3.3 us a visit); ten 26x1 glyph rows
480 where one 26x10 grid is 466."""

import json
import os
import re
import shutil
import subprocess
import sys

from tools.board.__main__ import BUILD, CONFIGS, EMU, ROOT, mpy_cross, need


def run_code(name, code, files=None, scenario="press"):
    """Run ``code`` (a file in tools/board/) as code.py of a drive holding
    the game (cp10_mpy) until it prints "FLOOR done"; its "FLOOR <key>
    <ms>" lines as a dict.  ``files``: more files for the drive's root,
    name -> text; ``scenario``: "lockstep" runs the PIO in emulated time
    (tools/board/lockstep.mjs; "press", the emulator's own, takes ~300
    emulated ms a NeoPixel write)."""
    need(os.path.join(EMU, "run.mjs"), "pico-emu")
    drive = os.path.join(BUILD, name, "drive")
    shutil.rmtree(drive, ignore_errors=True)
    os.makedirs(drive)
    shutil.copy(os.path.join(EMU, CONFIGS["cp10_mpy"][1]), os.path.join(drive, "boot_out.txt"))
    subprocess.run([sys.executable, "-m", "tools.flash", "--drive", drive,
                    "--mpy-cross", mpy_cross()], cwd=ROOT, check=True, capture_output=True)
    shutil.copy(os.path.join(ROOT, "tools", "board", code), os.path.join(drive, "code.py"))
    for file, text in (files or {}).items():
        with open(os.path.join(drive, file), "w") as f:
            f.write(text)
    image = os.path.join(BUILD, name, name + ".img")
    subprocess.run([os.path.join(EMU, "drive_image.sh"), drive, image], check=True,
                   capture_output=True)
    out = os.path.join(ROOT, "out", "board", name)
    if scenario == "lockstep":
        scenario = ["--scenario", os.path.join(ROOT, "tools", "board", "lockstep.mjs")]
    else:
        scenario = ["--scenario", scenario, "--press", "wait-serial /FLOOR done/ 600000"]
    subprocess.run(["node", os.path.join(EMU, "run.mjs"), "--fs", image, "--out", out,
                    "--quiet"] + scenario, cwd=ROOT, check=True, capture_output=True)
    with open(os.path.join(out, "serial.log"), errors="replace") as f:
        found = re.findall(r"FLOOR (\w+) ([\d.]+)", f.read())
    return {k: float(v) for k, v in found if k != "done"}


def main():
    found = run_code("floor", "floor_code.py")
    print(json.dumps({"board.frame_ms." + k: v for k, v in found.items()}, indent=2))


if __name__ == "__main__":
    main()
