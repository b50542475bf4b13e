# code.py of `python -m tools.board.opens`: a new game opened from the
# setup's A as the main loop does it (App.poll: the press, then each pass
# deferred to NEXT_PASS), one "FLOOR <name> <ms>" line a pass, then the
# frame; the game and its seats are the board suite's plan's, named in the
# drive's opens_case.txt.
import gc
import sys
import time

sys.path.insert(0, "dws_slots/a/lib")
sys.path.insert(0, "dws_slots/a")

with open("/opens_case.txt") as f:
    NAME, GAME, SEATS, OPTIONS = eval(f.read())


def ms(t0):
    return (time.monotonic_ns() - t0) / 1e6


from dws_hw import pico_dice

hw = pico_dice.build()
from dws_app.app import AFTER_PRESS, NEXT_PASS, App

app = App(hw, test={"seed": 1})
app.display.auto_refresh = False
app.start()
app.draw()
from dws_app.lobby.setup import start_game

app.looping = True
t0 = time.monotonic_ns()
app.defer(AFTER_PRESS, start_game, app, GAME, len(SEATS), OPTIONS, 11, list(SEATS))
app.after_press()
app.tick(True)
print("FLOOR %s_press %.1f" % (NAME, ms(t0)))
if app.table.carded:       # the start card: drawn after the press, the rest under it
    t0 = time.monotonic_ns()
    app.draw()
    print("FLOOR %s_card %.1f" % (NAME, ms(t0)))
k = 0
while app.deferred[NEXT_PASS] is not None:
    t0 = time.monotonic_ns()
    app._run(NEXT_PASS)
    app.tick(True)
    k += 1
    print("FLOOR %s_pass%d %.1f" % (NAME, k, ms(t0)))
if app.top is app.table.hand_over and not app.table.carded:     # the card's A, as a press does
    t0 = time.monotonic_ns()
    app.draw()
    print("FLOOR %s_under %.1f" % (NAME, ms(t0)))
    t0 = time.monotonic_ns()
    app.press("A")
    app.tick(True)
    print("FLOOR %s_a %.1f" % (NAME, ms(t0)))
t0 = time.monotonic_ns()
app.draw()
print("FLOOR %s_frame %.1f" % (NAME, ms(t0)))
gc.collect()
print("FLOOR %s_free %d" % (NAME, gc.mem_free()))
print("FLOOR done 0")
while True:
    time.sleep(1)
