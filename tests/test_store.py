"""The nvm store: layout, record format, deltas, round trips, compaction,
settings, records, damage and notes (power cuts: test_store_powercut.py)."""
import os
import random

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from dws_app.lobby import records_store

from dws_app import store as store_mod
from dws_app.lobby.records_store import (AUTO_DIM_CHOICES, SLEEP_CHOICES, Records, _patch,
                                   clear_records, default_settings, load_records, load_settings,
                                   record_game, reset_tally, save_settings)
from dws_app.store import COVER_AT, COVER_SIZE, GAME_CAPACITY, HEAD, IMAGE, Store, delta
from dws_core.codec import crc32
from tests.nvm_faults import DWS, FlashNvm, board_nvm, make_cover


def fresh(size=4096, fill=0xFF):
    return bytearray(bytes((fill,)) * size)


def payload(n, seed):
    r = random.Random(seed)
    return bytes(r.getrandbits(8) for _ in range(n))


def u(data):
    return int.from_bytes(bytes(data), "big")


# Records built independently of the store's code (the module docstring's format).
def record(kind, body, gen):
    n = len(body)
    head = bytes((kind | n >> 8, n & 0xFF)) if kind >= 0x80 else bytes((n,))
    return head + body + crc32(head + body, gen).to_bytes(4, "big")


def header(items, gen, limit):
    head = b"DWSN" + bytes((3, items)) + gen.to_bytes(2, "big") + limit.to_bytes(2, "big")
    return head + crc32(head).to_bytes(4, "big")


def image(gen=1, settings=None, game=None, records=None, limit=IMAGE, log=b""):
    """An nvm holding an image (and log records) made without the store."""
    body = b""
    items = 0
    for kind, bit, value in ((0x80, 1, settings), (0xA0, 2, game), (0x90, 4, records)):
        if value:
            body += record(kind, value, gen)
            items |= bit
    data = header(items, gen, limit) + body + log
    nvm = fresh()
    nvm[0:len(data)] = data
    return nvm


def game_at(nvm, at):
    """The body of the game record at ``at`` (a full one)."""
    n = ((nvm[at] & 0x0F) << 8) | nvm[at + 1]
    return bytes(nvm[at + 2:at + 2 + n])


# ----- layout and record format -------------------------------------------------


def test_largest_image_fits_with_room_for_the_log():
    from dws_app.lobby.players_store import NAME_LEN, SLOTS
    players = SLOTS * (1 + NAME_LEN) + 2 + SLOTS        # every name, a line-up of 8
    largest = HEAD + (2 + 6 + 4) + (2 + GAME_CAPACITY + 4) + (2 + records_store.RECORDS_SIZE + 4) \
        + (2 + players + 4)
    assert largest <= IMAGE - 150          # (a real game's save is ~140-220: the log ~400)
    assert IMAGE <= 1024  # the biggest buffer the store allocates


def test_the_largest_game_state_and_its_seats_fit_the_game_record():
    """Dice Wide Shut of five, every die picked and its totals by round
    (45 bytes), with a seat byte each and their header (``levels``)."""
    from dws_core.dws import DiceWideShut
    state = DiceWideShut(5, seed=1).encode()
    assert len(state) == 174                # (+2 bytes a die picked, two at most)
    assert len(state) + 2 * 2 + 7 <= GAME_CAPACITY


def test_first_save_formats_an_image_then_appends():
    nvm = FlashNvm(fresh())
    s = Store(nvm)
    assert s.save_game(b"state-1")
    assert bytes(nvm[0:HEAD]) == header(2, 1, IMAGE)
    assert bytes(nvm[HEAD:HEAD + 13]) == record(0xA0, b"state-1", 1)
    assert bytes(nvm[HEAD + 13:IMAGE]) == b"\xff" * (IMAGE - HEAD - 13)
    assert s.stats["writes"] == 1 and nvm.erases == 0   # fresh flash: programmed only
    assert s.save_game(b"state-2")
    delta_rec = record(len(delta(b"state-1", b"state-2")), delta(b"state-1", b"state-2"), 1)
    assert bytes(nvm[HEAD + 13:HEAD + 13 + len(delta_rec)]) == delta_rec
    assert s.stats["writes"] == 2 and s.stats["bytes"] == IMAGE + len(delta_rec)
    assert nvm.erases == 0
    assert Store(nvm).load_game() == (b"state-2", None)


