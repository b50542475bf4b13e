"""The board suite's plans (tools/board/record.py), recorded on the simulator:
a quick plan of device seats only is cut short after a few checkpoints
instead of playing the whole game on one press; a whole game ends on the
scores."""
from tools.board import record


def key_lines(rec):
    return sum(item[2] for item in rec.items if item[0] == "key")


def test_quick_device_only_plan_is_cut_short():
    [rec] = record.game_plan("dws5", turns=6)
    assert rec.items[-1] == ["cut"] and rec.cut_short
    keys = [item for item in rec.items if item[0] == "key"]
    assert keys[-1][1] == "A" and keys[-1][2] == 12     # the start card's A: the device plays
    assert rec.screen_name != "ScoresScreen"


def test_quick_plan_with_humans_stops_after_its_checkpoints():
    [rec] = record.game_plan("dicedout", turns=6)
    assert not rec.cut_short and rec.items[-1] != ["cut"]
    assert rec.screen_name != "ScoresScreen"


def test_whole_device_only_game_reaches_the_scores():
    [rec] = record.game_plan("dws5")
    assert rec.screen_name == "ScoresScreen" and ["shot", "scores"] in rec.items
    # then the chart of the totals by round, after the players' columns
    assert rec.items[-1] == ["shot", "scores-chart"] and rec.app.top.player is None
    # (each RIGHT shows another player's columns or the chart: a view's budget)
    after = rec.items[rec.items.index(["shot", "scores"]) + 1:-1]
    assert after and all(item[0] == "key" and item[3] == "view" for item in after)
    assert key_lines(rec) > 40


def test_press_kinds_from_what_the_app_printed():
    assert record.press_kind("") == "move"
    assert record.press_kind("nvm 1 2\nheap 5 checkpoint 1 0 0\n") == "save"
    assert record.press_kind("heap 5 checkpoint 1 0 0\nheap 5 PassScreen 1 0 0\n") == "open"
    assert record.press_kind("heap 5 checkpoint 1 0 0\nthink 1 strong 40\n") == "turn"


def test_heap_lines_come_after_the_frame_they_go_with(capsys):
    """The collection behind a heap line is not part of a press's answer:
    the line for a screen shown waits for App.draw (on the board, right
    after the refresh) or, in the simulator, the next main-loop pass."""
    from sim.script import Session
    s = Session("pico_dice", seed=1)
    s.app.test["heap_log"] = 1
    capsys.readouterr()
    s.hw.keys.tap("A")                       # the menu opens Dice Wide Shut's setup
    s.app.poll()
    assert type(s.screen).__name__ == "SetupScreen"
    assert "heap" not in capsys.readouterr().out
    s.app.draw()
    lines = capsys.readouterr().out.split("\n")
    assert lines[0].startswith("heap ") and lines[0].split()[2] == "SetupScreen"
    s.app.draw()                             # printed once
    assert capsys.readouterr().out == ""


def test_the_sleep_plan_falls_asleep_and_wakes_into_the_game():
    """The sleep plan (issue 53): its pause outlasts the test key's sleep
    time, the board sleeps, and the press after it is the wake, whose lines
    are the new run's: the game's screen, back in the game it left."""
    [rec] = record.sleep_plan()
    keys = [item for item in rec.items if item[0] == "key"]
    assert [item[3] for item in keys].count("wake") == 1
    at = next(k for k, item in enumerate(rec.items) if item[0] == "key" and item[3] == "wake")
    assert rec.items[at - 1] == ["wait", record.SLEEP_WAIT_MS]
    assert record.SLEEP_WAIT_MS > record.SLEEP_TEST_S * 1000
    assert rec.items[at][2] == 1 and rec.items[at + 1] == ["shot", "woke"]
    assert rec.items[-1][:4] == ["key", "START", 2, "fresh"]
    assert rec.test["sleep_s"] == record.SLEEP_TEST_S


def test_the_battery_plan_runs_down_to_the_charge_screen():
    """The battery plan (issue 53): the board's ADC from its power-on, the
    cells lower at each battery item, each item's lines the readings'
    (the gauge's level, the charge screen); the last one empties it."""
    [rec] = record.battery_plan()
    assert rec.adc == record.adc_raw(record.BATTERY_MV[0]) > 0
    items = [item for item in rec.items if item[0] == "battery"]
    assert [item[1] for item in items] == list(record.BATTERY_MV[1:])
    assert all(item[2] >= 1 and item[3] == record.adc_raw(item[1]) for item in items)
    assert rec.items[-1] == ["shot", "battery-empty"]
    assert rec.screen_name == "ChargeScreen" and rec.app.store.has_game()


def test_the_adc_conversion_is_the_profiles():
    """record.py's VSYS figures are lib/dws_hw/pico_dice.py's, and a raw
    reading read back as the profile reads it lands within 3 mV."""
    source = (record.__file__.rsplit("/tools/", 1)[0] + "/lib/dws_hw/pico_dice.py")
    text = open(source).read()
    assert "VSYS_TOP_MV = %d\n" % record.VSYS_TOP_MV in text
    assert "DIODE_MV = %d\n" % record.DIODE_MV in text
    for mv in (3200, 3420, 3680, 3980):
        raw = record.adc_raw(mv)
        value = (raw << 4) | (raw >> 8)         # the firmware's 16-bit value
        assert abs(((value * record.VSYS_TOP_MV) >> 16) + record.DIODE_MV - mv) <= 3
