"""Players at the table (issue 51): the setup seats a player kept on the
device, a guest or a device level; the game's screens call each seat by
its name; the save keeps who sat where; the last line-up is the next
setup's default."""

import random

import pytest
from hypothesis import given, strategies as st

from dws_app import levels as levels_mod
from dws_app.play.game_held import short_name
from dws_app.catalog import title_of
from dws_app.levels import PLAYER, pack, seat_levels, split
from dws_app.lobby.lineup import keep_lineup, lineup_of, seat_name
from dws_app.lobby.players_store import default_lineup
from dws_app.lobby.menu import MenuScreen
from dws_app.lobby.players_store import SLOTS, decode, decode_all, encode, load_all, save_players
from dws_app.lobby.scores import ScoresScreen, place_lines, winner_text
from dws_app.play.game_base import GameScreen
from dws_app.play.pass_screen import PassScreen
from dws_app.store import Store
from sim.play import dws_step, open_setup
from sim.script import Session
from tests.nvm_faults import cut_images

PROFILES = ("pybadge", "pico_dice")
NAMES = ["ANNA", "BO", "CHRISTOF"] + [None] * 5


def seat_row(s, setup, seat, word):
    """RIGHT on the seats' row until seat ``seat`` shows ``word``."""
    while setup.rows[setup.menu.index] != "seats":
        s.press("DOWN")
    while setup.seat != seat:
        s.press("A")
    for _ in range(20):
        if setup.row_text("seats") == "Seat %d <%s>" % (seat + 1, word):
            return
        s.press("RIGHT")
    raise AssertionError("no %s for seat %d: %s" % (word, seat + 1, setup.row_text("seats")))


# ----- the names ------------------------------------------------------------

def test_a_seat_is_named_by_its_player_its_level_or_its_number():
    players = ["ANNA", None, "BO"] + [None] * 5
    assert seat_name(PLAYER + 0, 0, 1, players) == "ANNA"
    assert seat_name(PLAYER + 2, 3, 1, players) == "BO"
    assert seat_name(PLAYER + 1, 1, 1, players) == "Player 2"     # a slot since freed
    assert seat_name(0, 4, 1, players) == "Player 5"
    assert seat_name(3, 2, 1, players) == "Strong 3"                # Dice Wide Shut's third level
    assert seat_name(2, 1, 2, players) == "Bold 2"                  # Shut the Box's "shut"
    assert seat_name(3, 1, 2, players) == "Lowest 2"                # ... and "score"
    for gid in (1, 2, 3, 4):
        for level in range(1, len(levels_mod.level_names(gid)) + 1):
            for seat in range(8):
                assert len(seat_name(level, seat, gid)) <= 8         # a name's letters at most


def test_short_names_fit_narrow_columns():
    assert short_name("ANNA", 4) == "ANNA"
    assert short_name("CHRISTOF", 3) == "CHR"
    assert short_name("Player 2", 3) == "P2"
    assert short_name("Strong 3", 2) == "S3"


def test_a_line_up_round_trips_through_a_save():
    lineup = lineup_of([None, "strong", None, "easy"], [2, None, None, None], 1)
    assert lineup == [PLAYER + 2, 3, 0, 1]
    data = b"\x01engine"
    packed = pack(lineup, data)
    meta, rest = split(packed)
    assert rest == data and list(meta) == lineup
    assert seat_levels(meta, 1) == [None, "strong", None, "easy"]
    assert levels_mod.game_id(packed) == 1
    assert pack([0, 0], data) == data                       # all guests: the engine's bytes
    assert seat_levels(bytes([PLAYER + 8]), 1) is None      # no such slot
    assert seat_levels(bytes([4]), 1) is None               # no such level


@given(st.lists(st.one_of(st.none(), st.text("ABCXYZ019", min_size=1, max_size=8)),
                min_size=SLOTS, max_size=SLOTS),
       st.integers(1, 4), st.lists(st.integers(0, 0x47), min_size=1, max_size=8))
def test_the_players_list_keeps_a_line_up_beside_the_names(names, gid, seats):
    seen = set()
    names = [None if n is None or n in seen or seen.add(n) else n for n in names]
    data = encode(names, (gid, seats))
    assert decode_all(data) == (names, (gid, seats))
    assert decode(data) == names
    assert decode_all(encode(names)) == (names, None)       # a list without one (issue 51's first)
    assert decode_all(data + b"\x00") is None               # a byte too many


def test_removing_a_player_makes_their_kept_seat_a_guest():
    store = Store(bytearray(b"\xff" * 4096))
    save_players(store, list(NAMES))
    assert keep_lineup(store, 1, [PLAYER + 0, PLAYER + 2, 3])
    assert not keep_lineup(store, 1, [PLAYER + 0, PLAYER + 2, 3])   # the same: no write
    save_players(store, [None] + NAMES[1:])
    names, kept, note = load_all(Store(store.nvm))
    assert names[0] is None and kept == (1, [0, PLAYER + 2, 3]) and note is None


def test_a_line_up_kept_from_one_game_sets_up_another():
    players = list(NAMES)
    # Dice Wide Shut's strong and easy; Shut the Box has both, DicedOut no easy
    kept = (1, [PLAYER + 1, 3, 1])
    assert default_lineup(kept, 2, players) == [PLAYER + 1, 4, 1]
    assert default_lineup(kept, 3, players) == [PLAYER + 1, 2, 2]
    assert default_lineup(kept, 1, [None] * 8) == [0, 3, 1]    # BO since removed
    assert default_lineup(None, 1, players) == []