def test_image_order_settings_game_records():
    s = Store(fresh())
    save_settings(s, {"brightness": 3})
    record_game(s, 1, 2, [5, 6], [1])
    s.save_game(b"the game")
    s._compact(None, None)          # a compaction with nothing new
    nvm = s.nvm
    rec = Records()
    rec.set_game(1, 1, 6, 0)
    rec.set_tally(2, 1, [0, 1])
    settings = bytes((3, 5, 3, 1, 2, 3))    # (the volume medium: code 3, VOLUME_CODES)
    packed = delta(bytes(records_store.RECORDS_SIZE), rec.encode())
    assert len(packed) == 22        # records are mostly zeros: kept as a delta from them
    assert nvm == image(2, settings, b"the game", packed)
    assert s.end == HEAD + 12 + 14 + 2 + 22 + 4 and s.limit == IMAGE


def test_records_of_another_generation_do_not_count():
    log = record(len(delta(b"aaaa", b"abaa")), delta(b"aaaa", b"abaa"), 6)
    nvm = image(7, game=b"aaaa", log=log)
    assert Store(nvm).load_game() == (b"aaaa", "Last save damaged; using an earlier one")
    nvm = image(7, game=b"aaaa", log=record(1, delta(b"aaaa", b"abaa"), 7))
    assert Store(nvm).load_game() == (b"abaa", None)


def test_log_stops_at_its_limit():
    log = record(len(delta(b"aaaa", b"abaa")), delta(b"aaaa", b"abaa"), 1)
    end = HEAD + 10 + len(log)
    assert Store(image(1, game=b"aaaa", log=log, limit=end)).load_game()[0] == b"abaa"
    assert Store(image(1, game=b"aaaa", log=log, limit=end - 1)).load_game()[0] == b"aaaa"


def test_too_small_nvm_is_refused():
    with pytest.raises(ValueError):
        Store(bytearray(256))


def test_nothing_beyond_the_image_is_ever_written():
    for board, size in (("pico", 4096), ("pybadge", 8192)):
        nvm = board_nvm(board)
        nvm[IMAGE:] = b"\x5a" * (size - IMAGE)
        s = Store(nvm, nvm.erase_always)
        for i in range(40):
            s.save_game(payload(300, i))
        save_settings(s, {"volume": 0})
        record_game(s, 1, 5, [1, 2, 3, 4, 5], [4])
        assert bytes(nvm[IMAGE:]) == b"\x5a" * (size - IMAGE)
        assert Store(nvm, nvm.erase_always).load_game() == (payload(300, 39), None)


# ----- deltas -------------------------------------------------------------------


@hsettings(max_examples=200)
@given(st.binary(min_size=1, max_size=GAME_CAPACITY), st.data())
def test_delta_turns_the_old_save_into_the_new(old, data):
    new = bytearray(old)
    for _ in range(data.draw(st.integers(0, 12))):
        new[data.draw(st.integers(0, len(old) - 1))] = data.draw(st.integers(0, 255))
    d = delta(old, bytes(new))
    if d is None:
        return
    assert len(d) <= store_mod.MAX_DELTA
    cur = bytearray(old)
    assert _patch(cur, d) and cur == new


def test_delta_runs_far_apart_and_long():
    old = bytes(GAME_CAPACITY)
    new = bytearray(old)
    new[GAME_CAPACITY - 1] = 1
    new[300:310] = b"\x01" * 10
    new[0] = 7
    d = delta(old, bytes(new))
    cur = bytearray(old)
    assert _patch(cur, d) and cur == new
    assert delta(old, bytes((1,)) * GAME_CAPACITY) is None


def test_malformed_delta_is_refused():
    for body in (b"\xff\x01", b"\xff\x05\x09abc", b"\x03", b"\xfc\x01"):
        assert not _patch(bytearray(4), body)


def test_a_dws_turn_costs_about_twenty_bytes():
    sizes = [len(delta(a, b)) + 5 for a, b in zip(DWS, DWS[1:])]
    assert sum(sizes) / len(sizes) < 20


