"""Cargo (Ship, Captain and Crew): the dice with their roles, rolls left, the
cargo, everyone's scores.

Layout (26x10 text grid): row 0 whose turn and the round, and at its right
end the ship, the captain and the crew as pictures (art/cargo.txt, the
sheet cargo.bmp): a grey outline until the player has banked that role,
then filled in the role's colour, which its banked die takes too (framed);
rows 1-2 the six (classic: five) dice, large, blank outlines before the
turn's first roll; row 3 ``hld`` under a held cargo die (framed, grey);
row 4 rolls left and the cargo; rows 5-7 the score table; rows 8-9
messages.

Controls: A rolls, UP accepts the cargo (once crewed).  With ``hold_cargo``
LEFT/RIGHT choose a cargo die and DOWN holds or releases it; B undoes that.
When a turn ends its last dice stay up until A, then the device is passed on.
"""

from micropython import const
import displayio

from dws_app import theme, ui
from dws_app.dice_art import FRAMED, HOLLOW, PLAIN, SIZE, Die, hop, read_sheet
from dws_app.play.game_base import GameScreen, anim_value
from dws_app.play.game_held import HeldTurnScreen
from dws_app.play.score_table import ScoreTable
from dws_core.cargo import FREE

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_DICE = const(2)
_SCORE = const(2)
_ROLE = const(2)
_WHICH = const(3)

ROLE_NAME = ("", "ship", "captain", "crew")
ROLE_BG = (theme.WHITE, 0xFFB020, 0x40C0FF, theme.GREEN)
HELD_BG = 0x8C8C8C
DIE_PX = 2 * SIZE       # a die's side: the sheet's dice at scale 2
SLOT = DIE_PX + 2       # pixels from one die to the next
# The pictures of ship, captain and crew: SIZE x SIZE tiles of cargo.bmp,
# the three roles across, a row a form (EMPTY, BANKED); their last two
# pixel rows are blank (the cursor's box around a die starts at the
# second).  They sit 2 pixels apart at the header's right end, which
# leaves it 19 columns.
EMPTY = 0
BANKED = 3              # the banked forms' first tile
PIC_X = 2 + ui.WIDTH - 3 * SIZE - 4
HEADER_COLS = (PIC_X - 2) // ui.CW
STATUS_COLS = 15        # "Rolls left 3"; "Cargo 11" right of it


