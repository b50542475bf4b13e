"""The players kept on the device (Settings, then "Players"): their names,
a new player, a new name, a player removed.

``PlayersScreen`` lists the names and "New player" while a slot is free.
A on a name asks for its new name; A on "New player" for the first; B
goes back.  SELECT on a name asks whether to remove that player, SELECT
again removes them (any other key keeps them): two presses, so no single
press loses a player.

``NameScreen`` is the name entry, with the buttons alone: the letters and
digits in a 6 x 6 grid, the arrows move the cursor (wrapping round, so no
letter is more than three moves away on either axis), A adds the letter
under it, B takes the last one back (with none, it leaves), START keeps
the name.  A 4-letter name takes at most 4 x 7 + 1 = 29 presses.  Moving
moves the box round the letter (a move redraws its bars); a letter
rewrites the name's line."""

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.lobby.players_store import LETTERS, NAME_LEN, SLOTS, check_name, load_players, save_players

GRID = 6                # letters a row, and rows
CELL = 3                # columns a letter takes in the grid
GRID_COL = (ui.COLS - GRID * CELL) // 2
GRID_ROW = 2
NEW = "New player"


class PlayersScreen(widgets.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.fixed(0, 0, theme.ACCENT, "Players")
        self.menu = widgets.Menu(self, 0, 1, ui.COLS, SLOTS)
        self.help = self.text(0, 9, ui.COLS, theme.DIM)
        self.names = load_players(app.store)[0]
        self.slots = []          # the menu's rows: a slot, or -1 for "New player"
        self.removing = None     # the slot that SELECT asked to remove
        self.land = None         # the slot the cursor goes to (a name just entered)

    def on_show(self):
        self.refresh()

    def refresh(self):
        self.slots = [i for i in range(SLOTS) if self.names[i]]
        items = [self.names[i] for i in self.slots]
        index = self.slots.index(self.land) if self.land in self.slots else None
        self.land = None
        if len(self.slots) < SLOTS:
            self.slots.append(-1)
            items.append(NEW)
        self.menu.set_items(items, index)
        self.keys()

    def keys(self):
        if self.removing is not None:
            self.help.text = "SELECT: remove + records"
            self.help.color = theme.WARN
        else:
            slot = self.slots[self.menu.index]
            self.help.text = "A: add  B: back" if slot < 0 else "A: rename  SELECT: remove"
            self.help.color = theme.DIM

    def show_row(self, text):
        """``text`` on the cursor's row (the question, or the name again)
        and the keys that go with it: one line redrawn, not the list."""
        self.menu.lines[self.menu.index - self.menu.top].text = text
        self.keys()

    def on_button(self, name):
        if self.removing is not None:
            slot = self.removing
            self.removing = None
            if name == "SELECT":
                # The records first: cut between the writes, the player
                # is kept without them, never a new one given theirs.
                forget_records(self.app.store, slot)
                self.app.nvm_log()
                self.names[slot] = None
                save_players(self.app.store, self.names)
                self.app.nvm_log()
                self.refresh()
            else:
                self.show_row(self.names[slot])
            return
        if self.menu.on_button(name):
            self.keys()
            return
        slot = self.slots[self.menu.index]
        if name == "A":
            self.app.push(NameScreen(self.app, self, slot))
        elif name == "SELECT" and slot >= 0:
            self.removing = slot
            self.show_row("Remove %s?" % self.names[slot])
        elif name in ("B", "START"):
            self.app.pop()

    def named(self, slot, name):
        """The name entry's result: a new player (slot -1) or a new name."""
        if slot < 0:
            slot = self.names.index(None)
            forget_records(self.app.store, slot)    # (a slot's old records: none kept)
            self.app.nvm_log()
        self.names[slot] = name
        self.land = slot
        save_players(self.app.store, self.names)
        self.app.nvm_log()


def forget_records(store, slot):
    """A removed player's records go with them (a records write)."""
    from dws_app.lobby.records_store import load_records, save_records
    rec = load_records(store)[0]
    rec.forget(slot)
    save_records(store, rec)


class NameScreen(widgets.Screen):
    def __init__(self, app, players, slot):
        ui.Screen.__init__(self, app)
        self.players = players
        self.slot = slot
        old = players.names[slot] if slot >= 0 else None
        self.fixed(0, 0, theme.ACCENT, "Rename " + old if old else "New player")
        self.name = old or ""    # (a new name starts from the old one: B takes letters back)
        self.line = self.text(0, 1, ui.COLS, theme.FG)
        for r in range(GRID):
            row = LETTERS[r * GRID:(r + 1) * GRID]
            self.fixed(GRID_COL, GRID_ROW + r, theme.FG,
                       "".join(" " + c + " " for c in row))
        # A box round the letter: moved, only its bars are redrawn.
        self.cursor = ui.box(self.root, 0, 0, CELL * ui.CW - 2, ui.LH + 1, theme.ACCENT)
        self.at = 0              # the letter under the cursor
        self.fixed(0, 8, theme.DIM, "A: add letter  B: delete")
        self.fixed(0, 9, theme.DIM, "START: keep this name")
        self.show_name()
        self.place()

    def place(self):
        r, c = divmod(self.at, GRID)
        self.cursor.x = 2 + (GRID_COL + c * CELL) * ui.CW + 1
        self.cursor.y = self.row_y(GRID_ROW + r) - 1

    def show_name(self, why=None):
        if why is not None:
            self.line.text = why
            self.line.color = theme.WARN
        else:
            self.line.text = "Name: " + self.name + "_" * (NAME_LEN - len(self.name))
            self.line.color = theme.FG

    def on_button(self, name):
        r, c = divmod(self.at, GRID)
        if name in ("LEFT", "RIGHT"):
            c = (c + (1 if name == "RIGHT" else -1)) % GRID
        elif name in ("UP", "DOWN"):
            r = (r + (1 if name == "DOWN" else -1)) % GRID
        elif name == "A":
            if len(self.name) < NAME_LEN:
                self.name += LETTERS[self.at]
            self.show_name()
            return
        elif name == "B":
            if not self.name:
                self.app.pop()
                return
            self.name = self.name[:-1]
            self.show_name()
            return
        elif name == "START":
            players = self.players
            why = check_name(self.name, players.names, self.slot)
            if why is not None:
                self.show_name(why)
                return
            players.named(self.slot, self.name)
            self.app.pop()
            return
        else:
            return
        self.at = r * GRID + c
        self.place()
