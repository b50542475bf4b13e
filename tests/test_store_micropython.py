"""lib/dws_app/store.py (with records_store.py) runs unchanged under a real
MicroPython interpreter and gives byte-identical nvm contents and the same
answers as on CPython."""
import os
import subprocess
import sys

from bench.micropython import ROOT, run_source

# Runs on both interpreters.  The nvm is a plain object with len, slicing and
# slice assignment only (as microcontroller.nvm), cut after a byte budget.
SCENARIO = r'''
from dws_app.store import Store
from dws_app.lobby.records_store import load_records, load_settings, record_game, save_settings
from dws_core.codec import crc32


class Cut(Exception):
    pass


class Nvm:
    def __init__(self, data):
        self.data = bytearray(data)
        self.budget = -1

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        n = key.stop - key.start
        if self.budget >= 0 and self.budget < n:
            self.data[key.start:key.start + self.budget] = value[:self.budget]
            raise Cut()
        if self.budget >= 0:
            self.budget -= n
        self.data[key.start:key.stop] = value

'''
BLOB = r'''

def blob(n, seed):
    out = bytearray(n)
    x = seed
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = x >> 16 & 0xFF
    return bytes(out)
'''
SCENARIO += BLOB + r'''

nvm = Nvm(b"\xff" * 4096)
s = Store(nvm)
print(s.load_game(), load_settings(s)[1], sorted(load_settings(s)[0].items()))
print(s.save_game(blob(320, 1)), s.save_game(blob(320, 1)), s.save_game(blob(300, 2)))
print(save_settings(s, {"brightness": 2, "volume": 0, "sleep_s": 1800}))
print(record_game(s, 1, 5, [40, None, -3, 12, 40], [0, 4]))
print(record_game(s, 2, 2, [0, 7], [0], True, 1))
for gid in (1, 2, 3, 4, 1):        # the players' records too (slots 0, 1 and 7)
    record_game(s, gid, 3, [41 + gid, -7, 12], [1], gid in (2, 3), 0, [0, 7, 1])
game = bytearray(blob(140, 4))
for i in range(60):
    game[(i * 37) % 140] = i
    game[(i * 11) % 140] ^= 0x5A
    s.save_game(game)
r = Store(nvm)
rec = load_records(r)[0]
print(rec.game(1), rec.game(2), rec.tally(5), rec.tally(2))
print([(rec.person(p, g), rec.average(p, g), rec.last(p, g)) for p in (0, 1, 7) for g in (1, 2, 3, 4)])
print(sorted(load_settings(r)[0].items()))
print(r.load_game()[0] == bytes(game), s.stats["writes"], s.stats["bytes"], s.stats["compactions"], r.end)
print("%08x" % crc32(nvm.data))
cuts = []
for cut_at in range(0, 200, 7):
    c = Nvm(nvm.data)
    c.budget = cut_at
    try:
        Store(c).save_game(blob(140, 3))
    except Cut:
        pass
    game2, note = Store(c).load_game()
    cuts.append("%d:%s" % (len(game2), note))
print(" ".join(cuts))
nvm.data[r.end - 3] ^= 4
print(Store(nvm).load_game()[1])
nvm.data[20] ^= 4
print(Store(nvm).load_game(), sorted(Store(nvm).notes.items()))
b = Store(Nvm(b"\xff" * 8192), True)
for i in range(5):
    b.save_game(blob(100 + i, i))
print(Store(b.nvm, True).load_game()[0] == blob(104, 4), sorted(b.stats.items()))
'''


def test_store_gives_identical_results_on_micropython():
    install = ("import os\nos.mkdir('/app/dws_app')\nopen('/app/dws_app/__init__.py', 'w').close()\n"
               "os.mkdir('/app/dws_app/lobby')\nopen('/app/dws_app/lobby/__init__.py', 'w').close()\n")
    for name in ("memory.py", "store_format.py", "store.py", "lobby/records_store.py",
                 "store_boot.py"):  # the last two: on demand
        with open(os.path.join(ROOT, "lib", "dws_app", name)) as f:
            install += "with open('/app/dws_app/%s', 'w') as f:\n    f.write(%r)\n" % (name, f.read())
    mp_out = run_source(install + SCENARIO)
    cp = subprocess.run([sys.executable, "-c", SCENARIO], capture_output=True, text=True,
                        cwd=ROOT, check=True,
                        env=dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.path.join(ROOT, "lib")))
    assert mp_out.splitlines() == cp.stdout.splitlines()
    lines = cp.stdout.splitlines()
    assert lines[0] == "(None, None) None " + repr(sorted(
        {"brightness": 8, "led_brightness": 5, "volume": 2, "anim_speed": 1,
         "auto_dim_s": 60, "sleep_s": 600, "pace": 1}.items()))
    assert lines[-3].startswith("Last save damaged")
    assert "Settings were damaged; defaults restored" in lines[-2]
    assert lines[-1].startswith("True")


