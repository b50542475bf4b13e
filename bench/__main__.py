"""`python -m bench`: run every benchmark, print one JSON document, write bench.json.

Each benchmark module has ``run()`` returning a flat dict of keys such as
``dws.live_heap_max_bytes``.  Budgets from the product specification (../shared/PRODUCT.md) are checked at the end:
a value over its budget makes the command exit non-zero.
"""
import json
import os
import sys

MODULES = ("bench.dws", "bench.stb", "bench.games", "bench.store", "bench.bots",
           "bench.app_heap", "bench.cargo_win", "bench.dws_win", "bench.stb_win",
           "bench.dicedout_win")

# key -> (budget, what it protects)
BUDGETS = {
    "dws.live_heap_max_bytes": (64 * 1024, "5-player game in 64 KB of heap"),
    "dws.state_bytes_5p": (512, "save state at most 512 bytes"),
    "games.live_heap_max_bytes": (64 * 1024, "every game in 64 KB of heap"),
    "bots.live_heap_max_bytes": (64 * 1024, "5 device-played seats in 64 KB"),
    "store.erases_per_game_dws5_pico": (5, "at most 5 nvm erases per 5-player game on the Pico"),
    "cargo.expert.accepted_certain_losses": (0, "Cargo expert never accepts a certain loss"),
    "stb.last_player_inexact_decisions": (0, "Shut the Box Strong's last-player moves are exactly best"),
    "dws.strong.ended_lost": (0, "Dice Wide Shut Strong never ends a game it loses when it can go on"),
}


# Keys of slow benchmarks that are commands of their own (``make bench-mc``):
# a ``make bench`` keeps them from the bench.json it replaces.
OWN_COMMANDS = ("dws.strong_vs_mc_reference.",)


def kept(path):
    """The own commands' keys in the bench.json at ``path`` (none when it is
    missing or not JSON)."""
    try:
        with open(path) as f:
            old = json.load(f)
    except (OSError, ValueError):
        return {}
    if not isinstance(old, dict):
        return {}
    return {k: v for k, v in old.items() if k.startswith(OWN_COMMANDS)}


def main(argv):
    only = argv[1:]
    results = {}
    for name in MODULES:
        if only and name.split(".")[1] not in only:
            continue
        module = __import__(name, None, None, ["run"])
        results.update(module.run())
    over = []
    for key in sorted(BUDGETS):
        if key in results and results[key] > BUDGETS[key][0]:
            over.append("%s = %s exceeds %s (%s)" % (key, results[key], BUDGETS[key][0], BUDGETS[key][1]))
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench.json")
    for key, value in kept(path).items():
        results.setdefault(key, value)
    doc = json.dumps(results, indent=2, sort_keys=True)
    print(doc)
    with open(path, "w") as f:
        f.write(doc + "\n")
    for line in over:
        print("over budget: " + line, file=sys.stderr)
    return 1 if over else 0


sys.exit(main(sys.argv))