class CargoScreen(HeldTurnScreen):
    PICK_STEPS = ("hold", "release")
    STEP_WORDS = (("roll", "Roll the dice"), ("accept", "Accept the cargo"))
    OPENS_ROLLED = False

    def __init__(self, app, game):
        GameScreen.__init__(self, app, game)
        n = game.dice_count
        self.header = self.text(0, 0, HEADER_COLS)
        sheet = read_sheet("/lib/dws_app/cargo.bmp", 3 * SIZE, 2 * SIZE)
        self.pictures = []
        for r in range(3):
            pal = displayio.Palette(4)
            pal.make_transparent(0)
            pal[1] = ROLE_BG[r + 1]
            pal[2] = theme.BLACK
            pal[3] = theme.DIM
            grid = displayio.TileGrid(sheet, pixel_shader=pal, tile_width=SIZE,
                                      tile_height=SIZE, default_tile=EMPTY + r,
                                      x=PIC_X + (SIZE + 2) * r, y=0)
            self.root.append(grid)
            self.pictures.append(grid)
        # A die spans x .. x + 23; six of them and the cursor's box around
        # one fill the width (x0 = 3: the box from 2 to 158).
        x0 = 2 + (ui.WIDTH - (SLOT * n - 2)) // 2
        self.dice = []
        self.holds = []
        for i in range(n):
            x = x0 + SLOT * i
            self.dice.append(Die(self.root, x, ui.LH, scale=2))
            # (shown only under a held die: a frame computes every pixel a
            # text covers, and six blank ones cost ~35 ms of each full
            # frame on the Pico)
            mark = ui.Text(self.root, x + (DIE_PX - 4 * ui.CW) // 2, 3 * ui.LH, 4, theme.FG,
                           "HELD")
            mark.hidden = True
            self.holds.append(mark)
        self.cursor = ui.rect(self.root, 0, ui.LH - 1, DIE_PX + 2, DIE_PX + 2, theme.ACCENT,
                              outline=True)
        self.x0 = x0
        self.status = self.text(0, 4, STATUS_COLS)
        self.cargo = self.text(STATUS_COLS, 4, ui.COLS - STATUS_COLS)   # (shown once crewed)
        self.cargo.hidden = True
        self.table = ScoreTable(self, 5, game.players, ("Round", "Total"))
        self.pick = 0
        self.result = None      # (line1, line2) while a finished turn stays up
        self.rolled = ()        # dice the running animation rolls
        self.view = None        # [player, round, values, roles, held]
        self.move_pick(0)
        self.sync_view()

    # ----- what is shown ----------------------------------------------------------

    def sync_view(self):
        g = self.game
        self.view = [g.current, g.round, g.values, g.roles, g.held]

    def refresh(self):
        g = self.game
        if self.result is None:
            self.sync_view()
        p, rnd, values, roles, held = self.view
        header = "%s  Round %d of %d" % (self.name(p), rnd + 1, g.rounds)
        if len(header) > HEADER_COLS:
            header = "%s Round %d" % (self.name(p), rnd + 1)
        self.header.text = header
        self.header.color = theme.player_colour(p)
        level = 0
        cargo = 0
        banked = 0              # bit r: role r is banked
        for i in range(len(self.dice)):
            die = self.dice[i]
            v = values[i]
            mark = self.holds[i]
            if roles[i] != FREE:
                level += 1
                banked |= 1 << roles[i]
                die.show(v, FRAMED, ROLE_BG[roles[i]])
                mark.hidden = True
            else:
                cargo += v
                if held[i]:
                    die.show(v, FRAMED, HELD_BG)
                elif v:
                    die.show(v, PLAIN)
                else:
                    die.show(0, HOLLOW, theme.DARK, theme.DARK)
                mark.hidden = not held[i]
        for r in range(3):
            tile = r + (BANKED if banked >> (r + 1) & 1 else EMPTY)
            grid = self.pictures[r]
            if grid[0] != tile:
                grid[0] = tile
        left = "Rolls left %d" % g.rolls_left() if self.result is None else "Turn over"
        self.status.text = left
        self.cargo.hidden = level != 3
        if level == 3:
            self.cargo.text = "Cargo %d" % cargo
        self.table.show([[s for s in g.round_scores[rnd]],
                         [g.total(q) for q in range(g.players)]])
        self.place_cursor(level == 3)
        if self.refused is None:
            self.instructions(level)
        self.show_leds()

    def place_cursor(self, crewed):
        g = self.game
        if self.result is not None or not (crewed and g.hold_cargo) or g.roles[self.pick] != FREE:
            self.cursor.hidden = True
            return
        self.cursor.hidden = False
        self.cursor.x = self.x0 + SLOT * self.pick - 1

    def instructions(self, level):
        g = self.game
        if self.result is not None:
            self.say(self.result[0], self.result[1])
        elif level == 3:
            keys = "A:roll UP:accept"
            if g.hold_cargo:
                keys += " DOWN:hold"
            self.say("Cargo %d: accept or roll?" % g.cargo(), keys)
        elif g.rolls == 0:
            self.say("Need 6 ship, 5 captain,", "4 crew.  A: roll")
        else:
            self.say("Need a %d (%s)" % (6 - level, ROLE_NAME[level + 1]), "A: roll")

    # ----- LEDs: banked and held dice ----------------------------------------------

    def show_leds(self):
        p, _r, values, roles, held = self.view
        player = theme.player_colour(p)
        leds = self.app.leds
        if leds.die_leds:
            out = []
            for i in range(len(values)):
                if roles[i] != FREE:
                    out.append(ROLE_BG[roles[i]])
                else:
                    out.append(theme.WHITE if held[i] else 0)
            while len(out) < leds.count:
                out.append(player)
        else:
            out = [player, 0, 0, 0, player]
            for i in range(len(values)):
                if roles[i] != FREE:
                    out[roles[i]] = ROLE_BG[roles[i]]
        leds.show_colours(out)

    def roll_frame(self, frame):
        if frame < 0:
            return
        for i in self.rolled:
            self.dice[i].show(anim_value(frame, i), PLAIN)
            hop(self.dice[i], frame, i)
        leds = self.app.leds
        for i in range(leds.count):
            leds.set(i, theme.WHITE if (frame + i) % 2 else theme.player_colour(self.view[0]))
        leds.show()

    # ----- turns ----------------------------------------------------------------------

    def keep(self, step):
        """The dice as they show now, with their roles and holds (the held
        turn's picture)."""
        g = self.game
        return [g.current, g.round, list(g.values), list(g.roles), list(g.held)]

    def took(self, p, events, before):
        """A roll or the cargo taken; a turn's end is held until A."""
        g = self.game
        line1 = None
        self.rolled = ()
        for e in events:
            kind = e[0]
            if kind == "rolled":
                self.rolled = e[_WHICH]
                before[2] = list(e[_DICE])
            elif kind == "banked":
                before[3][e[_WHICH]] = e[_ROLE]
            elif kind == "accepted":
                line1 = "%s takes cargo: %d" % (self.name(p), e[_SCORE])
            elif kind == "turn_end" and line1 is None:
                line1 = ("%s: last roll, %d" % (self.name(p), e[_SCORE]) if e[_SCORE]
                         else "No crew: %s scores 0" % self.name(p))
        if line1 is not None:
            self.view = before
            self.hold(line1, events)
        elif g.crewed():
            self.move_pick(0)
        return True

    def picture(self):
        """The held turn's dice: their values, roles and holds."""
        p, rnd, values, roles, held = self.view
        return p, rnd, tuple(values), tuple(roles), tuple(held)

    def show_picture(self, picture):
        p, rnd, values, roles, held = picture
        self.view = [p, rnd, list(values), list(roles), list(held)]

    # ----- buttons ---------------------------------------------------------------------

    def move_pick(self, step):
        """Move the cursor to the next cargo die (0: stay if it is one)."""
        g = self.game
        i = self.pick
        for _ in range(g.dice_count):
            i = (i + step) % g.dice_count
            if g.roles[i] == FREE:
                break
            step = step or 1
        self.pick = i

    def buttons(self, name):
        g = self.game
        if name == "A":
            self.act(("roll",))
        elif name == "UP":
            self.act(("accept",))
        elif name == "DOWN":
            i = self.pick
            self.act(("release", i) if g.held[i] else ("hold", i))
        elif name == "LEFT" or name == "RIGHT":
            if g.crewed() and g.hold_cargo:
                self.move_pick(-1 if name == "LEFT" else 1)
                self.refused = None
                self.refresh()
        else:
            return False
        return True
