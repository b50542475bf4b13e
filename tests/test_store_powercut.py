"""Power cuts at every step of the store's writes, on the flash model of both
boards (tests/nvm_faults.py): outside an erase window a restart resumes the
last complete save (or the one being written, if all of it had landed);
inside one it resumes, or says on the next start what was lost, or, with the
cover file, resumes."""
import os
import random

import pytest

from hypothesis import given, settings as hsettings, strategies as st

from dws_app.lobby import records_store
from dws_app.store import COVER_AT, COVER_SIZE, GAME, GAME_CAPACITY, HEAD, IMAGE, RECORDS, SETTINGS, Store
from dws_core import games
from dws_app.store import delta
from tests.nvm_faults import (DWS, FlashNvm, PowerCut, board_nvm, cut_trials, expected_states,
                              make_cover, restart, restart_state, resumed_ok, run_script, verdict)
from dws_app.lobby.records_store import finish_game, load_records, record_game, save_settings

LARGEST_DWS = max(DWS, key=len)
BOARDS = ("pico", "pybadge")


def payload(n, seed):
    r = random.Random(seed)
    return bytes(r.getrandbits(8) for _ in range(n))


def base_with(*saves, board="pico", settings=None, record=False):
    nvm = board_nvm(board)
    s = Store(nvm, nvm.erase_always)
    if settings:
        save_settings(s, settings)
    if record:
        record_game(s, 1, 5, [50, 60, None, 70, 40], [3])
    for p in saves:
        s.save_game(p)
    return bytes(nvm)


def image_after(base, ops, erase_always=False):
    """Where the log starts after ``ops`` (the image's length, right after a compaction)."""
    nvm = FlashNvm(base, erase_always)
    s = Store(nvm, erase_always)
    for op in ops:
        if op[0] == "save":
            s.save_game(op[1])
    return s.end


def outcomes(base, ops, erase_always=False, cover=None, stride=1, limit=None):
    """Cut at every ``stride``-th step: how often a restart gave the state
    before / after the op, items lost with notes, or a blank nvm; asserts
    that every outcome is one of those."""
    states, total = expected_states(base, ops, erase_always)
    seen = {"before": 0, "after": 0, "noted": 0, "blank": 0, "window": 0}
    for cut_at in range(0, total if limit is None else min(total, limit), stride):
        if cover:
            make_cover(os.path.dirname(cover))   # as make flash left it
        data, cut, window = run_script(base, ops, cut_at, erase_always, cover)
        assert cut is not None
        got, notes = restart(data, erase_always, cover)
        v = verdict(got, notes, data, states, cut, window)
        assert v is not None, (cut_at, window, got, notes)
        seen[v] += 1
        seen["window"] += window
    return seen


# ----- the flash model ------------------------------------------------------------


def test_flash_model_programs_erased_bytes_and_erases_otherwise():
    nvm = FlashNvm(b"\xff" * 4096)
    nvm[10:13] = b"abc"
    assert nvm.erases == 0 and nvm.programs == 1 and nvm.steps == 3
    nvm[254:258] = b"wxyz"                 # two pages
    assert nvm.erases == 0 and nvm.programs == 3
    nvm[11] = 0x42                         # not erased: the whole sector again
    assert nvm.erases == 1 and nvm.programs == 3 + 16
    assert bytes(nvm[9:14]) == b"\xffaBc\xff" and bytes(nvm[254:258]) == b"wxyz"
    badge = board_nvm("pybadge")
    badge[0:2] = b"\xff\xff"               # even erased bytes: the SAMD51 erases
    assert badge.erases == 1 and badge.programs == 16


