"""The power-up: everything it reads from the store, the app's state
started afresh (at a power-up and at a restart from the error screen),
and the run's first screen.  The lobby's: a game in play does without it,
and so does the menu that follows a game (it is not ``resume``, which
that menu loads to offer Continue)."""

from dws_app.lobby.resume import continue_game, power_up


def boot(app, store=None):
    """Everything a power-up reads from the store (``power_up``), and the
    app's state started afresh: at power-up and at a restart from the error
    screen (``lobby.error.restart``).  The game in play does without this
    code: it is the lobby's, forgotten while a game runs."""
    from dws_app.leds import Leds
    from dws_app.sound import Sound
    hw = app.hw
    power_up(app, store)
    app.nvm_log(app.notes)
    app.leds = Leds(hw.pixels, hw.die_leds, app.settings["led_brightness"] * 10)
    app.sound = Sound(hw.sound, app.settings["volume"])
    app.stack = []
    app.game = None            # the game in play (its screen is on the stack)
    app._saved = None          # the checkpoint last given to the store
    app.last_input = hw.ticks_ms()
    app.dimmed = False
    app._pass_screen = None
    app.carded = False         # a new game's start card is up, its screen to build under it
    app.menu_again = False     # the menu on display is drawn again by a new interpreter
    app.handed = None          # the seat whose hand-over the start card was
    app.logo_sheet = None      # the menu's title (lobby.menu.logo), read once
    app.seats = None           # seats.SeatPlayer of the game in play
    # What is deferred (``defer``), per phase: (function, args...) or None
    app.deferred = [None, None]
    app.looping = False        # inside poll()
    app.pass_max = 0           # longest main-loop pass in ms since the last heap line
    app.heap_due = []          # heap lines to print after the next frame (heap_log)
    app.collect_due = False    # a collection after the next frame (memory policy)
    app.new_screen = False     # a screen was shown since the last frame (draw)
    app.gc_alloc = 0           # gc.mem_alloc() after the last tidy_heap collection
    app.game_saves = 0         # saves of the game in play (the test key save_oom)
    app.frames = 0             # frames drawn by this run (``draw``)
    app.ahead_due = False      # 1 + how many of ``menu.AHEAD`` are imported; False: done
    app.apply_settings()


def start(app):
    """The run's first screen: the game the board fell asleep in, else
    the menu (``App.start``)."""
    if app.battery is not None:    # an empty battery shows that, not the menu
        app.read_battery(app.hw.ticks_ms())
    woke = getattr(app.hw, "woke", False)
    keep = getattr(app.hw, "keep", None)
    if not app.stack and woke and keep is not None and keep[0] == app.ASLEEP_IN_GAME:
        keep[0] = 0
        continue_game(app)     # (no game to go on with: the menu says so)
    if woke:
        app.buttons.reset()    # the press that woke the board does nothing more
    if not app.stack:
        app.home()
        # The first menu of an interpreter (after a game a new one
        # draws it again) brings what A and SELECT open first: a setup
        # opens ~50 ms sooner, a help 27.  Once its frame is drawn and
        # no key waits (``poll``): before it, the ~100 ms delayed that
        # frame, and the answer to a press made while the run started.
        app.ahead_due = 1
    app.heap_flush()

