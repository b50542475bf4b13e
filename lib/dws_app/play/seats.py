"""Device-played seats and hints for the game in play.

``SeatPlayer(app, game, seat_levels)`` holds one entry per seat: None for a
human, else a level name from ``levels.level_names`` (= ``dws_core.bots.levels``).
The app keeps one for the game in play (``app.table.seats``, ``play.Table``) and calls:

* ``tick(now)`` every main-loop pass: when the current seat is device-played
  it asks ``bots.bot_turn`` for the decision (its own Rng, seeded from the
  hardware's entropy, never the game's) and replays the steps one at a time
  through the screen's own step path (``GameScreen.act``: try_step, saving,
  events, LEDs, pass screens, exactly as a human's buttons), one step per
  half animation length, the cursor first resting on what the next step
  takes.  A finished turn held on screen ("A: next player") goes on by itself
  when the next seat is a device too, or at the end of an all-device game.
* ``on_button(screen, name)`` first, from ``GameScreen.on_button``: during a
  device turn any button but START hurries the rest of that turn; on a human
  turn SELECT shows the hint (``bots.hint``, strongest level) and points the
  cursor at its first move; SELECT again opens the help.

The one-off tables of the bots and hints (Shut the Box's exact solver for a
device seat's level "shut" / "score" and, whenever a seat is human, both for
the hint; the Strong DicedOut seat's expected round scores, the hint's too;
Dice Wide Shut's column tables, the Strong seats' and the hint's) are files
on the drive that ``make flash`` wrote, never built on the board.  The
game's table module (``dws_app.play.tables_*``, named by its row in
``dws_app.catalog``) looks them up by the first pass after the game's
first frame (a device seat waits for that pass), or, when it says
``AT_START`` (Dice Wide Shut), with the seats when one is a device, else at
the first hint.  A
level whose file is missing or damaged plays as the strongest level that
needs none (``bots.table_free``) and the screen says so once; a hint that
needs a missing file says so instead.  The choice of level is kept as it
was (saved with the game), so a drive put right plays it again.  A new or
resumed game drops the tables games before it left (``memory.drop_tables``).

Saved games carry the seats in front of the engine bytes only when some seat
is device-played (``dws_app.levels``), so all-human saves are unchanged.
"""

from dws_app import ui
from dws_app.clock import ticks_add, ticks_diff
from dws_app.play.game_base import GameScreen
from dws_app.levels import any_device, level_names, level_title

HOLD_STEPS = 5         # a finished device turn stays up this many step times
# ms between a device seat's steps per pace setting: slow, normal, fast,
# instant (the records store's PACES; normal was half the normal roll's)
PACE_MS = (600, 350, 150, 0)
# Work a decision waits for (``bots.prepare``) done per main-loop pass: 8
# states of a Shut the Box win table, at most 71 ms on the Pico
# (``python -m tools.board.think``).
SLICE = 8


# ----- screens ---------------------------------------------------------------
# The seats ask and do only what ``GameScreen`` declares (act, undo, point,
# target, hint_for, waits_for_a, go_on, animating, stop_roll, say): they
# press no key for a screen, and no game's steps are named here.

def apply(screen, step):
    """One engine step through the screen's own path, as its buttons do
    (a hint's ("undo",): B)."""
    if step[0] == "undo":
        screen.undo()
    else:
        screen.act(step)


def hint_lines(text):
    """The hint on the two message lines: "Hint: " and its words, or its
    words alone where they need both lines (their numbers in words: "9.8%
    to shut, 11.0 left"); more than two lines are cut, which the
    text-fit test forbids."""
    lines = ui.wrap("Hint: " + text, ui.COLS, 3)
    if len(lines) > 2:
        lines = ui.wrap(text, ui.COLS, 3)
    return lines


