"""Game setup: number of players, the seats, the engine's variant options.

Options come from the engine class's ``OPTIONS`` ((name, choices), the first
choice the default), so a new variant needs no change here.  Device-played
seats arrive with the bots; until then every seat is human.
"""

from dws_app import theme, ui
from dws_app.app import title_of


def option_title(name):
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def value_text(value):
    if value is True:
        return "on"
    if value is False:
        return "off"
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return str(value)


class SetupScreen(ui.Screen):
    def __init__(self, app, game_id):
        ui.Screen.__init__(self, app)
        from dws_core.games import game_class
        self.game_id = game_id
        self.cls = game_class(game_id)
        self.players = max(self.cls.MIN_PLAYERS, min(2, self.cls.MAX_PLAYERS))
        self.options = self.cls.option_defaults()
        self.text(0, 0, ui.COLS, theme.ACCENT, title_of(game_id))
        # Rows: players, seats, one per option, start.
        self.rows = ["players", "seats"]
        for name, _choices in self.cls.OPTIONS:
            self.rows.append(name)
        self.rows.append("start")
        self.menu = ui.Menu(self, 0, 1, ui.COLS, 7)
        self.note = self.text(0, 8, ui.COLS, theme.DIM)
        self.footer = self.text(0, 9, ui.COLS, theme.DIM, "<>:change A:start B:back")
        self.refresh()

    def row_text(self, row):
        if row == "players":
            return "{:<13}{:>11}".format("Players", "< %d >" % self.players)
        if row == "seats":
            return "{:<8}{}".format("Seats", " ".join(["H"] * self.players))
        if row == "start":
            return "Start game"
        value = value_text(self.options[row])
        return "{:<13}{:>11}".format(option_title(row)[:12], "<" + value[:9] + ">")

    def refresh(self):
        self.menu.set_items([self.row_text(r) for r in self.rows])

    def change(self, delta):
        row = self.rows[self.menu.index]
        self.note.text = ""
        if row == "players":
            lo, hi = self.cls.MIN_PLAYERS, self.cls.MAX_PLAYERS
            self.players = lo + (self.players - lo + delta) % (hi - lo + 1)
        elif row == "seats":
            self.note.text = "H = human seat"
        elif row != "start":
            for name, choices in self.cls.OPTIONS:
                if name == row:
                    i = list(choices).index(self.options[name])
                    self.options[name] = choices[(i + delta) % len(choices)]
        self.refresh()

    def on_button(self, name):
        if self.menu.on_button(name):
            return
        if name == "LEFT":
            self.change(-1)
        elif name == "RIGHT":
            self.change(1)
        elif name == "A":
            self.app.start_game(self.game_id, self.players, dict(self.options))
        elif name == "B":
            self.app.pop()
        elif name == "SELECT":
            self.app.show_help(self.game_id)
