"""The nvm store: layout, round trips, alternation, settings, records, damage."""
import random

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from dws_app import records_store, store as store_mod
from dws_app.records_store import Records
from dws_app.store import AUTO_DIM_CHOICES, GAME_CAPACITY, SLEEP_CHOICES, Store, default_settings
from dws_core.codec import crc32

GAME_A, GAME_B = 0x200, 0x600
SET_A, SET_B = 0x010, 0x040
REC_A, REC_B = 0x070, 0x138


def fresh(size=4096, fill=0xFF):
    return bytearray(bytes((fill,)) * size)


def payload(n, seed):
    r = random.Random(seed)
    return bytes(r.getrandbits(8) for _ in range(n))


def frame(kind, version, seq, data, nonce=0):
    """A frame built independently of the store's code."""
    head = bytes((kind, version, seq >> 8, seq & 0xFF, nonce >> 8, nonce & 0xFF,
                  len(data) >> 8, len(data) & 0xFF))
    return head + data + crc32(head + data).to_bytes(4, "big")


def put(nvm, offset, data):
    nvm[offset:offset + len(data)] = data


def formatted():
    nvm = fresh()
    put(nvm, 0, b"DWSN\x02" + bytes(11))
    return nvm


# ----- layout ------------------------------------------------------------------


def test_map_fits_4096_and_regions_do_not_overlap():
    regions = [(0, 16), (SET_A, 48), (SET_B, 48), (REC_A, 200), (REC_B, 200),
               (GAME_A, 1024), (GAME_B, 1024)]
    end = 0
    for start, size in regions:
        assert start >= end
        end = start + size
    assert end <= store_mod.USED_SIZE <= 4096
    assert GAME_CAPACITY == 1012
    assert records_store.RECORDS_SIZE + 10 <= 200


def test_first_save_formats_then_one_write_per_save():
    nvm = fresh()
    s = Store(nvm)
    assert s.save_game(b"state-1")
    assert nvm[0:5] == b"DWSN\x02"
    assert s.stats["writes"] == 3  # used area once, header once, the save
    assert s.save_game(b"state-2")
    assert s.stats["writes"] == 4
    assert s.stats["bytes"] == (0xA00 - 16) + 16 + 19 + 19


def test_frame_bytes_match_the_documented_format():
    nvm = formatted()
    before = bytes(nvm[GAME_A:GAME_A + 17])
    Store(nvm).save_game(b"hello")
    nonce = crc32(before) & 0xFFFF  # the CRC of the bytes the frame overwrote
    assert bytes(nvm[GAME_A:GAME_A + 17]) == frame(0x47, 1, 1, b"hello", nonce)


def test_upper_half_of_an_8k_nvm_is_never_written():
    nvm = fresh(8192, 0x5A)
    put(nvm, 0, bytes(0xA00))
    s = Store(nvm)
    for i in range(5):
        s.save_game(payload(GAME_CAPACITY, i))
    s.save_settings({"sound": False})
    s.record_game(1, 5, [1, 2, 3, 4, 5], [4])
    assert bytes(nvm[0xA00:]) == bytes((0x5A,)) * (8192 - 0xA00)
    assert Store(nvm).load_game() == (payload(GAME_CAPACITY, 4), None)


def test_too_small_nvm_is_refused():
    with pytest.raises(ValueError):
        Store(bytearray(256))


# ----- game slots ----------------------------------------------------------------


def test_blank_nvm_has_no_game_and_no_notes():
    for fill in (0x00, 0xFF):
        s = Store(fresh(fill=fill))
        assert s.load_game() == (None, None)
        assert s.load_settings() == (default_settings(), None)
        rec, note = s.load_records()
        assert note is None and rec.encode() == Records().encode()
        assert not s.has_game()


def test_round_trip_survives_restart():
    nvm = fresh()
    data = payload(600, 1)
    Store(nvm).save_game(data)
    s = Store(nvm)
    assert s.has_game()
    assert s.load_game() == (data, None)


def test_saves_alternate_between_slots_with_rising_sequence():
    nvm = formatted()
    s = Store(nvm)
    for i in range(6):
        s.save_game(b"save %d" % i)
        slot = GAME_A if i % 2 == 0 else GAME_B
        head = frame(0x47, 1, i + 1, b"save %d" % i)
        assert bytes(nvm[slot:slot + 4]) == head[:4]  # kind, version, seq
        assert bytes(nvm[slot + 6:slot + 14]) == head[6:14]  # length, payload
    assert Store(nvm).load_game() == (b"save 5", None)


