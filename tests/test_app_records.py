"""Records: games played, best scores, boxes shut and the running tally on the
Records screen (opened from the menu by buttons) and the tally line on the
final scores screen; a reset needs SELECT then A, anything else cancels."""

import random

import pytest

from dws_app import theme
from dws_app.lobby import scores as scores_mod
from dws_app.lobby.records import RecordsScreen, seat_layout
from dws_app.lobby.scores import ScoresScreen, tally_parts
from dws_core.dws import DiceWideShut
from sim.script import Session
from tests.test_app_screens import _Counter, labels, screen_box
from tests.test_app_stb import new_game as new_stb_game
from tests.test_app_stb import play as play_stb
from dws_app.lobby.records_store import load_records, record_game

PROFILES = ("pybadge", "pico_dice")


def open_records(s):
    """From the menu, by buttons: DOWN to "Records", A."""
    s.app.home()
    menu = s.screen.menu
    assert menu.items[-2:] == ["Records", "Settings"]
    while menu.items[menu.index] != "Records":
        s.press("DOWN")
    s.press("A")
    assert isinstance(s.screen, RecordsScreen)
    return s.screen


def row_of(screen, title):
    for _gid, t, games, best in screen.rows:
        if t == title:
            return "%s %s %s" % (t, games.shown(), best.shown())
    raise AssertionError(title)


def shown_seats(screen):
    """The seat columns in the picture: in the screen's Group and not hidden
    (the columns of absent players are taken out of the Group)."""
    return [label for label in screen.seats
            if not label.hidden and any(item is label.node for item in screen.root)]


def seat_texts(screen):
    """[(header, wins)] of the visible seat columns."""
    out = []
    for label in shown_seats(screen):
        head, wins = label.shown().split("\n")
        out.append((head.strip(), wins.strip()))
    return out


def zeros(game):
    """Independent recount: rounds that ended with the box shut (score 0)."""
    return sum(1 for rounds in game.round_scores for score in rounds if score == 0)


def assert_inside(s):
    app = s.app
    display = s.hw.display
    for label in labels(app.top.root, []):
        if label.hidden or not label.text.strip():
            continue
        x0, y0, x1, y1 = screen_box(label, display)
        assert 0 <= x0 and x1 <= display.width // app.scale, (label.text, x0, x1)
        assert 0 <= y0 and y1 <= display.height // app.scale, (label.text, y0, y1)


def test_final_scores_are_drawn_before_the_records_are_written(monkeypatch):
    """The pass that ends a game shows its scores with the game counted in
    the tally, and the old records and the game's last turn stay in the
    store until the next pass of the main loop writes them (the app's NEXT_PASS)."""
    s = new_stb_game("pico_dice", seed=10, players=1, rounds=5)
    app = s.app
    passes = [0]
    events = []
    poll, push, record = app.poll, app.push, scores_mod.record

    def count_poll():
        passes[0] += 1
        return poll()

    def spy_push(screen):
        push(screen)
        if isinstance(screen, ScoresScreen):
            events.append(("scores", passes[0], load_records(app.store)[0].game(2)[0],
                           screen.tally_text(), app.store.load_game()[0]))

    def spy_record(app, records, lineup):
        events.append(("record", passes[0], type(app.top).__name__))
        record(app, records, lineup)
    monkeypatch.setattr(app, "poll", count_poll)
    monkeypatch.setattr(app, "push", spy_push)
    monkeypatch.setattr(scores_mod, "record", spy_record)
    play_stb(s, random.Random(10), greedy=True)
    assert [e[0] for e in events] == ["scores", "record"]
    (_s, shown_in, played_then, tally, saved_then), (_r, written_in, top) = events
    assert played_then == 0 and tally == "Wins by seat in 1 game: 1"
    # the finished game is let go with its count, not in the press before:
    # until then the store keeps its last turn for Continue
    assert saved_then is not None
    assert written_in == shown_in + 1 and top == "ScoresScreen"
    assert load_records(app.store)[0].game(2)[0] == 1
    assert app.store.load_game()[0] is None


@pytest.mark.parametrize("profile", PROFILES)
def test_played_games_show_on_scores_and_records(profile):
    s = new_stb_game(profile, seed=10, players=1, rounds=5)
    game, _seen, _passes = play_stb(s, random.Random(10), greedy=True)
    first_shut = zeros(game)
    assert first_shut >= 1          # this seed shuts the box: the count is exercised
    score1 = game.scores()[0]
    assert isinstance(s.screen, ScoresScreen)
    assert s.screen.tally_text() == "Wins by seat in 1 game: 1"
    s.press("A")                                   # back to the menu
    # A second game on the same device (same store), started by buttons.
    menu = s.screen.menu
    while menu.items[menu.index] != "Shut the Box":
        s.press("DOWN")
    s.press("A")
    setup = s.screen
    while setup.players != 1:
        s.press("LEFT")
    from sim.play import start_from_setup
    start_from_setup(s)
    game2, _seen, _passes = play_stb(s, random.Random(2), greedy=True)
    assert s.screen.tally_text() == "Wins by seat in 2 games: 2"
    best = min(score1, game2.scores()[0])          # lowest wins in Shut the Box

    screen = open_records(s)
    assert row_of(screen, "Shut the Box").split() == ["Shut", "the", "Box", "2", str(best)]
    [(gid, _words, shut)] = screen.counts
    assert gid == 2 and shut.shown().strip() == "box shut %d time%s" % (
        first_shut + zeros(game2), "" if first_shut + zeros(game2) == 1 else "s")
    assert row_of(screen, "Dice Wide Shut").split()[-2:] == ["0", "-"]
    assert screen.players == 1                     # the count with the most games
    assert screen.heading.shown() == "Wins <1 player>    2 games"
    assert seat_texts(screen) == [("1", "2")]
    assert_inside(s)