def test_flash_model_cuts():
    nvm = FlashNvm(b"\xff" * 4096).arm(2)
    with pytest.raises(PowerCut):
        nvm[0:4] = b"abcd"
    assert bytes(nvm[0:4]) == b"ab\xff\xff" and not nvm.window
    nvm.arm(0)
    with pytest.raises(PowerCut):           # before the erase: nothing changed
        nvm[0:1] = b"x"
    assert bytes(nvm[0:4]) == b"ab\xff\xff" and not nvm.window
    nvm.arm(1)
    with pytest.raises(PowerCut):           # right after it: all blank
        nvm[0:1] = b"x"
    assert bytes(nvm) == b"\xff" * 4096 and nvm.window
    nvm = FlashNvm(b"ab" + b"\xff" * 4094).arm(3)
    with pytest.raises(PowerCut):           # the erase, then two bytes back
        nvm[1:2] = b"Z"
    assert bytes(nvm[0:3]) == b"aZ\xff" and nvm.window


# ----- appends: never a window ---------------------------------------------------


def test_cut_at_every_byte_of_a_300_byte_append():
    base = base_with(payload(300, 1))
    seen = outcomes(base, [("save", payload(300, 2))])
    assert seen["window"] == 0 and seen["noted"] == seen["blank"] == 0
    assert seen["before"] == 300 + 6 and seen["after"] == 0


def test_cut_at_every_byte_of_a_delta_of_the_largest_dws_state():
    i = DWS.index(LARGEST_DWS)
    base = base_with(DWS[i - 2], DWS[i - 1], settings={"volume": 0}, record=True)
    seen = outcomes(base, [("save", LARGEST_DWS)])
    assert seen["window"] == 0 and seen["before"] >= 10 and seen["noted"] == 0


def test_cut_appends_of_every_kind():
    base = base_with(*DWS[:3])
    ops = [("save", DWS[3]), ("settings", {"brightness": 3, "volume": 0}),
           ("record", (1, 5, [50, 60, None, 70, 40], [3])), ("clear",), ("save", DWS[0]),
           ("save", DWS[0]), ("settings", {"anim_speed": 0}), ("restart",), ("save", DWS[1])]
    seen = outcomes(base, ops)
    assert seen["window"] == 0 and seen["noted"] == seen["blank"] == 0


def test_resumed_dws_state_is_the_same_game():
    base = base_with(DWS[10], DWS[11])
    data, cut, window = run_script(base, [("save", DWS[12])], 5)
    assert cut == 0 and not window
    resumed, note = Store(bytearray(data)).load_game(
        check=lambda p: games.decode(p).encode() == p)
    assert note == "Last save damaged; using an earlier one"
    assert games.decode(resumed).digest() == games.decode(DWS[11]).digest()


# ----- compaction: the erase window ----------------------------------------------


def full_log(board="pico"):
    """A used store whose next DWS save does not fit: it compacts (on the
    PyBadge every save does)."""
    nvm = board_nvm(board)
    s = Store(nvm, nvm.erase_always)
    save_settings(s, {"brightness": 2})
    record_game(s, 2, 3, [4, 5, 6], [0], low_wins=True)
    s.save_game(DWS[0])
    i = 1
    while True:
        short = delta(DWS[i - 1], DWS[i])
        n = len(short) + 5 if short else len(DWS[i]) + 6
        if s.end + n > s.limit:
            return bytes(nvm), DWS[i]
        s.save_game(DWS[i])
        i += 1


def test_cut_at_every_step_of_a_compaction():
    base, nxt = full_log()
    seen = outcomes(base, [("save", nxt)])
    # before the erase; right after it (blank: the case the store cannot
    # tell from fresh flash, hardware.md); the image coming back (notes);
    # the rest of the sector (the new save is whole)
    image_len = image_after(base, [("save", nxt)])
    assert seen["before"] == 1 and seen["blank"] == 1
    assert seen["noted"] == image_len - 1
    assert seen["after"] == 4096 - image_len
    assert seen["window"] == 4096


@pytest.mark.parametrize("board", BOARDS)
def test_cut_inside_the_window_with_the_cover_file_resumes(board, tmp_path):
    base, nxt = full_log(board)
    cover = make_cover(tmp_path)
    seen = outcomes(base, [("save", nxt)], erase_always=board == "pybadge", cover=cover,
                    limit=600)
    assert seen["noted"] == seen["blank"] == seen["before"] == 0   # restored: the new save
    assert seen["after"] == 600


