"""Power cuts at every byte of the store's writes: a restart always resumes the
last complete save (never garbage, never nothing), settings and records too."""
import random

import pytest

from hypothesis import given, settings as hsettings, strategies as st

from dws_app import store as store_mod
from dws_app.store import GAME_CAPACITY, Store
from dws_core import games
from dws_core.rng import Rng
from tests.nvm_faults import (CuttableNvm, PowerCut, cut_trials, expected_states,
                              restart_state, resumed_ok, run_script)


def payload(n, seed):
    r = random.Random(seed)
    return bytes(r.getrandbits(8) for _ in range(n))


def dws_checkpoints(seed=2024, players=5):
    """Every distinct checkpoint of a seeded random 5-player Dice Wide Shut game."""
    game = games.game_class(1)(players, seed=seed)
    picker = Rng(seed)
    saves = [game.checkpoint() or game.encode()]
    while not game.over:
        legal = game.legal_steps()
        game.step(legal[picker.below(len(legal))])
        if game.checkpoint() != saves[-1]:
            saves.append(game.checkpoint())
    return saves


DWS = dws_checkpoints()
LARGEST_DWS = max(DWS, key=len)


def base_with(*saves):
    nvm = bytearray(b"\xff" * 4096)
    s = Store(nvm)
    for p in saves:
        s.save_game(p)
    return bytes(nvm)


def test_cuttable_nvm_writes_only_before_the_cut():
    nvm = CuttableNvm(bytes(8)).arm(3)
    try:
        nvm[1:6] = b"ABCDE"
    except PowerCut:
        pass
    assert bytes(nvm) == b"\x00ABC\x00\x00\x00\x00"
    nvm = CuttableNvm(bytes(8)).arm(2, reverse=True)
    try:
        nvm[1:6] = b"ABCDE"
    except PowerCut:
        pass
    assert bytes(nvm) == b"\x00\x00\x00\x00DE\x00\x00"
    nvm = CuttableNvm(bytes(4)).arm(1)
    nvm[0] = 7
    try:
        nvm[1] = 8
    except PowerCut:
        pass
    assert bytes(nvm) == b"\x07\x00\x00\x00"


def cut_every_byte_of_one_save(big, reverse=False):
    base = base_with(payload(len(big), 1), payload(len(big), 2))
    ops = [("save", big)]
    assert expected_states(base, ops)[1] == len(big) + store_mod.FRAME_EXTRA
    return cut_trials(base, ops, reverse=reverse)


def test_cut_at_every_byte_of_a_600_byte_save():
    ok, trials = cut_every_byte_of_one_save(payload(600, 3))
    assert trials == 600 + store_mod.FRAME_EXTRA and ok == trials


def test_cut_at_every_byte_of_a_full_slot_in_reverse_write_order():
    ok, trials = cut_every_byte_of_one_save(payload(GAME_CAPACITY, 4), reverse=True)
    assert trials == 1024 and ok == trials


def test_cut_at_every_byte_of_the_largest_dws_state():
    assert len(LARGEST_DWS) <= 512
    ok, trials = cut_every_byte_of_one_save(LARGEST_DWS)
    assert ok == trials == len(LARGEST_DWS) + store_mod.FRAME_EXTRA


def test_resumed_dws_state_is_the_same_game():
    base = base_with(DWS[10], DWS[11])
    data, cut = run_script(base, [("save", DWS[12])], 70)
    assert cut == 0
    resumed, note = Store(bytearray(data)).load_game(
        check=lambda p: games.decode(p).encode() == p)
    assert note == "Save A was damaged; using B"
    assert games.decode(resumed).digest() == games.decode(DWS[11]).digest()


def test_a_cut_that_left_only_equal_bytes_unwritten_gives_the_new_save():
    """Reverse write order: the head bytes still to come equal the old ones."""
    big = payload(GAME_CAPACITY, 4)
    base = base_with(payload(len(big), 1), payload(len(big), 2))
    data, cut = run_script(base, [("save", big)], 1021, reverse=True)
    assert cut == 0
    assert Store(bytearray(data)).load_game() == (big, None)


