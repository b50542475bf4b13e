"""../shared/RULES.md 6: every face of every die has probability 1/6.

Chi-square goodness-of-fit over 600,000 rolls from a fixed seed (deterministic),
computed in integers against the critical values at p = 0.001: 20.515 for the
six faces (5 degrees of freedom) and 66.619 for the 36 ordered pairs of
consecutive dice (35 degrees of freedom; DicedOut and the roll-offs add pairs).
"""
from dws_core.rng import Rng

ROLLS = 600000


def chi_square_below(counts, critical_thousandths):
    """True if sum((o - e)^2 / e) < critical for equal expectations e = total / k.

    Multiplied through by k^2 * e so that everything stays an integer:
    sum((k*o - total)^2) / (k * total) < critical.
    """
    k = len(counts)
    total = sum(counts)
    stat = sum((k * o - total) ** 2 for o in counts)
    return stat * 1000 < critical_thousandths * k * total


def rolls(seed):
    rng = Rng(seed)
    return [rng.die() for _ in range(ROLLS)]


def test_faces_are_fair_over_600000_rolls():
    dice = rolls(20240601)
    counts = [dice.count(face) for face in range(1, 7)]
    assert sum(counts) == ROLLS
    assert chi_square_below(counts, 20515), counts


def test_consecutive_pairs_are_fair():
    dice = rolls(7)
    counts = [0] * 36
    for i in range(0, ROLLS, 2):
        counts[(dice[i] - 1) * 6 + dice[i + 1] - 1] += 1
    assert chi_square_below(counts, 66619), counts


def test_the_statistic_rejects_a_loaded_die():
    # 6,000 extra sixes (1% of 600,000 rolls) must fail the same test.
    per = ROLLS // 6
    loaded = [per - 1200] * 5 + [per + 6000]
    assert not chi_square_below(loaded, 20515)
    assert chi_square_below([per] * 6, 20515)