def _window(cover):
    with open(cover, "rb") as f:
        f.seek(COVER_AT)
        return f.read(IMAGE)


def test_the_cover_holds_the_image_before_the_erase_and_is_never_resized(tmp_path):
    """The image is in the cover's window before the nvm's first byte is
    written; the file keeps its size and everything outside the window."""
    cover = make_cover(tmp_path)
    with open(cover, "rb") as f:
        made = f.read()

    class Watching(FlashNvm):
        seen = None

        def __setitem__(self, key, value):
            self.seen = _window(cover)
            FlashNvm.__setitem__(self, key, value)

    base, nxt = full_log()
    nvm = Watching(base)
    s = Store(nvm, cover=cover)
    s.save_game(nxt)
    assert nvm.seen == bytes(nvm[0:IMAGE])
    with open(cover, "rb") as f:
        now = f.read()
    assert len(now) == COVER_SIZE and now[:COVER_AT] == made[:COVER_AT]
    assert now[COVER_AT + IMAGE:] == made[COVER_AT + IMAGE:]
    image = bytes(nvm[0:IMAGE])
    s.save_game(DWS[0])             # an append: the cover is not written
    assert _window(cover) == image != bytes(nvm[0:IMAGE])


@pytest.mark.parametrize("what", ["missing", "short", "long", "foreign"])
def test_a_cover_that_make_flash_did_not_make_is_left_alone(tmp_path, what):
    """No cover file, or one of another size or another first line: the save
    goes on without a cover, and the file is neither created nor changed."""
    path = tmp_path / "nvm.bin"
    made = {"missing": None, "short": b"DWS nvm cover 1\n" + b"\xff" * 100,
            "long": b"DWS nvm cover 1\n" + b"\xff" * (COVER_SIZE + 512),
            "foreign": b"my notes\n" + b"\xff" * (COVER_SIZE - 9)}[what]
    if made is not None:
        path.write_bytes(made)
    base, nxt = full_log()
    s = Store(FlashNvm(base), cover=str(path))
    assert s.save_game(nxt)
    assert Store(bytearray(s.nvm)).load_game() == (nxt, None)
    assert (path.read_bytes() if path.exists() else None) == made


def test_unreachable_cover_is_skipped(tmp_path):
    base, nxt = full_log()
    s = Store(FlashNvm(base), cover=str(tmp_path / "no" / "such" / "dir" / "nvm.bin"))
    assert s.save_game(nxt)
    assert Store(bytearray(s.nvm)).load_game() == (nxt, None)
    assert not (tmp_path / "no").exists()


def test_a_cover_the_nvm_holds_already_is_not_restored(tmp_path):
    """The cover's image is in the nvm (the cut came after the write): the
    log written since is kept; a torn window is ignored."""
    cover = make_cover(tmp_path)
    base, nxt = full_log()
    nvm = FlashNvm(base)
    s = Store(nvm, cover=cover)
    s.save_game(nxt)
    s.save_game(DWS[0])
    assert Store(nvm, cover=cover).load_game() == (DWS[0], None)
    with open(cover, "r+b") as f:   # a torn window is ignored
        f.seek(COVER_AT + 100)
        f.write(b"\xff" * 200)
    assert Store(nvm, cover=cover).load_game() == (DWS[0], None)


def test_the_cover_of_an_older_image_is_never_restored(tmp_path):
    """A cover that could not be written at the last compactions (a computer
    held the drive) must not bring back its image once the nvm has moved on."""
    cover = make_cover(tmp_path)
    base, nxt = full_log()
    nvm = FlashNvm(base)
    s = Store(nvm, cover=cover)
    s.save_game(nxt)
    held = Store(nvm, cover=cover, claim=lambda: False)
    for p in DWS[:80]:              # more saves and compactions, the cover left behind
        held.save_game(p)
    assert held.gen > s.gen
    assert Store(nvm, cover=cover).load_game() == (DWS[79], None)


