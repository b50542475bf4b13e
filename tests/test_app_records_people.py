"""Records that follow people (issue 51): per player kept on the device and
game, the games played, the wins and the best score; counted from the seats
they sat in, shown a game a page from the Records, gone with the player;
the records a build before them wrote read as they were, with no player's
records."""

from hypothesis import given, strategies as st

from dws_app.catalog import title_of
from dws_app.lobby.players import PlayersScreen
from dws_app.lobby.players_store import save_players
from dws_app.lobby.records import RecordsScreen
from dws_app.lobby.records_people import HEAD, NOBODY, PlayerRecordsScreen, player_lines
from dws_app.lobby.records_store import (PEOPLE_GAMES, RECORDS_SIZE, SEATS_SIZE, Records, count_game,
                                         load_records, record_game, records_body, save_records)
from dws_app.lobby.scores import ScoresScreen
from dws_app.lobby.setup import start_game
from dws_app.store import Store
from dws_app.store_format import RECORDS
from sim.play import type_name
from sim.script import Session
from tests.nvm_faults import cut_images
from test_app_lineup import storm_to_scores

NAMES = ["ANNA", "BO", "CHRISTOF"] + [None] * 5


def blank_store():
    return Store(bytearray(b"\xff" * 4096))


def test_a_game_counts_for_the_players_who_sat_in_it():
    rec = Records()
    # ANNA (slot 0) in seat 1 wins; CHRISTOF (slot 2) in seat 3; seat 2 a guest
    count_game(rec, 1, 3, [40, 55, 12], [1], slots=[0, None, 2])
    count_game(rec, 1, 2, [30, 20], [0], slots=[2, 0])
    assert rec.person(0, 1) == (2, 0, 40)
    assert rec.person(2, 1) == (2, 1, 30)
    assert rec.person(1, 1) == (0, 0, None)             # BO never sat down
    # the lowest score is best where it wins (Shut the Box)
    count_game(rec, 2, 2, [9, 4], [1], low_wins=True, slots=[None, 1])
    count_game(rec, 2, 2, [3, 7], [0], low_wins=True, slots=[None, 1])
    assert rec.person(1, 2) == (2, 1, 4)
    # the game's own figures and the wins by seat as ever
    assert rec.game(1)[0] == 2 and rec.tally(3) == (1, [0, 1, 0])
    # a game without players' records (the dice) or beyond them counts none
    assert rec.person(0, 5) == (0, 0, None)


def test_a_removed_players_records_go_with_them():
    rec = Records()
    count_game(rec, 3, 2, [20, 30], [0], low_wins=True, slots=[0, 1])
    rec.forget(0)
    assert rec.person(0, 3) == (0, 0, None) and rec.person(1, 3) == (1, 0, 30)


def test_bad_slots_are_refused_and_change_nothing():
    rec = Records()
    before = bytes(rec.encode())
    for slots in ([0], [0, 8], [0, -1]):
        try:
            count_game(rec, 1, 2, [1, 2], [0], slots=slots)
        except ValueError:
            pass
        else:
            raise AssertionError(slots)
    assert bytes(rec.encode()) == before


@given(st.lists(st.tuples(st.integers(1, 4), st.lists(st.one_of(st.none(), st.integers(0, 7)),
                                                       min_size=2, max_size=5, unique=True),
                          st.integers(-200, 200)), max_size=30))
def test_every_players_games_and_wins_add_up(games):
    rec = Records()
    played = {}
    won = {}
    for gid, slots, score in games:
        n = len(slots)
        scores = [score + k for k in range(n)]
        winner = [n - 1]
        count_game(rec, gid, n, scores, winner, slots=slots)
        for seat, slot in enumerate(slots):
            if slot is not None:
                played[slot, gid] = played.get((slot, gid), 0) + 1
                won[slot, gid] = won.get((slot, gid), 0) + (seat == n - 1)
    for slot in range(8):
        for gid in range(1, PEOPLE_GAMES + 1):
            got = rec.person(slot, gid)
            assert got[:2] == (played.get((slot, gid), 0), won.get((slot, gid), 0))
            assert (got[2] is None) == (got[0] == 0)
    # kept and read back, in either of the store's forms
    body = records_body(rec)
    assert len(body) != SEATS_SIZE
    store = blank_store()
    save_records(store, rec)
    assert load_records(Store(store.nvm))[0].encode() == rec.encode()


