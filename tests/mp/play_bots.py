# Bots of every game play seeded games (with a hint at every decision, and
# Dice Wide Shut hints mid-turn); prints
# one line per game: game id, final digest, hints with text, the last text.
# Run under MicroPython and CPython by tests/test_bots_micropython.py.
from dws_core import bots
from dws_core.games import game_class
from dws_core.rng import Rng
for gid, n, opts, lv in ((1, 3, {}, ()), (2, 3, {}, ("easy", "shut", "score")), (2, 2, {"mode": "together"}, ("shut", "score")),
                         (3, 3, {}, ("normal", "strong")), (3, 2, {"bonus_numbers": (6, 7, 8)}, ("strong",)),
                         (4, 3, {"hold_cargo": True}, ("normal", "strong", "expert")),
                         (4, 2, {}, ("expert", "strong"))):
    g = game_class(gid)(n, seed=4, options=opts)
    if gid == 1:
        lv = ("easy", "normal", "strong")
    r = Rng(4)
    texts = 0
    while not g.over:
        st, txt = bots.hint(g)
        if txt:
            texts += 1
        k = 0
        while gid == 1 and k < 3:  # mid-turn hints (undo included), then back
            legal = [s for s in g.legal_steps() if s[0] != "confirm" and s[0] != "drop"]
            if not legal:
                break
            g.step(legal[-1])
            k += 1
            st2, t2 = bots.hint(g)
            texts += len(st2) * 7 + len(t2) + st2.count(("undo",)) * 100
        for _ in range(k):
            g.undo()
        for s in bots.bot_turn(g, lv[g.current % len(lv)], r):
            g.step(s)
    print(gid, "%08x" % g.digest(), texts, txt)
# DicedOut, bonus numbers 6-8, only 6 and 7 left after rolling the 8: the
# strong bot declines the bonus mark (both left are bonus numbers).
g = game_class(3)(2, seed=4, options={"bonus_numbers": (6, 7, 8)}, start_player=0)
g.marks[0] = 0x7FF & ~0x30
g.phase = 1
g.dice = [4, 4]
g = type(g).decode(g.encode())
print(3, bots.bot_turn(g, "strong", Rng(4)), bots.hint(g)[1])
