"""The persistent store in ``microcontroller.nvm``: settings, records and the
game in progress, as one append-only log of self-checking records.

The layout and the deltas are ``dws_app.store_format``'s (a leaf that the
power-up scan and the records use too).

Flash wear: on the RP2040 a write whose target bytes are all 0xFF only programs
pages; any other write erases the whole 4 KB sector and programs it again.
So a save is one slice assignment appended into erased bytes, and a save that
does not fit *compacts*: one write of the first IMAGE bytes (header, image,
0xFF up to IMAGE), the only kind of write that erases.  On boards where every
write erases (``erase_always``, the SAMD51) the log saves nothing: every save
writes the image alone.  A save whose bytes equal the current ones is skipped.

An erasing write leaves the nvm blank until the firmware has programmed it
again from its first page up; the image is written first, the header leading
(what a cut there lost is then known: ``dws_app.store_boot.scan``).  With
``cover`` (the path of the cover file on the CIRCUITPY drive) the image is
first written into that file, if the code may write the drive (only for a
write that erases), and put back from it at the next start if the cut came
in the window.  The cover file is made by ``make flash`` (COVER_SIZE bytes,
COVER_MAGIC first) in a folder of its own, after a guard file, so that the
only bytes the game ever writes on the drive are the file's window
(COVER_AT, IMAGE bytes) and its directory entry, in flash sectors that hold
nothing else (hardware.md, "The erase window").  It is written in place and
never created, resized or removed here: the FAT and the root directory are
never written at run time.

Reading the nvm at power-up and migrating older layouts live in
``dws_app.store_boot`` (forgotten once read), settings and records in
``dws_app.lobby.records_store`` (which the app forgets while a game runs), whose
functions take the store.
"""

from dws_app.memory import FORGETS, forget
from dws_app.store_format import (  # noqa: F401  (the store's API too)
    COVER_AT, COVER_MAGIC, COVER_SIZE, GAME, GAME_CAPACITY, HEAD, IMAGE, ITEMS, LAYOUT_VERSION,
    MAGIC, MAX_DELTA, PLAYERS, RECORDS, SETTINGS, crc32, delta)


