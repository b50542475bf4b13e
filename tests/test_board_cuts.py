"""The board suite's power-cut oracle (tools/board/cuts.py), on made-up runs:
what a cut may come back as, and the verdict on what the board did."""
import json

from tools.board import cuts

SERIAL = ("\x1b]0;code.py | 10.2.1\x1b\\nvm 00000000 00000000 00000000\r\n"
          "heap 100 MenuScreen 1 0\r\n"
          "nvm 11111111 00000000 00000000\r\nheap 90 checkpoint 2 0\r\n"
          "nvm 22222222 00000000 00000000\r\n"
          "nvm 00000000 33333333 44444444\r\n")


def run_dir(tmp_path, cut_list):
    (tmp_path / "serial.log").write_text(SERIAL)
    (tmp_path / "cuts.json").write_text(json.dumps(cut_list))
    return str(tmp_path)


def resume(folder, nvm, screen="DwsScreen", notes=()):
    folder.mkdir()
    (folder / "resume.json").write_text(json.dumps({"nvm": nvm, "notes": list(notes),
                                                    "screen": screen}))
    return str(folder)


def test_lines_after_the_console_title_escape_count():
    assert cuts.nvm_lines(SERIAL)[0] == ("00000000", "00000000", "00000000")
    assert len(cuts.nvm_lines(SERIAL)) == 4


def test_a_cut_between_saves_must_come_back_as_the_last_one(tmp_path):
    part = run_dir(tmp_path, [{"n": 0, "kind": "press", "lines": 2, "busy": False}])
    [(cut, allowed)] = cuts.taken(part)
    assert allowed == [("11111111", "00000000", "00000000")]
    ok, _ = cuts.judge(cut, allowed, resume(tmp_path / "r0", ["11111111", "00000000", "00000000"]))
    assert ok
    ok, text = cuts.judge(cut, allowed, resume(tmp_path / "r1", ["22222222", "00000000", "00000000"]))
    assert not ok and "expected" in text
    ok, text = cuts.judge(cut, allowed, resume(tmp_path / "r2", ["00000000", "00000000", "00000000"],
                                                "MenuScreen", ["Saved game lost"]))
    assert not ok and "Saved game lost" in text


def test_a_cut_during_a_write_may_come_back_as_either_save(tmp_path):
    part = run_dir(tmp_path, [{"n": 0, "kind": "window", "lines": 3, "busy": True}])
    [(cut, allowed)] = cuts.taken(part)
    assert allowed == [("22222222", "00000000", "00000000"), ("00000000", "33333333", "44444444")]
    assert cuts.judge(cut, allowed, resume(tmp_path / "a", ["22222222", "00000000", "00000000"]))[0]
    assert cuts.judge(cut, allowed, resume(tmp_path / "b", ["00000000", "33333333", "44444444"],
                                           "MenuScreen"))[0]


def test_a_game_that_does_not_open_on_continue_fails(tmp_path):
    part = run_dir(tmp_path, [{"n": 0, "kind": "press", "lines": 2, "busy": False}])
    [(cut, allowed)] = cuts.taken(part)
    ok, text = cuts.judge(cut, allowed, resume(tmp_path / "r", ["11111111", "00000000", "00000000"],
                                               "MenuScreen"))
    assert not ok and "Continue" in text
    assert cuts.judge(cut, allowed, str(tmp_path / "missing")) == (False, "no resume.json")


def test_press_cuts_spread_over_presses_that_led_somewhere():
    class Rec:
        items = ([["key", "A", 0], ["shot", "x"]] + [["key", "A", 1]] * 40)
        writes = [41]
    spec = cuts.spec("dws5", Rec())
    assert spec["writes"] == [41]
    items = [i for i, _ms in spec["items"]]
    assert len(items) == cuts.PLANS["dws5"] == len(set(items))
    assert all(Rec.items[i][2] for i in items)
    assert all(0 <= ms < cuts.MAX_OFFSET_MS for _i, ms in spec["items"])
    assert spec["pages"] == list(cuts.WINDOW_PAGES)
    assert spec["drive_pages"] == list(cuts.DRIVE_PAGES) and spec["max_erases"] == cuts.MAX_ERASES
    assert spec == cuts.spec("dws5", Rec())      # seeded: the same cuts every run


def test_summary_counts_window_and_drive_cuts_apart():
    results = [({"kind": "press"}, True, ""), ({"kind": "window"}, True, ""),
               ({"kind": "window"}, False, ""), ({"kind": "drive", "files_lost": 2}, False, ""),
               ({"kind": "drive", "files_lost": 0, "cover_lost": 1}, True, ""),
               ({"kind": "write", "plan": "screens"}, True, "")]
    bench = cuts.summary(results, True)
    assert bench == {
        "board.cuts.tried": 6, "board.cuts.resumed_ok": 4,
        "board.cuts.in_erase_window": 2, "board.cuts.in_erase_window_resumed": 1,
        "board.cuts.in_drive_write": 2, "board.cuts.files_lost": 2,
        "board.cuts.in_name_change": 1, "board.cuts.in_records_update": 0,
        "board.cuts.cover_lost": 1, "board.cuts.cover_layout_ok": 1}
    # too few of each kind (none inside a records update), files lost
    assert len(cuts.shortfall(bench)) == 5
    assert "records update" in cuts.shortfall(bench)[-2]
    assert "files lost" in cuts.shortfall(bench)[-1]
    enough = dict(bench, **{"board.cuts.tried": 50, "board.cuts.in_erase_window": 15,
                            "board.cuts.in_drive_write": 15, "board.cuts.files_lost": 0,
                            "board.cuts.in_records_update": 3})
    assert cuts.shortfall(enough) == []
    assert "layout" in cuts.shortfall(dict(enough, **{"board.cuts.cover_layout_ok": 0}))[0]


def test_the_name_change_and_the_records_update_are_marked_to_cut_inside():
    """The screens plan marks the press that saves a new name, a whole
    game's plan the press that ends it (its records update): the replay
    cuts before each nvm page those presses' saves program."""
    from tools.board import record
    [screens] = record.screens_plan()
    [mark] = screens.writes
    assert screens.items[mark][:2] == ["key", "START"]
    assert cuts.spec("screens", screens)["writes"] == [mark]
    assert cuts.spec("screens", screens)["items"] == []      # (no press cuts of its own)
    [cargo] = record.game_plan("cargo")
    [end] = cargo.writes
    assert cargo.items[end][0] == "key"
    assert not any(item[0] == "key" for item in cargo.items[end + 1:cargo.items.index(["shot", "scores"])])