# What each store operation allocates under MicroPython, the collector off
# (issue 50: a save in a game must not need a buffer from a fragmented
# heap).  The nvm is a bytearray: as microcontroller.nvm, an index reads a
# byte without allocating, a slice is a copy.
ALLOCATIONS = r'''
import gc
from dws_app.store import Store
from dws_app.lobby.records_store import record_game, save_settings
from dws_app.lobby.players_store import save_players
''' + BLOB + r'''

def cost(label, fn, store=None):
    """Print what ``fn()`` allocated; with ``store``, labelled "compaction"
    when it compacted, else "delta"."""
    compactions = store.stats["compactions"] if store else 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    fn()
    allocated = gc.mem_alloc() - before
    gc.enable()
    if store:
        label = "compaction" if store.stats["compactions"] != compactions else "delta"
    print(board, label, allocated)


f = open("/cover.bin", "wb")
f.write(b"DWS nvm cover 1\n" + bytes(8192 - 16))
f.close()
# Once, on a scratch store: the names a name change interns (its letters)
# grow the interpreter's pool of names once (~2.3 KB here), not the store.
save_players(Store(bytearray(b"\xff" * 4096)), ["ANNA", "BO", None, "CARLOTTA", None, None, None, "Z"])
for erase_always in (False, True):
    board = "badge" if erase_always else "pico"
    s = Store(bytearray(b"\xff" * (8192 if erase_always else 4096)), erase_always, "/cover.bin")
    game = blob(320, 1)
    cost("first", lambda: s.save_game(game))
    cost("settings", lambda: save_settings(s, {"brightness": 3}))
    cost("records", lambda: record_game(s, 1, 5, [40, None, -3, 12, 40], [0, 4]))
    # Four players' records in every game: the records whole (424 bytes),
    # then a game more for them.
    for gid in (1, 2, 3, 4):
        record_game(s, gid, 5, [40, None, -3, 12, 40], [0, 4], slots=[0, None, 1, 2, 3])
    cost("people", lambda: record_game(s, 1, 5, [40, None, -3, 12, 40], [0, 4],
                                       slots=[0, None, 1, 2, 3]))
    cost("players", lambda: save_players(s, ["ANNA", "BO", None, "CARLOTTA", None, None, None, "Z"]))
    other = blob(310, 2)
    cost("full", lambda: s.save_game(other))
    for k in range(40):
        g = bytearray(other)
        g[k % 310] ^= 0x55
        g[(k * 7) % 310] ^= 0x11
        g = bytes(g)
        cost(None, lambda: s.save_game(g), s)
'''
# Bytes each operation may allocate (the MicroPython WebAssembly build, the
# collector off): small objects (a game delta's runs, memoryviews, the
# CRC's integer), never a buffer of the image's size (1,024: the board's
# MemoryError of issue 50) or of a game's (up to 320).  A write that
# erases first writes the cover file (its object ~0.5 KB in this build,
# 160 bytes on the Pico; the store goes on without the cover if even that
# fails), and on this build each write to it allocates too (COVER_WRITE
# more on the PyBadge, whose every write erases).  Measured: a delta
# 272-432, a compaction 1,136 (1,296 with the players' records in the
# image), a records update 1,232 (2,320 on the PyBadge, with its compaction;
# 2,576 with the players' records: a records update comes between games,
# after the game's heap is let go).  Since the players' averages and last
# scores a records update reads its runs from the nvm and writes them byte
# by byte (no buffer of zeros, no slices): 832 (1,408 on the PyBadge), and
# with four players' records in every game ("people", the records whole)
# 1,504 (1,632), where the records of the build before allocated 5,216
# (6,032).
ALLOCATION_LIMITS = {"first": 256, "settings": 512, "records": 1024, "people": 1792,
                     "full": 1024, "delta": 512, "compaction": 1344, "players": 512}
COVER_WRITE = 896


def test_a_save_allocates_no_buffer_on_micropython():
    install = ("import os\nos.mkdir('/app/dws_app')\nopen('/app/dws_app/__init__.py', 'w').close()\n"
               "os.mkdir('/app/dws_app/lobby')\nopen('/app/dws_app/lobby/__init__.py', 'w').close()\n")
    for name in ("memory.py", "store_format.py", "store.py", "lobby/records_store.py",
                 "store_boot.py", "levels.py", "lobby/players_store.py"):
        with open(os.path.join(ROOT, "lib", "dws_app", name)) as f:
            install += "with open('/app/dws_app/%s', 'w') as f:\n    f.write(%r)\n" % (name, f.read())
    lines = [line.split() for line in run_source(install + ALLOCATIONS).splitlines()]
    seen = set()
    for board, what, allocated in lines:
        seen.add((board, what))
        limit = ALLOCATION_LIMITS[what] + (COVER_WRITE if board == "badge" else 0)
        assert int(allocated) <= limit, (board, what, allocated)
    assert {("pico", "compaction"), ("pico", "delta"), ("badge", "compaction"),
            ("pico", "players"), ("pico", "people"), ("badge", "people")} <= seen