def test_a_power_cut_in_a_line_up_write_keeps_the_one_before_or_after():
    store = Store(bytearray(b"\xff" * 4096))
    save_players(store, list(NAMES))
    keep_lineup(store, 1, [PLAYER, 0])
    before = bytearray(store.nvm)
    keep_lineup(store, 2, [PLAYER + 2, 4, 0])
    for nvm in cut_images(before, bytes(store.nvm)):
        names, kept, _note = load_all(Store(nvm))
        assert names == NAMES and kept in ((1, [PLAYER, 0]), (2, [PLAYER + 2, 4, 0]))


# ----- the setup and the game -------------------------------------------------

def storm_to_scores(s, seed, presses=3000):
    """Random presses (mostly A and arrows) until the final scores."""
    rnd = random.Random(seed)
    for _ in range(presses):
        if isinstance(s.screen, ScoresScreen):
            return s.screen
        s.press(rnd.choices(("UP", "DOWN", "LEFT", "RIGHT", "A", "B"), (10, 10, 12, 12, 40, 6))[0])
        if rnd.random() < 0.1:
            s.wait(500)
    raise AssertionError("no scores after %d presses" % presses)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_setup_seats_players_and_the_game_calls_them_by_name(profile, tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    s = Session(profile, seed=3, nvm_path=nvm)
    save_players(s.app.store, list(NAMES))
    setup = open_setup(s, title_of(1))
    while setup.players != 3:
        s.press("RIGHT")
    seat_row(s, setup, 0, "ANNA")
    # ANNA sits in one seat at a time: the next seat is offered the others
    s.press("A")
    words = set()
    for _ in range(12):
        words.add(setup.row_text("seats").split("<")[1].rstrip(">"))
        s.press("RIGHT")
    assert words == {"guest", "BO", "CHRISTOF", "easy", "normal", "strong"}
    seat_row(s, setup, 1, "CHRISTOF")
    seat_row(s, setup, 2, "strong")
    assert setup.note.shown() == "Device plays"
    while setup.rows[setup.menu.index] != "start":
        s.press("DOWN")
    s.press("A")
    assert s.app.table.names == ["ANNA", "CHRISTOF", "Strong 3"]
    game = s.app.table.game
    handed = set()
    headers = 0
    for _ in range(300):
        top = s.screen
        if isinstance(top, PassScreen):
            handed.add(top.name.shown().strip())
            s.press("A")
        elif isinstance(top, GameScreen):
            if not s.app.table.seats.device(game.current):
                assert top.header.shown().startswith(s.app.table.names[game.current] + " ")
                headers += 1
            legal = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
            if s.app.table.seats.device(game.current) or not legal:
                s.wait(500)
            else:
                dws_step(s, legal[-1])
        if game.round > 0:
            break
    assert handed and handed <= {"ANNA", "CHRISTOF"} and headers
    # The save keeps who sat where: Continue after a power cut names them again
    s.wait(2000)
    saved = Store(bytearray(s.hw.nvm.data)).load_game()[0]
    assert list(split(saved)[0]) == [PLAYER + 0, PLAYER + 2, 3]
    again = Session(profile, seed=4, nvm_path=nvm)
    assert isinstance(again.screen, MenuScreen)
    again.press("A")
    assert again.app.table.names == ["ANNA", "CHRISTOF", "Strong 3"]


def test_the_scores_name_the_players_and_the_next_setup_starts_from_their_line_up():
    s = Session("pybadge", seed=5)
    save_players(s.app.store, list(NAMES))
    from dws_app.lobby.setup import start_game
    start_game(s.app, 3, 2, {"rounds": 1}, seed=5, seats=[None, "strong"], slots=[1, None])
    assert s.app.table.names == ["BO", "Strong 2"]
    scores = storm_to_scores(s, 5)
    places = [line.shown() for line in scores.places]
    assert sorted(places) == sorted(t for _p, t in place_lines(
        s.app.game_final if hasattr(s.app, "game_final") else scores.game.final_scores(),
        scores.game.ranking(), ["BO", "Strong 2"]))
    assert {p.split()[1] for p in places} == {"BO", "Strong"}
    s.wait(1000)
    assert load_all(s.app.store)[1] == (3, [PLAYER + 1, 2])
    s.press("A")
    setup = open_setup(s, title_of(1))          # another game: its levels by name
    assert setup.players == 2 and setup.lineup[:2] == [PLAYER + 1, 3]
    assert setup.row_text("seats") == "Seat 1 <BO>"


def test_place_lines_align_names_of_any_length():
    lines = place_lines([12, 40, None], [[1], [0], [2]], ["ANNA", "CHRISTOF", "Player 3"])
    assert [t for _p, t in lines] == ["1 CHRISTOF   40", "2 ANNA       12", "3 Player 3    -"]
    assert winner_text([[0, 1]], ["CHRISTOF", "ANNABELL"]) == "Shared win!"
    assert winner_text([[0, 1]], ["AB", "CD"]) == "Shared win: AB CD"
    assert winner_text([[1]], ["AB", "CHRISTOF"]) == "CHRISTOF wins!"
