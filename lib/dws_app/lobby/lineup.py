"""Who sits where: a game's line-up, a byte per seat (``levels.PLAYER``
plus a slot: a named player; 0: a guest; 1..: a device level), the names
the screens give the seats, and the last line-up, kept with the players'
list as the next setup's default (``players_store``).

Between games only: the game in play keeps its seats' names and its
line-up (the save's seat bytes) on its ``play.Table``."""

from dws_app.levels import PLAYER, level_names

# Device seats are named by their level and seat ("Strong 3"): these words
# where a level's title would not fit a name's 8 letters or says less.
DEVICE_WORDS = {"shut": "Bold", "score": "Lowest"}


def lineup_of(levels, slots, game_id):
    """The seat bytes of ``levels`` (per seat None: a human, or one of the
    game's levels; a level the game lacks: a guest) and ``slots`` (per
    seat its player's slot, or None: a guest)."""
    names = level_names(game_id)
    out = []
    for p in range(len(levels)):
        slot = slots[p] if slots and p < len(slots) else None
        if levels[p] in names:
            out.append(names.index(levels[p]) + 1)
        else:
            out.append(0 if slot is None else PLAYER + slot)
    return out


def slots_of(lineup):
    """Per seat its player's slot, or None (a guest, a device seat)."""
    return [b - PLAYER if b >= PLAYER else None for b in lineup]


def seat_name(byte, seat, game_id, players=()):
    """A seat's name on the screens: its player's, a device seat's level
    and number ("Strong 3"), or "Player 3" (a guest, or a player since
    removed from the device)."""
    if byte >= PLAYER:
        slot = byte - PLAYER
        if slot < len(players) and players[slot]:
            return players[slot]
    elif byte:
        level = level_names(game_id)[byte - 1]
        word = DEVICE_WORDS.get(level) or level[:1].upper() + level[1:]
        return "%s %d" % (word, seat + 1)
    return "Player %d" % (seat + 1)


def seat_names(lineup, game_id, players=()):
    return [seat_name(lineup[p], p, game_id, players) for p in range(len(lineup))]


def keep_lineup(store, game_id, lineup):
    """Keep ``lineup`` as the next setup's default; True if written (the
    same line-up as last time writes nothing)."""
    from dws_app.lobby.players_store import load_all, save_players
    names, kept, _note = load_all(store)
    if kept is not None and kept[0] == game_id and list(kept[1]) == list(lineup):
        return False
    return save_players(store, names, (game_id, list(lineup)))
