"""The settings screen offers what the store keeps (one source of choices:
``dws_app.lobby.records_store``), reads each choice, and saves when it is left."""

from dws_app.lobby.records_store import SETTINGS_DEFAULTS, _setting_ok, default_settings, load_settings
from dws_app.lobby.settings import CHOICES, SettingsScreen
from sim.script import Session


def test_every_choice_offered_is_one_the_store_keeps():
    assert [row[0] for row in CHOICES] == [name for name, _d in SETTINGS_DEFAULTS]
    for name, _title, values, labels in CHOICES:
        assert len(values) == len(labels), name
        assert all(_setting_ok(name, v) for v in values), name
        assert default_settings()[name] in values, name


def test_a_value_the_store_refuses_is_not_offered():
    assert not _setting_ok("auto_dim_s", 45) and not _setting_ok("sleep_s", 60)
    assert not _setting_ok("anim_speed", 3) and not _setting_ok("sound", 1)


def test_changed_settings_are_saved_when_the_screen_is_left():
    s = Session("pybadge", seed=3)
    menu = s.screen.menu
    s.press(*["DOWN"] * menu.items.index("Settings"))
    s.press("A")
    assert isinstance(s.screen, SettingsScreen)
    s.press("DOWN", "DOWN", "RIGHT")       # Sound: on -> off
    assert s.app.settings["sound"] is False
    assert load_settings(s.app.store)[0]["sound"] is True     # not yet
    s.press("B")
    assert load_settings(s.app.store)[0]["sound"] is False
    assert type(s.screen).__name__ == "MenuScreen"
