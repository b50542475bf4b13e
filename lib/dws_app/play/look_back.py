"""The look back (issue 52): over a human's turn, the accounts of the device
turns played since that human's last step, one line each in its seat's
colour, the oldest first ("Strong 2: red 5 and 1, split"); B goes back to
the game, whose screen was kept as it was.

In Dice Wide Shut A shows the boards as those turns left them: since a
human's last step each other seat has played once at most, so a seat's
board now is the board its turn left.  The game's screen shows them (its
``viewing``: "B:next board  A:own board"), from the oldest turn's seat.
In the games that hold a turn until A (Shut the Box, DicedOut, Cargo) each
turn's account keeps what the screen showed as it held that turn (its
box, sheet or dice: ``HeldTurnScreen.picture``); A shows them on the
game's screen one by one, the oldest first (``look_at``).

Opened from a device turn's summary (B, ``GameScreen.look_back``); its
module comes only then, and goes with the game's (``memory.PLAY``)."""

from dws_app import theme, ui

TITLE = "Since your last turn"
FOOTER = "B: back to the game"
BOARDS_FOOTER = "A: their boards  B: back"
TURNS_FOOTER = "A: see each turn  B: back"
LINES = 7       # rows 2-8: ``game_base.ACCOUNTS`` turns


class LookBackScreen(ui.Screen):
    def __init__(self, app, accounts):
        """``accounts``: (seat, line, picture or None) of the turns, the
        oldest first."""
        ui.Screen.__init__(self, app)
        self.title = self.fixed(0, 0, theme.ACCENT, TITLE)
        told = [a for a in accounts if a[1] is not None][-LINES:]
        self.lines = [self.fixed(0, 2 + i, theme.player_colour(told[i][0]), told[i][1])
                      for i in range(len(told))]
        game = app.top
        # (the seat whose board A shows first: the oldest turn's)
        self.first = told[0][0] if told and hasattr(game, "viewing") else None
        # (or the turns whose pictures A shows)
        self.turns = [a for a in told if a[2] is not None]
        footer = FOOTER
        if self.first is not None:
            footer = BOARDS_FOOTER
        elif self.turns:
            footer = TURNS_FOOTER
        self.footer = self.fixed(0, 9, theme.DIM, footer)

    def on_button(self, name):
        if name == "A" and self.first is not None:
            # (the summary's A first: the human's turn begins under the boards)
            self.app.pop()
            game = self.app.top
            game.go_on()
            game.viewing = self.first
            game.refresh()
        elif name == "A" and self.turns:
            self.app.pop()
            self.app.top.look_at(self.turns)
        elif name in ("A", "B", "START"):
            self.app.pop()
