"""Random games of DicedOut, Cargo and Dice, every variant, checked step by step.

At every step: only steps from ``legal_steps()`` are applied and each of them
is accepted; every other step of a fixed candidate set is refused and leaves
``encode()`` byte-identical; ``decode(encode())`` round-trips; a reversible step
undoes exactly.  Every game ends, and its scores equal a recount from the events
written here from the rules, independently of the engines.
"""
from hypothesis import given, settings
from hypothesis import strategies as st

from dws_core.cargo import Cargo
from dws_core.dice import Dice
from dws_core.dicedout import DicedOut
from dws_core.errors import DecodeError, Refused
from dws_core.games import decode
from dws_core.rng import Rng

NUMBERS = tuple(range(2, 13))


def _universe():
    junk = [(), ("roll", 0), ("nope",), ("extra",), ("extra", "7"), ("hold", None),
            ("count", 2, 3), ("accept", 1), ("penalise", True), ("decline", 1)]
    steps = [("roll",), ("accept",), ("decline",)]
    for n in range(-1, 14):
        steps.append(("extra", n))
        steps.append(("penalise", n))
        steps.append(("hold", n))
        steps.append(("release", n))
        steps.append(("count", n))
    return steps + junk


UNIVERSE = _universe()


# ----- independent recounts from the events -----------------------------------------

class DicedOutRecount:
    def __init__(self, game):
        self.players = game.players
        self.bonus = game.bonus_numbers
        self.totals = [0] * game.players
        self.next_penalised = -1
        self.rounds_seen = 0
        self.rolloff = []
        self.declined = 0
        self.feed(game.initial_events)

    def _rolloff_top(self):
        best = max(t for _, t in self.rolloff)
        top = tuple(q for q, t in self.rolloff if t == best)
        self.rolloff = []
        return top

    def feed(self, events):
        for e in events:
            kind, p = e[0], e[1]
            if kind == "round_start":
                self.sheets = [set() for _ in range(self.players)]
                self.used = [0] * self.players
                self.boxes = [2 if q == self.next_penalised else 3 for q in range(self.players)]
                self.round_scores = [None] * self.players
                self.next_penalised = -1
                self.awaiting_extra = False
            elif kind == "penalised":
                assert e[2] != p
                self.next_penalised = e[2]
            elif kind == "rolled":
                assert self.round_scores[p] is None and not self.awaiting_extra
                self.total = e[2][0] + e[2][1]
                self.roller = p
            elif kind == "marked":
                assert p == self.roller and e[2] == self.total and e[2] not in self.sheets[p]
                self.sheets[p].add(e[2])
            elif kind == "bonus":
                assert e[2] == self.total and e[2] in self.bonus
                self.awaiting_extra = True
            elif kind == "extra":
                assert self.awaiting_extra and e[2] not in self.sheets[p]
                self.sheets[p].add(e[2])
                self.awaiting_extra = False
            elif kind == "declined":  # the bonus mark is an option (../shared/RULES.md 3)
                assert self.awaiting_extra and p == self.roller
                self.awaiting_extra = False
                self.declined += 1
            elif kind == "reroll":
                assert self.total in self.sheets[p] and self.used[p] < self.boxes[p]
                self.used[p] += 1
                assert e[2] == self.boxes[p] - self.used[p]
            elif kind == "diced_out":
                assert self.total in self.sheets[p] and self.used[p] == self.boxes[p]
                score = sum(n for n in NUMBERS if n not in self.sheets[p])
                assert e[2] == score
                self.round_scores[p] = score
            elif kind == "cleared":
                assert len(self.sheets[p]) == 11
                self.round_scores[p] = 0
            elif kind == "round_end":
                assert e[2] == tuple(self.round_scores)
                for q in range(self.players):
                    self.totals[q] += self.round_scores[q]
                self.rounds_seen += 1
            elif kind == "rolloff":
                self.rolloff.append((p, e[2][0] + e[2][1]))
            elif kind == "rolloff_tie":
                assert p == self._rolloff_top() and len(p) > 1
            elif kind in ("first", "chooser"):
                if self.rolloff:
                    assert self._rolloff_top() == (p,)
                if kind == "chooser":
                    assert self.round_scores[p] == min(self.round_scores)

    def check_end(self, game):
        assert self.rounds_seen == game.rounds
        assert game.scores() == self.totals
        best = min(self.totals)
        assert game.ranking()[0] == [p for p in range(self.players) if self.totals[p] == best]


class CargoRecount:
    NEED = (6, 5, 4)

    def __init__(self, game):
        self.n = game.dice_count
        self.max_rolls = game.max_rolls
        self.totals = [0] * game.players
        self.expect_banks = []
        self._new_turn()

    def _new_turn(self):
        self.values = [0] * self.n
        self.banked = [False] * self.n
        self.held = [False] * self.n
        self.level = 0
        self.rolls = 0
        self.accepted = None

    def cargo(self):
        return sum(self.values[i] for i in range(self.n) if not self.banked[i])

    def feed(self, events):
        for e in events:
            kind, p = e[0], e[1]
            if kind != "banked":
                assert self.expect_banks == []
            if kind == "rolled":
                assert e[3] == tuple(i for i in range(self.n)
                                     if not self.banked[i] and not self.held[i])
                for i in e[3]:
                    assert 1 <= e[2][i] <= 6
                    self.values[i] = e[2][i]
                assert e[2] == tuple(self.values)
                self.rolls += 1
                while self.level < 3:
                    free = [i for i in range(self.n)
                            if not self.banked[i] and self.values[i] == self.NEED[self.level]]
                    if not free:
                        break
                    self.banked[free[0]] = True
                    self.level += 1
                    self.expect_banks.append(("banked", p, self.level, free[0]))
            elif kind == "banked":
                assert e == self.expect_banks.pop(0)
            elif kind in ("held", "released"):
                assert self.level == 3 and not self.banked[e[2]]
                self.held[e[2]] = kind == "held"
            elif kind == "accepted":
                assert self.level == 3 and e[2] == self.cargo()
                self.accepted = e[2]
            elif kind == "turn_end":
                if self.accepted is None:
                    assert self.rolls == self.max_rolls
                    expected = self.cargo() if self.level == 3 else 0
                else:
                    expected = self.accepted
                assert e[2] == expected
                self.totals[p] += expected
                self._new_turn()

    def check_end(self, game):
        assert game.scores() == self.totals
        best = max(self.totals)
        assert game.ranking()[0] == [p for p in range(game.players) if self.totals[p] == best]


