"""Cargo's "expert" seat (issue 33): it plays the final round to win the game
in front of it, not for expected cargo.  Exact against brute force where it
must be (the last player of the game), never accepts a certain loss with a
roll left, reads a chase table that equals its computation, and plays legal
whole games in every variant."""
import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dws_app import levels as levels_mod
from dws_app.play.seats import hint_lines
from dws_core import bot_cargo, bots, cargo_chase
from tools import cargo_chase as cargo_chase_make
from dws_core import bot_cargo_expert as expert
from dws_core.cargo import Cargo
from dws_core.rng import Rng
from test_bots_play import play_decision

OPTION_SETS = [dict(classic=c, hold_cargo=h, rounds=r)
               for c in (False, True) for h in (False, True) for r in (1, 2, 3, 5, 10)]


def final_position(before, done, cargo, rolls, options=None):
    """A crewed final-round position: ``before[q]`` is player q's total from
    the earlier rounds, ``done`` this round's scores of the players before
    the current one (it is len(done)), ``cargo`` its cargo dice, ``rolls``
    the rolls used."""
    options = dict(options or {})
    classic = options.get("classic", False)
    most = 12 if classic else 18
    need = max([0] + [(t + most - 1) // most for t in before])
    if "rounds" not in options:
        options["rounds"] = [r for r in (1, 2, 3, 5, 10) if r > need][0]
    game = Cargo(len(before), seed=1, options=options)
    r = game.rounds - 1
    assert need <= r, "totals too high for the rounds"
    game.round = r
    game.round_scores = [[0] * len(before) for _ in range(r)] + [[None] * len(before)]
    for q, t in enumerate(before):
        k = 0
        while t:
            game.round_scores[k][q] = min(t, most)
            t -= game.round_scores[k][q]
            k += 1
    for q, s in enumerate(done):
        game.round_scores[r][q] = s
    game.current = len(done)
    game.values = [6, 5, 4] + list(cargo)
    game.roles = [1, 2, 3] + [0] * len(cargo)
    game.held = [False] * game.dice_count
    game.rolls = rolls
    assert len(game.values) == game.dice_count
    return Cargo.decode(game.encode())


# ----- the examples ---------------------------------------------------------------

def test_last_seat_behind_with_rolls_left_rolls():
    """One round, P2 last: P1 has 14, P2 crewed with cargo 13 and rolls
    left.  Accepting 13 loses; strong accepts it (13 beats the expected
    cargo of a roll), expert rolls."""
    game = final_position([0, 0], [14], (6, 6, 1), rolls=3)
    assert game.rounds == 1 and game.cargo() == 13 and game.rolls_left() == 2
    assert bots.bot_turn(game, "strong", Rng(1)) == [("accept",)]
    assert bots.bot_turn(game, "expert", Rng(1)) == [("roll",)]
    assert bots.hint(game) == ([("roll",)], "Roll 3 (A): 13 can't beat 14")
    # Level with 14 (a shared win) it would accept; ahead too.
    for cargo in ((6, 6, 2), (6, 6, 3)):
        game = final_position([0, 0], [14], cargo, rolls=3)
        assert bots.bot_turn(game, "expert", Rng(1)) == [("accept",)]


def test_p3_takes_cargo_12_against_15_rolls():
    game = final_position([0, 0, 0], [15, 9], (6, 5, 1), rolls=4)
    assert game.cargo() == 12 and game.rolls_left() == 1
    assert bots.bot_turn(game, "strong", Rng(1)) == [("accept",)]
    assert bots.bot_turn(game, "expert", Rng(1)) == [("roll",)]
    steps, text = bots.hint(game)
    assert steps == [("roll",)] and text == "Roll 3 (A): 12 can't beat 15"


def test_totals_of_earlier_rounds_count():
    """Three rounds, the last, one roll left: P1 has 44, the seat 25 + cargo
    13 (38): strong keeps 13, expert rolls; 43 against 40 it keeps; with 31
    + 9 against 40 (a tie) accepting is worth half."""
    game = final_position([30, 25], [14], (6, 6, 1), rolls=4, options={"rounds": 3})
    assert game.total(0) == 44 and game.total(1) == 25 and game.rolls_left() == 1
    assert bots.bot_turn(game, "strong", Rng(1)) == [("accept",)]
    assert bots.bot_turn(game, "expert", Rng(1)) == [("roll",)]
    assert bots.hint(game)[1] == "Roll 3 (A): 38 can't beat 44"
    game = final_position([30, 30], [10], (6, 6, 1), rolls=4, options={"rounds": 3})
    assert bots.bot_turn(game, "expert", Rng(1)) == [("accept",)]
    game = final_position([30, 31], [10], (3, 3, 3), rolls=4, options={"rounds": 3})
    assert game.total(1) + game.cargo() == 40
    w, bar = expert.shares(game)
    assert bar == 40 and w[9] == expert.ONE // 2 and w[10] == expert.ONE and w[8] == 0


def test_first_seat_plays_against_the_chase():
    """P1 of two, one round: 15 with one roll left is kept by strong (a roll
    averages 10.5); the expert keeps it too (P2 must beat 15 from a fresh
    turn); its share is P(P2 below) + P(P2 equal) / 2 from the table."""
    game = final_position([0, 0], [], (6, 6, 3), rolls=4)
    choice = bot_cargo.expert_choice(game)
    assert choice[0] == []
    a, e = expert.chase(0, 15)
    assert choice[1] == expert.ONE - a - e + (e + 1) // 2


# ----- exactness for the last player --------------------------------------------

def exact_option_values(game):
    """[(reroll dice, exact win share)] of the last player: accept first,
    then every non-empty set of cargo dice to roll again (all of them
    without hold_cargo), by brute force over its rolls left."""
    p = game.current
    assert p == game.players - 1 and game.round == game.rounds - 1
    others = [game.total(q) for q in range(game.players) if q != p]
    mine = game.total(p)

    def w(x):
        if not others or x > max(others):
            return Fraction(1)
        if x < max(others):
            return Fraction(0)
        return Fraction(1, 1 + others.count(x))

    def masks(n):
        return range(1, 1 << n) if game.hold_cargo else [(1 << n) - 1]

    memo = {}

    def best(values, left):
        key = (tuple(sorted(values)), left)
        if key not in memo:
            v = w(mine + sum(values))
            if left:
                for mask in masks(len(values)):
                    v = max(v, roll_value(values, mask, left))
            memo[key] = v
        return memo[key]

    def roll_value(values, mask, left):
        n = len(values)
        spots = [i for i in range(n) if mask >> i & 1]
        acc = Fraction(0)
        for new in itertools.product(range(1, 7), repeat=len(spots)):
            vals = list(values)
            for i, v in zip(spots, new):
                vals[i] = v
            acc += best(vals, left - 1)
        return acc / 6 ** len(spots)

    idx = [i for i in range(game.dice_count) if game.roles[i] == 0]
    values = [game.values[i] for i in idx]
    out = [([], w(mine + sum(values)))]
    for mask in masks(len(idx)):
        out.append(([idx[i] for i in range(len(idx)) if mask >> i & 1],
                    roll_value(values, mask, game.rolls_left())))
    return out


def expert_option_values(game):
    """[(reroll dice, share x ONE)] as the expert works them out, in the
    order of ``exact_option_values``."""
    w, _bar = expert.shares(game)
    idx = [i for i in range(game.dice_count) if game.roles[i] == 0]
    values = [game.values[i] for i in idx]
    n = len(idx)
    left = game.rolls_left()
    out = [([], w[sum(values)])]
    if not game.hold_cargo:
        return out + [(idx, expert._all_value(w, n, left))]
    pos, _s, _o, _c, offs, _n = expert._structure(n)
    q = expert._hold_q(w, n, left)
    for mask in range(1, 1 << n):
        kept = tuple(sorted(values[i] for i in range(n) if not mask >> i & 1))
        out.append(([idx[i] for i in range(n) if mask >> i & 1],
                    q[offs[len(kept)] + pos[len(kept)][expert._code(kept)]]))
    return out


def chosen_dice(game, steps):
    """The cargo dice a bot decision rolls ([] when it accepts)."""
    copy = type(game).decode(game.encode())
    for s in steps[:-1]:
        copy.step(s)
    if steps[-1] == ("accept",):
        return []
    return [i for i in range(copy.dice_count) if copy.roles[i] == 0 and not copy.held[i]]


TOLERANCE = 4    # units of 1/ONE: the DP rounds at every die it averages

small_positions = st.tuples(
    st.integers(1, 4),                                   # players before the last
    st.booleans(),                                       # hold_cargo
    st.sampled_from([(True, 1), (True, 2), (False, 1), (False, 2), (False, 3)]),  # classic, left
    st.lists(st.integers(0, 24), min_size=5, max_size=5),   # the others' totals
    st.integers(0, 20),                                  # the seat's total before
    st.lists(st.integers(1, 6), min_size=3, max_size=3),    # cargo dice
)


def build_last(case):
    before_count, hold, (classic, left), totals, mine, dice = case
    n = 2 if classic else 3
    rolls = (3 if classic else 5) - left
    most = 12 if classic else 18
    # each other total: this round's score and what came before it
    done = [min(t, most) for t in totals[:before_count]]
    before = [t - s for t, s in zip(totals[:before_count], done)] + [mine]
    return final_position(before, done, dice[:n], rolls,
                          {"classic": classic, "hold_cargo": hold})


@settings(max_examples=120, deadline=None)
@given(small_positions)
def test_last_player_decision_is_the_exact_maximiser(case):
    game = build_last(case)
    options = exact_option_values(game)
    top = max(v for _r, v in options)
    steps = bots.bot_turn(game, "expert", Rng(1))
    got = chosen_dice(game, steps)
    values = [v for r, v in options if sorted(r) == sorted(got)]
    assert values, (got, options)
    assert values[0] >= top - Fraction(1, 1000), (got, values[0], top, options)
    # every option's share as the expert's DP has it, to a few units of 1/ONE
    for (dice, exact), (dice2, got) in zip(options, expert_option_values(game)):
        assert dice == dice2
        assert abs(Fraction(got, expert.ONE) - exact) <= Fraction(TOLERANCE, expert.ONE), (
            dice, got, exact * expert.ONE)
    # and the shares it worked with are the exact ones (x ONE, rounded)
    w, bar = expert.shares(game)
    n = game.dice_count - 3
    others = [game.total(q) for q in range(game.players - 1)]
    for s in range(n, 6 * n + 1):
        x = game.total(game.current) + s
        exact = 1 if x > max(others) else (0 if x < max(others) else
                                           Fraction(1, 1 + others.count(x)))
        assert abs(Fraction(w[s], expert.ONE) - exact) <= Fraction(1, expert.ONE)


def test_last_player_exact_on_a_hand_position():
    """Hold, 6 dice, two rolls left, the seat 8 behind the leader with
    5, 1, 1: every reroll subset worked out by brute force."""
    game = final_position([20, 10, 11], [6, 8], (5, 1, 1), rolls=3,
                          options={"hold_cargo": True, "rounds": 3})
    options = exact_option_values(game)
    top = max(v for _r, v in options)
    got = chosen_dice(game, bots.bot_turn(game, "expert", Rng(1)))
    assert [v for r, v in options if sorted(r) == sorted(got)][0] >= top - Fraction(1, 1000)
    assert got    # 11 + 7 = 18 < 26: it rolls


# ----- never a certain loss -----------------------------------------------------------

positions = st.tuples(
    st.integers(2, 6),                       # players
    st.integers(0, 5),                       # the current seat (mod players)
    st.booleans(), st.booleans(),            # classic, hold_cargo
    st.lists(st.integers(0, 40), min_size=6, max_size=6),   # totals before this round
    st.lists(st.integers(0, 18), min_size=6, max_size=6),   # this round's done scores
    st.lists(st.integers(1, 6), min_size=3, max_size=3),
    st.integers(1, 4),                       # rolls used
)


def build(case, last=False):
    players, cur, classic, hold, before, done, dice, rolls = case
    cur = players - 1 if last else cur % players
    most = 12 if classic else 18
    n = 2 if classic else 3
    rolls = min(rolls, (3 if classic else 5) - 1)
    return final_position(before[:players], [min(s, most) for s in done[:cur]], dice[:n],
                          rolls, {"classic": classic, "hold_cargo": hold, "rounds": 5})


def certain_loss(game):
    """Does accepting now lose for certain?  (The final round, another
    player's total above the seat's with its cargo.)"""
    p = game.current
    others = [game.total(q) for q in range(game.players) if q != p]
    return (game.round == game.rounds - 1 and game.crewed()
            and game.total(p) + game.cargo() < max(others + [-1]))


@settings(max_examples=300, deadline=None)
@given(positions)
def test_last_player_never_accepts_a_certain_loss_with_a_roll_left(case):
    game = build(case, last=True)
    assert game.rolls_left() >= 1
    steps = bots.bot_turn(game, "expert", Rng(1))
    play_decision(type(game).decode(game.encode()), steps)
    if certain_loss(game):
        assert steps[-1] == ("roll",), (game.cargo(), game.scores(), steps)


@settings(max_examples=200, deadline=None)
@given(positions)
def test_no_seat_accepts_a_certain_loss_and_hints_follow_the_expert(case):
    game = build(case)
    steps = bots.bot_turn(game, "expert", Rng(1))
    if certain_loss(game):
        assert steps[-1] == ("roll",)
    hint_steps, text = bots.hint(game)
    assert hint_steps == steps
    assert len(hint_lines(text)) <= 2, text    # two screen lines
    strong = bot_cargo.decide(game)[0]
    if not expert._same(chosen_dice(game, steps), strong):
        assert "expect" not in text and ("can't beat" in text or "win " in text
                                         or text.endswith("wins a bit more")), text
        assert len(text) <= 40, text
    else:
        assert "can't beat" not in text and "win " not in text and "wins a bit" not in text


@settings(max_examples=100, deadline=None)
@given(positions)
def test_earlier_rounds_play_as_strong(case):
    players, cur, classic, hold, before, done, dice, rolls = case
    game = build(case)
    game.rounds = 10      # (not the final round any more; the rest unchanged)
    assert bot_cargo.expert_choice(game) is None
    assert bots.bot_turn(game, "expert", Rng(1)) == bots.bot_turn(game, "strong", Rng(1))


# ----- the chase table ------------------------------------------------------------------

def test_the_chase_table_is_its_computation():
    assert cargo_chase.TABLE == cargo_chase_make.table()
    assert cargo_chase.ONE == expert.ONE == cargo_chase_make.ONE
    assert cargo_chase.MARGINS == cargo_chase_make.MARGINS
    with open(cargo_chase.__file__) as f:
        assert f.read() == cargo_chase_make.source()


def reference_chase(d, hold):
    """Classic (five dice, three rolls) chase by plain brute force over
    ordered rolls, banking as the engine does."""
    def term(s):
        return (Fraction(s > d), Fraction(s == d))

    def better(c, b):
        return (2 * c[0] + c[1], c[0]) > (2 * b[0] + b[1], b[0])

    memo = {}

    def crewed(cargo, left):
        key = (tuple(sorted(cargo)), left)
        if key in memo:
            return memo[key]
        best = term(sum(cargo))
        if left:
            for mask in (range(1, 4) if hold else [3]):
                spots = [i for i in range(2) if mask >> i & 1]
                a = e = Fraction(0)
                for new in itertools.product(range(1, 7), repeat=len(spots)):
                    vals = list(cargo)
                    for i, v in zip(spots, new):
                        vals[i] = v
                    pa, pe = crewed(vals, left - 1)
                    a += pa
                    e += pe
                cand = (a / 6 ** len(spots), e / 6 ** len(spots))
                if better(cand, best):
                    best = cand
        memo[key] = best
        return best

    def crew(level, left):
        if left == 0:
            return term(0)
        if (level, left) in memo:
            return memo[(level, left)]
        a = e = Fraction(0)
        for roll in itertools.product(range(1, 7), repeat=5 - level):
            rest = list(roll)
            lv = level
            while lv < 3 and (6 - lv) in rest:
                rest.remove(6 - lv)
                lv += 1
            pa, pe = crewed(rest, left - 1) if lv == 3 else crew(lv, left - 1)
            a += pa
            e += pe
        memo[(level, left)] = (a / 6 ** (5 - level), e / 6 ** (5 - level))
        return memo[(level, left)]

    return crew(0, 3)


@pytest.mark.parametrize("d, hold", [(0, False), (5, False), (8, True), (11, True), (12, False)])
def test_chase_matches_brute_force_on_classic(d, hold):
    a, e = cargo_chase_make.chase(True, hold, d)
    ra, re_ = reference_chase(d, hold)
    assert Fraction(a, cargo_chase_make.DEN) == ra
    assert Fraction(e, cargo_chase_make.DEN) == re_
    got = expert.chase(2 + hold, d)
    assert abs(Fraction(got[0], expert.ONE) - ra) <= Fraction(1, expert.ONE)
    assert abs(Fraction(got[0] + got[1], expert.ONE) - ra - re_) <= Fraction(1, expert.ONE)


def test_chase_shape():
    """Out of reach and certain margins; a higher bar is never easier."""
    for v in range(4):
        assert expert.chase(v, -1) == (expert.ONE, 0)
        assert expert.chase(v, 19) == (0, 0)
        assert expert.chase(v, 0)[1] > 0       # a crewless turn ties at 0
        for d in range(18):
            a, e = expert.chase(v, d)
            a2, e2 = expert.chase(v, d + 1)
            assert a + e <= expert.ONE
            assert 2 * a2 + e2 <= 2 * a + e + 2
    assert expert.chase(2, 13) == (0, 0)       # classic: 2 cargo dice, 12 at most


# ----- whole games ----------------------------------------------------------------------

@pytest.mark.parametrize("options", OPTION_SETS,
                         ids=["c%d-h%d-r%d" % (o["classic"], o["hold_cargo"], o["rounds"])
                              for o in OPTION_SETS])
@settings(max_examples=4, deadline=None)
@given(st.integers(1, 8), st.integers(1, 10 ** 6))
def test_expert_plays_legal_whole_games(options, players, seed):
    game = Cargo(players, seed=seed, options=options)
    seats = [Rng(seed * 8 + p) for p in range(players)]
    levels = ("expert", "strong", "expert", "normal")
    decisions = 0
    while not game.over:
        p = game.current
        data = game.encode()
        steps = bots.bot_turn(game, levels[p % 4], seats[p])
        assert game.encode() == data
        if levels[p % 4] == "expert" and certain_loss(game):
            assert steps[-1] == ("roll",)
        play_decision(game, steps)
        decisions += 1
        assert decisions < 5000
    assert len(game.round_scores) == options["rounds"]


# ----- the level tables -------------------------------------------------------------------

def test_levels_listed_everywhere():
    assert bots.levels(4) == ("normal", "strong", "expert") == levels_mod.level_names(4)
    assert [levels_mod.level_title(lv) for lv in levels_mod.level_names(4)] == ["normal", "strong", "expert"]