@pytest.mark.parametrize("profile", PROFILES)
def test_tally_on_the_scores_screen_in_seat_colours(profile):
    s = new_stb_game(profile, seed=21, players=2, rounds=1)
    record_game(s.app.store, 2, 2, [10, 20], [0], low_wins=True)
    record_game(s.app.store, 2, 2, [10, 10], [0, 1], low_wins=True)   # shared win
    game, _seen, _passes = play_stb(s, random.Random(4))
    screen = s.screen
    wins = [2, 1]                                  # P1 won both games above
    for p in game.ranking()[0]:
        wins[p] += 1
    assert screen.tally_text() == "Wins by seat: %d %d" % tuple(wins)
    assert [label.color for label in screen.tally] == [theme.DIM, theme.player_colour(0),
                                                       theme.player_colour(1)]
    assert screen.tally[0].y == screen.row_y(3)    # under the two places
    assert len(screen.places) == 2
    assert_inside(s)


def finished_dws(players, seed):
    game = DiceWideShut(players, seed=seed)
    rnd = random.Random(seed)
    while not game.over:
        legal = game.legal_steps()
        moves = [st for st in legal if st[0] not in ("drop", "colour")] or legal
        game.step(rnd.choice(moves))
    return game


@pytest.mark.parametrize("profile", PROFILES)
def test_dice_wide_shut_keeps_its_breakdown(profile):
    # Four players: the tally takes the free line 5; the columns stay on 6-8.
    s = Session(profile, seed=3)
    game = finished_dws(4, seed=6)
    s.app.show_scores(game)
    screen = s.screen
    wins = ["0"] * 4
    for p in game.ranking()[0]:
        wins[p] = "1"
    assert screen.tally_text() == "Wins by seat: " + " ".join(wins)
    assert screen.tally[0].y == screen.row_y(5)
    p = screen.player
    cols = game.column_scores(p)
    assert screen.head.shown() == "Player %d:" % (p + 1)
    assert screen.red.shown().endswith("=%d" % sum(cols[:5]))
    assert screen.blue.shown().endswith("=%d" % sum(cols[5:]))
    assert_inside(s)
    # Five players fill lines 1-5: no tally, the breakdown intact.
    s.app.show_scores(finished_dws(5, seed=7))
    screen = s.screen
    assert screen.tally == [] and len(screen.places) == 5
    assert screen.head.shown() == "%s:" % screen.names[screen.player]
    assert_inside(s)


def test_tally_line_shortens_or_gives_way():
    assert [t for t, _s in tally_parts(1, [1])] == ["Wins by seat in 1 game:", " 1"]
    assert [t for t, _s in tally_parts(1, [1, 0])] == ["Wins by seat:", " 1", " 0"]
    assert [s for _t, s in tally_parts(5, [3, 2])] == [None, 0, 1]
    # The games go first: "Wins by seat" stays while it fits
    parts = tally_parts(12, [3, 2, 7])
    assert "".join(t for t, _s in parts) == "Wins by seat: 3 2 7"
    parts = tally_parts(12, [3, 2, 1, 0])
    assert [s for _t, s in parts] == [None, 0, 1, 2, 3]
    # Seven seats of 40 games: "Wins:".
    parts = tally_parts(40, [9, 8, 7, 6, 5, 4, 1])
    assert "".join(t for t, _s in parts) == "Wins: 9 8 7 6 5 4 1"
    assert tally_parts(60000, [60000] * 7) is None


