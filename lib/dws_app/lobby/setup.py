"""Game setup: number of players, the seats, the engine's variant options.

Options come from the engine class's ``OPTIONS`` ((name, choices), the first
choice the default) and their words from its ``OPTION_WORDS``, so a new
variant or game needs no change here.

The seats row shows one seat in words: "Seat 2 <ANNA>", a player kept on
the device, a guest or a device level (``dws_core.bots.levels``: easy,
normal, strong...).  On it LEFT/RIGHT cycle that seat through them (a
player sits in one seat at a time), A moves to the next seat; the note
line says "Device plays" for a device seat.  The note and footer keep
their place and wording from row to row (a cursor move redraws a few
characters, not two lines).  A setup starts from the last line-up
(``lobby.lineup``).
"""

from micropython import const

from dws_app import theme, ui

from dws_app.lobby import widgets
from dws_app.catalog import title_of
from dws_app.levels import PLAYER, level_names, level_title

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_PLAYER = const(1)
_DICE = const(2)


def option_title(name, words):
    """An option's name in ``words`` (its engine's ``OPTION_WORDS``), else
    with spaces, capitalised."""
    title = words.get(name) or name.replace("_", " ")
    return title[:1].upper() + title[1:]


def value_text(value, words):
    if value is True:
        return "on"
    if value is False:
        return "off"
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return words.get(value) or str(value)


MENU_LINES = 8          # text lines above the note and the footer
# Under a device seat's row (two 6-column chunks of the frame: a third cost
# the press 44 ms on the Pico, tests/test_frame_cost.py)
DEVICE_NOTE = "Device plays"


class SetupScreen(widgets.Screen):
    def __init__(self, app, game_id):
        ui.Screen.__init__(self, app)
        from dws_core.games import game_class
        self.game_id = game_id
        self.cls = game_class(game_id)
        self.players = max(self.cls.MIN_PLAYERS, min(2, self.cls.MAX_PLAYERS))
        self.options = self.cls.option_defaults()
        self.levels = level_names(game_id)
        from dws_app.lobby.players_store import default_lineup, load_all
        self.names, kept, _note = load_all(app.store)
        # A byte per seat (``lobby.lineup``): 0 a guest, 1.. a level,
        # PLAYER + slot a player; the last line-up's, else guests
        self.lineup = default_lineup(kept, game_id, self.names)
        if self.lineup:
            lo, hi = self.cls.MIN_PLAYERS, self.cls.MAX_PLAYERS
            self.players = max(lo, min(hi, len(self.lineup)))
        self.lineup = (self.lineup + [0] * self.cls.MAX_PLAYERS)[:self.cls.MAX_PLAYERS]
        if app.forgets:
            # (their code again at A: under the setup's help it took the
            # headroom that the PyBadge-sized heap less 24 KB had left,
            # lean_mpy's storm)
            from dws_app.memory import forget
            forget(("dws_app.lobby.players_store",))
        self.seat = 0               # the seat LEFT/RIGHT change on the seats' row
        # Rows: players and seats (only where they can change), one per
        # option, then "Start game" unless it would push the title off
        # (A starts from any row but the seats: the footer says so).
        self.rows = []
        if self.cls.MIN_PLAYERS < self.cls.MAX_PLAYERS:
            self.rows.append("players")
        if self.levels:
            self.rows.append("seats")
        for name, _choices in self.cls.OPTIONS:
            self.rows.append(name)
        if len(self.rows) < MENU_LINES - 1:
            self.rows.append("start")
        # Above the rows the game's title, unless the rows need its line too:
        # a list that scrolls redraws every row (~350 ms on the Pico).
        if len(self.rows) < MENU_LINES:
            self.text(0, 0, ui.COLS, theme.ACCENT, title_of(game_id))
            self.menu = widgets.Menu(self, 0, 1, ui.COLS, MENU_LINES - 1)
        else:
            self.menu = widgets.Menu(self, 0, 0, ui.COLS, MENU_LINES)
        self.note = self.text(0, 8, ui.COLS, theme.DIM)
        self.footer = self.text(0, 9, ui.COLS, theme.DIM)
        # (refresh() comes with on_show, when it is pushed: a second one
        # cost ~6 ms of the open on the Pico)

    def row_text(self, row):
        if row == "players":
            return "{:<13}{:>11}".format("Players", "< %d >" % self.players)
        if row == "seats":
            return self.seats_text()
        if row == "start":
            return "Start game"
        words = self.cls.OPTION_WORDS
        value = value_text(self.options[row], words)
        return "{:<13}{:>11}".format(option_title(row, words), "<" + value + ">")

    def seats_text(self):
        """The seat LEFT/RIGHT change on this row, and who plays it, in
        words: "Seat 3 <normal>" (A goes to the next seat; the note line
        under the rows says whether the device plays it).  The same off the
        row: moving onto it redraws the cursor, not the row, and A redraws
        a word (a setup press has 40 ms on the Pico); at the left, as the
        letters were, the setup's frame costs what it did (260 ms,
        tests/test_frame_cost.py, tests/test_widgets.py)."""
        return "Seat %d <%s>" % (self.seat + 1, self.seat_word(self.lineup[self.seat]))

    def seat_word(self, b):
        if b >= PLAYER:
            return self.names[b - PLAYER]
        return level_title(self.levels[b - 1]) if b else "guest"

    def seat_choices(self):
        """What the seat on the row can be: a guest, a player no other
        seat has, a device level."""
        taken = self.lineup[:self.players]
        out = [0]
        for slot in range(len(self.names)):
            b = PLAYER + slot
            if self.names[slot] and (b not in taken or self.lineup[self.seat] == b):
                out.append(b)
        return out + list(range(1, len(self.levels) + 1))

    def seat_levels(self):
        return [self.levels[b - 1] if 0 < b < PLAYER else None for b in self.lineup[:self.players]]

    def seat_slots(self):
        from dws_app.lobby.lineup import slots_of
        return slots_of(self.lineup[:self.players])

    def refresh(self):
        on_seats = self.rows[self.menu.index] == "seats"
        if self.seat >= self.players:
            self.seat = 0
        seen = []
        for p in range(self.players):   # (seats come back with a player another took)
            b = self.lineup[p]
            if b >= PLAYER and b in seen:
                self.lineup[p] = 0
            seen.append(b)
        self.menu.set_items([self.row_text(r) for r in self.rows])
        b = self.lineup[self.seat]
        # (a human seat: the row says it; more words would cost the setup's
        # frame ~9 ms a 6-column chunk, and a press its 40 ms)
        self.note.text = DEVICE_NOTE if 0 < b < PLAYER else ""
        self.footer.text = "<>:change A:%s" % ("next seat" if on_seats else "start B:back")

    def change(self, delta):
        row = self.rows[self.menu.index]
        if row == "players":
            lo, hi = self.cls.MIN_PLAYERS, self.cls.MAX_PLAYERS
            self.players = lo + (self.players - lo + delta) % (hi - lo + 1)
        elif row == "seats":
            choices = self.seat_choices()
            at = choices.index(self.lineup[self.seat])
            self.lineup[self.seat] = choices[(at + delta) % len(choices)]
        elif row != "start":
            for name, choices in self.cls.OPTIONS:
                if name == row:
                    i = list(choices).index(self.options[name])
                    self.options[name] = choices[(i + delta) % len(choices)]
        self.refresh()

    def on_button(self, name):
        if self.menu.on_button(name):
            self.refresh()
            return
        if name == "LEFT":
            self.change(-1)
        elif name == "RIGHT":
            self.change(1)
        elif name == "A" and self.rows[self.menu.index] == "seats":
            self.seat = (self.seat + 1) % self.players
            self.refresh()
        elif name == "A":
            # Who sits where, and their names, while this screen's code is
            # here: the game starts once the lobby is let go, and from .py
            # sources its line-up's code compiled then took room the game's
            # screen needed (cp10_py's evening, its first game)
            from dws_app.lobby.lineup import seat_names
            lineup = self.lineup[:self.players]
            seated = (lineup, seat_names(lineup, self.game_id, self.names))
            app = self.app
            app.defer(app.AFTER_PRESS, start_game, app, self.game_id, self.players,
                      dict(self.options), None, None, None, seated)
        elif name == "B":
            self.app.pop()
        elif name == "SELECT":
            self.app.show_help(self.game_id)