def test_records_from_before_the_players_records_read_as_they_were():
    """An nvm whose records a build before this one wrote (136 bytes, whole
    or as runs from zeros): every figure is kept, the wins by seat stay the
    seats' (guests'), and no player has records."""
    old = Records()
    count_game(old, 1, 2, [40, 30], [0])
    count_game(old, 2, 3, [5, 0, 9], [1], low_wins=True, shut=1)
    seats = bytes(old.encode()[:SEATS_SIZE])
    from dws_app.store_format import delta
    for body in (seats, delta(bytes(SEATS_SIZE), seats)):
        store = blank_store()
        store._put(RECORDS, body)
        rec, note = load_records(Store(store.nvm))
        assert note is None and len(rec.encode()) == RECORDS_SIZE
        assert rec.encode()[:SEATS_SIZE] == seats
        assert rec.game(2) == (1, 0, 1) and rec.tally(3) == (1, [0, 1, 0])
        assert all(rec.person(s, g) == (0, 0, None) for s in range(8) for g in range(1, 5))
        # the next game counts on top, for its players too
        count_game(rec, 1, 2, [10, 60], [1], slots=[None, 0])
        save_records(store, rec)
        again = load_records(Store(store.nvm))[0]
        assert again.game(1) == (2, 60, 0) and again.person(0, 1) == (1, 1, 60)


def test_a_power_cut_in_a_records_update_keeps_the_records_before_or_after():
    store = blank_store()
    record_game(store, 1, 2, [40, 30], [0], slots=[0, 1])
    before = bytearray(store.nvm)
    old = load_records(store)[0].encode()[:]
    record_game(store, 1, 2, [50, 70], [1], slots=[0, 1])
    new = load_records(store)[0].encode()[:]
    for nvm in cut_images(before, bytes(store.nvm)):
        assert load_records(Store(nvm))[0].encode() in (old, new)


# ----- the app ----------------------------------------------------------------

def test_a_played_game_shows_on_its_players_records_page():
    s = Session("pybadge", seed=5)
    save_players(s.app.store, list(NAMES))
    start_game(s.app, 3, 2, {"rounds": 1}, seed=5, seats=[None, "strong"], slots=[1, None])
    scores = storm_to_scores(s, 5)
    assert isinstance(scores, ScoresScreen)
    game = scores.game
    s.wait(1000)                    # the records' write, a pass after the frame
    rec = load_records(s.app.store)[0]
    won = 0 in game.ranking()[0]
    assert rec.person(1, 3) == (1, int(won), game.final_scores()[0])
    assert rec.person(0, 3) == (0, 0, None)
    s.press("A")
    menu = s.screen.menu
    s.press(*["DOWN"] * menu.items.index("Records"), "A")
    assert isinstance(s.screen, RecordsScreen)
    s.press("DOWN")
    page = s.screen
    assert isinstance(page, PlayerRecordsScreen)
    assert page.title.shown().startswith(title_of(1))
    assert page.lines.shown().split("\n")[0].strip() == NOBODY
    s.press("DOWN", "DOWN")                 # Dice Wide Shut, Shut the Box, DicedOut
    assert page.title.shown().startswith(title_of(3))
    line = page.lines.shown().split("\n")[0]
    assert line.split() == ["BO", "1", str(int(won)), str(game.final_scores()[0])]
    assert len(HEAD) <= 26 and len(line.rstrip()) <= 26
    s.press("B")
    assert isinstance(s.screen, RecordsScreen)


def test_player_lines_put_the_most_games_first():
    rec = Records()
    for _ in range(3):
        count_game(rec, 1, 2, [10, 20], [1], slots=[2, 0])
    count_game(rec, 1, 2, [-5, 7], [1], slots=[1, None])
    lines = player_lines(rec, NAMES, 1)
    assert [l.split()[0] for l in lines] == ["ANNA", "CHRISTOF", "BO"]
    assert lines[0].split() == ["ANNA", "3", "3", "20"] and lines[2].split() == ["BO", "1", "0", "-5"]
    assert player_lines(rec, [None] * 8, 1) == []


def test_removing_a_player_removes_their_records_on_the_device():
    s = Session("pybadge", seed=2)
    save_players(s.app.store, list(NAMES))
    record_game(s.app.store, 2, 2, [3, 9], [0], low_wins=True, slots=[0, 1])
    menu = s.screen.menu
    s.press(*["DOWN"] * menu.items.index("Settings"), "A")
    s.press(*["DOWN"] * (len(s.screen.menu.items) - 1), "A")
    assert isinstance(s.screen, PlayersScreen)
    s.press("SELECT", "SELECT")                 # ANNA, asked twice
    rec = load_records(s.app.store)[0]
    assert rec.person(0, 2) == (0, 0, None) and rec.person(1, 2) == (1, 0, 9)
    assert s.screen.names[0] is None
    # a new player in her slot starts with no records, whatever was there
    rec.forget(1)
    count_game(rec, 2, 2, [1, 2], [0], low_wins=True, slots=[None, 0])
    save_records(s.app.store, rec)
    s.press("UP")
    while s.screen.menu.items[s.screen.menu.index] != "New player":
        s.press("DOWN")
    s.press("A")
    type_name(s, "DAN")
    assert load_records(s.app.store)[0].person(0, 2) == (0, 0, None)
