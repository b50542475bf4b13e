"""The store's settings and records (and applying a delta: ``_patch``).

Only a power-up, the settings and a game's end need this, so ``Store``
imports it on demand and the app forgets it again while a game runs.

Records payload (``Records.encode``, big-endian u16 words), three parts,
each build appending its own, so that an older build's records are the
first bytes of this layout:

* bytes 0-135 (SEATS_SIZE): per game id 1-8 (played, best or -32768 for
  none, shut), then per player count 1-8 the games and one win count per
  seat;
* bytes 136-327 (PEOPLE_SIZE): per player slot 0-7 and game id 1-4
  (played, wins, best: none while played is 0);
* bytes 328-423: per player slot 0-7, 12 bytes: the figure each game
  keeps beside the best (FIGURES, each game's page in docs/rules): Dice
  Wide Shut's average score as three words, the games in it, its whole
  part (rounded down) and the remainder (the average is exactly whole +
  remainder / games, with no sum to overflow; after 65,535 games it stays
  as it is; 0 games: none yet), then the last score of Shut the Box,
  DicedOut and Cargo, a word each, kept plus 0x8000 (a zero word: none
  yet).

424 bytes (RECORDS_SIZE), mostly zeros, so the store keeps them as a game
delta against 424 zero bytes when that is shorter (at most MAX_DELTA
bytes).  A body of 136 or 328 bytes is an older build's records whole (the
one before the players' records, the one before the figures): they read
as they were, the later parts empty; an older build's delta applies to the
zeros as ever.  Settings payload: six bytes (``_encode_settings``):
brightness, LED brightness, the volume's code (``VOLUME_CODES``),
animation speed, and the indices of the auto-dim and sleep choices; a
seventh, the device turns' pace, only when it is not normal (a build
before the pace reads the six as ever).
"""

from dws_app.store_format import GAME, MAX_DELTA, RECORDS, SETTINGS