def test_unchanged_payload_is_not_rewritten():
    nvm = formatted()
    s = Store(nvm)
    assert s.save_game(b"abc")
    before = dict(s.stats)
    assert not s.save_game(b"abc")
    assert not s.save_game(bytearray(b"abc"))
    assert s.stats == before
    # also after a restart: compared with what is in nvm
    s2 = Store(nvm)
    assert not s2.save_game(b"abc")
    assert s2.stats["writes"] == 0
    assert s2.save_game(b"abd")


def test_payload_limits():
    s = Store(formatted())
    with pytest.raises(ValueError):
        s.save_game(b"")
    with pytest.raises(ValueError):
        s.save_game(bytes(GAME_CAPACITY + 1))
    assert s.save_game(bytes(GAME_CAPACITY))


def test_clear_game_is_one_write_and_removes_continue():
    nvm = formatted()
    s = Store(nvm)
    s.save_game(b"one")
    s.save_game(b"two")
    writes = s.stats["writes"]
    assert s.clear_game()
    assert s.stats["writes"] == writes + 1
    assert not s.clear_game()
    assert Store(nvm).load_game() == (None, None)
    assert not Store(nvm).has_game()
    s.save_game(b"three")
    assert Store(nvm).load_game() == (b"three", None)


def test_clear_on_blank_store_writes_nothing():
    s = Store(fresh())
    assert not s.clear_game()
    assert s.stats["writes"] == 0


def test_sequence_number_wraps_around():
    nvm = formatted()
    put(nvm, GAME_A, frame(0x47, 1, 0xFFFF, b"older"))
    put(nvm, GAME_B, frame(0x47, 1, 0x0000, b"newer"))
    s = Store(nvm)
    assert s.load_game() == (b"newer", None)
    s.save_game(b"newest")  # goes into A with seq 1
    assert bytes(nvm[GAME_A + 2:GAME_A + 4]) == b"\x00\x01"
    assert Store(nvm).load_game() == (b"newest", None)


@hsettings(max_examples=40)
@given(st.lists(st.binary(min_size=1, max_size=GAME_CAPACITY), min_size=1, max_size=12))
def test_any_sequence_of_saves_gives_back_the_last(saves):
    nvm = formatted()
    s = Store(nvm)
    writes = 0
    last = None
    for data in saves:
        wrote = s.save_game(data)
        assert wrote == (data != last)
        writes += wrote
        last = data
        assert Store(nvm).load_game() == (data, None)
    assert s.stats["writes"] == writes


# ----- damage and tampering --------------------------------------------------


def two_saves():
    nvm = formatted()
    s = Store(nvm)
    s.save_game(b"first save")  # A
    s.save_game(b"second save")  # B, newest
    return nvm


def test_damaged_newest_falls_back_to_older_with_note():
    nvm = two_saves()
    nvm[GAME_B + 8] ^= 0x01
    assert Store(nvm).load_game() == (b"first save", "Save B was damaged; using A")


def test_damaged_older_keeps_newest_with_note():
    nvm = two_saves()
    nvm[GAME_A + 8] ^= 0x40
    assert Store(nvm).load_game() == (b"second save", "Save A was damaged; using B")


def test_next_save_overwrites_the_damaged_slot():
    nvm = two_saves()
    nvm[GAME_B + 8] ^= 0x01
    s = Store(nvm)
    s.load_game()
    s.save_game(b"third save")
    assert Store(nvm).load_game() == (b"third save", None)
    assert bytes(nvm[GAME_A + 8:GAME_A + 18]) == b"first save"


