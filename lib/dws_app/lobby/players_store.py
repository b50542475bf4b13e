"""The players kept on the device: up to ``SLOTS`` names of 1-``NAME_LEN``
capital letters and digits, in the store's players' list
(``store_format.PLAYERS``).  A player keeps their slot for as long as they
are on the device, so what is kept about them can name them by it.

Payload: per slot its name's length (0: a free slot), then its letters:
8 to 72 bytes; then, once a game has been started, the last line-up
(``lobby.lineup``): the game's id, the number of seats and a byte per seat.
Only the lobby reads or writes it (a name change is a records-sized save:
one small append, no buffer of its own)."""

from dws_app.levels import PLAYER as SEAT_OF, level_names
from dws_app.store_format import PLAYERS

SLOTS = 8
NAME_LEN = 8
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def check_name(name, names=(), slot=-1):
    """Why ``name`` cannot be a player's (a short line), or None: 1-8 of
    LETTERS, and no other slot's name."""
    if not 1 <= len(name) <= NAME_LEN:
        return "A name has 1-%d letters" % NAME_LEN
    for c in name:
        if c not in LETTERS:
            return "Only A-Z and 0-9"
    for i in range(len(names)):
        if i != slot and names[i] == name:
            return name + " is taken"
    return None


def encode(names, lineup=None):
    """The payload of ``names`` (one per slot) and ``lineup`` ((game id,
    seat bytes) or None)."""
    out = bytearray()
    for i in range(SLOTS):
        name = names[i] if i < len(names) else None
        if name:
            out.append(len(name))
            out.extend(name.encode())
        else:
            out.append(0)
    if lineup is not None:
        out.append(lineup[0])
        out.append(len(lineup[1]))
        out.extend(bytes(lineup[1]))
    return bytes(out)


def decode(data):
    """The slots' names (None: free), or None when ``data`` is not a list
    this build wrote."""
    got = decode_all(data)
    return got and got[0]


def decode_all(data):
    """(names, last line-up or None) of a payload, or None when it is not
    one this build wrote."""
    names = []
    pos = 0
    while pos < len(data) and len(names) < SLOTS:
        n = data[pos]
        pos += 1
        if n == 0:
            names.append(None)
            continue
        try:
            name = bytes(data[pos:pos + n]).decode() if pos + n <= len(data) else ""
        except UnicodeError:
            return None
        if check_name(name, names) is not None:
            return None
        names.append(name)
        pos += n
    if len(names) != SLOTS:
        return None
    lineup = None
    if pos < len(data):
        if pos + 2 > len(data) or not 1 <= data[pos + 1] <= SLOTS:
            return None
        lineup = (data[pos], list(data[pos + 2:pos + 2 + data[pos + 1]]))
        pos += 2 + data[pos + 1]
    if pos != len(data):
        return None
    return names, lineup


def load_players(store):
    """(the slots' names, note or None); a damaged list is empty."""
    names, _lineup, note = load_all(store)
    return names, note


def load_all(store):
    """(the slots' names, the last line-up or None, note or None)."""
    at = store.at.get(PLAYERS)
    note = store.notes.get(PLAYERS)
    if at is None:
        return [None] * SLOTS, None, note
    got = decode_all(store.nvm[at[0]:at[0] + at[1]])
    if got is None:
        return [None] * SLOTS, None, note or "Players' names damaged"
    return got[0], got[1], note


def save_players(store, names, lineup=False):
    """Keep ``names`` (one per slot, None: free) and ``lineup`` (False:
    the one kept, where a removed player's seat becomes a guest's); True
    if written.  A bad or repeated name raises ValueError and changes
    nothing."""
    for i in range(len(names)):
        if names[i] is not None:
            why = check_name(names[i], names, i)
            if why is not None:
                raise ValueError(why)
    if len(names) != SLOTS:
        raise ValueError("one name per slot")
    if lineup is False:
        lineup = kept_lineup(store)
        if lineup is not None:
            seats = [0 if b >= SEAT_OF and not names[(b - SEAT_OF) % SLOTS] else b
                     for b in lineup[1]]
            lineup = (lineup[0], seats)
    return store._put(PLAYERS, encode(names, lineup))


def kept_lineup(store):
    """The list's last line-up, or None: read from the nvm in place, past
    the names, without decoding them (a name change allocates a few hundred
    bytes at most, tests/test_store_micropython.py)."""
    at = store.at.get(PLAYERS)
    if at is None:
        return None
    nvm = store.nvm
    pos, end = at
    end += pos
    for _slot in range(SLOTS):
        if pos >= end:
            return None
        pos += 1 + nvm[pos]
    if pos + 2 > end:
        return None
    return nvm[pos], [nvm[pos + 2 + i] for i in range(min(nvm[pos + 1], end - pos - 2))]


def default_lineup(kept, game_id, players):
    """The seat bytes a setup of ``game_id`` starts from (here, not in
    ``lineup``: the setup's open reads the list anyway, and importing that
    module too took 22 ms of it on the Pico): the last line-up
    ``kept`` ((game id, seat bytes) or None), its device levels by name in
    this game's levels (a level this game lacks: its strongest) and its
    players while they are on the device (``players``: the slots' names)."""
    if kept is None:
        return []
    mine = level_names(game_id)
    theirs = level_names(kept[0])
    out = []
    for b in kept[1]:
        if b >= SEAT_OF:
            b = b if b - SEAT_OF < len(players) and players[b - SEAT_OF] else 0
        elif b:
            level = theirs[b - 1] if b <= len(theirs) else None
            b = (mine.index(level) + 1 if level in mine else len(mine)) if mine else 0
        out.append(b)
    return out
