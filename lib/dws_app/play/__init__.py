"""A game in play: its screen (one module per game, on ``game_base``), the
device seats and hints, the hand-over screen and the one-off tables' lookup
(the seats' save header, which the lobby reads too, is ``dws_app.levels``).
Forgotten with the bots once a game is over (``lobby.scores.final``) or left
for the menu (``App.show_menu``)."""
