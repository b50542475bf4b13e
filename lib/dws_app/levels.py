"""The device-play levels of each game, their letters and their names on
screen: all the setup and the help need to know about device seats, without
loading ``dws_app.seats`` (the seat player and game_base: the setup's import
took 66 ms on the Pico with them, 32-37 without)."""

# Level names per game id, weakest first, exactly as dws_core.bots.levels
# gives them (a test keeps them equal), without importing the bot modules:
# a game with human seats only never loads a bot (bot_dws alone holds ~35 KB
# of heap when imported from source).
LEVELS = (
    (1, ("easy", "normal", "strong")),
    (2, ("easy", "shut", "score")),
    (3, ("normal", "strong")),
    (4, ("normal", "strong", "expert")),
)
LETTERS = "ENSCRTX"    # fallback letters for level names that clash
SHOWN = {"shut": "shut-best", "score": "low-score"}


def level_names(game_id):
    for gid, names in LEVELS:
        if gid == game_id:
            return names
    return ()


def level_letters(game_id):
    """One capital per level, 'H' being the human, from the level's name as
    the screens show it: e.g. E N S; Shut the Box easy / shut-best /
    low-score gives E S L."""
    used = "H"
    out = []
    for name in level_names(game_id):
        pick = None
        for ch in level_title(name).upper() + LETTERS:
            if ch.isalpha() and ch not in used:
                pick = ch
                break
        used += pick
        out.append(pick)
    return out


def level_title(level):
    return SHOWN.get(level, level)
