"""The games the app offers: each game id's screen (module and class), the
module that looks up its one-off tables on the drive (``find``; None: the
game has none), and its title.  A leaf of the app: the screens and the app read it, it imports
neither.  It stays while a game is in play (not in the lobby): every game's
open looks its screen up here, and importing it again took 27 ms of them on
the Pico."""

from dws_app.memory import collect

# game id -> (screen module, class, tables module).  A game is offered once
# it has a screen.
GAME_SCREENS = (
    (1, "dws_app.play.game_dws", "DwsScreen", "dws_app.play.tables_dws"),
    (2, "dws_app.play.game_stb", "StbScreen", "dws_app.play.tables_stb"),
    (3, "dws_app.play.game_dicedout", "DicedOutScreen", "dws_app.play.tables_dicedout"),
    (4, "dws_app.play.game_cargo", "CargoScreen", "dws_app.play.tables_cargo"),
    (5, "dws_app.play.game_dice", "DiceScreen", None),
)


def screen_class(game_id):
    for gid, module, name, _t in GAME_SCREENS:
        if gid == game_id:
            collect(module)     # (the engine, seats and first save came since)
            mod = __import__(module, None, None, [name])
            return getattr(mod, name)
    return None


def tables_of(game_id):
    """The module that looks up the game's one-off tables (None: none)."""
    for gid, _m, _n, tables in GAME_SCREENS:
        if gid == game_id:
            return tables
    return None


def game_ids():
    return [gid for gid, _m, _n, _t in GAME_SCREENS]


def title_of(game_id):
    from dws_core.games import TITLE, field
    return field(game_id, TITLE, "?")
