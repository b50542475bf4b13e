"""Boards flashed with the log layout keep what the layout-version-2 store
saved: settings, records and the game in progress (resumed, or refused with
the store's message).  The images come from the version-2 code itself:
tests/data/nvm_v2_*.bin (made by the old app, see tests/data/make_nvm_v2.py)
and tests/store_v2.py (the old store, for random histories)."""
import json
import os

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from dws_core.dws_running import running_totals
from dws_app.app import App
from dws_app.lobby.records_store import SEATS_SIZE, Records, default_settings, load_records, load_settings
from dws_app.levels import split
from dws_app.store import GAME, Store
from sim.hw import build
from tests import store_v2
from tests.nvm_faults import FlashNvm, PowerCut, make_cover, restart, verdict

DATA = os.path.join(os.path.dirname(__file__), "data")
BOARDS = (("pico_dice", False), ("pybadge", True))


def fixture(profile):
    with open(os.path.join(DATA, "nvm_v2_%s.bin" % profile), "rb") as f:
        nvm = f.read()
    with open(os.path.join(DATA, "nvm_v2.json")) as f:
        expected = json.load(f)[profile]
    return nvm, expected


def as_volume(old):
    """The settings the version-2 store read (its setting "sound": on or
    off), as this build reads the same record: on is the volume high (3),
    off is off (0); the device turns at their normal pace."""
    now = dict(old, pace=1)
    now["volume"] = 3 if now.pop("sound") else 0
    return now


@pytest.mark.parametrize("profile, erase_always", BOARDS)
def test_the_old_apps_nvm_is_migrated_with_one_write(profile, erase_always):
    data, expected = fixture(profile)
    assert data[0:5] == b"DWSN\x02"
    nvm = FlashNvm(data, erase_always)
    s = Store(nvm, erase_always)
    assert nvm.erases == 1 and s.stats["writes"] == 1 and s.notes == {}
    assert bytes(nvm[0:5]) == b"DWSN\x03"
    for store in (s, Store(nvm, erase_always)):   # also after the next power-up
        assert store.load_game() == (bytes.fromhex(expected["game"]), None)
        settings = load_settings(store)
        assert (settings[0], settings[1]) == \
            (as_volume(dict(tuple(kv) for kv in expected["settings"])), None)
        # (the records of a build before the players' records: theirs
        # whole, then no player's)
        seats = load_records(store)[0].encode()
        assert seats[:SEATS_SIZE].hex() == expected["records"] and not any(seats[SEATS_SIZE:])
        assert load_records(store)[1] is None
    assert nvm.erases == 1              # read again: nothing written


@pytest.mark.parametrize("profile, erase_always", BOARDS)
def test_the_old_apps_game_continues(profile, erase_always):
    data, expected = fixture(profile)
    hw = build(profile, seed=1)
    hw.nvm.data[:] = data
    app = App(hw)
    app.start()
    assert app.notes == [] and app.settings["brightness"] == 4 and app.settings["volume"] == 0
    assert app.top.menu.items[0] == "Continue Dice Wide Shut"
    hw.keys.tap("A")
    app.poll()
    while app.pending(app.NEXT_PASS) is not None:
        app.poll()                  # (the seats and the screen, under the hand-over)
    saved = split(bytes.fromhex(expected["game"]))[1]
    # the game as saved, and its totals by round, which that build did not
    # keep: not known (no chart at its end)
    state = app.table.game.encode()
    assert state == saved + b"\xff" * len(app.table.game.totals)
    assert running_totals(app.table.game) is None
    assert app.table.seats.levels == expected["levels"]
    games, wins = load_records(app.store)[0].tally(3)
    assert (games, wins) == (1, [1, 0, 0])


def test_an_old_game_this_build_refuses_is_reported():
    data, _expected = fixture("pico_dice")
    s = Store(bytearray(data))
    assert s.load_game(check=lambda p: False) == (None, "Saved game lost (unusable)")


def test_migration_cut_in_its_window_says_what_was_lost():
    data, _expected = fixture("pico_dice")
    before = restart(data)[0]
    states = [before, before]
    for cut_at in list(range(0, 400, 3)) + [1000, 4096]:
        nvm = FlashNvm(data).arm(cut_at)
        with pytest.raises(PowerCut):
            Store(nvm)
        got, notes = restart(bytes(nvm))
        assert verdict(got, notes, bytes(nvm), states, 0, nvm.window) is not None, cut_at


def test_migration_cut_with_the_cover_file_resumes(tmp_path):
    data, _expected = fixture("pico_dice")
    before = restart(data)[0]
    for cut_at in (0, 1, 2, 50, 200, 4000):
        cover = make_cover(tmp_path)
        nvm = FlashNvm(data).arm(cut_at)
        with pytest.raises(PowerCut):
            Store(nvm, cover=cover)
        assert restart(bytes(nvm), cover=cover) == (before, {})


ops = st.lists(st.one_of(
    st.tuples(st.just("save"), st.binary(min_size=1, max_size=300)),
    st.tuples(st.just("clear")),
    st.tuples(st.just("settings"), st.fixed_dictionaries(
        {}, optional={"brightness": st.integers(0, 10), "sound": st.booleans()})),
    st.tuples(st.just("records"), st.integers(0, 0xFFFF))), min_size=1, max_size=12)


@hsettings(max_examples=60)
@given(ops, st.sampled_from((4096, 8192)), st.lists(st.integers(0, 0x9FF * 8), max_size=2))
def test_random_old_histories_migrate(history, size, flips):
    nvm = bytearray(b"\xff" * size)
    old = store_v2.Store(nvm)
    rec = Records()
    for op in history:
        if op[0] == "save":
            old.save_game(op[1])
        elif op[0] == "clear":
            old.clear_game()
        elif op[0] == "settings":
            old.save_settings(op[1])
        else:
            rec.set_game(1, op[1], None, 0)
            rec.set_tally(2, op[1], [0, 0])
            old.save_records(rec.encode())
    for bit in flips:                 # damage here and there
        nvm[bit // 8] ^= 1 << (bit % 8)
    reader = store_v2.Store(bytearray(nvm))
    game, _note = reader.load_game()
    settings, settings_note = reader.load_settings()
    # A version-2 settings record reads with its volume (as_volume); none
    # (or a damaged one) is this build's defaults.
    kept = reader._pair(reader._settings).payload() is not None
    settings = as_volume(settings) if kept else default_settings()
    records = reader._pair(reader._records).payload()
    header_ok = bytes(nvm[0:5]) == b"DWSN\x02"
    s = Store(nvm, size == 8192)
    if bytes(nvm[0:14]) == b"\xff" * 14:   # never written
        assert s.notes == {} and s.load_game()[0] is None
        return
    if not header_ok:                 # a damaged header: nothing is read, all noted
        assert sorted(s.notes) == sorted((GAME, 0x80, 0x90))
        return
    assert s.load_game()[0] == game
    assert load_settings(s)[0] == settings
    assert load_records(s)[0].encode() == (records or Records().encode())
    assert (settings_note == "Settings were damaged; defaults restored") == (0x80 in s.notes)
    if game is not None or settings_note is None or records is not None:
        assert bytes(nvm[0:5]) == b"DWSN\x03" or (game is None and records is None and
                                                   settings == default_settings())
    again = Store(nvm, size == 8192)   # the next power-up reads the same
    assert again.load_game()[0] == game and load_settings(again)[0] == settings
