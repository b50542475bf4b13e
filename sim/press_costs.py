"""What each press of the board suite's plans costs to draw, estimated in the
simulator: ``python -m sim.press_costs [--quick] [--over MS] [PLAN ...]``.

The board suite's plans (``tools.board.record``) are played again here, and
every frame a press draws is priced with ``sim.frame_cost`` (the areas the
firmware would refresh, at the rates measured on the emulated Pico).  It
prints, per plan, the moves and the opens and views likely over budget,
with the screen and the message on it, and per press kind ("move", "open",
"view", "save", "fresh", "turn") the count, the p99 and the worst: which
presses break the board's budgets, before a board run.
The figures are estimates of the drawing only (the board adds the key scan,
the handler and a collection now and then); the board suite is the judge.
"""

import argparse
import json

from sim import frame_cost
from tools.board.__main__ import percentile     # (the board suite's own figure)


def measure(names, quick):
    """{plan: [(kind, ms, screen, key, message, areas), ...]} for the
    named plans: each press's kind (``tools.board.record``), its estimated
    ms of drawing, the screen after it, the key, that screen's first
    message line and the areas drawn."""
    from dws_app.app import App
    from tools.board import record

    spent = [0.0]
    areas = []
    started = set()
    poll = App.poll

    def priced(self):
        # (the board's main loop draws after each pass; the simulator's
        # session polls without drawing)
        name = poll(self)
        drawn, ms = frame_cost.take(self.display)
        spent[0] += ms
        areas.extend(drawn)
        return name

    press = record.Recorder.press
    found = {}
    current = []

    def measured(self, *keys):
        if id(self) not in started:      # (the power-on's frames are not a press's)
            started.add(id(self))
            frame_cost.take(self.hw.display)
        for key in keys:
            spent[0] = 0.0
            del areas[:]
            press(self, key)
            top = self.app.top
            msg = getattr(top, "msg1", None)
            current.append((self.items[-1][3], round(spent[0], 1), type(top).__name__, key,
                            msg.shown() if msg is not None else "", list(areas)))

    App.poll = priced
    record.Recorder.press = measured
    try:
        builders = {
            "continue": record.continue_plan, "screens": record.screens_plan,
            "evening": lambda: record.evening_plan(short=quick), "storm": record.storm_plan}
        for name in names:
            del current[:]
            if name in record.GAMES:
                record.game_plan(name, turns=6 if quick else None)
            else:
                builders[name]()
            found[name] = list(current)
    finally:
        App.poll = poll
        record.Recorder.press = press
    return found


def main(argv=None):
    from tools.board import record
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("plans", nargs="*")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--over", type=float, default=50.0,
                    help="list the moves estimated above this many ms")
    args = ap.parse_args(argv)
    names = args.plans or list(record.GAMES) + ["continue", "screens", "evening", "storm"]
    found = measure(names, args.quick)
    out = {}
    every = {}
    for name, presses in found.items():
        for kind, ms, *_rest in presses:
            every.setdefault(kind, []).append(ms)
        over = {}
        for p in presses:
            if (p[0] == "move" and p[1] > args.over) or (p[0] in ("open", "view") and p[1] > 450):
                k = "%s %s %s %s" % (p[0], p[2], p[3], p[4])
                over[k] = max(over.get(k, 0), p[1])
        out[name] = over
    out["all"] = {kind: {"n": len(v), "p99": percentile(v, 99), "max": max(v)}
                  for kind, v in every.items()}
    for name, part in out.items():
        print(json.dumps({name: part}))


if __name__ == "__main__":
    main()
