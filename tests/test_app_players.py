"""Players kept on the device (issue 51, the list): up to eight names of
1-8 letters and digits, entered with the buttons alone, renamed and
removed from Settings; kept in the store's players' list, which survives
a power-up, a power cut at any byte of its write, and a build that never
wrote one."""

import random

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from dws_app.lobby.players import NameScreen, PlayersScreen
from dws_app.lobby.players_store import (LETTERS, NAME_LEN, SLOTS, check_name, decode, encode,
                                         load_players, save_players)
from dws_app.lobby.records_store import load_records, load_settings
from dws_app.lobby.settings import CHOICES, SettingsScreen
from dws_app.store import Store
from dws_app.store_format import PLAYERS
from sim.play import letter_presses, type_name
from sim.script import Session
from tests.nvm_faults import cut_images

PROFILES = ("pybadge", "pico_dice")
names_st = st.text(alphabet=LETTERS, min_size=1, max_size=NAME_LEN)


def blank_store():
    return Store(bytearray(b"\xff" * 4096))


def open_players(s):
    menu = s.screen.menu
    s.press(*["DOWN"] * menu.items.index("Settings"), "A")
    assert isinstance(s.screen, SettingsScreen)
    s.press(*["DOWN"] * len(CHOICES))
    assert s.screen.menu.items[-1].startswith("Players (")
    s.press("A")
    assert isinstance(s.screen, PlayersScreen)
    return s.screen


def to_new_player(s):
    menu = s.screen.menu
    while menu.items[menu.index] != "New player":
        s.press("DOWN")
    s.press("A")


# ----- the store's list -----------------------------------------------------

def test_a_new_device_has_no_players_and_a_list_round_trips():
    store = blank_store()
    assert load_players(store) == ([None] * SLOTS, None)
    names = ["ANNA", None, "BO", None, None, None, None, "Z9"]
    assert save_players(store, names)
    assert load_players(store) == (names, None)
    assert not save_players(store, names)          # the same bytes: nothing written
    again = Store(store.nvm)                       # a power-up
    assert load_players(again) == (names, None)


@pytest.mark.parametrize("name, why", (("", "A name has 1-8 letters"),
                                       ("ABCDEFGHI", "A name has 1-8 letters"),
                                       ("anna", "Only A-Z and 0-9"), ("AN A", "Only A-Z and 0-9")))
def test_a_bad_name_is_refused_and_changes_nothing(name, why):
    store = blank_store()
    save_players(store, ["ANNA"] + [None] * 7)
    before = bytes(store.nvm)
    assert check_name(name) == why
    with pytest.raises(ValueError):
        save_players(store, [name] + [None] * 7)
    with pytest.raises(ValueError):
        save_players(store, ["ANNA", "ANNA"] + [None] * 6)    # one name, one player
    assert bytes(store.nvm) == before


@given(st.lists(st.one_of(st.none(), names_st), min_size=SLOTS, max_size=SLOTS))
def test_any_list_round_trips_through_its_bytes(names):
    seen = set()
    names = [n if n is None or (n not in seen and not seen.add(n)) else None for n in names]
    assert decode(encode(names)) == names
    assert len(encode(names)) <= SLOTS * (1 + NAME_LEN)


@hsettings(max_examples=300)
@given(st.binary(max_size=80))
def test_bytes_that_are_not_a_list_read_as_none(data):
    names = decode(data)
    assert names is None or encode(names) == data


def test_the_list_lives_beside_the_settings_records_and_game_through_compactions():
    store = blank_store()
    save_players(store, ["ANNA", "BO"] + [None] * 6)
    rnd = random.Random(3)
    for k in range(120):                   # enough saves for several compactions
        store.save_game(bytes(rnd.randrange(256) for _ in range(rnd.randrange(20, 200))))
    assert store.stats["compactions"] >= 2
    again = Store(store.nvm)
    assert load_players(again)[0][:2] == ["ANNA", "BO"]
    assert load_settings(again)[1] is None and load_records(again)[1] is None


def test_a_power_cut_in_a_names_write_keeps_the_list_before_or_after():
    """A cut after any byte of the append (the bytes written so far, the
    rest still erased) powers up on the old list or the new one."""
    store = blank_store()
    old = ["ANNA"] + [None] * 7
    save_players(store, old)
    before = bytearray(store.nvm)
    new = ["ANNA", "BORIS"] + [None] * 6
    save_players(store, new)
    for nvm in cut_images(before, bytes(store.nvm)):
        names, _note = load_players(Store(nvm))
        assert names in (old, new)


