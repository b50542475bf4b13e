"""The one-off tables the board reads from its drive instead of building them.

    python -m tools.tables [DIR]      (default: tables/ in the repository)

Each table is computed here by the engine's own code (the same numbers the
board used to build in slices during play) and written in the format that
``lib/dws_app/drive.py`` reads: a 16-byte header (magic, format version,
kind, key, rows, columns, CRC-32 of the values) and the values as unsigned
16-bit little-endian.  ``tools/flash/plan.py`` puts them in the slot's tables/
folder; the simulator writes them into the repository's tables/ (ignored by
git) when they are missing or stale, so that it plays as the board does.

* ``dws-columns.dwt``: Dice Wide Shut's column tables for the default run
  points (``dws_columns.build``), 18 rows of 243 bytes: 4.3 KB.
* ``dicedout.dwt``: the Strong DicedOut seat's expected round scores
  (``bot_dicedout.Values``) for the bonus numbers the device plays (2 and
  12), 4 rows (rerolls left) of 2,048 sheets: 16 KB.
* ``stb-<tiles>-<one die rule>-<objective>.dwt``: Shut the Box's solver
  tables (``stb_solver.Solver``), 18 of them: 2 KB (9 tiles), 4 KB (10)
  and 8 KB (12) each.
* ``stb-<tiles>-<one die rule>-beat.dwt``: the chance that a player who
  plays to win beats each score (``stb_solver.beat_chances``), which the
  Strong seat weighs the players after it by: 9 and 10 tiles, 92 and 112
  bytes.
* ``cargo-hold-<cargo dice>-<rolls>.dwt``: Cargo's best rerolls with
  hold_cargo (``bot_cargo.tables``), the standard game's (3 dice, 5 rolls:
  4.3 KB) and the classic one's (2, 3: 450 bytes).
"""
import binascii
import hashlib
import os
import shutil
import struct
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for _p in (str(REPO), str(REPO / "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from dws_app import drive  # noqa: E402  (the reader: its format constants)

DIR = "tables"
# Computed tables, kept by the code that computes them (``table_files``):
# every drive `make flash` or the board suite builds, and every simulator
# start, would otherwise work them all out again (Shut the Box's beat files
# alone are 300 win tables).
CACHE = REPO / "build" / "tables"


def encode(kind, key, rows, values, width=2):
    """A table file: ``values`` is a list of ``rows`` equal rows of unsigned
    ``width``-byte values (1, 2 or 4)."""
    columns = len(values[0])
    if any(len(row) != columns for row in values) or len(values) != rows:
        raise ValueError("rows of unequal length")
    code = {1: "B", 2: "H", 4: "I"}[width]
    payload = b"".join(struct.pack("<%d%s" % (columns, code), *row) for row in values)
    head = struct.pack("<4sBBBxHHHI", drive.MAGIC, drive.VERSION, kind, width, key, rows,
                       columns, binascii.crc32(payload))
    assert len(head) == drive.HEADER
    return head + payload


def dicedout():
    """(file name, bytes) of the Strong DicedOut table of the device's bonus numbers."""
    from dws_core import bot_dicedout
    from dws_core.dicedout import DicedOut
    mask = DicedOut._bonus_mask(DicedOut.DEFAULT_BONUS)
    table = bot_dicedout.Values(mask)
    table.advance(table.size)
    return bot_dicedout.TABLE_FILE, encode(DicedOut.GAME_ID, mask, len(table.layers),
                                  [list(layer) for layer in table.layers])


def stb():
    """[(file name, bytes)] of Shut the Box's solver tables: every tile count,
    one-die rule and objective (``stb_solver.Solver`` with the board's scales:
    16-bit values for 12 tiles, 32-bit below)."""
    from dws_core import stb_solver
    from dws_core.stb import ShutTheBox
    files = []
    for tiles in (9, 10, 12):
        for one_die in stb_solver.ONE_DIE_RULES:
            for objective in stb_solver.OBJECTIVES:
                table = stb_solver.Solver(tiles, one_die, objective)
                name, width = stb_solver.table_file(tiles, one_die, objective)
                assert table.values.typecode == ("H" if width == 2 else "l")
                files.append((name, encode(
                    ShutTheBox.GAME_ID, stb_solver.table_key(tiles, one_die, objective), 1,
                    [list(table.values)], width)))
            if tiles in stb_solver.BEAT_TILES:
                name, width = stb_solver.table_file(tiles, one_die, stb_solver.BEAT)
                files.append((name, encode(
                    ShutTheBox.GAME_ID, stb_solver.table_key(tiles, one_die, stb_solver.BEAT), 1,
                    [stb_solver.beat_chances(tiles, one_die)], width)))
    return files


def dws_columns():
    """(file name, bytes) of Dice Wide Shut's 18 column tables (2 halves x
    9 chances) of the default run points, a byte per value."""
    from dws_core import dws_columns
    from dws_core.dws import DEFAULT_RUN_POINTS, DiceWideShut
    dws_columns.clear_cache()
    rows = dws_columns.build(DEFAULT_RUN_POINTS)
    dws_columns.clear_cache()
    assert all(type(row) is bytes for row in rows), "a value over 255"
    return dws_columns.TABLE_FILE, encode(DiceWideShut.GAME_ID,
                                          dws_columns.table_key(DEFAULT_RUN_POINTS),
                                          len(rows), [list(row) for row in rows], 1)


def cargo():
    """[(file name, bytes)] of Cargo's hold_cargo tables (``bot_cargo.tables``)
    for the standard game and the classic one: 32-bit values."""
    from dws_core import bot_cargo
    from dws_core.cargo import Cargo
    files = []
    for classic in (False, True):
        game = Cargo(2, seed=1, options={"classic": classic, "hold_cargo": True})
        dice, rolls = game.dice_count - 3, game.max_rolls
        bot_cargo.clear_cache()
        rows = [list(row) for row in bot_cargo.tables(dice, rolls)]
        bot_cargo.clear_cache()
        files.append((bot_cargo.table_file(dice, rolls),
                      encode(Cargo.GAME_ID, bot_cargo.table_key(dice, rolls), rolls, rows, 4)))
    return files


def computed():
    """{path under the slot: bytes} of every table, worked out now."""
    return {DIR + "/" + name: data
            for name, data in [dws_columns(), dicedout()] + stb() + cargo()}


def source_key():
    """A digest of the code the tables are computed by: the core's modules,
    this one and the reader's format (``dws_app.drive``)."""
    digest = hashlib.sha1()
    for path in sorted((REPO / "dws_core").glob("*.py")) + [Path(__file__).resolve(),
                                                             REPO / "lib" / "dws_app" / "drive.py"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def table_files(cache=None):
    """{path under the slot: bytes} of every table: from the cache of this
    source (``source_key``), else computed and put there."""
    folder = Path(cache if cache is not None else CACHE) / source_key()
    index = folder / "index.txt"
    if index.is_file():
        try:
            return {DIR + "/" + name: (folder / name).read_bytes()
                    for name in index.read_text().split()}
        except OSError:
            pass                        # (a damaged cache: computed again)
    files = computed()
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=folder.parent))
    for path, data in files.items():
        (tmp / path.split("/", 1)[1]).write_bytes(data)
    (tmp / "index.txt").write_text("\n".join(p.split("/", 1)[1] for p in files) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    try:
        os.replace(tmp, folder)         # whole or not at all (another process may race)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
    for old in folder.parent.iterdir():     # (tables of code no longer here)
        if old.name != folder.name and not old.name.startswith("tmp"):
            shutil.rmtree(old, ignore_errors=True)
    return files


def write(folder=None):
    """Write the tables into ``folder`` (default: the repository's tables/),
    only those that differ; the names written."""
    folder = Path(folder) if folder is not None else REPO / DIR
    written = []
    files = table_files()
    for stale in folder.glob("*.dwt") if folder.is_dir() else ():
        if DIR + "/" + stale.name not in files:
            stale.unlink()
    for path, data in files.items():
        target = folder / path.split("/", 1)[1]
        if not target.is_file() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, target)      # whole or not at all, for a reader beside
            written.append(target.name)
    return written


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    names = write(args[0] if args else None)
    print("tables: %s" % (", ".join(names) if names else "up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
