"""The players kept on the device: up to ``SLOTS`` names of 1-``NAME_LEN``
capital letters and digits, in the store's players' list
(``store_format.PLAYERS``).  A player keeps their slot for as long as they
are on the device, so what is kept about them can name them by it.

Payload: per slot its name's length (0: a free slot), then its letters:
8 to 72 bytes.  Only the lobby reads or writes it (a name change is a
records-sized save: one small append, no buffer of its own)."""

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


def encode(names):
    out = bytearray()
    for i in range(SLOTS):
        name = names[i] if i < len(names) else None
        if name:
            out.append(len(name))
            out.extend(name.encode())
        else:
            out.append(0)
    return bytes(out)


def decode(data):
    """The slots' names (None: free), or None when ``data`` is not a list
    this build wrote."""
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
    if pos != len(data) or len(names) != SLOTS:
        return None
    return names


def load_players(store):
    """(the slots' names, note or None); a damaged list is empty."""
    at = store.at.get(PLAYERS)
    note = store.notes.get(PLAYERS)
    if at is None:
        return [None] * SLOTS, note
    names = decode(store.nvm[at[0]:at[0] + at[1]])
    if names is None:
        return [None] * SLOTS, note or "Players' names damaged"
    return names, note


def save_players(store, names):
    """Keep ``names`` (one per slot, None: free); True if written.  A bad
    or repeated name raises ValueError and changes nothing."""
    for i in range(len(names)):
        if names[i] is not None:
            why = check_name(names[i], names, i)
            if why is not None:
                raise ValueError(why)
    if len(names) != SLOTS:
        raise ValueError("one name per slot")
    return store._put(PLAYERS, encode(names))
