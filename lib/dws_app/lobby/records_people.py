"""Records by player: one page a game (DOWN from the Records), each player
kept on the device who has played it on a line: games, wins and best
score, the most games first.  UP/DOWN go from game to game, B back.

Guests and device seats keep no records of their own: their games count
in the game's figures and in the wins by seat (``lobby.records``)."""

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.lobby.records_store import PEOPLE_GAMES
from dws_app.ui import right

HEAD = "Player" + right("Games", 9) + right("Wins", 5) + right("Best", 6)
LINES = 7              # players on a page (rows 2-8)
NOBODY = "No player has played it"
FOOTER = "UP/DOWN:game  B:back"


def player_lines(rec, names, game_id):
    """A line per player who has played ``game_id``, the most games first
    (then the order of the list), at most LINES."""
    rows = []
    for slot in range(len(names)):
        if names[slot]:
            played, wins, best = rec.person(slot, game_id)
            if played:
                rows.append((-played, slot, "%-8s%7d%5d%6s" % (
                    names[slot], played, wins, "-" if best is None else best)))
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
        self.title = self.text(0, 0, ui.COLS, theme.ACCENT)
        self.fixed(0, 1, theme.DIM, HEAD)
        # (blank cells not drawn: a full seven lines took the open over
        # 500 ms on the board, the PyBadge-sized evening)
        self.lines = self.text(0, 2, ui.COLS, theme.FG, lines=LINES)
        self.fixed(0, 9, theme.DIM, FOOTER)

    def refresh(self):
        gid, title = self.games[self.at]
        where = "%d of %d" % (self.at + 1, len(self.games))
        self.title.text = title + right(where, ui.COLS - len(title))
        lines = player_lines(self.rec, self.names, gid)
        self.lines.text = "\n".join(lines) if lines else NOBODY

    def on_button(self, name):
        if name in ("UP", "DOWN"):
            self.at = (self.at + (1 if name == "DOWN" else -1)) % len(self.games)
            self.refresh()
        elif name in ("A", "B", "START"):
            self.app.pop()
