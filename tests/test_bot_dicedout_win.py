"""DicedOut's Strong seat plays to win the game in front of it (issue 33):
in the last round the bonus mark with the best chance to end with the
lowest total, against exact fractions; the penalty to the leader, the real
threat whatever the gap; its hints; and random play."""
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dws_app import ui
from dws_core import bot_dicedout, bots
from dws_core.dicedout import EXTRA, PENALTY, DicedOut
from dws_core.rng import Rng
from test_bots_exact import reference_dicedout
from test_bots_play import random_position

ALL = 0x7FF
BONUS = (1 << 0) | (1 << 10)  # 2 and 12
ONE = bot_dicedout.ONE


def ways(t):
    return 6 - abs(t - 7)


def open_sum(m):
    return sum(n for n in range(2, 13) if not m & (1 << (n - 2)))


def sheet(open_numbers):
    m = ALL
    for n in open_numbers:
        m &= ~(1 << (n - 2))
    return m


def reference_win(marks, rerolls, bonus, f):
    """{n: chance to win after bonus mark n (0: none)} with exact fractions:
    the rolls from there, each later bonus mark the one that wins most,
    ``f(s)`` the chance to win with round score s."""
    memo = {}

    def value(m, r):
        if m == ALL:
            return f(0)
        if (m, r) in memo:
            return memo[m, r]
        total = Fraction(0)
        for t in range(2, 13):
            bit = 1 << (t - 2)
            if m & bit:
                out = value(m, r - 1) if r else f(open_sum(m))
            else:
                nm = m | bit
                out = value(nm, r)
                if bonus & bit and nm != ALL:
                    for k in range(11):
                        if not nm & (1 << k):
                            out = max(out, value(nm | (1 << k), r))
            total += Fraction(ways(t), 36) * out
        memo[m, r] = total
        return total

    out = {0: value(marks, rerolls)}
    for n in range(2, 13):
        if not marks & (1 << (n - 2)):
            out[n] = value(marks | (1 << (n - 2)), rerolls)
    return out


def reference_scores(marks, rerolls, bonus):
    """{round score: probability} with exact fractions from the start of a
    roll, marking the highest open number after a bonus number."""
    memo = {}

    def dist(m, r):
        if m == ALL:
            return {0: Fraction(1)}
        if (m, r) in memo:
            return memo[m, r]
        out = {}
        for t in range(2, 13):
            bit = 1 << (t - 2)
            if m & bit:
                sub = dist(m, r - 1) if r else {open_sum(m): Fraction(1)}
            else:
                nm = m | bit
                if bonus & bit and nm != ALL:
                    nm |= 1 << max(k for k in range(11) if not nm & (1 << k))
                sub = dist(nm, r)
            for s, p in sub.items():
                out[s] = out.get(s, 0) + Fraction(ways(t), 36) * p
        memo[m, r] = out
        return out

    return dist(marks, rerolls)


def split(total, rounds):
    out = []
    for k in range(rounds):
        x = total // (rounds - k)
        out.append(x)
        total -= x
    return out


def at_bonus(seat_total, rival_total, seat_open, used, rnd=3, rival=None):
    """Two players, 4 rounds, round ``rnd``: P2 (the seat) has just rolled
    and marked 12 with ``seat_open`` left and ``used`` reroll boxes ticked;
    P1 has finished the round at ``rival_total`` or, with ``rival`` =
    (open numbers, boxes ticked), is still playing it from that total."""
    g = DicedOut(2, seed=1, start_player=0)
    g.round = rnd
    done = rival_total - (0 if rival else 9)
    g.round_scores = [list(x) for x in zip(split(done, rnd), split(seat_total, rnd))] + [[None, None]]
    g.marks[1] = sheet(seat_open)
    g.used[1] = used
    if rival is None:
        g.marks[0] = sheet((2, 3, 4))
        g.used[0] = 3
        g.round_scores[rnd][0] = 9
    else:
        g.marks[0] = sheet(rival[0])
        g.used[0] = rival[1]
    g.current = 1
    g.phase = EXTRA
    g.dice = [6, 6]
    return DicedOut.decode(g.encode())


