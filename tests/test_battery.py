"""The battery (issue 53): the gauge's levels and their hysteresis, the low
warning, the empty battery's save and screen, and the profiles' readings."""

import sys
import types

from hypothesis import given, settings, strategies as st

from dws_app import battery
from dws_app.app import App
from dws_app.battery import (EMPTY_MV, HYSTERESIS_MV, LEVEL_MV, NONE_MV, READ_MS, USB, Battery,
                             level_for)
from dws_app.lobby import gauge
from dws_app.lobby.gauge import BATTERY_LOW, line
from dws_app.lobby.charge import SHOW_MS, ChargeScreen
from dws_app.play.game_base import GameScreen
from sim.hw import SimBattery, build
from sim.play import finish_interludes
from sim.script import Session


def readings(battery_, values, usb=False):
    levels = []
    for mv in values:
        battery_.read(mv, usb)
        levels.append(battery_.level)
    return levels


# ----- the readings -----------------------------------------------------------

def test_levels_from_the_thresholds():
    assert [level_for(mv, None) for mv in (3499, 3500, 3600, 3749, 3750, 3949, 3950, 4200)] == \
        [0, 1, 2, 2, 3, 3, 4, 4]


def test_the_first_reading_counts_three_times():
    b = Battery()
    assert b.read(3800, False) and b.level == 3 and b.millivolts == 3800
    assert not b.empty


def test_a_level_falls_at_its_threshold_and_rises_only_past_the_hysteresis():
    b = Battery()
    readings(b, [3800] * 3)
    assert readings(b, [3740] * 3)[-1] == 2           # under 3750: down
    assert readings(b, [3750 + HYSTERESIS_MV - 1] * 3)[-1] == 2   # back over it: not yet
    assert readings(b, [3750 + HYSTERESIS_MV] * 3)[-1] == 3


def test_one_odd_reading_changes_nothing():
    b = Battery()
    readings(b, [3800] * 3)
    assert readings(b, [3000, 3800, 3800]) == [3, 3, 3]      # the median
    assert not b.empty


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LEVEL_MV + (EMPTY_MV,)),
       st.lists(st.integers(-(HYSTERESIS_MV // 2) + 1, HYSTERESIS_MV // 2 - 1),
                min_size=3, max_size=60))
def test_noise_around_a_threshold_changes_the_level_at_most_once(threshold, noise):
    b = Battery()
    levels = readings(b, [threshold + n for n in noise])
    changes = sum(1 for i in range(1, len(levels)) if levels[i] != levels[i - 1])
    assert changes <= 1, levels


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(2500, 4300), min_size=1, max_size=40))
def test_empty_only_after_three_readings_in_a_row_under_the_mark(values):
    b = Battery()
    b.read(4000, False)
    last = [4000, 4000, 4000]
    for mv in values:
        b.read(mv, False)
        last = last[1:] + [mv]
        assert b.empty == (max(last) < EMPTY_MV)
        assert 0 <= b.level <= 4


def test_usb_power_shows_the_plug_and_never_empties():
    b = Battery()
    readings(b, [3200] * 3, usb=True)
    assert b.level == USB and not b.empty
    assert line(b) == "On USB power"


def test_no_battery_measured_shows_nothing():
    b = Battery()
    assert not b.read(NONE_MV - 1, False) and b.level is None and not b.empty
    assert not b.read(None, False) and line(b) == ""


def test_the_settings_line_says_volts_and_a_word():
    b = Battery()
    b.read(3917, False)
    assert line(b) == "Battery 3.91 V: good"
    b.read(3400, False)
    b.read(3400, False)
    assert line(b) == "Battery 3.40 V: low"


# ----- the app ----------------------------------------------------------------

def gauge_colours(app):
    """The gauge's outline and its bars' colours, bottom first (None:
    hidden or not made)."""
    if app.gauge is None or app.gauge[0].hidden:
        return None
    palette = app.gauge[3]
    return palette[1], [palette[2 + k] for k in range(4)]


def bars(app):
    return sum(1 for c in gauge_colours(app)[1] if c != gauge.EMPTY_BAR)