class Store:
    """Settings, records and the game in an nvm bytearray (module docstring).

    ``erase_always``: every write erases the nvm (SAMD51); ``cover``: the
    path of the cover file that keeps the image while an erasing write runs,
    when it can be written (``claim()``, if given, is asked first: True when
    the code may write the drive).

    Every write is made in one buffer of IMAGE bytes, ``buf``, allocated
    here at power-up while the heap is whole: a record before its append,
    a compaction's image before its write (and the cover's copy).  A save
    in a game allocates no buffer (a 1 KB one failed in a fragmented heap,
    issue 50): only the delta, a few small objects and the CRC's integer,
    ``tests/test_store_micropython.py`` counts them."""

    def __init__(self, nvm, erase_always=False, cover=None, claim=None):
        if len(nvm) < IMAGE:
            raise ValueError("nvm too small")
        self.nvm = nvm
        self.erase_always = erase_always
        self.cover = cover
        self.claim = claim          # claim() -> True when the code may write the drive
        self.buf = bytearray(IMAGE)     # the one working buffer (class docstring)
        self.stats = {"writes": 0, "bytes": 0, "compactions": 0}
        self.gen = None             # generation of our header; None: not ours yet
        self.end = self.limit = 0   # the log's end (next append) and its limit
        self.at = {}                # SETTINGS / RECORDS -> (body offset, length)
        self.game = self.prev = None  # the newest game save and the one before
        self.notes = {}             # SETTINGS / RECORDS / GAME -> note of the scan
        from dws_app.store_boot import scan
        scan(self)
        if FORGETS:  # needed once: free its code
            forget(("dws_app.store_boot",))

    # ----- writing ----------------------------------------------------------

    def _erased(self, start, n):
        """True when the nvm's bytes start..start+n-1 are erased (0xFF): a
        write there only programs pages, where the board erases only then.
        Byte by byte: a slice of the nvm is a copy on the heap."""
        nvm = self.nvm
        for i in range(start, start + n):
            if nvm[i] != 0xFF:
                return False
        return True

    def _holds(self, start, body):
        """True when the nvm holds ``body`` at ``start`` (byte by byte)."""
        nvm = self.nvm
        for i in range(len(body)):
            if nvm[start + i] != body[i]:
                return False
        return True

    def _write(self, offset, data):
        self.nvm[offset:offset + len(data)] = data
        self.stats["writes"] += 1
        self.stats["bytes"] += len(data)

    def _u32(self, pos, value):
        """``value`` (a CRC) big-endian at ``buf[pos]``; split once into
        halves that are small integers (a shift of a 32-bit value on the
        board makes a new long integer on the heap)."""
        buf = self.buf
        hi = value >> 16
        lo = value & 0xFFFF
        buf[pos] = hi >> 8
        buf[pos + 1] = hi & 0xFF
        buf[pos + 2] = lo >> 8
        buf[pos + 3] = lo & 0xFF

    def _record(self, pos, tag, body, gen, src=None):
        """Make the record ``tag [length] body crc32`` in ``buf`` at ``pos``;
        its end.  ``body`` None: the nvm's bytes at ``src`` (offset,
        length: an item the image keeps as it is)."""
        buf = self.buf
        start = pos
        n = src[1] if body is None else len(body)
        if tag < 0x80:
            buf[pos] = n
            pos += 1
        else:
            buf[pos] = tag | n >> 8
            buf[pos + 1] = n & 0xFF
            pos += 2
        if body is None:
            nvm = self.nvm
            at = src[0]
            for i in range(n):
                buf[pos + i] = nvm[at + i]
        else:
            buf[pos:pos + n] = body
        pos += n
        self._u32(pos, crc32(memoryview(buf)[start:pos], gen))
        return pos + 4

    def _put(self, tag, body, short=None):
        """Save one item (``short``: the game's delta): an append, else a
        compaction.  False when the bytes are already there."""
        at = self.at.get(tag)
        if at and at[1] == len(body) and self._holds(at[0], body):
            return False
        self.notes.pop(tag, None)
        if self.gen is not None and not self.erase_always:
            n = self._record(0, len(short), short, self.gen) if short else \
                self._record(0, tag, body, self.gen)
            start = self.end
            if start + n <= self.limit and self._erased(start, n):
                self._write(start, memoryview(self.buf)[0:n])
                self.end = start + n
                if tag != GAME:
                    self.at[tag] = (start + 2, len(body))
                return True
        self._compact(tag, body)
        return True

    def _compact(self, tag, body):
        """One write of the header and the image (with ``body`` as the new
        value of ``tag``), then erased bytes up to IMAGE for the log; made
        in ``buf``, whose bytes past the image are 0xFF for the cover."""
        buf = self.buf
        gen = ((self.gen or 0) + 1) & 0xFFFF
        items = 0
        at = {}
        pos = HEAD
        for t, bit in ITEMS:
            value = body if t == tag else self.game if t == GAME else None
            old = self.at.get(t) if t != tag else None
            if value:
                end = self._record(pos, t, value, gen)
            elif old:
                end = self._record(pos, t, None, gen, old)
            else:
                continue
            if t != GAME:
                at[t] = (pos + 2, end - pos - 6)
            items |= bit
            pos = end
        size = pos if self.erase_always else IMAGE
        buf[0:4] = MAGIC
        buf[4] = LAYOUT_VERSION
        buf[5] = items
        buf[6] = gen >> 8
        buf[7] = gen & 0xFF
        buf[8] = size >> 8
        buf[9] = size & 0xFF
        self._u32(10, crc32(memoryview(buf)[0:10]))
        for i in range(pos, IMAGE):
            buf[i] = 0xFF
        # The cover only for a write that erases: on erased bytes (a new
        # board's first save) nothing is at risk.
        if self.cover and (self.erase_always or not self._erased(0, size)):
            self._cover()
        self._write(0, memoryview(buf)[0:size])
        self.stats["compactions"] += 1
        self.gen = gen
        self.at = at
        self.end = pos
        self.limit = size

    def _cover(self):
        """Write the image (``buf``, IMAGE bytes) into the cover file's
        window, in place, before the nvm is erased; True if it is there.
        A file that is not the one ``make flash`` made (missing, another
        size, another first line) is left alone, and a heap without room
        for the open file (160 bytes on the Pico) gives up the cover: the
        write goes on without it."""
        try:
            if self.claim is not None and not self.claim():
                return False
            import os
            with open(self.cover, "r+b") as f:
                if f.read(len(COVER_MAGIC)) != COVER_MAGIC or f.seek(0, 2) != COVER_SIZE:
                    return False
                f.seek(COVER_AT)
                f.write(self.buf)
            os.sync()
            return True
        except (OSError, AttributeError, MemoryError):
            return False

    # ----- game in progress ---------------------------------------------

    def has_game(self):
        """True when there is a game to continue."""
        return bool(self.game)

    def load_game(self, check=None):
        """(payload or None, note or None): the newest save.  ``check(payload)``,
        if given, is True when the app can resume it; a refused save gives
        way to the one before it, if any."""
        game = self.game
        note = self.notes.get(GAME)
        if not game or check is None or check(game):
            return game or None, note
        if self.prev and check(self.prev):
            return self.prev, "Last save unusable; using the one before"
        return None, "Saved game lost (unusable)"

    def save_game(self, payload):
        """Save the game unless it equals the newest save; True if written."""
        if not isinstance(payload, bytes):
            payload = bytes(payload)
        if not payload:
            raise ValueError("empty game payload")
        if len(payload) > GAME_CAPACITY:
            raise ValueError("game payload too large")
        return self._save_game(payload)

    def clear_game(self):
        """No game to continue any more (one record with an empty game)."""
        return bool(self.game) and self._save_game(b"")

    def _save_game(self, payload):
        old = self.game or b""
        if payload == old:
            return False
        short = None
        if len(payload) == len(old) and not self.erase_always:
            short = delta(old, payload)
            if short and len(short) > len(payload):
                short = None
        self._put(GAME, payload, short)
        self.prev = old
        self.game = payload
        return True

    def fingerprint(self):
        """(CRC-32 of the game save, of the records, of the players' list),
        0 for none: what a power-cut test compares across a restart."""
        out = [crc32(self.game) if self.game else 0]
        for tag in (RECORDS, PLAYERS):
            at = self.at.get(tag)
            body = self.nvm[at[0]:at[0] + at[1]] if at else b""
            out.append(crc32(body) if body else 0)
        return tuple(out)
