"""What every game screen shares: the message lines, refusals, undo, the
turn hand-over (pass screen, then the roll animation), saving, the end.

A subclass builds its widgets, then implements ``refresh()``, ``buttons(name)``
(game-specific handling; return True if used) and ``roll_frame(k)`` (one
animation frame; k counts frames, -1 = stop); the hand-over's lines are
the engine's ``turn_lines()``.

The turn: the app opens the game's screen with ``first_turn(fresh)``
(``fresh``: a new game, whose roll-off a screen may show); every later turn
begins with ``begin_turn(rolled)`` (``rolled``: the step that ended the
last turn rolled, so the roll animation follows the hand-over).  A turn a
screen holds until A keeps its two lines in ``result``; A, or a device
seat, releases it with ``go_on()`` (``game_held.HeldTurnScreen``: the
games that hold one).

The turn flow is one for every game (``act``): a step inside the turn
shows what it changed (``chose``); any other is saved, the screen reads its
events (``took``: its lines, a turn held as ``keep`` kept it), and the
flow goes on to the scores, the hand-over, the roll or the redraw, unless
the screen keeps the turn up.

The seats' side (``dws_app.play.seats``, which knows no game, calls only
these): ``act(step)`` takes one engine step through that flow,
``point(step)`` rests the cursor on what a step acts on, ``waits_for_a()``
says that something stays up until A, ``go_on()`` releases it, and
``hint_for(steps, text)`` turns the hint's steps into its words, pointing
at its first move.
"""

from micropython import const

from dws_app import sound, theme, ui
from dws_app.clock import ticks_add, ticks_diff
from dws_app.dice_art import hop
from dws_core.errors import Refused

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_PLAYER = const(1)

FRAME_MS = 70
ACCOUNTS = 7            # device turns' accounts kept: the look back's lines
SUMMARY_KEYS = "A: your turn  B: look back"


