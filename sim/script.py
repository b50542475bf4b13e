"""Scripted sessions: the app on simulated hardware driven by button names.

``Session(profile, seed)`` builds the hardware (in-memory display, manual
clock) and the app; ``press("A", "RIGHT", ...)`` feeds buttons through the
keypad event queue and the app's own main-loop step, exactly as on the device.
"""

from dws_app.app import App
from sim.hw import build


class Session:
    def __init__(self, profile="pybadge", seed=1, nvm_path=None, display=None, battery=None):
        self.hw = build(profile, display=display, seed=seed, nvm_path=nvm_path, battery=battery)
        self.app = App(self.hw)
        self.app.start()
        # The first frame and the idle passes after it, as on the board: the
        # modules of the menu's ``AHEAD`` come once its frame is drawn.
        self.app.draw()
        while self.app.ahead_due:
            self.app.poll()

    @classmethod
    def around(cls, app, hw):
        """A session on an app that is already running (e.g. built by code.py)."""
        session = object.__new__(cls)
        session.app = app
        session.hw = hw
        return session

    @property
    def screen(self):
        return self.app.top

    def press(self, *names):
        """Tap each button (press + release) and run the main loop on it."""
        for name in names:
            self.hw.keys.tap(name)
            # (and the passes an open left to finish, as the main loop
            # runs them at once: a game's start card, its screen under it)
            while self.app.poll() is not None or self.app.pending(self.app.NEXT_PASS):
                pass
            self.hw.clock.advance(20)
            self.app.poll()

    def wait(self, ms):
        """Let ``ms`` of device time pass (animations, blinking, auto-dim)."""
        step = 50
        while ms > 0:
            self.hw.clock.advance(min(step, ms))
            self.app.poll()
            ms -= step

    def image(self, scale=3):
        from sim.render import compose
        return compose(self.hw, scale)
