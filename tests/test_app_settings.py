"""The settings screen offers what the store keeps (one source of choices:
``dws_app.lobby.records_store``), reads each choice, and saves when it is left.
The Volume (issue 53): off, low, medium, high, applied to the sound device
at once; settings saved before the levels (the setting "Sound", on or off)
keep their meaning: on is high (as loud as it was), off is off."""

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from dws_app.app import App
from dws_app.lobby.records_store import (AUTO_DIM_CHOICES, SETTINGS_DEFAULTS, SLEEP_CHOICES, VOLUME_CODES,
                                         _decode_settings, _encode_settings, _setting_ok,
                                         default_settings, load_settings, save_settings)
from dws_app.lobby.settings import CHOICES, SettingsScreen
from dws_app.store import Store
from sim.hw import build
from sim.script import Session
from tests import store_v2

PROFILES = ("pybadge", "pico_dice")


def test_every_choice_offered_is_one_the_store_keeps():
    assert [row[0] for row in CHOICES] == [name for name, _d in SETTINGS_DEFAULTS]
    for name, _title, values, labels in CHOICES:
        assert len(values) == len(labels), name
        assert all(_setting_ok(name, v) for v in values), name
        assert default_settings()[name] in values, name


def test_a_value_the_store_refuses_is_not_offered():
    assert not _setting_ok("auto_dim_s", 45) and not _setting_ok("sleep_s", 60)
    assert not _setting_ok("anim_speed", 3)
    assert not _setting_ok("volume", 4) and not _setting_ok("volume", -1)
    assert not _setting_ok("volume", True) and not _setting_ok("volume", 2.0)
    assert not _setting_ok("sound", True) and not _setting_ok("sound", 1)   # (the old name)


def test_the_volume_has_four_levels_and_a_new_device_starts_at_medium():
    name, title, values, labels = CHOICES[2]
    assert (name, title, values, labels) == ("volume", "Volume", (0, 1, 2, 3),
                                             ("off", "low", "medium", "high"))
    assert default_settings()["volume"] == 2
    assert load_settings(Store(bytearray(b"\xff" * 4096))) == (default_settings(), None)


def open_settings(profile):
    s = Session(profile, seed=3)
    menu = s.screen.menu
    s.press(*["DOWN"] * menu.items.index("Settings"))
    s.press("A")
    assert isinstance(s.screen, SettingsScreen)
    return s


def test_changed_settings_are_saved_when_the_screen_is_left():
    s = open_settings("pybadge")
    s.press("DOWN", "DOWN", "LEFT")        # Volume: medium -> low
    assert s.app.settings["volume"] == 1
    assert load_settings(s.app.store)[0]["volume"] == 2     # not yet
    s.press("B")
    assert load_settings(s.app.store)[0]["volume"] == 1
    assert type(s.screen).__name__ == "MenuScreen"


@pytest.mark.parametrize("profile", PROFILES)
def test_the_volume_row_steps_through_its_levels_and_the_sound_follows(profile):
    s = open_settings(profile)
    s.press("DOWN", "DOWN")
    row = s.screen.menu.items[2]
    assert row == "Volume        < medium >"
    seen = []
    for _ in range(4):
        s.press("RIGHT")                    # medium -> high -> off -> low -> medium
        level = s.app.settings["volume"]
        words = s.screen.menu.items[2].split()
        seen.append((level, words[2]))
        assert words[0] == "Volume" and len(s.screen.menu.items[2]) <= 24
        assert s.app.sound.level == level and s.hw.sound.level == level
    assert seen == [(3, "high"), (0, "off"), (1, "low"), (2, "medium")]
    s.press("LEFT", "LEFT")                 # medium -> low -> off
    assert s.app.settings["volume"] == 0 and s.hw.sound.level == 0
    tones = list(s.hw.sound.tones)
    s.press("B")                            # (a press: nothing sounds at off)
    assert s.hw.sound.tones == tones
    assert load_settings(s.app.store)[0]["volume"] == 0
    # the next power-up reads it back and gives it to the sound device
    hw = build(profile, seed=1)
    hw.nvm.data[:] = s.hw.nvm.data
    app = App(hw)
    app.start()
    assert app.settings["volume"] == 0 and app.sound.level == 0 and hw.sound.level == 0