def two_player_chances(game):
    """f(s) for the seat (P2) in ``at_bonus``'s positions, exact: P1's
    round score from its sheet (or its finished total), a tie worth 1/2."""
    if game.finished(0):
        rival = {game.total(0): Fraction(1)}
    else:
        rival = {game.total(0) + s: p for s, p in reference_scores(
            game.marks[0], game.rerolls_left(0), game.bonus_mask).items()}

    def f(s):
        a = game.total(1) + s
        return sum((p if t > a else p / 2) for t, p in rival.items() if t >= a)
    return f


def check_plays_to_win(game, new, old):
    """Strong marks ``new``, the old Strong (and the table) ``old``: the
    exact chances to win say ``new`` wins more, the exact expected round
    scores that ``old`` expects less."""
    p = game.current
    marks, r = game.marks[p], game.rerolls_left(p)
    assert bots.bot_turn(game, "strong", Rng(1)) == [("extra", new)]
    assert bot_dicedout.turn(game, "strong", Rng(1), win=False) == [("extra", old)]
    win = reference_win(marks, r, BONUS, two_player_chances(game))
    assert max(win, key=lambda n: (win[n], n == old)) == new
    assert win[new] > win[old]
    expected = {n: reference_dicedout(marks | (1 << (n - 2)) if n else marks, r) for n in win}
    assert min(expected, key=expected.get) == old
    return win


def test_behind_in_the_last_round_it_gambles_on_a_low_score():
    # P1 ended on 110; P2 has 105 and must end the round under 5 (5 ties)
    # with 2, 3, 5 and 7 open and no reroll left.  Marking the 7 expects
    # the least; marking the 5 keeps the 7, the likeliest total, open and
    # gambles on marking it and more: a 13% chance, not 10%.
    game = at_bonus(105, 110, (2, 3, 5, 7), 3)
    win = check_plays_to_win(game, 5, 7)
    assert round(float(win[5]), 3) == 0.129 and round(float(win[7]), 3) == 0.096
    steps, text = bots.hint(game)
    assert steps == [("extra", 5)] and text == "Mark 5: win 12.9%, mark 7: 9.6%"


def test_ahead_in_the_last_round_it_plays_for_the_finish_not_the_average():
    # P1 ended on 128; P2 has 111 and wins with any round score under 17:
    # 2, 4, 5, 7 and 8 open, one reroll left.  Marking the 8 expects the
    # least; marking the 4 wins more often.
    game = at_bonus(111, 128, (2, 4, 5, 7, 8), 2)
    check_plays_to_win(game, 4, 8)
    steps, text = bots.hint(game)
    assert steps == [("extra", 4)] and text == "Mark 4: win 65%, mark 8: 63%"


def test_against_a_rival_still_playing_its_sheet_counts():
    # P1 has 114 and 6 and 8 open, no reroll: it ends on 114, 120, 122 or
    # 128; P2 has 120 with 2, 3, 4 and 5 open, no reroll.
    game = at_bonus(120, 114, (2, 3, 4, 5), 3, rival=((6, 8), 3))
    check_plays_to_win(game, 3, 5)
    assert bots.hint(game)[1] == "Mark 3: win 16%, mark 5: 12%"


def test_before_the_last_round_and_when_decided_it_plays_the_table():
    for game in (at_bonus(111, 128, (2, 4, 5, 7, 8), 2, rnd=2),     # a round to come
                 at_bonus(111, 200, (2, 4, 5, 7, 8), 2),            # won whatever
                 at_bonus(111, 100, (2, 4, 5, 7, 8), 2)):           # lost whatever
        assert bots.bot_turn(game, "strong", Rng(1)) == [("extra", 8)]
        assert bot_dicedout._win_extra(game, 8) is None
        assert bots.hint(game) == ([("extra", 8)], "Mark 8: expect 12.7 this round")


def test_a_decision_too_big_for_the_board_plays_the_table():
    # 8 numbers open and 3 rerolls: 3,072 steps of the seat's alone, over
    # the budget of ~80 ms on the Pico.
    game = at_bonus(100, 110, (2, 3, 4, 5, 6, 7, 8, 9), 0)
    assert bot_dicedout._win_extra(game, 9) is None
    assert bots.bot_turn(game, "strong", Rng(1)) == [("extra", 9)]


@settings(max_examples=40)
@given(st.integers(0, ALL), st.integers(0, 3), st.sampled_from([BONUS, 0b1110000]),
       st.integers(0, 6), st.integers(0, 1000))
