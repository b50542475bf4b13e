"""Device-played seats and hints for every game.

* ``levels(game_id)``: the strength names a setup screen offers, weakest
  first (the game's row in ``dws_core.games``).
* ``bot_turn(game, level, rng)``: the steps that complete the current player's
  decision, ending with the irreversible step (Dice Wide Shut: the whole turn
  up to ``("confirm",)``; Shut the Box: one roll, or one set of tiles and its
  confirm; DicedOut: a roll, a bonus mark or the penalty; Cargo: the holds
  and a roll, or the accept).  The app replays them one by one.  ``rng`` is
  the seat's own ``Rng`` (never the game's) for the random choices.
* ``needs_tables(game)``: does this decision wait for one-off tables?
* ``prepare(game, level)``: the work a decision at ``level`` (None: the
  hint) needs before ``bot_turn`` or ``hint`` can answer within a frame,
  for the app to do in slices between frames (``advance(n)`` until it
  returns True, ``left()`` of ``size``), or None.  Shut the Box's Strong
  seat solves its win table once it knows the score to beat.
* ``hint(game)``: ``(steps, text or None)`` at the strongest level from
  where the player stands, worked out on a copy; the game is never changed.
  Steps may begin with ``("undo",)`` (take back the turn's last step, B):
  then the text begins "Undo".

A game's row in ``dws_core.games`` names its bot module, which provides
``turn(game, level, rng)`` and ``hint(game)``, and where it reads one-off
tables ``TABLE_LEVELS`` (the levels that read one), ``needs_tables(game)``
and ``clear_cache()``.  The per-game modules are imported on first use, so
the board only holds the bots of the game being played.
"""

# The row of the game last asked for: the game in play's (its seats ask at
# its start), so that its decisions need not import the list of games.
_last = [None]


def _row(game_id):
    r = _last[0]
    if r is None or r[0] != game_id:
        from dws_core.games import row
        r = row(game_id)
        if r is None:
            return None
        _last[0] = r
    return r


def _module(game_id):
    r = _row(game_id)
    if r is None or r[4] is None:       # (games.BOT)
        return None
    return __import__(r[4], None, None, ["turn"])


def levels(game_id):
    """Level names for a game id, weakest first (empty: no bots)."""
    r = _row(game_id)
    return r[5] if r is not None else ()     # (games.LEVELS)


def bot_turn(game, level, rng):
    mod = _module(game.GAME_ID)
    if mod is None:
        raise ValueError("no bot for this game")
    if level not in levels(game.GAME_ID):
        raise ValueError("unknown level " + str(level))
    if game.over:
        return []
    return mod.turn(game, level, rng)


def table_free(game_id):
    """The strongest level that reads no table file: what a level whose file
    is missing plays as (a bot module's ``TABLE_LEVELS`` read one)."""
    mod = _module(game_id)
    table = getattr(mod, "TABLE_LEVELS", ())
    return [level for level in levels(game_id) if level not in table][-1]


def prepare(game, level):
    fn = getattr(_module(game.GAME_ID), "prepare", None)
    if fn is None or game.over:
        return None
    return fn(game, level)


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
    words = getattr(mod, "HINT_MODULE", None)
    if words is not None:       # (a hint of its own module: Dice Wide Shut's)
        mod = __import__(words, None, None, ["hint"])
    return mod.hint(copy)