# ----- the game -----------------------------------------------------------------


def test_blank_nvm_has_no_game_and_no_notes():
    for fill in (0x00, 0xFF):
        s = Store(fresh(fill=fill))
        assert s.load_game() == (None, None)
        assert load_settings(s) == (default_settings(), None)
        rec, note = load_records(s)
        assert note is None and rec.encode() == Records().encode()
        assert not s.has_game()


def test_round_trip_survives_restart():
    nvm = fresh()
    data = payload(GAME_CAPACITY, 1)
    Store(nvm).save_game(data)
    s = Store(nvm)
    assert s.has_game()
    assert s.load_game() == (data, None)


def test_unchanged_payload_is_not_rewritten():
    s = Store(fresh())
    assert s.save_game(b"abc")
    before = dict(s.stats)
    assert not s.save_game(b"abc")
    assert not s.save_game(bytearray(b"abc"))
    assert s.stats == before
    s2 = Store(s.nvm)               # also after a restart
    assert not s2.save_game(b"abc")
    assert s2.stats["writes"] == 0
    assert s2.save_game(b"abd")


def test_payload_limits():
    s = Store(fresh())
    with pytest.raises(ValueError):
        s.save_game(b"")
    with pytest.raises(ValueError):
        s.save_game(bytes(GAME_CAPACITY + 1))
    assert s.save_game(bytes(GAME_CAPACITY))
    assert Store(s.nvm).load_game()[0] == bytes(GAME_CAPACITY)


def test_clear_game_is_one_write_and_removes_continue():
    s = Store(fresh())
    s.save_game(b"one")
    s.save_game(b"two")
    writes = s.stats["writes"]
    assert s.clear_game()
    assert s.stats["writes"] == writes + 1
    assert not s.clear_game()
    assert Store(s.nvm).load_game() == (None, None)
    assert not Store(s.nvm).has_game()
    s.save_game(b"three")
    assert Store(s.nvm).load_game() == (b"three", None)


def test_clear_on_blank_store_writes_nothing():
    s = Store(fresh())
    assert not s.clear_game()
    assert s.stats["writes"] == 0


@pytest.mark.parametrize("board", ("pico", "pybadge"))
@hsettings(max_examples=30)
@given(saves=st.lists(st.one_of(st.binary(min_size=1, max_size=GAME_CAPACITY),
                                st.binary(min_size=20, max_size=20), st.just(b"")),
                      min_size=1, max_size=30))
def test_any_sequence_of_saves_gives_back_the_last(board, saves):
    nvm = board_nvm(board)
    s = Store(nvm, nvm.erase_always)
    writes = 0
    last = None
    for data in saves:
        wrote = s.save_game(data) if data else s.clear_game()
        assert wrote == ((data or None) != last)
        writes += wrote
        last = data or None
        assert Store(nvm, nvm.erase_always).load_game() == (last, None)
    assert s.stats["writes"] == writes
    if board == "pybadge":
        assert nvm.erases == writes and s.stats["compactions"] == writes


def test_a_full_log_compacts_with_one_erase_and_keeps_everything():
    nvm = FlashNvm(fresh())
    s = Store(nvm)
    save_settings(s, {"anim_speed": 2})
    record_game(s, 3, 4, [1, 2, 3, 4], [2])
    saves = [payload(137, 0)]
    for i in range(1, 150):
        nxt = bytearray(saves[-1])
        nxt[i % 137] ^= 0x11
        nxt[(i * 7) % 137] ^= 0x22
        saves.append(bytes(nxt))
    for i, data in enumerate(saves):
        erases = nvm.erases
        s.save_game(data)
        assert nvm.erases - erases <= 1
        assert s.end <= IMAGE
    assert s.stats["compactions"] >= 2
    assert nvm.erases == s.stats["compactions"] - 1   # the first one formatted fresh flash
    s2 = Store(nvm)
    assert s2.load_game() == (saves[-1], None)
    assert load_settings(s2)[0]["anim_speed"] == 2
    assert load_records(s2)[0].tally(4) == (1, [0, 0, 1, 0])
    assert s2.notes == {}


