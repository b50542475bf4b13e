"""Run Python source under the MicroPython WebAssembly interpreter (Node.js)."""
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tests", "mp", "run.mjs")


class MicroPythonError(RuntimeError):
    pass


def run_source(source, *flags, timeout=1800):
    """Run ``source`` (see tests/mp/run.mjs for --chunks/--loop); return stdout."""
    fd, path = tempfile.mkstemp(suffix=".py")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(source)
        proc = subprocess.run(
            ["node", RUNNER, path] + list(flags),
            capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    finally:
        os.remove(path)
    if proc.returncode != 0:
        raise MicroPythonError(proc.stderr.strip() or "MicroPython run failed")
    return proc.stdout


def run_file(name, *flags, prelude=""):
    """Run a script from tests/mp/ (with optional prelude source)."""
    with open(os.path.join(ROOT, "tests", "mp", name)) as f:
        return run_source(prelude + f.read(), *flags)
