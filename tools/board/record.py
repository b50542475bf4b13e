"""Button plans for the board suite, recorded on the simulator.

The board runs the same app with the same test keys (``DWS_TEST_SEED``,
``DWS_TEST_ANIM_MS = 0``, ``DWS_TEST_HEAP_LOG = 1``), so given the same
presses it walks through the same states.  A plan is what a player did in the
simulator: each press with the number of ``heap ...`` lines the app printed
until it waited for a human again (device turns, screen changes, saves).  The
board's replay (``replay.mjs``) presses the same button and waits for as many
lines, so it never presses into a device turn, however slow the board is.

Plan items (JSON lists): ``["key", NAME, LINES, KIND]`` (KIND: ``press_kind``);
``["shot", NAME]`` (a screenshot on the board; the simulator's picture of the
same moment is saved beside the plan as ``NAME.sim.png``); ``["cut"]`` (the
power goes: the run ends here and the next plan boots from the flash it left).
"""

import contextlib
import io
import random

from dws_app.app import App, title_of
from dws_app.game_base import GameScreen
from dws_app.seats import GAME_KEYS, held
from sim.hw import build
from sim.play import choose_options_and_start, open_setup
from sim.script import Session

TEST_KEYS = {"anim_ms": 0, "heap_log": 1}
TEST_ERROR = "test key DWS_TEST_FAIL"     # what B on the menu raises with fail=1


