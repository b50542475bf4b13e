"""The store's between-games half: reading the nvm at power-up (``scan``),
migrating the older layout, the settings and the records.

Only a power-up, the settings and a game's end need this, so ``Store``
imports it on demand and the app forgets it again while a game runs.

Records payload (``Records.encode``, big-endian u16 words): per game id 1-8
(played, best or -32768 for none, shut), then per player count 1-8 the games
and one win count per seat: 136 bytes, mostly zeros, so the store keeps them
as a game delta against 136 zero bytes when that is shorter.  Settings
payload: six bytes (``_encode_settings``).
"""

from dws_core.codec import crc32
from dws_app.store import (GAME, GAME_CAPACITY, HEAD, ITEMS, LAYOUT_VERSION, MAGIC, RECORDS,
                           SETTINGS, delta)

MAX_GAME_ID = 8
MAX_PLAYERS = 8
NO_BEST = -32768
RECORDS_SIZE = 6 * MAX_GAME_ID + 2 * (MAX_PLAYERS + MAX_PLAYERS * (MAX_PLAYERS + 1) // 2)
_COUNT_MAX = 0xFFFF

# What an item lost means, and what a lost newest change of it means.
LOST = {SETTINGS: "Settings were damaged; defaults restored",
        RECORDS: "Records were damaged; starting afresh",
        GAME: "Saved game lost (damaged)"}
OTHER = {SETTINGS: "Settings from another version were reset",
         RECORDS: "Records from another version were reset",
         GAME: "Saves from another version were cleared"}
CUT = {SETTINGS: "Last settings change lost",
       RECORDS: "Last game's result not recorded",
       GAME: "Last save damaged; using an earlier one"}


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


def _patch(cur, body):
    """Apply a game delta to the bytearray ``cur``; False if it does not fit."""
    i = p = 0
    n = len(body)
    while i < n:
        h = body[i]
        i += 1
        if h == 0xFF:
            if i + 2 > n:
                return False
            p += body[i]
            k = body[i + 1]
            i += 2
        else:
            p += h >> 2
            k = (h & 3) + 1
        if p + k > len(cur) or i + k > n:
            return False
        cur[p:p + k] = body[i:i + k]
        p += k
        i += k
    return True


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
        if tag == 0 or kind > GAME or pos + 2 > limit:
            break  # not a record's first byte: no knowing what it was
        bit = 2 if kind == GAME else 1 if kind == SETTINGS else 4
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
    """Fill a new ``Store`` from its nvm: restore the spare file of a cut
    erasing write, read our image, migrate version 2, or note what is gone."""
    nvm = store.nvm
    if store.spare:
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
        store.notes.update(LOST)  # a damaged header, or an erasing write cut


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
    """The spare file exists only while an erasing write runs: if the nvm
    does not hold its image (and no newer one), that write was cut; put the
    image back.  A file left over from an older image (it could not be
    removed) is not."""
    import os
    try:
        with open(store.spare, "rb") as f:
            data = f.read()
    except OSError:
        return
    got = parse(data)
    now = parse(store.nvm)
    if got is not None and not got["lost"] and not got["bad"] and (
            now is None or now["lost"] or (got["gen"] - now["gen"]) & 0xFFFF < 0x8000
            and store.nvm[0:got["end"]] != data[0:got["end"]]):
        store._write(0, data)
    try:
        os.remove(store.spare)
    except OSError:
        pass


# ----- settings -----------------------------------------------------------

AUTO_DIM_CHOICES = (0, 30, 60, 120, 300)  # seconds; 0 = never
SLEEP_CHOICES = (0, 120, 300, 600, 1800)  # seconds; 0 = never
ANIM_SPEEDS = 3  # 0 slow, 1 normal, 2 fast

SETTINGS_DEFAULTS = (
    ("brightness", 8),
    ("led_brightness", 5),
    ("sound", True),
    ("anim_speed", 1),
    ("auto_dim_s", 60),
    ("sleep_s", 600),
)


def default_settings():
    d = {}
    for name, value in SETTINGS_DEFAULTS:
        d[name] = value
    return d


def _setting_ok(name, value):
    if name == "sound":
        return value is True or value is False
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    if name in ("brightness", "led_brightness"):
        return 0 <= value <= 10
    if name == "anim_speed":
        return 0 <= value < ANIM_SPEEDS
    if name == "auto_dim_s":
        return value in AUTO_DIM_CHOICES
    if name == "sleep_s":
        return value in SLEEP_CHOICES
    return False


def _encode_settings(d):
    return bytes((d["brightness"], d["led_brightness"], 1 if d["sound"] else 0,
                  d["anim_speed"], AUTO_DIM_CHOICES.index(d["auto_dim_s"]),
                  SLEEP_CHOICES.index(d["sleep_s"])))


def _decode_settings(data):
    """(settings, all_valid): out-of-range fields take their defaults."""
    d = default_settings()
    ok = len(data) == 6
    if ok:
        values = (data[0], data[1], data[2] == 1 if data[2] < 2 else None, data[3],
                  AUTO_DIM_CHOICES[data[4]] if data[4] < len(AUTO_DIM_CHOICES) else None,
                  SLEEP_CHOICES[data[5]] if data[5] < len(SLEEP_CHOICES) else None)
        for i in range(6):
            name = SETTINGS_DEFAULTS[i][0]
            if _setting_ok(name, values[i]):
                d[name] = values[i]
            else:
                ok = False
    return d, ok


def _body(store, tag):
    at = store.at.get(tag)
    return None if at is None else store.nvm[at[0]:at[0] + at[1]]


def load_settings(store):
    """(settings dict, note or None); damaged values take their defaults."""
    data = _body(store, SETTINGS)
    note = store.notes.get(SETTINGS)
    if data is None:
        return default_settings(), note
    d, ok = _decode_settings(data)
    return d, note or (None if ok else "Some settings were reset")


def save_settings(store, settings):
    """Save the given keys over the current settings; True if written.
    Raises ValueError for an unknown key or a value out of range."""
    d, note = load_settings(store)
    changed = note is not None
    for name in sorted(settings):
        if name not in d or not _setting_ok(name, settings[name]):
            raise ValueError("bad setting " + str(name))
        changed = changed or d[name] != settings[name]
        d[name] = settings[name]
    return changed and store._put(SETTINGS, _encode_settings(d))


# ----- records ------------------------------------------------------------


class Records:
    """Per game: games played, best score, boxes shut.  Per player count: a
    running tally of games and wins per seat (shared wins count for each)."""

    def __init__(self):
        n = MAX_GAME_ID + 1
        self.played = [0] * n
        self.best = [None] * n
        self.shut = [0] * n
        self.tally_games = [0] * (MAX_PLAYERS + 1)
        self.tally_wins = [[0] * p for p in range(MAX_PLAYERS + 1)]

    def game(self, game_id):
        """(games played, best score or None, boxes shut) for one game."""
        return self.played[game_id], self.best[game_id], self.shut[game_id]

    def tally(self, players):
        """(games, [wins of seat 0, seat 1, ...]) for games with ``players`` seats."""
        return self.tally_games[players], list(self.tally_wins[players])

    def encode(self):
        out = bytearray()
        for gid in range(1, MAX_GAME_ID + 1):
            best = NO_BEST if self.best[gid] is None else self.best[gid]
            for v in (self.played[gid], best & 0xFFFF, self.shut[gid]):
                out.append(v >> 8)
                out.append(v & 0xFF)
        for p in range(1, MAX_PLAYERS + 1):
            for v in [self.tally_games[p]] + self.tally_wins[p]:
                out.append(v >> 8)
                out.append(v & 0xFF)
        return bytes(out)

    @classmethod
    def decode(cls, data):
        """Records from ``encode()`` bytes, or None if the length is wrong."""
        if len(data) != RECORDS_SIZE:
            return None
        rec = cls()
        words = [(data[i] << 8) | data[i + 1] for i in range(0, len(data), 2)]
        pos = 0
        for gid in range(1, MAX_GAME_ID + 1):
            best = words[pos + 1]
            best = best - 0x10000 if best >= 0x8000 else best
            rec.played[gid] = words[pos]
            rec.best[gid] = None if best == NO_BEST else best
            rec.shut[gid] = words[pos + 2]
            pos += 3
        for p in range(1, MAX_PLAYERS + 1):
            rec.tally_games[p] = words[pos]
            rec.tally_wins[p] = words[pos + 1:pos + 1 + p]
            pos += 1 + p
        return rec


def _bump(v, by=1):
    v += by
    return _COUNT_MAX if v > _COUNT_MAX else v


def _save_records(store, rec):
    data = rec.encode()
    short = delta(bytes(RECORDS_SIZE), data)
    return store._put(RECORDS, short or data)


def load_records(store):
    """(Records, note or None) from ``store``; damaged records start again
    from zero."""
    data = _body(store, RECORDS)
    note = store.notes.get(RECORDS)
    if data is not None and len(data) < RECORDS_SIZE:
        full = bytearray(RECORDS_SIZE)
        data = full if _patch(full, data) else data
    rec = Records.decode(data) if data is not None else None
    if rec is None:
        return Records(), note or (None if data is None else "Records were reset")
    return rec, note


def record_game(store, game_id, players, scores, winners, low_wins=False, shut=0):
    """Count one finished game; return True if it set a new best score.

    ``scores``: one per seat, None for a seat that does not count for the
    best score (e.g. device-played), or empty for a game without scores.
    ``winners``: winning seat indices (several for a shared win).
    ``low_wins``: the lowest score is best (Shut the Box, DicedOut).
    ``shut``: boxes shut during the game (Shut the Box)."""
    if not 1 <= game_id <= MAX_GAME_ID or not 1 <= players <= MAX_PLAYERS or shut < 0:
        raise ValueError("bad game, player count or shut count")
    if scores and len(scores) != players:
        raise ValueError("one score per seat")
    for seat in winners:
        if not 0 <= seat < players:
            raise ValueError("bad winner seat")
    rec, _note = load_records(store)
    rec.played[game_id] = _bump(rec.played[game_id])
    rec.shut[game_id] = _bump(rec.shut[game_id], shut)
    new_best = False
    for s in scores or ():
        if s is None:
            continue
        s = -32767 if s < -32767 else (32767 if s > 32767 else s)
        best = rec.best[game_id]
        if best is None or (s < best if low_wins else s > best):
            rec.best[game_id] = s
            new_best = True
    rec.tally_games[players] = _bump(rec.tally_games[players])
    wins = rec.tally_wins[players]
    for seat in sorted(set(winners)):
        wins[seat] = _bump(wins[seat])
    _save_records(store, rec)
    return new_best


def reset_tally(store, players=None):
    """Start the running tally again (for one player count, or all)."""
    rec, _note = load_records(store)
    for p in range(1, MAX_PLAYERS + 1):
        if players is None or p == players:
            rec.tally_games[p] = 0
            rec.tally_wins[p] = [0] * p
    return _save_records(store, rec)


def clear_records(store):
    return _save_records(store, Records())
