"""Records by player: one page a game (DOWN from the Records), each player
kept on the device who has played it on a line: games, wins, and in the
last column their best score or, LEFT/RIGHT, the figure the game keeps
beside it (``records_store.FIGURES``): the average score (Dice Wide Shut)
or the last score (the others); the most games first.  UP/DOWN go from
game to game, keeping the column; B back.

Guests and device seats keep no records of their own: their games count
in the game's figures and in the wins by seat (``lobby.records``)."""

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.lobby.records_store import AVERAGE, FIGURES, PEOPLE_GAMES
from dws_app.ui import right

HEAD = "Player  Games Wins"    # then the last column's header ("Best"), right-aligned
LINES = 7              # players on a page (rows 2-8)
NOBODY = "No player has played it"
KEYS = "UP/DOWN:game"    # then what LEFT/RIGHT shows instead: "<>:average"
BEST = 0               # the last column: the best score
FIGURE = 1             # the average or last score


def column(game_id, view):
    """(header, the footer's word for it) of the last column."""
    if view == BEST:
        return "Best", "best score"
    return ("Average", "average") if FIGURES[game_id - 1] == AVERAGE else ("Last", "last score")


def average_text(avg):
    """An average (games, whole, remainder) to a tenth, a half upward:
    "41.3", "-12.5"; "-" for none."""
    if avg is None:
        return "-"
    games, whole, rest = avg
    tenths = 10 * whole + (20 * rest + games) // (2 * games)
    return "%s%d.%d" % ("-" if tenths < 0 else "", abs(tenths) // 10, abs(tenths) % 10)


def player_lines(rec, names, game_id, view=BEST):
    """A line per player who has played ``game_id``, the most games first
    (then the order of the list), at most LINES; the last column as
    ``view`` says."""
    rows = []
    average = FIGURES[game_id - 1] == AVERAGE
    for slot in range(len(names)):
        if names[slot]:
            played, wins, best = rec.person(slot, game_id)
            if played:
                if view == BEST:
                    last = "-" if best is None else str(best)
                elif average:
                    last = average_text(rec.average(slot, game_id))
                else:
                    last = rec.last(slot, game_id)
                    last = "-" if last is None else str(last)
                rows.append((-played, slot, "%-8s%5d%5d%8s" % (names[slot], played, wins, last)))
    rows.sort()
    return [line for _n, _s, line in rows[:LINES]]


class PlayerRecordsScreen(widgets.Screen):
    def __init__(self, app, rec, games):
        """``rec``: the Records; ``games``: (game id, title) of the games
        that keep records, in the Records' order."""
        ui.Screen.__init__(self, app)
        from dws_app.lobby.players_store import load_players
        self.rec = rec
        self.names = load_players(app.store)[0]
        self.games = [g for g in games if g[0] <= PEOPLE_GAMES]
        self.at = 0
        self.view = BEST
        self.title = self.text(0, 0, ui.COLS, theme.ACCENT)
        self.fixed(0, 1, theme.DIM, HEAD)
        # (the last column's header and the footer's last words: plain
        # texts as wide as their longest, one layer each)
        self.head = ui.Screen.text(self, ui.COLS - len("Average"), 1, len("Average"), theme.DIM)
        # (blank cells not drawn: a full seven lines took the open over
        # 500 ms on the board, the PyBadge-sized evening)
        self.lines = self.text(0, 2, ui.COLS, theme.FG, lines=LINES)
        self.fixed(0, 9, theme.DIM, KEYS)
        self.keys = ui.Screen.text(self, len(KEYS) + 1, 9, len("<>:best score"), theme.DIM)

    def refresh(self):
        gid, title = self.games[self.at]
        where = "%d of %d" % (self.at + 1, len(self.games))
        self.title.text = title + right(where, ui.COLS - len(title))
        self.head.text = right(column(gid, self.view)[0], self.head.width)
        self.keys.text = "<>:" + column(gid, 1 - self.view)[1]
        lines = player_lines(self.rec, self.names, gid, self.view)
        self.lines.text = "\n".join(lines) if lines else NOBODY

    def on_button(self, name):
        if name in ("UP", "DOWN"):
            self.at = (self.at + (1 if name == "DOWN" else -1)) % len(self.games)
            self.refresh()
        elif name in ("LEFT", "RIGHT"):
            self.view = 1 - self.view
            self.refresh()
        elif name in ("A", "B", "START"):
            self.app.pop()