def test_solve_matches_exact_fractions(marks, rerolls, bonus, shift, seed):
    marks |= ALL & ~(0b11111 << shift)       # at most 5 numbers open
    if marks == ALL:
        marks ^= 1 << shift
    rng = Rng(seed)
    f = sorted([rng.below(ONE + 1) for _ in range(open_sum(marks) + 1)], reverse=True)
    got = bot_dicedout._solve(marks, rerolls, bonus, f)
    want = reference_win(marks, rerolls, bonus, lambda s: Fraction(f[s], ONE))
    numbers = [0] + [n for n in range(2, 13) if not marks & (1 << (n - 2))]
    assert len(got) == len(numbers)
    for n, v in zip(numbers, got):
        assert abs(Fraction(v, ONE) - want[n]) <= Fraction(4, ONE)


@settings(max_examples=30)
@given(st.integers(0, ALL), st.integers(0, 3), st.integers(0, 6))
def test_tail_matches_exact_fractions(marks, rerolls, shift):
    marks |= ALL & ~(0b11111 << shift)       # at most 5 numbers open
    tail = bot_dicedout._tail(marks, rerolls, BONUS)
    dist = reference_scores(marks, rerolls, BONUS)
    assert len(tail) == open_sum(marks) + 2 and tail[-1] == 0
    for s in range(len(tail)):
        exact = sum(p for x, p in dist.items() if x >= s)
        assert abs(Fraction(tail[s], ONE) - exact) <= Fraction(2, ONE)