def _finished(base, erase_always, cover=None):
    """A store on ``base`` whose game just finished: its records counted
    (what the app hands ``finish_game``)."""
    s = Store(FlashNvm(base, erase_always), erase_always, cover)
    rec, _ = load_records(s)
    records_store.count_game(rec, 1, 2, [50, 60], [1])
    return rec


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("room", ["append", "compaction"])
def test_a_cut_in_finish_game_never_loses_the_result_silently(board, room, tmp_path):
    """Letting a finished game go and counting it is one write: a cut at any
    step leaves the game to play out again (its result not counted yet), or
    no game and the result counted, or no game and a note that the last
    result was lost; inside an erase window also what the window allows."""
    erase_always = board == "pybadge"
    if room == "append":
        nvm = board_nvm(board)
        st = Store(nvm, erase_always)
        record_game(st, 2, 3, [4, 5, 6], [0], low_wins=True)
        st.save_game(DWS[0])
        base = bytes(nvm)
    else:
        base, _nxt = full_log(board)
    before = restart(base, erase_always)[0]
    rec = _finished(base, erase_always)
    after = (None, before[1], rec.encode())
    lost_result = (None, before[1], before[2])
    seen = set()
    for cut_at in range(0, 1600):
        nvm = FlashNvm(base, erase_always).arm(cut_at)
        s = Store(nvm, erase_always)
        try:
            finish_game(s, rec)
            cut = False
        except PowerCut:
            cut = True
        got, notes = restart(bytes(nvm), erase_always)
        if got == before:
            seen.add("before")
        elif got == after:
            seen.add("after")
        elif got == lost_result and RECORDS in notes:
            seen.add("result noted lost")
        else:
            assert nvm.window, (cut_at, got, notes)
            assert verdict(got, notes, bytes(nvm), [before, after], 0, True) is not None
            seen.add("window")
        if not cut:
            break
    assert {"before", "after"} <= seen
    assert nvm.erases == 1          # one compaction, room in the log or not


@pytest.mark.parametrize("stride", (1, 7))
def test_every_write_of_the_pybadge_is_a_window(stride):
    base = base_with(DWS[4], board="pybadge", settings={"volume": 0}, record=True)
    seen = outcomes(base, [("save", DWS[5])], erase_always=True, stride=stride, limit=1200)
    image_len = image_after(base, [("save", DWS[5])], True)
    assert seen["window"] == seen["before"] + seen["after"] + seen["noted"] + seen["blank"] - 1
    assert seen["before"] == 1 and seen["blank"] == (stride == 1)
    if stride == 1:   # cut after the erase and 1 .. image_len - 1 bytes: noted
        assert seen["noted"] == image_len - 1 and seen["after"] == 1200 - 1 - image_len
    else:
        assert seen["noted"] >= (image_len - 1) // stride and seen["after"] > 100


# ----- whole games ----------------------------------------------------------------


@pytest.mark.parametrize("board", BOARDS)
def test_whole_dws_game_cut_anywhere(board):
    """A seeded 5-player game saved at every checkpoint, cut at many points."""
    erase_always = board == "pybadge"
    base = base_with(payload(50, 0), board=board)
    ops = [("save", p) for p in DWS] + [("record", (1, 5, [1, 2, 3, 4, 5], [4])), ("clear",)]
    ok, trials, windows = cut_trials(base, ops, stride=97 if board == "pico" else 4001,
                                     erase_always=erase_always)
    assert ok == trials > 100
    assert 0 < windows < trials if board == "pico" else windows == trials - 1  # not the first


def dws_erases(board, games_played=6):
    """Erases of each of several 5-player games saved at every checkpoint,
    recorded and cleared, one after another on the same nvm."""
    nvm = board_nvm(board)
    s = Store(nvm, nvm.erase_always)
    save_settings(s, {"brightness": 7})
    out = []
    for _g in range(games_played):
        before = nvm.erases
        for p in DWS:
            s.save_game(p)
        s.clear_game()
        record_game(s, 1, 5, [1, 2, 3, 4, 5], [4])
        out.append(nvm.erases - before)
    return out, len(DWS)


