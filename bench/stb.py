"""Shut the Box solver benchmark.

Values (CPython, exact rational arithmetic): chances in percent, expected
scores in points, optimal play, for 9 tiles and (``_12`` keys) 12 tiles.
Cost (MicroPython WebAssembly): the time to solve one table (the hint's
"shut" table, high_shut rule; the best of three runs) and the live heap that
table holds, measured with gc.mem_alloc() after gc.collect() in a separate
runPython() call.
"""
from fractions import Fraction

from bench.micropython import run_source
from dws_core.stb_solver import Solver, exact_scale

MP_SOURCE = """
import gc, time
from dws_core import stb_solver
#--chunk--
gc.collect()
base = gc.mem_alloc()
best = None
for _ in range(3):
    table = None
    gc.collect()
    t = time.ticks_ms()
    table = stb_solver.Solver(TILES, "high_shut", "shut")
    ms = time.ticks_diff(time.ticks_ms(), t)
    best = ms if best is None or ms < best else best
#--chunk--
gc.collect()
print("ms", best)
print("heap", gc.mem_alloc() - base)
"""


def exact(tiles, rule, objective):
    s = Solver(tiles, rule, objective, scale=exact_scale(tiles))
    v = Fraction(s.value((1 << tiles) - 1), s.scale)
    if objective == "shut":
        v *= 100
    return round(float(v), 6)


def micropython(tiles):
    out = run_source(MP_SOURCE.replace("TILES", str(tiles)), "--chunks").split()
    return int(out[out.index("ms") + 1]), int(out[out.index("heap") + 1])


def run():
    results = {}
    for tiles, suffix in ((9, ""), (12, "_12")):
        ms, heap = micropython(tiles)
        results.update({
            "stb.p_shut_two_dice" + suffix: exact(tiles, "never", "shut"),
            "stb.p_shut_one_die_le6" + suffix: exact(tiles, "remaining_le_6", "shut"),
            "stb.p_shut_high_shut" + suffix: exact(tiles, "high_shut", "shut"),
            "stb.expected_score_high_shut" + suffix: exact(tiles, "high_shut", "score"),
            "stb.solve_ms_micropython" + suffix: ms,
            "stb.live_heap_bytes" + suffix: heap,
        })
    return results


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=2, sort_keys=True))