def test_erase_always_writes_only_the_image_every_time():
    nvm = board_nvm("pybadge")
    s = Store(nvm, True)
    save_settings(s, {"brightness": 1})
    s.save_game(b"x" * 100)
    s.save_game(b"y" * 100)
    assert nvm.erases == 3 and s.stats["compactions"] == 3
    assert s.limit == s.end == HEAD + 12 + 106
    assert s.stats["bytes"] == (HEAD + 12) + 2 * (HEAD + 12 + 106)
    assert Store(nvm, True).load_game() == (b"y" * 100, None)


# ----- damage, tampering and other versions --------------------------------------


def two_saves():
    nvm = fresh()
    s = Store(nvm)
    s.save_game(b"first save")      # the image
    s.save_game(b"second save")     # a full record in the log (another length)
    return nvm, HEAD + 16


def test_damaged_newest_falls_back_to_older_with_note():
    nvm, at = two_saves()
    nvm[at + 5] ^= 0x01
    assert Store(nvm).load_game() == (b"first save", "Last save damaged; using an earlier one")


def test_damaged_image_game_is_lost_with_a_note():
    nvm, _at = two_saves()
    nvm[HEAD + 4] ^= 0x40           # a whole newer save follows: nothing lost
    assert Store(nvm).load_game() == (b"second save", None)
    s = Store(fresh())
    s.save_game(b"first save")
    s.save_game(b"first safe")      # a delta of the damaged one: unusable
    s.nvm[HEAD + 4] ^= 0x40
    assert Store(s.nvm).load_game() == (None, "Saved game lost (damaged)")


def test_damage_in_the_middle_of_the_log_loses_only_that_record():
    s = Store(fresh())
    s.save_game(b"game one")
    save_settings(s, {"brightness": 1})
    at = s.end
    record_game(s, 1, 2, [3, 4], [0])
    save_settings(s, {"brightness": 2})
    s.save_game(b"game two")
    s.nvm[at + 5] ^= 0x10           # the records record
    s2 = Store(s.nvm)
    assert s2.load_game() == (b"game two", None)
    assert load_settings(s2) == (dict(default_settings(), brightness=2), None)
    assert load_records(s2)[1] == "Last game's result not recorded"
    assert load_records(s2)[0].game(1) == (0, None, 0)
    s2.save_game(b"game six")       # damage seen: the next save compacts and cleans up
    assert s2.stats["compactions"] == 1 and Store(s.nvm).notes == {}


