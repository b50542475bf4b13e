"""dws_core runs unchanged under a real MicroPython interpreter.

Seeded games with random legal steps must give identical digests on CPython
and MicroPython (npm @micropython/micropython-webassembly-pyscript on Node.js).
"""
import os
import subprocess
import sys

import pytest

from bench.micropython import ROOT, run_file, run_source
from dws_core.games import GAMES

PLAY = os.path.join(ROOT, "tests", "mp", "play_random.py")
# (game id, players, levels): every level of every game plays.
NAMED = ((1, 3, ("easy", "normal", "strong")), (1, 2, ("strong", "normal")),
         (2, 3, ("easy", "shut", "score", "strong")), (2, 2, ("strong", "shut")),
         (3, 3, ("normal", "strong")), (4, 3, ("normal", "strong", "expert")))


def cpython_output(prelude):
    """Run play_random.py in a fresh CPython with the same prelude."""
    with open(PLAY) as f:
        source = prelude + f.read()
    proc = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True,
                          cwd=ROOT, check=True, env=dict(os.environ, PYTHONPATH=ROOT))
    return proc.stdout


@pytest.mark.parametrize("game_id", [g[0] for g in GAMES])
def test_seeded_games_identical_on_micropython(game_id):
    prelude = "GAME_IDS = [%d]\nSEEDS = [1, 2, 3, 4]\nPLAYERS = [1, 2, 3, 4, 5]\n" % game_id
    mp_lines = run_file("play_random.py", prelude=prelude).split()
    cp_lines = cpython_output(prelude).split()
    assert len(cp_lines) == 4 * 5 * 6
    assert mp_lines == cp_lines


def test_every_game_finishes_under_micropython():
    prelude = "GAME_IDS = [1, 2, 3, 4]\nSEEDS = [11]\nPLAYERS = [1, 3, 5]\n"
    lines = run_file("play_random.py", prelude=prelude).strip().splitlines()
    assert len(lines) == 12
    for line in lines:
        gid, players, seed, steps, over, digest = line.split()
        assert over == "1", line


def test_every_core_module_imports_under_micropython():
    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "dws_core"))
                   if n.endswith(".py") and n != "__init__.py")
    source = "import sys\n" + "".join(
        "import dws_core.%s\nprint('ok %s')\n" % (n, n) for n in names)
    out = run_source(source)
    assert out.split() == [w for n in names for w in ("ok", n)]


def test_micropython_is_really_micropython():
    out = run_source("import sys\nprint(sys.implementation.name)\n")
    assert out.strip() == "micropython"


def test_no_name_is_interned_in_a_game():
    """Once a game's modules and tables are in, its seats, hints (mid-turn
    too), steps and saves intern no new name: a str indexed or iterated,
    or chr(), interns its characters, and a name table that is full grows
    by a block of kilobytes, in the middle of a game (the board's
    MemoryError "allocating 1280 bytes" in cp10_py's evening: 1,280
    entries, ~7.7 KB).  Without a fix in bot_dws_hint this printed 445
    names at the start and 450 at the end."""
    prelude = "GAMES = %r\nSEEDS = [4, 5, 6]\n" % (NAMED,)
    lines = run_file("play_names.py", prelude=prelude).split("\n")
    counts = {}
    for tag, info in zip(lines[0::2], lines[1::2]):
        n = int(info.split("n_qstr=")[1].split(",")[0])
        counts.setdefault(tag.split()[1], []).append((tag.split()[0], n))
    assert len(counts) == 4
    for gid, pairs in counts.items():
        for (start, before), (end, after) in zip(pairs[0::2], pairs[1::2]):
            assert (start, end) == ("start", "end")
            assert before > 200 and after == before, (gid, before, after)