class DiceRecount:
    def __init__(self, game):
        self.values = [0] * game.count
        self.held = [False] * game.count

    def feed(self, events):
        for e in events:
            if e[0] == "rolled":
                assert e[3] == tuple(i for i in range(len(self.values)) if not self.held[i])
                for i in e[3]:
                    self.values[i] = e[2][i]
                assert e[2] == tuple(self.values)
            elif e[0] in ("held", "released"):
                self.held[e[2]] = e[0] == "held"
            elif e[0] == "count":
                assert not any(self.held)
                del self.values[e[2]:]
                del self.held[e[2]:]
                while len(self.values) < e[2]:
                    self.values.append(0)
                    self.held.append(False)

    def check_end(self, game):
        assert game.scores() == [sum(self.values)]
        assert game.values == self.values and game.held == self.held


# ----- the driver ----------------------------------------------------------------------

def play_checked(game, picker_seed, recount, max_steps):
    cls = type(game)
    picker = Rng(picker_seed)
    steps = 0
    while not game.over and steps < max_steps:
        legal = game.legal_steps()
        assert legal, "a running game always has a step"
        before = game.encode()
        for s in UNIVERSE:
            if s not in legal:
                try:
                    game.step(s)
                except Refused as refused:
                    assert refused.reason and len(refused.reason) <= 26
                else:
                    raise AssertionError("accepted an unlisted step %r" % (s,))
                assert game.encode() == before, s
        for s in legal:
            cls.decode(before).step(s)  # every listed step is accepted
        step = legal[picker.below(len(legal))]
        pending = len(game._pending)
        recount.feed(game.step(step))
        after = game.encode()
        assert cls.decode(after).encode() == after
        assert decode(after).legal_steps() == game.legal_steps()
        if len(game._pending) > pending:  # a reversible step: undo it exactly
            game.undo()
            assert game.encode() == before
            game.step(step)
            assert game.encode() == after
        steps += 1
    return steps


PICKS = st.integers(1, 2 ** 31)
BONUS = st.one_of(st.none(), st.lists(st.sampled_from(NUMBERS), unique=True, max_size=11))


@settings(max_examples=40)
@given(players=st.integers(1, 8), seed=PICKS, pick=PICKS, rounds=st.sampled_from((4, 1, 2, 3)),
       bonus=BONUS)
def test_random_dicedout_games(players, seed, pick, rounds, bonus):
    options = {"rounds": rounds}
    if bonus is not None:
        options["bonus_numbers"] = tuple(bonus)
    game = DicedOut(players, seed=seed, options=options)
    recount = DicedOutRecount(game)
    play_checked(game, pick, recount, 5000)
    assert game.over
    recount.check_end(game)


@settings(max_examples=40)
@given(players=st.integers(1, 8), seed=PICKS, pick=PICKS, classic=st.booleans(),
       hold=st.booleans(), rounds=st.sampled_from((1, 2, 3, 5, 10)))
def test_random_cargo_games(players, seed, pick, classic, hold, rounds):
    game = Cargo(players, seed=seed,
                 options={"classic": classic, "hold_cargo": hold, "rounds": rounds})
    recount = CargoRecount(game)
    play_checked(game, pick, recount, 2000)
    assert game.over
    recount.check_end(game)


@settings(max_examples=30)
@given(seed=PICKS, pick=PICKS, count=st.integers(1, 6))
def test_random_dice_sessions(seed, pick, count):
    game = Dice(1, seed=seed, options={"count": count})
    recount = DiceRecount(game)
    assert play_checked(game, pick, recount, 120) == 120
    assert not game.over  # a free roller never ends
    recount.check_end(game)


GAMES = ((DicedOut, 3), (Cargo, 3), (Dice, 1))


@settings(max_examples=60)
@given(which=st.integers(0, 2), seed=PICKS, steps=st.integers(0, 40),
       pos=st.integers(0, 200), byte=st.integers(0, 255), cut=st.booleans())
def test_corrupt_states_are_refused_or_fully_playable(which, seed, steps, pos, byte, cut):
    cls, players = GAMES[which]
    game = cls(players, seed=seed, options={"hold_cargo": True} if cls is Cargo else None)
    picker = Rng(seed)
    for _ in range(steps):
        if game.over:
            break
        legal = game.legal_steps()
        game.step(legal[picker.below(len(legal))])
    data = bytearray(game.encode())
    pos %= len(data)
    if cut:
        del data[pos:]
    else:
        data[pos] = byte
    try:
        loaded = decode(bytes(data))
    except DecodeError:
        return
    assert loaded.encode() == bytes(data)  # canonical: one encoding per state
    for _ in range(3000):
        if loaded.over:
            break
        legal = loaded.legal_steps()
        loaded.step(legal[picker.below(len(legal))])
    assert loaded.over or cls is Dice