def test_a_log_from_before_the_players_list_reads_as_no_players():
    """An nvm that a build before the list wrote (settings, records, a game)
    powers up with its data and no players; the first name is appended."""
    store = blank_store()
    from dws_app.lobby.records_store import save_settings
    save_settings(store, {"volume": 3})
    store.save_game(b"\x01" * 40)
    image = Store(store.nvm)
    assert load_players(image) == ([None] * SLOTS, None)
    assert save_players(image, ["ANNA"] + [None] * 7)
    again = Store(store.nvm)
    assert load_players(again)[0][0] == "ANNA"
    assert load_settings(again)[0]["volume"] == 3 and again.load_game()[0] == b"\x01" * 40


def test_a_damaged_list_reads_as_empty_with_a_note():
    store = blank_store()
    save_players(store, ["ANNA"] + [None] * 7)
    start, n = store.at[PLAYERS]
    store.nvm[start + 1] = ord("a")             # not a letter the list holds (its CRC too)
    names, note = load_players(Store(store.nvm))
    assert names == [None] * SLOTS and note


# ----- the screens ---------------------------------------------------------

@pytest.mark.parametrize("profile", PROFILES)
def test_a_four_letter_name_takes_at_most_40_presses(profile):
    s = Session(profile, seed=2)
    open_players(s)
    assert s.screen.menu.items == ["New player"]
    s.press("A")
    for name in ("ANNA", "ZZZZ", "0909", "SVEN", "MAX7", "QXJW"):
        assert type_name(s, name) <= 40               # (START, which keeps it, counted)
        assert isinstance(s.screen, PlayersScreen)
        assert name in s.screen.names
        to_new_player(s)
    # Within the grid no letter is more than 3 moves away on either axis.
    assert max(len(letter_presses(a, c)) for a in range(len(LETTERS)) for c in LETTERS) <= 6


@pytest.mark.parametrize("profile", PROFILES)
def test_players_are_added_renamed_and_removed_by_two_presses(profile):
    s = Session(profile, seed=2)
    screen = open_players(s)
    s.press("A")
    assert s.screen.line.shown().startswith("Name: ________")
    type_name(s, "ANNA")
    to_new_player(s)
    type_name(s, "BO")
    assert screen.menu.items == ["ANNA", "BO", "New player"]
    assert load_players(s.app.store)[0][:2] == ["ANNA", "BO"]
    # The cursor rests on the name just entered.  Rename BO to BEA.
    assert screen.menu.index == 1
    s.press("A")
    assert s.screen.line.shown() == "Name: BO______"
    s.press("B")                                        # the O goes
    type_name(s, "EA")
    assert screen.menu.items[1] == "BEA"
    # A name another player has is refused on the entry's own line.
    s.press("A", "B", "B", "B")
    assert s.screen.line.shown() == "Name: ________"
    type_name(s, "ANNA")
    assert isinstance(s.screen, NameScreen) and s.screen.line.shown() == "ANNA is taken"
    s.press("B", "B", "B", "B", "B")                  # letters back, then out: nothing kept
    assert isinstance(s.screen, PlayersScreen) and screen.menu.items[1] == "BEA"
    # Remove ANNA: SELECT asks, any other key keeps her, SELECT twice removes.
    s.press("UP")
    assert screen.menu.index == 0
    s.press("SELECT")
    assert screen.menu.lines[0].shown() == "Remove ANNA?"
    assert screen.help.shown().startswith("SELECT: remove")
    s.press("B")
    assert screen.menu.items[0] == "ANNA" and isinstance(s.screen, PlayersScreen)
    assert screen.menu.lines[0].shown() == "ANNA"
    s.press("SELECT", "SELECT")
    assert screen.menu.items == ["BEA", "New player"]
    assert load_players(s.app.store)[0] == [None, "BEA"] + [None] * 6
    s.press("B")
    assert isinstance(s.screen, SettingsScreen)
    assert s.screen.menu.items[-1].startswith("Players (1)")


def test_a_full_list_offers_no_new_player():
    s = Session("pybadge", seed=2)
    save_players(s.app.store, ["P%d" % k for k in range(1, SLOTS + 1)])
    screen = open_players(s)
    assert screen.menu.items == ["P%d" % k for k in range(1, SLOTS + 1)]
    assert screen.help.shown().startswith("A: rename")
