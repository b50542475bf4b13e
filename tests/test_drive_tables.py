"""The tables the board reads from its drive (tools/tables.py writes them,
lib/dws_app/drive.py reads them): the engine's own numbers, and a file that
is not whole is refused with a reason, never read."""
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.micropython import run_source
from dws_app import drive
from dws_core import bot_dicedout
from dws_core.dicedout import DicedOut
from tools import tables
from dws_app.lobby.setup import start_game

REPO = Path(__file__).resolve().parent.parent
MASK = DicedOut._bonus_mask(DicedOut.DEFAULT_BONUS)
SHAPE = (DicedOut.GAME_ID, MASK, bot_dicedout.MOST_REROLLS + 1, bot_dicedout.SHEETS)


@pytest.fixture(scope="module")
def dicedout_file():
    return tables.dicedout()


@pytest.fixture
def table_at(tmp_path):
    """Write ``data`` as a table file; the drive.Table of it (or its error)."""
    opened = []

    def table(data, shape=SHAPE):
        path = tmp_path / "t.dwt"
        path.write_bytes(data)
        t = drive.Table(str(path), *shape)
        opened.append(t)
        return t
    yield table
    for t in opened:
        t.close()


def test_the_dicedout_file_holds_the_engines_own_table(dicedout_file, table_at):
    name, data = dicedout_file
    assert name == "dicedout.dwt" and len(data) == drive.HEADER + 4 * 2048 * 2
    built = bot_dicedout.Values(MASK)
    built.advance(built.size)
    t = table_at(data)
    for rerolls in range(4):
        for marks in range(2048):
            assert t.value(marks, rerolls) == built.value(marks, rerolls)


def test_the_bots_choose_the_same_with_the_file(dicedout_file, table_at):
    """best_extra over the file = over the built table, for every sheet."""
    built = bot_dicedout.Values(MASK)
    built.advance(built.size)
    bot_dicedout.clear_cache()
    bot_dicedout._cache.append(built)
    want = [bot_dicedout.best_extra(m, r, MASK) for r in range(4) for m in range(0, 2048, 7)]
    bot_dicedout.use(table_at(dicedout_file[1]), MASK)
    got = [bot_dicedout.best_extra(m, r, MASK) for r in range(4) for m in range(0, 2048, 7)]
    bot_dicedout.clear_cache()
    assert got == want


@pytest.mark.parametrize("classic", (False, True))
def test_cargo_seats_choose_the_same_with_the_file(table_at, classic):
    """Cargo with hold_cargo: every crewed decision of a seeded game read
    from the file is the decision from the built table."""
    from dws_core import bot_cargo, bots
    from dws_core.cargo import Cargo
    from dws_core.rng import Rng
    options = {"classic": classic, "hold_cargo": True, "rounds": 3}
    dice, rolls = Cargo(3, options=options).dice_count - 3, Cargo(3, options=options).max_rolls
    data = dict(tables.cargo())[bot_cargo.table_file(dice, rolls)]
    stored = table_at(data, (Cargo.GAME_ID, bot_cargo.table_key(dice, rolls), rolls, 6 ** dice, 4))
    decisions = 0
    for seed in range(1, 30):
        game = Cargo(3, seed=seed, options=options)
        while not game.over:
            if game.crewed():
                bot_cargo.clear_cache()
                want = bot_cargo.decide(game)
                bot_cargo.use(dice, rolls, stored)
                assert bot_cargo.decide(game) == want
                bot_cargo._cache[:] = []        # (the fixture closes the file)
                decisions += 1
            for step in bots.bot_turn(game, "strong", Rng(seed)):
                game.step(step)
    bot_cargo.clear_cache()
    assert decisions >= 30


