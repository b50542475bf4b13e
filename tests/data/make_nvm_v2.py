"""How nvm_v2_*.bin and nvm_v2.json were made: boards' nvm as the
layout-version-2 store left them, for the migration tests
(tests/test_store_migration.py).

Run from an export of commit bd2f9db (the last version-2 store), e.g.
``git archive bd2f9db | tar -x -C /tmp/old; cd /tmp/old; python make_nvm_v2.py``
(with this repository's .venv): the simulator on each profile saves settings,
records two finished games, then starts a 3-player Dice Wide Shut game with
seat 1 played by the device and plays 14 steps; the nvm bytes go to
nvm_v2_<profile>.bin and what the version-2 store read back from them to
nvm_v2.json (game payload hex, settings, records payload hex, seat levels).
Nothing imports this file; it is not run by the tests."""
import json, sys, random
sys.path[:0] = ['lib', '.']
from adafruit_display_text import bitmap_label
bitmap_label.Label._blit = lambda self, *a, **k: None
from sim.script import Session
from sim.play import dws_step, finish_interludes
from dws_app.store import Store
out = {}
for profile in ("pico_dice", "pybadge"):
    s = Session(profile, seed=5)
    s.app.store.save_settings({"brightness": 4, "sound": False, "sleep_s": 1800})
    s.app.store.record_game(1, 3, [55, 41, None], [0])
    s.app.store.record_game(2, 2, [7, 0], [1], low_wins=True, shut=1)
    s.press("A")                       # Dice Wide Shut setup
    while s.screen.players != 3:
        s.press("RIGHT")
    s.press("DOWN", "RIGHT", "RIGHT")  # seat 2 played by the device (if that row)
    while s.screen.rows[s.screen.menu.index] != "start":
        s.press("DOWN")
    s.press("A")
    rnd = random.Random(3)
    game = finish_interludes(s).game
    for _ in range(14):
        finish_interludes(s)
        if s.app.table is None or s.app.table.seats.device(game.current):
            s.wait(5000) if hasattr(s, "wait") else None
            continue
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
    nvm = bytes(s.hw.nvm.data)
    st = Store(bytearray(nvm))
    data = st.load_game()[0]
    name = "nvm_v2_%s.bin" % profile
    open(name, "wb").write(nvm)
    out[profile] = {"game": data.hex(), "settings": sorted(st.load_settings()[0].items()),
                    "records": st.load_records()[0].encode().hex(),
                    "levels": list(s.app.table.seats.levels)}
json.dump(out, open("nvm_v2.json", "w"), indent=1)
print(json.dumps(out)[:600])