def test_every_single_bit_flip_in_the_last_record_is_caught():
    nvm = fresh()
    s = Store(nvm)
    s.save_game(b"first save")
    at = s.end
    s.save_game(b"first safe")      # a delta
    length = s.end - at
    for bit in range(length * 8):
        bad = bytearray(nvm)
        bad[at + bit // 8] ^= 1 << (bit % 8)
        game, note = Store(bad).load_game()
        if bit < 8 and (bad[at] == 0 or bad[at] >= 0x80):   # another kind, or none
            assert (game, note) == (b"first save", None), bit
            continue
        assert game == b"first save", bit
        assert note == "Last save damaged; using an earlier one", bit


def test_next_save_after_damage_compacts_and_cleans_up():
    nvm, at = two_saves()
    nvm[at + 5] ^= 0x01
    s = Store(nvm)
    s.load_game()
    s.save_game(b"third save")
    assert s.stats["compactions"] == 1
    assert Store(nvm).load_game() == (b"third save", None)
    assert Store(nvm).notes == {}


def test_random_bytes_everywhere():
    r = random.Random(7)
    for trial in range(20):
        nvm = bytearray(r.getrandbits(8) for _ in range(4096))
        s = Store(nvm)
        assert s.load_game() == (None, "Saved game lost (damaged)")
        assert load_settings(s) == (default_settings(), "Settings were damaged; defaults restored")
        rec, note = load_records(s)
        assert rec.encode() == Records().encode()
        assert note == "Records were damaged; starting afresh"
        # the store recovers: saves work and the notes go
        assert s.save_game(b"after noise %d" % trial)
        save_settings(s, {"brightness": 2})
        s2 = Store(nvm)
        assert s2.load_game() == (b"after noise %d" % trial, None)
        assert load_settings(s2)[0]["brightness"] == 2
        assert load_settings(s2)[1] is None


def test_damaged_header_says_what_was_lost():
    nvm, _at = two_saves()
    save_settings(Store(nvm), {"anim_speed": 2})
    nvm[7] ^= 0x04                  # the generation
    s = Store(nvm)
    assert s.load_game() == (None, "Saved game lost (damaged)")
    assert load_settings(s) == (default_settings(), "Settings were damaged; defaults restored")
    s.save_game(b"third save")
    assert bytes(nvm[0:5]) == b"DWSN\x03"
    assert Store(nvm).load_game() == (b"third save", None)


def test_other_layout_version_is_cleared_with_note():
    nvm, _at = two_saves()
    nvm[4] = store_mod.LAYOUT_VERSION + 1
    s = Store(nvm)
    assert s.load_game() == (None, "Saves from another version were cleared")
    assert load_settings(s) == (default_settings(), "Settings from another version were reset")
    assert load_records(s)[1] == "Records from another version were reset"
    save_settings(s, {"volume": 0})
    assert nvm[4] == store_mod.LAYOUT_VERSION
    s2 = Store(nvm)
    assert s2.load_game() == (None, None)  # the old saves are gone
    assert load_settings(s2) == (dict(default_settings(), volume=0), None)


def test_unknown_kind_ends_the_log():
    nvm = image(1, game=b"ours", log=record(0xB0, b"future", 1))
    assert Store(nvm).load_game() == (b"ours", None)


def test_check_refuses_newest_and_falls_back():
    nvm, _at = two_saves()
    s = Store(nvm)
    game, note = s.load_game(check=lambda p: p != b"second save")
    assert game == b"first save"
    assert note == "Last save unusable; using the one before"
    s.save_game(b"third save")      # the next save is the newest
    assert Store(nvm).load_game() == (b"third save", None)


def test_check_refusing_both_loses_the_game():
    nvm, _at = two_saves()
    assert Store(nvm).load_game(check=lambda p: False) == (None, "Saved game lost (unusable)")


def test_cleared_store_with_a_damaged_newer_save_reports_it():
    s = Store(fresh())
    s.save_game(b"old game")
    s.clear_game()
    at = s.end
    s.save_game(b"new game")
    s.nvm[at + 4] ^= 0x02
    assert Store(s.nvm).load_game() == (None, "Saved game lost (damaged)")


# ----- settings ------------------------------------------------------------------


def test_settings_round_trip_every_choice():
    nvm = fresh()
    s = Store(nvm)
    choices = []
    for i in range(11):
        choices.append({"brightness": i, "led_brightness": 10 - i, "volume": i % 4,
                        "anim_speed": i % 3, "auto_dim_s": AUTO_DIM_CHOICES[i % 5],
                        "sleep_s": SLEEP_CHOICES[(i + 2) % 5], "pace": i % 4})
    for d in choices:
        assert save_settings(s, d)
        assert load_settings(Store(nvm)) == (d, None)
    assert not save_settings(s, choices[-1])


def test_save_settings_merges_over_current():
    nvm = fresh()
    s = Store(nvm)
    save_settings(s, {"brightness": 3})
    save_settings(s, {"volume": 0})
    expected = dict(default_settings(), brightness=3, volume=0)
    assert load_settings(Store(nvm)) == (expected, None)


def test_defaults_are_valid_and_unchanged_defaults_are_not_written():
    s = Store(fresh())
    assert not save_settings(s, default_settings())
    assert s.stats["writes"] == 0


@pytest.mark.parametrize("bad", [
    {"brightness": 11}, {"brightness": -1}, {"brightness": True}, {"led_brightness": 3.0},
    {"sound": 1}, {"anim_speed": 3}, {"auto_dim_s": 45}, {"sleep_s": 61}, {"volume": 4},
    {"volume": -1}, {"volume": True}, {"volume": 1.0}, {"sound": True},
])
def test_bad_settings_are_refused(bad):
    s = Store(fresh())
    with pytest.raises(ValueError):
        save_settings(s, bad)
    assert s.stats["writes"] == 0


def test_settings_out_of_range_in_a_valid_record_take_defaults():
    nvm = image(1, settings=bytes((4, 99, 0, 7, 2, 9)))
    d, note = load_settings(Store(nvm))
    assert note == "Some settings were reset"
    assert d == dict(default_settings(), brightness=4, volume=0, auto_dim_s=60)


def test_settings_wrong_length_take_defaults():
    nvm = image(1, settings=bytes((4, 4, 0)))
    assert load_settings(Store(nvm)) == (default_settings(), "Some settings were reset")


def test_damaged_settings_change_keeps_the_previous_settings():
    nvm = fresh()
    s = Store(nvm)
    save_settings(s, {"brightness": 1})   # the image
    at = s.end
    save_settings(s, {"brightness": 2})   # the log
    nvm[at + 3] ^= 0x08
    assert load_settings(Store(nvm)) == (dict(default_settings(), brightness=1),
                                          "Last settings change lost")
    nvm[HEAD + 3] ^= 0x08
    assert load_settings(Store(nvm)) == (default_settings(),
                                          "Settings were damaged; defaults restored")


# ----- records -------------------------------------------------------------------


def test_record_game_counts_best_shut_and_tally():
    nvm = fresh()
    s = Store(nvm)
    assert record_game(s, 1, 3, [40, 55, 12], [1])  # first score is a new best
    assert not record_game(s, 1, 3, [30, 50, 20], [1])
    assert record_game(s, 1, 3, [60, None, 70], [2])
    assert record_game(s, 2, 2, [0, 9], [0], low_wins=True, shut=1)
    assert not record_game(s, 2, 2, [3, 0], [1], low_wins=True, shut=1)
    assert not record_game(s, 2, 3, [5, 5, 7], [0, 1], low_wins=True)
    rec, note = load_records(Store(nvm))
    assert note is None
    assert rec.game(1) == (3, 70, 0)
    assert rec.game(2) == (3, 0, 2)
    assert rec.game(3) == (0, None, 0)
    assert rec.tally(3) == (4, [1, 3, 1])
    assert rec.tally(2) == (2, [1, 1])
    assert rec.tally(5) == (0, [0, 0, 0, 0, 0])


def test_device_seats_do_not_set_the_best():
    s = Store(fresh())
    assert not record_game(s, 4, 2, [None, None], [0])
    assert load_records(s)[0].game(4) == (1, None, 0)


def test_game_without_scores_counts_played_and_tally():
    s = Store(fresh())
    record_game(s, 5, 1, [], [])
    rec = load_records(s)[0]
    assert rec.game(5) == (1, None, 0)
    assert rec.tally(1) == (1, [0])


def test_negative_best_and_extreme_scores():
    s = Store(fresh())
    record_game(s, 1, 2, [-12, -30], [0])
    assert load_records(s)[0].game(1)[1] == -12
    record_game(s, 1, 2, [99999, 0], [0])
    assert load_records(s)[0].game(1)[1] == 32767


def test_counters_saturate():
    rec = Records()
    rec.set_game(1, 0xFFFF, None, 0)
    rec.set_tally(2, 0xFFFF, [0xFFFF, 0])
    nvm = image(1, records=rec.encode())
    s = Store(nvm)
    record_game(s, 1, 2, [1, 2], [0])
    got = load_records(Store(nvm))[0]
    assert got.game(1)[0] == 0xFFFF
    assert got.tally(2) == (0xFFFF, [0xFFFF, 0])


def test_reset_tally_and_clear_records():
    nvm = fresh()
    s = Store(nvm)
    record_game(s, 1, 2, [5, 6], [1])
    record_game(s, 3, 4, [5, 6, 7, 8], [0])
    reset_tally(s, 2)
    rec = load_records(Store(nvm))[0]
    assert rec.tally(2) == (0, [0, 0]) and rec.tally(4) == (1, [1, 0, 0, 0])
    assert rec.game(1) == (1, 6, 0)
    reset_tally(s)
    assert load_records(Store(nvm))[0].tally(4) == (0, [0, 0, 0, 0])
    writes = s.stats["writes"]
    assert not reset_tally(s)      # the same bytes: nothing written
    assert s.stats["writes"] == writes
    clear_records(s)
    assert load_records(Store(nvm))[0].encode() == Records().encode()


@pytest.mark.parametrize("args", [
    (0, 2, [1, 2], [0]), (9, 2, [1, 2], [0]), (1, 0, [], []), (1, 9, [], []),
    (1, 2, [1], [0]), (1, 2, [1, 2], [2]), (1, 2, [1, 2], [-1]),
])
def test_bad_records_are_refused(args):
    s = Store(fresh())
    with pytest.raises(ValueError):
        record_game(s, *args)
    assert s.stats["writes"] == 0


def test_records_with_wrong_length_are_reset_with_note():
    for body in (bytes(records_store.RECORDS_SIZE + 2), b"\xfd", bytes((0xFF, 255, 1, 1, 0xFF, 255, 1, 1))):
        rec, note = load_records(Store(image(1, records=body)))
        assert note == "Records were reset"
        assert rec.encode() == Records().encode()


def test_records_in_full_or_as_a_delta_from_zeros():
    rec = Records()
    rec.set_game(3, 4, None, 0)
    rec.set_tally(8, 0, list(range(1000, 1008)))
    for body in (rec.encode(), delta(bytes(records_store.RECORDS_SIZE), rec.encode())):
        got, note = load_records(Store(image(1, records=body)))
        assert got.encode() == rec.encode() and note is None
    s = Store(fresh())
    clear_records(s)
    assert s.at[0x90][1] == 16      # "no best score" is 0x8000: 8 runs
    assert load_records(Store(s.nvm))[0].encode() == Records().encode()


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
        record_game(s, gid, players, scores[:players], [w % players for w in winners],
                      low_wins=low, shut=shut)
    rec = load_records(Store(nvm))[0]
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


def _compacting_saves(s, n=150):
    data = payload(137, 1)
    for i in range(n):
        data = bytearray(data)
        data[i % 137] ^= 0x5A
        data = bytes(data)
        s.save_game(data)
    return data


@pytest.mark.parametrize("granted", [True, False])
def test_the_cover_is_written_only_where_the_drive_is_claimed(tmp_path, monkeypatch, granted):
    """Before an erasing write the store asks ``claim()`` for the drive: a
    refused drive (a computer holds it) gets no write of the cover, and the
    save still happens; a granted one holds the last image.  The first
    image, on erased bytes, erases nothing and touches no drive.  The
    cover is only ever opened in place ("r+b")."""
    cover = make_cover(tmp_path)
    asked = []
    modes = []
    real_open = open

    def spying_open(path, mode="r", *a, **k):
        if str(path) == cover:
            modes.append(mode)
        return real_open(path, mode, *a, **k)

    monkeypatch.setattr("builtins.open", spying_open)

    def claim():
        asked.append(1)
        return granted

    nvm = FlashNvm(fresh())
    s = Store(nvm, cover=cover, claim=claim)
    s.save_game(payload(137, 1))
    assert s.stats["compactions"] == 1 and nvm.erases == 0 and asked == []
    last = _compacting_saves(s, 400)
    assert nvm.erases >= 2 and s.stats["compactions"] == nvm.erases + 1
    assert len(asked) == nvm.erases
    assert modes.count("r+b") == (nvm.erases if granted else 0)
    assert set(modes) <= {"r+b", "rb"}
    assert os.path.getsize(cover) == COVER_SIZE
    with real_open(cover, "rb") as f:
        f.seek(COVER_AT)
        image = f.read(IMAGE)
    assert (image[:HEAD] == bytes(nvm[:HEAD])) == granted
    assert Store(nvm).load_game() == (last, None)


def test_fingerprint_names_the_game_and_records_held():
    s = Store(fresh())
    assert s.fingerprint() == (0, 0, 0)
    s.save_game(b"game one")
    assert s.fingerprint() == (crc32(b"game one"), 0, 0)
    record_game(s, 3, 2, [5, 7], [1])
    game, records, players = s.fingerprint()
    assert game == crc32(b"game one") and records != 0 and players == 0
    from dws_app.lobby.players_store import save_players
    save_players(s, ["ANNA"] + [None] * 7)
    players = s.fingerprint()[2]
    assert players != 0
    assert Store(s.nvm).fingerprint() == (game, records, players)   # the same after a restart
    s.clear_game()
    assert s.fingerprint() == (0, records, players)


def test_claim_drive_off_the_board_says_no():
    from dws_hw import claim_drive
    assert claim_drive() is False         # no CircuitPython storage module here
