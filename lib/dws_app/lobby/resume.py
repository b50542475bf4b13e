"""Saved games between games: which payload the menu offers to continue,
and Continue.  Used at power-up and from the menu only, so it is forgotten
while a game is in play (``dws_app.lobby``, ``memory.LOBBY``).

The menu offers a save by its game id alone (``offered``): decoding it
there would import its engine, and the names that interns stay for the
game played next, whichever it is (2.2 KB of the next new game's lowest
free heap on the board, hardware.md).  Continue decodes it and checks it
(``resumed``); a save that fails is refused for the rest of the run and
the store's older copy, if it passes, is offered instead, with a note."""

from dws_app.catalog import game_ids, title_of
from dws_app.memory import collect
from dws_app.levels import game_id


def power_up(app, store=None):
    """What a power-up reads from the store: the settings, the records and
    whether a saved game is offered.  ``app.notes`` collects what the store
    had to say about damaged copies (the menu shows them)."""
    if store is None:
        from dws_app.store import Store
        store = Store(app.hw.nvm, **app.hw.store_options)
    app.store = store
    app.notes = []
    from dws_app.lobby.records_store import load_records, load_settings
    app.settings, note = load_settings(store)
    note_to(app, note)
    note_to(app, load_records(store)[1])
    note_to(app, store.load_game(offered)[1])


def note_to(app, note):
    """``note``, what the store said was lost, for the menu (once)."""
    if note and note not in app.notes:
        app.notes.append(note)


def offered(data):
    """True when the menu offers a saved payload: the game id of a game
    this app plays, behind a seat header that fits it."""
    return game_id(data) in game_ids()


def saved_game(app):
    """(title, game id) of the game the menu offers to continue, or None.
    With one, the seat player's code comes now, with the menu: every game
    needs it, and Continue does not wait for it (~90 ms on the Pico); but
    not for the menu after a game, which a new interpreter draws again
    (``App.menu_again``: 45-90 ms of that open)."""
    data, _note = app.store.load_game(lambda d: d not in app.refused and offered(d))
    if not data:
        return None
    if not getattr(app, "menu_again", False):
        __import__("dws_app.play.seats")
    gid = game_id(data)
    return title_of(gid), gid


def continue_game(app, names_of=None, woken=False):
    """Play the saved game.  A save that does not resume (``resumed``) is
    refused; when the older copy resumes instead, the menu says so and
    offers it (one more press), else it says the game is lost.
    ``names_of(lineup, game_id)``: the seats' names (the menu's, made
    before the lobby's code went; else from ``lobby.lineup`` here).
    ``woken``: the run's start after a wake from sleep (``start``), where
    a lone human's card, which goes on by itself, would never be drawn."""
    collect()
    from dws_app.levels import levels_of, split
    kept = []
    refused = app.refused
    before = len(refused)       # (a save refused now: the menu says so)

    def check(data):
        if data in refused or not offered(data):
            return False        # (the menu did not offer it either)
        game = resumed(data)
        if game is None:
            refused.append(data)
            return False
        kept.append(game)
        return True
    data, note = app.store.load_game(check)
    if data and len(refused) == before:
        game = kept[-1]
        meta = split(data)[0]
        levels = levels_of(meta, game)
        if names_of is None:
            from dws_app.lobby.lineup import seat_names
            from dws_app.lobby.players_store import load_players
            players = load_players(app.store)[0]

            def names_of(lineup, gid):
                return seat_names(lineup, gid, players)
        lineup = list(meta) if meta else None
        names = names_of(lineup or [0] * game.players, game.GAME_ID)
        from dws_app.play import Table
        table = app.table = Table(game, names)
        table.saved = game.checkpoint()
        table = None
        alone = levels is not None and levels.count(None) < 2
        if game.players > 1 and not game.over and (
                levels is None or levels[game.current] is None) and (
                not (alone and woken)):
            # A player's turn: the hand-over first, as a new game's start
            # card, and the seats, their tables and the game's screen under
            # it in the next passes (Continue took 797 ms to the hand-over
            # on the Pico with them before its frame).  A lone human's
            # card goes on by itself once the seats are made: at a wake
            # from sleep no frame would show it, and it is not built.
            app.start_card(game, game.turn_lines(), None, app.resume_turn, alone=alone)
            app.later(app.NEXT_PASS, seat_resumed, app, game, lineup, names)
            return
        seat_resumed(app, game, lineup, names)
    else:
        note_to(app, note or "No saved game")
        app.home()


def seat_resumed(app, game, lineup, names):
    from dws_app.play.opening import open_game, seat
    seat(app, game, lineup, names)
    open_game(app, game)


def resumable(data):
    """True when a saved payload can be resumed (``resumed``)."""
    return resumed(data) is not None


def resumed(data):
    """The game of a saved payload when it can be resumed: a game this app
    plays, decoding without error, encoding back to the same bytes (or to
    them and a part the build that saved it did not have: Dice Wide Shut's
    totals by round), not over, with a next step; else None (the store then
    tries the older copy)."""
    if not offered(data):
        return None
    from dws_core.errors import DecodeError
    from dws_core.games import decode
    from dws_app.levels import levels_of, split
    meta, data = split(data)
    try:
        game = decode(data)
        if not game.over and game.encode().startswith(bytes(data)) and \
                game.legal_steps() and levels_of(meta, game) is not None:
            return game
    except (DecodeError, IndexError, KeyError, TypeError, ValueError, AttributeError):
        pass    # legal_steps() on a state that decodes but breaks a rule
    return None


