"""Records that follow people (issue 51): per player kept on the device and
game, the games played, the wins, the best score and the average score
(Dice Wide Shut) or the last score (the others); counted from the seats
they sat in, shown a game a page from the Records, gone with the player;
the records two builds before wrote (before the players' records, and
before their averages and last scores) read as they were."""

import struct
from fractions import Fraction

from hypothesis import given, strategies as st

from dws_app.catalog import title_of
from dws_app.lobby.players import PlayersScreen
from dws_app.lobby.players_store import save_players
from dws_app.lobby.records import RecordsScreen
from dws_app.lobby.records_people import (FIGURE, HEAD, KEYS, NOBODY, PlayerRecordsScreen,
                                          average_text, player_lines)
from dws_app.lobby.records_store import (AVERAGE, FIGURES, FIGURE_AT, FIGURES_SIZE, LAST, PEOPLE_GAMES,
                                         PEOPLE_SIZE, RECORDS_SIZE, SEATS_SIZE, Records, _patch, _runs,
                                         count_game, load_records, record_game, records_body,
                                         save_records)
from dws_app.lobby.scores import ScoresScreen
from dws_app.lobby.setup import start_game
from dws_app.store import Store
from dws_app.store_format import MAX_DELTA, RECORDS, delta
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
    count_game(rec, 1, 2, [20, 30], [1], slots=[0, 1])
    rec.forget(0)
    assert rec.person(0, 3) == (0, 0, None) and rec.person(1, 3) == (1, 0, 30)
    assert rec.last(0, 3) is None and rec.average(0, 1) is None
    assert rec.last(1, 3) == 30 and rec.average(1, 1) == (1, 30, 0)


# ----- the average or the last score ------------------------------------------

def test_each_game_keeps_the_figure_its_rules_page_names():
    """Dice Wide Shut the average (its games end alike: one score compares
    with another), the games with a Rounds option the last score; the
    layout: 12 bytes a slot after the 328 of the build before."""
    assert FIGURES == (AVERAGE, LAST, LAST, LAST) and PEOPLE_GAMES == 4
    assert FIGURE_AT == (0, 6, 8, 10) and FIGURES_SIZE == 12
    assert (SEATS_SIZE, PEOPLE_SIZE, RECORDS_SIZE) == (136, 328, 424)
    import os
    rules = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "rules")
    for name, word in (("dice-wide-shut", "average score"), ("shut-the-box", "last score"),
                       ("dicedout", "last score"), ("cargo", "last score")):
        with open(os.path.join(rules, name + ".md")) as f:
            text = f.read()
        assert "## Records" in text and word in text.split("## Records")[1].split("##")[0], name


def test_the_average_and_the_last_score_after_a_few_games():
    rec = Records()
    # Dice Wide Shut: ANNA (slot 0) 40, 21, 0; CHRISTOF (slot 2) 12, 30;
    # a guest and a device seat (None) keep nothing of their own
    count_game(rec, 1, 3, [40, 55, 12], [1], slots=[0, None, 2])
    count_game(rec, 1, 2, [30, 21], [0], slots=[2, 0])
    count_game(rec, 1, 3, [0, -50, 61], [2], slots=[0, None, None])
    assert rec.average(0, 1) == (3, 20, 1)           # 61 / 3 = 20 + 1/3
    assert rec.average(2, 1) == (2, 21, 0)
    assert rec.average(1, 1) is None and rec.last(0, 1) is None
    # a negative average: the whole part rounded down, the remainder up
    count_game(rec, 1, 1, [-5], [0], slots=[1])
    count_game(rec, 1, 1, [-8], [0], slots=[1])
    assert rec.average(1, 1) == (2, -7, 1)           # -13 / 2 = -7 + 1/2
    # the others: the last score, 0 (a shut box) too
    count_game(rec, 2, 2, [9, 4], [1], low_wins=True, slots=[None, 1])
    count_game(rec, 2, 2, [0, 7], [0], low_wins=True, slots=[1, 0])
    count_game(rec, 3, 2, [31, 25], [1], low_wins=True, slots=[0, None])
    count_game(rec, 4, 2, [12, 9], [0], slots=[2, 0])
    assert (rec.last(1, 2), rec.last(0, 2), rec.last(2, 2)) == (0, 7, None)
    assert (rec.last(0, 3), rec.last(0, 4), rec.last(2, 4)) == (31, 9, 12)
    assert rec.person(1, 2) == (2, 2, 0)
    # a game without players' records, or the wrong kind of figure: none
    assert rec.last(0, 1) is None and rec.average(0, 2) is None and rec.last(0, 5) is None
    # scores beyond a word are held at its ends, as the best score
    count_game(rec, 4, 1, [40000], [0], slots=[5])
    count_game(rec, 1, 1, [-40000], [0], slots=[5])
    assert rec.last(5, 4) == 32767 and rec.average(5, 1) == (1, -32767, 0)


