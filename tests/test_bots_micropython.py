"""The bots make the same choices under MicroPython as under CPython."""
import os
import subprocess
import sys

from bench.micropython import ROOT, run_file

SCRIPT = os.path.join(ROOT, "tests", "mp", "play_bots.py")


def test_bot_games_identical_on_micropython():
    mp_out = run_file("play_bots.py")
    cp_out = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True,
                            cwd=ROOT, check=True, env=dict(os.environ, PYTHONPATH=ROOT)).stdout
    assert len(cp_out.splitlines()) == 8
    assert mp_out == cp_out
