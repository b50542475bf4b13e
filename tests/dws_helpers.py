"""Hand-made Dice Wide Shut positions for the tests.

A position is a fresh game whose boards and dice are set through plain
attributes (boards in the ../shared/RULES.md 1.9 notation), then passed through
encode()/decode() so that it is a state the engine itself accepts and its
undo checkpoint is that position.
"""
from dws_core.dws import CROSSED, RED, BLUE, DiceWideShut
from dws_core.notation import parse_half


def dice(red, blue, purple):
    """Dice values in engine order: red dice, blue dice, the purple die."""
    return list(red) + list(blue) + [purple]


def set_board(game, p, red=None, blue=None, red_sixes=None, blue_sixes=None):
    board = game.boards[p]
    if red is not None:
        board.cells[RED][:] = parse_half(red)
    if blue is not None:
        board.cells[BLUE][:] = parse_half(blue)
    if red_sixes is not None:
        board.sixes[RED][:] = red_sixes
    if blue_sixes is not None:
        board.sixes[BLUE][:] = blue_sixes
    splits = 0
    for half in (RED, BLUE):
        for row in range(5):
            if board.cells[half][row * 5] == CROSSED:
                splits += 1
    board.splits = splits


def set_dice(game, values):
    game.dice_value[:] = values
    game.dice_free[:] = [True] * len(values)


def position(players=2, current=0, red=None, blue=None, red_sixes=None,
             blue_sixes=None, values=None, options=None, seed=1):
    """A game at the start of ``current``'s first turn, with that player's
    board and the dice set by hand."""
    game = DiceWideShut(players, seed=seed, options=options, start_player=current)
    set_board(game, current, red, blue, red_sixes, blue_sixes)
    if values is not None:
        set_dice(game, values)
    return DiceWideShut.decode(game.encode())


def play(game, *steps):
    """Apply steps; return all their events."""
    events = []
    for s in steps:
        events.extend(game.step(s))
    return events


def kinds(events):
    return [e[0] for e in events]


# ----- what the game screen's board shows (its tiles read back) -------------------

def shown_half(screen, half):
    """(the half's cells in the notation, its 6-cells as ".x#") as the
    screen's tiles show them; a tile whose die face is not its cell's
    value shows as "?" (board.bmp: tile = state * 6 + face - 1)."""
    grid = screen.halves[half]
    lines = []
    for r in range(5):
        line = ""
        for c in range(5):
            t = grid[r * 6 + c]
            face = t % 6 + 1
            line += ".x/"[t // 6] if t < 18 and face == (c + 1 if half == RED else r + 1) else "?"
        lines.append(line)
    sixes = ""
    for r in range(5):
        t = grid[r * 6 + 5]
        sixes += ".x#"[t // 6] if t < 18 and t % 6 == 5 else "?"
    return "\n".join(lines), sixes


# The board's number tiles from TENS and from UNITS (art/board.txt).
GLYPHS = " -0123456789"


def shown_scores(screen, half):
    """The five column scores under ``half`` as the number tiles show them."""
    from dws_app.play.game_dws import TENS, UNITS
    grid = screen.numbers[half]
    out = []
    for c in range(5):
        tens, units = grid[2 * c] - TENS, grid[2 * c + 1] - UNITS
        assert 0 <= tens < len(GLYPHS) and 0 <= units < len(GLYPHS)
        out.append(int((GLYPHS[tens] + GLYPHS[units]).strip()))
    return out
