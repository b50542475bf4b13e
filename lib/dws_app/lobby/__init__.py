"""Between games: the menu, the setups, the scores, the records, the
settings, help, Continue and the error screen, with what only they use.
While a game is in play every module of this package is forgotten
(``App.forget_between_games``), so gc frees their code; none of them is
referenced by a module that a game keeps."""