def damaged(data):
    """(what is changed, bytes, the reason drive.Table gives)."""
    flip = bytearray(data)
    flip[drive.HEADER + 5] ^= 0x10
    newer = bytearray(data)
    newer[4] = drive.VERSION + 1
    key = bytearray(data)
    key[6:8] = struct.pack("<H", MASK ^ 2)
    return [
        ("a flipped bit", bytes(flip), "table file damaged"),
        ("cut short", data[:-2], "table file of another size"),
        ("a byte more", data + b"\0", "table file of another size"),
        ("only a header", data[:drive.HEADER], "table file of another size"),
        ("empty", b"", "not a table file"),
        ("a README", b"# Dice Wide Shut\n" * 50, "not a table file"),
        ("a newer format", bytes(newer), "table format 2, not 1"),
        ("other bonus numbers", bytes(key), "another table"),
    ]


@pytest.mark.parametrize("case", range(8))
def test_a_table_file_that_is_not_whole_is_refused(dicedout_file, table_at, case):
    what, data, why = damaged(dicedout_file[1])[case]
    with pytest.raises(ValueError) as e:
        table_at(data)
    assert str(e.value) == why, what


def test_a_missing_or_refused_file_is_none_with_a_reason(monkeypatch, tmp_path):
    monkeypatch.setattr(drive, "find", lambda name: None)
    assert drive.open_table("dicedout.dwt", *SHAPE) == (None, "no table file dicedout.dwt")
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "dicedout.dwt").write_bytes(b"DWSt")
    monkeypatch.setattr(drive, "find", lambda name: str(tmp_path) + name)
    assert drive.open_table("dicedout.dwt", *SHAPE) == (
        None, "dicedout.dwt: not a table file")


