"""Read the CIRCUITPY drive of the emulated Pico (FAT12/FAT16), in pure Python.

The board suite's power cuts leave the whole 2 MiB flash (``cut-N.bin``);
the drive is its last MiB.  This reader says which files a cut left whole
(``check_files``) and whether the store's erase-window cover sits in flash
sectors of its own (``layout_check``).  It reads like the board does: the
first FAT only, directories as stored, and it never trusts a damaged drive
to be well formed (a blank sector reads as 0xFF bytes: a FAT12 chain then
ends early, a directory entry there is no entry).

Paths have no leading slash and use the long names (``dws_cover/image/nvm.bin``).
"""

import struct

FLASH_SIZE = 0x200000           # the W25Q16's 2 MiB, as run.mjs --dump-flash writes it
DRIVE_START = 0x100000          # CIRCUITPY in the flash (sector aligned)
DRIVE_SIZE = 0x100000
FLASH_SECTOR = 4096             # what the firmware erases to write one drive block
COVER_PATH = "dws_cover/image/nvm.bin"
COVER_WINDOW = (3584, 4608)     # the bytes of the cover the game rewrites


class FatError(ValueError):
    """The drive cannot be read at all (its boot sector is damaged)."""


def drive_bytes(data):
    """The drive of a drive image or of a whole flash dump."""
    if len(data) == FLASH_SIZE:
        return bytes(data[DRIVE_START:DRIVE_START + DRIVE_SIZE])
    return bytes(data)


