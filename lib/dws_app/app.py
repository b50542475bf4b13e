"""The app: a stack of screens driven by logical buttons.

``App(hw)`` builds everything on a ``dws_hw.Hardware``.  ``run()`` is the
device main loop; ``poll()`` does one pass of it (read one button, dispatch,
animate), and ``press(name)`` dispatches one button directly: tests and the
simulator drive exactly this code.

Saving: whenever the game in play has a new checkpoint (every irreversible
step: a confirmed turn, a roll) ``poll()`` writes it, and the store skips a
write whose bytes did not change.  An unexpected exception inside ``poll()``
prints its traceback (the serial console on the device) and shows the error
screen; A there restarts the app from the store, as a power-up would.
"""

from dws_app.clock import ticks_add, ticks_diff
from dws_app.memory import (FORGETS, LOBBY, collect, collect_if_grown, drop_tables,
                            forget, heap_figures, imported, play_modules)

# Animation lengths in ms for the store's anim_speed 0 slow, 1 normal, 2 fast.
ANIM_MS = (1200, 700, 300)
DIM_PERCENT = 15
# Without a press, the display is refreshed at most this often (animations,
# device turns, progress): ~30 frames a second.
IDLE_FRAME_MS = 33
# The main loop's rest between passes: a press queued meanwhile waits for
# it (the keys are scanned every 3 ms on the Pico; it was 5 ms, and a press
# waited 0-8 ms between its key event and its pass).
LOOP_SLEEP_S = 0.002
# Asleep (the sleep setting's time without a press) on a board without deep
# sleep (the PyBadge: its buttons are read through a shift register, which
# cannot wake it): screen and LEDs dark, a pass every 50 ms, a press wakes it.
ASLEEP_LOOP_S = 0.05
# A collection once the heap has taken this much since the last one, right
# after a press's frame (``tidy_heap``).  It was 8192: in a game on the Pico
# the firmware collected by itself every ~6-7 KB (with ~37 KB free, the
# free space in pieces too small for a press's larger allocations), inside
# a mark now and then (+17-21 ms: 60-72 ms moves, hardware.md).
GC_EVERY_BYTES = 2048
# The phases of ``App.defer`` (also App.AFTER_PRESS and App.NEXT_PASS, for
# the screens, which know the app only by the object they are given).
AFTER_PRESS = 0
NEXT_PASS = 1