def test_the_average_is_exact_over_many_games_and_stops_at_the_count_limit():
    rec = Records()
    scores = [(k * 37) % 201 - 50 for k in range(700)]      # -50..150, 700 games
    for v in scores:
        count_game(rec, 1, 1, [v], [], slots=[3])
    games, whole, rest = rec.average(3, 1)
    assert games == 700 and Fraction(whole) + Fraction(rest, games) == Fraction(sum(scores), 700)
    # the largest scores: no sum kept, nothing overflows
    for _ in range(300):
        count_game(rec, 1, 1, [32767], [0], slots=[4])
    assert rec.average(4, 1) == (300, 32767, 0)
    # 65,535 games counted: the average stays as it is (and so do the games)
    at = PEOPLE_SIZE + FIGURES_SIZE * 6
    rec.data[at:at + 6] = bytes((0xFF, 0xFF, 0, 9, 0, 4))
    count_game(rec, 1, 1, [100], [0], slots=[6])
    assert rec.average(6, 1) == (65535, 9, 4)


def test_an_average_shows_to_a_tenth_a_half_upward():
    assert average_text(None) == "-"
    assert average_text((3, 20, 1)) == "20.3"        # 20.33
    assert average_text((3, 20, 2)) == "20.7"        # 20.67
    assert average_text((4, 2, 1)) == "2.3"          # 2.25
    assert average_text((4, -3, 3)) == "-2.2"        # -2.25
    assert average_text((2, -7, 1)) == "-6.5"
    assert average_text((2, -1, 1)) == "-0.5"
    assert average_text((20, 9, 19)) == "10.0"       # 9.95
    assert average_text((1, -32767, 0)) == "-32767.0"


@given(st.lists(st.integers(-32767, 32767), min_size=1, max_size=40), st.integers(0, 0xFFFF))
def test_the_average_is_the_scores_sum_over_their_number(scores, _seed):
    rec = Records()
    for v in scores:
        count_game(rec, 1, 2, [v, 0], [0], slots=[7, None])
    games, whole, rest = rec.average(7, 1)
    exact = Fraction(sum(scores), len(scores))
    assert games == len(scores) and 0 <= rest < games and whole + Fraction(rest, games) == exact
    shown = Fraction(average_text((games, whole, rest)))
    assert exact - Fraction(1, 20) < shown <= exact + Fraction(1, 20)


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
    scored = {}
    for gid, slots, score in games:
        n = len(slots)
        scores = [score + k for k in range(n)]
        winner = [n - 1]
        count_game(rec, gid, n, scores, winner, slots=slots)
        for seat, slot in enumerate(slots):
            if slot is not None:
                played[slot, gid] = played.get((slot, gid), 0) + 1
                won[slot, gid] = won.get((slot, gid), 0) + (seat == n - 1)
                scored.setdefault((slot, gid), []).append(scores[seat])
    for slot in range(8):
        for gid in range(1, PEOPLE_GAMES + 1):
            got = rec.person(slot, gid)
            assert got[:2] == (played.get((slot, gid), 0), won.get((slot, gid), 0))
            assert (got[2] is None) == (got[0] == 0)
            mine = scored.get((slot, gid))
            if FIGURES[gid - 1] == AVERAGE:
                avg = rec.average(slot, gid)
                assert (avg is None) == (mine is None) and rec.last(slot, gid) is None
                if mine:
                    assert avg[0] == len(mine)
                    assert avg[1] + Fraction(avg[2], avg[0]) == Fraction(sum(mine), len(mine))
            else:
                assert rec.last(slot, gid) == (mine[-1] if mine else None)
                assert rec.average(slot, gid) is None
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


