"""The Dice Wide Shut seat's fast paths against their definitions: a half's
value change is the sum of its columns' table values after, less before;
the nearest end is the fewest open cells of three columns of any half; a
die's two best cells are the first two of its cells sorted by gain (the
first found first among equals).  The board's think budget made these
inline shortcuts; a shortcut that drifts from the definition changes play."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dws_core import bot_dws, bot_dws_race
from dws_core.bot_dws import CROSS, SPLIT_COST, _after, _cells, _codes, _delta, _delta2, _gain
from dws_core.dws import CHECKED, CROSSED, EMPTY, DiceWideShut
from dws_core.dws_columns import build

POINTS = DiceWideShut(2, seed=1).run_points
TABLES = build(POINTS)

# A row's state: a mask of checked columns with at most four checks, or CROSS.
row_state = st.one_of(st.integers(0, 30).filter(lambda m: bin(m).count("1") < 5), st.just(CROSS))
rows5 = st.lists(row_state, min_size=5, max_size=5)
table = st.sampled_from(TABLES)


def value(rows, tab):
    return sum(tab[code] for code in _codes(rows))


def grown(s, more):
    """Row state s with the checks of ``more`` added (CROSS when all five)."""
    if s == CROSS:
        return CROSS
    s |= more
    return CROSS if s == 31 else s


@settings(max_examples=400)
@given(rows5, table, st.integers(0, 4), st.integers(0, 4), st.integers(0, 31), st.integers(0, 31))
def test_two_row_change_is_the_columns_after_less_before(rows, tab, r1, r2, add1, add2):
    if r1 == r2:
        r2 = (r1 + 1) % 5
    new = list(rows)
    new[r1] = grown(rows[r1], add1)
    new[r2] = grown(rows[r2], add2)
    codes = _codes(rows)
    assert _delta2(codes, tab, r1, rows[r1], new[r1], r2, rows[r2], new[r2]) == \
        value(new, tab) - value(rows, tab)


@settings(max_examples=400)
@given(rows5, table, st.integers(0, 1), st.integers(1, 5))
def test_a_dies_gain_is_the_check_s_change_less_a_split(rows, tab, half, v):
    codes = _codes(rows)
    for cell in _cells(rows, half, v):
        r, c = divmod(cell, 5)
        new = _after(rows[r], c)
        after = list(rows)
        after[r] = new
        expected = value(after, tab) - value(rows, tab) - (SPLIT_COST if new == CROSS else 0)
        assert _gain(codes, tab, rows, cell) == expected
        assert _delta(codes, tab, r, rows[r], new) == value(after, tab) - value(rows, tab)


@st.composite
def board_cells(draw):
    """A half's 25 cells by how many of each column are open (any number:
    the nearest end turns on the full and the empty columns)."""
    cells = [draw(st.sampled_from((CHECKED, CROSSED))) for _ in range(25)]
    for c in range(5):
        for r in draw(st.sets(st.integers(0, 4))):
            cells[r * 5 + c] = EMPTY
    return cells


@settings(max_examples=200)
@given(st.lists(st.tuples(board_cells(), board_cells()), min_size=1, max_size=5))
def test_nearest_end_is_the_fewest_open_cells_of_three_columns(boards):
    game = DiceWideShut(len(boards), seed=1)
    for board, (red, blue) in zip(game.boards, boards):
        board.cells = [list(red), list(blue)]
    need = min(sum(sorted(sum(1 for r in range(5) if cells[r * 5 + c] == EMPTY)
                          for c in range(5))[:3])
               for red, blue in boards for cells in (red, blue))
    assert bot_dws._nearest_end(game) == need


@settings(max_examples=200)
@given(st.integers(1, 5), st.integers(0, 2 ** 31), st.integers(0, 60))
def test_a_dies_two_best_cells_are_the_first_two_by_gain_and_the_race_reads_the_score(
        players, seed, turns):
    from dws_core.rng import Rng
    game = DiceWideShut(players, seed=seed % 1000)
    rng = Rng(seed)
    for _ in range(turns):
        if game.over:
            break
        for step in bot_dws.turn(game, "normal", rng):
            game.step(step)
    ev = bot_dws._Eval(game, True)
    race = bot_dws_race.Race(game, game.current, [[0] * 5, [0] * 5], ev.codes)
    assert race.score == game.score(game.current)     # (from the scores-now tables)
    for half in (0, 1):
        rows = ev.rows[half]
        for v in range(1, 6):
            ranked = []
            for cell in _cells(rows, half, v):
                gain = _gain(ev.codes[half], ev.tables[half], rows, cell)
                r = cell // 5
                if rows[r] | 1 << (cell % 5) == 31 and ev.protectable(half, r):
                    gain = 0
                ranked.append((-gain, len(ranked), cell))
            ranked.sort()
            assert ev.top_cells(half, v) == [cell for _g, _i, cell in ranked[:2]]
            assert ev.top_gain[half * 6 + v] == (-ranked[0][0] if ranked else 0)


def test_only_a_game_of_one_to_three_players_uses_the_others_module(monkeypatch):
    """At 4-5 players Strong weighs neither the end nor the next player's
    take: its module (dws_core.bot_dws_race) is not imported, so the game
    does not keep its code; at 2-3 players a decision imports it."""
    import sys
    import dws_core
    from dws_core.rng import Rng
    for players, used in ((5, False), (4, False), (3, True), (2, True)):
        monkeypatch.delitem(sys.modules, "dws_core.bot_dws_race", raising=False)
        monkeypatch.delattr(dws_core, "bot_dws_race", raising=False)
        game = DiceWideShut(players, seed=players)
        assert bot_dws.weighs_others(game) is used
        assert bot_dws.turn(game, "strong", Rng(1))
        assert ("dws_core.bot_dws_race" in sys.modules) is used, players


def test_a_device_decision_leaves_the_hints_words_unloaded(monkeypatch):
    """The hint's plan and words (dws_core.bot_dws_hint) are a human's: a
    device seat's decision does not import them (a game of device seats
    does not keep their code, issue 50); a hint does, and gives its words."""
    import sys
    import dws_core
    from dws_core import bots
    from dws_core.rng import Rng
    monkeypatch.delitem(sys.modules, "dws_core.bot_dws_hint", raising=False)
    monkeypatch.delattr(dws_core, "bot_dws_hint", raising=False)
    game = DiceWideShut(5, seed=3)
    assert bot_dws.turn(game, "strong", Rng(1))
    assert "dws_core.bot_dws_hint" not in sys.modules
    steps, text = bots.hint(game)
    assert steps and text
    assert "dws_core.bot_dws_hint" in sys.modules
