"""Records: per game the games played and the best score (Shut the Box also
the boxes shut), and the running tally of one player count: games and wins
by seat (whoever sat there) in the seat colours.

Controls: LEFT/RIGHT change the player count (1-8); DOWN shows the
records of the players kept on the device, a game a page
(``lobby.records_people``); SELECT asks to reset that tally, then A resets
it and any other key (B) cancels, so no single press loses data; A, B or
START go back.  Everything is built once; presses
only change text, colours, positions and which seat columns are in the
Group.
"""

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.ui import right      # (not score_table's module: 16 ms of the open on the Pico)
from dws_app.lobby.records_store import MAX_PLAYERS, load_records, reset_tally

NAME_W = 14            # "Dice Wide Shut"
NUM_W = 6              # games and best columns, right-aligned
SEAT_W = 5             # widest seat column
TALLY_ROW = 6
FOOTER = "DOWN:players SELECT:reset"


def recorded_games():
    """(game id, title) of the games that keep records, in menu order."""
    from dws_app.catalog import game_ids
    from dws_core.games import GAMES, ID, RECORDED, TITLE
    ids = game_ids()
    return [(r[ID], r[TITLE]) for r in GAMES if r[ID] in ids and r[RECORDED]]


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def seat_layout(players):
    """(column width, first column) of the seat columns for ``players``:
    "Seat" and "Wins" before them when 3-character columns leave room,
    else "S" and "W" (the glossary's shortening)."""
    colw = max(3, min(SEAT_W, (ui.COLS - 5) // players))
    return colw, min(5, ui.COLS - colw * players)


def tally_heading(players, games):
    """"Wins <3 players>   12 games" in one grid line."""
    left = "Wins <%s>" % plural(players, "player")
    games = plural(games, "game")
    if len(left) + 1 + len(games) > ui.COLS:
        left = left[5:]
    return left + " " * max(1, ui.COLS - len(left) - len(games)) + games


class RecordsScreen(widgets.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        # The texts that never change are plain and as wide as their words,
        # a game's figures two plain texts: a frame visits every layer once
        # per row it draws (~0.8 ms a full frame each on the Pico), and a
        # whole line of SparseText chunks is six.
        self.fixed(0, 0, theme.ACCENT, "Records")
        self.fixed(NAME_W, 0, theme.DIM, right("Games", NUM_W) + right("Best", NUM_W))
        self.rows = []           # (game id, title, games text, best text)
        self.counts = []         # (game id, its words, text): a line under a game
        row = 1                  # whose records count more (Shut the Box: box shut)
        from dws_core.games import COUNTS, field
        for gid, title in recorded_games():
            self.fixed(0, row, theme.FG, title[:NAME_W])
            self.rows.append((gid, title, self.figure(NAME_W, row), self.figure(NAME_W + NUM_W, row)))
            row += 1
            words = field(gid, COUNTS)
            if words is not None:
                self.counts.append((gid, words, self.text(0, row, ui.COLS, theme.DIM)))
                row += 1
        self.heading = ui.Screen.text(self, 0, TALLY_ROW, ui.COLS, theme.ACCENT)   # always full
        self.wins_name = ui.Text(self.root, 2, self.row_y(TALLY_ROW + 1), 4, theme.DIM, lines=2)
        self.seats = []          # the seat columns built so far (``add_seats``)
        self.seats_shown = 0
        self.footer = self.text(0, 9, ui.COLS, theme.DIM, FOOTER)
        self.confirming = False
        self.load()
        self.players = self.busiest()
        # The columns of that count now, the others in the pass after the
        # frame (no press builds display objects): six more took 9 ms of
        # the open on the Pico.
        self.add_seats(self.players)
        if app.pending(app.NEXT_PASS) is None:
            app.later(app.NEXT_PASS, self.add_seats, MAX_PLAYERS)
        else:
            self.add_seats(MAX_PLAYERS)

    def add_seats(self, n):
        """The seat columns up to ``n``, out of the Group (``show_seats``)."""
        y = self.wins_name.y
        while len(self.seats) < n:
            label = ui.Text(self.root, 2, y, SEAT_W, theme.player_colour(len(self.seats)), lines=2)
            self.root.remove(label.node)
            self.seats.append(label)

    def figure(self, col, row):
        """A number right-aligned in the NUM_W columns from ``col`` (the
        first is left blank, as between the columns), a layer a column:
        the blank columns left of a "0" are not drawn (as plain texts
        eight figures drew 32 blank cells, ~46 ms of the frame on the
        Pico; the open took 485 ms)."""
        return self.text(col + 1, row, NUM_W - 1, theme.FG, chunk=1)

    def load(self):
        self.rec, _note = load_records(self.app.store)

    def busiest(self):
        """The player count with the most tallied games (2 when none)."""
        best, most = 2, 0
        for p in range(1, MAX_PLAYERS + 1):
            games = self.rec.tally(p)[0]
            if games > most:
                best, most = p, games
        return best

    def refresh(self):
        for gid, _title, games, best_text in self.rows:
            played, best, _counted = self.rec.game(gid)
            games.text = right(str(played), NUM_W - 1)
            best_text.text = right("-" if best is None else str(best), NUM_W - 1)
        for gid, words, text in self.counts:
            text.text = "  %s %s" % (words, plural(self.rec.game(gid)[2], "time"))
        n = self.players
        games, wins = self.rec.tally(n)
        if self.confirming:
            self.heading.text = "Reset wins for %s?" % plural(n, "player")
            self.heading.color = theme.WARN
        else:
            self.heading.text = tally_heading(n, games)
            self.heading.color = theme.ACCENT
        colw, first = seat_layout(n)
        self.wins_name.text = "Seat\nWins" if first >= 5 else "S\nW"
        y = self.wins_name.y
        for p in range(n):
            label = self.seats[p]
            label.text = right(str(p + 1), SEAT_W) + "\n" + right(str(wins[p]), SEAT_W)
            label.move(2 + (first + colw * (p + 1) - SEAT_W) * ui.CW, y)
        self.show_seats(n)

    def show_seats(self, n):
        """The first ``n`` seat columns in the picture, the others out of
        the Group: not hidden, since the firmware redraws a hidden layer's
        area once after its first frame (six columns: ~17,000 pixels)."""
        while self.seats_shown < n:
            self.root.append(self.seats[self.seats_shown].node)
            self.seats_shown += 1
        while self.seats_shown > n:
            self.seats_shown -= 1
            self.root.remove(self.seats[self.seats_shown].node)

    def say(self, text, colour=theme.DIM):
        self.footer.text = text
        self.footer.color = colour

    def on_button(self, name):
        if self.confirming:
            self.confirming = False
            if name == "A":
                reset_tally(self.app.store, self.players)
                self.load()
                self.say("Wins reset  B:back")
            else:
                self.say(FOOTER)
            self.refresh()
            return
        if name in ("LEFT", "RIGHT"):
            step = 1 if name == "RIGHT" else -1
            self.players = (self.players - 1 + step) % MAX_PLAYERS + 1
            self.say(FOOTER)
            self.refresh()
        elif name == "DOWN":
            from dws_app.lobby.records_people import PlayerRecordsScreen
            self.app.push(PlayerRecordsScreen(self.app, self.rec,
                                              [(gid, title) for gid, title, _g, _b in self.rows]))
        elif name == "SELECT":
            games, wins = self.rec.tally(self.players)
            if games or sum(wins):
                self.confirming = True
                self.say("A:reset  B:cancel", theme.WARN)
                self.refresh()
            else:
                self.say("Nothing to reset  B:back")
        elif name in ("A", "B", "START"):
            self.app.pop()
