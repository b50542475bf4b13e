"""The exact values behind the DicedOut and Cargo bots, against small
independent computations with fractions, and the Shut the Box policy."""
from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from dws_core import bot_cargo, bot_dicedout, bot_stb, bots
from dws_core.cargo import Cargo
from dws_core.dicedout import DicedOut
from dws_core.rng import Rng
from dws_core.stb import ShutTheBox
from dws_core import stb_solver

ALL = 0x7FF
BONUS = (1 << 0) | (1 << 10)  # 2 and 12


def ways(t):
    return 6 - abs(t - 7)


def reference_dicedout(marks, rerolls, bonus=BONUS):
    """V(marks, rerolls) by memoised recursion with exact fractions; after a
    bonus number the best of declining and every extra mark."""
    memo = {}

    def value(m, r):
        key = (m, r)
        if key in memo:
            return memo[key]
        total = Fraction(0)
        for t in range(2, 13):
            bit = 1 << (t - 2)
            if m & bit:
                if r:
                    out = value(m, r - 1)
                else:
                    out = Fraction(sum(n for n in range(2, 13) if not m & (1 << (n - 2))))
            else:
                nm = m | bit
                if nm == ALL:
                    out = Fraction(0)
                elif bonus & bit:
                    out = min([value(nm, r)] + [
                        Fraction(0) if nm | (1 << k) == ALL else value(nm | (1 << k), r)
                        for k in range(11) if not nm & (1 << k)])
                else:
                    out = value(nm, r)
            total += Fraction(ways(t), 36) * out
        memo[key] = total
        return total

    return value(marks, rerolls)


@settings(max_examples=25)
@given(st.integers(0, ALL), st.integers(0, 3))
def test_dicedout_values_match_exact_fractions(marks, rerolls):
    # Keep the reference small: at most 6 unmarked numbers.
    free = [k for k in range(11) if not marks & (1 << k)]
    while len(free) > 6:
        marks |= 1 << free.pop()
    if marks == ALL:
        return
    table = bot_dicedout.values(BONUS)
    exact = reference_dicedout(marks, rerolls)
    assert abs(Fraction(table.value(marks, rerolls), bot_dicedout.TABLE_SCALE) - exact) \
        <= Fraction(1, 2 * bot_dicedout.TABLE_SCALE) + Fraction(1, 10 ** 4)


SIX_TO_EIGHT = 0b00000111 << 4  # bonus numbers 6, 7 and 8 (a variant)


def test_dicedout_best_extra_is_the_exact_minimum():
    for marks, rerolls, bonus in ((0b00001000001, 3, BONUS), (0b10000110001, 1, BONUS),
                                  (0b01111000001, 0, BONUS),
                                  (ALL & ~0b110000, 3, SIX_TO_EIGHT),
                                  (ALL & ~0b110000, 0, SIX_TO_EIGHT),
                                  (0b11001000011, 2, SIX_TO_EIGHT)):
        n, v = bot_dicedout.best_extra(marks, rerolls, bonus)
        options = {0: reference_dicedout(marks, rerolls, bonus)}  # 0: declined
        for k in range(11):
            if not marks & (1 << k):
                nm = marks | (1 << k)
                options[k + 2] = Fraction(0) if nm == ALL else reference_dicedout(nm, rerolls, bonus)
        best = min(options.values())
        assert options[n] - best < Fraction(1, 1000)
        assert abs(Fraction(v, bot_dicedout.TABLE_SCALE) - best) < Fraction(1, 1000)


@settings(max_examples=20)
@given(st.integers(1, ALL), st.sampled_from((BONUS, SIX_TO_EIGHT, 0, ALL)))
def test_dicedout_table_built_in_slices_equals_one_build(slice_size, bonus):
    # The app builds the table a slice per main-loop pass; the slices (any
    # size) change nothing, and the progress counts down to 0.  (No bonus
    # number: the largest values, which must fit the 16-bit layers.)
    whole = bot_dicedout.Values(bonus)
    whole.advance(whole.size)
    sliced = bot_dicedout.Values(bonus)
    left = sliced.left()
    assert left == sliced.size
    while not sliced.advance(slice_size):
        assert sliced.left() == left - slice_size
        left = sliced.left()
    assert sliced.left() == 0 and sliced.done
    assert [list(layer) for layer in sliced.layers] == [list(layer) for layer in whole.layers]


def test_dicedout_table_keeps_one_variant_and_finishes_a_part_built_one():
    bot_dicedout.clear_cache()
    part = bot_dicedout.values(BONUS, build=False)
    assert not part.done and part.left() == part.size
    part.advance(100)
    assert bot_dicedout.values(BONUS) is part and part.done   # finished when asked
    other = bot_dicedout.values(SIX_TO_EIGHT, build=False)
    assert other is not part and bot_dicedout._cache == [other]


def test_dicedout_strong_declines_a_bonus_mark_when_that_expects_less():
    # Bonus numbers 6, 7, 8; everything but 6 and 7 marked: with both open,
    # either one rolled is a bonus that marks the other (11 rolls in 36);
    # marking one now leaves only its partner (5 or 6 in 36).
    game = DicedOut(2, seed=1, options={"bonus_numbers": (6, 7, 8)}, start_player=0)
    game.marks[0] = ALL & ~0b110000
    game.phase = 1  # EXTRA, as after rolling the 8
    game.dice = [4, 4]
    game = DicedOut.decode(game.encode())
    assert bots.bot_turn(game, "strong", Rng(1)) == [("decline",)]
    assert bots.bot_turn(game, "normal", Rng(1)) == [("extra", 7)]
    steps, text = bots.hint(game)
    assert steps == [("decline",)] and text.startswith("No mark: expect ") and text.endswith(" this round")
    declined = reference_dicedout(game.marks[0], 3, SIX_TO_EIGHT)
    marked = reference_dicedout(game.marks[0] | 0b100000, 3, SIX_TO_EIGHT)
    assert declined < marked
    # With the default bonus numbers 2 and 12 the same sheet takes the mark.
    game = DicedOut(2, seed=1, start_player=0)
    game.marks[0] = ALL & ~0b110000
    game.phase = 1
    game.dice = [6, 6]
    game = DicedOut.decode(game.encode())
    assert bots.bot_turn(game, "strong", Rng(1))[0][0] == "extra"


