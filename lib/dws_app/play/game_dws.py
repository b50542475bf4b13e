"""Dice Wide Shut: both halves of the current player's board, the dice pool,
whose turn, the score so far.

The board is drawn like the printed one, from the sprite sheet board.bmp
(art/board.txt): each half one TileGrid of 6 x 5 tiles, its grid cells
(each shows the die face of its value: red its column, blue its row) and
its column of 6-cells, in the half's die colour (its palette).  A cell is
a hollow face (empty), a filled one (checked) or one with an X (crossed;
a spent 6-cell), so nothing depends on colour alone.  Under each half a
TileGrid of small numbers shows what each column scores now
(../shared/RULES.md 1.8, the engine's ``column_scores``).

Controls: in the dice row LEFT/RIGHT choose a die, UP/DOWN choose red/blue,
A takes (or drops) it; once the take is complete the cursor moves to the
board: arrows choose a cell, A marks the die of that value there (a 6 in a
6-cell).  A fifth check in a row with an earlier 6 asks: A split, RIGHT spend
the 6.  A ends the turn once every die is marked.  B undoes; at a turn's
start (nothing to undo) it shows the others' boards, one per B.
"""

from micropython import const
import displayio

from dws_app import theme, ui
from dws_app.dice_art import FRAMED, HOLLOW, PLAIN, SIZE, Die, hop, read_sheet
from dws_app.play.game_base import GameScreen, anim_value
from dws_core.dws import BLUE, PURPLE, RED

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_COLOUR = const(2)
_HALF = const(2)
_ROW = const(3)
_COL = const(4)
# What the engine keeps at each round's end (the totals by round, imported
# by it then): here, so that its names are interned as the game opens, not
# in the middle of it (a name table that grows takes a block of KB), and
# from .py sources compiled after this module, not beside the engine.
__import__("dws_core.dws_totals")

BOARD_SHEET = "/lib/dws_app/board.bmp"
TILE = 12                # board tiles: 12 x 12 pixels, sheet of 6 x 4
NUMBER = 6               # the score numbers' tiles: 6 x 6
SHEET_W = 6 * TILE
SHEET_H = 4 * TILE
TENS = 72                # number tiles: " -0123456789" as tens (or sign)...
UNITS = 84               # ...and as units (art/board.txt)
BOARD_Y = 14             # the halves' top (under the header line)
NUMBERS_Y = BOARD_Y + 5 * TILE + 1
HALF_X = (3, 85)         # red half, blue half
BLINK_MS = 250
DIE_PITCH = SIZE + 2     # px from one die to the next
COLOUR_KEYS = "dice row: UP red DOWN blue"
COLOUR_WORDS = ("red", "blue")      # (a device turn's account)


def cell_x(bx):
    """Pixel x of board column bx's 12-pixel slot (0-4 red, 5 red 6, 6-10
    blue, 11 blue 6; a 6-cell's face is 10 wide, 2 right of its tile)."""
    x = HALF_X[0] if bx < 6 else HALF_X[1]
    bx = bx % 6
    return x + TILE * bx + (1 if bx == 5 else 0)


def number_tiles(v):
    """The two number tiles (tens or sign, units) of a column score;
    beyond -9..99 (no default run points reach it) the nearest shown.
    Arithmetic, not a formatted string: a str's characters are interned
    as names when indexed, and a new name can grow the interpreter's name
    table by kilobytes in the middle of a game (docs/measurements.md,
    "Names interned in a game")."""
    v = -9 if v < -9 else 99 if v > 99 else v
    if v < 0:
        return TENS + 1, UNITS + 2 - v
    if v < 10:
        return TENS, UNITS + 2 + v
    return TENS + 2 + v // 10, UNITS + 2 + v % 10


HEADER = 22             # the header's columns (the take's colour right of them)


def header_text(name, rnd, score, ending):
    """The header: "ANNA Round 4 Score -18", the score bare where that does
    not fit ("PLAYER 1 Round 12 -150"); in the last round "ANNA Last
    round: -18", without the score where that does not fit."""
    if ending:
        text = "%s Last round: %d" % (name, score)
        return text if len(text) <= HEADER else name + " Last round"
    text = "%s Round %d Score %d" % (name, rnd + 1, score)
    return text if len(text) <= HEADER else "%s Round %d %d" % (name, rnd + 1, score)