class Drive:
    """One FAT12/FAT16 volume: ``files`` {path: bytes}, ``dirs`` (paths),
    ``chains`` {path: [cluster, ...]} of files and directories,
    ``owner`` {cluster: path} and ``problems`` (what could not be followed)."""

    def __init__(self, data):
        self.data = drive_bytes(data)
        d = self.data
        if len(d) < 512 or d[510:512] != b"\x55\xaa":
            raise FatError("no boot sector signature")
        (self.sector, self.per_cluster, reserved, fats, root_entries, total16, _media,
         fat_sectors) = struct.unpack_from("<HBHBHHBH", d, 11)
        total = total16 or struct.unpack_from("<I", d, 32)[0]
        if self.sector not in (512, 1024, 2048, 4096) or self.per_cluster == 0 \
                or self.per_cluster & (self.per_cluster - 1) or not reserved or not fats \
                or not fat_sectors:
            raise FatError("not a FAT12/FAT16 boot sector")
        self.fat_start, self.fat_sectors = reserved, fat_sectors
        self.root_start = reserved + fats * fat_sectors
        self.data_start = self.root_start + -(-root_entries * 32 // self.sector)
        self.root_entries = root_entries
        self.total = total
        self.clusters = (total - self.data_start) // self.per_cluster
        if self.clusters >= 65525:
            raise FatError("FAT32 is not read here")
        self.bits = 12 if self.clusters < 4085 else 16
        self.cluster_bytes = self.sector * self.per_cluster
        self.files, self.dirs, self.chains, self.owner, self.problems = {}, [], {}, {}, []
        root = d[self.root_start * self.sector:self.data_start * self.sector]
        self._walk(root, "", set())

    def _next(self, cluster):
        fat = self.fat_start * self.sector
        if self.bits == 12:
            v = struct.unpack_from("<H", self.data, fat + cluster * 3 // 2)[0]
            return v >> 4 if cluster & 1 else v & 0xFFF
        return struct.unpack_from("<H", self.data, fat + cluster * 2)[0]

    def _chain(self, path, start):
        """The clusters of a file or directory, as far as the FAT leads
        (it stops at an end mark, a free, bad or out-of-range cluster, a loop)."""
        out, seen = [], set()
        cluster = start
        while 2 <= cluster < self.clusters + 2 and cluster not in seen:
            out.append(cluster)
            seen.add(cluster)
            if self.owner.setdefault(cluster, path) != path:
                self.problems.append("%s: cluster %d is also %s's" % (path, cluster, self.owner[cluster]))
            cluster = self._next(cluster)
        self.chains[path] = out
        return out

    def _read(self, chain):
        return b"".join(self.data[self.cluster_offset(c):self.cluster_offset(c) + self.cluster_bytes]
                        for c in chain)

    def cluster_offset(self, cluster):
        return (self.data_start + (cluster - 2) * self.per_cluster) * self.sector

    def _walk(self, raw, prefix, seen):
        long_parts, checksum = [], None
        for pos in range(0, len(raw) - 31, 32):
            e = raw[pos:pos + 32]
            attr = e[11]
            if e[0] == 0:
                break                               # the end of the directory
            if e[0] == 0xE5 or attr & 0xC0:         # deleted; no entry (a blank sector)
                long_parts = []
                continue
            if attr == 0x0F:                        # a part of a long name
                if e[0] & 0x40:
                    long_parts, checksum = [], e[13]
                long_parts.append(e[1:11] + e[14:26] + e[28:32])
                continue
            name = self._name(e, long_parts, checksum)
            long_parts = []
            if attr & 0x08 or name in (".", ".."):
                continue                            # the volume label, links
            path = prefix + name
            start = struct.unpack_from("<H", e, 26)[0]
            size = struct.unpack_from("<I", e, 28)[0]
            if attr & 0x10:
                if start in seen:
                    self.problems.append("%s: a directory loop" % path)
                    continue
                self.dirs.append(path)
                chain = self._chain(path, start)
                self._walk(self._read(chain), path + "/", seen | {start})
            else:
                chain = self._chain(path, start) if size else []
                body = self._read(chain)[:size]
                if len(body) < size:
                    self.problems.append("%s: %d of %d bytes reachable" % (path, len(body), size))
                self.files[path] = body

    @staticmethod
    def _name(e, long_parts, checksum):
        """The long name if its parts belong to this entry, else the short
        name with the lower-case flags (byte 12) that mtools and Windows set."""
        total = 0
        for b in e[0:11]:
            total = (((total & 1) << 7) + (total >> 1) + b) & 0xFF
        if long_parts and total == checksum:
            text = b"".join(reversed(long_parts)).decode("utf-16-le", "replace")
            return text.split("\x00")[0]
        base = bytes([0xE5]) + e[1:8] if e[0] == 0x05 else e[0:8]
        base, ext = base.decode("latin-1").rstrip(), e[8:11].decode("latin-1").rstrip()
        if e[12] & 0x08:
            base = base.lower()
        if e[12] & 0x10:
            ext = ext.lower()
        return base + "." + ext if ext else base

    def sector_owner(self, sector):
        """What a drive sector holds: "<boot>", "<fat>", "<root>", the path
        owning its cluster, or None (a free cluster or past the last one)."""
        if sector < self.fat_start:
            return "<boot>"
        if sector < self.root_start:
            return "<fat>"
        if sector < self.data_start:
            return "<root>"
        return self.owner.get(2 + (sector - self.data_start) // self.per_cluster)

    def flash_sectors(self, clusters):
        """The 4 KB flash sectors (numbered from the drive's start) holding these clusters."""
        out = set()
        for c in clusters:
            first = self.cluster_offset(c)
            out.update(range(first // FLASH_SECTOR, (first + self.cluster_bytes - 1) // FLASH_SECTOR + 1))
        return sorted(out)


def files(data):
    """{path: bytes} of every file on a drive image or a flash dump."""
    return Drive(data).files


def check_files(reference, data, cover_path=COVER_PATH, window=COVER_WINDOW):
    """What a cut did to the files make flash wrote: ["path: lost" or
    "path: changed", ...] for every file of ``reference`` ({path: bytes})
    that ``data`` (a drive or flash dump) no longer holds as it was.  The
    cover may differ inside its window only, and keeps its size."""
    try:
        got = Drive(data).files
    except FatError as e:
        return ["%s: lost (drive unreadable: %s)" % (path, e) for path in sorted(reference)]
    out = []
    lo, hi = window
    for path, want in sorted(reference.items()):
        have = got.get(path)
        if have is None:
            out.append("%s: lost" % path)
        elif path == cover_path:
            if len(have) != len(want) or have[:lo] != want[:lo] or have[hi:] != want[hi:]:
                out.append("%s: changed outside its window" % path)
        elif have != want:
            out.append("%s: changed" % path)
    return out


def layout_check(image, cover_path=COVER_PATH, window=COVER_WINDOW):
    """(ok, problems): every 4 KB flash sector that the game rewrites, the
    cover's window blocks and its folder's cluster(s) (the folder holds the
    entry FatFs rewrites on close), holds only clusters of the cover's top
    folder or free ones, so a cut while it is rewritten cannot take another
    file, a directory or the FAT with it."""
    drive = Drive(image)
    if cover_path not in drive.files:
        return False, ["%s: not on the drive" % cover_path]
    top, folder = cover_path.split("/")[0], cover_path.rsplit("/", 1)[0]
    chain = drive.chains[cover_path]
    lo, hi = window
    used = chain[lo // drive.cluster_bytes:(hi - 1) // drive.cluster_bytes + 1]
    if "/" in cover_path:
        used += drive.chains[folder]
    problems = []
    per = FLASH_SECTOR // drive.sector
    for flash in drive.flash_sectors(used):
        others = set()
        for sector in range(flash * per, (flash + 1) * per):
            owner = drive.sector_owner(sector)
            if owner is not None and owner != top and not owner.startswith(top + "/"):
                others.add(owner)
        if others:
            problems.append("flash 0x%06x (drive sectors %d-%d) holds %s too" % (
                DRIVE_START + flash * FLASH_SECTOR, flash * per, flash * per + per - 1,
                ", ".join(sorted(others))))
    return not problems, problems