MAX_GAME_ID = 8
MAX_PLAYERS = 8
NO_BEST = -32768
SEATS_SIZE = 6 * MAX_GAME_ID + 2 * (MAX_PLAYERS + MAX_PLAYERS * (MAX_PLAYERS + 1) // 2)
PEOPLE_GAMES = 4        # game ids 1-4 keep records per player
PERSON_SIZE = 6         # played, wins, best
PEOPLE_SIZE = SEATS_SIZE + 8 * PEOPLE_GAMES * PERSON_SIZE     # (the build before the figures)
# What a player's records keep beside the best score, per game id 1-4: the
# average where one game's score compares with another's, else the last
# score (each game's page in docs/rules says why).
AVERAGE = 0             # three words: games, whole part, remainder
LAST = 1                # one word: the score + 0x8000
FIGURES = (AVERAGE, LAST, LAST, LAST)
FIGURE_AT = (0, 6, 8, 10)   # each game's figure in a slot's FIGURES_SIZE bytes
FIGURES_SIZE = 12
RECORDS_SIZE = PEOPLE_SIZE + 8 * FIGURES_SIZE
_COUNT_MAX = 0xFFFF

# ----- the store's records (game deltas, records packed from zeros) -----


def _patch(cur, body, i=0, n=None):
    """Apply the game delta ``body[i:n]`` (to its end when ``n`` is None)
    to the bytearray ``cur``; False if it does not fit.  Byte by byte: a
    slice would be a copy on the heap (the records' deltas are read from
    the nvm itself)."""
    p = 0
    if n is None:
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
        for m in range(k):
            cur[p + m] = body[i + m]
        p += k
        i += k
    return True


def _runs(data, out=None):
    """The runs turning zeros into ``data``, as ``store_format.delta(bytes(
    len(data)), data)`` makes them, written into ``out`` (a bytearray of
    their length) or, with none, only counted: their length, MAX_DELTA + 1
    when longer.  Counted first, then written: a records update makes no
    buffer of zeros and no slice (issue 50)."""
    n = len(data)
    i = last = size = 0
    while i < n:
        if not data[i]:
            i += 1
            continue
        j = k = i
        while j < n and j - k <= 1:
            if data[j]:
                k = j
            j += 1
        skip = i - last
        count = k + 1 - i
        if count > MAX_DELTA:
            return MAX_DELTA + 1
        while skip > 255:
            if out is not None:
                out[size] = out[size + 1] = 0xFF
                out[size + 2] = 0
            size += 3
            skip -= 255
        if skip < 63 and count <= 4:
            if out is not None:
                out[size] = skip << 2 | count - 1
            size += 1
        else:
            if out is not None:
                out[size] = 0xFF
                out[size + 1] = skip
                out[size + 2] = count
            size += 3
        if out is not None:
            for m in range(count):
                out[size + m] = data[i + m]
        size += count
        if size > MAX_DELTA:
            return MAX_DELTA + 1
        i = last = k + 1
    return size


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
    Per player kept on the device (their slot) and game: games, wins, best,
    and the average score or the last score (FIGURES).  Kept as their RECORDS_SIZE bytes (``data``, the encoding): a records
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
        best = _signed(_word(self.data, at + 2))
        return (_word(self.data, at), None if best == NO_BEST else best,
                _word(self.data, at + 4))

    def person(self, slot, game_id):
        """(games played, wins, best score or None) of the player in
        ``slot`` at game ``game_id`` (ids beyond PEOPLE_GAMES: none)."""
        if not 1 <= game_id <= PEOPLE_GAMES:
            return 0, 0, None
        at = _person_at(slot, game_id)
        played = _word(self.data, at)
        best = _signed(_word(self.data, at + 4))
        return played, _word(self.data, at + 2), best if played else None

    def average(self, slot, game_id):
        """(games, whole, remainder): the average score of the player in
        ``slot`` at a game that keeps one (FIGURES), exactly whole +
        remainder / games (whole rounded down, 0 <= remainder < games);
        None before their first game counted in it, and at other games."""
        if not 1 <= game_id <= PEOPLE_GAMES or FIGURES[game_id - 1] != AVERAGE:
            return None
        at = _figure_at(slot, game_id)
        games = _word(self.data, at)
        return (games, _signed(_word(self.data, at + 2)), _word(self.data, at + 4)) if games \
            else None

    def last(self, slot, game_id):
        """The score of the player in ``slot`` in their last game of a game
        that keeps it (FIGURES); None before one, and at other games."""
        if not 1 <= game_id <= PEOPLE_GAMES or FIGURES[game_id - 1] != LAST:
            return None
        w = _word(self.data, _figure_at(slot, game_id))
        return w - 0x8000 if w else None

    def forget(self, slot):
        """A removed player's records go with them."""
        data = self.data
        at = _person_at(slot, 1)
        for i in range(at, at + PEOPLE_GAMES * PERSON_SIZE):
            data[i] = 0
        at = _figure_at(slot, 1)
        for i in range(at, at + FIGURES_SIZE):
            data[i] = 0

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


def _figure_at(slot, game_id):
    return PEOPLE_SIZE + FIGURES_SIZE * slot + FIGURE_AT[game_id - 1]


def _tally_at(players):
    return 6 * MAX_GAME_ID + 2 * (players - 1 + (players - 1) * players // 2)


def _word(data, pos):
    return (data[pos] << 8) | data[pos + 1]


def _signed(v):
    return v - 0x10000 if v >= 0x8000 else v


def _put_word(out, pos, v):
    out[pos] = v >> 8
    out[pos + 1] = v & 0xFF


def _bump(data, pos, by=1):
    v = _word(data, pos) + by
    _put_word(data, pos, _COUNT_MAX if v > _COUNT_MAX else v)


def records_body(rec):
    """The bytes the store keeps for ``rec`` (Records): its runs from zeros
    (``_runs``) when shorter; never as long as an older build's whole
    records (at most MAX_DELTA bytes, less than SEATS_SIZE)."""
    data = rec.encode()
    n = _runs(data)
    if not n or n > MAX_DELTA:
        return data
    out = bytearray(n)
    _runs(data, out)
    return out


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
    at = store.at.get(RECORDS)
    note = store.notes.get(RECORDS)
    n = at[1] if at else 0
    data = None
    if n == SEATS_SIZE or n == PEOPLE_SIZE:     # an older build's, whole: the rest empty
        data = bytearray(RECORDS_SIZE)
        data[0:n] = store.nvm[at[0]:at[0] + n]
    elif at and n < RECORDS_SIZE:               # runs from zeros, read from the nvm
        data = bytearray(RECORDS_SIZE)
        if not _patch(data, store.nvm, at[0], at[0] + n):
            data = b""
    elif at:
        data = _body(store, RECORDS)
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
    """One game more in a player's records: a win, their best score, and
    their average or last score (FIGURES).  The average takes the score
    into its whole part and remainder (module docstring) with small
    integers only: no sum to overflow, nothing on the heap; after 65,535
    games counted in it, it stays as it is."""
    data = rec.data
    at = _person_at(slot, game_id)
    best = rec.person(slot, game_id)[2]
    _bump(data, at)
    if won:
        _bump(data, at + 2)
    if score is None:
        return
    score = -32767 if score < -32767 else (32767 if score > 32767 else score)
    if best is None or (score < best if low_wins else score > best):
        _put_word(data, at + 4, score & 0xFFFF)
    at = _figure_at(slot, game_id)
    if FIGURES[game_id - 1] == LAST:
        _put_word(data, at, score + 0x8000)
        return
    games = _word(data, at)
    if games < _COUNT_MAX:
        # The scores' sum is whole * games + remainder; with this one it is
        # whole * (games + 1) + more.
        whole = _signed(_word(data, at + 2))
        more = _word(data, at + 4) + score - whole
        games += 1
        _put_word(data, at, games)
        _put_word(data, at + 2, (whole + more // games) & 0xFFFF)
        _put_word(data, at + 4, more % games)


def reset_tally(store, players=None):
    """Start the running tally again (for one player count, or all)."""
    rec, _note = load_records(store)
    for p in range(1, MAX_PLAYERS + 1):
        if players is None or p == players:
            rec.set_tally(p, 0, [0] * p)
    return save_records(store, rec)


def clear_records(store):
    return save_records(store, Records())
