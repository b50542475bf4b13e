# MicroPython side of the heap benchmark: one seeded game, each turn its own
# runPython() call (the WebAssembly build collects garbage only between
# calls).  Prints "import <bytes>", then "turn <bytes> <steps> <us>" lines.
# The caller sets GAME_ID, PLAYERS, SEED and IMPORTS (every module the
# device would hold: all of dws_core) in a prelude.
import gc
import time
import dws_core.engine
import dws_core.games
import dws_core.rng
for _name in IMPORTS:
    __import__(_name)
_name = None
#--chunk--
gc.collect()
#--chunk--
# (an empty collecting call first: the compiler's garbage stays reachable
# until one more runPython() call has run)
gc.collect()
print("import", gc.mem_alloc())
#--chunk--
_cls = dws_core.games.game_class(GAME_ID)
_game = _cls(PLAYERS, seed=SEED)
_picker = dws_core.rng.Rng(SEED + 1)
_turns = 0
#--loop--
gc.collect()
_heap = gc.mem_alloc()
if _game.over or _turns > 2000:
    print("final", _heap, len(_game.encode()), "%08x" % _game.digest())
    print("#done")
#--chunk--
_steps = 0
_t0 = time.ticks_us()
while not _game.over:
    _legal = _game.legal_steps()
    _events = _game.step(_legal[_picker.below(len(_legal))])
    _steps += 1
    _ended = False
    for _e in _events:
        if _e[0] == "turn_end":
            _ended = True
    if _ended or _steps > 500:
        break
_us = time.ticks_diff(time.ticks_us(), _t0)
print("turn", _heap, _steps, _us)
_turns += 1
