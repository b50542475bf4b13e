"""The nvm store as it was at layout version 2 (lib/dws_app/store.py before
the log layout), kept verbatim but for the records, which are written here
as a raw ``Records.encode()`` payload (``save_records``: the version-2
records code wrote exactly that).  Tests use it to make nvm images of boards
that ran the old version, to check the migration.

The persistent store in ``microcontroller.nvm``: game in progress, settings, records.

Each of the three items lives in a pair of slots, A and B, written alternately:
a write always goes to the slot that does *not* hold the newest valid copy, in
one slice assignment, so a power cut at any byte of it leaves the previous copy
intact and still the newest valid one.  A slot holds one frame::

    kind u8 | version u8 | seq u16 | nonce u16 | length u16 | payload | crc32 u32

The CRC-32 covers every byte before it.  The nonce is the CRC of the bytes the
frame overwrites, so two attempts at the same save after a power cut never
share a head: a cut second attempt cannot complete the tail a cut first
attempt left behind into a valid copy of a save the player had abandoned.  Of two valid frames the one with the
later sequence number (modulo 2**16) is the newest.  A slot whose first eight
bytes are all 0x00 or all 0xFF is empty (fresh flash); any other slot that is
not a valid frame is damaged.  A game frame with an empty payload is a
tombstone: ``clear_game()`` writes one, so clearing is a single atomic write.

nvm map (the first 4096 bytes, so it fits the RP2040; the upper 4 KB of the
SAMD51's 8 KB stay free)::

    0x000   16  header: b"DWSN", layout version, 11 zero bytes
    0x010   48  settings A      0x040   48  settings B   (payload <= 36)
    0x070  200  records A       0x138  200  records B    (payload <= 188)
    0x200 1024  game A          0x600 1024  game B       (payload <= 1012)
    0xA00 1536  free

Writes cost flash wear (CircuitPython erases and reprograms the flash block
under a write: the whole 4 KB sector on the RP2040, unless the target bytes
are already erased), so nothing is written when the bytes would not change,
and every save is one write.  ``stats`` counts write operations and bytes.
The A/B pairs protect against a cut at any byte of a write; a cut inside the
firmware's erase-and-reprogram of the block that holds both copies is beyond
what any layout inside one erase block can protect.

The records' payload and counting live in ``dws_app.lobby.records_store``, imported
only when records are read or counted (a game's end, the Records screen).
"""

from dws_core.codec import crc32

MAGIC = b"DWSN"
LAYOUT_VERSION = 2
USED_SIZE = 0xA00
FRAME_HEAD = 8
FRAME_EXTRA = 12  # head + crc

KIND_GAME = 0x47  # "G"
KIND_SETTINGS = 0x53  # "S"
KIND_RECORDS = 0x52  # "R"
GAME_VERSION = 1
SETTINGS_VERSION = 1
RECORDS_VERSION = 1

GAME_CAPACITY = 1024 - FRAME_EXTRA

EMPTY = 0
VALID = 1
DAMAGED = 2
OTHER_VERSION = 3

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


# ----- frames and slot pairs ---------------------------------------------


def _frame(kind, version, seq, payload, nonce=0):
    n = len(payload)
    buf = bytearray(FRAME_EXTRA + n)
    buf[0] = kind
    buf[1] = version
    buf[2] = seq >> 8
    buf[3] = seq & 0xFF
    buf[4] = nonce >> 8
    buf[5] = nonce & 0xFF
    buf[6] = n >> 8
    buf[7] = n & 0xFF
    buf[FRAME_HEAD:FRAME_HEAD + n] = payload
    c = crc32(payload, crc32(buf[:FRAME_HEAD]))
    buf[FRAME_HEAD + n] = c >> 24
    buf[FRAME_HEAD + n + 1] = (c >> 16) & 0xFF
    buf[FRAME_HEAD + n + 2] = (c >> 8) & 0xFF
    buf[FRAME_HEAD + n + 3] = c & 0xFF
    return buf


def _blank(head):
    first = head[0]
    if first != 0 and first != 0xFF:
        return False
    for b in head:
        if b != first:
            return False
    return True


