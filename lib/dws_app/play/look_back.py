"""The look back (issue 52): over a human's turn, the accounts of the device
turns played since that human's last step, one line each in its seat's
colour, the oldest first ("Strong 2: red 5 and 1, split"); B goes back to
the game, whose screen was kept as it was.

Opened from a device turn's summary (B, ``GameScreen.look_back``); its
module comes only then, and goes with the game's (``memory.PLAY``)."""

from dws_app import theme, ui

TITLE = "Since your last turn"
FOOTER = "B: back to the game"
LINES = 7       # rows 2-8: ``game_base.ACCOUNTS`` turns


class LookBackScreen(ui.Screen):
    def __init__(self, app, accounts):
        """``accounts``: (seat, line) of the turns, the oldest first."""
        ui.Screen.__init__(self, app)
        self.title = self.fixed(0, 0, theme.ACCENT, TITLE)
        told = [(p, line) for p, line in accounts if line is not None][-LINES:]
        self.lines = [self.fixed(0, 2 + i, theme.player_colour(told[i][0]), told[i][1])
                      for i in range(len(told))]
        self.footer = self.fixed(0, 9, theme.DIM, FOOTER)

    def on_button(self, name):
        if name in ("A", "B", "START"):
            self.app.pop()
