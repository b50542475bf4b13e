"""The games the app offers: each game id's screen (module and class) and
title.  A leaf of the app: the screens and the app read it, it imports
neither."""

from dws_app.memory import collect

# game id -> (screen module, class).  A game is offered once it has a screen.
GAME_SCREENS = (
    (1, "dws_app.play.game_dws", "DwsScreen"),
    (2, "dws_app.play.game_stb", "StbScreen"),
    (3, "dws_app.play.game_dicedout", "DicedOutScreen"),
    (4, "dws_app.play.game_cargo", "CargoScreen"),
    (5, "dws_app.play.game_dice", "DiceScreen"),
)


def screen_class(game_id):
    for gid, module, name in GAME_SCREENS:
        if gid == game_id:
            collect(module)     # (the engine, seats and first save came since)
            mod = __import__(module, None, None, [name])
            return getattr(mod, name)
    return None


def game_ids():
    return [gid for gid, _m, _n in GAME_SCREENS]


def title_of(game_id):
    from dws_core.games import TITLE, field
    return field(game_id, TITLE, "?")
