"""Button plans for the board suite, recorded on the simulator.

The board runs the same app with the same test keys (``DWS_TEST_SEED``,
``DWS_TEST_ANIM_MS = 0``, ``DWS_TEST_HEAP_LOG = 1``), so given the same
presses it walks through the same states.  A plan is what a player did in the
simulator: each press with the number of ``heap ...`` lines the app printed
until it waited for a human again (device turns, screen changes, saves).  The
board's replay (``replay.mjs``) presses the same button and waits for as many
lines, so it never presses into a device turn, however slow the board is.

Plan items (JSON lists): ``["key", NAME, LINES, KIND]`` (KIND: ``press_kind``;
``["key", NAME, LINES, "fresh", FIRST]``: the first FIRST lines come before
the interpreter starts afresh, once the press's answer is drawn);
``["key", NAME, LINES, "card", FIRST]``: a start card that goes on by itself
(a lone human's): its FIRST lines are the press's answer, the rest the game
that follows it; ``["key", NAME, LINES, "wake"]``: the press that wakes
the board from deep sleep, whose LINES are the new run's (it does nothing
more); ``["wait", MS]`` (no press for MS emulated ms);
``["battery", MV, LINES, RAW]`` (the cells at MV from now: the board's
ADC channel set to RAW, and the LINES the readings print, as after a press;
a plan's ``adc`` is that channel from its power-on);
``["shot", NAME]`` (a screenshot on the board; the simulator's picture of the
same moment is saved beside the plan as ``NAME.sim.png``); ``["cut"]`` (the
power goes: the run ends here and the next plan boots from the flash it left).
"""

import contextlib
import io
import random

from dws_app.app import App
from dws_app.catalog import title_of
from dws_app.play.game_base import GameScreen
from sim.hw import SimBattery, build
from sim.play import choose_options_and_start, open_setup, type_name, waits_for_a as held
from sim.script import Session

TEST_KEYS = {"anim_ms": 0, "heap_log": 1}
TEST_ERROR = "test key DWS_TEST_FAIL"     # what B on the menu raises with fail=1
TEST_OOM = "test key DWS_TEST_SAVE_OOM"   # what a save raises with save_oom


def translators():
    """game id -> function(session, step) doing one engine step by buttons."""
    from sim.play import dws_step
    from sim.play_stb import dice_step, stb_step
    from sim.play_roll_games import cargo_step, dicedout_step
    return {1: dws_step, 2: stb_step, 3: dicedout_step, 4: cargo_step, 5: dice_step}


def human_choice(game_id, legal, rnd):
    """A random legal step, without the steps a player takes back at once."""
    if game_id == 1:
        legal = [st for st in legal if st[0] not in ("drop", "colour")] or legal
    elif game_id == 5:
        legal = [st for st in legal if st[0] != "count"] or legal
    return rnd.choice(legal)


def press_kind(text):
    """What a press led to, for its latency figure: "move" (no screen change
    or save), "save" (a checkpoint), "open" (a screen), "turn" (device seats
    played after it: its time is theirs); ``Recorder.press`` adds "fresh"
    (the menu after a game, then a new interpreter drawing it again) and
    "view" (``view_of``)."""
    lines = [ln.split() for ln in text.split("\n")]
    if any(ln[:1] == ["think"] for ln in lines):
        return "turn"
    wheres = [ln[2] for ln in lines if ln[:1] == ["heap"] and len(ln) > 2]
    if not wheres:
        return "move"
    return "save" if all(w == "checkpoint" for w in wheres) else "open"


def view_of(screen):
    """The whole view a screen shows, for the "view" press kind: a press
    that stays in its screen but replaces its picture, as opening one does
    (its budget is the open's): the next help page; another player's board
    or sheet, or the player's own again; the final screen's next view (the
    totals, by round, the chart); and the next turn, begun by the A
    that ends a held result or a device turn's summary (where a human takes
    over from another, the pass screen opens instead)."""
    held = screen.waits_for_a() if isinstance(screen, GameScreen) else False
    # (``player``: whose columns Dice Wide Shut's final screen shows, None
    # its chart)
    return (getattr(screen, "page", None), getattr(screen, "viewing", None),
            getattr(screen, "peek", None), getattr(screen, "showing", None),
            getattr(screen, "player", -1), held)


