"""The nvm store's format: the layout, the record tags and the game deltas.
A leaf: ``dws_app.store`` (writing), ``dws_app.store_boot`` (the power-up
scan) and ``dws_app.lobby.records_store`` use it, and it imports none of them.

nvm layout (version 3)::

    0   14  header: b"DWSN", 3, items, generation u16, limit u16, CRC-32 of those 10
    14      the image: one record each for the settings, game, records and
            players' list it holds (``items`` bits 1, 2, 4, 8), in that order
    ..      the log: records appended into erased (0xFF) bytes, up to ``limit``

A record is ``tag [length] body crc32``.  Tags 0x01-0x7F: a game delta of that
many body bytes; 0x80 / 0x90 / 0xA0 / 0xB0 with the body length's high
bits in the low nibble, then its low byte: settings / records / game (an
empty game clears it) / the players' list.  0xFF is erased flash, the end of the log.  The CRC covers tag,
length and body and starts from the generation (+1 at every compaction), so
bytes of an older image never pass for a record of this one.  A delta lists
the runs of bytes that differ from the game save before it, each ``skip << 2
| count - 1`` (skip < 63, count <= 4) or ``0xFF skip count``, then the
``count`` new bytes, ``skip`` counting the equal bytes before the run.
"""

try:
    from binascii import crc32      # (C on the boards: a byte costs no heap)
except ImportError:                 # (a MicroPython built without it)
    from dws_core.codec import crc32  # noqa: F401  (the same values)

MAGIC = b"DWSN"
LAYOUT_VERSION = 3
HEAD = 14
IMAGE = 1024
# A game's save at most (the largest seen: Dice Wide Shut of five, 213 bytes
# with its 80 of totals by round, and its seats' 7; 600 before the players' records took 192 bytes of the
# image, 400 before their averages and last scores took 96 more,
# tests/test_store.py)
GAME_CAPACITY = 320
MAX_DELTA = 0x7F
SETTINGS = 0x80
RECORDS = 0x90
GAME = 0xA0
PLAYERS = 0xB0
# Image order, header bit.  The players' list came last: a build before it
# reads a log up to its first players' record (an unknown tag ends a log).
ITEMS = ((SETTINGS, 1), (GAME, 2), (RECORDS, 4), (PLAYERS, 8))
COVER_MAGIC = b"DWS nvm cover 1\n"  # the cover file's first bytes (tools/flash/update.py makes it)
COVER_SIZE = 8192   # 16 drive blocks: the window (blocks 7-8) is 7 blocks from either end
COVER_AT = 3584


def delta(old, new):
    """The runs turning ``old`` into ``new`` (same length), or None when
    longer than MAX_DELTA (module docstring).  One equal byte joins two runs."""
    out = bytearray()
    n = len(new)
    i = last = 0
    while i < n:
        if old[i] == new[i]:
            i += 1
            continue
        j = k = i
        while j < n and j - k <= 1:
            if old[j] != new[j]:
                k = j
            j += 1
        skip = i - last
        count = k + 1 - i
        if count > MAX_DELTA:
            return None
        while skip > 255:
            out += b"\xff\xff\x00"
            skip -= 255
        if skip < 63 and count <= 4:
            out.append(skip << 2 | count - 1)
        else:
            out += bytes((0xFF, skip, count))
        out += new[i:k + 1]
        if len(out) > MAX_DELTA:
            return None
        i = last = k + 1
    return bytes(out)
