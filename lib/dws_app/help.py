"""Help for one game: what each button does (the game screen's HELP lines)."""

from dws_app import theme, ui
from dws_app.app import screen_class, title_of
from dws_app.seats import level_names

ROWS = 8
# Games with bots: the hint and the help behind it (unless the game's own
# lines say it), device-played seats.
HINT_HELP = (
    "SELECT: a hint (the best",
    " move is pointed at);",
    " SELECT again: this help",
)
DEVICE_HELP = (
    "Device seats play alone;",
    " any key hurries them",
)


class HelpScreen(ui.Screen):
    def __init__(self, app, game_id):
        ui.Screen.__init__(self, app)
        cls = screen_class(game_id)
        self.lines = list(cls.HELP) if cls is not None else ["No help yet."]
        if level_names(game_id):
            if not [line for line in self.lines if "hint" in line]:
                self.lines.extend(HINT_HELP)
            self.lines.extend(DEVICE_HELP)
        self.top = 0
        self.text(0, 0, ui.COLS, theme.ACCENT, "Help: " + title_of(game_id))
        self.body = self.text(0, 1, ui.COLS, theme.FG, lines=ROWS)
        self.footer = self.text(0, 9, ui.COLS, theme.DIM)
        self.refresh()

    def refresh(self):
        self.body.text = "\n".join(self.lines[self.top:self.top + ROWS])
        more = len(self.lines) > ROWS
        self.footer.text = ("^v:scroll  " if more else "") + "B:back"

    def on_button(self, name):
        if name == "DOWN" and self.top + ROWS < len(self.lines):
            self.top += 1
            self.refresh()
        elif name == "UP" and self.top > 0:
            self.top -= 1
            self.refresh()
        elif name in ("A", "B", "SELECT", "START"):
            self.app.pop()
