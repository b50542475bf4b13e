"""Property-based tests of the Dice Wide Shut engine over random games."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dws_core.dws import BLUE, CHECKED, CROSSED, EMPTY, RED, SPENT, DiceWideShut
from dws_core.dws_totals import NOT_KEPT
from dws_core.dws_running import round_totals, rounds_played
from dws_core.errors import DecodeError, Refused

MAX_ROUNDS = 200  # random games end within ~45 rounds; a stuck engine would not
KINDS = ("colour", "pick", "drop", "mark", "protect", "six", "confirm", "roll")
RUN_POINTS = ((0, 1, 3, 6, 10, 15), (0, 1, 3, 7, 10, 15))


# ----- an independent model of the boards, the score and the ranking ------------

def recount_score(cells_by_half, run_points=RUN_POINTS):
    """Score ten columns by cutting each into runs of checks with str.split."""
    total = 0
    for half in (RED, BLUE):
        for col in range(5):
            text = "".join("x" if cells_by_half[half][r * 5 + col] == CHECKED else "."
                           for r in range(5))
            runs = [len(run) for run in text.split(".") if run]
            total += sum(run_points[half][n] for n in runs) if runs else -5
    return total


def full_columns(cells):
    return sum(1 for col in range(5) if all(cells[r * 5 + col] != EMPTY for r in range(5)))


class Shadow:
    """Boards rebuilt from the events alone."""

    def __init__(self, players):
        self.cells = [[[EMPTY] * 25, [EMPTY] * 25] for _ in range(players)]
        self.sixes = [[[EMPTY] * 5, [EMPTY] * 5] for _ in range(players)]
        self.splits = [0] * players

    def apply(self, event):
        kind = event[0]
        if kind == "marked":
            _, p, half, row, col, _die = event
            assert self.cells[p][half][row * 5 + col] == EMPTY
            self.cells[p][half][row * 5 + col] = CHECKED
        elif kind == "split":
            _, p, half, row = event
            assert self.cells[p][half][row * 5:row * 5 + 5] == [CHECKED] * 5
            self.cells[p][half][row * 5:row * 5 + 5] = [CROSSED] * 5
            self.splits[p] += 1
        elif kind == "six":
            _, p, half, row, _die = event
            assert self.sixes[p][half][row] == EMPTY
            self.sixes[p][half][row] = CHECKED
        elif kind == "protected":
            _, p, half, row, _die = event
            assert self.sixes[p][half][row] == CHECKED
            self.sixes[p][half][row] = SPENT

    def matches(self, game):
        for p in range(game.players):
            board = game.boards[p]
            assert board.cells == self.cells[p]
            assert board.sixes == self.sixes[p]
            assert board.splits == self.splits[p]


def check_ranking(game):
    ranking = game.ranking()
    assert sorted(p for group in ranking for p in group) == list(range(game.players))
    keys = [(recount_score(game.boards[p].cells), game.boards[p].splits)
            for p in range(game.players)]
    for group in ranking:
        assert group == sorted(group)
        assert len(set(keys[p] for p in group)) == 1
    heads = [keys[group[0]] for group in ranking]
    assert heads == sorted(heads, reverse=True) and len(set(heads)) == len(heads)


# ----- random steps ------------------------------------------------------------------

def random_step(rnd, legal):
    """Mostly a near miss of a legal step, sometimes anything at all."""
    if legal and rnd.random() < 0.6:
        base = list(rnd.choice(legal))
        if len(base) > 1:
            k = rnd.randrange(1, len(base))
            base[k] += rnd.choice((-1, 1, 2, 5))
        else:
            base.append(rnd.randrange(3))
        return tuple(base)
    kind = rnd.choice(KINDS)
    return (kind,) + tuple(rnd.randrange(-1, 14) for _ in range(rnd.randrange(4)))


def assert_refused(game, step):
    before = game.encode()
    reason = game.refusal(step)              # the same answer, without trying
    assert game.encode() == before
    try:
        game.step(step)
    except Refused as refusal:
        assert refusal.reason and len(refusal.reason) <= 28
        assert refusal.reason == reason
    else:
        raise AssertionError("illegal step accepted: %r" % (step,))
    assert game.encode() == before


def play_random_game(players, no_doubles, seed, choice_seed):
    rnd = random.Random(choice_seed)
    game = DiceWideShut(players, seed=seed, options={"no_doubles": no_doubles})
    shadow = Shadow(players)
    assert game.initial_events[0][0] == "rolled"
    game_end = None
    triggered_in = []  # rounds in which the end was triggered
    while not game.over:
        assert game.round < MAX_ROUNDS
        legal = game.legal_steps()
        assert legal and legal == game.legal_steps()
        assert len(set(legal)) == len(legal)
        assert all(game.refusal(st) is None for st in legal)
        before = game.encode()
        for _ in range(2):
            wrong = random_step(rnd, legal)
            if wrong not in legal:
                assert_refused(game, wrong)
        step = rnd.choice(legal)
        events = game.step(step)
        after = game.encode()
        if game.can_undo():
            assert game.undo() == [("undone", step)]
            assert game.encode() == before
            assert game.step(step) == events
            assert game.encode() == after
        else:
            assert step == ("confirm",)
            assert game.checkpoint() == after
        for event in events:
            shadow.apply(event)
            if event[0] == "game_end":
                game_end = event
            elif event[0] == "end_triggered":
                triggered_in.append(game.round)
        copy = DiceWideShut.decode(after)
        assert copy.encode() == after
        assert copy.legal_steps() == game.legal_steps()
        assert copy.scores() == game.scores()
    shadow.matches(game)
    # The end is triggered once and the game ends when that round finishes.
    assert triggered_in == [game.round]
    assert game_end == ("game_end", game.ranking())
    assert any(full_columns(b.cells[RED]) >= 3 or full_columns(b.cells[BLUE]) >= 3
               for b in game.boards)
    assert game.scores() == [recount_score(b.cells) for b in game.boards]
    check_ranking(game)
    return game


@settings(max_examples=20)
@given(st.integers(1, 5), st.booleans(), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 16))
def test_random_games_obey_the_protocol_and_score_by_recount(players, no_doubles, seed, choice):
    play_random_game(players, no_doubles, seed, choice)


def test_every_player_count_and_variant_plays_to_the_end():
    for players in range(1, 6):
        for no_doubles in (False, True):
            game = play_random_game(players, no_doubles, players * 7 + no_doubles, players)
            assert game.over and game.ending


def play_keeping_totals(players, seed, choice):
    """A random game, with each player's total recounted at every round's
    end (the ``round_end`` events); the state decoded again at each."""
    rnd = random.Random(choice)
    game = DiceWideShut(players, seed=seed)
    ends = []
    while not game.over:
        for e in game.step(rnd.choice(game.legal_steps())):
            if e[0] == "round_end":
                ends.append([recount_score(b.cells) for b in game.boards])
                again = DiceWideShut.decode(game.encode())
                assert round_totals(again, 0) == round_totals(game, 0)
    return game, ends


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 16),
       st.integers(1, 6))
def test_totals_by_round_are_the_recounted_totals_every_step_rounds(players, seed, choice, kept):
    """Each total kept is the recounted total at the end of rounds step,
    2 * step, ...; with room for ``kept`` rounds only, the step doubles as
    often as the game needs, and the state stays one length."""
    import dws_core.dws as dws
    saved = dws.TOTALS_BYTES
    dws.TOTALS_BYTES = kept * players
    try:
        game, ends = play_keeping_totals(players, seed, choice)
    finally:
        dws.TOTALS_BYTES = saved
    assert len(ends) == rounds_played(game)
    assert len(game.totals) == kept * players
    for p in range(players):
        step, totals = round_totals(game, p)
        assert len(totals) == len(ends) // step <= kept
        assert totals == [ends[k * step - 1][p] for k in range(1, len(totals) + 1)]
        assert step == 1 or len(ends) // (step // 2) > kept


def test_totals_by_round_of_a_whole_game_fit_five_players_nine_rounds():
    game, ends = play_keeping_totals(5, 3, 3)
    assert len(game.totals) == 45
    step, totals = round_totals(game, 4)
    assert totals == [ends[k * step - 1][4] for k in range(1, len(ends) // step + 1)]
    assert (step == 1) == (len(ends) <= 9) and len(totals) <= 9


def test_custom_run_points_are_scored_and_saved():
    points = ((0, 2, 5, 9, 14, 20), (0, -1, 2, 4, 8, 16))
    rnd = random.Random(3)
    game = DiceWideShut(3, seed=11, options={"run_points": points})
    while not game.over:
        game.step(rnd.choice(game.legal_steps()))
    assert game.scores() == [recount_score(b.cells, points) for b in game.boards]
    assert DiceWideShut.decode(game.encode()).run_points == points


# ----- decoding bad bytes ---------------------------------------------------------------

def decodes_cleanly_or_refuses(data):
    """decode() raises only DecodeError; what it accepts is canonical and playable."""
    try:
        game = DiceWideShut.decode(data)
    except DecodeError:
        return False
    again = game.encode()
    # (canonical; a state of a build that kept no totals by round comes
    # back with every total not kept)
    assert again == bytes(data) or again == bytes(data) + bytes([NOT_KEPT]) * len(game.totals)
    game.scores()
    game.ranking()
    legal = game.legal_steps()
    if not game.over:
        assert legal
        game.step(legal[0])
    return True


def sample_states():
    states = []
    for players in range(1, 6):
        rnd = random.Random(players)
        game = DiceWideShut(players, seed=players)
        for _ in range(40 * players):
            if game.over:
                break
            game.step(rnd.choice(game.legal_steps()))
            states.append(game.encode())
    return states


STATES = sample_states()


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_decoding_random_bytes_raises_only_decode_error(data):
    decodes_cleanly_or_refuses(data)
    decodes_cleanly_or_refuses(bytes([1, 1]) + data)


@settings(max_examples=300)
@given(st.sampled_from(STATES), st.integers(0, 10 ** 6), st.integers(0, 255))
def test_decoding_mutated_states_raises_only_decode_error(state, where, value):
    at = where % len(state)
    mutated = state[:at] + bytes([value]) + state[at + 1:]
    decodes_cleanly_or_refuses(mutated)
    decodes_cleanly_or_refuses(state[:at])


def test_every_truncation_of_a_state_is_refused():
    for state in STATES[::25]:
        assert decodes_cleanly_or_refuses(state)
        old = len(state) - len(DiceWideShut.decode(state).totals)
        for n in range(len(state)):
            assert decodes_cleanly_or_refuses(state[:n]) == (n == old), n
        assert round_totals(DiceWideShut.decode(state[:old]), 0) in (None, (1, []))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 2**31))
def test_first_mark_is_the_first_mark_of_the_legal_steps(seed, choice):
    """first_mark (what the screen asks after each press) agrees with
    legal_steps in every state of a random game."""
    rnd = random.Random(choice)
    game = DiceWideShut(3, seed=seed)
    seen = 0
    while not game.over and game.round < 12:
        legal = game.legal_steps()
        marks = [s for s in legal if s[0] in ("mark", "protect", "six")]
        assert game.first_mark() == (marks[0] if marks else None)
        seen += bool(marks)
        game.step(rnd.choice(legal))
    assert seen > 0
