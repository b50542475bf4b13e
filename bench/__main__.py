"""`python -m bench`: run every benchmark, print one JSON document, write bench.json.

Each benchmark module has ``run()`` returning a flat dict of keys such as
``dws.live_heap_max_bytes``.  Budgets from the product specification (../shared/PRODUCT.md) are checked at the end:
a value over its budget makes the command exit non-zero.
"""
import json
import os
import sys

from bench.budgets import BUDGETS      # key -> (budget, what it protects)

MODULES = ("bench.dws", "bench.stb", "bench.games", "bench.store", "bench.bots",
           "bench.app_heap", "bench.cargo_win", "bench.dws_win", "bench.stb_win",
           "bench.dicedout_win")

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