def test_dicedout_strong_penalises_the_leader():
    game = DicedOut(3, seed=1)
    game.round_scores[0] = [20, 5, 9]
    game.phase = 2
    game.current = 0
    assert bots.bot_turn(game, "strong", Rng(1)) == [("penalise", 1)]
    game.current = 1
    assert bots.bot_turn(game, "strong", Rng(1)) == [("penalise", 2)]


def reference_cargo_hold(values, left):
    """W(values, rolls left) over every subset of dice to reroll, fractions."""
    values = tuple(sorted(values))
    if left == 0:
        return Fraction(sum(values))
    best = Fraction(sum(values))
    n = len(values)
    for mask in range(1, 1 << n):
        kept = [values[i] for i in range(n) if not mask >> i & 1]
        k = n - len(kept)
        acc = Fraction(0)
        for new in product(range(1, 7), repeat=k):
            acc += reference_cargo_hold(kept + list(new), left - 1)
        best = max(best, acc / 6 ** k)
    return best


def reference_cargo_all(dice, after):
    """Expected cargo rolling all dice now with ``after`` rolls after it."""
    if after == 0:
        return Fraction(7 * dice, 2)
    prev = reference_cargo_all(dice, after - 1)
    acc = Fraction(0)
    for new in product(range(1, 7), repeat=dice):
        acc += max(Fraction(sum(new)), prev)
    return acc / 6 ** dice


def test_cargo_all_dice_values_match_fractions():
    for dice in (2, 3):
        got = bot_cargo.all_dice_values(dice, 4)
        for j in range(4):
            assert abs(Fraction(got[j], bot_cargo.SCALE) - reference_cargo_all(dice, j)) < Fraction(1, 10000)


def test_cargo_hold_tables_match_every_subset_search():
    tables = bot_cargo.tables(2, 3)
    for a in range(1, 7):
        for b in range(a, 7):
            for j in range(3):
                exact = reference_cargo_hold((a, b), j)
                got = Fraction(tables[j][(a - 1) * 6 + b - 1], bot_cargo.SCALE)
                assert abs(got - exact) < Fraction(1, 5000)
    tables = bot_cargo.tables(3, 2)
    for vals in ((1, 1, 1), (2, 5, 6), (3, 3, 6), (6, 6, 6), (1, 4, 5)):
        key = (vals[0] - 1) * 36 + (vals[1] - 1) * 6 + vals[2] - 1
        assert abs(Fraction(tables[1][key], bot_cargo.SCALE) - reference_cargo_hold(vals, 1)) < Fraction(1, 5000)


def crewed_cargo(hold, values, rolls):
    game = Cargo(1, seed=1, options={"hold_cargo": hold})
    game.values = [6, 5, 4] + list(values)
    game.roles = [1, 2, 3, 0, 0, 0]
    game.held = [False] * 6
    game.rolls = rolls
    return Cargo.decode(game.encode())


def test_cargo_decisions_follow_the_exact_values():
    # Without holds: roll iff A(left - 1) beats the cargo.
    for values in ((1, 1, 2), (3, 4, 4), (6, 6, 5), (4, 4, 4)):
        for rolls in (1, 3, 4):
            game = crewed_cargo(False, values, rolls)
            left = 5 - rolls
            roll = reference_cargo_all(3, left - 1) > sum(values)
            steps = bots.bot_turn(game, "strong", Rng(1))
            assert steps == ([("roll",)] if roll else [("accept",)])
    # With holds: the dice left free are the lowest, and the value is optimal.
    game = crewed_cargo(True, (1, 6, 5), 3)
    reroll, v = bot_cargo.decide(game)
    assert reroll == [3]
    assert abs(Fraction(v, bot_cargo.SCALE) - reference_cargo_hold((1, 5, 6), 2)) < Fraction(1, 5000)
    steps = bots.bot_turn(game, "strong", Rng(1))
    assert steps == [("hold", 4), ("hold", 5), ("roll",)]
    steps, text = bots.hint(game)
    assert steps == [("hold", 4), ("hold", 5), ("roll",)]
    assert text == "Hold the 6 (DOWN), roll 1: expect %s, now 12" % bot_cargo._num(v)


def test_stb_policy_is_the_solver_and_easy_takes_the_big_tile():
    game = ShutTheBox(1, seed=3)
    game.step(("roll", 2))
    total = game.target(0)
    solver = stb_solver.solver(game.tiles, game.one_die, "shut")
    steps = bots.bot_turn(game, "shut", Rng(1))
    chosen = 0
    for s in steps[:-1]:
        chosen |= 1 << (s[1] - 1)
    assert chosen == solver.best_set(511, total)
    easy = bots.bot_turn(game, "easy", Rng(1))
    if total <= 9:
        assert easy == [("shut", total), ("confirm",)]
    steps, text = bots.hint(game)
    assert text.startswith("Shut ") and "% to shut, " in text and text.endswith(" left")
    cands = bot_stb.candidates(game)
    assert cands[0][1] == solver.value(511 & ~chosen)
