"""Main menu: Continue (when a game is in progress), the games, Records,
Settings: at most eight choices, on eight lines, so moving never scrolls
(a scroll redraws every line: ~20,000 pixels, ~140 ms on the Pico).

The title is the large type between a red and a blue die: a small sheet
(``title.bmp``, drawn by ``python -m tools.font`` from the large type's
glyphs) and two sprites over the dice's sheet, which the app keeps anyway.
Loading the font's libraries here instead cost the next game 5.1 KB
(hardware.md).  Without the sheet the title is the terminal font's line.

What the store had to say at power-up ("Last save damaged; using an
earlier one", "Saved game lost ...") replaces the title and the key hint
until the next key press, one note per press."""

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.catalog import game_ids, title_of
from dws_app.levels import game_id

TITLE = "DICE WIDE SHUT"
HINT = "A:open  SELECT:help"
ROWS = 8          # Continue, five games, Records, Settings
LOGO = "/lib/dws_app/lobby/title.bmp"
LOGO_SIZE = (127, 11)     # tools/font.py's title: capitals and their shadow
LOGO_GAP = 3              # pixels between the title and each die


# What A on a game needs first, the setup's code and the engines' base (~50
# ms of a setup's open on the Pico) and the players' list's (25 ms of a
# setup's open); where Continue is offered the line-up's too (with the
# list, 43 ms of Continue's: the seats' names): imported once the first
# menu is drawn, one a pass while no key waits (``App.bring_ahead``; ~100
# ms together held a press made then).  A start or Continue lets the
# screens' code go with the lobby; the base stays, every game's.  Not the
# help's (27 ms of its open): the names a module interns stay for the whole
# run, and with the help's a Shut the Box game against a device seat had
# 8 KB less free on the Pico (38.8 KB, where the budget is 40; 49.5 KB
# without): the interpreter's table of names grew by a block.
# Columns per layer of the menu's lines: its choices' words fall in 8-column
# chunks with fewer blank cells and layers than in the setups' 6 (a full
# frame 275 -> 263 ms in the frame model, 311 -> 299 with Continue).
MENU_CHUNK = 8
AHEAD = ("dws_core.engine", "dws_app.lobby.setup", "dws_app.lobby.players_store")
CONTINUE_AHEAD = ("dws_app.lobby.lineup",)


def logo(screen):
    """The title's Group (the large type between a red and a blue die) on
    ``screen``'s first line, or None without its sheet."""
    import displayio
    from dws_app import dice_art
    app = screen.app
    sheet = app.logo_sheet
    if sheet is None:
        # Read once and kept by the app (~400 bytes): reading it took 27 ms
        # of every menu's open on the Pico.
        try:
            sheet = dice_art.read_sheet(LOGO, LOGO_SIZE[0], LOGO_SIZE[1])
        except (ValueError, OSError, MemoryError):
            return None
        app.logo_sheet = sheet
    palette = displayio.Palette(3)
    palette.make_transparent(0)
    palette[1] = theme.ACCENT
    palette[2] = theme.DIE_BG[0]
    group = displayio.Group(y=1)
    die = dice_art.SIZE
    group.x = (ui.WIDTH + 4 - LOGO_SIZE[0] - 2 * (die + LOGO_GAP)) // 2
    group.append(displayio.TileGrid(sheet, pixel_shader=palette, x=die + LOGO_GAP, y=0))
    for k, value in ((0, 5), (1, 6)):
        d = dice_art.Die(group, k * (die + 2 * LOGO_GAP + LOGO_SIZE[0]), 0)
        d.show(value, dice_art.PLAIN, theme.DIE_BG[k], theme.WHITE)
    screen.root.append(group)
    return group


