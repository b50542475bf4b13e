"""A game in play: its screen (one module per game, on ``game_base``), the
device seats and hints, the hand-over screen and the one-off tables' lookup
(the seats' save header, which the lobby reads too, is ``dws_app.levels``).
Forgotten with the bots once a game is over (``lobby.scores.final``) or left
for the menu (``App.show_menu``)."""


# The game in play as the app holds it (``App.table``, None between games),
# from its start card or its seats to its end: dropped in one step when the
# game is over (``lobby.scores.final``) or left (``App.show_menu``), with
# its seats, hand-over and the checkpoint last saved.  Here, in the package
# every game's open imports first (its start card's screen, its seats) and
# which stays when its modules are forgotten: no module more to import in
# an open.  What the power-up keeps (settings, store, screens, ``played``)
# stays with the app.  This package stays too (``memory.imported``): its
# modules are forgotten.  (Its attributes set here, no class defaults and
# no docstring: a class docstring is kept by the .py compiler, 768 bytes
# of the in-game heap here.)
class Table:
    def __init__(self, game, names):
        self.game = game
        self.names = names  # what its screens call its seats ("ANNA", "Strong 3")
        # its seat player (``play.seats.SeatPlayer``), its seat bytes
        # (``lobby.lineup``; None: all guests), its row's (recorded, low
        # wins, tie words) (``opening.seat``), the checkpoint last given to
        # the store, the seat whose hand-over its start card was, and its
        # hand-over screen (``App.pass_screen``)
        self.seats = self.lineup = self.ending = self.saved = self.handed = self.hand_over = None
        self.carded = False     # its start card is up, its screen to build under it
        self.saves = 0          # its saves (the test key save_oom)
