"""A score table for the round-based games: one column per player in that
player's colour (header: the seat's name, shortened as ``short_name``
says, then one value per row), row names at the left.  Built once;
``show()`` only changes text.

Up to 5 players get 4-character columns and the row names in full
("Round", "Total": up to 6 columns); 6-8 players get 3-character columns,
and with 8 the names shrink to their first letter (R, T: the glossary's
shortenings, docs/rules/README.md).  In play only (``dws_app.play``: it
is forgotten with the game).
"""

from dws_app import theme, ui
from dws_app.ui import right
from dws_app.play.game_held import short_name


class ScoreTable:
    def __init__(self, screen, row, players, names, y=None):
        """Row names ``names`` from text line ``row`` (or pixel ``y``) down."""
        self.players = players
        self.names = names
        self.seat_names = screen.app.table.names
        self.colw = 4 if players <= 5 else 3
        self.prefix = min(6, ui.COLS - self.colw * players)
        lines = 1 + len(names)
        self.y = row * ui.LH if y is None else y
        self.label = ui.Text(screen.root, 2, self.y, self.prefix, theme.DIM, lines=lines)
        self.cols = []
        for p in range(players):
            x = 2 + (self.prefix + self.colw * p) * ui.CW
            self.cols.append(ui.Text(screen.root, x, self.y, self.colw,
                                     theme.player_colour(p), lines=lines))

    def show(self, rows, names=None):
        """``rows[k]``: one value per player (None shows "-"), or None to
        leave row k blank (name too); ``names`` replaces the row names."""
        names = names or self.names
        head = [""]
        for k in range(len(names)):
            name = names[k] if rows[k] is not None else ""
            head.append(name if self.prefix >= len(name) else name[:1])
        self.label.text = "\n".join(head)
        for p in range(self.players):
            out = [right(short_name(self.seat_names[p], self.colw - 1), self.colw)]
            for values in rows:
                if values is None:
                    out.append("")
                else:
                    v = values[p]
                    out.append(right("-" if v is None else str(v), self.colw))
            self.cols[p].text = "\n".join(out)

    def header_col(self, p):
        """Grid column where player ``p``'s 3-character header box starts."""
        return self.prefix + self.colw * p + self.colw - 3
