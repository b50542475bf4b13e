"""Issue 52: a game of more than one round ends on a chart of each
player's running total, a line in the player's colour, LEFT/RIGHT's last
view (after the totals and, where it fits, each round's score)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from dws_app import theme, ui
from dws_app.lobby.chart import running_totals, span
from dws_core.cargo import Cargo
from dws_core.dicedout import DicedOut
from dws_core.dws import DiceWideShut
from dws_core.dws_running import running_totals as running_totals_dws
from dws_core.stb import ShutTheBox
from test_app_final_rounds import PROFILES, finished, screen_of


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([ShutTheBox, DicedOut, Cargo]), st.integers(1, 6),
       st.integers(0, 10 ** 6), st.data())
def test_each_line_runs_from_0_through_every_round_to_the_total(kind, players, seed, data):
    rounds = data.draw(st.sampled_from([r for r in dict(kind.OPTIONS)["rounds"] if r > 1]))
    game = finished(kind, players, rounds, seed)
    lines = running_totals(game, rounds)
    lo, hi = span(lines)
    for p in range(players):
        results = [r for r in game.round_results(p)[:rounds] if r is not None]
        points = lines[p]
        assert points[0] == 0 and len(points) == len(results) + 1
        assert [b - a for a, b in zip(points, points[1:])] == results
        assert all(lo <= v <= hi for v in points) and lo <= 0 < hi
        if game.final_scores()[p] is not None:
            assert points[-1] == game.final_scores()[p]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("kind, players, rounds, seed", [
    (ShutTheBox, 3, 3, 4), (DicedOut, 4, 4, 2), (Cargo, 2, 10, 5)])
def test_the_chart_is_the_last_view_in_the_players_colours(profile, kind, players, rounds, seed):
    game = finished(kind, players, rounds, seed)
    screen = screen_of(profile, game)
    assert screen.chart is None                 # (made when first shown)
    while screen.footer.shown() != "<>:totals  A:menu":
        screen.on_button("RIGHT")
    head, grid = screen.chart
    # ("Totals" right of place lines too long for "Total by round")
    assert not grid.hidden and head.shown() == ("Total by round" if screen.chart_col + 14 <= ui.COLS
                                                else "Totals")
    assert all(text.hidden for text in screen.rounds + screen.tally)
    bitmap, palette = grid.bitmap, grid.pixel_shader
    assert [palette[p + 1] for p in range(players)] == [theme.player_colour(p) for p in range(players)]
    # Right of the place lines, over the rows under the head, on the screen
    assert grid.x >= max(len(t.shown()) for t in screen.places) * ui.CW + 2
    assert grid.x + bitmap.width <= ui.WIDTH + 4
    assert grid.y >= screen.row_y(2) and grid.y + bitmap.height <= screen.row_y(9)
    drawn = {bitmap[x, y] for x in range(bitmap.width) for y in range(bitmap.height)}
    lines = running_totals(game, rounds)
    for p in range(players):
        # a line whose points no later line shares shows its colour
        if all(lines[q] != lines[p] for q in range(p + 1, players)):
            assert p + 1 in drawn, p
    screen.on_button("RIGHT")                   # back to the totals
    assert grid.hidden and head.hidden and not any(t.hidden for t in screen.tally)
    assert screen.footer.shown() == ("<>:by round  A:menu" if screen.by_round else "<>:chart  A:menu")


def test_a_heap_with_no_block_for_the_chart_says_so_and_the_screen_goes_on(monkeypatch):
    from dws_app.lobby import chart as chart_mod, scores

    def no_room(*args):
        raise MemoryError("memory allocation failed, allocating 3740 bytes")
    monkeypatch.setattr(chart_mod, "chart", no_room)
    game = finished(ShutTheBox, 3, 3, 4)
    screen = screen_of("pybadge", game)
    while screen.footer.shown() != "<>:totals  A:menu":
        screen.on_button("RIGHT")
    head, note = screen.chart
    assert head.shown() == scores.CHART_SHORT and note.shown() == scores.NO_ROOM
    assert len(scores.NO_ROOM) <= ui.COLS - screen.chart_col
    screen.on_button("RIGHT")
    assert note.hidden and not any(t.hidden for t in screen.tally)
    screen.on_button("A")
    assert type(screen.app.top).__name__ == "MenuScreen"


# ----- Dice Wide Shut: its totals by round, a stop of LEFT/RIGHT --------------------

def finished_dws(players, seed):
    game = DiceWideShut(players, seed=seed)
    rnd = random.Random(seed)
    while not game.over:
        game.step(rnd.choice(game.legal_steps()))
    return game


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players, seed", [(2, 3), (5, 4)])
def test_dice_wide_shut_ends_on_its_columns_and_a_chart_of_its_totals_by_round(
        profile, players, seed):
    game = finished_dws(players, seed)
    screen = screen_of(profile, game)
    assert screen.footer.shown() == "<>:players, chart A:menu" and screen.chart is None
    winner = screen.player
    for _ in range(players - winner):
        screen.on_button("RIGHT")                   # the players' columns, then the chart
    assert screen.player is None
    head, grid = screen.chart
    assert not grid.hidden and head.shown() in ("Total by round", "Totals")
    assert all(t.hidden for t in screen.tally + [screen.head, screen.red, screen.blue])
    assert all(t.hidden for t in (screen.news, screen.tie) if t is not None)
    # the chart right of the place lines' totals, opaque over their splits
    # (from the first place line's row: its head over it)
    assert screen.place_cols * ui.CW + 2 <= grid.x <= (screen.place_cols + 2) * ui.CW + 2
    assert grid.x + grid.bitmap.width <= ui.WIDTH + 4
    assert grid.y <= screen.places[0].node.y and not grid.pixel_shader.is_transparent(0)
    root = list(screen.root)
    assert root.index(grid) > max(root.index(t.node) for t in screen.places)
    assert root.index(head.node) > root.index(grid)
    step, lines = running_totals_dws(game)
    assert len(lines) == players and all(line[0] == -50 for line in lines)
    assert [line[-1] for line in lines] == game.scores()
    drawn = {grid.bitmap[x, y] for x in range(grid.bitmap.width) for y in range(grid.bitmap.height)}
    for p in range(players):
        if all(lines[q] != lines[p] for q in range(p + 1, players)):
            assert p + 1 in drawn, p
    screen.on_button("LEFT")                        # back to the last player's columns
    assert screen.player == players - 1 and grid.hidden
    assert not screen.head.hidden and "split" in screen.places[0].shown()
    assert screen.head.shown().startswith(screen.names[players - 1])


def test_a_long_game_keeps_every_other_rounds_total_and_the_chart_spans_it(monkeypatch):
    import dws_core.dws as dws
    monkeypatch.setattr(dws, "TOTALS_BYTES", 3 * 2)     # room for 3 rounds of two
    game = finished_dws(2, 3)
    step, lines = running_totals_dws(game)
    played = game.round + 1
    assert step > 1 and played > 3
    assert len(lines[0]) == 1 + played // step + (1 if played % step else 0)
    screen = screen_of("pico_dice", game)
    screen.on_button("LEFT" if screen.player == 0 else "RIGHT")
    while screen.player is not None:
        screen.on_button("RIGHT")
    assert not screen.chart[1].hidden


def test_a_game_begun_before_the_totals_were_kept_has_no_chart():
    game = finished_dws(2, 3)
    old = DiceWideShut.decode(game.encode()[:-len(game.totals)])
    screen = screen_of("pico_dice", old)
    assert screen.footer.shown() == "<>:player A:menu"
    for _ in range(2):
        screen.on_button("RIGHT")
        assert screen.player is not None and screen.chart is None
