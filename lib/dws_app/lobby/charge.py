"""What an empty battery does (``battery_empty``, from ``App.read_battery``):
the game saved, the one screen that says to charge the battery or change
the cells.  After ``SHOW_MS``
without a press the board sleeps (``App.fall_asleep``): the Pico in deep
sleep, a button starts it again (and an empty battery brings this screen
back); the PyBadge dark, a press lights this screen again."""

from dws_app import theme, ui
from dws_app.clock import ticks_diff

SHOW_MS = 15000
LINES = ("Charge the battery or",
         "change the cells, then",
         "switch on again.")


def battery_empty(app):
    """The battery is all but empty: the game in play is saved at its last
    checkpoint, then let go with its screens and seats, the LEDs go off,
    and ``ChargeScreen`` says so until the board sleeps."""
    app.deferred = [None, None]
    try:
        app.autosave()          # (nothing deferred now: the game's last checkpoint)
    except Exception as e:      # (the store keeps its last complete save)
        print("save not written:", e)
    if app.table is not None:
        app.game_running(False)
    app.show_blank()
    app.let_play_go()
    app.leds.off()
    app.leds.set_brightness(0)
    try:
        saved = app.store.has_game()
    except Exception:
        saved = False
    app.push(ChargeScreen(app, saved))


class ChargeScreen(ui.Screen):
    def __init__(self, app, saved):
        ui.Screen.__init__(self, app)
        self.lines = [self.fixed(0, 1, theme.WARN, "The battery is empty.")]
        if saved:
            self.lines.append(self.fixed(0, 3, theme.FG, "Your game is saved."))
        for k in range(len(LINES)):
            self.lines.append(self.fixed(0, 5 + k, theme.FG, LINES[k]))
        self.shown = app.hw.ticks_ms()

    def tick(self, now):
        app = self.app
        since = app.last_input if ticks_diff(app.last_input, self.shown) > 0 else self.shown
        if app.dimmed != 2 and ticks_diff(now, since) > SHOW_MS:
            app.fall_asleep()
