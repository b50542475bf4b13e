"""A game screen that holds a finished turn until A (Shut the Box, DicedOut,
Cargo): its line and what A does next stay up (``result``), A or a device
seat goes on (``go_on``) to the scores or the next turn.  Dice Wide Shut
holds none, so a game of it does not load this."""

from micropython import const

from dws_app import ui
from dws_app.play.game_base import GameScreen

# The events' fields this screen reads, by their names (dws_core/events.py, PLACES).
_ROUND = const(1)


def short_name(name, width):
    """A seat's name in ``width`` columns (the glossary's shortening of a
    name, for narrow columns): whole where it fits; a guest's
    or a device seat's ("Player 2", "Strong 3") as its word's first letter
    and its number ("P2", "S3"); else its first letters."""
    if len(name) <= width:
        return name
    space = name.find(" ")
    if space > 0:
        return name[0] + name[space + 1:]
    return name[:width]


LOOK_KEYS = "A: go on  B: look back"
LOOKING_KEYS = "B: next turn  A: back"
LOOKED_KEYS = "A: back to the game"


class HeldTurnScreen(GameScreen):
    # The look back's turns shown one by one (``look_at``): [index, the
    # turns, the held turn's picture to come back to], or None.
    looking = None

    def go_on(self):
        """A on what ``waits_for_a``: a device turn's summary goes on to the
        human's turn; a held ``result`` goes to the scores, or to the next
        turn (``next_turn``)."""
        if self.back is not None:
            GameScreen.go_on(self)
            return
        self.result = None
        if self.game.over:
            self.app.show_scores(self.game)
        else:
            self.next_turn()

    def next_turn(self):
        """After a held turn: the next player's (their hand-over first)."""
        self.begin_turn(False)

    def hold(self, line1, events, again=False):
        """Hold a finished turn until A (``result``): ``line1`` says what it
        did, the second line what A does next, in every game's words
        (``again``: the same player's next turn follows)."""
        line2 = "A: roll your next turn" if again else "A: next player"
        seats = self.app.table.seats
        if self.accounts and line2 == "A: next player" and not seats.device(self.game.current):
            line2 = LOOK_KEYS        # (a device turn's, a human's next: B looks back)
        for e in events:
            if e[0] == "round_end":
                line2 = "Round %d over  A: go on" % (e[_ROUND] + 1)
            elif e[0] == "game_end":
                line2 = "Game over  A: scores"
        accounts = self.accounts
        if accounts:
            # A device turn just ended (a human's step empties them): its
            # line is its account, or its account its line; the look back
            # shows it as it left the game (``picture``).
            p, line, _picture = accounts[-1]
            if line is None:
                line = line1[:ui.COLS]
            accounts[-1] = (p, line, self.picture())
            line1 = line
        self.result = (line1, line2)

    # ----- the look back's turns (issue 52) ------------------------------------------

    def picture(self):
        """What the screen shows of the turn it holds (its dice, its box or
        sheet), to show again later (``show_picture``): not changed by
        later steps.  Each game's screen says what."""
        raise NotImplementedError

    def show_picture(self, picture):
        """Show ``picture`` (from ``picture``) at the next refresh."""
        raise NotImplementedError

    def look_at(self, turns):
        """The look back's A: each of ``turns`` ((seat, account, picture),
        the oldest first) as it left the game, its account above the keys;
        B the next, A back to the held turn (as it was: its picture)."""
        self.looking = [0, turns, self.picture()]
        self.show_looked()

    def show_looked(self):
        k, turns, _held = self.looking
        _p, line, picture = turns[k]
        self.show_picture(picture)
        self.refresh()
        self.say(line, LOOKING_KEYS if k + 1 < len(turns) else LOOKED_KEYS)

    def on_button(self, name):
        looking = self.looking
        if looking is None:
            GameScreen.on_button(self, name)
            return
        if name == "B" and looking[0] + 1 < len(looking[1]):
            looking[0] += 1
            self.show_looked()
            return
        self.looking = None
        self.show_picture(looking[2])
        self.refresh()
        if name == "START":
            GameScreen.on_button(self, name)

    def account(self, p, events):
        """A held turn's line is its account (``hold``)."""
        return None

    def hand_back(self, after):
        """The device's last turn was held until the human's A, its account
        up (B: the look back): their turn follows at once (Shut the Box
        together: the news of the roll for everyone, until A)."""
        if self.accounts:
            after()
        else:
            GameScreen.hand_back(self, after)