def test_cut_at_every_byte_of_several_writes_in_a_row():
    big = [payload(600, 10 + i) for i in range(5)]
    base = base_with(big[0], big[1])
    ops = [("save", big[2]), ("save", big[2]), ("save", big[3]),
           ("settings", {"brightness": 3, "sound": False}),
           ("record", (1, 5, [50, 60, None, 70, 40], [3])),
           ("clear",), ("save", big[4]), ("save", LARGEST_DWS),
           ("settings", {"anim_speed": 0}), ("record", (2, 2, [0, 4], [0], True, 1))]
    ok, trials = cut_trials(base, ops)
    assert trials == expected_states(base, ops)[1] and ok == trials


def test_cut_during_the_first_use_of_a_blank_store():
    ops = [("save", payload(600, 20)), ("settings", {"led_brightness": 9}),
           ("save", payload(600, 21))]
    ok, trials = cut_trials(b"\xff" * 4096, ops, stride=3)
    assert trials > 1000 and ok == trials


def test_cut_during_recovery_from_random_bytes():
    noise = random.Random(5)
    base = bytes(noise.getrandbits(8) for _ in range(4096))
    ops = [("save", payload(300, 22)), ("record", (3, 4, [9, 8, 7, 6], [3])),
           ("save", payload(300, 23))]
    ok, trials = cut_trials(base, ops, stride=5)
    assert trials > 500 and ok == trials


def test_whole_dws_game_cut_anywhere():
    """A seeded 5-player game saved at every checkpoint, cut at many points."""
    base = base_with(payload(50, 0))
    ops = [("save", p) for p in DWS] + [("record", (1, 5, [1, 2, 3, 4, 5], [4])), ("clear",)]
    states, total = expected_states(base, ops)
    assert total == sum(len(p) + store_mod.FRAME_EXTRA for p in DWS) + (136 + store_mod.FRAME_EXTRA) + store_mod.FRAME_EXTRA
    for cut_at in range(0, total, 97):
        data, cut = run_script(base, ops, cut_at)
        assert cut is not None and resumed_ok(data, states, cut), cut_at


small_payloads = st.binary(min_size=1, max_size=40) | st.sampled_from(
    [payload(600, 30), payload(GAME_CAPACITY, 31), LARGEST_DWS, DWS[0]])
ops = st.one_of(
    st.tuples(st.just("save"), small_payloads),
    st.tuples(st.just("clear")),
    st.tuples(st.just("restart")),
    st.tuples(st.just("settings"), st.fixed_dictionaries(
        {}, optional={"brightness": st.integers(0, 10), "sound": st.booleans(),
                      "anim_speed": st.integers(0, 2)})),
    st.tuples(st.just("record"), st.tuples(st.integers(1, 5), st.just(2),
                                           st.lists(st.integers(-50, 50), min_size=2, max_size=2),
                                           st.lists(st.integers(0, 1), max_size=2))),
)


@hsettings(max_examples=60)
@given(st.lists(st.tuples(st.lists(ops, max_size=8), st.integers(0, 3000), st.booleans()),
                min_size=1, max_size=5))
def test_random_saves_cuts_and_restarts(rounds):
    """Several power cuts on the same nvm, each followed by a restart."""
    data = b"\xff" * 4096
    for script, cut_at, reverse in rounds:
        states, _total = expected_states(data, script)
        data, cut = run_script(data, script, cut_at, reverse)
        assert resumed_ok(data, states, cut)
        game = restart_state(data)[0]
        assert game is None or game in [op[1] for op in script if op[0] == "save"] + [states[0][0]]


def test_two_cut_attempts_never_combine_into_an_abandoned_save():
    """A save cut after its tail, then (after resuming the previous save and
    playing on) a different save cut after its head: the pieces of the two
    attempts must not form a valid copy of the first, abandoned one."""
    nvm = CuttableNvm(bytes((0xFF,)) * 4096)
    s = Store(nvm)
    s.save_game(b"S0-state-xxxxxx")
    s.save_game(b"S1-state-xxxxxx")
    with pytest.raises(PowerCut):
        Store(nvm.arm(10, reverse=True)).save_game(b"S2-state-AAAAAA")
    nvm.arm(None)
    assert Store(nvm).load_game()[0] == b"S1-state-xxxxxx"
    with pytest.raises(PowerCut):
        Store(nvm.arm(15)).save_game(b"S2-state-BBBBBB")
    nvm.arm(None)
    assert Store(bytearray(nvm)).load_game()[0] == b"S1-state-xxxxxx"
