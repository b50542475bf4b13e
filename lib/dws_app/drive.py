"""Files that `make flash` puts beside the code: found, and tables read by seek.

A file is looked for beside the running code (the slot on the board, the
repository on a desktop), then under sys.path.

A table file (``tools/tables.py`` writes them) is an 18-byte header and
rows x columns unsigned values of 2 or 4 bytes, little-endian: magic "DWSt",
format version, kind (the game's id), the bytes of a value, a zero byte,
key (which table of the game: DicedOut's bonus numbers, Shut the Box's
variant and objective), rows, columns, CRC-32 of the values.  ``Table``
checks all of it once, then reads one value per look-up by seek into a
small buffer: the heap holds no table.
"""

import sys

MAGIC = b"DWSt"
VERSION = 1
HEADER = 18
CHUNK = 256             # bytes per read while checking the CRC


def find(name):
    """The path of ``name`` ("/docs/rules/x.txt") that exists, or None."""
    roots = []
    try:
        here = __file__.replace("\\", "/").rsplit("/", 3)
        if len(here) == 4:
            roots.append(here[0])       # <root>/lib/dws_app/drive.py
    except NameError:
        pass
    for root in roots + sys.path:
        if isinstance(root, str):
            try:
                open((root or ".") + name, "rb").close()
                return (root or ".") + name
            except OSError:
                pass
    return None


class Table:
    """A table file, checked, open for look-ups (``value``); ``close`` it."""

    def __init__(self, path, kind, key, rows, columns, width=2):
        """Raises ValueError (with what is wrong) unless the file at ``path``
        is this table whole; OSError when it cannot be read."""
        from binascii import crc32
        f = open(path, "rb")
        try:
            head = f.read(HEADER)
            if len(head) < HEADER or head[:4] != MAGIC:
                raise ValueError("not a table file")
            if head[4] != VERSION:
                raise ValueError("table format %d, not %d" % (head[4], VERSION))
            if (head[5], head[6], head[7], _u16(head, 8), _u16(head, 10), _u16(head, 12)) != (
                    kind, width, 0, key, rows, columns):
                raise ValueError("another table")
            if f.seek(0, 2) != HEADER + rows * columns * width:
                raise ValueError("table file of another size")
            f.seek(HEADER)
            buf = bytearray(CHUNK)
            crc = 0
            n = f.readinto(buf)
            while n:
                crc = crc32(buf if n == CHUNK else memoryview(buf)[:n], crc)
                n = f.readinto(buf)
            if crc != _u16(head, 14) | _u16(head, 16) << 16:
                raise ValueError("table file damaged")
        except BaseException:
            f.close()
            raise
        self.file = f
        self.columns = columns
        self.width = width
        self.buf = bytearray(width)
        self.done = True            # complete, as a table built in slices ends

    def value(self, column, row=0):
        f = self.file
        f.seek(HEADER + self.width * (row * self.columns + column))
        f.readinto(self.buf)
        return int.from_bytes(self.buf, "little")

    def row(self, row):
        """The bytes of a whole row."""
        f = self.file
        f.seek(HEADER + self.width * row * self.columns)
        return f.read(self.width * self.columns)

    def __getitem__(self, column):
        """The first row as a sequence (Shut the Box's solver reads it so)."""
        return self.value(column)

    def close(self):
        if self.file is not None:
            self.file.close()
            self.file = None


def _u16(data, at):
    return data[at] | data[at + 1] << 8


def open_table(name, kind, key, rows, columns, width=2):
    """(the ``Table`` at /tables/<name>, None) or (None, why not)."""
    path = find("/tables/" + name)
    if path is None:
        return None, "no table file " + name
    try:
        return Table(path, kind, key, rows, columns, width), None
    except (OSError, ValueError) as e:
        return None, "%s: %s" % (name, e)
