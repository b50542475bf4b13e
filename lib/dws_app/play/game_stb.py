"""Shut the Box: the tiles as flaps, the dice, whose turn, the running scores.

The tiles are a wooden box's flaps (art/flaps.txt, the sheet flaps.bmp, one
TileGrid on one rail): an open flap stands up, tan, with its number; a
chosen one is tipped halfway toward the player (shorter, narrower at its
foot, green, its number lower); a shut one lies folded down flat, a low
dark slab without a number: shape tells them apart without colour.  A
button right of the dice reads ROLL / USE / SHUT.

Controls: before a roll UP/DOWN choose 1 or 2 dice (when the one-die rule
allows it) and A rolls.  In together mode, before each roll, the device goes
round every player who may use one die: UP/DOWN (or LEFT/RIGHT) choose 1 or
2, A declares it; the score row shows who said "one", "two", or "?" (still
to say); B takes the last declaration back until the roller rolls.  After
the roll LEFT/RIGHT move over the tiles and the SHUT button, A chooses or
unchooses a tile; once the chosen tiles add up the cursor jumps to SHUT and
A shuts them.  B undoes a choice.  A turn that ends (stuck, box shut, round
over) stays on screen until A, then the device is passed on.
"""

from micropython import const
import displayio

from dws_app import theme, ui
from dws_app.dice_art import HOLLOW, PLAIN, Die, hop, read_sheet
from dws_app.play.game_base import GameScreen, anim_value
from dws_app.play.game_held import HeldTurnScreen, short_name
from dws_core.stb import PLAYING, ROLL, SELECT, USE, open_sum

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_PLAYER = const(1)
_ROUND = const(1)
_DICE = const(2)
_COUNT = const(2)
_SCORE = const(2)
_TILES = const(2)
_FIRST = const(2)

TILE_OPEN = 0xD8A860
TILE_CHOSEN = 0x40C040
WOOD = 0x704818          # outlines, a shut flap's back, the rail
# The flaps' sheet: FLAP_W x FLAP_H tiles (a 12-pixel flap and a gap), by
# state: OPEN, CHOSEN, SHUT; its palette indices 1 tan, 2 wood, 3 green.
FLAPS_SHEET = "/lib/dws_app/flaps.bmp"
FLAP_W = 13
FLAP_H = 24
OPEN, CHOSEN, SHUT = 0, 1, 2
TOP = 14                 # y of the flaps' tiles (a standing flap's top)
NUMBER_Y = (2, 7)        # y of the number on an open, a chosen flap (from TOP)
DICE_Y = 55
SCORE_ROW = 6


def dice_text(dice):
    return "+".join(str(d) for d in dice)


def score_text(g, totals, p):
    """Player ``p``'s score of the rounds played, in both modes, or "-"
    before the first (0 is a shut box, not a player yet to play)."""
    return "%d" % totals[p] if g.round_scores[p] else "-"