class _Pair:
    """Two slots holding alternate copies of one item."""

    def __init__(self, kind, version, base, size):
        self.kind = kind
        self.version = version
        self.bases = (base, base + size)
        self.size = size
        self.states = None  # per slot: EMPTY/VALID/DAMAGED/OTHER_VERSION
        self.newest = -1  # index of the newest usable valid slot
        self.seq = 0  # highest sequence number seen
        self.payloads = [None, None]

    def read_slot(self, nvm, i):
        """(state, seq, payload) of slot ``i``."""
        base = self.bases[i]
        head = nvm[base:base + FRAME_HEAD]
        if _blank(head):
            return EMPTY, 0, None
        n = (head[6] << 8) | head[7]
        if head[0] != self.kind or n > self.size - FRAME_EXTRA:
            return DAMAGED, 0, None
        start = base + FRAME_HEAD
        payload = bytes(nvm[start:start + n])
        stored = nvm[start + n:start + n + 4]
        c = crc32(payload, crc32(head))
        if c != (stored[0] << 24) | (stored[1] << 16) | (stored[2] << 8) | stored[3]:
            return DAMAGED, 0, None
        if head[1] != self.version:
            return OTHER_VERSION, 0, None
        return VALID, (head[2] << 8) | head[3], payload

    def scan(self, nvm, usable):
        self.states = [EMPTY, EMPTY]
        seqs = [0, 0]
        self.newest = -1
        self.seq = 0
        for i in (0, 1):
            if usable:
                self.states[i], seqs[i], self.payloads[i] = self.read_slot(nvm, i)
        if self.states[0] == VALID and self.states[1] == VALID:
            # B is newer when its seq is 1..32767 ahead of A's, modulo 2**16.
            ahead = (seqs[1] - seqs[0]) & 0xFFFF
            self.newest = 1 if 0 < ahead < 0x8000 else 0
        elif self.states[0] == VALID:
            self.newest = 0
        elif self.states[1] == VALID:
            self.newest = 1
        if self.newest >= 0:
            self.seq = seqs[self.newest]

    def payload(self):
        return self.payloads[self.newest] if self.newest >= 0 else None

    def drop_newest(self):
        """Forget the newest copy (it could not be used); keep its seq so that
        the next write, which goes into its slot, is newer than it."""
        i = self.newest
        self.states[i] = DAMAGED
        self.payloads[i] = None
        j = 1 - i
        self.newest = j if self.states[j] == VALID else -1

    def frame_for(self, nvm, payload):
        """(slot index, sequence number, frame bytes) of the next write."""
        target = 1 - self.newest if self.newest >= 0 else 0
        seq = (self.seq + 1) & 0xFFFF
        base = self.bases[target]
        nonce = crc32(nvm[base:base + FRAME_EXTRA + len(payload)]) & 0xFFFF
        return target, seq, _frame(self.kind, self.version, seq, payload, nonce)

    def wrote(self, target, seq, payload):
        self.states[target] = VALID
        self.payloads[target] = bytes(payload)
        self.newest = target
        self.seq = seq


