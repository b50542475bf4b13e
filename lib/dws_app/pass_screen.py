""""Pass to player N", filled with that player's colour.  Built once per app
and reused between turns."""

from dws_app import theme, ui


class PassScreen(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app, theme.PLAYER[0])
        self.line1 = self.text(0, 2, ui.COLS, theme.BLACK, ui.centre("Pass the device to", ui.COLS - 1))
        # Scale-2 name: 12 characters of 12 px.
        # "PLAYER N" at scale 2: 8 characters of 12 px, centred.
        self.name = ui.Text(self.root, (ui.WIDTH + 4 - 8 * 2 * ui.CW) // 2, 3 * ui.LH + 6, 8,
                            theme.BLACK, scale=2)
        self.info = self.text(0, 6, ui.COLS, theme.BLACK, lines=2)
        self.footer = self.text(0, 9, ui.COLS, theme.BLACK, ui.centre("A: I'm ready", ui.COLS - 1))
        self.seat = 0
        self.after = None

    def prepare(self, seat, info, after):
        self.seat = seat
        self.after = after
        colour = theme.player_colour(seat)
        self.backdrop[0] = colour
        self.name.text = "PLAYER %d" % (seat + 1)
        self.info.text = "\n".join(ui.centre(t, ui.COLS - 1) for t in info)
        self.app.leds.fill(colour)
        self.app.leds.show()

    def on_button(self, name):
        if name == "A":
            after = self.after
            self.app.pop()
            if after is not None:
                after()
        elif name == "START":
            self.app.home()