class GameScreen(ui.Screen):
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.game = game
        self.anim_end = None
        self.anim_next = 0
        self.frame = 0
        self.msg1 = self.text(0, 8, ui.COLS, theme.FG)
        self.msg2 = self.text(0, 9, ui.COLS, theme.DIM)
        self.refused = None
        self.back = None        # what A does after a device turn's summary (hand_back)
        # (seat, line) of each device turn since a human's last step, the
        # newest last (``account``); the words of the one under way
        self.accounts = []
        self.turn_events = None

    # ----- the seats' side (dws_app.play.seats) ----------------------------------

    result = None   # a finished turn's lines while they stay up until A (games that hold one)
    # Steps whose argument is the index the cursor ``pick`` rests on (``point``).
    PICK_STEPS = ()
    # A turn opens on dice the engine rolled (a new game's first roll is shown).
    OPENS_ROLLED = True
    # Steps nothing on screen stands for: a hint points at the first other one.
    UNPOINTED = ()
    # A hint's words for a step it names without words of its own.
    STEP_WORDS = ()

    def waits_for_a(self):
        """True while the screen keeps something up until A: a finished
        turn or roll-off (``result``, the games that hold one), or the
        summary of the device's turns handed back to a human (``back``)."""
        return self.result is not None or self.back is not None

    def go_on(self):
        """A on what ``waits_for_a``: a device turn's summary goes on to the
        human's turn.  A screen that holds a ``result`` releases it in its
        own (``game_held``; the summary is only up on a human's turn, with
        no result)."""
        after = self.back
        self.back = None
        if after is not None:
            after()

    def target(self, steps):
        """The first of ``steps`` that something on screen can point at."""
        for s in steps:
            if s[0] not in self.UNPOINTED:
                return s
        return steps[0] if steps else None

    def hint_for(self, steps, text):
        """The words of the hint ``steps`` (the strongest seat's move; ``text``
        its own words, if any), the cursor resting on its first move."""
        s = self.target(steps)
        if s is not None:
            self.point(s)
        if text:
            return text
        for kind, words in self.STEP_WORDS:
            if s is not None and s[0] == kind:
                return words
        return "No hint here"

    def act(self, step):
        """One engine step as the screen's buttons take it, or a device seat:
        the turn flow of every game.  A step inside the turn (undoable, the
        same player on) changes only what the screen shows (``chose``).
        Any other is saved, the screen reads its events (``took``), and
        then, unless the screen keeps the turn up (a turn held until A, or
        the same turn going on): the scores, or the next player's turn (the
        hand-over), or the roll, or the turn redrawn."""
        g = self.game
        p = g.current
        before = self.keep(step)
        events = self.try_step(step)
        if events is None:
            return
        if g.can_undo() and g.current == p:
            self.chose(step)
            return
        self.app.save_game(g)
        rolled = turned = False
        for e in events:
            if e[0] == "rolled":
                rolled = True
            elif e[0] == "turn_end":
                turned = True
        if not self.took(p, events, before):
            if g.over:
                self.app.sound.play(sound.DONE)
                self.app.show_scores(g)
                return
            if turned or g.current != p:
                self.begin_turn(rolled)
                return
        if rolled:
            self.roll()
        else:
            self.refresh()

    def keep(self, step):
        """What the screen keeps of the turn before ``step`` (to hold it as
        it was left: ``took``); here nothing."""
        return None

    def chose(self, step):
        """A step inside the turn was taken: show it (here: the whole
        screen again)."""
        self.refresh()

    def took(self, p, events, before):
        """Seat ``p``'s step, saved, ended or moved the turn on: read its
        ``events`` into the screen (``before``: what ``keep`` kept).  True
        when the turn stays up as the screen shows it (held until A, or
        the same turn going on): no scores or hand-over yet.  Here: False."""
        return False

    def point(self, step):
        """Rest the cursor on what ``step`` acts on (attributes and one
        refresh; the engine is not changed).  Here: the die or box of a
        step of ``PICK_STEPS`` (``pick``), else nothing to point at."""
        if step[0] in self.PICK_STEPS:
            self.pick = step[1]
            self.refresh()

    def on_show(self):
        """Nothing: whoever shows the game screen refreshes it (opening a
        game: first_turn; after the pass screen: its action, a roll or a
        refresh), and over the help nothing of the game changed.  A second
        refresh cost 20-30 ms of every hand-over on the Pico."""

    # ----- messages --------------------------------------------------------

    def name(self, p):
        """Seat ``p``'s name ("ANNA", "Strong 3", "Player 2": its ``play.Table``'s)."""
        return self.app.table.names[p]

    def say(self, line1, line2=""):
        self.msg1.text = line1
        self.msg1.color = theme.FG
        self.msg2.text = line2

    def refuse(self, reason):
        """Show a refusal (the engine's reason, one line: the engines keep
        them within the 26 columns) in warning colour until the next action,
        over the first message line only: the second keeps the keys of the
        moment.  A rewritten line costs ~45 ms on the Pico (26 cells at
        scale 2), so a refusal and the press after it redraw one line each,
        not two (hardware.md, "What a press costs")."""
        self.refused = reason
        self.msg1.text = reason
        self.msg1.color = theme.WARN
        self.app.sound.play(sound.REFUSE)

    def try_step(self, step):
        """Apply ``step``; on refusal show the reason.  Returns the events or None."""
        p = self.game.current
        try:
            events = self.game.step(step)
        except Refused as e:
            self.refuse(e.reason)
            return None
        self.refused = None
        self.app.sound.play(sound.CLICK)
        seats = self.app.table.seats
        if seats is not None and seats.device(p):
            self.log_turn(p, events)
        elif self.accounts:
            self.accounts = []      # (a human's step: the look back starts again)
        return events

    # ----- device turns' accounts (issue 52) ------------------------------------

    def log_turn(self, p, events):
        """A device seat's step: its events kept until its turn's end, then
        the turn's account (``account``)."""
        turn = self.turn_events
        if turn is None:
            turn = self.turn_events = []
        for e in events:
            turn.append(e)
            if e[0] == "turn_end" and e[_PLAYER] == p:
                line = self.account(p, turn)
                self.accounts.append((p, line and line[:ui.COLS], None))
                del self.accounts[:-ACCOUNTS]
                self.turn_events = None
                return          # (what follows is the next turn's)

    def account(self, p, events):
        """One line on seat ``p``'s device turn, from its ``events``, in the
        screens' words ("Strong 2: red 5 and 1, split")."""
        return "%s played" % self.name(p)

    def look_back(self):
        from dws_app.play.look_back import LookBackScreen
        self.app.push(LookBackScreen(self.app, self.accounts))

    def last_account(self):
        """The newest device turn's account (under the next device turn's
        name, and on the summary a human gets back, ``hand_back``), or None."""
        for account in reversed(self.accounts):
            if account[1] is not None:
                return account[1]
        return None

    def undo(self):
        try:
            self.game.undo()
        except Refused as e:
            self.refuse(e.reason)
            return False
        self.refused = None
        self.refresh()
        return True

    # ----- turns -----------------------------------------------------------

    def first_turn(self, fresh):
        """The game's screen opens (``fresh``: on a new game's first turn,
        whose roll is animated where a turn opens on rolled dice)."""
        self.begin_turn(fresh and self.OPENS_ROLLED)

    def begin_turn(self, rolled):
        """Start of a turn: the pass screen for 2+ players, then the roll.
        This screen is refreshed by what shows it: the roll, or the pass
        screen's action (at once for a device-played seat); a refresh under
        the pass screen cost 30-100 ms of every hand-over on the Pico."""
        if self.game.players > 1:
            self.app.show_pass(self.game.current, self.pass_lines,
                               self.roll if rolled else self.refresh)
        elif rolled:
            self.roll()
        else:
            self.refresh()

    def hand_back(self, after):
        """Device seats played and the next turn is the human's who played
        last: no pass screen.  The device's turn ends on what it did
        (``last_account``) until A, then ``after`` (the roll) follows;
        B shows every device turn since the human's last step."""
        summary = self.last_account()
        if summary is None:
            after()
            return
        self.back = after
        self.refresh()
        self.say(summary, SUMMARY_KEYS if self.accounts else "A: your turn")

    def pass_lines(self):
        """The hand-over's two info lines for the player whose turn begins."""
        return self.game.turn_lines()

    # ----- roll animation ----------------------------------------------------

    def roll(self):
        ms = self.app.anim_ms()
        self.refresh()
        if ms <= 0:
            return
        now = self.app.hw.ticks_ms()
        self.anim_end = ticks_add(now, ms)
        self.anim_next = now
        self.frame = 0
        self.app.sound.play(sound.ROLL)

    def animating(self):
        return self.anim_end is not None

    def stop_roll(self):
        self.anim_end = None
        self.roll_frame(-1)
        for die in getattr(self, "dice", ()):
            hop(die, -1, 0)         # (every die back in its place)
        self.refresh()

    def tick(self, now):
        if self.anim_end is not None:
            if ticks_diff(now, self.anim_end) >= 0:
                self.stop_roll()
            elif ticks_diff(now, self.anim_next) >= 0:
                self.anim_next = ticks_add(now, FRAME_MS)
                self.frame += 1
                self.roll_frame(self.frame)
        else:
            self.idle(now)

    def idle(self, now):
        pass

    # ----- buttons -----------------------------------------------------------

    def on_button(self, name):
        if self.back is not None:       # a device turn's summary: A goes on
            if name == "A":
                GameScreen.go_on(self)
                return
            if name == "B" and self.accounts:
                self.look_back()
                return
            if name != "START":
                return
            self.back = None
        seats = self.app.table.seats
        if seats is not None and seats.on_button(self, name):
            return                    # a device turn hurried, or a hint shown
        if self.anim_end is not None:
            self.stop_roll()          # any button skips the animation
            return
        if name == "START":
            if self.game.over:
                self.app.show_scores(self.game)   # record the finished game first
            else:
                self.app.home()       # the game stays saved at this turn's start
        elif name == "SELECT":
            self.app.show_help(self.game.GAME_ID)
        elif self.result is not None:   # a held turn: A goes on (a device's: B looks back)
            if name == "A":
                self.go_on()
            elif name == "B" and self.accounts:
                self.look_back()
        elif not self.buttons(name) and name == "B":
            self.undo()

    def buttons(self, name):
        return False


def anim_value(frame, k):
    """A fake die face for animation frame ``frame``, die ``k`` (not the game's rng)."""
    return (frame * 7 + k * 5 + (frame * k) % 3) % 6 + 1