def last_builds_records():
    """A records payload in the layout of the build before the averages and
    last scores (328 bytes), written out word by word from its description:
    per game id 1-8 (played, best or -32768, shut), per player count 1-8
    the games and a win count per seat, per slot 0-7 and game id 1-4
    (played, wins, best); and the figures it holds."""
    games = {1: (3, 61, 0), 2: (2, 0, 1), 3: (1, 25, 0), 4: (1, 12, 0)}
    words = []
    for gid in range(1, 9):
        played, best, shut = games.get(gid, (0, -32768, 0))
        words += [played, best & 0xFFFF, shut]
    tallies = {2: (4, [2, 2]), 3: (3, [1, 1, 1])}
    for players in range(1, 9):
        n, wins = tallies.get(players, (0, [0] * players))
        words += [n] + wins
    people = {(0, 1): (2, 0, 40), (2, 1): (2, 1, 30), (1, 2): (2, 1, 0), (0, 2): (1, 0, 7),
              (0, 3): (1, 0, 31), (7, 4): (65535, 65535, -7)}
    for slot in range(8):
        for gid in range(1, 5):
            played, wins, best = people.get((slot, gid), (0, 0, 0))
            words += [played, wins, best & 0xFFFF]
    data = struct.pack(">%dH" % len(words), *words)
    assert len(data) == 328
    return data, games, tallies, people


def test_records_from_before_the_averages_read_as_they_were():
    """An nvm whose records the build before this one wrote (328 bytes a
    body, whole or as runs from zeros): every figure is kept, and nobody
    has an average or a last score until their next game; the page shows
    "-" for it."""
    old, games, tallies, people = last_builds_records()
    short = delta(bytes(len(old)), old)
    assert short is not None and len(short) <= MAX_DELTA
    bodies = [old, short]
    # and a bigger one, whole: every slot in every game
    full = bytearray(old)
    for i in range(SEATS_SIZE, PEOPLE_SIZE, 2):
        full[i + 1] |= 1
    assert delta(bytes(len(full)), bytes(full)) is None
    for body in bodies + [bytes(full)]:
        store = blank_store()
        store._put(RECORDS, body)
        rec, note = load_records(Store(store.nvm))
        assert note is None and len(rec.encode()) == RECORDS_SIZE
        assert bytes(rec.encode()[:PEOPLE_SIZE]) == body if len(body) == PEOPLE_SIZE else \
            bytes(rec.encode()[:PEOPLE_SIZE]) == old
        assert not any(rec.encode()[PEOPLE_SIZE:])
        if body is not bodies[0] and body is not bodies[1]:
            continue
        for gid in range(1, 9):
            played, best, shut = games.get(gid, (0, None, 0))
            assert rec.game(gid) == (played, best, shut)
        for players in range(1, 9):
            assert rec.tally(players) == tallies.get(players, (0, [0] * players))
        for slot in range(8):
            for gid in range(1, 5):
                played, wins, best = people.get((slot, gid), (0, 0, None))
                assert rec.person(slot, gid) == (played, wins, best if played else None)
                assert rec.average(slot, gid) is None and rec.last(slot, gid) is None
        lines = player_lines(rec, NAMES, 1, FIGURE)
        assert lines == ["ANNA        2    0       -", "CHRISTOF    2    1       -"]
        # the next game counts on top, and the figures start with it
        count_game(rec, 1, 2, [10, 60], [1], slots=[2, 0])
        count_game(rec, 2, 2, [5, 3], [1], low_wins=True, slots=[1, 0])
        save_records(store, rec)
        again = load_records(Store(store.nvm))[0]
        assert again.game(1) == (4, 61, 0) and again.person(0, 1) == (3, 1, 60)
        assert again.average(0, 1) == (1, 60, 0) and again.average(2, 1) == (1, 10, 0)
        assert again.person(1, 2) == (3, 1, 0) and again.last(1, 2) == 5 and again.last(0, 2) == 3
        assert again.person(7, 4) == (65535, 65535, -7) and again.last(7, 4) is None


def test_the_oldest_records_read_through_this_layout_too():
    """A 136-byte body (before the players' records), whole or as runs from
    zeros: this build reads it with every player's figures empty."""
    old, games, tallies, _people = last_builds_records()
    seats = old[:SEATS_SIZE]
    for body in (seats, delta(bytes(SEATS_SIZE), seats)):
        store = blank_store()
        store._put(RECORDS, body)
        rec, note = load_records(Store(store.nvm))
        assert note is None and bytes(rec.encode()[:SEATS_SIZE]) == seats
        assert not any(rec.encode()[SEATS_SIZE:])
        assert [rec.game(g) for g in range(1, 5)] == [games[g] for g in range(1, 5)]
        assert rec.tally(2) == (4, [2, 2])