def test_every_single_bit_flip_in_a_frame_is_caught():
    nvm = two_saves()
    length = 10 + len(b"second save")
    for bit in range(length * 8):
        bad = bytearray(nvm)
        bad[GAME_B + bit // 8] ^= 1 << (bit % 8)
        game, note = Store(bad).load_game()
        assert game == b"first save", bit
        assert note == "Save B was damaged; using A"


def test_both_slots_damaged_means_game_lost():
    nvm = two_saves()
    nvm[GAME_A + 7] ^= 0x10
    nvm[GAME_B + 7] ^= 0x10
    s = Store(nvm)
    assert s.load_game() == (None, "Saved game lost (both copies damaged)")
    assert not s.has_game()
    s.save_game(b"new game")
    assert Store(nvm).load_game() == (b"new game", "Save B was damaged; using A")


def test_only_copy_damaged_means_game_lost():
    nvm = formatted()
    Store(nvm).save_game(b"only")
    nvm[GAME_A + 8] ^= 0xFF
    assert Store(nvm).load_game() == (None, "Saved game lost (damaged)")


def test_truncated_write_falls_back():
    """The newest frame's tail reads as erased flash."""
    for keep in (0, 1, 5, 6, 7, 12, 20):
        nvm = two_saves()
        tail = GAME_B + keep
        put(nvm, tail, b"\xff" * (GAME_B + 1024 - tail))
        assert Store(nvm).load_game()[0] == b"first save", keep


def test_random_bytes_everywhere():
    r = random.Random(7)
    for trial in range(20):
        nvm = bytearray(r.getrandbits(8) for _ in range(4096))
        s = Store(nvm)
        assert s.load_game() == (None, "Saved game lost (both copies damaged)")
        assert s.load_settings() == (default_settings(), "Settings were damaged; defaults restored")
        rec, note = s.load_records()
        assert rec.encode() == Records().encode()
        assert note == "Records were damaged; starting afresh"
        # the store recovers: saves work and the damaged slots are cleaned
        assert s.save_game(b"after noise %d" % trial)
        s.save_settings({"brightness": 2})
        s2 = Store(nvm)
        assert s2.load_game() == (b"after noise %d" % trial, None)
        assert s2.load_settings()[0]["brightness"] == 2
        assert s2.load_settings()[1] is None


def test_damaged_header_alone_loses_nothing():
    nvm = two_saves()
    Store(nvm).save_settings({"anim_speed": 2})
    nvm[1] ^= 0x04
    s = Store(nvm)
    assert s.load_game() == (b"second save", None)
    assert s.load_settings()[0]["anim_speed"] == 2
    s.save_game(b"third save")
    assert nvm[0:5] == b"DWSN\x02"
    assert Store(nvm).load_game() == (b"third save", None)
    assert Store(nvm).load_settings()[0]["anim_speed"] == 2


def test_other_layout_version_is_cleared_with_note():
    nvm = two_saves()
    nvm[4] = store_mod.LAYOUT_VERSION + 1
    s = Store(nvm)
    assert s.load_game() == (None, "Saves from another version were cleared")
    assert s.load_settings() == (default_settings(), "Settings from another version were reset")
    assert s.load_records()[1] == "Records from another version were reset"
    s.save_settings({"sound": False})
    assert nvm[4] == store_mod.LAYOUT_VERSION
    s2 = Store(nvm)
    assert s2.load_game() == (None, None)  # the old saves are gone
    assert s2.load_settings() == (dict(default_settings(), sound=False), None)


def test_other_frame_version_is_not_resumed():
    nvm = formatted()
    put(nvm, GAME_A, frame(0x47, 9, 1, b"future"))
    put(nvm, GAME_B, frame(0x47, 9, 2, b"future 2"))
    assert Store(nvm).load_game() == (None, "Saved game is from another version")
    put(nvm, GAME_A, frame(0x47, 1, 1, b"ours"))
    assert Store(nvm).load_game() == (b"ours", None)


def test_check_refuses_newest_and_falls_back():
    nvm = two_saves()
    s = Store(nvm)
    game, note = s.load_game(check=lambda p: p != b"second save")
    assert game == b"first save"
    assert note == "Save B was unusable; using A"
    # the next save replaces the refused copy and is the newest
    s.save_game(b"third save")
    assert bytes(nvm[GAME_B + 8:GAME_B + 18]) == b"third save"
    assert bytes(nvm[GAME_A + 8:GAME_A + 18]) == b"first save"
    assert Store(nvm).load_game() == (b"third save", None)


def test_check_refusing_both_loses_the_game():
    nvm = two_saves()
    assert Store(nvm).load_game(check=lambda p: False) == (None, "Saved game lost (unusable)")


def test_cleared_store_with_a_damaged_newer_save_reports_it():
    nvm = formatted()
    s = Store(nvm)
    s.save_game(b"old game")  # A
    s.clear_game()  # B: empty copy
    s.save_game(b"new game")  # A
    nvm[GAME_A + 9] ^= 0x02
    assert Store(nvm).load_game() == (None, "Saved game lost (damaged)")


# ----- settings ------------------------------------------------------------------


def test_settings_round_trip_every_choice():
    nvm = fresh()
    s = Store(nvm)
    choices = []
    for i in range(11):
        choices.append({"brightness": i, "led_brightness": 10 - i, "sound": i % 2 == 0,
                        "anim_speed": i % 3, "auto_dim_s": AUTO_DIM_CHOICES[i % 5],
                        "sleep_s": SLEEP_CHOICES[(i + 2) % 5]})
    for d in choices:
        assert s.save_settings(d)
        assert Store(nvm).load_settings() == (d, None)
    assert not s.save_settings(choices[-1])


def test_save_settings_merges_over_current():
    nvm = fresh()
    s = Store(nvm)
    s.save_settings({"brightness": 3})
    s.save_settings({"sound": False})
    expected = dict(default_settings(), brightness=3, sound=False)
    assert Store(nvm).load_settings() == (expected, None)


def test_defaults_are_valid_and_unchanged_defaults_are_not_written():
    s = Store(fresh())
    assert not s.save_settings(default_settings())
    assert s.stats["writes"] == 0


@pytest.mark.parametrize("bad", [
    {"brightness": 11}, {"brightness": -1}, {"brightness": True}, {"led_brightness": 3.0},
    {"sound": 1}, {"anim_speed": 3}, {"auto_dim_s": 45}, {"sleep_s": 61}, {"volume": 3},
])
def test_bad_settings_are_refused(bad):
    s = Store(fresh())
    with pytest.raises(ValueError):
        s.save_settings(bad)
    assert s.stats["writes"] == 0


def test_settings_out_of_range_in_a_valid_frame_take_defaults():
    nvm = formatted()
    put(nvm, SET_A, frame(0x53, 1, 1, bytes((4, 99, 0, 7, 2, 9))))
    d, note = Store(nvm).load_settings()
    assert note == "Some settings were reset"
    assert d == dict(default_settings(), brightness=4, sound=False, auto_dim_s=60)


def test_settings_wrong_length_take_defaults():
    nvm = formatted()
    put(nvm, SET_A, frame(0x53, 1, 1, bytes((4, 4, 0))))
    assert Store(nvm).load_settings() == (default_settings(), "Some settings were reset")


def test_settings_damaged_copy_falls_back_to_previous():
    nvm = fresh()
    s = Store(nvm)
    s.save_settings({"brightness": 1})  # A
    s.save_settings({"brightness": 2})  # B
    nvm[SET_B + 8] ^= 0x08
    assert Store(nvm).load_settings()[0]["brightness"] == 1
    nvm[SET_A + 8] ^= 0x08
    assert Store(nvm).load_settings() == (default_settings(),
                                          "Settings were damaged; defaults restored")


def test_settings_other_frame_version_note():
    nvm = formatted()
    put(nvm, SET_A, frame(0x53, 2, 1, bytes(8)))
    assert Store(nvm).load_settings() == (default_settings(),
                                          "Settings from another version were reset")


# ----- records -------------------------------------------------------------------


def test_record_game_counts_best_shut_and_tally():
    nvm = fresh()
    s = Store(nvm)
    assert s.record_game(1, 3, [40, 55, 12], [1])  # first score is a new best
    assert not s.record_game(1, 3, [30, 50, 20], [1])
    assert s.record_game(1, 3, [60, None, 70], [2])
    assert s.record_game(2, 2, [0, 9], [0], low_wins=True, shut=1)
    assert not s.record_game(2, 2, [3, 0], [1], low_wins=True, shut=1)
    assert not s.record_game(2, 3, [5, 5, 7], [0, 1], low_wins=True)
    rec, note = Store(nvm).load_records()
    assert note is None
    assert rec.game(1) == (3, 70, 0)
    assert rec.game(2) == (3, 0, 2)
    assert rec.game(3) == (0, None, 0)
    assert rec.tally(3) == (4, [1, 3, 1])
    assert rec.tally(2) == (2, [1, 1])
    assert rec.tally(5) == (0, [0, 0, 0, 0, 0])


def test_device_seats_do_not_set_the_best():
    s = Store(fresh())
    assert not s.record_game(4, 2, [None, None], [0])
    assert s.load_records()[0].game(4) == (1, None, 0)


def test_game_without_scores_counts_played_and_tally():
    s = Store(fresh())
    s.record_game(5, 1, [], [])
    rec = s.load_records()[0]
    assert rec.game(5) == (1, None, 0)
    assert rec.tally(1) == (1, [0])


def test_negative_best_and_extreme_scores():
    s = Store(fresh())
    s.record_game(1, 2, [-12, -30], [0])
    assert s.load_records()[0].game(1)[1] == -12
    s.record_game(1, 2, [99999, 0], [0])
    assert s.load_records()[0].game(1)[1] == 32767


def test_counters_saturate():
    nvm = formatted()
    rec = Records()
    rec.played[1] = 0xFFFF
    rec.tally_games[2] = 0xFFFF
    rec.tally_wins[2] = [0xFFFF, 0]
    put(nvm, REC_A, frame(0x52, 1, 1, rec.encode()))
    s = Store(nvm)
    s.record_game(1, 2, [1, 2], [0])
    got = Store(nvm).load_records()[0]
    assert got.game(1)[0] == 0xFFFF
    assert got.tally(2) == (0xFFFF, [0xFFFF, 0])


def test_reset_tally_and_clear_records():
    nvm = fresh()
    s = Store(nvm)
    s.record_game(1, 2, [5, 6], [1])
    s.record_game(3, 4, [5, 6, 7, 8], [0])
    s.reset_tally(2)
    rec = Store(nvm).load_records()[0]
    assert rec.tally(2) == (0, [0, 0]) and rec.tally(4) == (1, [1, 0, 0, 0])
    assert rec.game(1) == (1, 6, 0)
    s.reset_tally()
    assert Store(nvm).load_records()[0].tally(4) == (0, [0, 0, 0, 0])
    s.clear_records()
    assert Store(nvm).load_records()[0].encode() == Records().encode()


@pytest.mark.parametrize("args", [
    (0, 2, [1, 2], [0]), (9, 2, [1, 2], [0]), (1, 0, [], []), (1, 9, [], []),
    (1, 2, [1], [0]), (1, 2, [1, 2], [2]), (1, 2, [1, 2], [-1]),
])
def test_bad_records_are_refused(args):
    s = Store(fresh())
    with pytest.raises(ValueError):
        s.record_game(*args)
    assert s.stats["writes"] == 0


def test_records_with_wrong_length_are_reset_with_note():
    nvm = formatted()
    put(nvm, REC_A, frame(0x52, 1, 1, bytes(20)))
    rec, note = Store(nvm).load_records()
    assert note == "Records were reset"
    assert rec.encode() == Records().encode()


games = st.tuples(
    st.integers(1, 8), st.integers(1, 8), st.booleans(), st.integers(0, 3),
    st.lists(st.one_of(st.none(), st.integers(-200, 200)), min_size=8, max_size=8),
    st.lists(st.integers(0, 7), max_size=3))


@hsettings(max_examples=30)
@given(st.lists(games, min_size=1, max_size=15))
def test_records_equal_an_independent_recount(played):
    nvm = fresh()
    s = Store(nvm)
    for gid, players, low, shut, scores, winners in played:
        s.record_game(gid, players, scores[:players], [w % players for w in winners],
                      low_wins=low, shut=shut)
    rec = Store(nvm).load_records()[0]
    for gid in range(1, 9):
        mine = [g for g in played if g[0] == gid]
        best = None
        for _g, players, low, _shut, scores, _w in mine:
            for v in scores[:players]:
                if v is not None and (best is None or (v < best if low else v > best)):
                    best = v
        assert rec.game(gid) == (len(mine), best, sum(g[3] for g in mine))
    for players in range(1, 9):
        mine = [g for g in played if g[1] == players]
        wins = [0] * players
        for g in mine:
            for seat in set(w % players for w in g[5]):
                wins[seat] += 1
        assert rec.tally(players) == (len(mine), wins)