def test_erases_per_dws_game():
    pico, saves = dws_erases("pico")
    # (17 in 6 games before Dice Wide Shut's save kept the totals by round,
    # 45 bytes more in every image of five players)
    assert max(pico) <= 4 and sum(pico) <= 10 * len(pico) // 3, pico
    badge, _ = dws_erases("pybadge")
    assert badge == [saves + 2] * len(badge)


small_payloads = st.binary(min_size=1, max_size=40) | st.sampled_from(
    [payload(GAME_CAPACITY - 10, 30), payload(GAME_CAPACITY, 31), LARGEST_DWS, DWS[0], DWS[1], DWS[2]])
ops = st.one_of(
    st.tuples(st.just("save"), small_payloads),
    st.tuples(st.just("clear")),
    st.tuples(st.just("restart")),
    st.tuples(st.just("settings"), st.fixed_dictionaries(
        {}, optional={"brightness": st.integers(0, 10), "volume": st.integers(0, 3),
                      "anim_speed": st.integers(0, 2)})),
    st.tuples(st.just("record"), st.tuples(st.integers(1, 5), st.just(2),
                                           st.lists(st.integers(-50, 50), min_size=2, max_size=2),
                                           st.lists(st.integers(0, 1), max_size=2))),
)


@hsettings(max_examples=60, deadline=None)
@given(board=st.sampled_from(BOARDS),
       rounds=st.lists(st.tuples(st.lists(ops, max_size=12), st.integers(0, 5000)),
                       min_size=1, max_size=5))
def test_random_saves_cuts_and_restarts(board, rounds):
    """Several power cuts on the same nvm, each followed by a restart."""
    erase_always = board == "pybadge"
    data = bytes(board_nvm(board))
    for script, cut_at in rounds:
        states, _total = expected_states(data, script, erase_always)
        data, cut, window = run_script(data, script, cut_at, erase_always)
        assert resumed_ok(data, states, cut, window, erase_always)
        game = restart_state(data, erase_always)[0]
        assert game is None or game in [op[1] for op in script if op[0] == "save"] + [states[0][0]]


def test_two_cut_attempts_never_combine_into_an_abandoned_save():
    """A save cut after its head, then (after resuming the previous save and
    playing on) a different, shorter save and another cut: the pieces of the
    attempts never form a valid copy of the first, abandoned one."""
    nvm = FlashNvm(base_with(b"S0-state-xxxxxx", b"S1-state-xxxxxx"))
    with pytest.raises(PowerCut):
        Store(nvm.arm(4)).save_game(b"S2-state-AAAAAA-long")
    nvm.arm(None)
    s = Store(nvm)
    assert s.load_game() == (b"S1-state-xxxxxx", "Last save damaged; using an earlier one")
    with pytest.raises(PowerCut):
        Store(nvm.arm(1 + 20)).save_game(b"S2-state-BBBBBB")
    nvm.arm(None)
    assert Store(bytearray(nvm)).load_game()[0] in (b"S1-state-xxxxxx", None)
    s = Store(nvm)
    s.save_game(b"S3-state-CCCCCC")
    assert Store(nvm).load_game() == (b"S3-state-CCCCCC", None)


def test_the_note_names_what_a_cut_image_lost():
    """A cut while the image comes back: what landed is kept, the rest noted."""
    base = base_with(DWS[3], settings={"brightness": 4}, record=True)
    records_at = HEAD + 12 + 2 + len(DWS[3]) + 4
    for cut_at, lost in ((HEAD - 3, {SETTINGS, GAME, RECORDS}), (HEAD + 5, {SETTINGS, GAME, RECORDS}),
                         (HEAD + 20, {GAME, RECORDS}), (records_at + 10, {RECORDS})):
        nvm = FlashNvm(base).arm(1 + cut_at)       # the erase, then cut_at bytes
        with pytest.raises(PowerCut):
            Store(nvm)._compact(None, None)
        got, notes = restart(bytes(nvm))
        assert set(notes) == lost, cut_at
        assert (got[1] == restart_state(base)[1]) == (SETTINGS not in lost)
        assert (got[0] == DWS[3]) == (GAME not in lost)