class Store:
    """Game, settings and records in an nvm bytearray (see module docstring)."""

    def __init__(self, nvm):
        if len(nvm) < USED_SIZE:
            raise ValueError("nvm too small")
        self.nvm = nvm
        self.stats = {"writes": 0, "bytes": 0}
        head = nvm[0:16]
        if head[0:4] == MAGIC and head[4] == LAYOUT_VERSION:
            self._header = "ok"
        elif head[0:4] == MAGIC:
            self._header = "other"  # another layout: its data is not ours to read
        elif _blank(head):
            self._header = "blank"
        else:
            self._header = "foreign"  # damaged header: the frames check themselves
        self._settings = _Pair(KIND_SETTINGS, SETTINGS_VERSION, 0x010, 48)
        self._records = _Pair(KIND_RECORDS, RECORDS_VERSION, 0x070, 200)
        self._game = _Pair(KIND_GAME, GAME_VERSION, 0x200, 1024)
        self._pairs = (self._settings, self._records, self._game)

    # ----- low level ------------------------------------------------------

    def _pair(self, pair):
        if pair.states is None:
            pair.scan(self.nvm, self._header != "other")
        return pair

    def _write(self, offset, data):
        self.nvm[offset:offset + len(data)] = data
        self.stats["writes"] += 1
        self.stats["bytes"] += len(data)

    def _format(self):
        """Make the header ours: first blank every slot that holds no valid
        copy (one write of the used area, valid slots rewritten unchanged),
        then write the header.  Happens once, before the first save."""
        image = bytearray(self.nvm[16:USED_SIZE])
        for pair in self._pairs:
            self._pair(pair)
            for i in (0, 1):
                if pair.states[i] != VALID:
                    at = pair.bases[i] - 16
                    image[at:at + FRAME_HEAD] = bytes(FRAME_HEAD)
                    pair.states[i] = EMPTY
        self._write(16, image)
        self._write(0, MAGIC + bytes((LAYOUT_VERSION,)) + bytes(11))
        self._header = "ok"

    def _save(self, pair, payload):
        self._pair(pair)
        if pair.payload() == payload:
            return False
        if self._header != "ok":
            self._format()
        target, seq, frame = pair.frame_for(self.nvm, payload)
        self._write(pair.bases[target], frame)
        pair.wrote(target, seq, payload)
        return True

    def _damage_note(self, pair, what, lost):
        """A short note when no copy could be used but some were there."""
        if self._header == "other":
            return what + " from another version were reset"
        states = pair.states
        if pair.newest >= 0 or (states[0] == EMPTY and states[1] == EMPTY):
            return None
        if OTHER_VERSION in states and DAMAGED not in states:
            return what + " from another version were reset"
        return what + " were damaged; " + lost

    # ----- game in progress ---------------------------------------------

    def has_game(self):
        """True when there is a game to continue (cheap after the first call)."""
        return bool(self._pair(self._game).payload())

    def load_game(self, check=None):
        """(payload or None, note or None): the newest valid save.

        ``check(payload)``, if given, returns True when the app can resume the
        payload (it decodes and obeys the rules); a refused copy is passed over
        for the older one, and the next save overwrites it."""
        pair = self._pair(self._game)
        if self._header == "other":
            return None, "Saves from another version were cleared"
        rejected = -1
        while pair.newest >= 0 and pair.payload():
            i = pair.newest
            payload = pair.payload()
            if check is None or check(payload):
                if rejected >= 0:
                    return payload, "Save %s was unusable; using %s" % ("AB"[rejected], "AB"[i])
                if pair.states[1 - i] == DAMAGED:
                    return payload, "Save %s was damaged; using %s" % ("AB"[1 - i], "AB"[i])
                return payload, None
            rejected = i
            pair.drop_newest()
        states = pair.states
        if rejected >= 0:
            return None, "Saved game lost (unusable)"
        if pair.newest >= 0:  # cleared; a damaged copy may be a newer game
            return None, "Saved game lost (damaged)" if DAMAGED in states else None
        if states[0] == EMPTY and states[1] == EMPTY:
            return None, None
        if OTHER_VERSION in states and DAMAGED not in states:
            return None, "Saved game is from another version"
        if EMPTY in states:
            return None, "Saved game lost (damaged)"
        return None, "Saved game lost (both copies damaged)"

    def save_game(self, payload):
        """Save the game unless it equals the newest copy; True if written."""
        payload = bytes(payload)
        if not payload:
            raise ValueError("empty game payload")
        if len(payload) > GAME_CAPACITY:
            raise ValueError("game payload too large")
        return self._save(self._game, payload)

    def clear_game(self):
        """No game to continue any more (one write of an empty copy)."""
        pair = self._pair(self._game)
        if pair.newest < 0 and DAMAGED not in pair.states and OTHER_VERSION not in pair.states:
            return False
        return self._save(pair, b"")

    # ----- settings ---------------------------------------------------------

    def load_settings(self):
        """(settings dict, note or None); damaged values take their defaults."""
        pair = self._pair(self._settings)
        data = pair.payload()
        if data is None:
            return default_settings(), self._damage_note(pair, "Settings", "defaults restored")
        d, ok = _decode_settings(data)
        return d, None if ok else "Some settings were reset"

    def save_settings(self, settings):
        """Save the given keys over the current settings; True if written.
        Raises ValueError for an unknown key or a value out of range."""
        d, note = self.load_settings()
        changed = note is not None
        for name in sorted(settings):
            if name not in d or not _setting_ok(name, settings[name]):
                raise ValueError("bad setting " + str(name))
            changed = changed or d[name] != settings[name]
            d[name] = settings[name]
        return changed and self._save(self._settings, _encode_settings(d))

    # ----- records: the payload of dws_app.lobby.records_store.Records ---------

    def save_records(self, payload):
        """Write a records payload as the version-2 code did."""
        return self._save(self._records, payload)
