"""A game screen that holds a finished turn until A (Shut the Box, DicedOut,
Cargo): its line and what A does next stay up (``result``), A or a device
seat goes on (``go_on``) to the scores or the next turn.  Dice Wide Shut
holds none, so a game of it does not load this."""

from dws_app import ui
from dws_app.play.game_base import GameScreen


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


class HeldTurnScreen(GameScreen):
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
        seats = self.app.seats
        if self.accounts and line2 == "A: next player" and not seats.device(self.game.current):
            line2 = LOOK_KEYS        # (a device turn's, a human's next: B looks back)
        for e in events:
            if e[0] == "round_end":
                line2 = "Round %d over  A: go on" % (e[1] + 1)
            elif e[0] == "game_end":
                line2 = "Game over  A: scores"
        accounts = self.accounts
        if accounts:
            # A device turn just ended (a human's step empties them): its
            # line is its account, or its account its line.
            if accounts[-1][1] is None:
                accounts[-1] = (accounts[-1][0], line1[:ui.COLS])
            line1 = accounts[-1][1]
        self.result = (line1, line2)

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