def game_session(mv=3900, profile="pico_dice", seats=(None, "normal")):
    cell = SimBattery(mv)
    s = Session(profile, seed=5, battery=cell)
    from dws_app.lobby.setup import start_game
    start_game(s.app, 2, len(seats), None, seed=7, seats=list(seats))
    finish_interludes(s)
    assert isinstance(s.screen, GameScreen)
    return s, cell


def test_no_monitor_no_gauge_and_no_line():
    s = Session("pybadge")
    assert s.app.battery is None and s.app.gauge is None
    s.press("UP", "A")          # settings
    assert type(s.screen).__name__ == "SettingsScreen" and not hasattr(s.screen, "power")


def test_the_gauge_is_on_the_menu_and_moves_with_every_screen():
    s = Session("pybadge", battery=SimBattery(3900))
    assert s.app.gauge_on is s.screen.group and bars(s.app) == 3
    s.press("A")                # a setup
    assert s.app.gauge_on is s.screen.group
    s.press("B")
    s.press("UP", "A")          # settings: the reading in words
    assert s.app.gauge_on is s.screen.group
    assert s.screen.power.shown() == "Battery 3.90 V: good"
    image = s.hw.display.render()
    assert image.getpixel((158, 9)) != (0, 0, 0)      # (the lowest bar, in the corner)


def test_the_gauge_in_a_game_follows_the_cells_down():
    s, cell = game_session(3980)
    assert s.app.gauge_on is s.screen.group and bars(s.app) == 4
    cell.mv = 3650
    s.wait(2 * READ_MS + 100)
    assert bars(s.app) == 2
    assert gauge_colours(s.app)[0] == gauge.OUTLINE


def test_low_warns_once_in_the_game_line_and_the_gauge_turns_red():
    s, cell = game_session(3700)
    cell.mv = 3450
    s.wait(2 * READ_MS + 100)
    assert s.app.battery.level == 0
    assert s.screen.msg1.shown() == BATTERY_LOW
    assert gauge_colours(s.app)[0] == gauge.LOW
    s.screen.say("")
    cell.mv = 3480      # (still low, with noise)
    s.wait(10 * READ_MS)
    assert s.screen.msg1.shown() == ""          # not again while it stays low


def test_empty_saves_the_game_and_says_to_charge(forgetting):
    s, cell = game_session(3600)
    s.press("A")                            # (a roll: a checkpoint to keep)
    s.wait(1000)
    cell.mv = 3250
    s.wait(READ_MS + 100)
    assert type(s.screen).__name__ != "ChargeScreen"     # one reading: not yet
    s.wait(2 * READ_MS)
    assert type(s.screen).__name__ == "ChargeScreen"    # (its module imported anew)
    assert s.app.table is None and s.app.stack == [s.screen]
    assert s.app.store.has_game()
    assert all(tuple(p) == (0, 0, 0) for p in s.hw.pixels)
    shown = " ".join(t.shown() for t in s.screen.lines)
    assert "Your game is saved." in shown and "Charge the battery" in shown


def test_the_charge_screen_sleeps_after_its_time_and_an_empty_start_shows_it_again():
    s, cell = game_session(3600)
    cell.mv = 3250
    s.wait(3 * READ_MS)
    assert isinstance(s.screen, ChargeScreen)
    slept = []
    s.hw.deep_sleep = lambda: slept.append(1)
    s.wait(SHOW_MS + 200)
    assert slept == [1] and s.hw.display.brightness == 0
    app = App(s.hw)                 # the board starts again, the cells still empty
    app.start()
    assert isinstance(app.top, ChargeScreen)
    cell.mv = 4000                  # charged: the menu, Continue first
    app = App(s.hw)
    app.start()
    assert app.top.menu.items[0].startswith("Continue")


def test_an_empty_battery_at_the_start_shows_the_screen_not_the_menu():
    hw = build("pybadge", seed=1, battery=SimBattery(3100))
    app = App(hw)
    app.start()
    assert isinstance(app.top, ChargeScreen)


# ----- the profiles' readings -------------------------------------------------

class FakeAnalogIn:
    value = 0

    def __init__(self, pin):
        self.pin = pin

    def deinit(self):
        pass


