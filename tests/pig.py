"""Pig, a game the product does not ship, registered by tests as the README
says a new game is ("A new game"): its engine row (``dws_core.games.GAMES``),
its screen row (``dws_app.catalog.GAME_SCREENS``), its screen and its help
files, to show that nothing else has to know it.  The help files are
tests/data/docs/rules/pig.txt and pig-keys.txt: found as the board finds a
game's, under a folder on ``sys.path`` (the tests put tests/data there;
``make flash`` copies and indexes the repository's docs/rules/ only).

Rules: on your turn roll one die as often as you like; each roll adds to the
turn's points, a 1 loses them and ends the turn; bank to add the turn's
points to your total and end the turn.  The first total of TARGET or more
wins at once.

This module is the engine (``Pig``, with its hand-over lines), its device
seats and hint (``turn``, ``hint``: levels "cautious", banking at 10
points, and "bold", at 20) and its screen (``PigScreen``: A rolls, DOWN
banks).
"""

from dws_app import theme
from dws_app.play.game_base import GameScreen
from dws_core.engine import Engine
from dws_core.errors import Refused

GAME_ID = 6
TARGET = 30
ROW = (GAME_ID, "pig", "Pig", "Pig", "pig", ("cautious", "bold"), False, True, None, None)
SCREEN_ROW = (GAME_ID, "pig", "PigScreen", None)   # (no table files)
BANK_AT = {"cautious": 10, "bold": 20}


class Pig(Engine):
    GAME_ID = GAME_ID
    NAME = "Pig"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4

    def __init__(self, players=2, seed=1, options=None):
        self._init_engine(players, seed)
        self.check_options(options)
        self.totals = [0] * players
        self.points = 0         # this turn's points
        self.last = 0           # the last die rolled (0: none this turn)
        self._mark_checkpoint()

    def legal_steps(self):
        if self.over:
            return []
        return [("roll",), ("bank",)] if self.points else [("roll",)]

    def _apply(self, step, events):
        if len(step) != 1 or step[0] not in ("roll", "bank"):
            raise Refused("Not a step")
        p = self.current
        if step[0] == "bank":
            if not self.points:
                raise Refused("Roll first")
            self.totals[p] += self.points
            self.points = 0
            self.last = 0
            if self.totals[p] >= TARGET:
                self.over = True
            else:
                self._next(events)
            return True
        self.last = self.rng.die()
        events.append(("rolled", p, (self.last,)))
        if self.last == 1:
            self.points = 0
            self._next(events)
        else:
            self.points += self.last
        return True

    def _next(self, events):
        events.append(("turn_end", self.current))
        self.current = (self.current + 1) % self.players

    def _write(self, w):
        for t in self.totals:
            w.u16(t)
        w.u16(self.points)
        w.u8(self.last)

    def _read(self, r):
        self.totals = [r.u16(0, TARGET + 60) for _ in range(self.players)]
        self.points = r.u16(0, TARGET + 60)
        self.last = r.u8(0, 6)

    def scores(self):
        return list(self.totals)

    def turn_lines(self):
        return ("Total so far %d" % self.totals[self.current], "First to %d wins" % TARGET)

    def ranking(self):
        out = []
        for total in sorted(set(self.totals), reverse=True):
            out.append([p for p in range(self.players) if self.totals[p] == total])
        return out


# ----- device seats and the hint (the row's bot module) --------------------

def turn(game, level, rng):
    p = game.current
    if game.points and (game.points >= BANK_AT[level] or
                        game.totals[p] + game.points >= TARGET):
        return [("bank",)]
    return [("roll",)]


def hint(game):
    steps = turn(game, "bold", None)
    return steps, "Bank %d" % game.points if steps[0] == ("bank",) else None


# ----- the screen (the row's screen) -----------------------------------------

class PigScreen(GameScreen):
    def __init__(self, app, game):
        GameScreen.__init__(self, app, game)
        self.header = self.text(0, 0, 26, theme.ACCENT)
        self.lines = [self.text(0, 2 + p, 26) for p in range(game.MAX_PLAYERS)]
        self.die = self.text(0, 7, 26)

    def refresh(self):
        g = self.game
        self.header.text = "Pig: %s to play" % self.name(g.current)
        for p in range(g.MAX_PLAYERS):
            self.lines[p].text = "%s %3d" % (self.name(p), g.totals[p]) if p < g.players else ""
        self.die.text = "Die %d  turn %d" % (g.last, g.points) if g.last else ""
        if self.refused is None:
            self.say("A: roll  DOWN: bank", "START: menu")

    def roll_frame(self, frame):
        pass

    def act(self, step):
        events = self.try_step(step)
        if events is None:
            return
        self.app.save_game(self.game)
        if self.game.over:
            self.app.show_scores(self.game)
        elif [e for e in events if e[0] == "turn_end"]:
            self.begin_turn(False)
        else:
            self.refresh()

    def buttons(self, name):
        if name == "A":
            self.act(("roll",))
        elif name == "DOWN":
            self.act(("bank",))
        else:
            return False
        return True