def test_the_pybadge_opens_the_new_levels_files_in_the_settings_screen():
    s = open_settings("pybadge")
    assert s.hw.sound.opened == 4 and s.hw.sound.loaded == ["click", "roll", "refuse", "done"]
    s.press("DOWN", "DOWN", "RIGHT")        # medium -> high: four files closed, four opened
    assert s.hw.sound.opened == 8 and len(s.hw.sound.loaded) == 4
    s.press("RIGHT")                        # off: none
    assert s.hw.sound.opened == 8 and s.hw.sound.loaded == []
    s.press("RIGHT")                        # low
    assert s.hw.sound.opened == 12 and len(s.hw.sound.loaded) == 4
    s.press("B")
    assert s.hw.sound.opened == 12          # leaving opens nothing


# ----- settings saved before the levels --------------------------------------

# nvm images that the store wrote before the volume had levels (made by that
# build's own Store and save_settings, not by this test's code):
#   SAVED_BEFORE: save_settings({"brightness": 3}), then {"sound": False}
#   (appended to the log), then {"sound": True, "led_brightness": 10};
#   ALL_CHANGED_ON / _OFF: one save of brightness 3, LEDs 0, anim_speed 2,
#   auto_dim_s 300, sleep_s 0 and sound True / False.
IMAGE_HEAD = "4457534e030100010400732fed3f"
SAVED_BEFORE = [
    IMAGE_HEAD + "8006030501010203c556aca3",
    "80060305000102037deacbc6",
    "8006030a0101020347063b72",
]
ALL_CHANGED_ON = IMAGE_HEAD + "8006030001020400c0a36bb6"
ALL_CHANGED_OFF = IMAGE_HEAD + "8006030000020400781f0cd3"
# Their settings payloads: the six bytes of _encode_settings then.
DEFAULTS_ON = bytes.fromhex("080501010203")
DEFAULTS_OFF = bytes.fromhex("080500010203")


def nvm_of(*records):
    data = bytes.fromhex("".join(records))
    return bytearray(data + b"\xff" * (4096 - len(data)))


def test_settings_saved_before_the_levels_read_on_as_high_and_off_as_off():
    expected = dict(default_settings(), brightness=3)
    assert load_settings(Store(nvm_of(SAVED_BEFORE[0]))) == (dict(expected, volume=3), None)
    assert load_settings(Store(nvm_of(*SAVED_BEFORE[:2]))) == (dict(expected, volume=0), None)
    assert load_settings(Store(nvm_of(*SAVED_BEFORE))) == \
        (dict(expected, volume=3, led_brightness=10), None)
    changed = {"brightness": 3, "led_brightness": 0, "anim_speed": 2, "auto_dim_s": 300, "sleep_s": 0,
               "pace": 1}
    assert load_settings(Store(nvm_of(ALL_CHANGED_ON))) == (dict(changed, volume=3), None)
    assert load_settings(Store(nvm_of(ALL_CHANGED_OFF))) == (dict(changed, volume=0), None)
    assert _decode_settings(DEFAULTS_ON) == (dict(default_settings(), volume=3), True)
    assert _decode_settings(DEFAULTS_OFF) == (dict(default_settings(), volume=0), True)


def test_the_same_bytes_are_written_for_high_and_off_as_for_on_and_off_before():
    """An older build (a slot kept after an update) reads off and high as
    its off and on; low and medium it never wrote, and reads as a damaged
    field: its default, on, with its note."""
    assert _encode_settings(dict(default_settings(), volume=3)) == DEFAULTS_ON
    assert _encode_settings(dict(default_settings(), volume=0)) == DEFAULTS_OFF
    for volume, old in ((0, False), (3, True)):
        assert store_v2._decode_settings(_encode_settings(dict(default_settings(), volume=volume))) == \
            (dict(store_v2.default_settings(), sound=old), True)
    for volume in (1, 2):
        d, ok = store_v2._decode_settings(_encode_settings(dict(default_settings(), volume=volume)))
        assert d["sound"] is True and not ok
    assert sorted(VOLUME_CODES) == [0, 1, 2, 3] and VOLUME_CODES[0] == 0 and VOLUME_CODES[3] == 1


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("image, volume", [(SAVED_BEFORE[:2], 0), (SAVED_BEFORE, 3),
                                           ([ALL_CHANGED_ON], 3), ([ALL_CHANGED_OFF], 0)])
def test_a_device_with_settings_from_before_powers_up_at_their_volume(profile, image, volume):
    hw = build(profile, seed=1)
    hw.nvm.data[:] = nvm_of(*image)[:len(hw.nvm.data)] + b"\xff" * (len(hw.nvm.data) - 4096)
    app = App(hw)
    app.start()
    assert app.notes == []
    assert app.settings["volume"] == volume and app.sound.level == volume and hw.sound.level == volume