def test_chances_share_ties_and_lose_below_a_fixed_total():
    f = bot_dicedout._chances(100, 10, [103, 103], [], [])
    assert f[:3] == [ONE] * 3 and f[3] == ONE // 3 and f[4:] == [0] * 7
    # A rival at 105 who scores 1 or 3 (1/2 each): it ends on 106 or 108.
    tail = [ONE, ONE, ONE // 2, ONE // 2, 0]
    g = bot_dicedout._chances(100, 12, [], [(105, tail)], [])
    assert g[:6] == [ONE] * 6 and g[6] == ONE * 3 // 4 and g[7] == ONE // 2
    assert g[8] == ONE // 4 and g[9:] == [0] * 4
    # A normal rival whose mean is the seat's total + 5: 1/2 there.
    h = bot_dicedout._chances(100, 10, [], [], [(105 * 16, 4 * 16)])
    assert h[5] == ONE // 2 and h[0] > h[5] > h[10] and h == sorted(h, reverse=True)


def test_hint_reasons_fit_and_say_why():
    why = bot_dicedout._why
    assert why(ONE * 65 // 100, 8, ONE * 63 // 100) == "win 65%, mark 8: 63%"
    assert why(ONE * 129 // 1000, 7, ONE * 96 // 1000) == "win 12.9%, mark 7: 9.6%"
    assert why(ONE // 2 + 1, 0, ONE // 2) == "wins a bit more than no mark"
    for text in ("Mark 11: " + why(ONE * 999 // 1000, 12, ONE * 991 // 1000),
                 "No mark: " + why(ONE * 34 // 1000, 11, ONE * 33 // 1000),
                 "Mark 11: " + why(ONE // 2 + 1, 0, ONE // 2)):
        assert len(ui.wrap("Hint: " + text, ui.COLS, 3)) <= 2, text


# ----- the penalty ----------------------------------------------------------------


def fresh_round(rerolls):
    """P(round score = s) of a fresh sheet (floats, from ``_tail``)."""
    tail = bot_dicedout._tail(0, rerolls, BONUS)
    return [(tail[s] - tail[s + 1]) / ONE for s in range(len(tail) - 1)]


def convolve(a, b):
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def share(me, rivals):
    """The seat's win share: its final total's distribution ``me``; each
    rival (offset, distribution) independent; a k-way tie worth 1/k."""
    total = 0.0
    for a, pa in enumerate(me):
        if not pa:
            continue
        above = []
        level = []
        for off, dist in rivals:
            i = a - off
            above.append(sum(dist[max(0, i + 1):]))
            level.append(dist[i] if 0 <= i < len(dist) else 0.0)
        (a1, a2), (e1, e2) = above, level
        total += pa * (a1 * a2 + (e1 * a2 + a1 * e2) / 2 + e1 * e2 / 3)
    return total


def power(dist, k, start=(1.0,)):
    out = list(start)
    for _ in range(k):
        out = convolve(out, dist)
    return out


def test_the_leader_is_the_real_threat_whatever_the_gap():
    """Three players, 1 or 2 rounds to come, the rivals' totals 60 below to
    60 above the seat's: with the exact round-score distributions (two
    rerolls for the penalised player next round) the seat's win share is
    highest when the rival with the lower total is penalised."""
    d3, d2 = fresh_round(3), fresh_round(2)
    for later in (1, 2):
        free = power(d3, later)
        penalised = power(d3, later - 1, d2)
        me = free
        for a in range(-60, 61, 20):
            for b in range(a + 10, 71, 20):
                lead = share(me, [(a, penalised), (b, free)])
                other = share(me, [(a, free), (b, penalised)])
                assert lead >= other - 1e-12, (later, a, b, lead, other)
        # (and it is no tie: the leader's penalty gains more)
        assert share(me, [(0, penalised), (10, free)]) > share(me, [(0, free), (10, penalised)])


def scoring(score):
    """A sheet whose open numbers sum to ``score``."""
    open_numbers = []
    for n in range(12, 1, -1):
        if n <= score:
            open_numbers.append(n)
            score -= n
    assert score == 0
    return sheet(open_numbers)


def at_penalty(round_scores, later):
    """Three players at the end of round 1 of ``later`` + 1, P1 (lowest
    round score) choosing: the round's scores ``round_scores``."""
    game = DicedOut(3, seed=1, start_player=0, options={"rounds": later + 1})
    game.marks = [scoring(s) for s in round_scores]
    game.used = [3, 3, 3]
    game.round_scores = [list(round_scores)]
    game.current = 0
    game.phase = PENALTY
    return DicedOut.decode(game.encode())


def test_strong_penalises_the_leader_whatever_the_gap():
    for scores, leader in (([2, 60, 70], 1),       # far ahead of both
                           ([2, 3, 70], 1),        # one rival close behind
                           ([20, 70, 30], 2),      # the second clockwise
                           ([5, 7, 7], 1)):        # a tie: the first clockwise
        for later in (1, 3):
            game = at_penalty(scores, later)
            assert bots.bot_turn(game, "strong", Rng(1)) == [("penalise", leader)]
            assert bots.hint(game) == ([("penalise", leader)], "Penalise P%d, the leader" % (leader + 1))
            assert bots.bot_turn(game, "normal", Rng(1)) == [("penalise", 1)]


# ----- random play ----------------------------------------------------------------


def random_game(seed, players, rounds, moves):
    """A game ``moves`` random legal steps in (a seeded start)."""
    return random_position((DicedOut.GAME_ID, players, {"rounds": rounds}), seed, moves)


@settings(max_examples=100)
@given(st.integers(1, 10 ** 6), st.integers(2, 5), st.sampled_from([1, 2, 4]),
       st.integers(0, 400))
def test_strong_plays_legal_moves_and_a_hint_changes_nothing(seed, players, rounds, moves):
    game = random_game(seed, players, rounds, moves)
    rng = Rng(seed)
    while not game.over:
        data = game.encode()
        steps, text = bots.hint(game)
        assert game.encode() == data
        assert steps == bots.bot_turn(game, "strong", rng)
        assert game.encode() == data
        if game.phase == EXTRA:
            assert len(ui.wrap("Hint: " + text, ui.COLS, 3)) <= 2, text
            before = bot_dicedout.turn(game, "strong", rng, win=False)
            if steps != before:
                # Only in the last round, and never for a worse chance by
                # its own reckoning.
                assert game.round == game.rounds - 1
                assert ": win " in text or "wins a bit more" in text
        for s in steps:
            assert s in game.legal_steps()
            game.step(s)
    assert game.over


def test_a_whole_game_of_strong_seats_is_the_same_twice():
    def play():
        game = DicedOut(3, seed=77, options={"rounds": 2})
        rngs = [Rng(p) for p in range(3)]
        while not game.over:
            for s in bots.bot_turn(game, "strong", rngs[game.current]):
                game.step(s)
        return game.encode()
    assert play() == play()
