"""A game in play: its screen (one module per game, on ``game_base``), the
device seats and hints, the hand-over screen, the seats' save header and the
one-off tables' lookup.  Forgotten with the bots once a game is over
(``dws_app.memory.forget_play``)."""
