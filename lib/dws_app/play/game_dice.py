"""Dice: a free roller of 1-6 dice with hold and release.

The dice stand in a row (big digits, ``-`` before the first roll); a held die
is yellow and says HELD under it.  The sum sits below, beside a ROLL button.

Controls: LEFT/RIGHT move over the dice and ROLL; A on a die holds or
releases it, A on ROLL rolls every die not held (the message line says what A
does there: hold, free or roll); UP/DOWN add or remove a die while nothing
is held; B undoes holds and count changes since the roll.
"""

from dws_app import theme, ui
from dws_app.dice_art import FRAMED, HOLLOW, PLAIN, SIZE, Die, hop
from dws_app.play.game_base import GameScreen, anim_value
from dws_core.dice import MAX_DICE

SLOT = 26               # px per die
DIE_Y = 19
DIE_PX = 2 * SIZE       # a die's side: the sheet's dice at scale 2
HELD_Y = DIE_Y + DIE_PX + 4
SUM_Y = 66


class DiceScreen(GameScreen):
    OPENS_ROLLED = False

    def __init__(self, app, game):
        GameScreen.__init__(self, app, game)
        self.header = self.text(0, 0, 16, theme.ACCENT)
        self.rolls = self.text(16, 0, 10, theme.DIM)
        self.dice = []
        self.held = []
        for _ in range(MAX_DICE):
            self.dice.append(Die(self.root, 0, DIE_Y, scale=2))
            self.held.append(ui.Text(self.root, 0, HELD_Y, 4, theme.ACCENT, "HELD"))
        # One pixel clear of a die (x+1..x+24, DIE_Y..DIE_Y+23).
        self.die_box = ui.rect(self.root, 0, DIE_Y - 2, SLOT, DIE_PX + 4, theme.ACCENT,
                               outline=True)
        self.total = ui.Text(self.root, 2, SUM_Y, 7, theme.FG, scale=2)
        bx = 2 + 21 * ui.CW
        self.button = ui.Text(self.root, bx, SUM_Y + 6, 4, theme.BLACK, "ROLL",
                              background=theme.ACCENT, padding=2)
        self.button_box = ui.rect(self.root, bx - 4, SUM_Y + 4, 4 * ui.CW + 8, 16,
                                  theme.WHITE, outline=True)
        self.cursor = game.count      # a die, or count = the ROLL button

    def x_of(self, i):
        """Every die keeps its place, whatever the count: adding or removing
        one redraws that die, not the row (a centred row moved every die:
        ~28,000 pixels, 160-245 ms on the Pico)."""
        return 2 + SLOT * i

    def refresh(self):
        g = self.game
        n = g.count
        if self.cursor > n:
            self.cursor = n
        self.header.text = "Dice: %d %s" % (n, "die" if n == 1 else "dice")
        self.rolls.text = "%10s" % ("rolls %d" % g.rolls)
        for i in range(MAX_DICE):
            die = self.dice[i]
            node = die.node
            held = self.held[i]
            shown = i < n
            if node.hidden == shown:    # (set only when it changes: a redraw)
                node.hidden = not shown
            held.hidden = not (shown and g.held[i])
            if not shown:
                continue
            x = self.x_of(i)
            if node.x != x + 1:
                node.x = x + 1
            held.move(x + 1, HELD_Y)
            v = g.values[i]
            if g.held[i]:               # held: framed, yellow
                die.show(v, FRAMED, theme.ACCENT, theme.BLACK, theme.WHITE)
            else:                       # before the first roll: a blank outline
                die.show(v, PLAIN if v else HOLLOW)
        self.total.text = "Sum %d" % g.total()
        on_die = self.cursor < n
        self.die_box.hidden = not on_die
        self.button_box.hidden = on_die
        if on_die:
            self.die_box.x = self.x_of(self.cursor)
        if self.refused is None:
            self.instructions()
        self.show_leds()

    def instructions(self):
        """Two fixed lines: a move or a hold redraws no text (a held die
        shows it)."""
        self.say("A: hold/free die, or ROLL", "UP/DOWN: dice  B: undo")

    def show_leds(self):
        g = self.game
        leds = self.app.leds
        n = g.count
        held = [i for i in range(n) if g.held[i]]
        for i in range(leds.count):
            if n <= leds.count:          # one LED per die: held yellow, free dim
                colour = 0
                if i < n:
                    colour = theme.ACCENT if g.held[i] else theme.DARK
            else:                        # too few LEDs: one lit per held die
                colour = theme.ACCENT if i < len(held) else 0
            leds.set(i, colour)
        leds.show()

    def roll_frame(self, frame):
        if frame < 0:
            return
        g = self.game
        leds = self.app.leds
        for i in range(g.count):
            if not g.held[i]:
                self.dice[i].show(anim_value(frame, i), PLAIN)
                hop(self.dice[i], frame, i)
        for i in range(leds.count):
            leds.set(i, theme.WHITE if (frame + i) % 2 else theme.ACCENT)
        leds.show()

    def buttons(self, name):
        g = self.game
        n = g.count
        if name == "LEFT" or name == "RIGHT":
            self.cursor = (self.cursor + (1 if name == "RIGHT" else -1)) % (n + 1)
            self.refused = None
            self.refresh()
        elif name == "UP" or name == "DOWN":
            was_on_button = self.cursor >= n
            self.act(("count", n + (1 if name == "UP" else -1)))
            if was_on_button and self.cursor != g.count:
                self.cursor = g.count
                self.refresh()
        elif name == "A":
            if self.cursor >= n:
                self.act(("roll",))
            else:
                i = self.cursor
                self.act(("release", i) if g.held[i] else ("hold", i))
        else:
            return False
        return True