class SeatPlayer:
    def __init__(self, app, game, seat_levels=None, tables=None):
        self.app = app
        self.game = game
        # The game's levels (its row's: a game in play has no list of games)
        self.names = names = level_names(game.GAME_ID)
        self.levels = [None] * game.players
        if seat_levels:
            for p in range(min(len(seat_levels), game.players)):
                if seat_levels[p] in names:
                    self.levels[p] = seat_levels[p]
        self.rng = None             # the seats' own Rng, made on first use
        self.queue = []             # steps left of the device's decision
        self.due = None             # tick of the next step
        self.held_due = None        # tick to go on from a held finished turn
        self.turn = None            # (seat, round) of the decision being played
        self.hurry = None           # (seat, round) being fast-forwarded
        self.human_moved = False    # the last step came from a human's button
        self.hinted = None          # the position whose hint is up: SELECT again = help
        self.thinks = 0             # bot decisions made, and the longest think
        self.think_max = 0          # time in ms (measurements)
        self.fallback = {}          # level -> the level it plays as (its table file missing)
        self.no_hint = False        # the hint's table file is missing
        self.tell = None            # (line, line) to say once the game's screen is up
        self.last_human = None      # the seat of the last human turn handed over
        self.hint_work = None       # the hint's work under way (``bots.prepare``)
        self.shown = -1             # the percentage of a decision's work on screen
        # The game's table module (its catalog row's) until its tables are
        # looked up: by the first pass after the game's first frame, or
        # (``AT_START``) by ``start`` when a seat is a device, else at the
        # first hint
        self.lookup = tables
        self.at_start = False
        keep = ()
        if tables is not None:
            mod = __import__(tables, None, None, ["find"])
            self.at_start = mod.AT_START
            keep = mod.CACHES
        from dws_app.memory import drop_tables, forget
        drop_tables(keep)           # other games' tables: heap this one needs
        if self.at_start and not any_device(self.levels) and app.forgets:
            forget((tables,))       # (until the first hint)
        self.starting = any_device(self.levels)     # ``start`` is due

    def start(self):
        """The device seats' tables (``AT_START``) and code, before the
        game's screen is built (from .py sources the bot module compiles
        only in a heap without it, cp10_py in the board suite) and not
        inside their first decision (the think budget: 100 ms a decision).
        A pass of its own when the app opens a game (``opening.start_seats``):
        with the engine in the same pass, a Dice Wide Shut start with
        Strong seats froze the Pico for 312-352 ms.  True when it did
        something (a human-only game: nothing; its tables at the first
        hint)."""
        if not self.starting:
            return False
        self.starting = False
        if self.at_start:
            self.look_up()
        from dws_app.memory import collect
        collect("dws_core.bots")
        from dws_core.bots import _module
        __import__("dws_core.rng")
        bot = _module(self.game.GAME_ID)
        for level, name in getattr(bot, "LEVEL_MODULES", ()):
            if level in self.levels:    # (Cargo's expert: its own module)
                collect(name)
                __import__(name)
        return True

    def look_up(self):
        """Open the table files this game's seats and hint use (the game's
        table module's ``find``), then let that module go."""
        name = self.lookup
        self.lookup = None
        missing, why = __import__(name, None, None, ["find"]).find(self.game, self.levels)
        if self.app.forgets:        # (used once: its code goes for the rest of the game)
            from dws_app.memory import forget
            forget((name,))
        if missing:
            self.without(missing, why)

    def without(self, missing, why):
        """Levels (None: the hint) whose table file is missing (``why``, one
        console line): each device level among them plays as the strongest
        level that needs none (its turns say so), and a hint that would
        need it says so (once at the start too)."""
        print(why)
        from dws_core.bots import table_free
        free = table_free(self.game.GAME_ID)
        for level in missing:
            if level is None:
                self.no_hint = None in self.levels
            elif level in self.levels:
                self.fallback[level] = free
        if self.no_hint:            # (a device seat's turns say it themselves)
            self.tell = ("Table file missing:", "no hints (make flash)")

    def plays(self, seat):
        """The level a device seat plays at (its own, or its fallback)."""
        level = self.levels[seat]
        return self.fallback.get(level, level)

    def hints(self):
        """True when SELECT gives a hint in this game (else it opens help)."""
        return bool(self.names)

    def hands_back(self, seat):
        """True when the human at ``seat`` has the device already: theirs
        was the last human turn (only device seats played since), so no
        pass screen.  Called once per hand-over to a human seat."""
        back = self.last_human == seat
        self.last_human = seat
        return back and any_device(self.levels)

    def device(self, seat):
        return 0 <= seat < len(self.levels) and self.levels[seat] is not None

    def step_ms(self):
        """The time between a device seat's steps: the pace setting's
        (with the test key anim_ms: half the roll's, as the tests time)."""
        app = self.app
        if "anim_ms" in app.test:
            return app.anim_ms() // 2
        return PACE_MS[app.settings["pace"]]

    def _screen(self):
        top = self.app.top
        if isinstance(top, GameScreen) and top.game is self.game:
            return top
        return None

    def _key(self):
        g = self.game
        return g.current, getattr(g, "round", 0)

    # ----- the main loop --------------------------------------------------

    def tick(self, now, solve=True):
        if self.lookup and solve and not self.at_start:
            self.look_up()
            return
        if self.tell is not None:
            screen = self._screen()
            if screen is not None and not screen.animating():
                screen.say(*self.tell)
                self.tell = None
        if self.hint_work is not None:
            screen = self._screen()
            if screen is None or self.slice(screen, self.hint_work, "Hint: thinking"):
                self.hint_work = None
                if screen is not None:
                    self.show_hint(screen)
            return
        for _ in range(64):          # a hurried turn runs in one pass
            if not self._advance(now):
                return

    def _auto(self):
        """May a held finished turn go on without a human's A?"""
        g = self.game
        if self.human_moved:
            return False
        if g.over:
            return None not in self.levels
        return self.device(g.current)

    def _advance(self, now):
        """Do what is due; True when the next thing may follow at once (hurry)."""
        screen = self._screen()
        if screen is None:
            return False
        g = self.game
        if self.hurry is not None and self.hurry != self._key():
            self.hurry = None          # hurrying ends with the device's turn
        if screen.animating():
            if self.hurry is None:
                return False
            screen.stop_roll()
        if screen.waits_for_a():
            self.queue = []
            self._held(screen, now)
            return False
        self.held_due = None
        if g.over or not self.device(g.current):
            self.queue = []
            self.hurry = None
            return False
        if not self.queue:
            return self._think(screen, now)
        return self._one_step(screen, now)

    def _held(self, screen, now):
        """A finished turn held on screen: it goes on by itself after
        HOLD_STEPS step times (at once when hurried) where no human need
        see it (``_auto``)."""
        if not self._auto():
            self.held_due = None
            return
        if self.held_due is None:
            # (instant: a finished turn stays up as long as at fast)
            self.held_due = ticks_add(now, HOLD_STEPS * (self.step_ms() or PACE_MS[2]))
        if self.hurry is not None or ticks_diff(now, self.held_due) >= 0:
            self.held_due = None
            self.hurry = None
            screen.go_on()

    def _think(self, screen, now):
        """The device seat's decision: its work a slice a pass, then the
        steps, the cursor on the first; True when hurried."""
        g = self.game
        if self.lookup and not self.at_start:   # (looked up in this pass)
            return False
        if self.app.collect_due:
            # A screen or a checkpoint's collection is due after its
            # frame: the decision follows it (else the firmware would
            # collect the screen's garbage inside the decision).
            return False
        key = self._key()
        from dws_core.bots import bot_turn, prepare
        work = prepare(g, self.plays(g.current))
        if work is not None:
            self.slice(screen, work, "%s is thinking" % self.app.table.names[g.current])
            return False
        if self.rng is None:
            from dws_core.rng import Rng
            self.rng = Rng.from_bytes(self.app.hw.entropy(4))
        # The heap's growth since the last collection is collected
        # before the decision, not by the firmware inside it (the
        # continue plan's longest Strong decision took 116 ms, ~20 of
        # them a collection).
        self.app.tidy_heap()
        t0 = self.app.hw.ticks_ms()
        self.queue = bot_turn(g, self.plays(g.current), self.rng)
        ms = ticks_diff(self.app.hw.ticks_ms(), t0)
        self.thinks += 1
        self.think_max = max(self.think_max, ms)
        if self.app.test.get("heap_log"):
            print("think", g.GAME_ID, self.plays(g.current), ms)   # (the suite names the game)
        if not self.queue:
            raise RuntimeError("no bot steps for seat %d" % (g.current + 1))
        gap = self.step_ms() * (2 if key != self.turn else 1)
        self.turn = key
        self.due = ticks_add(now, gap)
        screen.point(screen.target(self.queue))
        self.announce(screen)
        return self.hurry is not None

    def _one_step(self, screen, now):
        """The decision's next step when it is due; True when hurried."""
        g = self.game
        if self.hurry is None and ticks_diff(now, self.due) < 0:
            return False
        step = self.queue.pop(0)
        apply(screen, step)
        if screen.refused is not None:
            raise RuntimeError("bot step refused: %r %s" % (step, screen.refused))
        self.human_moved = False
        self.app.last_input = now    # a playing device stays lit
        self.due = ticks_add(now, self.step_ms())
        if self.queue and self._screen() is screen and not screen.waits_for_a():
            screen.point(self.queue[0])
        if self._screen() is screen and not screen.waits_for_a() and not g.over \
                and self.device(g.current):
            self.announce(screen)
        return self.hurry is not None

    def slice(self, screen, work, what):
        """One pass of ``work`` (``bots.prepare``), its progress on screen;
        True once it is done.  Timed as a decision is (the think budget is
        a pass's)."""
        t0 = self.app.hw.ticks_ms()
        done = work.advance(SLICE)
        ms = ticks_diff(self.app.hw.ticks_ms(), t0)
        self.thinks += 1
        self.think_max = max(self.think_max, ms)
        if self.app.test.get("heap_log"):
            print("think", self.game.GAME_ID, "slice", ms)
        pct = 100 - work.left() * 100 // work.size
        if not done and pct // 10 != self.shown:
            self.shown = pct // 10
            screen.say(what, "%d%% done" % pct)
        if done:
            self.shown = -1
        return done

    def announce(self, screen):
        p = self.game.current
        level = self.levels[p]
        if level in self.fallback:  # (its table file missing: said at every turn)
            screen.say("%s plays %s" % (self.app.table.names[p], level_title(self.fallback[level])),
                       "%s: no table file" % level_title(level))
        else:
            # (under it what the device turn before did, ``last_account``)
            screen.say("%s's turn" % self.app.table.names[p], screen.last_account() or "Any key: hurry")

    def busy(self, screen):
        """A device turn is under way, or a held turn will go on by itself."""
        g = self.game
        if screen.waits_for_a():
            return self._auto()
        return not g.over and self.device(g.current)

    # ----- buttons ----------------------------------------------------------

    def on_button(self, screen, name):
        """First look at a game screen's button; True when used here."""
        self.hint_work = None       # (a key stops the hint's thinking)
        if screen.game is not self.game or name == "START":
            self.hinted = None
            return False
        if self.busy(screen):
            self.hurry = self._key()
            self.tick(self.app.hw.ticks_ms())
            return True
        if name == "SELECT" and not screen.waits_for_a() and not screen.animating():
            here = self.game.encode()
            if here != self.hinted and self.show_hint(screen):
                self.hinted = here
                return True
        self.hinted = None
        if name != "SELECT":
            self.human_moved = True
        return False

    def show_hint(self, screen):
        """The strongest bot's move for this position; False when the game
        has no hint provider.  The engine state is left as it was."""
        g = self.game
        if not self.hints():
            return False
        if self.lookup:
            self.look_up()
        self.tell = None            # (this answer says it)
        from dws_core.bots import hint, needs_tables, prepare
        if self.no_hint and needs_tables(g):
            screen.say("Hint: table file missing", "(make flash puts it back)")
            return True
        work = prepare(g, None)
        if work is not None:        # (solved in slices by ``tick``, then shown)
            self.hint_work = work
            self.slice(screen, work, "Hint: thinking")
            return True
        steps, text = hint(g)
        lines = hint_lines(screen.hint_for(steps, text))[:2]
        screen.say(lines[0], lines[1] if len(lines) > 1 else "SELECT again: help")
        return True