def start_up(app, hw, store=None, on_game=None, test=None, fresh=None):
    """The app's state as a run starts (``App.__init__``): here, with the
    lobby, so that its code goes while a game is played (~1.2 KB the game's
    heap lacked in the PyBadge-sized heap less 24 KB, lean_mpy)."""
    import sys
    from dws_app import ui
    from dws_app.buttons import Buttons
    from dws_app.dice_art import sheet
    from dws_app.memory import FORGETS
    app.hw = hw
    app.on_game = on_game      # on_game(True/False): a game is running or not
    app.fresh = fresh          # fresh(): a new interpreter, at the menu (code.py)
    app.refused = []           # saved payloads Continue found unusable (resume)
    app.out_of_memory = False  # the last failure was a MemoryError
    app.test = test or {}
    if "seed" in app.test:     # new games and device seats repeat exactly
        from dws_core.rng import seeded_entropy
        hw.entropy = seeded_entropy(app.test["seed"])
    app.display = hw.display
    app.width = hw.display.width
    app.height = hw.display.height
    app.scale = 2 if app.width >= 2 * ui.WIDTH + 4 and app.height >= 2 * ui.HEIGHT else 1
    app.ox = (app.width - app.scale * (ui.WIDTH + 4)) // 2
    app.oy = 0
    app.buttons = Buttons(hw.keys, hw.key_map)
    # The presses made while the last run ended (after a game): the
    # first ones this run answers (``start_afresh``).
    from dws_app.lobby.carry import take_over
    take_over(app.buttons, getattr(hw, "keep", None), getattr(hw, "early", None))
    hw.early = None
    app.last_error = None      # the last exception poll() caught (tests look)
    app.forgets = FORGETS      # forget the lobby while a game is in play
    app.looping = False        # inside poll() (``App.later``)
    # Shown while a game's screen is let go: nothing to draw, and the
    # panel keeps its last picture until the next refresh.
    app.blank = ui.group()
    # The dice's sprite sheet, read at power-up while the heap is still
    # empty (the loader's code comes and goes before the menu is built),
    # and kept: every game's dice are tiles of this one Bitmap.
    sheet()
    app.battery = None         # dws_app.battery.Battery where the board measures one
    app.gauge = None           # its picture, made at the first level to show
    app.gauge_on = None        # the group it is on (a screen's)
    app.battery_at = 0         # when the battery is read next (``read_battery``)
    app.battery_out = False    # the battery ran empty (``lobby.charge.battery_empty``)
    on_board_from_py = sys.implementation.name != "cpython" and \
        globals().get("__file__", "").endswith(".py")
    if getattr(hw, "battery_mv", None) is not None and not on_board_from_py:
        # (not from .py files on the board, a debugging install: beside
        # the battery's code a .py game's compile found no room once,
        # docs/measurements.md "The battery on the board")
        from dws_app.battery import Battery
        app.battery = Battery()
    boot(app, store)


def boot(app, store=None):
    """Everything a power-up reads from the store; ``notes`` collects what
    the store had to say about damaged copies (the menu shows them)."""
    from dws_app.leds import Leds
    from dws_app.sound import Sound
    hw = app.hw
    power_up(app, store)
    app.nvm_log(app.notes)
    app.leds = Leds(hw.pixels, hw.die_leds, app.settings["led_brightness"] * 10)
    app.sound = Sound(hw.sound, app.settings["volume"])
    app.stack = []
    app.table = None           # play.Table: the game in play (its screen is on the stack)
    app.last_input = hw.ticks_ms()
    app.dimmed = False
    app.menu_again = False     # the menu on display is drawn again by a new interpreter
    app.logo_sheet = None      # the menu's title (lobby.menu.logo), read once
    # What is deferred (``defer``), per phase: (function, args...) or None
    app.deferred = [None, None]
    app.played = False         # a game was opened since the menu's last fresh heap
    app.pass_max = 0           # longest main-loop pass in ms since the last heap line
    app.heap_due = []          # heap lines to print after the next frame (heap_log)
    app.collect_due = False    # a collection after the next frame (memory policy)
    app.new_screen = False     # a screen was shown since the last frame (draw)
    app.gc_alloc = 0           # gc.mem_alloc() after the last tidy_heap collection
    app.frames = 0             # frames drawn by this run (``draw``)
    app.ahead_due = False      # 1 + how many of ``menu.AHEAD`` are imported; False: done
    app.apply_settings()


def start(app):
    """The run's first screen (``App.start``, from ``App.run``): an empty
    battery's, the game a wake from sleep left (``App.fall_asleep``), or
    the menu.  The lobby's, as the rest of a run's start: in a game this
    code was heap for nothing."""
    if app.battery is not None:     # an empty battery shows that, not the menu
        app.read_battery(app.hw.ticks_ms())
    hw = app.hw
    woke = getattr(hw, "woke", False)
    keep = getattr(hw, "keep", None)
    from dws_app.lobby.carry import ASLEEP_IN_GAME
    if not app.stack and woke and keep is not None and keep[0] == ASLEEP_IN_GAME:
        keep[0] = 0
        continue_game(app, woken=True)      # (no game to go on with: the menu says so)
    if woke:
        app.buttons.reset()         # the press that woke the board does nothing more
    if not app.stack:
        app.home()
        # The first menu of an interpreter (after a game a new one draws it
        # again) brings what A and SELECT open first: a setup opens ~50 ms
        # sooner, a help 27.  Once its frame is drawn and no key waits
        # (``App.poll``, ``lobby.menu.bring_ahead``): before it, the ~100 ms
        # delayed that frame, and the answer to a press made while the run
        # started.
        app.ahead_due = 1
    app.heap_flush()
