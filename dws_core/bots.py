"""Device-played seats and hints for every game.

* ``levels(game_id)``: the strength names a setup screen offers, weakest first.
* ``bot_turn(game, level, rng)``: the steps that complete the current player's
  decision, ending with the irreversible step (Dice Wide Shut: the whole turn
  up to ``("confirm",)``; Shut the Box: one roll, or one set of tiles and its
  confirm; DicedOut: a roll, a bonus mark or the penalty; Cargo: the holds
  and a roll, or the accept).  The app replays them one by one.  ``rng`` is
  the seat's own ``Rng`` (never the game's) for the random choices.
* ``needs_tables(game)``: does this decision wait for one-off tables?
* ``hint(game)``: ``(steps, text or None)`` at the strongest level from
  where the player stands, worked out on a copy; the game is never changed.
  Steps may begin with ``("undo",)`` (take back the turn's last step, B):
  then the text begins "Undo".

The per-game modules are imported on first use, so the board only holds the
bots of the game being played.
"""

_MODULES = ((1, "dws_core.bot_dws"), (2, "dws_core.bot_stb"),
            (3, "dws_core.bot_dicedout"), (4, "dws_core.bot_cargo"))


def _module(game_id):
    for gid, name in _MODULES:
        if gid == game_id:
            return __import__(name, None, None, ["turn"])
    return None


def levels(game_id):
    """Level names for a game id, weakest first (empty: no bots)."""
    mod = _module(game_id)
    return mod.LEVELS if mod else ()


def bot_turn(game, level, rng):
    mod = _module(game.GAME_ID)
    if mod is None:
        raise ValueError("no bot for this game")
    if level not in mod.LEVELS:
        raise ValueError("unknown level " + str(level))
    if game.over:
        return []
    return mod.turn(game, level, rng)


def table_free(game_id):
    """The strongest level that reads no table file: what a level whose file
    is missing plays as (a bot module's ``TABLE_LEVELS`` read one)."""
    mod = _module(game_id)
    table = getattr(mod, "TABLE_LEVELS", ())
    return [level for level in mod.LEVELS if level not in table][-1]


def needs_tables(game):
    """Does the current decision use the game's one-off tables?  (Without
    their files the hint says so instead; a bot module without
    ``needs_tables`` always uses them.)"""
    need = getattr(_module(game.GAME_ID), "needs_tables", None)
    return need is None or need(game)


def hint(game):
    mod = _module(game.GAME_ID)
    if mod is None or game.over:
        return [], None
    copy = type(game).decode(game.encode())
    copy._checkpoint = game.checkpoint()   # the turn so far, which the
    copy._pending = list(game._pending)    # hint may tell to undo
    return mod.hint(copy)