def test_battery_monitor_means_eight_samples_in_millivolts(monkeypatch):
    monkeypatch.setitem(sys.modules, "analogio", types.SimpleNamespace(AnalogIn=FakeAnalogIn))
    from dws_hw import battery_monitor
    FakeAnalogIn.value = 0
    assert battery_monitor("GP29", 9900, 250) is None     # nothing on the divider at the start
    FakeAnalogIn.value = 0x5555             # a third of full scale: 3.3 V at VSYS
    read = battery_monitor("GP29", 9900, 250)
    FakeAnalogIn.value = 0
    assert read() == 250                    # (later: a reading the app takes for none)
    FakeAnalogIn.value = 0x5555
    assert read() == 3299 + 250
    FakeAnalogIn.value = 0xFFFF
    assert read() == 9899 + 250


def test_battery_monitor_without_analogio_is_none(monkeypatch):
    monkeypatch.setitem(sys.modules, "analogio", None)
    from dws_hw import battery_monitor
    assert battery_monitor("GP29", 9900) is None
    assert battery_monitor(None, 6600) is None       # a board without the pin


def test_usb_power_reads_the_sense_pin(monkeypatch):
    class Pin:
        value = True

        def __init__(self, pin):
            pass
    monkeypatch.setitem(sys.modules, "digitalio", types.SimpleNamespace(DigitalInOut=Pin))
    from dws_hw import usb_power
    on_usb = usb_power("GP24")
    assert on_usb() is True
    Pin.value = False
    assert on_usb() is False


def test_on_usb_the_plug_shows_instead_of_the_cell():
    s = Session("pico_dice", battery=SimBattery(3900, usb=True))
    group, cell, plug, _palette = s.app.gauge
    assert not group.hidden and cell.hidden and not plug.hidden
    image = s.hw.display.render()
    assert image.getpixel((314, 0)) == (255, 255, 255)     # a prong, at scale 2
    assert image.getpixel((316, 0)) == (0, 0, 0)


def test_the_gauge_keeps_no_finished_screen():
    s, cell = game_session(3900)
    s.press("START")            # the game left: the menu
    s.wait(200)
    assert type(s.screen).__name__ == "MenuScreen" and s.app.gauge_on is s.screen.group


def test_what_the_start_lets_go_is_there_to_let_go():
    """dws_main.build_hardware deletes each module's ``START_ONLY`` names
    on the board (a missing one would stop every start with an
    AttributeError): each is bound in its module, and no code the board
    runs after the start names one (they are only the start's)."""
    import ast
    import pathlib
    lib = pathlib.Path(__file__).resolve().parents[1] / "lib"
    for module in ("dws_hw/__init__.py", "dws_hw/pico_dice.py", "dws_hw/pybadge.py"):
        tree = ast.parse((lib / module).read_text())
        bound = set()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, ast.Assign):
                bound.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.ImportFrom):
                bound.update(a.asname or a.name for a in node.names)
        start_only = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                          and n.targets[0].id == "START_ONLY")
        assert set(start_only) <= bound, (module, set(start_only) - bound)
        # closures made by build (run after the start) must not name them
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "build":
                for inner in node.body:
                    if isinstance(inner, ast.FunctionDef):
                        names = {n.id for n in ast.walk(inner) if isinstance(n, ast.Name)}
                        assert not names & set(start_only), (module, inner.name)
    for used in ("dws_app", "dws_main.py"):
        for path in (lib / used).rglob("*.py") if used == "dws_app" else [lib / used]:
            text = path.read_text()
            for name in ("held_buttons", "reload_memory", "battery_monitor", "usb_power", "woken"):
                assert "import " + name not in text and "dws_hw." + name not in text, (path, name)


def test_the_simulator_measures_a_battery_only_when_asked():
    from sim.__main__ import parse, sim_battery
    assert sim_battery(parse(["--headless"])) is None
    cell = sim_battery(parse(["--battery", "3420", "--headless"]))
    assert cell.millivolts() == 3420 and not cell.on_usb()
    assert sim_battery(parse(["--usb", "--headless"])).on_usb()