old_settings = st.fixed_dictionaries({
    "brightness": st.integers(0, 10), "led_brightness": st.integers(0, 10), "sound": st.booleans(),
    "anim_speed": st.integers(0, 2), "auto_dim_s": st.sampled_from(AUTO_DIM_CHOICES),
    "sleep_s": st.sampled_from(SLEEP_CHOICES)})


@hsettings(max_examples=150)
@given(old_settings)
def test_any_settings_record_from_before_the_levels_keeps_its_meaning(old):
    """tests/store_v2.py keeps the encoder of the settings as they were
    (the log store wrote the same six bytes)."""
    data = store_v2._encode_settings(old)
    d, ok = _decode_settings(data)
    now = dict(old, pace=1)
    now["volume"] = 3 if now.pop("sound") else 0
    assert ok and d == now
    assert _encode_settings(d) == data      # saved again unchanged: the same bytes


new_settings = st.fixed_dictionaries({
    "brightness": st.integers(0, 10), "led_brightness": st.integers(0, 10),
    "volume": st.integers(0, 3), "anim_speed": st.integers(0, 2),
    "auto_dim_s": st.sampled_from(AUTO_DIM_CHOICES), "sleep_s": st.sampled_from(SLEEP_CHOICES),
    "pace": st.integers(0, 3)})


@hsettings(max_examples=150)
@given(new_settings)
def test_every_setting_round_trips_through_six_bytes_or_seven_with_a_pace(d):
    """The pace of device turns is a seventh byte, written only when it is
    not normal: a build before it reads the six it wrote, as it wrote them."""
    data = _encode_settings(d)
    assert len(data) == (6 if d["pace"] == 1 else 7) and _decode_settings(data) == (d, True)
    if d["pace"] == 1:
        old = dict(d, sound=d["volume"] == 3)
        del old["volume"], old["pace"]
        if d["volume"] in (0, 3):
            assert store_v2._decode_settings(data) == (old, True)


def test_a_seventh_byte_of_normal_or_beyond_the_paces_is_not_ours():
    six = _encode_settings(default_settings())
    for extra in (1, 4, 255):
        d, ok = _decode_settings(six + bytes((extra,)))
        assert not ok and d["pace"] == 1


@hsettings(max_examples=150)
@given(st.binary(min_size=6, max_size=6))
def test_any_six_bytes_decode_to_valid_settings(data):
    d, ok = _decode_settings(data)
    assert all(_setting_ok(name, d[name]) for name, _v in SETTINGS_DEFAULTS)
    assert ok == (_encode_settings(d) == data)
    assert d["volume"] == ((0, 3, 1, 2)[data[2]] if data[2] < 4 else 2)


# ----- the pace of device turns (issue 52) -------------------------------------

def first_device_turn_ms(pace):
    """Emulated ms from a game's start to the end of its first device turn
    (two Strong seats, Dice Wide Shut), at ``pace``."""
    from dws_app.lobby.setup import start_game
    s = Session("pybadge", seed=5)
    s.app.settings["pace"] = pace
    start_game(s.app, 1, 2, None, seed=9, seats=["strong", "strong"])
    game = s.app.table.game
    first = game.current
    elapsed = 0
    while game.current == first and elapsed < 60000:
        s.wait(50)
        elapsed += 50
    assert game.current != first
    return s.app.table.seats.step_ms(), elapsed


def test_the_pace_sets_the_time_between_a_device_seats_steps():
    seen = [first_device_turn_ms(pace) for pace in range(4)]
    assert [ms for ms, _t in seen] == [600, 350, 150, 0]
    turns = [t for _ms, t in seen]
    assert turns[0] > turns[1] > turns[2] > turns[3]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_pace_is_a_setting_below_the_others_and_is_kept(profile):
    s = Session(profile, seed=1)
    menu = s.screen.menu
    s.press(*["DOWN"] * menu.items.index("Settings"), "A")
    screen = s.screen
    assert isinstance(screen, SettingsScreen) and len(screen.menu.items) == len(CHOICES) + 1
    rows = [row[0] for row in CHOICES]
    s.press(*["DOWN"] * rows.index("pace"))
    assert screen.menu.items[screen.menu.index] == "Device turns  < normal >"
    shown = [line.shown() for line in screen.menu.lines]
    assert any("Device turns" in line for line in shown)        # scrolled into view
    s.press("RIGHT", "RIGHT")
    assert screen.menu.items[screen.menu.index] == "Device turns < instant >"
    s.press("B")
    assert load_settings(s.app.store)[0]["pace"] == 3
    assert load_settings(Store(s.hw.nvm.data))[0]["pace"] == 3