def test_the_writer_writes_only_what_differs(tmp_path):
    names = sorted(path.split("/")[1] for path in tables.table_files())
    assert len(names) == 2 + 3 * 3 * 2 + 2 * 3 + 2  # (dws, dicedout, stb's, stb's beat, cargo's)
    assert sorted(tables.write(tmp_path)) == names
    assert tables.write(tmp_path) == []
    (tmp_path / "dicedout.dwt").write_bytes(b"old")
    (tmp_path / "stb-11-never-shut.dwt").write_bytes(b"no longer made")
    assert tables.write(tmp_path) == ["dicedout.dwt"]
    assert (tmp_path / "dicedout.dwt").read_bytes() == tables.dicedout()[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == names   # none stale, no temporary


def test_rows_of_unequal_length_are_not_written():
    with pytest.raises(ValueError):
        tables.encode(3, 0, 2, [[1, 2], [3]])


def test_the_reader_runs_under_micropython():
    """drive.Table as the board runs it: seek, readinto, binascii.crc32."""
    rows = [[(r * 977 + c * 131) % 65536 for c in range(300)] for r in range(3)]
    good = tables.encode(7, 513, 3, rows)
    bad = bytearray(good)
    bad[-1] ^= 1
    source = (REPO / "lib" / "dws_app" / "drive.py").read_text()
    script = (source + "\n\n"
              "open('good.dwt', 'wb').write({!r})\n"
              "open('bad.dwt', 'wb').write({!r})\n"
              "t = Table('good.dwt', 7, 513, 3, 300)\n"
              "print(t.value(0, 0), t.value(299, 2), t.value(150, 1))\n"
              "t.close()\n"
              "try:\n"
              "    Table('bad.dwt', 7, 513, 3, 300)\n"
              "except ValueError as e:\n"
              "    print(e)\n").format(good, bytes(bad))
    out = run_source(script, timeout=300).splitlines()
    assert out == ["%d %d %d" % (rows[0][0], rows[2][299], rows[1][150]), "table file damaged"]


@pytest.mark.parametrize("tiles", (9, 10, 12))
def test_the_shut_the_box_files_hold_the_solvers_tables(tiles, table_at):
    """Every variant and objective: the solver's own values, and the moves
    and one-die choices of a solver reading the file are the solved one's."""
    from dws_core import stb_solver
    files = dict(tables.stb())
    for one_die in stb_solver.ONE_DIE_RULES:
        for objective in stb_solver.OBJECTIVES:
            solved = stb_solver.Solver(tiles, one_die, objective)
            name, width = stb_solver.table_file(tiles, one_die, objective)
            shape = (2, stb_solver.table_key(tiles, one_die, objective), 1, 1 << tiles, width)
            stored = table_at(files[name], shape)
            assert [stored[m] for m in range(1 << tiles)] == list(solved.values)
            read = stb_solver.Solver(tiles, one_die, objective, values=stored)
            for mask in range(0, 1 << tiles, 37):
                assert read.value(mask) == solved.value(mask)
                assert read.roll_one_die(mask) == solved.roll_one_die(mask)
                for total in range(1, 13):
                    assert read.best_set(mask, total) == solved.best_set(mask, total)


def test_the_dice_wide_shut_file_holds_the_column_tables(table_at):
    from dws_core import dws_columns
    from dws_core.dws import DEFAULT_RUN_POINTS
    name, data = tables.dws_columns()
    assert name == dws_columns.TABLE_FILE
    dws_columns.clear_cache()
    built = dws_columns.build(DEFAULT_RUN_POINTS)
    dws_columns.clear_cache()
    stored = table_at(data, (1, dws_columns.table_key(DEFAULT_RUN_POINTS), 18, 243, 1))
    assert [stored.row(k) for k in range(18)] == built


@given(st.lists(st.integers(-40, 60), min_size=12, max_size=12))
@settings(max_examples=30, deadline=None)
def test_normal_s_table_is_the_columns_score_now(values):
    """The k = 0 table Normal uses, worked out on the board from the 32
    masks of checked rows (no file, nothing built), is the built one's
    k = 0 row for any run points."""
    from dws_core import dws_columns
    pair = (tuple(values[:6]), tuple(values[6:]))
    dws_columns.clear_cache()
    built = dws_columns.build(pair)
    dws_columns.clear_cache()
    for half in (0, 1):
        assert list(dws_columns._column_table(pair, half, 0)) == list(built[half * 9])
    assert not dws_columns.ready(pair)            # (worked out, nothing built)
    dws_columns.clear_cache()
    assert dws_columns._now == []


def test_other_run_points_have_another_key():
    from dws_core.dws_columns import table_key
    from dws_core.dws import DEFAULT_RUN_POINTS
    other = (DEFAULT_RUN_POINTS[0], (0, 1, 3, 6, 10, 15))
    assert table_key(other) != table_key(DEFAULT_RUN_POINTS)


def test_a_dice_wide_shut_game_reads_its_columns_and_never_builds(monkeypatch):
    """With the drive's file, a game with device seats has its column tables
    before its first frame, and a human-only game's first hint answers at
    once: nothing is built."""
    from dws_core import dws_columns
    from sim.script import Session
    from test_app_bots import settle
    built = []
    build = dws_columns.build
    monkeypatch.setattr(dws_columns, "build", lambda pair: built.append(pair) or build(pair))
    dws_columns.clear_cache()
    s = Session("pico_dice", seed=3)
    start_game(s.app, 1, 2, None, seed=4, seats=["strong", "strong"])
    assert dws_columns.ready(s.app.table.game.run_points) and s.app.table.seats.fallback == {}
    reader = dws_columns._cache[1]
    assert not isinstance(reader, list)          # read by seek, two tables a decision
    game = s.app.table.game
    from dws_core import bots
    from dws_core.rng import Rng
    assert bots.bot_turn(game, "strong", Rng(1)) and dws_columns._read == {}   # (not kept
    assert bots.hint(game)[0] and dws_columns._read == {}   # between decisions)
    dws_columns.clear_cache()
    assert reader.file is None                   # closed with the cache
    build(s.app.table.game.run_points)
    built = [dws_columns._column_table(s.app.table.game.run_points, h, k)
             for h in (0, 1) for k in range(9)]
    dws_columns.clear_cache()
    from dws_app.play.tables_dws import columns as from_drive
    assert from_drive(s.app.table.game.run_points) is None     # (None: no trouble)
    assert [dws_columns._column_table(s.app.table.game.run_points, h, k)
            for h in (0, 1) for k in range(9)] == built
    dws_columns.clear_cache()
    built = []
    s = Session("pico_dice", seed=6)
    start_game(s.app, 1, 2, None, seed=9)
    settle(s)
    assert not dws_columns.ready(s.app.table.game.run_points)     # (humans: at the first hint)
    s.press("SELECT")
    assert s.screen.msg1.shown().startswith("Hint:") and "thinking" not in s.screen.msg1.shown()
    assert dws_columns.ready(s.app.table.game.run_points) and built == []


@pytest.mark.parametrize("tiles", (9, 10))
def test_the_beat_files_hold_the_chances_to_beat_each_score(tiles, table_at):
    """The Strong seat's weight of the players still to play: the file is
    ``beat_chances``, and a game reads it into the solver's keeping."""
    from dws_app.play.tables_stb import find as stb_tables
    from dws_core import stb_solver
    from dws_core.stb import ShutTheBox
    files = dict(tables.stb())
    for one_die in stb_solver.ONE_DIE_RULES:
        name, width = stb_solver.table_file(tiles, one_die, stb_solver.BEAT)
        box_sum = tiles * (tiles + 1) // 2
        shape = (2, stb_solver.table_key(tiles, one_die, stb_solver.BEAT), 1, box_sum + 1, width)
        stored = table_at(files[name], shape)
        assert [stored[t] for t in range(box_sum + 1)] == stb_solver.beat_chances(tiles, one_die)
    stb_solver.clear_cache()
    game = ShutTheBox(2, seed=1, options={"tiles": tiles})
    assert stb_tables(game, [None, "strong"]) == ([], None)
    kept = stb_solver.beat_table(tiles, "high_shut", False)
    assert isinstance(kept, drive.Table)
    assert kept[0] == stb_solver.beat_chances(tiles, "high_shut")[0]
    stb_solver.clear_cache()
    assert kept.file is None                     # (closed with the game's tables)


def test_shut_the_box_with_12_tiles_reads_its_tables_and_never_waits(monkeypatch):
    """With the drive's files, a game of device seats needs no solving:
    every table is there from the first pass, the seats play at their own
    levels, and the tables go with the game (their files closed)."""
    from dws_app.lobby.scores import ScoresScreen
    from dws_core import bot_stb
    from dws_core import stb_solver as S
    from sim.script import Session
    from test_app_bots import run_unattended
    S.clear_cache()
    solved = []
    advance = S.Solver.advance
    monkeypatch.setattr(S.Solver, "advance", lambda self, n: solved.append(n) or advance(self, n))
    decisions = []
    turn = bot_stb.turn
    monkeypatch.setattr(bot_stb, "turn", lambda g, level, rng: decisions.append(level) or turn(g, level, rng))
    s = Session("pybadge", seed=12)
    start_game(s.app, 2, 3, {"tiles": 12}, seed=12, seats=["score", "easy", "shut"])
    s.app.poll()
    held = list(S._CACHE)
    assert sorted(t.objective for t in held) == ["score", "shut"]
    assert all(isinstance(t.values, drive.Table) for t in held) and s.app.table.seats.fallback == {}
    game = run_unattended(s, monkeypatch)
    assert isinstance(s.screen, ScoresScreen) and game.over
    assert "score" in decisions and "shut" in decisions
    assert solved == []
    assert S._CACHE == [] and all(t.values.file is None for t in held)


def test_computed_tables_are_kept_by_the_code_that_made_them(monkeypatch, tmp_path):
    """The second ask reads the cache; other code, or a damaged cache,
    computes them again."""
    made = []
    monkeypatch.setattr(tables, "computed", lambda: made.append(1) or {"tables/a.dwt": b"A",
                                                                      "tables/b.dwt": b"BB"})
    first = tables.table_files(tmp_path)
    assert tables.table_files(tmp_path) == first == {"tables/a.dwt": b"A", "tables/b.dwt": b"BB"}
    assert len(made) == 1
    (tmp_path / tables.source_key() / "b.dwt").unlink()
    assert tables.table_files(tmp_path) == first and len(made) == 2
    monkeypatch.setattr(tables, "source_key", lambda: "other")
    assert tables.table_files(tmp_path) == first and len(made) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other"]   # (the old code's went)