@given(st.lists(st.tuples(st.integers(0, RECORDS_SIZE - 1), st.integers(1, 255)), max_size=60),
       st.lists(st.tuples(st.integers(0, RECORDS_SIZE - 1), st.integers(1, 200)), max_size=3))
def test_the_records_runs_are_the_stores_delta_from_zeros(points, spans):
    """``_runs`` (counted, then written, no buffer of zeros) makes the bytes
    ``store_format.delta`` makes from zeros, and ``_patch`` reads them back
    from the middle of a bigger buffer (as from the nvm)."""
    data = bytearray(RECORDS_SIZE)
    for at, n in spans:
        data[at:at + n] = b"\x07" * len(data[at:at + n])
    for at, v in points:
        data[at] = v
    want = delta(bytes(RECORDS_SIZE), bytes(data))
    n = _runs(data)
    if want is None:
        assert n == MAX_DELTA + 1
        return
    assert n == len(want)
    out = bytearray(n)
    assert _runs(data, out) == n and bytes(out) == want
    nvm = b"\xaa" * 5 + want + b"\xbb" * 3
    back = bytearray(RECORDS_SIZE)
    assert _patch(back, nvm, 5, 5 + n) and back == data


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
    assert head(page) == "Player  Games Wins    Best"
    assert keys(page) == "UP/DOWN:game <>:average"
    s.press("RIGHT")                        # Dice Wide Shut keeps the average
    assert head(page) == "Player  Games Wins Average" and keys(page) == "UP/DOWN:game <>:best score"
    s.press("LEFT")
    s.press("DOWN", "DOWN")                 # Dice Wide Shut, Shut the Box, DicedOut
    assert page.title.shown().startswith(title_of(3))
    line = page.lines.shown().split("\n")[0]
    score = game.final_scores()[0]
    assert line.split() == ["BO", "1", str(int(won)), str(score)]
    assert len(HEAD) <= 26 and len(line.rstrip()) <= 26
    assert keys(page) == "UP/DOWN:game <>:last score"
    s.press("RIGHT")                        # DicedOut keeps the last score
    assert head(page) == "Player  Games Wins    Last" and keys(page) == "UP/DOWN:game <>:best score"
    assert page.lines.shown().split("\n")[0] == "BO          1%5d%8d" % (int(won), score)
    s.press("UP")                           # the column stays: Shut the Box's last score
    assert head(page) == "Player  Games Wins    Last"
    assert page.lines.shown().split("\n")[0].strip() == NOBODY
    s.press("B")
    assert isinstance(s.screen, RecordsScreen)


def test_the_players_page_lines_in_either_column():
    rec = Records()
    count_game(rec, 1, 3, [40, 55, 12], [1], slots=[0, None, 2])
    count_game(rec, 1, 2, [30, 21], [0], slots=[2, 0])
    count_game(rec, 1, 2, [-5, 7], [1], slots=[1, None])
    count_game(rec, 4, 2, [12, 9], [0], slots=[2, 0])
    count_game(rec, 4, 2, [3, 17], [1], slots=[2, 0])
    assert player_lines(rec, NAMES, 1) == [
        "ANNA        2    0      40",
        "CHRISTOF    2    1      30",
        "BO          1    0      -5"]
    assert player_lines(rec, NAMES, 1, FIGURE) == [
        "ANNA        2    0    30.5",
        "CHRISTOF    2    1    21.0",
        "BO          1    0    -5.0"]
    assert player_lines(rec, NAMES, 4, FIGURE) == [
        "ANNA        2    1      17",
        "CHRISTOF    2    1       3"]
    assert player_lines(rec, NAMES, 4) == [
        "ANNA        2    1      17",
        "CHRISTOF    2    1      12"]
    # the widest figures still fit the 26 columns
    big = Records()
    for _ in range(3):
        count_game(big, 1, 1, [-32767], [0], slots=[2])
        count_game(big, 2, 1, [-32767], [0], slots=[2])
    assert max(len(l) for g in (1, 2) for v in (0, 1) for l in player_lines(big, NAMES, g, v)) == 26


def head(page):
    """The header row as the screen shows it (its last column's words
    right-aligned in their own text)."""
    return HEAD.ljust(26 - page.head.width) + page.head.shown()


def keys(page):
    return (KEYS + " " + page.keys.shown()).rstrip()


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
