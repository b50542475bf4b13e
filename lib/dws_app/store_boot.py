"""Reading the nvm at power-up: the store's image and log (``parse``), the
cover file of a cut erasing write, the migration of layout version 2, and
the notes on what was lost (``scan``).

Only ``Store()`` needs this, once: it imports the module and, on the boards,
forgets it again right away, so its code does not stay on the heap.
"""

from dws_app.lobby.records_store import _patch
from dws_app.store_format import (COVER_AT, GAME, GAME_CAPACITY, HEAD, IMAGE, ITEMS,
                                   LAYOUT_VERSION, MAGIC, PLAYERS, RECORDS, SETTINGS, crc32)

BITS = dict(ITEMS)     # item tag -> its header bit

# What an item lost means, and what a lost newest change of it means.
LOST = {SETTINGS: "Settings were damaged; defaults restored",
        RECORDS: "Records were damaged; starting afresh",
        GAME: "Saved game lost (damaged)",
        PLAYERS: "Players' names damaged"}
OTHER = {SETTINGS: "Settings from another version were reset",
         RECORDS: "Records from another version were reset",
         GAME: "Saves from another version were cleared"}
CUT = {SETTINGS: "Last settings change lost",
       RECORDS: "Last game's result not recorded",
       GAME: "Last save damaged; using an earlier one",
       PLAYERS: "Last change of a name lost"}


# ----- reading the nvm ------------------------------------------------------


def _blank(data):
    first = data[0]
    if first != 0 and first != 0xFF:
        return False
    for b in data:
        if b != first:
            return False
    return True


def _u(data):
    """Big-endian unsigned value of a few bytes."""
    v = 0
    for b in data:
        v = (v << 8) | b
    return v


def parse(nvm):
    """Read a version-3 image and its log.  Returns None when the header is
    not a valid one, else a dict: ``gen``, ``limit``, ``end`` (where the next
    record may go: ``limit`` when damage was found, so the next save
    compacts), ``at`` (settings / records body offsets), ``game`` and
    ``prev`` (the two newest game saves), ``lost`` (items of the image never
    read whole) and ``bad`` (items whose newest record is damaged), both as
    the header's item bits.

    A record whose CRC fails is passed over (its length says where the next
    one starts); a game delta after a damaged game record cannot be applied
    and counts as damaged too, until a whole game record.  Erased flash, a
    byte that cannot start a record or the limit end the log."""
    head = nvm[0:HEAD]
    if head[0:4] != MAGIC or head[4] != LAYOUT_VERSION or crc32(head[0:10]) != _u(head[10:14]):
        return None
    gen = _u(head[6:8])
    limit = min(_u(head[8:10]), len(nvm))
    at = {}
    game = prev = None
    seen = bad = 0
    pos = HEAD
    while pos < limit:
        tag = nvm[pos]
        if tag == 0xFF:
            break
        kind = tag & 0xF0 if tag >= 0x80 else GAME
        if tag == 0 or kind > PLAYERS or pos + 2 > limit:
            break  # not a record's first byte: no knowing what it was
        bit = BITS[kind]
        n = tag if tag < 0x80 else ((tag & 0x0F) << 8) | nvm[pos + 1]
        start = pos + (1 if tag < 0x80 else 2)
        end = start + n + 4
        if end > limit:
            bad |= bit
            break
        body = nvm[start:start + n]
        ok = crc32(body, crc32(nvm[pos:start], gen)) == _u(nvm[end - 4:end])
        if ok and tag < 0x80:
            cur = bytearray(game or b"")
            ok = game and not bad & 2 and _patch(cur, body)
            body = cur
        if ok:
            if kind == GAME:
                prev = game
                game = bytes(body)
            else:
                at[kind] = (start, n)
            seen |= bit
            bad &= ~bit
        else:
            bad |= bit
        pos = end
    if pos < limit and nvm[pos] != 0xFF or bad:
        pos = limit
    return {"gen": gen, "limit": limit, "end": pos, "at": at, "game": game,
            "prev": prev, "lost": head[5] & ~seen, "bad": bad}


def scan(store):
    """Fill a new ``Store`` from its nvm: restore the cover file of a cut
    erasing write, read our image, migrate version 2, or note what is gone."""
    nvm = store.nvm
    if store.cover:
        _restore(store)
    got = parse(nvm)
    if got is not None:
        store.gen = got["gen"]
        store.limit = got["limit"]
        store.end = got["end"]
        store.at = got["at"]
        store.game = got["game"]
        store.prev = got["prev"]
        for tag, bit in ITEMS:
            if got["lost"] & bit:
                store.notes[tag] = LOST[tag]
            elif got["bad"] & bit:
                store.notes[tag] = CUT[tag] if tag != GAME or store.game else LOST[GAME]
        return
    head = nvm[0:HEAD]
    if _blank(head):
        return  # fresh flash, or an erase cut before its first byte came back
    if head[0:5] == MAGIC + b"\x02":
        _migrate(store)
    elif head[0:4] == MAGIC and head[4] != LAYOUT_VERSION and head[4] != 0xFF:
        store.notes.update(OTHER)  # another layout: its data is not ours to read
    else:
        for tag in (SETTINGS, RECORDS, GAME):   # (a players' list may not have been)
            store.notes[tag] = LOST[tag]  # a damaged header, or an erasing write cut


def _migrate(store):
    """Layout version 2: item pairs of slots ``kind version seq u16 nonce u16
    length u16 payload crc32``; the newest valid copy of each is kept in a
    version-3 image (one write)."""
    nvm = store.nvm
    found = False
    for tag, kind, base, size in ((SETTINGS, 0x53, 0x010, 48), (RECORDS, 0x52, 0x070, 200),
                                  (GAME, 0x47, 0x200, 1024)):
        best = None
        used = False
        for slot in (base, base + size):
            head = nvm[slot:slot + 8]
            if _blank(head):
                continue
            used = True
            n = _u(head[6:8])
            if head[0] != kind or head[1] != 1 or n > size - 12:
                continue
            payload = nvm[slot + 8:slot + 8 + n]
            if crc32(payload, crc32(head)) != _u(nvm[slot + 8 + n:slot + 12 + n]):
                continue
            seq = _u(head[2:4])
            if best is None or 0 < (seq - best[0]) & 0xFFFF < 0x8000:
                best = (seq, slot + 8, n)
        if best is None:
            if used:
                store.notes[tag] = LOST[tag]
        elif tag != GAME:
            store.at[tag] = best[1:]
            found = True
        elif best[2] > GAME_CAPACITY:
            store.notes[GAME] = "Saved game lost (unusable)"
        elif best[2]:
            store.game = bytes(nvm[best[1]:best[1] + best[2]])
            found = True
    if found:
        store._compact(GAME, store.game)


def _restore(store):
    """The cover file's window holds the image of the last erasing write: if
    the nvm does not hold it (and no newer one), that write was cut; put the
    image back.  Only read here: the file stays as it is."""
    try:
        with open(store.cover, "rb") as f:
            f.seek(COVER_AT)
            data = f.read(IMAGE)
    except OSError:
        return
    got = parse(data)
    if got is None or got["lost"] or got["bad"]:
        return
    now = parse(store.nvm)
    end = got["end"]
    if now is None or now["lost"] or (got["gen"] - now["gen"]) & 0xFFFF < 0x8000 \
            and store.nvm[0:end] != data[0:end]:
        store._write(0, data[0:got["limit"]])
