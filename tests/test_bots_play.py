"""Bots of every game and level: only legal steps, whole decisions ending with
the irreversible step, hints that never change the state, and fixed games
for fixed seeds (regression digests)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from dws_core import bots
from dws_core.codec import crc32
from dws_core.dws_running import round_totals, rounds_played
from dws_core.games import game_class
from dws_core.rng import Rng

# (game id, players, options) positions are drawn from.
SETUPS = (
    (1, 2, {}), (1, 5, {}), (1, 1, {}), (1, 3, {"no_doubles": True}),
    (2, 1, {}), (2, 3, {"one_die": "remaining_le_6"}), (2, 3, {"mode": "together"}),
    (2, 2, {"tiles": 12, "one_die": "never"}),
    (3, 3, {}), (3, 2, {"rounds": 2}),
    (4, 3, {}), (4, 2, {"hold_cargo": True}), (4, 2, {"classic": True, "hold_cargo": True}),
)


def random_position(setup, seed, moves):
    """A position reached by ``moves`` random legal steps from a seeded start."""
    gid, players, options = setup
    game = game_class(gid)(players, seed=seed, options=options)
    picker = Rng(seed + 99)
    for _ in range(moves):
        if game.over:
            break
        legal = game.legal_steps()
        game.step(legal[picker.below(len(legal))])
    return game


def play_decision(game, steps):
    """Apply the bot's steps: each legal; only the last one irreversible."""
    events = []
    for k, s in enumerate(steps):
        assert s in game.legal_steps(), (s, game.legal_steps())
        events += game.step(s)
        assert game.can_undo() == (k < len(steps) - 1), (steps, k)
    return events


@settings(max_examples=60)
@given(st.sampled_from(SETUPS), st.integers(1, 10 ** 6), st.integers(0, 120),
       st.integers(1, 10 ** 6))
def test_every_level_plays_legal_whole_decisions(setup, seed, moves, bot_seed):
    game = random_position(setup, seed, moves)
    if game.over:
        return
    data = game.encode()
    for level in bots.levels(game.GAME_ID):
        copy = type(game).decode(data)
        steps = bots.bot_turn(copy, level, Rng(bot_seed))
        assert copy.encode() == data  # working out a turn changes nothing
        events = play_decision(copy, steps)
        if game.GAME_ID == 1:
            assert steps[-1] == ("confirm",)
            assert ("turn_end", game.current) in events


def turn_copy(game):
    """A copy that keeps the turn so far (its undo works like the game's)."""
    copy = type(game).decode(game.checkpoint())
    for s in game._pending:
        copy.step(s)
    assert copy.encode() == game.encode()
    return copy


def play_hint(game, steps, text):
    """Follow a hint: ("undo",) steps first, and only when the text says
    Undo; then legal steps, only the last one irreversible."""
    undos = 0
    while steps[undos:] and steps[undos] == ("undo",):
        undos += 1
    assert (undos > 0) == text.startswith("Undo"), (steps, text)
    for _ in range(undos):
        game.undo()
    return play_decision(game, steps[undos:])


@settings(max_examples=40)
@given(st.sampled_from(SETUPS), st.integers(1, 10 ** 6), st.integers(0, 120))
def test_hint_never_changes_the_state(setup, seed, moves):
    game = random_position(setup, seed, moves)
    data = game.encode()
    pending = game.can_undo()
    steps, text = bots.hint(game)
    assert game.encode() == data and game.can_undo() == pending
    if game.over:
        assert steps == []
        return
    assert text is None or isinstance(text, str)
    play_hint(turn_copy(game), steps, text or "")


def test_hint_mid_turn_dws_undoes_or_finishes():
    """A human half-way through a turn gets a hint that completes it legally."""
    for seed in range(1, 30):
        game = game_class(1)(2, seed=seed)
        picker = Rng(seed)
        for _ in range(picker.below(4) + 1):
            legal = [s for s in game.legal_steps() if s[0] != "confirm"]
            if not legal:
                break
            game.step(legal[picker.below(len(legal))])
        data = game.encode()
        steps, text = bots.hint(game)
        assert game.encode() == data
        assert isinstance(text, str)
        play_hint(turn_copy(game), steps, text)


def play_out(gid, players, options, levels, seed):
    game = game_class(gid)(players, seed=seed, options=options)
    seats = [Rng(seed * 8 + p) for p in range(players)]
    decisions = 0
    while not game.over:
        p = game.current
        play_decision(game, bots.bot_turn(game, levels[p % len(levels)], seats[p]))
        decisions += 1
        assert decisions < 5000
    return game


def test_fixed_seed_fixed_game_dws():
    game = play_out(1, 4, {}, ("easy", "normal", "strong", "strong"), 5)
    assert "%08x" % game.digest() == DIGESTS["dws"]
    # The same choices as before the totals by round were kept: the state
    # without them (their length byte and bytes) has the digest it had then.
    step, totals = round_totals(game, 0)
    assert rounds_played(game) == 14 and step == 2 and len(totals) == 7      # (12 kept)
    assert [round_totals(game, p)[1][-1] for p in range(4)] == game.scores()
    assert "%08x" % crc32(game.encode()[:-len(game.totals)]) == "c5847253"
    again = play_out(1, 4, {}, ("easy", "normal", "strong", "strong"), 5)
    assert again.encode() == game.encode()


def test_fixed_seed_fixed_game_stb():
    game = play_out(2, 3, {"rounds": 2}, ("easy", "shut", "score"), 5)
    assert "%08x" % game.digest() == DIGESTS["stb"]


def test_fixed_seed_fixed_game_dicedout():
    game = play_out(3, 3, {}, ("normal", "strong"), 5)
    assert "%08x" % game.digest() == DIGESTS["dicedout"]


def test_fixed_seed_fixed_game_cargo():
    game = play_out(4, 3, {"hold_cargo": True, "rounds": 3}, ("normal", "strong"), 5)
    assert "%08x" % game.digest() == DIGESTS["cargo"]


DIGESTS = {
    "dws": "1dc0829f",
    "stb": "3c36156b",
    "dicedout": "b415648b",
    "cargo": "8e6d9d4a",
}


def test_levels_and_refusals():
    assert bots.levels(1) == ("easy", "normal", "strong")
    assert bots.levels(2) == ("easy", "shut", "score", "strong")
    assert bots.levels(3) == ("normal", "strong")
    assert bots.levels(4) == ("normal", "strong", "expert")
    assert bots.levels(5) == ()
    game = game_class(1)(2, seed=1)
    try:
        bots.bot_turn(game, "genius", Rng(1))
        raise AssertionError("unknown level accepted")
    except ValueError:
        pass


def test_strong_dws_beats_normal_in_a_short_match():
    """Not the benchmark (bench/bots.py plays 2,000 games): a sanity check that
    the strong seat wins more than half of 40 seeded games against normal."""
    points = 0.0
    for k in range(40):
        levels = ["normal", "normal"]
        levels[k % 2] = "strong"
        ranking = play_out(1, 2, {}, levels, 1000 + k).ranking()
        if k % 2 in ranking[0]:
            points += 1.0 / len(ranking[0])
    assert points / 40 > 0.5
