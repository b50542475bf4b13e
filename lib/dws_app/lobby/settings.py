"""Settings: brightness, LED brightness, volume, animation speed, auto-dim,
sleep, the device turns' pace, and the players kept on the device (A
there opens them: ``lobby.players``); the list scrolls (seven lines).  Changes apply at once; they are saved when the screen
is left.  Under them, the battery's reading in words (where the board
measures one)."""

from dws_app import VERSION, theme, ui

from dws_app.lobby import widgets
from dws_app.lobby.records_store import (ANIM_SPEEDS, AUTO_DIM_CHOICES, PACES, SLEEP_CHOICES,
                                         VOLUME_LEVELS, save_settings)

# (store key, title, choices, how each choice reads).  The choices the store
# checks (dws_app.lobby.records_store) are these; the display is never off.
CHOICES = (
    ("brightness", "Display", tuple(range(1, 11)),
     ("10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%")),
    ("led_brightness", "LEDs", tuple(range(11)),
     ("off", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%")),
    ("volume", "Volume", tuple(range(VOLUME_LEVELS)), ("off", "low", "medium", "high")),
    ("anim_speed", "Roll anim.", tuple(range(ANIM_SPEEDS)), ("slow", "normal", "fast")),
    ("auto_dim_s", "Auto-dim", AUTO_DIM_CHOICES, ("never", "30 s", "1 min", "2 min", "5 min")),
    ("sleep_s", "Sleep", SLEEP_CHOICES, ("never", "2 min", "5 min", "10 min", "30 min")),
    ("pace", "Device turns", tuple(range(PACES)), ("slow", "normal", "fast", "instant")),
)
LINES = 7           # the list's lines (rows 1-7; the battery's line under them)


class SettingsScreen(widgets.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        version = "v" + VERSION
        self.text(0, 0, ui.COLS - len(version), theme.ACCENT, "Settings")
        self.text(ui.COLS - len(version), 0, len(version), theme.DIM, version)
        self.menu = widgets.Menu(self, 0, 1, ui.COLS, LINES)
        self.footer = self.text(0, 9, ui.COLS, theme.DIM, "<>:change  B:done")
        if app.battery is not None:     # what the gauge in the corner reads
            from dws_app.lobby.gauge import line
            self.power = self.fixed(0, 8, theme.DIM, line(app.battery))
        # (refresh() comes with on_show, when it is pushed)

    def value_index(self, row):
        key, _t, values, _n = CHOICES[row]
        current = self.app.settings[key]
        for i in range(len(values)):
            if values[i] == current:
                return i
        return 0

    def on_show(self):
        from dws_app.lobby.players_store import load_players
        self.named = len([n for n in load_players(self.app.store)[0] if n])
        self.refresh()

    def refresh(self):
        items = []
        for row in range(len(CHOICES)):
            _k, title, _v, names = CHOICES[row]
            items.append("{:<12}{:>12}".format(title, "< " + names[self.value_index(row)] + " >"))
        items.append("{:<12}{:>12}".format("Players (%d)" % self.named, "A: open"))
        self.menu.set_items(items)

    def on_button(self, name):
        if self.menu.on_button(name):
            return
        row = self.menu.index
        if row == len(CHOICES):             # the players
            if name == "A":
                from dws_app.lobby.players import PlayersScreen
                self.app.push(PlayersScreen(self.app))
                return
            if name in ("LEFT", "RIGHT"):
                return
        if name in ("LEFT", "RIGHT"):
            key, _t, values, _n = CHOICES[row]
            step = 1 if name == "RIGHT" else -1
            self.app.settings[key] = values[(self.value_index(row) + step) % len(values)]
            self.app.apply_settings()
            self.refresh()
        elif name in ("A", "B", "START"):
            save_settings(self.app.store, dict(self.app.settings))
            self.app.pop()