def new_view(before, after):
    """True if the view ``after`` replaces ``before`` (``view_of``): a
    result that ends and lets the next turn begin, not one that begins."""
    return before[:5] != after[:5] or (before[5] and not after[5])


def heap_lines(text):
    return len([ln for ln in text.split("\n") if ln.startswith("heap ")])


def card_lines(text):
    """The heap lines up to a start card's that went on by itself in the
    same press (a lone human's: the game's screen followed it), else None."""
    wheres = [ln.split()[2] for ln in text.split("\n") if ln.startswith("heap ")]
    for i, where in enumerate(wheres[:-1]):
        if where == "PassScreen" and wheres[i + 1].endswith("Screen") and \
                wheres[i + 1] != "PassScreen":
            return i + 1
    return None


class Recorder(Session):
    """A simulated pico_dice session that records every press as a plan item."""

    def __init__(self, seed, nvm=None, battery=None, **keys):
        self.seed = seed
        # The board's battery monitor reads nothing (its ADC at 0) unless a
        # plan sets it (``battery``, the cells' millivolts at power-on).
        self.adc = adc_raw(battery) if battery else 0
        self.hw = build("pico_dice", seed=seed,
                        battery=SimBattery(battery) if battery else None)
        if nvm is not None:
            self.hw.nvm.data[:] = nvm
        test = dict(TEST_KEYS)
        test.update(keys)
        test["seed"] = seed
        self.test = dict(test)    # the drive's test keys for this power-on
        self.items = []
        self.writes = []          # items whose saves the power cuts cut inside (``mark_writes``)
        self.shots = {}
        self.line_budget = None   # see settle()
        self.cut_short = False
        self.freshened = None     # lines before a new interpreter in the last press
        self.asleep = False       # the board is in deep sleep (``deep_sleep``)
        self.hw.deep_sleep = self.deep_sleep
        self.hw.keep = bytearray(8)     # (the board's alarm.sleep_memory)
        out = self.out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.start_app()
        self.boot_lines = heap_lines(out.getvalue())

    def start_app(self):
        """The app as code.py starts it: at power-up, and in a new
        interpreter on the same nvm when it asks for one (``fresh``)."""
        self.app = App(self.hw, test=dict(self.test), fresh=self.fresh)
        self.app.start()

    def fresh(self):
        """The board's fresh start after a game: a new app on the same
        hardware and nvm, whose start prints what the board's new run does.
        ``freshened``: the heap lines printed before it (the old menu's)."""
        self.freshened = heap_lines(self.out.getvalue())
        self.start_app()

    def deep_sleep(self):
        """The board's deep sleep: the run ends there; the next press starts
        a new one (``wake``)."""
        self.asleep = True

    def wake(self, name):
        """The press that wakes the board: a new app starts as at a power-up
        with ``woke`` set (into the game it left); the press does nothing more."""
        assert self.asleep, "the board is awake"
        self.asleep = False
        out = self.out = io.StringIO()
        self.hw.woke = True
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            self.start_app()
            self.settle(out)
            self.app.heap_flush()
        self.hw.woke = False        # (read once, by the new app's start)
        self.items.append(["key", name, heap_lines(out.getvalue()), "wake"])

    def press(self, *names):
        assert not self.asleep, "a press while the board sleeps: wake()"
        for name in names:
            out = self.out = io.StringIO()
            self.freshened = None
            # (the screen's id, not the screen: a reference here would keep
            # a finished game on the heap while the menu is built)
            before, top = view_of(self.app.top), id(self.app.top)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                Session.press(self, name)
                self.settle(out)
                self.app.heap_flush()   # (the board prints them after the frame)
            text = out.getvalue()
            item = ["key", name, heap_lines(text), press_kind(text)]
            if item[3] == "move" and id(self.app.top) == top and \
                    new_view(before, view_of(self.app.top)):
                item[3] = "view"
            card = card_lines(text)
            if card is not None:                # the card's answer, then the game
                item[3:] = ["card", card]
            if self.freshened is not None:      # + the lines before the new interpreter
                item[3:] = ["fresh", self.freshened]
            self.items.append(item)

    def mark_writes(self):
        """The last press's saves are cut inside, page by page, where the
        plan is cut (``tools/board/cuts.py``: a name change, a records
        update)."""
        self.writes.append(max(i for i, item in enumerate(self.items) if item[0] == "key"))

    def settle(self, out=None, limit_ms=3600000):
        """Let device time pass while device seats play (no press), or until
        ``out`` holds ``line_budget`` heap lines (``cut_short``).  A pass the
        app left to finish (NEXT_PASS: the records' write after the scores,
        a new interpreter after the menu) runs too, as the board's main loop
        runs it at once."""
        waited = 0
        while self.busy() or self.app.pending(self.app.NEXT_PASS) is not None:
            if self.line_budget is not None and heap_lines(out.getvalue()) >= self.line_budget:
                self.cut_short = True
                return
            assert waited < limit_ms, "the simulated game stalled"
            self.hw.clock.advance(50)
            self.app.poll()
            waited += 50
        error = self.app.last_error
        assert error is None or str(error) in (TEST_ERROR, TEST_OOM), error

    def busy(self):
        top = self.app.top
        if not isinstance(top, GameScreen):
            return False
        if top.animating():
            return True
        table = self.app.table
        seats = table and table.seats
        return seats is not None and seats.game is top.game and seats.busy(top)

    def wait(self, ms):
        """A pause of ``ms`` emulated ms with no press (its own plan item);
        nothing may print a heap line meanwhile, or the board would count
        it against the next press."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            Session.wait(self, ms)
            self.app.heap_flush()
        assert heap_lines(out.getvalue()) == 0, out.getvalue()
        self.items.append(["wait", ms])

    def battery(self, mv):
        """The cells at ``mv`` from now (the board's ADC set to match), and
        the time three readings take: the gauge's new level, the low
        warning, or the empty battery's save and screen."""
        out = self.out = io.StringIO()
        self.hw.sim_battery.mv = mv
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            for _ in range(BATTERY_SETTLE_MS // 50):
                self.hw.clock.advance(50)
                self.app.poll()
            self.app.heap_flush()
        assert not self.busy(), "a battery reading during a device turn"
        self.items.append(["battery", mv, heap_lines(out.getvalue()), adc_raw(mv)])

    def shot(self, name):
        self.shots[name] = self.hw.display.render()
        self.items.append(["shot", name])

    def cut(self):
        self.items.append(["cut"])
        return bytes(self.hw.nvm.data)

    @property
    def screen_name(self):
        return type(self.app.top).__name__


# lib/dws_hw/pico_dice.py's VSYS_TOP_MV and DIODE_MV (tests/test_board_record.py
# holds them equal): the cells' millivolts as the 12-bit ADC reads VSYS.
VSYS_TOP_MV = 9900
DIODE_MV = 250
# Three of the app's battery readings (dws_app.battery.READ_MS) and a margin.
BATTERY_SETTLE_MS = 6500


def adc_raw(mv):
    """The 12-bit reading of GP29 (VSYS / 3) with the cells at ``mv``."""
    return max(0, min(4095, round((mv - DIODE_MV) * 4096 / VSYS_TOP_MV)))


# ----- driving the setup and a game ------------------------------------------

def setup_and_start(rec, game_id, levels, options, names=()):
    """Players, seats and options by buttons, then Start: the human seats
    ``levels`` leaves (None) are the players kept on the device called
    ``names``, in order, then guests."""
    setup = open_setup(rec, title_of(game_id))
    while setup.players != len(levels):
        rec.press("RIGHT")
    if len(setup.levels):
        kept = list(setup.names)
        humans = [kept.index(n) for n in names]
        rec.press("DOWN")
        for p in range(len(levels)):
            slot = humans.pop(0) if levels[p] is None and humans else None
            while setup.seat_levels()[p] != levels[p] or setup.seat_slots()[p] != slot:
                rec.press("RIGHT")
            rec.press("A")
    choose_options_and_start(rec, options)


def add_players(rec, names):
    """From the menu, Settings, Players: each of ``names`` typed as a new
    player; back to the menu."""
    to_item(rec, "Settings")
    rec.press("A")
    rec.press(*["DOWN"] * (len(rec.app.top.menu.items) - 1))    # Players, the last row
    rec.press("A")
    for name in names:
        menu = rec.app.top.menu
        rec.press(*["DOWN"] * (menu.items.index("New player") - menu.index))
        rec.press("A")
        type_name(rec, name)
    rec.press("B", "B")
    assert rec.screen_name == "MenuScreen", rec.screen_name


# A hand-over (a start card, "Pass the device to"): the device changes hands
# before its A, as it does at a table; the screen under it is built
# meanwhile, and its A is timed from there, not from the card's frame.
HAND_OVER_MS = 1500


def play(rec, game_id, rnd, turns=None, shot_at=None, look_back=False):
    """Play on by buttons until the scores (or ``turns`` checkpoints, the
    device seats' too).  ``look_back``: the first device turn held for a
    human is looked back at (B, then A: that turn as it left the game, then
    A back), with a shot of each (issue 52)."""
    step_by_buttons = translators()[game_id]
    saves = 0
    last = None
    for _ in range(100000):
        top = rec.app.top
        name = rec.screen_name
        if name == "ScoresScreen" or rec.cut_short:
            return
        if name == "PassScreen":
            rec.wait(HAND_OVER_MS)
            rec.press("A")
            continue
        assert isinstance(top, GameScreen), name
        checkpoint = top.game.checkpoint()
        if checkpoint is not last:
            saves += last is not None
            last = checkpoint
        if shot_at is not None and saves == shot_at:
            rec.shot(GAME_KEYS[game_id])
            shot_at = None
        if turns is not None and saves >= turns:
            return
        if held(top):
            if look_back and top.accounts and not rec.busy():
                look_back = False
                rec.press("B")
                rec.shot("look-back")
                rec.press("A")
                rec.shot("look-back-turn")
                rec.press("A")          # back to the turn held for the human
            rec.press("A")
            if rec.cut_short:
                return
            continue
        game = top.game
        step_by_buttons(rec, human_choice(game_id, game.legal_steps(), rnd))
    raise AssertionError("the game did not end")


# name -> (game id, seat levels (None: human), options, seed)
GAMES = {
    "dws5": (1, ("strong", "normal", "strong", "normal", "strong"), {}, 11),
    "dws2": (1, (None, None), {}, 12),
    # A lone human against four device seats (issue 52): not in CI's suite
    "dws1v4": (1, (None, "strong", "normal", "strong", "normal"), {}, 19),
    "stb12": (2, (None, "shut", None, "strong"), {"tiles": 12}, 13),
    # The setup's defaults (two players): where the PyBadge-sized heap less
    # its headroom ran out of memory in a save (issue 50, lean_mpy).
    "stb": (2, (None, None), {}, 18),
    "stbtog": (2, (None, "easy", "strong"), {"mode": "together"}, 14),
    "dicedout": (3, (None, "normal", None, "strong"), {}, 15),
    # (two rounds: its final screen has the chart, shot on the board)
    "cargo": (4, (None, "normal", None, "expert"), {"rounds": 2}, 16),
    "dice": (5, (None,), {"count": 3}, 17),
}
# Plans that go from the scores to the menu (its open measured in CI's
# main configuration; the evenings do it in every game).
MENU_AFTER_PLANS = ("cargo",)
# Plans that look back at a device turn on the board (issue 52).
LOOK_BACK_PLANS = ("cargo",)
# Each game id's name in bench keys and shots (the board's "think" lines
# give the id).
GAME_KEYS = {1: "dws", 2: "stb", 3: "dicedout", 4: "cargo", 5: "dice"}
# The game each bench key <game> takes its figures from.
BENCH_GAME = {"dws5": "dws", "dws2": "dws", "dws1v4": "dws", "continue": "dws", "sleep": "dws", "battery": "stb",
              "stb12": "stb",
              "stbtog": "stb",
              "stb": "stb",
              "dicedout": "dicedout", "cargo": "cargo", "dice": "dice"}


def game_plan(name, turns=None):
    """A whole game (or its first ``turns`` checkpoints) from the menu."""
    game_id, levels, options, seed = GAMES[name]
    rec = Recorder(seed)
    if turns is not None and None not in levels:
        rec.line_budget = 2 * turns   # device seats only: one press plays the game
    rec.shot("menu")
    setup_and_start(rec, game_id, levels, options)
    rnd = random.Random(seed)
    if game_id == 5:           # the roller never ends: some rolls, then the menu
        play(rec, game_id, rnd, turns=turns or 12, shot_at=2)
        rec.press("START")
        return [rec]
    play(rec, game_id, rnd, turns=turns, shot_at=1 if levels[0] is None else None,
         look_back=name in LOOK_BACK_PLANS)
    if rec.cut_short:
        rec.cut()                     # the run ends there, the device still playing
    elif turns is None:
        rec.mark_writes()             # (the records' update, cut inside)
        rec.shot("scores")
        top = rec.app.top
        views = getattr(top, "views", ())
        if 2 in views:                # the chart of the running totals (issue 52)
            # (Dice Wide Shut: after the players' columns, the winner's first)
            rec.press(*["RIGHT"] * (top.game.players - top.player if top.columns
                                    else views.index(2)))
            assert rec.app.top.chart is not None
            rec.shot("scores-chart")
        if name in MENU_AFTER_PLANS:
            rec.press("A")            # the menu after the scores (an open)
            assert rec.screen_name == "MenuScreen", rec.screen_name
    return [rec]


# Turns played before the cut and after Continue (CI's time: 9 and 9 took 116
# emulated s, ~14 minutes of CI's 90).
CONTINUE_TURNS = 4


def continue_plan():
    """Dice Wide Shut against the device, the power cut in the middle of a
    turn, then Continue after the restart and as many turns again, back to
    the menu (CI's time: the whole game plays in dws5 and the evening)."""
    game_id, levels, options, seed = 1, (None, "normal", "strong"), {}, 21
    rec = Recorder(seed)
    setup_and_start(rec, game_id, levels, options)
    rnd = random.Random(seed)
    play(rec, game_id, rnd, turns=CONTINUE_TURNS)
    top = rec.app.top
    game = top.game
    step = human_choice(1, [st for st in game.legal_steps() if st[0] == "pick"]
                        or game.legal_steps(), rnd)
    translators()[1](rec, step)           # a choice of the unconfirmed turn
    nvm = rec.cut()
    after = Recorder(seed, nvm)
    assert after.app.top.menu.items[0].startswith("Continue")
    after.shot("continue-menu")
    after.press("A")
    play(after, game_id, rnd, turns=CONTINUE_TURNS)
    after.press("START")
    assert after.screen_name == "MenuScreen", after.screen_name
    return [rec, after]


# The sleep plan's test key (DWS_TEST_SLEEP_S: the sleep setting's time,
# whose shortest choice is 2 minutes) and its pause: asleep after this long.
SLEEP_TEST_S = 4
SLEEP_WAIT_MS = SLEEP_TEST_S * 1000 + 3000


def sleep_plan():
    """Dice Wide Shut against a device seat; no press for the sleep
    setting's time (the test key's), and the board falls asleep (deep sleep
    on the Pico); a button wakes it, into the game it left; more turns, back
    to the menu.  The emulator's firmware is on USB, where CircuitPython
    only pretends to sleep and waits for the same button: the same path."""
    game_id, levels, options, seed = 1, (None, "normal"), {}, 23
    rec = Recorder(seed, sleep_s=SLEEP_TEST_S)
    setup_and_start(rec, game_id, levels, options)
    rnd = random.Random(seed)
    play(rec, game_id, rnd, turns=1)
    rec.wait(SLEEP_WAIT_MS)
    assert rec.asleep, "the board did not fall asleep"
    rec.wake("B")
    assert isinstance(rec.app.top, GameScreen), rec.screen_name
    rec.shot("woke")
    play(rec, game_id, rnd, turns=2)
    rec.press("START")
    assert rec.screen_name == "MenuScreen", rec.screen_name
    return [rec]


# The battery plan's cells: at power-on, then lower (the gauge's bars), low
# (the warning), empty (three readings under dws_app.battery.EMPTY_MV).
BATTERY_MV = (3980, 3680, 3420, 3200)


def battery_plan():
    """Shut the Box against a device seat on a battery running down (issue
    53): the gauge from the menu on, fewer bars, the low warning in the
    game's line, and the empty battery: the game saved, the one screen that
    says to charge.  The power cuts of ``tools/board/cuts.py`` are taken
    while the empty battery's reading and save run."""
    game_id, levels, options, seed = 2, (None, "strong"), {}, 24
    full, lower, low, empty = BATTERY_MV
    rec = Recorder(seed, battery=full)
    rec.shot("battery-menu")
    setup_and_start(rec, game_id, levels, options)
    rnd = random.Random(seed)
    play(rec, game_id, rnd, turns=1)
    rec.battery(lower)
    play(rec, game_id, rnd, turns=1)
    rec.battery(low)
    assert rec.app.battery.level == 0, rec.app.battery.level
    rec.shot("battery-low")
    play(rec, game_id, rnd, turns=1)
    rec.battery(empty)
    assert rec.screen_name == "ChargeScreen", rec.screen_name
    rec.shot("battery-empty")
    return [rec]


def to_item(rec, item):
    """The menu's cursor moved to ``item`` (a new interpreter's menu
    starts at the top)."""
    menu = rec.app.top.menu
    k = menu.items.index(item) - menu.index
    rec.press(*["DOWN" if k > 0 else "UP"] * abs(k))


MENU_READ_MS = 1000     # a glance at a menu before choosing from it


def screens_plan():
    """The screens between games: the menu, a setup, its help, the records,
    the settings, a player's name entered and the players' list, the setup
    that fills the screen (Shut the Box), the error screen (test key
    DWS_TEST_FAIL: B on the menu raises) and its restart."""
    rec = Recorder(31, fail=1)
    rec.shot("menu")
    rec.press("A")                        # Dice Wide Shut setup
    rec.shot("setup")
    rec.press("SELECT")                   # its help
    rec.shot("help")
    rec.press("B", "B")
    menu = rec.app.top.menu
    rec.press(*["DOWN"] * menu.items.index("Records"))
    rec.press("A")
    rec.shot("records")
    rec.press("B")
    to_item(rec, "Settings")
    rec.press("A")
    assert rec.screen_name == "SettingsScreen", rec.screen_name
    rec.shot("settings")
    rec.press("DOWN", "RIGHT")
    rec.press(*["DOWN"] * (len(rec.app.top.menu.items) - 2))    # Players, the last row
    rec.press("A", "A")                   # the players, then "New player"
    assert rec.screen_name == "NameScreen", rec.screen_name
    rec.press("RIGHT", "A", "RIGHT", "DOWN", "DOWN", "A")      # B, then O
    rec.shot("name-entry")
    rec.press("START")                    # kept: the list with BO
    assert rec.screen_name == "PlayersScreen", rec.screen_name
    rec.mark_writes()                     # (the name's save, cut inside)
    rec.shot("players")
    rec.press("B", "B")
    # (a new interpreter's menu, read before a choice as a player does: its
    # idle passes bring a setup's modules ahead; chosen 200 ms after its
    # frame, the setup's open imported them and took 488-508 ms)
    rec.wait(MENU_READ_MS)
    to_item(rec, "Shut the Box")          # the setup that fills the screen
    rec.press("A")
    rec.shot("setup-stb")
    rec.press("B")
    rec.press("B")                        # the error screen
    assert rec.screen_name == "ErrorScreen", rec.screen_name
    rec.shot("error")
    rec.press("A")                        # restart
    assert rec.screen_name == "MenuScreen"
    return [rec]


def play_to_error(rec, rnd):
    """Play Dice Wide Shut by buttons until the error screen is up."""
    for _ in range(1000):
        name = rec.screen_name
        if name == "ErrorScreen":
            return
        if name == "PassScreen":
            rec.wait(HAND_OVER_MS)
            rec.press("A")
            continue
        top = rec.app.top
        assert isinstance(top, GameScreen), name
        if held(top):
            rec.press("A")
            continue
        translators()[1](rec, human_choice(1, top.game.legal_steps(), rnd))
    raise AssertionError("no error screen")


def oom_plan():
    """A save out of memory and the restart that must not loop (issue 50):
    with the test key save_oom every save of a game from its 2nd on raises
    MemoryError (Continue's loaded checkpoint its 1st).  A two-player Dice
    Wide Shut game to its second save: the error screen offers Continue;
    A, a new interpreter's menu, Continue, and the same save fails again:
    the error screen now offers the menu, where the game waits as it was
    saved (the nvm lines: the same game CRC)."""
    seed = 61
    rec = Recorder(seed, save_oom=2)
    rnd = random.Random(seed)
    setup_and_start(rec, 1, (None, None), {})
    play_to_error(rec, rnd)
    rec.shot("oom")
    rec.press("A")                          # a new interpreter, the menu
    assert rec.app.top.menu.items[0].startswith("Continue")
    # (looked at, as a player reads it before A: a Continue pressed 40 ms
    # after this menu's frame, before its idle passes brought the open's
    # modules ahead, took 538 ms)
    rec.shot("oom-restart")
    rec.press("A")
    play_to_error(rec, rnd)
    rec.shot("oom-again")
    rec.press("A")
    assert rec.screen_name == "MenuScreen" and rec.app.top.menu.items[0].startswith("Continue")
    rec.shot("oom-menu")
    return [rec]


# An evening on one power-up (issue 29): the games one after another through
# the menu, then the screens between games, then the same games again.
# name -> (game id, seat levels, options)
EVENING = (
    ("dws", 1, ("strong",) * 5, {}),
    ("stb", 2, (None, "shut", "strong"), {"tiles": 12}),
    ("dicedout", 3, (None, "strong", "strong"), {}),
    ("cargo", 4, (None, "strong", "expert"), {}),
    ("dice", 5, (None,), {"count": 3}),
)
EVENING_TURNS = 1       # a short game: its start and its first turns
EVENING_PLAYERS = ("ANNA",)     # kept on the device first; the human seats' player
EVENING_ROLLS = 6       # the dice roller never ends: this many rolls
EVENING_WHOLE_IN_SHORT = 4      # Cargo


# The evening's and the storm's cells: None, the board's ADC at 0: no
# battery measured, and no battery code loaded (the .py configuration's
# first game found no room for its compile with it, cp10_py; the budgets
# with the gauge on screen were measured by hand: docs/measurements.md,
# "The battery on the board").
EVENING_MV = None


def evening_plan(short=False, seed=41):
    """Every game of ``EVENING`` to its scores, back to the menu each time;
    then the records, the settings and a help page; then the same games
    again, short: each one's start and first turns, then START (CI's 90
    minutes: the heap the whole games left is the heap they start from;
    what a game holds at its lowest the first lap measured).  One power-on.
    ``short``: the first lap short too but for Cargo, and no second lap.
    ``EVENING_MV``: its battery."""
    rec = Recorder(seed, battery=EVENING_MV, probe=1)
    rnd = random.Random(seed)
    add_players(rec, EVENING_PLAYERS)
    for lap in range(1 if short else 2):
        for key, game_id, levels, options in EVENING:
            # (a short evening plays Cargo whole: the scores and the way
            # from them to the menu, in ~13 emulated s)
            whole = lap == 0 and (not short or game_id == EVENING_WHOLE_IN_SHORT)
            if not whole and None not in levels:
                levels = levels[:-1] + (None,)  # a human seat: the run waits there
            setup_and_start(rec, game_id, levels, options, EVENING_PLAYERS)
            turns = None if whole else EVENING_TURNS
            if game_id == 5:
                turns = turns or EVENING_ROLLS
            # (the screenshots: a human's first turn, and the scores)
            play(rec, game_id, rnd, turns=turns, shot_at=1 if whole and levels[0] is None else None)
            if rec.screen_name == "ScoresScreen":
                rec.shot(key + "-scores")
                rec.press("A")
            elif turns is not None:
                rec.press("START")
            assert rec.screen_name == "MenuScreen", rec.screen_name
        if lap == 0:
            between_games(rec)
    return [rec]


def between_games(rec):
    """The records (and the players' page), the settings and a help page,
    from the menu and back."""
    to_item(rec, "Records")
    rec.press("A", "DOWN", "DOWN", "B", "B")
    to_item(rec, "Settings")
    rec.press("A")
    assert rec.screen_name == "SettingsScreen", rec.screen_name
    rec.press("DOWN", "RIGHT", "LEFT", "B")
    to_item(rec, "Dice Wide Shut")
    rec.press("SELECT", "RIGHT", "B")
    assert rec.screen_name == "MenuScreen", rec.screen_name


# A seeded button storm (issue 29): presses that wander through every game and
# the screens between games, as a child handed the device would, with pauses
# between most of them.  Enough for five emulated minutes on the board
# (``tools.board`` checks the time): 200 presses and long pauses (the seed
# is one whose 200 presses start every game).  make test-board-full plays
# it; an emulated second costs CI ~8 wall seconds, idle or busy (the
# pauses too: 259 emulated s took 1,906), so CI plays the short one.
STORM_PRESSES = 200
STORM_PAUSES_MS = (0, 300, 650, 1300, 2100, 3300, 4500)
# The suite's short storm (CI's time: an emulated second costs ~8 wall
# seconds, idle or busy): fewer presses, shorter pauses.
STORM_SHORT_PRESSES = 100
STORM_SHORT_PAUSES_MS = (0, 0, 100, 200, 400)
# Keys by weight in a game screen: mostly A and the arrows, so games move on.
STORM_GAME_KEYS = ("A",) * 6 + ("RIGHT",) * 3 + ("DOWN",) * 3 + ("LEFT", "UP", "B", "B")
# Games whose hint needs no one-off tables: SELECT there gives the same
# answer at once on the board and in the simulator (elsewhere the board
# builds the tables faster than the simulated passes and shows the hint,
# and its cursor, sooner).
STORM_HINTS = (4, 5)


def storm_plan(presses=STORM_PRESSES, seed=52, pauses=STORM_PAUSES_MS):
    """Random presses from the menu into every entry (each once a round):
    setups with random
    players, seats and options, games played by random keys until START,
    the scores, Continue, help, records and settings.  The auto-dim and
    sleep settings are left alone: with 30 s the board, slower than the
    simulator, could dim and swallow a press the simulator answered."""
    rec = Recorder(seed, battery=EVENING_MV)
    rnd = random.Random(seed)
    pressed = 0
    entries = []                # the menu's entries still to visit this round
    while sum(1 for item in rec.items if item[0] == "key") < presses:
        top = rec.app.top
        name = rec.screen_name
        if name == "MenuScreen":
            if not entries:     # every entry once a round, in a random order,
                # the settings first (a round may outlast the storm's presses)
                entries = list(range(len(top.menu.items)))
                entries.sort(key=lambda e: (top.actions[e][0] == "settings", rnd.random()))
            target = min(entries.pop(), len(top.menu.items) - 1)
            while top.menu.index != target:
                rec.press("DOWN")
            kind = top.actions[target][0]
            rec.press("SELECT" if kind == "game" and rnd.random() < 0.1 else "A")
            pressed = 0
            continue
        rec.press(storm_key(rec, top, name, rnd, pressed))
        pressed += 1
        pause = rnd.choice(pauses)
        if pause and not rec.busy():
            rec.wait(pause)
    for _ in range(10):             # home: the menu's heap line ends the run
        if rec.screen_name == "MenuScreen":
            break
        rec.press("START" if rec.screen_name == "PassScreen" or
                  isinstance(rec.app.top, GameScreen) else "B")
    assert rec.screen_name == "MenuScreen", rec.screen_name
    return [rec]


def storm_key(rec, top, name, rnd, pressed):
    """The next random key on screen ``name`` (``pressed`` keys so far)."""
    if isinstance(top, GameScreen):
        if rnd.random() < 0.05 * (pressed > 10):
            return "START"
        if top.game.GAME_ID in STORM_HINTS and rnd.random() < 0.05:
            return "SELECT"
        return rnd.choice(STORM_GAME_KEYS)
    if name == "PassScreen":
        return "A" if rnd.random() < 0.95 else "START"
    if name == "SetupScreen":
        if pressed > 12:
            return "A" if top.rows[top.menu.index] != "seats" else "DOWN"
        return rnd.choice(("RIGHT", "RIGHT", "LEFT", "DOWN", "DOWN", "UP", "A", "SELECT"))
    if name == "SettingsScreen":
        if pressed > 8:
            return "B"
        row_keys = ("UP", "DOWN")
        if top.menu.index < 4:      # not auto-dim or sleep
            row_keys += ("LEFT", "RIGHT")
        return rnd.choice(row_keys)
    if pressed > 6:
        return rnd.choice(("A", "B", "START"))
    return rnd.choice(("LEFT", "RIGHT", "UP", "DOWN", "SELECT"))


# Every plan plans() records; the continue plan is whole only, the storm whole
# or the suite's short one (never a --quick look's).
PLAN_NAMES = tuple(GAMES) + ("continue", "screens", "oom", "sleep", "battery", "evening", "storm")
NOT_QUICK = ("continue", "storm")


def plans(quick=False, names=PLAN_NAMES):
    """name -> list of recorders (one per power-on), for the plans of
    ``names`` (recording on the simulator is most of a short suite's
    start: only those asked for)."""
    makers = {"screens": screens_plan, "oom": oom_plan, "sleep": sleep_plan,
              "battery": battery_plan, "evening": lambda: evening_plan(short=quick),
              "storm": lambda: storm_plan(STORM_SHORT_PRESSES, pauses=STORM_SHORT_PAUSES_MS)
              if quick else storm_plan()}
    if not quick:
        makers["continue"] = continue_plan
    out = {}
    for name in names:
        if name in GAMES:
            out[name] = game_plan(name, turns=6 if quick else None)
        elif name in makers:
            out[name] = makers[name]()
    return out
