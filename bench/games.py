"""Live heap of every game under MicroPython (seeded random full games)."""
from bench.dws import micropython_game
from dws_core.games import GAMES, ID, TITLE

SEED = 77


def run():
    result = {}
    worst = 0
    for r in GAMES:
        gid, title = r[ID], r[TITLE]
        players = 1 if gid == 5 else 5
        mp = micropython_game(gid, players, SEED)
        heap = max([mp["import"]] + mp["heaps"])
        key = title.lower().replace(" ", "_")
        result["games.%s.live_heap_bytes" % key] = heap
        worst = max(worst, heap)
    result["games.live_heap_max_bytes"] = worst
    return result