def start_game(app, game_id, players, options, seed=None, seats=None, slots=None, seated=None):
    """A new game of ``game_id`` in play (the setup's A; its code is let go
    with the setup's while the game is in play).  ``seats``: per seat None
    (a human) or a bots level name; ``slots``: per human seat its player's
    slot in the players' list, or None (a guest); ``seated``: (line-up,
    names) as the setup made them, in place of those two
    (``lobby.lineup``); ``seed``: None for the hardware's entropy.  Inside
    the main loop a game of 2+ players opens on its start card
    (``App.start_card``), and the rest follows in the next pass."""
    from dws_app.memory import collect
    collect()
    from dws_core.games import game_class
    cls = game_class(game_id)
    if seed is None:
        seed = 0
        for b in app.hw.entropy(4):
            seed = (seed << 8) | b
    game = cls(players, seed=seed, options=options)
    if seated is None:
        from dws_app.lobby.lineup import lineup_of, seat_names
        from dws_app.lobby.players_store import load_players
        lineup = lineup_of([seats[p] if seats and p < len(seats) else None
                            for p in range(players)], slots, game_id)
        seated = (lineup, seat_names(lineup, game_id, load_players(app.store)[0]))
    lineup, names = seated
    from dws_app.levels import seat_levels
    levels = seat_levels(lineup, game_id)
    from dws_app.play import Table
    app.table = Table(game, names)
    if players > 1:
        app.stack = []      # (a call outside a press: the screens under the card go)
        level = levels[game.current]
        app.start_card(game, card_lines(game, title_of(game_id), level), level,
                       alone=levels.count(None) < 2)
        app.later(app.NEXT_PASS, seat_game, app, game, lineup, names)
        return
    seat_game(app, game, lineup, names)


def card_lines(game, title, level):
    """The start card's two lines: the game's title, or the roll-off (each
    player's total, in seat order) and the title; the device seat's level
    last, or "New game"."""
    totals = {}
    for e in getattr(game, "initial_events", ()):
        if e[0] == "rolloff":           # (a tie's reroll replaces the first)
            totals[e[_PLAYER]] = sum(e[_DICE])
    lines = [title, "New game"]
    if totals:
        lines = ["Roll-off: " + " ".join(str(totals.get(p, "-")) for p in range(game.players)),
                 title]
    if level is not None:
        lines[1] = "Device, " + level_title(level)
    return lines


def seat_game(app, game, lineup, names):
    """The game's seats, then its screen (``play.opening.open_game``)."""
    from dws_app.play.opening import open_game, seat
    seat(app, game, lineup, names)
    # The autosave of the pass after the one that builds its screen saves
    # it, after the first frame: the write (30-80 ms on the Pico) is not
    # part of the open, and the pass stays under 300 ms with five device
    # seats.
    open_game(app, game, fresh=True)
