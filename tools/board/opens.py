"""Where a game's open goes on the board: ``python -m tools.board.opens``
opens each plan's game of the board suite from its setup's A, as the main
loop does (``opens_code.py`` as the drive's code.py, CircuitPython 10.2.1
.mpy, the PIO in emulated time), and prints as JSON the emulated ms of the
press's pass, of each pass deferred after it (``App.defer``'s NEXT_PASS)
and of the frame, and the free heap after.  What it showed: a Dice Wide
Shut start with five Strong and Normal seats made the engine, the seats,
their bot and column tables in the press's pass, 312 ms (the board
suite's 315-352, budget 300: the bot's modules 35-46 ms each to import, a
collection ~16 ms before each); now that pass makes the engine and the
seats, the next one ``SeatPlayer.start`` and the third the screen
(hardware.md has the figures)."""

import json

import sim  # noqa: F401  (lib/ on the import path, for the plans' list)
from tools.board.floor import run_code
from tools.board.record import GAMES


def main():
    out = {}
    for name, (game_id, seats, options, _seed) in GAMES.items():
        case = repr((name, game_id, tuple(seats), options))
        found = run_code("opens", "opens_code.py", {"opens_case.txt": case}, "lockstep")
        out.update({"board.open_ms." + k: v for k, v in found.items()})
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
