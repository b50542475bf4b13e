"""Main menu: Continue (when a game is in progress), the games, Records,
Settings.

Under the title, what the store had to say at power-up ("Save A was damaged;
using B", "Saved game lost ...") replaces the subtitle until the next key
press, one note per press."""

from dws_app import theme, ui, widgets
from dws_app.app import game_ids, title_of


class MenuScreen(widgets.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.text(0, 0, ui.COLS, theme.ACCENT, ui.centre("DICE WIDE SHUT", ui.COLS - 1))
        self.sub = self.text(0, 1, ui.COLS, theme.DIM, lines=2)
        self.show_note()
        self.actions = []
        items = []
        saved = app.saved_game_title()
        if saved is not None:
            items.append("Continue " + saved)
            self.actions.append(("continue", 0))
        for gid in game_ids():
            items.append(title_of(gid))
            self.actions.append(("game", gid))
        items.append("Records")
        self.actions.append(("records", 0))
        items.append("Settings")
        self.actions.append(("settings", 0))
        self.menu = widgets.Menu(self, 1, 3, ui.COLS - 2, 6, items)
        self.footer = self.text(0, 9, ui.COLS, theme.DIM, "A:open  SELECT:help")

    def show_note(self):
        notes = self.app.notes
        if notes:
            self.sub.text = "\n".join(ui.wrap(notes[0], ui.COLS, 2))
            self.sub.color = theme.WARN
        else:
            self.sub.text = ui.centre("pocket dice games", ui.COLS - 1)
            self.sub.color = theme.DIM

    def selected(self):
        return self.actions[self.menu.index]

    def on_button(self, name):
        if self.app.notes:
            del self.app.notes[0]
            self.show_note()
        if self.menu.on_button(name):
            return
        kind, gid = self.selected()
        if name == "A":
            if kind == "continue":
                self.app.order = ("continue_game",)
            elif kind == "game":
                from dws_app.setup import SetupScreen
                self.app.push(SetupScreen(self.app, gid))
            elif kind == "records":
                from dws_app.records import RecordsScreen
                self.app.push(RecordsScreen(self.app))
            else:
                self.app.show_settings()
        elif name == "SELECT" and kind == "game":
            self.app.show_help(gid)
        elif name == "B" and self.app.test.get("fail"):
            raise RuntimeError("test key DWS_TEST_FAIL")
