"""DicedOut: the player's sheet for the round (2-12), the reroll boxes, the
dice, the round and everyone's scores.

Layout (26x10 text grid, y in logical pixels): row 0 whose turn and the
round; the numbers 2-7 and 8-12 in two rows (apart, so inverted cells do
not merge), marked numbers inverted (black on white, green when marked this
turn), bonus numbers with the printed sheet's two dots under them
(art/bonus.txt, the sheet bonus.bmp: one TileGrid a bonus number, in its
cell's palette, so the dots take the number's colours); the rerolls left
("2 of 3 rerolls left"); the two dice at the right of the second row
(blank outlines while they are not this turn's); the score table (this
round or the roll-off, total); rows 8-9 messages.

Controls: A rolls.  After a bonus number LEFT/RIGHT choose an unmarked
number and A marks it, or B skips the extra mark (it is optional).  Between
rounds the lowest scorer picks with LEFT/RIGHT who gets only two rerolls, A
confirms.  UP/DOWN show the other players' sheets one by one, read-only (the
header says whose; dice and cursor hidden), and the player's own again; any
other key first returns to the player's own sheet.  When a turn ends the
sheet and dice of that turn stay up until A, then the device is passed on
(or, when the same player goes on, A rolls for the next turn).
"""

from micropython import const
import displayio

from dws_app import theme, ui
from dws_app.dice_art import HOLLOW, PLAIN, SIZE, Die, hop, read_sheet
from dws_app.play.game_base import GameScreen, anim_value
from dws_app.play.game_held import HeldTurnScreen
from dws_app.play.score_table import ScoreTable
from dws_core.dicedout import EXTRA, PENALTY, ROLL

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_PLAYER = const(1)
_DICE = const(2)
_NUMBER = const(2)
_REROLLS = const(2)
_SCORE = const(2)
_OTHER = const(2)

CELL_W = 4          # grid columns per number cell
DICE_COL = 20       # the dice sit right of the second row's cells (cols 0-18)
USED = 0xFF6060


CELL_Y = (12, 28)     # pixel y of the two number rows (a gap between inverted cells)
BOXES_Y = 43
TABLE_Y = 55
# A bonus number's dots: a DOTS_W x DOTS_H tile of bonus.bmp (one digit,
# two digits) over the last two pixel rows of its cell and two below (the
# glyphs end at the cell's row 9; the dots are rows 12 and 13).
BONUS_SHEET = "/lib/dws_app/bonus.bmp"
DOTS_W = 3 * ui.CW + 2
DOTS_Y = 10
DOTS_H = 4


