"""The store's settings and records (and applying a delta: ``_patch``).

Only a power-up, the settings and a game's end need this, so ``Store``
imports it on demand and the app forgets it again while a game runs.

Records payload (``Records.encode``, big-endian u16 words): per game id 1-8
(played, best or -32768 for none, shut), then per player count 1-8 the games
and one win count per seat (the first 136 bytes, all a build before the
players' records wrote), then per player slot 0-7 and game id 1-4 (played,
wins, best: none while played is 0): 328 bytes, mostly zeros, so the store
keeps them as a game delta against 328 zero bytes when that is shorter (a
body of 136 bytes is the older records whole, never a delta).  Settings
payload: six bytes (``_encode_settings``): brightness, LED brightness, the
volume's code (``VOLUME_CODES``), animation speed, and the indices of the
auto-dim and sleep choices; a seventh, the device turns' pace, only when it
is not normal (a build before the pace reads the six as ever).
"""

from dws_app.store_format import GAME, RECORDS, SETTINGS, delta

MAX_GAME_ID = 8
MAX_PLAYERS = 8
NO_BEST = -32768
SEATS_SIZE = 6 * MAX_GAME_ID + 2 * (MAX_PLAYERS + MAX_PLAYERS * (MAX_PLAYERS + 1) // 2)
PEOPLE_GAMES = 4        # game ids 1-4 keep records per player
PERSON_SIZE = 6         # played, wins, best
RECORDS_SIZE = SEATS_SIZE + 8 * PEOPLE_GAMES * PERSON_SIZE
_COUNT_MAX = 0xFFFF

# ----- the store's records (game deltas, records packed from zeros) -----


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


# ----- settings -----------------------------------------------------------

AUTO_DIM_CHOICES = (0, 30, 60, 120, 300)  # seconds; 0 = never
SLEEP_CHOICES = (0, 120, 300, 600, 1800)  # seconds; 0 = never
ANIM_SPEEDS = 3  # 0 slow, 1 normal, 2 fast
VOLUME_LEVELS = 4  # 0 off, 1 low, 2 medium, 3 high (dws_app.sound)
# The settings' third byte per volume level.  Before the volume had levels
# the setting was "sound", written as 0 (off) or 1 (on, as loud as today's
# high): those two bytes keep their meaning, and the new levels take codes
# an older build never wrote (it reads them as damage: its default, on).
VOLUME_CODES = (0, 2, 3, 1)  # off, low, medium, high
PACES = 4  # device turns: 0 slow, 1 normal, 2 fast, 3 instant (dws_app.play.seats)
PACE_NORMAL = 1

SETTINGS_DEFAULTS = (
    ("brightness", 8),
    ("led_brightness", 5),
    ("volume", 2),
    ("anim_speed", 1),
    ("auto_dim_s", 60),
    ("sleep_s", 600),
    ("pace", PACE_NORMAL),
)


def default_settings():
    d = {}
    for name, value in SETTINGS_DEFAULTS:
        d[name] = value
    return d


def _setting_ok(name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    if name in ("brightness", "led_brightness"):
        return 0 <= value <= 10
    if name == "volume":
        return 0 <= value < VOLUME_LEVELS
    if name == "anim_speed":
        return 0 <= value < ANIM_SPEEDS
    if name == "auto_dim_s":
        return value in AUTO_DIM_CHOICES
    if name == "sleep_s":
        return value in SLEEP_CHOICES
    if name == "pace":
        return 0 <= value < PACES
    return False


def _encode_settings(d):
    out = bytes((d["brightness"], d["led_brightness"], VOLUME_CODES[d["volume"]],
                 d["anim_speed"], AUTO_DIM_CHOICES.index(d["auto_dim_s"]),
                 SLEEP_CHOICES.index(d["sleep_s"])))
    return out if d["pace"] == PACE_NORMAL else out + bytes((d["pace"],))


def _decode_settings(data):
    """(settings, all_valid): out-of-range fields take their defaults."""
    d = default_settings()
    ok = len(data) in (6, 7)
    if ok:
        values = (data[0], data[1],
                  VOLUME_CODES.index(data[2]) if data[2] < VOLUME_LEVELS else None, data[3],
                  AUTO_DIM_CHOICES[data[4]] if data[4] < len(AUTO_DIM_CHOICES) else None,
                  SLEEP_CHOICES[data[5]] if data[5] < len(SLEEP_CHOICES) else None,
                  # (a seventh byte of normal is never written: not ours)
                  data[6] if len(data) == 7 and data[6] != PACE_NORMAL else
                  None if len(data) == 7 else PACE_NORMAL)
        for i in range(7):
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
    running tally of games and wins per seat (shared wins count for each).
    Per player kept on the device (their slot) and game: games, wins, best.
    Kept as their RECORDS_SIZE bytes (``data``, the encoding): a records
    update reads and bumps words in place and allocates little (issue 50)."""

    def __init__(self, data=None):
        if data is None:            # nothing counted: no best score anywhere
            data = bytearray(RECORDS_SIZE)
            for gid in range(1, MAX_GAME_ID + 1):
                data[_game_at(gid) + 2] = NO_BEST >> 8 & 0xFF
        self.data = data

    def game(self, game_id):
        """(games played, best score or None, boxes shut) for one game."""
        at = _game_at(game_id)
        best = _word(self.data, at + 2)
        best = best - 0x10000 if best >= 0x8000 else best
        return (_word(self.data, at), None if best == NO_BEST else best,
                _word(self.data, at + 4))

    def person(self, slot, game_id):
        """(games played, wins, best score or None) of the player in
        ``slot`` at game ``game_id`` (ids beyond PEOPLE_GAMES: none)."""
        if not 1 <= game_id <= PEOPLE_GAMES:
            return 0, 0, None
        at = _person_at(slot, game_id)
        played = _word(self.data, at)
        best = _word(self.data, at + 4)
        best = best - 0x10000 if best >= 0x8000 else best
        return played, _word(self.data, at + 2), best if played else None

    def forget(self, slot):
        """A removed player's records go with them."""
        at = _person_at(slot, 1)
        for i in range(at, at + PEOPLE_GAMES * PERSON_SIZE):
            self.data[i] = 0

    def tally(self, players):
        """(games, [wins of seat 0, seat 1, ...]) for games with ``players`` seats."""
        at = _tally_at(players)
        return _word(self.data, at), [_word(self.data, at + 2 + 2 * s) for s in range(players)]

    def set_game(self, game_id, played, best, shut):
        """Set one game's figures (``best`` None: no best score yet)."""
        at = _game_at(game_id)
        _put_word(self.data, at, played)
        _put_word(self.data, at + 2, (NO_BEST if best is None else best) & 0xFFFF)
        _put_word(self.data, at + 4, shut)

    def set_tally(self, players, games, wins):
        """Set the tally of games with ``players`` seats (``wins`` per seat)."""
        at = _tally_at(players)
        _put_word(self.data, at, games)
        for seat in range(players):
            _put_word(self.data, at + 2 + 2 * seat, wins[seat])

    def encode(self):
        """The records' bytes: ``data`` itself, not a copy (copy to keep)."""
        return self.data

    @classmethod
    def decode(cls, data):
        """Records from ``encode()`` bytes (a bytearray is kept, not
        copied), or None if the length is wrong."""
        if len(data) != RECORDS_SIZE:
            return None
        return cls(data if isinstance(data, bytearray) else bytearray(data))


def _game_at(game_id):
    return 6 * (game_id - 1)


def _person_at(slot, game_id):
    return SEATS_SIZE + PERSON_SIZE * (PEOPLE_GAMES * slot + game_id - 1)


def _tally_at(players):
    return 6 * MAX_GAME_ID + 2 * (players - 1 + (players - 1) * players // 2)


def _word(data, pos):
    return (data[pos] << 8) | data[pos + 1]


def _put_word(out, pos, v):
    out[pos] = v >> 8
    out[pos + 1] = v & 0xFF


def _bump(data, pos, by=1):
    v = _word(data, pos) + by
    _put_word(data, pos, _COUNT_MAX if v > _COUNT_MAX else v)


def records_body(rec):
    """The bytes the store keeps for ``rec`` (Records): its runs from zeros
    (``store_format.delta``) when shorter."""
    data = rec.encode()
    short = delta(bytes(RECORDS_SIZE), data)
    return short if short and len(short) != SEATS_SIZE else data


def save_records(store, rec):
    """Save ``rec`` (Records, e.g. counted with ``count_game``)."""
    return store._put(RECORDS, records_body(rec))


def finish_game(store, rec):
    """No game to continue any more, and ``rec`` (the records counted with
    it) saved, in one compaction: the image holds both or, cut, names what
    it lost.  As two records, a cut between them lost the finished game's
    result without a word (the log simply ended after the game's); this is
    one erase more a game on the Pico (hardware.md, wear)."""
    if not store.game:
        return save_records(store, rec)
    store.notes.pop(GAME, None)
    store.notes.pop(RECORDS, None)
    store.prev = store.game
    store.game = b""
    store._compact(RECORDS, records_body(rec))
    return True


def load_records(store):
    """(Records, note or None) from ``store``; damaged records start again
    from zero."""
    data = _body(store, RECORDS)
    note = store.notes.get(RECORDS)
    if data is not None and len(data) == SEATS_SIZE:    # (before the players' records)
        data = bytearray(data) + bytearray(RECORDS_SIZE - SEATS_SIZE)
    elif data is not None and len(data) < RECORDS_SIZE:
        full = bytearray(RECORDS_SIZE)
        data = full if _patch(full, data) else data
    rec = Records.decode(data) if data is not None else None
    if rec is None:
        return Records(), note or (None if data is None else "Records were reset")
    return rec, note


def record_game(store, game_id, players, scores, winners, low_wins=False, shut=0, slots=None):
    """Count one finished game and save the records; True if it set a new
    best score (``count_game``)."""
    rec, _note = load_records(store)
    new_best = count_game(rec, game_id, players, scores, winners, low_wins, shut, slots)
    save_records(store, rec)
    return new_best


def count_game(rec, game_id, players, scores, winners, low_wins=False, shut=0, slots=None):
    """Count one finished game in ``rec`` (Records); True if it set a new
    best score.  Bad arguments raise ValueError and change nothing.

    ``scores``: one per seat, None for a seat that does not count for the
    best score (e.g. device-played), or empty for a game without scores.
    ``winners``: winning seat indices (several for a shared win).
    ``low_wins``: the lowest score is best (Shut the Box, DicedOut).
    ``shut``: boxes shut during the game (Shut the Box).
    ``slots``: per seat the slot of the player kept on the device who
    played it, or None (a guest, a device seat): their own records."""
    if not 1 <= game_id <= MAX_GAME_ID or not 1 <= players <= MAX_PLAYERS or shut < 0:
        raise ValueError("bad game, player count or shut count")
    if scores and len(scores) != players:
        raise ValueError("one score per seat")
    for seat in winners:
        if not 0 <= seat < players:
            raise ValueError("bad winner seat")
    if slots and (len(slots) != players or [s for s in slots if s is not None and not 0 <= s < 8]):
        raise ValueError("bad player slots")
    data = rec.data
    at = _game_at(game_id)
    _bump(data, at)
    _bump(data, at + 4, shut)
    new_best = False
    best = rec.game(game_id)[1]
    for s in scores or ():
        if s is None:
            continue
        s = -32767 if s < -32767 else (32767 if s > 32767 else s)
        if best is None or (s < best if low_wins else s > best):
            best = s
            _put_word(data, at + 2, s & 0xFFFF)
            new_best = True
    at = _tally_at(players)
    _bump(data, at)
    for seat in range(players):
        if seat in winners:         # (a shared win counts once for each)
            _bump(data, at + 2 + 2 * seat)
    if slots and game_id <= PEOPLE_GAMES:
        for seat in range(players):
            if slots[seat] is not None:
                count_person(rec, slots[seat], game_id, seat in winners,
                             scores[seat] if scores else None, low_wins)
    return new_best


def count_person(rec, slot, game_id, won, score, low_wins):
    """One game more in a player's records: a win, their best score."""
    data = rec.data
    at = _person_at(slot, game_id)
    best = rec.person(slot, game_id)[2]
    _bump(data, at)
    if won:
        _bump(data, at + 2)
    if score is not None:
        score = -32767 if score < -32767 else (32767 if score > 32767 else score)
        if best is None or (score < best if low_wins else score > best):
            _put_word(data, at + 4, score & 0xFFFF)


def reset_tally(store, players=None):
    """Start the running tally again (for one player count, or all)."""
    rec, _note = load_records(store)
    for p in range(1, MAX_PLAYERS + 1):
        if players is None or p == players:
            rec.set_tally(p, 0, [0] * p)
    return save_records(store, rec)


def clear_records(store):
    return save_records(store, Records())