@pytest.mark.parametrize("profile", PROFILES)
def test_reset_needs_select_then_a(profile):
    s = Session(profile, seed=4)
    store = s.app.store
    record_game(store, 1, 3, [50, 61, 40], [1])
    record_game(store, 1, 3, [70, 20, 40], [0])
    record_game(store, 3, 2, [30, 25], [1], low_wins=True)
    screen = open_records(s)
    assert screen.players == 3
    assert row_of(screen, "Dice Wide Shut").split()[-2:] == ["2", "70"]
    assert row_of(screen, "DicedOut").split()[-2:] == ["1", "25"]
    assert screen.heading.shown() == "Wins <3 players>   2 games"
    assert seat_texts(screen) == [("1", "1"), ("2", "1"), ("3", "0")]
    saved = load_records(store)[0].encode()

    s.press("SELECT")                              # ask...
    assert screen.confirming
    assert screen.heading.shown() == "Reset wins for 3 players?"
    assert screen.heading.color == theme.WARN
    assert screen.footer.shown() == "A:reset  B:cancel"
    s.press("B")                                   # ...cancelled
    assert not screen.confirming and s.screen is screen
    assert load_records(store)[0].encode() == saved
    assert screen.heading.shown() == "Wins <3 players>   2 games"
    assert screen.footer.shown() == "DOWN:players SELECT:reset"

    s.press("SELECT", "LEFT")                      # any other key cancels, and only cancels
    assert not screen.confirming and screen.players == 3
    assert load_records(store)[0].encode() == saved

    s.press("SELECT", "A")                         # confirmed
    rec = load_records(store)[0]
    assert rec.tally(3) == (0, [0, 0, 0])
    assert rec.tally(2) == (1, [0, 1])             # other player counts untouched
    assert rec.game(1) == (2, 70, 0) and rec.game(3) == (1, 25, 0)
    assert s.screen is screen
    assert screen.heading.shown() == "Wins <3 players>   0 games"
    assert seat_texts(screen) == [("1", "0"), ("2", "0"), ("3", "0")]
    assert screen.footer.shown() == "Wins reset  B:back"

    s.press("SELECT")                              # nothing left: no question asked
    assert not screen.confirming
    assert screen.footer.shown() == "Nothing to reset  B:back"
    s.press("LEFT")
    assert screen.players == 2 and seat_texts(screen) == [("1", "0"), ("2", "1")]
    s.press("B")
    assert type(s.screen).__name__ == "MenuScreen"


@pytest.mark.parametrize("profile", PROFILES)
def test_every_player_count_fits_in_seat_colours(profile):
    s = Session(profile, seed=5)
    for n in range(1, 9):
        record_game(s.app.store, 2, n, [n] * n, list(range(n)), low_wins=True)
    record_game(s.app.store, 2, 8, [1] * 8, [7], low_wins=True)
    screen = open_records(s)
    assert screen.players == 8
    s.press("RIGHT")
    assert screen.players == 1                     # wraps 8 -> 1
    for n in range(1, 9):
        assert screen.players == n
        games = 2 if n == 8 else 1
        assert screen.heading.shown().split()[-2:] == [str(games), "game" + ("s" if games > 1 else "")]
        seats = seat_texts(screen)
        assert [h for h, _w in seats] == ["%d" % (p + 1) for p in range(n)]
        assert [w for _h, w in seats] == ["1"] * (n - 1) + [str(games if n == 8 else 1)]
        shown = shown_seats(screen)
        assert [label.color for label in shown] == [theme.player_colour(p) for p in range(n)]
        xs = [label.x for label in shown]
        assert xs == sorted(xs) and len(set(xs)) == n
        colw, first = seat_layout(n)
        assert colw >= 3 and first + colw * n <= 26
        assert screen.wins_name.shown().split() == (["Seat", "Wins"] if first >= 5 else ["S", "W"])
        assert_inside(s)
        s.press("SELECT")
        assert_inside(s)                           # the question fits too
        s.press("B", "RIGHT")
    assert screen.players == 1
    s.press("LEFT")
    assert screen.players == 8                     # wraps 1 -> 8


@pytest.mark.parametrize("profile", PROFILES)
def test_presses_create_no_display_objects(profile, monkeypatch):
    s = Session(profile, seed=6)
    record_game(s.app.store, 4, 5, [10, 12, 8, 3, 9], [1])
    screen = open_records(s)
    counter = _Counter(monkeypatch)
    assert screen.players == 5
    # Round the player counts back to 5, ask and cancel twice, reset, then
    # SELECT with nothing left to reset: every label only changes its text.
    # (DOWN opens the players' records: tests/test_app_records_people.py)
    for name in ["LEFT"] * 8 + ["RIGHT"] * 3 + ["LEFT"] * 3 + [
            "SELECT", "B", "SELECT", "UP", "UP", "SELECT", "A", "SELECT", "LEFT"]:
        s.press(name)
        assert s.screen is screen
    assert load_records(s.app.store)[0].tally(5) == (0, [0] * 5)
    assert counter.count == 0


def test_the_winners_title_is_in_the_winners_colour():
    from dws_app import theme
    seen = set()
    for seed in range(1, 12):
        game = finished_dws(3, seed=seed)
        best = game.ranking()[0]
        if len(best) != 1 or best[0] in seen:
            continue
        seen.add(best[0])
        s = Session("pybadge", seed=3)
        s.app.show_scores(game)
        assert s.screen.title.color == theme.player_colour(best[0])
    assert len(seen) >= 2          # a winner other than player 1 among them
