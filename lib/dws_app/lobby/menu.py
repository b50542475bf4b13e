"""Main menu: Continue (when a game is in progress), the games, Records,
Settings: at most eight choices, on eight lines, so moving never scrolls
(a scroll redraws every line: ~20,000 pixels, ~140 ms on the Pico).

What the store had to say at power-up ("Last save damaged; using an
earlier one", "Saved game lost ...") replaces the title and the key hint
until the next key press, one note per press.

The title is in the large type (bigtype) where the board has it; a note
hides it and shows on the terminal font's line beneath."""

from dws_app import theme, ui

from dws_app.lobby import bigtype, widgets
from dws_app.lobby.catalog import game_ids, title_of

TITLE = "DICE WIDE SHUT"
HINT = "A:open  SELECT:help"
ROWS = 8          # Continue, five games, Records, Settings


class MenuScreen(widgets.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.title = self.text(0, 0, ui.COLS)
        self.sub = self.text(0, 1, ui.COLS)
        self.big = bigtype.draw(TITLE, theme.ACCENT)      # None: the terminal font's
        if self.big is not None:
            bigtype.place(self, 0, self.big)
        self.show_note()
        self.actions = []
        items = []
        from dws_app.lobby.resume import saved_game
        saved = saved_game(app)
        if saved is not None:
            items.append("Continue " + saved[0])
            self.actions.append(("continue", saved[1]))    # SELECT: its help
        for gid in game_ids():
            items.append(title_of(gid))
            self.actions.append(("game", gid))
        items.append("Records")
        self.actions.append(("records", 0))
        items.append("Settings")
        self.actions.append(("settings", 0))
        self.menu = widgets.Menu(self, 1, 2, ui.COLS - 2, ROWS, items)
        self.show_hint()

    def show_note(self):
        notes = self.app.notes
        if notes:
            lines = ui.wrap(notes[0], ui.COLS, 2)
            self.title.text = lines[0]
            self.sub.text = lines[1] if len(lines) > 1 else ""
            self.title.color = self.sub.color = theme.WARN
            self.title.hidden = False
            if self.big is not None:
                self.big.hidden = True
        else:
            self.title.text = ui.centre(TITLE, ui.COLS - 1)
            self.title.color = theme.ACCENT
            if self.big is not None:    # (the terminal font's title kept for its text)
                self.title.hidden = True
                self.big.hidden = False
            self.sub.color = theme.DIM
            self.show_hint()

    def show_hint(self):
        """The key hint for the choice under the cursor: "SELECT:help"
        only where SELECT opens a game's help (Continue: the saved game's).
        The hint keeps its place, so a move redraws the end of the line."""
        if self.app.notes:
            return
        line = ui.centre(HINT, ui.COLS - 1)
        menu = getattr(self, "menu", None)
        if menu is not None and not self.selected()[1]:
            line = line[:line.index("  SELECT")]
        self.sub.text = line

    def selected(self):
        return self.actions[self.menu.index]

    def on_button(self, name):
        if self.app.notes:
            del self.app.notes[0]
            self.show_note()
        if self.menu.on_button(name):
            self.show_hint()
            return
        kind, gid = self.selected()
        if name == "A":
            if kind == "continue":
                self.app.defer(self.app.AFTER_PRESS, self.app.continue_game)
            elif kind == "game":
                if self.actions[0][0] == "continue" and self.app.forgets:
                    # The seat player's code came for Continue: not kept
                    # under the setup and its help (the game imports it).
                    from dws_app.memory import forget
                    forget(("dws_app.play.seats",))
                from dws_app.lobby.setup import SetupScreen
                self.app.push(SetupScreen(self.app, gid))
            elif kind == "records":
                from dws_app.lobby.records import RecordsScreen
                self.app.push(RecordsScreen(self.app))
            else:
                from dws_app.lobby.settings import SettingsScreen
                self.app.push(SettingsScreen(self.app))
        elif name == "SELECT" and gid:
            self.app.show_help(gid)
        elif name == "B" and self.app.test.get("fail"):
            raise RuntimeError("test key DWS_TEST_FAIL")