def cell_col_y(n):
    i = n - 2
    return (i % 6) * CELL_W, CELL_Y[i // 6]


class DicedOutScreen(HeldTurnScreen):
    PICK_STEPS = ("extra", "penalise")
    STEP_WORDS = (("roll", "Roll the dice"),)

    def __init__(self, app, game):
        GameScreen.__init__(self, app, game)
        self.header = self.text(0, 0, ui.COLS)
        self.cells = []
        dots = None
        for n in range(2, 13):
            col, y = cell_col_y(n)
            cell = ui.Text(self.root, 2 + col * ui.CW, y, 3, theme.FG, "%2d" % n,
                           background=theme.BG, padding=1)
            self.cells.append(cell)
            if game.is_bonus(n):
                if dots is None:
                    dots = read_sheet(BONUS_SHEET, 2 * DOTS_W, DOTS_H)
                self.root.append(displayio.TileGrid(
                    dots, pixel_shader=cell.palette, tile_width=DOTS_W, tile_height=DOTS_H,
                    default_tile=n // 10, x=cell.x, y=y + DOTS_Y))
        self.boxes = ui.Text(self.root, 2, BOXES_Y, DICE_COL - 1)
        self.dice = []
        for k in range(2):          # x 124..152, y 32..43: clear of 12's dots and the boxes
            self.dice.append(Die(self.root, 4 + DICE_COL * ui.CW + (SIZE + 4) * k,
                                 CELL_Y[1] + 4))
        self.table = ScoreTable(self, 0, game.players, ("Round", "Total"), y=TABLE_Y)
        self.cursor = ui.rect(self.root, 0, 0, 3 * ui.CW + 4, ui.LH + 4,   # (the dots too)
                              theme.ACCENT, outline=True)
        self.cursor.hidden = True
        self.pick = 0           # number (EXTRA) or player (PENALTY) under the cursor
        self.result = None      # (line1, line2) while a finished turn stays up
        self.note = None        # a one-off message for the next instructions
        self.turn_marks = 0     # bits marked in this turn (shown green)
        self.rolloff = None     # roll-off totals per player, shown in the table
        self.finisher = -1      # the player whose finished turn is up
        self.view = None        # [player, round, marks, used, boxes, a, b]
        self.peek = -1          # another player whose sheet is shown, or -1
        self.reset_pick()
        self.sync_view()

    # ----- what is shown ----------------------------------------------------------

    def sync_view(self):
        g = self.game
        q = self.peek
        if q >= 0:              # another player's sheet, read-only
            self.view = [q, g.round, g.marks[q], g.used[q], g.boxes(q), 0, 0]
            return
        p = g.current
        # The dice belong to this turn only while rolling again or picking a bonus.
        mine = g.again or g.phase == EXTRA
        self.view = [p, g.round, g.marks[p], g.used[p], g.boxes(p),
                     g.dice[0] if mine else 0, g.dice[1] if mine else 0]

    def refresh(self):
        g = self.game
        if self.result is None:
            self.sync_view()
        p, rnd, marks, used, boxes, a, b = self.view
        if self.peek >= 0:
            self.header.text = "Sheet of %s, round %d" % (self.name(p), rnd + 1)
        else:
            self.header.text = "%s   Round %d of %d" % (self.name(p), rnd + 1, g.rounds)
        self.header.color = theme.player_colour(p)
        green = self.turn_marks if self.peek < 0 else 0
        for n in range(2, 13):
            cell = self.cells[n - 2]
            bit = 1 << (n - 2)
            if marks & bit:
                cell.background = theme.GREEN if green & bit else theme.WHITE
                cell.color = theme.BLACK
            else:
                cell.background = theme.BG
                cell.color = theme.ACCENT if g.is_bonus(n) else theme.FG
        self.boxes.text = "%d of %d rerolls left" % (boxes - used, boxes)
        self.boxes.color = USED if used == boxes else theme.FG
        self.draw_die(0, a)
        self.draw_die(1, b)
        totals = [g.total(q) for q in range(g.players)]
        if self.rolloff is not None and (self.result is None or g.phase != PENALTY):
            # The roll-off (game start, tie for lowest) until the next roll.
            self.table.show([self.rolloff, totals], ("Roll", "Total"))
        else:
            self.table.show([g.round_scores[rnd], totals])
        self.place_cursor()
        if self.refused is None:
            self.instructions()
        self.show_leds()

    def draw_die(self, k, value):
        if value:
            self.dice[k].show(value, PLAIN)
        else:
            self.dice[k].show(0, HOLLOW, theme.DARK, theme.DARK)

    def place_cursor(self):
        phase = self.game.phase if self.result is None and self.peek < 0 else -1
        if phase == EXTRA:
            col, y = cell_col_y(self.pick)
        elif phase == PENALTY:
            col, y = self.table.header_col(self.pick), self.table.y - 1   # (above its row)
        else:
            self.cursor.hidden = True
            return
        self.cursor.hidden = False
        self.cursor.x = col * ui.CW
        self.cursor.y = y - 1

    def instructions(self):
        g = self.game
        if self.result is not None:
            self.say(self.result[0], self.result[1])
        elif self.peek >= 0:
            self.say("Viewing %s's sheet" % self.name(self.peek), "UP/DOWN: next  A: back")
        elif g.phase == PENALTY:
            self.say("Won the roll-off: choose" if self.rolloff else "Lowest score: you choose",
                     "<> A: who gets 2 rerolls")
        elif g.phase == EXTRA:
            self.say("Bonus %d! May mark 1 more" % (g.dice[0] + g.dice[1]),
                     "<>:number A:mark B:skip")
        elif g.again:
            total = g.dice[0] + g.dice[1]
            left = g.rerolls_left(g.current)
            self.say("%d is marked: roll again" % total,
                     "%d reroll%s left  A: roll" % (left, "" if left == 1 else "s"))
        elif self.note is not None:
            self.say(self.note[0], self.note[1])
        else:
            self.say("A: roll the dice", "SELECT:hint UP/DOWN:sheets")

    # ----- LEDs: the player's colour around the reroll boxes --------------------

    def show_leds(self):
        p, _r, marks, used, boxes = self.view[:5]
        player = theme.player_colour(p)
        leds = self.app.leds
        if leds.die_leds:
            # One LED per number 2-12 (lit = marked), then the player.
            out = [player if marks & (1 << k) else 0 for k in range(11)]
            out.append(player)
            out.append(player)
        else:
            out = [player]
            for k in range(3):
                out.append(USED if k < used else (theme.GREEN if k < boxes else 0))
            out.append(player)
        leds.show_colours(out)

    def roll_frame(self, frame):
        if frame < 0:
            return
        for k in range(2):
            self.dice[k].show(anim_value(frame, k), PLAIN)
            hop(self.dice[k], frame, k)
        leds = self.app.leds
        for i in range(leds.count):
            leds.set(i, theme.WHITE if (frame + i) % 2 else theme.player_colour(self.view[0]))
        leds.show()

    # ----- turns ----------------------------------------------------------------------

    def first_turn(self, fresh):
        g = self.game
        if fresh and g.initial_events:
            self.take_rolloffs(g.initial_events)
        if self.rolloff is not None and g.round == 0 and fresh and self.app.table.handed is None:
            # The first-player roll-off stays up until A (the start card,
            # when there was one, showed it).
            self.result = ("Roll-off: %s starts" % self.name(g.current), "A: go on")
            self.refresh()
            return
        self.reset_pick()
        self.begin_turn(False)

    def take_rolloffs(self, events):
        for e in events:
            if e[0] == "rolloff":
                if self.rolloff is None:
                    self.rolloff = [None] * self.game.players
                self.rolloff[e[_PLAYER]] = e[_DICE][0] + e[_DICE][1]

    def keep(self, step):
        """The turn's sheet and dice as they show now (its held picture)."""
        g = self.game
        p = g.current
        return [p, g.round, g.marks[p], g.used[p], g.boxes(p), g.dice[0], g.dice[1]]

    def took(self, p, events, before):
        """Every step is saved; a turn's end is held until A, with the
        marks it made (the next turn begins from ``next_turn``)."""
        g = self.game
        self.note = None
        ended = False
        line1 = None
        for e in events:
            kind = e[0]
            if kind == "rolled":
                self.rolloff = None
                before[5], before[6] = e[_DICE]
            elif kind == "marked" or kind == "extra":
                before[2] |= 1 << (e[_NUMBER] - 2)
                self.turn_marks |= 1 << (e[_NUMBER] - 2)
            elif kind == "declined":
                line1 = "%s marked %d only" % (self.name(p), before[5] + before[6])
            elif kind == "reroll":
                before[3] = before[4] - e[_REROLLS]
            elif kind == "diced_out":
                line1 = "%s diced out: %d" % (self.name(p), e[_SCORE])
            elif kind == "cleared":
                line1 = "%s marked all 11: 0" % self.name(p)
            elif kind == "turn_end":
                ended = True
            elif kind == "rolloff":
                self.take_rolloffs((e,))
            elif kind == "penalised":
                self.rolloff = None
                self.note = ("%s gets 2 rerolls" % self.name(e[_OTHER]),
                             "Round %d: A: roll" % (g.round + 1))
        if ended:
            if line1 is None:
                marked = [str(n) for n in range(2, 13) if self.turn_marks & (1 << (n - 2))]
                line1 = "%s marked %s" % (self.name(p), " and ".join(marked))
            self.view = before
            self.hold(line1, events, g.current == p)
            self.finisher = p
        else:
            self.reset_pick()
        return True

    def go_on(self):
        """A after a finished turn or the roll-off: the scores, or the next turn."""
        self.peek = -1
        self.turn_marks = 0
        HeldTurnScreen.go_on(self)

    def next_turn(self):
        was = self.finisher
        self.finisher = -1
        self.reset_pick()
        seats = self.app.table.seats
        if self.game.current != was:
            self.begin_turn(False)
        elif self.game.phase == ROLL and (seats is None or not seats.device(was)):
            # The same player again, and a new turn begins with a roll: A
            # rolls at once (one press, not two; the turn's screen alone
            # was a ~19,000-pixel redraw, 140 ms on the Pico).
            self.act(("roll",))
        else:
            self.refresh()        # (the lowest scorer's choice): no need to pass

    # ----- buttons ---------------------------------------------------------------------

    def reset_pick(self):
        g = self.game
        self.pick = 2 if g.phase == EXTRA else g.current
        self.move_pick(0 if g.phase == EXTRA else 1)

    def move_pick(self, step):
        """Move the cursor to the next unmarked number / other player (0: stay if ok)."""
        g = self.game
        if g.phase == EXTRA:
            n = self.pick
            for _ in range(11):
                n = 2 + (n - 2 + step) % 11
                if not g.is_marked(g.current, n):
                    break
                step = step or 1
            self.pick = n
        elif g.players > 1:
            q = (self.pick + step) % g.players
            if q == g.current:
                q = (q + (step or 1)) % g.players
            self.pick = q

    def on_button(self, name):
        if self.peek >= 0 and name not in ("UP", "DOWN"):
            self.peek = -1            # back to the player's own sheet first
            self.refresh()
            if name in ("A", "B", "LEFT", "RIGHT"):
                return
        HeldTurnScreen.on_button(self, name)

    def picture(self):
        """The held turn's sheet and dice, and the marks it made (green)."""
        return tuple(self.view) + (self.turn_marks,)

    def show_picture(self, picture):
        self.view = list(picture[:7])
        self.turn_marks = picture[7]

    def look(self, step):
        """UP/DOWN: the next other player's sheet, then the player's own."""
        g = self.game
        if g.players < 2:
            return
        q = (g.current if self.peek < 0 else self.peek) + step
        q %= g.players
        self.peek = -1 if q == g.current else q
        self.refused = None
        self.refresh()

    def buttons(self, name):
        g = self.game
        if name == "UP" or name == "DOWN":
            self.look(1 if name == "DOWN" else -1)
            return True
        if name == "LEFT" or name == "RIGHT":
            if g.phase != EXTRA and g.phase != PENALTY:
                return True
            self.move_pick(-1 if name == "LEFT" else 1)
            self.refused = None
            self.place_cursor()
            self.instructions()
            return True
        if name == "B" and g.phase == EXTRA:
            self.act(("decline",))    # the extra mark is optional
            return True
        if name == "A":
            if g.phase == EXTRA:
                self.act(("extra", self.pick))
            elif g.phase == PENALTY:
                self.act(("penalise", self.pick))
            else:
                self.act(("roll",))
            return True
        return False
