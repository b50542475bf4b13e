""""Pass to player N", in that player's colour: the name and two wide bands
across the screen.  Built once per app and reused between turns.

The bands, not a screen filled with the colour: displayio computes every
pixel a layer covers (~5 us each on the Pico), so a filled screen costs
~0.5 s a frame where the bands and the black between cost about half; the
bands are 8 logical pixels tall (they were 14: 38 ms more a frame).

Under the name, two lines on the turn that begins: the engine's
``turn_lines()`` (``dws_core.engine``), so Continue's hand-over shows them
before the game's screen module is imported (that import was ~40 ms of
Continue's 536 on the Pico, hardware.md).
"""

from dws_app import theme, ui

BAND = 8        # logical pixels: the top and bottom bands
NAME_Y = 42     # logical y of "PLAYER N" (below "Pass the device to", row 2)
PASS = "Pass the device to"
LINE1 = len(PASS)   # its width: a game's start card says what it is there
READY = "A: I'm ready"


class PassScreen(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        bottom = app.height // app.scale - BAND
        self.top_band = ui.rect(self.root, 0, 0, ui.WIDTH + 4, BAND, theme.PLAYER[0])
        self.bottom_band = ui.rect(self.root, 0, bottom, ui.WIDTH + 4, BAND, theme.PLAYER[0],
                                   bitmap=self.top_band.bitmap)
        self.line1 = self.text((ui.COLS - LINE1) // 2, 2, LINE1, theme.FG, PASS)
        # "PLAYER N" at scale 2: 8 characters of 12 px, centred; under it
        # the two info lines, then the footer just above the bottom band
        # (on the Pico's 120 logical lines they only just fit).
        self.name = ui.Text(self.root, (ui.WIDTH + 4 - 8 * 2 * ui.CW) // 2, NAME_Y, 8,
                            theme.PLAYER[0], scale=2)
        self.info = ui.Text(self.root, 2, NAME_Y + 2 * ui.LH + 2, ui.COLS, theme.DIM, lines=2)
        self.footer = ui.Text(self.root, 2 + (ui.COLS - len(READY)) // 2 * ui.CW,
                              bottom - ui.LH - 1, len(READY), theme.FG, READY)
        self.seat = 0
        self.after = None

    def prepare(self, seat, info, after, line=None, ready=True):
        """Show ``seat``'s hand-over (``line``: the top line, else PASS)
        with ``info``'s lines; A calls ``after``.  Not ``ready``: a card
        that goes on by itself (a lone human's start card) shows no key."""
        self.seat = seat
        self.after = after
        self.line1.text = ui.centre(line or PASS, LINE1)
        colour = theme.player_colour(seat)
        self.top_band.pixel_shader[1] = colour
        self.bottom_band.pixel_shader[1] = colour
        self.name.color = colour
        self.name.text = ui.centre(self.app.table.names[seat], 8)
        self.info.text = "\n".join(ui.centre(t, ui.COLS - 1) for t in info)
        self.footer.text = READY if ready else ""
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