class MenuScreen(widgets.Screen):
    def __init__(self, app):
        """When a new interpreter draws this menu again (``App.menu_again``:
        after a game, left or finished) Continue offers the store's newest
        save, if any, without the lobby's resume code (~40 ms of START's
        open on the Pico, and of the scores' A); the new menu checks it."""
        ui.Screen.__init__(self, app)
        self.logo = logo(self)
        self.title = self.text(0, 0, ui.COLS)
        self.sub = self.text(0, 1, ui.COLS)
        self.show_note()
        self.actions = []
        items = []
        again = app.menu_again
        offer = game_id(app.store.game) if again and app.store.game else 0
        if offer in game_ids():
            saved = title_of(offer), offer
        elif again:
            saved = None
        else:
            from dws_app.lobby.resume import saved_game
            saved = saved_game(app)
        self.ahead = AHEAD          # (``App.bring_ahead``)
        if saved is not None:
            self.ahead = AHEAD + CONTINUE_AHEAD
            items.append("Continue " + saved[0])
            self.actions.append(("continue", saved[1]))    # SELECT: its help
        for gid in game_ids():
            items.append(title_of(gid))
            self.actions.append(("game", gid))
        items.append("Records")
        self.actions.append(("records", 0))
        items.append("Settings")
        self.actions.append(("settings", 0))
        self.menu = widgets.Menu(self, 1, 2, ui.COLS - 2, ROWS, items, chunk=MENU_CHUNK)
        self.show_hint()

    def show_note(self):
        notes = self.app.notes
        if notes:
            lines = ui.wrap(notes[0], ui.COLS, 2)
            self.title.text = lines[0]
            self.sub.text = lines[1] if len(lines) > 1 else ""
            self.title.color = self.sub.color = theme.WARN
            self.show_logo(False)
        else:
            # Under the logo the line stays blank, not hidden: the firmware
            # redraws a hidden layer's area at the next refresh (37 ms of
            # the menu's open on the Pico).
            self.title.text = "" if self.logo is not None else ui.centre(TITLE, ui.COLS - 1)
            self.show_logo(True)
            self.title.color = theme.ACCENT
            self.sub.color = theme.DIM
            self.show_hint()

    def show_logo(self, shown):
        """The title as the logo (``shown``, where its sheet is) or as the
        terminal font's line (a note's first line in its place)."""
        if self.logo is not None:
            self.logo.hidden = not shown

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
                # The functions themselves: the lobby is forgotten before
                # Continue runs (AFTER_PRESS), and importing their modules
                # again took ~25 ms (resume) and 43 ms (the seats' names)
                # of Continue on the Pico.
                from dws_app.lobby.resume import continue_game
                from dws_app.lobby.lineup import seat_names
                from dws_app.lobby.players_store import load_players
                players = load_players(self.app.store)[0]
                self.app.defer(self.app.AFTER_PRESS, continue_game, self.app,
                               lambda lineup, gid: seat_names(lineup, gid, players))
            elif kind == "game":
                if self.actions[0][0] == "continue" and self.app.forgets:
                    # The seat player's code came for Continue: not kept
                    # under the setup and its help (the game imports it).
                    from dws_app.memory import forget
                    forget(("dws_app.play.seats",))
                from dws_app.lobby.setup import SetupScreen
                self.app.push(SetupScreen(self.app, gid))
            else:
                if self.app.forgets:
                    # What came ahead for a game goes (the next menu is a
                    # new interpreter's, which brings it again): the
                    # PyBadge-sized heap less 24 KB ran out of memory in
                    # Settings' name entry beside it (lean_mpy's evening).
                    from dws_app.memory import forget
                    forget(self.ahead[1:])
                if kind == "records":
                    from dws_app.lobby.records import RecordsScreen
                    self.app.push(RecordsScreen(self.app))
                else:
                    from dws_app.lobby.settings import SettingsScreen
                    self.app.push(SettingsScreen(self.app))
        elif name == "SELECT" and gid:
            self.app.show_help(gid)
        elif name == "B" and self.app.test.get("fail"):
            raise RuntimeError("test key DWS_TEST_FAIL")


def bring_ahead(app):
    """The next module the first menu brings ahead (its ``ahead``, from
    ``AHEAD``) while it is on top and no key waits (``App.poll``, which
    asks only while no game is in play); none once a screen has opened."""
    ahead = getattr(app.top, "ahead", None)
    if len(app.stack) != 1 or not ahead:
        app.ahead_due = False
    elif not app.buttons.waiting():
        __import__(ahead[app.ahead_due - 1])
        app.ahead_due = app.ahead_due + 1 if app.ahead_due < len(ahead) else False