class DwsScreen(GameScreen):
    UNPOINTED = ("colour", "drop")
    STEP_WORDS = (("confirm", "End the turn"),)

    def __init__(self, app, game):
        GameScreen.__init__(self, app, game)
        self.header = self.text(0, 0, HEADER, theme.FG)
        self.take = self.text(22, 0, 4, theme.FG)
        # Each half: its cells and 6-cells, and its columns' scores under
        # them, over one sheet, in the half's palette.
        sheet = read_sheet(BOARD_SHEET, SHEET_W, SHEET_H)
        self.halves = []
        self.numbers = []
        for half in (RED, BLUE):
            pal = displayio.Palette(4)
            pal.make_transparent(0)
            pal[1] = theme.DIE_BG[half]
            pal[2] = theme.DIE_FG[half]
            pal[3] = theme.WHITE
            grid = displayio.TileGrid(sheet, pixel_shader=pal, width=6, height=5,
                                      tile_width=TILE, tile_height=TILE, default_tile=0,
                                      x=HALF_X[half], y=BOARD_Y)
            self.root.append(grid)
            self.halves.append(grid)
            grid = displayio.TileGrid(sheet, pixel_shader=pal, width=10, height=1,
                                      tile_width=NUMBER, tile_height=NUMBER,
                                      default_tile=TENS, x=HALF_X[half], y=NUMBERS_Y)
            self.root.append(grid)
            self.numbers.append(grid)
        self.cell_box = ui.rect(self.root, 0, 0, TILE + 2, TILE + 2, theme.ACCENT, outline=True)
        n = len(game.dice_colour)
        self.dice_x0 = 2 + (ui.WIDTH - DIE_PITCH * n + 2) // 2
        # The dice sit between the board (its numbers end above y=84) and the
        # messages (at y=96 on the Pico, whose glyphs start lower).
        self.dice_y = max(84, self.row_y(8) - 14)
        self.dice = []
        for i in range(n):
            self.dice.append(Die(self.root, self.dice_x0 + DIE_PITCH * i, self.dice_y))
        self.die_box = ui.rect(self.root, 0, self.dice_y - 1, SIZE + 2, SIZE + 2, theme.ACCENT,
                               outline=True)
        self.die_cursor = 0
        self.bx = 0
        self.row = 0
        self.on_board = False
        self.choice = None        # (die, row, col) while asking split / spend the 6
        self.viewing = None       # the player whose board is shown read-only
        self.blink = 0
        self.board_key = None     # (player, red half, blue half) the board tiles show
        self.board_score = 0

    # ----- state helpers -------------------------------------------------------

    def unresolved(self):
        g = self.game
        return [g.picked[k] for k in range(len(g.picked)) if not g.resolved[k]]

    def legal(self, step):
        return self.game.refusal(step) is None

    def marking(self):
        """True when the take is complete and some die can still be marked."""
        return self.game.first_mark() is not None

    def selectable(self, i):
        g = self.game
        return g.dice_free[i] or i in g.picked

    # ----- drawing ---------------------------------------------------------------

    def refresh(self):
        g = self.game
        p = g.current if self.viewing is None else self.viewing
        board = g.boards[p]
        # The board's tiles and scores only when that board changed, each
        # half on its own (a press sets the few tiles that changed).
        red = bytes(board.cells[RED]) + bytes(board.sixes[RED])
        blue = bytes(board.cells[BLUE]) + bytes(board.sixes[BLUE])
        key = (p, red, blue)
        shown = self.board_key
        if key != shown:
            if shown is None or shown[0] != p:
                shown = (p, None, None)         # another board: both halves
            cols = g.column_scores(p)
            self.board_score = sum(cols)
            if red != shown[1]:
                self.draw_half(RED, red, cols)
            if blue != shown[2]:
                self.draw_half(BLUE, blue, cols)
            self.board_key = key
        if self.viewing is not None:
            self.header.text = "Board of " + self.app.table.names[p]
        else:
            self.header.text = header_text(self.app.table.names[p], g.round, self.board_score, g.ending)
        self.header.color = theme.player_colour(p)
        if self.viewing is None and g.colour in (RED, BLUE):
            self.take.text = " RED" if g.colour == RED else "BLUE"
            self.take.color = theme.DIE_FG[g.colour]
        else:
            self.take.text = ""
        for i in range(len(self.dice)):
            self.draw_die(i, g.dice_value[i])
        if self.viewing is not None:
            self.cell_box.hidden = True
            self.die_box.hidden = True
            self.say("%d points, %d split%s" % (g.score(p), board.splits,
                                                "" if board.splits == 1 else "s"),
                     "B:next board  A:own board")
            return
        was_on_board = self.on_board
        self.on_board = self.marking()
        if self.on_board and not was_on_board:
            self.jump_to_target()
        if not self.on_board and not self.selectable(self.die_cursor):
            self.move_die(1)
        self.place_cursor()
        if self.refused is None:
            self.instructions()
        self.show_leds()

    def draw_half(self, half, states, cols):
        """Set the tiles of ``half`` that changed: ``states`` its 25 cells
        then 5 6-cells (as bytes), ``cols`` the ten column scores."""
        grid = self.halves[half]
        for i in range(30):
            if i < 25:
                r = i // 5
                c = i % 5
                t = states[i] * 6 + (c if half == RED else r)
            else:
                r = i - 25
                c = 5
                t = states[i] * 6 + 5
            k = r * 6 + c
            if grid[k] != t:
                grid[k] = t
        grid = self.numbers[half]
        for c in range(5):
            tens, units = number_tiles(cols[half * 5 + c])
            if grid[2 * c] != tens:
                grid[2 * c] = tens
            if grid[2 * c + 1] != units:
                grid[2 * c + 1] = units

    def draw_die(self, i, value):
        g = self.game
        colour = theme.DIE_BG[g.dice_colour[i]]
        if i in g.picked:
            # Taken this turn: framed, inverted (white face, coloured pips).
            self.dice[i].show(value, FRAMED, theme.WHITE, colour, colour)
        elif g.dice_free[i]:
            self.dice[i].show(value, PLAIN, colour, theme.WHITE)
        else:
            # Used (marked, or left by the colour taken): only its outline.
            self.dice[i].show(value, HOLLOW, theme.TAKEN_FG, theme.TAKEN_FG)

    def place_cursor(self):
        if self.on_board:
            self.cell_box.hidden = False
            self.die_box.hidden = True
            self.cell_box.x = cell_x(self.bx) - 1
            self.cell_box.y = BOARD_Y + TILE * self.row - 1
        else:
            self.cell_box.hidden = True
            self.die_box.hidden = False
            self.die_box.x = self.dice_x0 + DIE_PITCH * self.die_cursor - 1

    def instructions(self):
        """What A and B do here, in one line that changes by a word, over the
        dice row's colour keys, which stay: a cursor move, a take or a mark
        redraws a few characters (~2.4 ms each on the Pico), not two lines
        (the board's keys there while marking redrew the line: 62-65 ms a
        press in tests/test_frame_cost.py, where a move has 35)."""
        g = self.game
        seats = self.app.table.seats
        if seats is not None and seats.device(g.current):
            seats.announce(self)    # (a device's turn: its keys, not a player's)
            return
        if self.choice is not None:
            self.say("5th check splits: A: ok", "RIGHT: spend 6  B: back")
            return
        if self.on_board:
            verb = "mark"
        elif self.legal(("confirm",)):
            verb = "done" if g.picked else "pass"    # pass: no die can be taken
        else:
            verb = "drop" if self.die_cursor in g.picked else "take"
        back = "boards" if g.players > 1 and not g.can_undo() else "undo"
        self.say("A: %-8s B: %s" % (verb, back), COLOUR_KEYS)

    def account(self, p, events):
        """"Strong 2: red 5 and 1" (the colour taken, the values it marked:
        a red cell's is its column, a blue one's its row, a 6-cell's 6),
        with ", split" (a row split) or ", spent a 6" (a 6 spent to keep a
        row) where they fit, the values then between commas ("Strong 2: red
        5, 1, split"); or "Strong 2 passed"."""
        colour = RED
        values = []
        more = ""
        for e in events:
            kind = e[0]
            if kind == "colour":
                colour = e[_COLOUR]
            elif kind == "marked":
                values.append(str(e[_COL] + 1 if e[_HALF] == RED else e[_ROW] + 1))
            elif kind == "six":
                values.append("6")
            elif kind == "split":
                more = ", split"
            elif kind == "protected" and not more:
                more = ", spent a 6"
        if not values:
            return "%s passed" % self.name(p)
        head = "%s: %s " % (self.name(p), COLOUR_WORDS[colour])
        line = head + " and ".join(values)
        for longer in (line + more, head + ", ".join(values) + more):
            if more and len(longer) <= ui.COLS:
                return longer
        return line

    # ----- LEDs ------------------------------------------------------------------

    def show_leds(self):
        g = self.game
        leds = self.app.leds
        if leds.die_leds:
            for i in range(leds.count):
                colour = 0
                if i < len(g.dice_colour):
                    c = theme.DIE_BG[g.dice_colour[i]]
                    if g.dice_free[i]:
                        colour = c
                    elif i in g.picked and not self.blink:
                        colour = c
                leds.set(i, colour)
        else:
            player = theme.player_colour(g.current)
            chosen = theme.DIE_BG[g.colour] if g.colour >= 0 else 0
            picks = [theme.DIE_BG[g.dice_colour[i]] for i in g.picked]
            leds.set(0, player)
            leds.set(1, picks[0] if len(picks) > 0 and not self.blink else 0)
            leds.set(2, chosen)
            leds.set(3, picks[1] if len(picks) > 1 and not self.blink else 0)
            leds.set(4, player)
        leds.show()

    def idle(self, now):
        blink = (now // BLINK_MS) % 2
        if blink != self.blink:
            self.blink = blink
            if self.game.picked:
                self.show_leds()

    def roll_frame(self, frame):
        if frame < 0:
            return
        leds = self.app.leds
        for i in range(len(self.dice)):
            self.dice[i].show(anim_value(frame, i), PLAIN,
                              theme.DIE_BG[self.game.dice_colour[i]], theme.WHITE)
            hop(self.dice[i], frame, i)
        for i in range(leds.count):
            k = i if leds.die_leds else (frame + i) % 3
            if leds.die_leds and i >= len(self.dice):
                leds.set(i, 0)
            else:
                c = self.game.dice_colour[k] if leds.die_leds else k
                leds.set(i, theme.DIE_BG[c] if (frame + i) % 2 else theme.WHITE)
        leds.show()

    # ----- moving the cursors ---------------------------------------------------

    def move_die(self, step):
        n = len(self.dice)
        i = self.die_cursor
        for _ in range(n):
            i = (i + step) % n
            if self.selectable(i):
                self.die_cursor = i
                return

    def jump_to_target(self):
        """Put the cell cursor on the first cell where a die can go."""
        s = self.game.first_mark()
        if s is None:
            return
        if s[0] == "six":
            self.bx = 5 if s[2] == RED else 11
            self.row = s[3]
        else:                      # a mark (a protect follows its mark)
            self.bx = s[3] + (6 if self.game.colour == BLUE else 0)
            self.row = s[2]

    def on_button(self, name):
        g = self.game
        if self.viewing is None or name == "START":
            self.viewing = None
            GameScreen.on_button(self, name)
            return
        # Another board shows, and no move can be made: B the next board
        # (the own after the last), any other key the own board.
        p = (self.viewing + 1) % g.players
        self.viewing = p if name == "B" and p != g.current else None
        self.refused = None
        self.refresh()

    # ----- actions -----------------------------------------------------------------

    def act_on_die(self):
        g = self.game
        i = self.die_cursor
        if i in g.picked:
            events = self.try_step(("drop", i))
        elif not g.picked and g.dice_colour[i] != PURPLE and g.dice_colour[i] != g.colour:
            # Taking a red or blue die first also chooses (or changes) the colour.
            if self.try_step(("colour", g.dice_colour[i])) is None:
                return
            events = self.try_step(("pick", i))
            if events is None:
                reason = self.refused
                g.undo()          # take the colour back too: nothing changed
                self.refresh()
                self.refuse(reason)
                return
        else:
            events = self.try_step(("pick", i))
        if events is not None:
            self.refresh()

    def act_on_cell(self):
        g = self.game
        waiting = self.unresolved()
        if not waiting:
            return
        row = self.row
        if self.bx in (5, 11):
            half = RED if self.bx == 5 else BLUE
            die = waiting[0]
            for i in waiting:
                if g.dice_value[i] == 6:
                    die = i
            self.act(("six", die, half, row))
            return
        half = RED if self.bx <= 4 else BLUE
        col = self.bx if half == RED else self.bx - 6
        if half != g.colour:
            self.refuse(self.wrong_half(waiting))
            return
        value = g.cell_value(half, row, col)
        die = waiting[0]
        for i in waiting:
            if g.dice_value[i] == value:
                die = i
        if self.legal(("protect", die, row, col)):
            self.choice = (die, row, col)
            self.instructions()
            return
        self.act(("mark", die, row, col))

    def wrong_half(self, waiting):
        """The refusal for a cell of the other colour's half: a 6 may go in
        either half's 6-cells, so with a 6 waiting the 6-cells are named."""
        g = self.game
        name = "Red" if g.colour == RED else "Blue"
        sixes = len([i for i in waiting if g.dice_value[i] == 6])
        if sixes == len(waiting):
            return "A 6 goes in a 6-cell"
        if sixes:
            return name + " half, or a 6-cell"
        return name + " dice: mark " + name.lower() + " half"

    def hint_for(self, steps, text):
        """While the screen asks split or spend the 6 (``choice``), the hint
        answers it, or says to back out first."""
        choice = self.choice
        if choice is None:
            return GameScreen.hint_for(self, steps, text)
        target = self.target(steps)
        if target[0] in ("mark", "protect") and target[2:] == choice[1:]:
            return "A: split it" if target[0] == "mark" else "RIGHT: spend the 6"
        return "B: back; " + (text or "")

    def point(self, step):
        kind = step[0]
        if kind in ("pick", "drop"):
            self.die_cursor = step[1]
        elif kind in ("mark", "protect"):
            self.bx = step[3] + (6 if self.game.colour == 1 else 0)
            self.row = step[2]
        elif kind == "six":
            self.bx = 5 if step[2] == 0 else 11
            self.row = step[3]
        else:
            return
        self.place_cursor()

    def took(self, p, events, before):
        """A turn confirmed: the cursor leaves the board for the next."""
        self.on_board = False
        self.choice = None
        return False

    def buttons(self, name):
        g = self.game
        if self.choice is not None:
            die, row, col = self.choice
            if name == "A":
                self.choice = None
                self.act(("mark", die, row, col))
            elif name == "RIGHT":
                self.choice = None
                self.act(("protect", die, row, col))
            elif name == "B":
                self.choice = None
                self.refresh()
            return True
        if name == "B" and g.players > 1 and not g.can_undo():
            self.viewing = (g.current + 1) % g.players   # nothing to undo: boards
            self.refresh()
            return True
        if name == "A" and self.legal(("confirm",)):
            self.act(("confirm",))
            return True
        if self.on_board:
            if name == "LEFT":
                self.bx = (self.bx - 1) % 12
            elif name == "RIGHT":
                self.bx = (self.bx + 1) % 12
            elif name == "UP":
                self.row = (self.row - 1) % 5
            elif name == "DOWN":
                self.row = (self.row + 1) % 5
            elif name == "A":
                self.act_on_cell()
                return True
            else:
                return False
            self.refused = None
            self.place_cursor()
            self.instructions()
            return True
        if name == "LEFT" or name == "RIGHT":
            self.move_die(-1 if name == "LEFT" else 1)
            self.refused = None
            self.place_cursor()
            self.instructions()
            return True
        if name == "UP" or name == "DOWN":
            if self.try_step(("colour", RED if name == "UP" else BLUE)) is not None:
                self.refresh()
            return True
        if name == "A":
            self.act_on_die()
            return True
        return False
