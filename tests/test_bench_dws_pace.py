"""``bench.dws_pace`` (issue 33): the Strong seat's win share at each pace
against the Strong before issue 33, on tiny runs."""
from bench import dws_pace, dws_win
from dws_core import bot_dws, dws_columns


def test_a_pace_is_the_strong_seats_alone_and_is_put_back():
    same = dws_pace.shares(dws_columns.FILL_FACTOR, 2, 6)
    assert same == [dws_win.play(2, k % 2, True, dws_win.FIRST_SEED + k,
                                 {"no_doubles": (k // 2) % 2 == 1}, [0]) for k in range(6)]
    assert bot_dws.FILL_FACTOR == dws_columns.FILL_FACTOR
    assert dws_pace.shares(dws_columns.FILL_BEFORE, 2, 6) != same


def test_a_pace_that_fills_every_cell_wins_less():
    """A pace that counts every open cell as filled (k = 8) values no mark:
    over 40 games it wins clearly less than the fitted pace."""
    out = dws_pace.run((dws_columns.FILL_FACTOR, 1000), 2, 40)
    assert set(out) == {"dws.pace.%d.win_share_2p%s" % (pace, end)
                        for pace in (dws_columns.FILL_FACTOR, 1000) for end in ("", "_ci95_low", "_ci95_high")}
    fitted = out["dws.pace.%d.win_share_2p" % dws_columns.FILL_FACTOR]
    assert out["dws.pace.1000.win_share_2p"] < 0.3 < fitted
