"""The drive: file operations on a CIRCUITPY folder (Drive), every file
written whole and renamed into place; BlankDrive for --dry-run without one."""
import errno
import hashlib
import os
import shutil
from pathlib import Path

TMP_SUFFIX = ".dwstmp"


def sha(data):
    return hashlib.sha256(data).hexdigest()


class Drive:
    """File operations on a CIRCUITPY drive, rooted at `root`, with paths
    given in POSIX form. Every change goes through a method that calls
    _step() first (tests unplug the drive there)."""

    def __init__(self, root):
        self.root = Path(root)

    def _step(self, kind, path):
        """Hook called before each change of the drive."""

    def _abs(self, path):
        return self.root.joinpath(*path.split("/"))

    def read(self, path):
        try:
            return self._abs(path).read_bytes()
        except OSError:
            return None

    def exists(self, path):
        return self._abs(path).exists()

    def is_dir(self, path):
        return self._abs(path).is_dir()

    def files_under(self, path):
        """Sorted POSIX paths of every file below directory `path`."""
        top = self._abs(path)
        found = []
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            rel = Path(dirpath).relative_to(self.root).as_posix()
            found.extend(rel + "/" + name for name in filenames)
        return sorted(found)

    def dirs_under(self, path):
        """POSIX paths of the directories below `path`, deepest first."""
        top = self._abs(path)
        found = []
        for dirpath, dirnames, _ in os.walk(top):
            rel = Path(dirpath).relative_to(self.root).as_posix()
            found.extend(rel + "/" + name for name in dirnames)
        return sorted(found, key=lambda p: (-p.count("/"), p))

    def free(self):
        return shutil.disk_usage(self.root).free

    def cluster(self):
        try:
            return max(512, os.statvfs(self.root).f_frsize)
        except (AttributeError, OSError):
            return 4096

    def write(self, path, data):
        """Write a whole file: NAME.dwstmp, fsync, rename over NAME."""
        target = self._abs(path)
        if not target.parent.is_dir():
            self._step("mkdir", path)
            target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + TMP_SUFFIX)
        self._step("write", path + TMP_SUFFIX)
        self._write_tmp(tmp, data)
        self._step("replace", path)
        os.replace(tmp, target)

    def _write_tmp(self, tmp, data):
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def remove(self, path):
        self._step("remove", path)
        self._abs(path).unlink()

    def rmdir(self, path):
        """Remove an emptied folder; one that is not empty (a file came in
        after the plan was made) stays."""
        self._step("rmdir", path)
        try:
            self._abs(path).rmdir()
        except OSError as error:
            if error.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise

    def discard(self, path):
        """Remove a folder of ours whatever it holds; one a cut left with
        entries that cannot be removed is renamed aside (NAME.damaged), so
        that NAME can be made afresh."""
        self._step("discard", path)
        target = self._abs(path)
        shutil.rmtree(target, ignore_errors=True)
        if target.exists():
            aside = target.with_name(target.name + ".damaged")
            shutil.rmtree(aside, ignore_errors=True)
            os.replace(target, aside)

    def sync(self):
        if hasattr(os, "sync"):
            os.sync()


class BlankDrive(Drive):
    """An empty folder standing for a drive that is not there (--dry-run
    without a board): its free space is unknown, not this computer's."""

    def free(self):
        return None

    def cluster(self):
        return 512      # CircuitPython's own FAT format of a 1-2 MB CIRCUITPY