def translators():
    """game id -> function(session, step) doing one engine step by buttons."""
    from sim.play import dws_step
    from sim.play_stb import dice_step, stb_step
    from test_app_cargo import step_by_buttons as cargo_step
    from test_app_dicedout import step_by_buttons as dicedout_step
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
    played after it: its time is theirs)."""
    lines = [ln.split() for ln in text.split("\n")]
    if any(ln[:1] == ["think"] for ln in lines):
        return "turn"
    wheres = [ln[2] for ln in lines if ln[:1] == ["heap"] and len(ln) > 2]
    if not wheres:
        return "move"
    return "save" if all(w == "checkpoint" for w in wheres) else "open"


def heap_lines(text):
    return len([ln for ln in text.split("\n") if ln.startswith("heap ")])


class Recorder(Session):
    """A simulated pico_dice session that records every press as a plan item."""

    def __init__(self, seed, nvm=None, **keys):
        self.seed = seed
        self.hw = build("pico_dice", seed=seed)
        if nvm is not None:
            self.hw.nvm.data[:] = nvm
        test = dict(TEST_KEYS)
        test.update(keys)
        test["seed"] = seed
        self.test = dict(test)    # the drive's test keys for this power-on
        self.items = []
        self.shots = {}
        self.line_budget = None   # see settle()
        self.cut_short = False
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.app = App(self.hw, test=test)
            self.app.start()
        self.boot_lines = heap_lines(out.getvalue())

    def press(self, *names):
        for name in names:
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                Session.press(self, name)
                self.settle(out)
                self.app.heap_flush()   # (the board prints them after the frame)
            text = out.getvalue()
            self.items.append(["key", name, heap_lines(text), press_kind(text)])

    def settle(self, out=None, limit_ms=3600000):
        """Let device time pass while device seats play (no press), or until
        ``out`` holds ``line_budget`` heap lines (``cut_short``)."""
        waited = 0
        while self.busy():
            if self.line_budget is not None and heap_lines(out.getvalue()) >= self.line_budget:
                self.cut_short = True
                return
            assert waited < limit_ms, "the simulated game stalled"
            self.hw.clock.advance(50)
            self.app.poll()
            waited += 50
        error = self.app.last_error
        assert error is None or str(error) == TEST_ERROR, error

    def busy(self):
        top = self.app.top
        if not isinstance(top, GameScreen):
            return False
        if top.animating():
            return True
        seats = self.app.seats
        return seats is not None and seats.game is top.game and seats.busy(top)

    def shot(self, name):
        self.shots[name] = self.hw.display.render()
        self.items.append(["shot", name])

    def cut(self):
        self.items.append(["cut"])
        return bytes(self.hw.nvm.data)

    @property
    def screen_name(self):
        return type(self.app.top).__name__


# ----- driving the setup and a game ------------------------------------------

def setup_and_start(rec, game_id, levels, options):
    """Players, seat types and options by buttons, then Start."""
    setup = open_setup(rec, title_of(game_id))
    while setup.players != len(levels):
        rec.press("RIGHT")
    if len(setup.levels):
        rec.press("DOWN")
        for p in range(len(levels)):
            while setup.seat_levels()[p] != levels[p]:
                rec.press("RIGHT")
            rec.press("A")
    choose_options_and_start(rec, options)


def play(rec, game_id, rnd, turns=None, shot_at=None):
    """Play on by buttons until the scores (or ``turns`` checkpoints, the
    device seats' too)."""
    step_by_buttons = translators()[game_id]
    saves = 0
    last = None
    for _ in range(100000):
        top = rec.app.top
        name = rec.screen_name
        if name == "ScoresScreen" or rec.cut_short:
            return
        if name == "PassScreen":
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
            rec.press("A")
            if rec.cut_short:
                return
            continue
        game = top.game
        step_by_buttons(rec, human_choice(game_id, game.legal_steps(), rnd))
    raise AssertionError("the game did not end")


# name -> (game id, seat levels (None: human), options, seed)
GAMES = {
    "dws5": (1, ("strong",) * 5, {}, 11),
    "dws2": (1, (None, None), {}, 12),
    "stb12": (2, (None, "shut", None, "score"), {"tiles": 12}, 13),
    "stbtog": (2, (None, "easy", "shut"), {"mode": "together"}, 14),
    "dicedout": (3, (None, "normal", None, "strong"), {}, 15),
    "cargo": (4, (None, "normal", None, "strong"), {}, 16),
    "dice": (5, (None,), {"count": 3}, 17),
}
# The game each bench key <game> takes its figures from.
BENCH_GAME = {"dws5": "dws", "dws2": "dws", "continue": "dws", "stb12": "stb", "stbtog": "stb",
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
    play(rec, game_id, rnd, turns=turns, shot_at=1 if levels[0] is None else None)
    if rec.cut_short:
        rec.cut()                     # the run ends there, the device still playing
    elif turns is None:
        rec.shot("scores")
    return [rec]


def continue_plan():
    """Dice Wide Shut against the device, the power cut in the middle of a
    turn, then Continue after the restart and play to the scores."""
    game_id, levels, options, seed = 1, (None, "normal", "strong"), {}, 21
    rec = Recorder(seed)
    setup_and_start(rec, game_id, levels, options)
    rnd = random.Random(seed)
    play(rec, game_id, rnd, turns=9)
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
    play(after, game_id, rnd)
    return [rec, after]


def screens_plan():
    """The screens between games: setup, help, records, settings, the error
    screen (test key DWS_TEST_FAIL: B on the menu raises) and its restart."""
    rec = Recorder(31, fail=1)
    rec.press("A")                        # Dice Wide Shut setup
    rec.shot("setup")
    rec.press("SELECT")                   # its help
    rec.shot("help")
    rec.press("B", "B")
    menu = rec.app.top.menu
    rec.press(*["DOWN"] * menu.items.index("Records"))
    rec.press("A")
    rec.shot("records")
    rec.press("B", "DOWN", "A")           # Settings
    rec.shot("settings")
    rec.press("DOWN", "RIGHT", "B")
    rec.press("B")                        # the error screen
    assert rec.screen_name == "ErrorScreen", rec.screen_name
    rec.shot("error")
    rec.press("A")                        # restart
    assert rec.screen_name == "MenuScreen"
    return [rec]


def plans(quick=False):
    """name -> list of recorders (one per power-on)."""
    out = {}
    for name in GAMES:
        out[name] = game_plan(name, turns=6 if quick else None)
    if not quick:
        out["continue"] = continue_plan()
    out["screens"] = screens_plan()
    return out