# ``test``: what a drive's settings.toml may ask for in tests (code.py reads
# it): ``seed`` (the entropy comes from it), ``anim_ms`` (every animation's
# length), ``heap_log`` (print ``heap FREE WHERE`` at every screen change
# and checkpoint, and ``nvm GAME RECORDS PLAYERS``), ``probe`` (``block N
# ALLOC`` at the menu; 2: at every checkpoint too), ``fail`` (B on the menu
# raises), ``save_oom`` N (every save of a game from its Nth on raises
# MemoryError, the game's loaded checkpoint counting as its first: a save
# that runs out of memory, and again after Continue). A drive without the
# keys behaves as a player's (README).
# (A comment, not a class docstring: from .py sources the board's compiler
# keeps a class's docstring on the heap.)
class App:
    AFTER_PRESS = AFTER_PRESS
    NEXT_PASS = NEXT_PASS

    def __init__(self, hw, store=None, on_game=None, test=None, fresh=None):
        """(``lobby.resume.start_up``: the code that makes the app's state
        runs once a run, and goes with the lobby while a game is played)"""
        from dws_app.lobby.resume import start_up
        start_up(self, hw, store, on_game, test, fresh)

    # ----- settings ------------------------------------------------------

    def apply_settings(self):
        s = self.settings
        self.display.brightness = s["brightness"] / 10
        self.leds.set_brightness(s["led_brightness"] * 10)
        self.sound.set_level(s["volume"])

    def anim_ms(self):
        ms = self.test.get("anim_ms")
        if ms is not None:
            return ms
        return ANIM_MS[self.settings["anim_speed"] % len(ANIM_MS)]

    # ----- the screen stack --------------------------------------------

    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def _show(self):
        screen = self.stack[-1]
        self.display.root_group = screen.group
        self.new_screen = True
        if self.gauge is not None:
            self.gauge_onto(screen.group)
        screen.on_show()
        self.heap_log(type(screen).__name__)

    def heap_log(self, where):
        """A screen shown or a checkpoint: a collection once the frame that
        goes with it is drawn (``heap_flush``; tens of ms on the Pico, not
        part of a press's answer), and with the ``heap_log`` test key a
        line for ``where``.  The collection is every drive's, the board
        suite measures what a player's device does: the key only prints."""
        self.collect_due = True
        if self.test.get("heap_log"):
            self.heap_due.append(where)

    def heap_flush(self):
        """The collection due, then the lines due: ``heap FREE WHERE MS THINK
        PASS`` with the free heap, the time, the longest device decision and
        the longest main-loop pass (a frozen screen) since the last line;
        at the menu after a game with the ``probe`` test key also ``block N
        ALLOC``: the largest bytearray that can still be allocated, and the
        heap in use (FREE also counts what the heap may still grow by)."""
        if not self.collect_due:
            return
        self.collect_due = False
        if FORGETS:                 # (on the board; CPython needs none)
            collect()
        due = self.heap_due
        if not due:
            return
        self.heap_due = []
        left = heap_figures()[0]        # 0: CPython
        for where in due:
            seats = self.table and self.table.seats
            think = 0
            if seats:
                think = seats.think_max
                seats.think_max = 0
            print("heap", left, where, self.hw.ticks_ms(), think, self.pass_max)
            self.pass_max = 0
            probe = self.test.get("probe")
            if probe and (where == "MenuScreen" and self.deferred[NEXT_PASS] is not None
                          or where == "checkpoint" and probe >= 2):
                # (at the menu only before a fresh start: no game meets
                # what it did; at every checkpoint with probe 2, the
                # PyBadge-sized heap less its headroom's runs, lean_mpy)
                from dws_app.heap_probe import largest_block
                print("block", largest_block(), heap_figures()[1])

    def nvm_log(self, notes=()):
        """With the ``heap_log`` test key: ``nvm GAME RECORDS PLAYERS``, the
        CRCs of what the store holds, at power-up (with ``note ...``, what
        the store said was lost) and after each save."""
        if self.test.get("heap_log"):
            print("nvm %08x %08x %08x" % self.store.fingerprint())
            for note in notes:
                print("note", note)

    def push(self, screen):
        self.stack.append(screen)
        self._show()

    def pop(self):
        self.stack.pop()
        self._show()
        if self.table is not None:  # e.g. help closed over the game
            self.forget_between_games()
        elif len(self.stack) == 1 and self.fresh is not None:
            # Back at the menu from a screen it opened (records, settings,
            # help, a setup left): within one interpreter what that screen
            # interned stays, 25 KB after records and settings on the Pico;
            # the next game starts from a power-up's heap, as after a game
            # (hardware.md, "Memory across games").
            self.later(NEXT_PASS, self.start_afresh)

    def forget_between_games(self):
        if self.forgets:
            forget(imported(LOBBY))

    def replace(self, screen):
        self.stack.pop()
        self.push(screen)

    def home(self):
        """Back to the main menu (rebuilt, so Continue shows up to date);
        after a game once the handler that asked has returned (AFTER_PRESS):
        its frame would keep the game on the heap."""
        if self.played:
            self.later(AFTER_PRESS, self.show_menu)
        else:
            self.show_menu()

    def let_play_go(self):
        """A game over or left: its tables, its ``play.Table`` (seats,
        hand-over...), the screens and the play code go, in one step each
        (their memory for the screen that comes next)."""
        drop_tables()
        self.table = None
        self.stack = []
        if self.forgets:
            forget(play_modules())
        collect()

    def show_menu(self):
        # After a game everything it built is let go first, the screen on
        # display too (the panel keeps its picture until the menu is
        # drawn), then the interpreter starts afresh (``fresh``).
        self.autosave()
        self.game_running(False)
        self.table = None           # (the game, its seats, its hand-over, in one step)
        self.deferred[NEXT_PASS] = None
        self.stack = []
        self.leds.off()
        played = self.played
        self.menu_again = played and self.fresh is not None
        if played:
            self.played = False
            self.show_blank()
            if self.menu_again:
                # A game left with START: the new interpreter starts
                # without its tables and play code, so they go now, as
                # after a game's scores (lobby.scores.final).  This menu
                # was the short evening's lowest point on the PyBadge-sized
                # heap, ~30 KB below the menu after a game's scores.
                self.let_play_go()
            else:
                collect()
        from dws_app.lobby.menu import MenuScreen
        self.push(MenuScreen(self))
        if self.menu_again:
            # Once the menu is drawn, a new interpreter (code.py) draws it
            # again, and every game starts from a power-up's heap: within
            # one interpreter the names a game's modules interned are never
            # freed (hardware.md, "Memory across games").
            self.later(NEXT_PASS, self.start_afresh)

    def start_afresh(self):
        """A new interpreter (code.py's ``fresh``), taking along the presses
        still queued (``lobby.carry.hand_over``): the new run answers them
        first, then the keys its hardware saw while it started
        (``Hardware.early``), so a press made meanwhile is not lost."""
        from dws_app.lobby.carry import hand_over
        hand_over(self.buttons, getattr(self.hw, "keep", None))
        self.fresh()

    # ----- input and time ------------------------------------------------

    def press(self, name):
        """Dispatch one logical button press to the top screen."""
        self.last_input = self.hw.ticks_ms()
        if self.dimmed:
            self.dimmed = False
            self.apply_settings()
            return
        top = self.top
        if top is not None:
            top.on_button(name)
        top = None                  # (what it deferred must find it unreferenced)
        self.after_press()

    def defer(self, phase, function, *args):
        """Run ``function(*args)`` later, in ``phase``:

        * AFTER_PRESS: once the handler of the press has returned and
          nothing holds its screen, the display included (the stack and the
          screen on display are let go first): the screen before (a setup,
          a finished game with its solver tables) is freed before the next
          one's modules and objects are built;
        * NEXT_PASS: first thing in the next main-loop pass, after this
          pass's frame, in a pass that takes no key and saves nothing (an
          open in two halves; the records' write after the scores' frame).

        One entry a phase: a second one while the first is pending is
        refused (RuntimeError), never put in its place (a step lost)."""
        if self.deferred[phase] is not None:
            raise RuntimeError("deferred twice")
        self.deferred[phase] = (function,) + args

    def later(self, phase, function, *args):
        """``function(*args)`` in ``phase`` inside the main loop (``defer``),
        at once outside it (a test's call, the run's start, ``press``
        alone): the one place that tells them apart.  An open that spans
        passes is a chain of functions, each handing the next to ``later``,
        written once for the board and the tests.  (A generator advanced a
        step a pass needed a driver and, for each open a test or the run's
        start calls, a function to run it to its end: more code in the
        app, and its frame kept every local of the open to its last pass.)"""
        if self.looping:
            self.defer(phase, function, *args)
        else:
            function(*args)

    def pending(self, phase):
        """The entry deferred to ``phase``, or None."""
        return self.deferred[phase]

    def _run(self, phase):
        entry = self.deferred[phase]
        self.deferred[phase] = None
        entry[0](*entry[1:])

    def after_press(self):
        if self.deferred[AFTER_PRESS] is not None:
            self.stack = []
            # The screen on display goes too (the panel keeps its picture
            # until the next frame, which shows what the entry built).
            self.show_blank()
            self.forget_between_games()
            self._run(AFTER_PRESS)

    def tick(self, pressed=False):
        now = self.hw.ticks_ms()
        if self.battery is not None and ticks_diff(now, self.battery_at) >= 0:
            self.read_battery(now)
        top = self.top
        if top is not None:
            top.tick(now)
        seats = self.table and self.table.seats
        if seats:
            # device-played seats; a pass that answered a press draws before
            # it solves another slice of tables
            seats.tick(now, solve=not pressed)
        idle = ticks_diff(now, self.last_input)
        dim_s = self.settings["auto_dim_s"]
        sleep_s = self.test.get("sleep_s") or self.settings["sleep_s"]
        if sleep_s and self.dimmed != 2 and idle > sleep_s * 1000:
            self.fall_asleep()
        elif dim_s and not self.dimmed and idle > dim_s * 1000:
            self.dimmed = 1
            self.display.brightness = self.settings["brightness"] * DIM_PERCENT / 1000
            self.leds.set_brightness(self.settings["led_brightness"] * DIM_PERCENT // 10)

    def fall_asleep(self):
        """Screen and LEDs dark; on a board with deep sleep (the Pico) the
        game is saved at its last checkpoint and the board sleeps until a
        button wakes it, into this game (``lobby.resume.start``), as a power cut's
        Continue would bring it back."""
        self.dimmed = 2
        self.display.brightness = 0
        self.leds.set_brightness(0)
        deep_sleep = getattr(self.hw, "deep_sleep", None)
        if deep_sleep is not None:
            from dws_app.lobby.carry import sleep
            sleep(self, deep_sleep)

    def read_battery(self, now):
        """Read the battery (every ``battery.READ_MS``, and at the start).
        What a new level or an empty battery does is ``lobby.gauge``'s
        ``changed``: rare (minutes apart), so that its code is not kept."""
        from dws_app.battery import READ_MS
        self.battery_at = ticks_add(now, READ_MS)
        battery = self.battery
        if battery.read(self.hw.battery_mv(), self.hw.on_usb()) or \
                (battery.empty and not self.battery_out):
            from dws_app.lobby.gauge import changed
            changed(self)
            if self.forgets:        # (its code again at the next change: ~2.5 KB till then)
                forget(("dws_app.lobby.gauge",))

    def show_blank(self):
        """Nothing on display while screens are let go (the panel keeps its
        picture until the next frame); the gauge waits there, holding on
        to no screen's group."""
        self.display.root_group = self.blank
        if self.gauge is not None:
            self.gauge_onto(self.blank)

    def gauge_onto(self, group):
        """The gauge onto the group of the screen being shown (or blank)."""
        gauge = self.gauge[0]
        if self.gauge_on is not group:
            if self.gauge_on is not None:
                self.gauge_on.remove(gauge)
            group.append(gauge)
            self.gauge_on = group

    def poll(self):
        """One pass of the main loop; returns the button pressed or None.
        A pass that finishes what the last one began (NEXT_PASS) takes no
        key: it stays queued for the next pass; nor does it save: a game it
        opened is saved in the pass after its first frame (the write, 30-80
        ms on the Pico, is not part of the open).  An exception in a screen
        ends on the error screen, not in a crash."""
        self.heap_flush()            # (the simulator: the last pass's lines)
        later = self.deferred[NEXT_PASS] is not None
        name = None if later else self.buttons.poll(self.hw.ticks_ms())
        self.looping = True
        try:
            if self.ahead_due and self.table is None and name is None and not later and self.frames:
                from dws_app.lobby.menu import bring_ahead
                bring_ahead(self)
            if later:
                self._run(NEXT_PASS)
            elif name is not None:
                self.press(name)
            self.tick(name is not None or later)
            if not later:
                self.autosave()
            self.after_press()
        except Exception as e:  # the last resort inside the app
            self.fail(e)
        finally:
            self.looping = False
        return name

    def fail(self, e):
        """The last resort inside the app: a short message and "press A to
        restart" (``dws_app.lobby.error.failed``: the game saved first).  Out of
        memory, the screens go first, then the game is saved while its seats
        (their levels are in the save) are here, then the seats, tables and
        play code go, so that the error's code finds room (in a PyBadge-sized
        heap less 24 KB its import failed once beside them, issue 50)."""
        self.last_error = e
        self.ahead_due = False      # (the error screen brings nothing ahead)
        low = isinstance(e, MemoryError)
        if low:
            self.stack = []
            self.show_blank()
            table = self.table
            if table is not None:
                table.hand_over = None
                collect()
                game = table.game
                if not game.over and game.checkpoint() is not table.saved:
                    try:
                        self.save_game(game)
                    except Exception as e2:     # (the store keeps its last complete save)
                        print("save not written:", e2)
                        table.saved = game.checkpoint()     # (not again without the seats)
                table.seats = table = game = None
            drop_tables()
            if self.forgets:
                forget(play_modules())
            collect()
        from dws_app.lobby.error import failed
        failed(self, e, low)

    def start(self):
        """The run's first screen (``lobby.resume.start``)."""
        from dws_app.lobby.resume import start
        start(self)

    def tidy_heap(self):
        """Collect now, with the press's answer on screen, when the heap has
        taken GC_EVERY_BYTES since the last collection: else the firmware
        collects when the heap runs out, inside some later press (a move of
        2,000 pixels took 63-87 ms on the board instead of ~25)."""
        self.gc_alloc = collect_if_grown(self.gc_alloc, GC_EVERY_BYTES)

    def draw(self):
        """Refresh the display now, then play the tones this pass asked for
        (they block: after the pixels they go with).

        A new screen's first frame is drawn whole; the firmware then redraws
        the area of every layer that was hidden in it (a cursor box, a die)
        at the next refresh, once.  That refresh follows at once, or the
        answer would end a pass later (40-60 ms on the Pico)."""
        self.display.refresh()
        if self.new_screen:
            self.new_screen = False
            self.display.refresh()
        self.frames += 1
        self.sound.flush()
        self.heap_flush()

    def run(self):
        """The device's main loop.  The display is refreshed here, once per
        pass (auto-refresh off): a press's answer is drawn as soon as its
        handler returns, and never a screen that the same pass replaced."""
        self.start()
        self.display.auto_refresh = False
        ticks = self.hw.ticks_ms
        drawn = ticks()
        while True:
            t0 = ticks()
            finishing = self.deferred[NEXT_PASS] is not None
            pressed = self.poll() is not None
            now = ticks()
            # The longest pass (a frozen screen: the display is drawn between passes)
            self.pass_max = max(self.pass_max, ticks_diff(now, t0))
            if self.deferred[NEXT_PASS] is not None and not self.new_screen:
                # An open half built (the old screen still up): no frame,
                # collection or rest before its second pass (~20 ms).
                continue
            # Even with nothing to draw a refresh walks every layer (~7 ms on
            # the Pico): at once after a press, else once per IDLE_FRAME_MS.
            if pressed or finishing or self.new_screen or ticks_diff(now, drawn) >= IDLE_FRAME_MS:
                self.draw()
                if pressed or finishing:
                    self.tidy_heap()
                drawn = ticks()
            self.hw.sleep(ASLEEP_LOOP_S if self.dimmed == 2 else LOOP_SLEEP_S)

    # ----- games ---------------------------------------------------------

    def start_card(self, game, info, device, after=None, alone=False):
        """A new game of 2+ players opens on this card: who plays first, in
        the hand-over's words ("Pass the device to PLAYER 2", or "First to
        play" for a device seat), with the roll-off that chose them.  It is
        drawn before anything else of the game is made: the seats, their
        tables and the game's screen come in the passes after its frame,
        under it, while the device changes hands (a start was 580-850 ms on
        the Pico, the card ~400).  Its A stands in for the first turn's
        hand-over or roll-off (``begin_game``; ``after``: a resumed game's
        ``resume_turn``, Continue's card being its hand-over).  ``alone``:
        one human against device seats (or none), who holds the device
        already: the card says who plays first and goes on by itself
        (``play.opening.let_card_go``); so does a ``device`` seat's card, the first to
        play (``opening.show_game``)."""
        card = self.pass_screen()
        line = None
        if device or alone:
            line = "Your turn" if after is not None else "First to play"
        card.prepare(game.current, info, after or self.begin_game, line, not (alone or device))
        self.table.carded = True
        self.push(card)

    def begin_game(self):
        """A on the start card: the first turn on the game's screen (under
        the card), without a second hand-over or roll-off."""
        table = self.table
        table.handed = table.game.current
        if self.lone_human():
            table.hand_over = None      # (no hand-over ahead: its heap is the game's)
        self.top.first_turn(True)
        table.handed = None

    def resume_turn(self):
        """A on the hand-over of a resumed game: its screen shows the turn."""
        self.top.refresh()

    def game_running(self, running):
        if self.on_game is not None:
            self.on_game(running)

    def save_game(self, game):
        """Keep the game at its last checkpoint (start of the current turn).
        A finished game is not written here: the store lets it go together
        with its count (``record``), in the pass after the final scores are
        drawn (its write was ~30 ms of that open on the Pico).  A power cut
        before then leaves its last turn to Continue, and nothing counted."""
        data = game.checkpoint()
        if data is None:
            data = game.encode()
        table = self.table
        if not game.over:
            oom = self.test.get("save_oom")
            if oom:
                table.saves += 1
                if table.saves >= oom:
                    raise MemoryError("test key DWS_TEST_SAVE_OOM")
            payload = data
            if table.lineup:
                from dws_app.levels import pack
                payload = pack(table.lineup, data)
            self.store.save_game(payload)
            self.nvm_log()
        table.saved = data      # (once written: a save that failed is tried again)
        self.heap_log("checkpoint")

    def autosave(self):
        """Save the game in play if it reached a new checkpoint since the
        last save (cheap: an identity test; the store skips equal bytes)."""
        if self.deferred[NEXT_PASS] is not None:    # the game's screen is built next pass
            return
        table = self.table
        if table is not None and not table.game.over and \
                table.game.checkpoint() is not table.saved:
            self.save_game(table.game)

    def show_help(self, game_id):
        from dws_app.lobby.help import HelpScreen
        self.push(HelpScreen(self, game_id))

    def show_pass(self, seat, info, after):
        """"Pass to player N" over the current screen; ``after()`` runs on A.
        The screen is built once and reused for every turn; a device-played
        seat needs none, nor the human who played last when only device
        seats played since (``SeatPlayer.hands_back``), nor a lone human
        against device seats, nor the first turn after a start card
        (``begin_game``).  ``info()`` gives its two lines, asked only when
        it shows: their code is the pass screen's module, which a game
        with no hand-over ahead let go after its start card (asked at every
        turn, it came back for the whole game: 2.3 KB)."""
        seats = self.table.seats
        if self.table.handed == seat or (seats and seats.device(seat)):
            after()
            return
        if seats and seats.hands_back(seat):
            # The human who played last gets it back from device seats:
            # the screen says what they did instead (``hand_back``).
            hand_back = getattr(self.top, "hand_back", None)
            if hand_back is None:
                after()
            else:
                hand_back(after)
            return
        if self.lone_human():
            # A lone human against device seats holds the device already:
            # their first turn needs no hand-over (whose screen, built
            # there, took 2 KB of the game's lowest point, issue 50).
            after()
            return
        screen = self.pass_screen()
        screen.prepare(seat, info(), after)
        self.push(screen)

    def lone_human(self):
        """True when the game in play has one human seat, the others the
        device's: nobody to pass the device to."""
        seats = self.table.seats
        return seats is not None and seats.levels.count(None) < 2

    def pass_screen(self):
        """The hand-over screen, built at its first use and kept for every
        turn of the game (a start card is one too)."""
        table = self.table
        if table.hand_over is None:
            from dws_app.play.pass_screen import PassScreen
            table.hand_over = PassScreen(self)
        return table.hand_over

    def show_scores(self, game):
        """The final scores (recorded first); inside the main loop they open
        once the game screen's handler has returned (AFTER_PRESS), and
        their screen is built in the pass after (``scores.final``)."""
        self.later(AFTER_PRESS, self.scores_now, game)

    def scores_now(self, game):
        """The finished game counted in the records and shown
        (``dws_app.lobby.scores.final``, a module used only between games)."""
        from dws_app.lobby.scores import final
        final(self, game)
