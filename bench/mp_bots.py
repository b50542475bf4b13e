# MicroPython side of the bots benchmark: one seeded Dice Wide Shut game with
# every seat played by the bot at LEVEL, each turn its own runPython() call
# (the WebAssembly build collects garbage only between calls).  Prints
# "import <bytes>", "tables <us>", then per turn "turn <heap bytes> <us>" where
# us is the bot's think time: the mean of REPEAT calls (the timer ticks in ms
# here), the least of three such blocks (other processes on the machine only
# ever add time), and "final <heap bytes> <digest>".  The caller sets PLAYERS, SEED,
# LEVEL, REPEAT and IMPORTS (the modules the device imports for the game).
import gc
import time
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
import dws_core.bots
import dws_core.bot_dws
import dws_core.dws
import dws_core.rng
_game = dws_core.dws.DiceWideShut(PLAYERS, seed=SEED)
_seats = [dws_core.rng.Rng(SEED * 8 + _p) for _p in range(PLAYERS)]
_t0 = time.ticks_us()
dws_core.dws_columns.build(_game.run_points)
print("tables", time.ticks_diff(time.ticks_us(), _t0))
_turns = 0
#--loop--
gc.collect()
#--chunk--
# (as above: the last turn's compiled chunk is garbage only after one
# more call, else its leftovers count as live heap)
gc.collect()
_heap = gc.mem_alloc()
if _game.over or _turns > 500:
    print("final", _heap, "%08x" % _game.digest())
    print("#done")
#--chunk--
_us = 1 << 29
for _b in range(3):
    _t0 = time.ticks_us()
    for _k in range(REPEAT):
        _steps = dws_core.bots.bot_turn(_game, LEVEL, _seats[_game.current])
    _t0 = time.ticks_diff(time.ticks_us(), _t0) // REPEAT
    if _t0 < _us:
        _us = _t0
for _s in _steps:
    _game.step(_s)
_steps = None
_s = None
print("turn", _heap, _us)
_turns += 1