class StbScreen(HeldTurnScreen):
    STEP_WORDS = (("roll", "Roll the dice"), ("confirm", "End the turn"))

    def __init__(self, app, game):
        GameScreen.__init__(self, app, game)
        n = game.tiles
        # The flaps side by side, centred (the last one's gap column too).
        self.x0 = 2 + (ui.WIDTH - FLAP_W * n + 1) // 2
        self.header = self.text(0, 0, 17, theme.FG)
        self.open_text = self.text(17, 0, 9, theme.FG)
        pal = displayio.Palette(4)
        pal.make_transparent(0)
        pal[1] = TILE_OPEN
        pal[2] = WOOD
        pal[3] = TILE_CHOSEN
        self.flaps = displayio.TileGrid(read_sheet(FLAPS_SHEET, 3 * FLAP_W, FLAP_H),
                                        pixel_shader=pal, width=n, height=1,
                                        tile_width=FLAP_W, tile_height=FLAP_H,
                                        default_tile=OPEN, x=self.x0, y=TOP)
        self.root.append(self.flaps)
        self.numbers = []
        for i in range(n):
            label = str(i + 1)
            self.numbers.append(ui.Text(self.root, self.x0 + FLAP_W * i + 6 - 3 * len(label),
                                        TOP + NUMBER_Y[0], len(label), theme.BLACK, label))
        self.tile_box = ui.rect(self.root, 0, TOP - 2, FLAP_W + 1, FLAP_H + 3,
                                theme.ACCENT, outline=True)
        self.dice = []
        for k in range(2):
            self.dice.append(Die(self.root, 2 + 14 * k, DICE_Y))   # clear of the info at x=32
        self.info = self.text(5, 0, 15, theme.FG)
        self.info.move(self.info.x, DICE_Y)
        self.button = ui.Text(self.root, 2 + 21 * ui.CW, DICE_Y, 4, theme.BLACK, "ROLL",
                              background=theme.ACCENT, padding=2)
        self.button_box = ui.rect(self.root, 2 + 21 * ui.CW - 4, DICE_Y - 2, 4 * ui.CW + 8, 16,
                                  theme.WHITE, outline=True)
        self.scores = []
        for p in range(game.players):
            self.scores.append(ui.Text(self.root, 2 + (p % 4) * 39,
                                       self.row_y(SCORE_ROW + p // 4), 6,
                                       theme.player_colour(p), background=theme.BG,
                                       padding=1))
        self.cursor = game.tiles      # a tile index, or tiles = the button
        self.ndice = 2                # turns mode: dice to roll
        self.use = 2                  # together mode: dice to use
        self.frozen = None            # (player, box, selection, dice) shown while waiting
        self.result = None            # (line1, line2) of a turn or roll-off held until A
        self.rolloff = None           # {player: dice} shown before the first turn
        self.pass_info = ()

    # ----- what is shown -------------------------------------------------------

    def view(self):
        g = self.game
        if self.frozen is not None:
            return self.frozen
        p = g.current
        if g.phase == ROLL and self.ndice == 1 and ("roll", 1) not in g.legal_steps():
            self.ndice = 2            # a new turn or player: two dice again
        dice = list(g.dice)
        if g.phase == ROLL and not g.together:
            dice = [0] * self.ndice
        elif not dice:
            dice = [0, 0]
        elif g.together and g.use[p] == 1:
            dice = dice[:1]           # declared one die: die 1 is the total
        return p, g.boxes[p], g.selection, dice

    def picture(self):
        """The held turn's box (its flaps as they were left) and dice."""
        p, box, sel, dice = self.view()
        return p, box, sel, tuple(dice)

    def show_picture(self, picture):
        self.frozen = picture

    def refresh(self):
        g = self.game
        p, box, sel, dice = self.view()
        header = "%s Round %d of %d" % (self.name(p), g.round + 1, g.rounds)
        if len(header) > 17:
            header = "%s Round %d" % (self.name(p), g.round + 1)
        self.header.text = header
        self.header.color = theme.player_colour(p)
        self.open_text.text = "%9s" % ("open %d" % open_sum(box))
        for i in range(g.tiles):
            self.draw_tile(i, box, sel)
        for k in range(2):
            node = self.dice[k].node
            if node.hidden != (k >= len(dice)):    # (a redraw, even unchanged)
                node.hidden = k >= len(dice)
            if k < len(dice):          # not rolled yet: a blank outline
                self.dice[k].show(dice[k], PLAIN if dice[k] else HOLLOW)
        self.draw_scores(p)
        self.draw_info(p, sel, dice)
        self.place_cursor()
        if self.result is not None:
            self.say(self.result[0], self.result[1])
        elif self.refused is None:
            self.instructions()
        self.show_leds(p, box, sel, dice)

    def draw_tile(self, i, box, sel):
        """Flap i standing (open), tipped (chosen) or folded down (shut);
        sets only what changed (a change redraws)."""
        bit = 1 << i
        state = CHOSEN if sel & bit else (OPEN if box & bit else SHUT)
        if self.flaps[i] != state:
            self.flaps[i] = state
        num = self.numbers[i]
        num.hidden = state == SHUT
        if state != SHUT:
            num.move(num.x, TOP + NUMBER_Y[state])

    def draw_scores(self, current):
        g = self.game
        totals = g.scores()
        for p in range(g.players):
            label = self.scores[p]
            if self.rolloff is not None:
                d = self.rolloff.get(p)
                value = dice_text(d) if d else ""
            elif self.declaring(p):
                value = ("?", "one", "two")[g.use[p]]
            else:
                value = score_text(g, totals, p)
            # (six columns a seat: its name as short as the value needs)
            label.text = "%s %s" % (short_name(self.name(p), 5 - len(value)), value)
            colour = theme.player_colour(p)
            if p == current and self.rolloff is None:
                label.color, label.background = theme.BLACK, colour
            else:
                done = g.status[p] != PLAYING and self.rolloff is None
                label.color, label.background = (theme.DIM if done else colour), theme.BG

    def declaring(self, p):
        """Together mode, before the roll: does player p declare 1 or 2 dice?"""
        g = self.game
        return (g.together and g.phase in (ROLL, USE) and self.frozen is None
                and g.status[p] == PLAYING and g.one_die_allowed(g.boxes[p]))

    def draw_info(self, p, sel, dice):
        g = self.game
        if self.rolloff is not None or self.result is not None:
            total = sum(dice)
            self.info.text = "= %d" % total if total else ""
            self.button.hidden = True
            return
        self.button.hidden = False
        if g.phase == SELECT:
            self.info.text = "= %d  chosen %d" % (g.target(p), open_sum(sel))
            self.button.text = "SHUT"
        elif g.phase == USE:
            self.info.text = "use %d %s" % (self.use, "die" if self.use == 1 else "dice")
            self.button.text = "USE"
        else:
            if g.together:
                self.info.text = "%s rolls" % self.name(g.roller)
            else:
                self.info.text = "%d %s" % (self.ndice, "die" if self.ndice == 1 else "dice")
            self.button.text = "ROLL"

    def place_cursor(self):
        g = self.game
        on_tiles = (self.result is None and self.rolloff is None and g.phase == SELECT
                    and self.cursor < g.tiles)
        self.tile_box.hidden = not on_tiles
        self.button_box.hidden = on_tiles or self.button.hidden
        if on_tiles:
            self.tile_box.x = self.x0 + FLAP_W * self.cursor - 1

    def instructions(self):
        g = self.game
        if g.phase == ROLL:
            if g.together:
                self.say("A: roll for everyone",
                         "B: undo  SELECT: hint" if g.can_undo() else "SELECT: hint  START: menu")
            elif ("roll", 1) in g.legal_steps():
                self.say("A: roll  UP/DOWN: 1/2 dice", "SELECT: hint  START: menu")
            else:
                self.say("A: roll the dice", "SELECT: hint  START: menu")
        elif g.phase == USE:
            self.say("Before the roll: 1 or 2?",
                     "UP/DOWN  A: ok  B: undo" if g.can_undo() else "UP/DOWN A:ok SELECT:hint")
        else:
            # Choosing tiles: two fixed lines (the sum chosen is in the info
            # line, a chosen flap is tipped), so a move or a pick redraws no
            # text.
            self.say("A: pick/drop tile or SHUT", "B: undo  SELECT: hint")

    def task(self):
        """What the player handed the device must do (together mode)."""
        g = self.game
        if g.phase == ROLL:
            return "Your roll for everyone"
        if g.phase == USE:
            return "Say 1 die or 2, then roll"
        return "Shut tiles adding to %d" % g.target(g.current)

    def pass_lines(self):
        return self.pass_info or GameScreen.pass_lines(self)

    def last_account(self):
        """Together mode: the last news of the device seats' steps, which
        the pass screen said (in turns their turn's result was held); else
        the last device turn's account."""
        info = self.pass_info
        if self.game.together and info and info[0]:
            return info[0]
        return GameScreen.last_account(self)

    # ----- LEDs -----------------------------------------------------------------

    def show_leds(self, p, box, sel, dice):
        leds = self.app.leds
        player = theme.player_colour(p)
        if leds.die_leds:
            for i in range(leds.count):
                colour = 0
                if i < self.game.tiles:
                    if sel >> i & 1:
                        colour = TILE_CHOSEN
                    elif box >> i & 1:
                        colour = TILE_OPEN
                elif i == leds.count - 1:
                    colour = player
                leds.set(i, colour)
        else:
            chosen = open_sum(sel)
            target = sum(dice) if 0 not in dice else 0
            mid = 0
            if chosen:
                mid = TILE_CHOSEN if chosen == target else theme.ACCENT
            for i in range(leds.count):
                leds.set(i, player if i in (0, leds.count - 1) else mid)
        leds.show()

    def roll_frame(self, frame):
        if frame < 0:
            return
        g = self.game
        dice = self.view()[3]
        for k in range(len(dice)):
            if dice[k]:
                self.dice[k].show(anim_value(frame, k), PLAIN)
                hop(self.dice[k], frame, k)
        leds = self.app.leds
        for i in range(leds.count):
            leds.set(i, TILE_OPEN if (frame + i) % 2 else theme.WHITE)
        leds.show()

    # ----- turns and hand-over ------------------------------------------------

    def first_turn(self, fresh):
        g = self.game
        events = g.initial_events if fresh else ()
        rolls = {}
        tie = ""
        for e in events:
            if e[0] == "rolloff":
                rolls[e[_PLAYER]] = e[_DICE]
            elif e[0] == "rolloff_tie":
                tie = "Reroll"
        if not rolls or self.app.table.handed is not None:     # (the start card showed them)
            self.begin_turn(False)
            return
        self.rolloff = rolls
        start = g.current
        self.frozen = (start, g.full, 0, list(rolls[start]))
        self.result = ("%s: %s starts" % (tie or "Roll-off", self.name(start)), "A: play")
        self.roll()

    def go_on(self):
        """A on the roll-off, or on a finished turn held until A."""
        if self.rolloff is not None:
            self.end_rolloff()
        else:
            HeldTurnScreen.go_on(self)

    def end_rolloff(self):
        self.rolloff = None
        self.frozen = None
        self.result = None
        self.begin_turn(False)

    def news(self, events):
        """Short lines about what the step did (for the pass screen)."""
        lines = []
        outs = []
        for e in events:
            k = e[0]
            if k == "rolled":
                lines.append("Rolled %s = %d" % (dice_text(e[_DICE]), sum(e[_DICE])))
            elif k == "use":
                lines.append("%s says %s" % (self.name(e[_PLAYER]), "1 die" if e[_COUNT] == 1 else "2 dice"))
            elif k == "stuck":
                lines.append("%s stuck: scores %d" % (self.name(e[_PLAYER]), e[_SCORE]))
            elif k == "out":
                outs.append(self.name(e[_PLAYER]))
            elif k == "shut":
                lines.append("%s shut %s" % (self.name(e[_PLAYER]), " ".join(str(t) for t in e[_TILES])))
            elif k == "shut_box":
                lines.append("%s SHUT THE BOX!" % self.name(e[_PLAYER]))
            elif k == "round_end":
                lines.append("Round %d over" % (e[_ROUND] + 1))
            elif k == "round_start" and e[_ROUND]:
                lines.append("Round %d: %s first" % (e[_ROUND] + 1, self.name(e[_FIRST])))
        if outs:
            line = "Out: " + ", ".join(outs)
            lines.append(line if len(line) <= ui.COLS else "Out: %d players" % len(outs))
        return lines

    def point(self, step):
        kind = step[0]
        if kind in ("shut", "open"):
            self.cursor = step[1] - 1
        elif kind == "confirm":
            self.cursor = self.game.tiles
        elif kind == "roll" and len(step) > 1:
            self.ndice = step[1]
        elif kind == "use":
            self.use = step[1]
        else:
            return
        self.refresh()

    def keep(self, step):
        """The box as the step leaves it (a confirm shuts the chosen tiles)."""
        g = self.game
        box = g.boxes[g.current]
        if step[0] == "confirm":
            box &= ~g.selection
        return box

    def chose(self, step):
        """A tile chosen or put back (or, in turns, how many dice to use):
        only what it changes is redrawn."""
        g = self.game
        if step[0] == "use":            # (turns: the roll follows)
            self.use = 2
            self.after_roll()
            self.refresh()
            return
        if open_sum(g.selection) == g.target(g.current):
            self.cursor = g.tiles          # ready to shut: jump to SHUT
        # Only what a choice changes: its tile, the sum chosen, the
        # cursor and the LEDs (the whole refresh took ~10 ms more of
        # a 55-63 ms tap on the Pico).
        p, box, sel, dice = self.view()
        self.draw_tile(step[1] - 1, box, sel)
        self.draw_info(p, sel, dice)
        self.place_cursor()
        self.instructions()
        self.show_leds(p, box, sel, dice)

    def took(self, p, events, box):
        """The news of the step for the hand-over; a turn, round or game
        that ends is held until A on the box it left (``box``)."""
        g = self.game
        self.use = 2
        lines = self.news(events)
        self.pass_info = tuple(lines[-2:])
        if g.together:
            self.pass_info = (lines[-1] if lines else "", self.task())
        stop = False
        dice = None
        for e in events:
            if e[0] == "rolled":
                dice = list(e[_DICE])
            elif e[0] in ("turn_end", "round_end", "game_end"):
                stop = True
        if not stop:
            self.after_roll()
            return False
        self.frozen = (p, box, 0, dice or [0, 0])
        name = self.name(p)
        main = name + " SHUT THE BOX!"       # (not its last tiles)
        if main not in lines:
            main = lines[0]
            for line in lines:
                if line.startswith(name + " ") or line.startswith("Out"):
                    main = line
                    break
        self.hold(main, events)
        return True

    def after_roll(self):
        """Cursor on the highest tile that can go (else on the button)."""
        g = self.game
        self.cursor = g.tiles
        for s in g.legal_steps():
            if s[0] == "shut":
                self.cursor = s[1] - 1

    def next_turn(self):
        self.frozen = None
        self.ndice = 2
        self.after_roll()
        self.begin_turn(False)

    # ----- buttons -------------------------------------------------------------------

    def choose_dice(self, n):
        g = self.game
        if g.phase == USE:
            self.use = n
        elif g.phase == ROLL and not g.together:
            if n == 1 and ("roll", 1) not in g.legal_steps():
                self.try_step(("roll", 1))    # refused: shows the engine's reason
                return
            self.ndice = n
        self.refused = None
        self.refresh()

    def move(self, delta):
        g = self.game
        if g.phase == USE:
            self.choose_dice(3 - self.use)    # LEFT/RIGHT also choose 1 or 2
            return
        if g.phase != SELECT:
            return
        self.cursor = (self.cursor + delta) % (g.tiles + 1)
        self.refused = None
        self.place_cursor()           # (nothing else follows the cursor)
        self.instructions()

    def buttons(self, name):
        g = self.game
        if name == "UP" or name == "DOWN":
            if g.phase in (ROLL, USE):
                other = 1 if (self.ndice if g.phase == ROLL else self.use) == 2 else 2
                self.choose_dice(other)
            return True
        if name == "LEFT" or name == "RIGHT":
            self.move(-1 if name == "LEFT" else 1)
            return True
        if name != "A":
            return False
        if g.phase == ROLL:
            self.act(("roll",) if g.together else ("roll", self.ndice))
        elif g.phase == USE:
            self.act(("use", self.use))
        elif self.cursor >= g.tiles:
            self.act(("confirm",))
        else:
            t = self.cursor + 1
            self.act(("open", t) if g.selection >> self.cursor & 1 else ("shut", t))
        return True

    def undo(self):
        g = self.game
        before = g.selection
        p = g.current
        if g.together and g.phase != SELECT and g.can_undo():
            # A declaration: taken back only by a human's seat (a device
            # seat would just say it again).
            seats = self.app.table.seats
            if seats is not None and seats.device(self.last_declarer()):
                self.refuse("Nothing to undo")
                return
        if GameScreen.undo(self):
            gone = before & ~g.selection
            if gone:                  # the cursor goes back to the tile undone
                self.cursor = len(bin(gone)) - 3
                self.refresh()
            elif g.current != p:      # a declaration: back to who said it
                self.use = 2
                self.begin_turn(False)

    def last_declarer(self):
        """The player who declared last before this roll (together mode)."""
        g = self.game
        last = -1
        for q in g.seat_order(g.roller):
            if q == g.current and g.phase == USE:
                break
            if g.use[q]:
                last = q
        return last
