"""Random Shut the Box games of every variant (hypothesis): legal steps only,
refused steps change nothing, decode(encode()) at every step, every game ends,
and the scores equal a recount made from the events alone."""
from hypothesis import given, settings
from hypothesis import strategies as st

from dws_core.errors import Refused
from dws_core.stb import USE, ShutTheBox

ODD_STEPS = [("roll",), ("roll", 0), ("roll", 1), ("roll", 2), ("roll", 3), ("use", 1),
             ("use", 2), ("use", 0), ("confirm",), ("confirm", 1), ("shut",),
             ("shut", True), ("nap",)] + [("shut", t) for t in range(0, 14)] + [
             ("open", t) for t in range(0, 14)]

variants = st.fixed_dictionaries({
    "tiles": st.sampled_from([9, 10, 12]),
    "one_die": st.sampled_from(["high_shut", "remaining_le_6", "never"]),
    "instant_win": st.booleans(),
    "rounds": st.sampled_from([1, 2, 3]),
    "mode": st.sampled_from(["turns", "together"]),
})


class Recount:
    """Boxes, scores and dice rebuilt from events only."""

    def __init__(self, players, tiles, together, one_die):
        self.tiles = tiles
        self.together = together
        self.one_die = one_die
        self.boxes = [set() for _ in range(players)]
        self.totals = [0] * players
        self.done = set()  # out or shut this round (together mode)
        self.dice = ()
        self.said = {}  # declarations before the next roll
        self.use = {}  # declarations the last roll was made under
        self.over = False

    def eligible(self, p):
        box = self.boxes[p]
        if self.one_die == "high_shut":
            return max(box) <= 6
        return self.one_die == "remaining_le_6" and sum(box) <= 6

    def see(self, event):
        kind = event[0]
        if kind == "round_start":
            self.boxes = [set(range(1, self.tiles + 1)) for _ in self.boxes]
            self.done = set()
        elif kind == "rolled":
            self.dice = event[2]
            if self.together:
                # ../shared/RULES.md 2.2: every eligible player in play declared before
                # this roll, nobody else did; no die was shown before.
                assert len(self.dice) == 2
                for p in range(len(self.boxes)):
                    if p not in self.done:
                        assert (p in self.said) == self.eligible(p), (p, self.said)
            self.use = self.said
            self.said = {}
        elif kind == "use":
            assert self.together and event[1] not in self.said
            self.said[event[1]] = event[2]
        elif kind == "undone":
            if event[1][0] == "use":
                self.said.pop(event[2])
        elif kind == "shut":
            p, tiles = event[1], event[2]
            need = self.dice[0] if self.use.get(p) == 1 else sum(self.dice)
            assert sum(tiles) == need and set(tiles) <= self.boxes[p]
            self.boxes[p] -= set(tiles)
        elif kind == "turn_end":
            assert event[2] == sum(self.boxes[event[1]])
            self.totals[event[1]] += event[2]
        elif kind == "stuck" or kind == "out":
            assert event[2] == sum(self.boxes[event[1]])
            self.done.add(event[1])
        elif kind == "shut_box":
            self.done.add(event[1])
        elif kind == "round_end" and self.together:
            for p, box in enumerate(self.boxes):
                assert event[2][p] == sum(box)
                self.totals[p] += sum(box)
        elif kind == "game_end":
            self.over = True


@settings(max_examples=60)
@given(variants, st.integers(1, 8), st.integers(0, 2 ** 32 - 1), st.data())
def test_random_games(options, players, seed, data):
    g = ShutTheBox(players, seed, options)
    together = options["mode"] == "together"
    rec = Recount(players, options["tiles"], together, options["one_die"])
    for e in g.initial_events:
        rec.see(e)
    for count in range(3000):
        if g.over:
            break
        legal = g.legal_steps()
        assert legal
        before = g.encode()
        odd = data.draw(st.sampled_from(ODD_STEPS))
        if odd not in legal:
            try:
                g.step(odd)
                raise AssertionError("accepted an illegal step %r" % (odd,))
            except Refused:
                pass
            assert g.encode() == before
        if count > 400:  # finish quickly: no more taking tiles back
            legal = [s for s in legal if s[0] != "open"] or legal
        if count <= 400 and g.can_undo() and data.draw(st.integers(0, 9)) == 0:
            for e in g.undo():  # selections, and declarations before a roll
                rec.see(e + (g.current,))
            continue
        if g.phase == USE:
            assert g.dice == [] and together  # declared before any die is seen
        step = data.draw(st.sampled_from(legal))
        for e in g.step(step):
            rec.see(e)
        now = g.encode()
        assert ShutTheBox.decode(now).encode() == now
    assert g.over and rec.over
    assert g.legal_steps() == []
    expect = rec.totals
    if together and True in g.winner:
        # an instant win ends the round early: everybody keeps the open sum
        expect = [t + sum(b) for t, b in zip(rec.totals, rec.boxes)]
    assert g.scores() == expect
    ranking = g.ranking()
    assert sorted(p for grp in ranking for p in grp) == list(range(players))
    if True in g.winner:
        assert ranking[0] == [p for p in range(players) if g.winner[p]]
        assert all(sum(rec.boxes[p]) == 0 for p in ranking[0])
    else:
        assert ranking[0] == [p for p in range(players) if expect[p] == min(expect)]
