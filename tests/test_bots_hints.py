"""Hints from where the player stands (issue #14): Dice Wide Shut and Cargo
hints asked mid-turn in every phase point at the next step to take (legal
now, never an undo unless the text says "Undo"), their text names that step,
following them never undoes, and the turn they lead to is worth what the
strong bot's whole-turn plan is worth."""
from hypothesis import event, given, settings
from hypothesis import strategies as st

from dws_core import bot_cargo, bot_dws, bot_dws_hint, bots
from dws_core.cargo import Cargo
from dws_core.dws import BLUE, CHECKED, RED, DiceWideShut
from dws_core.rng import Rng
from dws_app.play.seats import hint_lines
from test_bots_play import play_hint, turn_copy


def fits(text):
    """The hint shows on two 26-character lines (``seats.hint_lines``)."""
    return len(hint_lines(text)) <= 2


def first_move(steps, text):
    """The hint's first step and how many undos come before it."""
    undos = 0
    while steps[undos] == ("undo",):
        undos += 1
    assert (undos > 0) == text.startswith("Undo"), (steps, text)
    return undos, steps[undos]


def plan_value(game):
    """(evaluator, value) of the strong bot's whole turn from the turn start."""
    start = DiceWideShut.decode(game.checkpoint())
    ev = bot_dws._Eval(start, True)
    bot_dws._enumerate(ev)
    return ev, ev.best_value


def played_turn(game, rounds_of_turns, rng):
    """A game some whole turns in, played by the strong and normal bots."""
    for k in range(rounds_of_turns):
        if game.over:
            return game
        for s in bots.bot_turn(game, ("strong", "normal")[k % 2], rng):
            game.step(s)
    return game


def value_after(game, steps, text):
    """The value (by the turn start's evaluator) of following a hint."""
    copy = turn_copy(game)
    play_hint_but_confirm(copy, steps, text)
    return copy


def play_hint_but_confirm(copy, steps, text):
    undos, _ = first_move(steps, text)
    for _ in range(undos):
        copy.undo()
    for s in steps[undos:-1]:
        assert s in copy.legal_steps(), (s, steps)
        copy.step(s)
    assert steps[-1] == ("confirm",) and ("confirm",) in copy.legal_steps()


# ----- Dice Wide Shut ---------------------------------------------------------------

@settings(max_examples=80)
@given(st.integers(1, 5), st.integers(1, 10 ** 6), st.integers(0, 30), st.integers(0, 4),
       st.integers(0, 4), st.booleans())
def test_dws_hint_from_any_mid_turn_position(players, seed, turns, follow, moves, no_doubles):
    """Positions of every phase: some whole turns, then some steps of the
    plan, then random steps of the current turn (drops and colour changes
    too)."""
    game = DiceWideShut(players, seed=seed, options={"no_doubles": no_doubles})
    rng = Rng(seed)
    played_turn(game, turns, rng)
    if game.over:
        return
    for s in bots.bot_turn(game, "strong", rng)[:follow]:
        if s != ("confirm",):
            game.step(s)
    for _ in range(moves):
        legal = [s for s in game.legal_steps() if s != ("confirm",)]
        if not legal:
            break
        game.step(legal[rng.below(len(legal))])
    data = game.encode()
    pending = game.can_undo()
    steps, text = bots.hint(game)
    assert game.encode() == data and game.can_undo() == pending
    assert fits(text), text
    undos, first = first_move(steps, text)
    event("undo" if undos else first[0])
    assert undos <= len(game._pending)
    if not undos:
        assert first in game.legal_steps()
    play_hint(turn_copy(game), steps, text)
    # The turn it leads to is worth the whole-turn plan (or more).
    ev, best = plan_value(game)
    if ev.best is not None:
        assert ev.value(value_after(game, steps, text)) >= best
    # Undone as far as the hint says, the next hint goes on from there.
    if undos:
        copy = turn_copy(game)
        for _ in range(undos):
            copy.undo()
        again, words = bots.hint(copy)
        assert again == steps[undos:] and not words.startswith("Undo")


def test_following_the_hint_step_by_step_never_undoes():
    """From turn starts: ask, do the first step, ask again... The hint never
    says Undo, each step is legal, and the turn is worth the plan."""
    for seed in range(1, 60):
        game = DiceWideShut(1 + seed % 5, seed=seed)
        played_turn(game, seed % 23, Rng(seed))
        if game.over:
            continue
        ev, best = plan_value(game)
        for _ in range(8):
            steps, text = bots.hint(game)
            assert steps[0] != ("undo",) and not text.startswith("Undo"), text
            assert steps[0] in game.legal_steps()
            if steps[0] == ("confirm",):
                break
            game.step(steps[0])
        assert steps[0] == ("confirm",)
        if ev.best is not None:
            assert ev.value(game) >= best


def rigged(red_values, blue_values=(), setup=None, players=2):
    """P1 to play with only the given dice free (values 1-6, red then blue)."""
    game = DiceWideShut(players, seed=9, start_player=0)
    n = (len(game.dice_value) - 1) // 2
    for i in range(len(game.dice_value)):
        game.dice_free[i] = False
    for k, v in enumerate(red_values):
        game.dice_value[k] = v
        game.dice_free[k] = True
    for k, v in enumerate(blue_values):
        game.dice_value[n + k] = v
        game.dice_free[n + k] = True
    if setup:
        setup(game.boards[0])
    game._mark_checkpoint()
    return DiceWideShut.decode(game.encode())


def test_dws_texts_of_every_phase():
    game = rigged((3, 5))
    steps, text = bots.hint(game)
    assert steps[:3] == [("colour", RED), ("pick", 0), ("pick", 1)]
    assert text == "Take red 3+5"
    game.step(("colour", RED))
    game.step(("pick", 1))                   # the 5 first: still the plan
    steps, text = bots.hint(game)
    assert steps[0] == ("pick", 0) and text == "Take red 3 too"
    game.step(("pick", 0))
    steps, text = bots.hint(game)
    kind, die, row, col = steps[0]
    assert kind == "mark"
    assert text == "Mark the %d in red row %d" % (game.dice_value[die], row + 1)
    game.step(steps[0])
    steps, text = bots.hint(game)
    assert steps[0][0] == "mark" and text.startswith("Mark the ")
    game.step(steps[0])
    assert bots.hint(game) == ([("confirm",)], "End the turn")
    # Blue: a die's value is its row, so the hint names the column.
    game = rigged((), (2, 4))
    for s in bots.hint(game)[0][:3]:
        game.step(s)
    steps, text = bots.hint(game)
    assert steps[0][0] == "mark"
    assert text == "Mark the %d in blue col %d" % (game.dice_value[steps[0][1]], steps[0][3] + 1)
    # No die left: pass.
    assert bots.hint(rigged(())) == ([("confirm",)], "Pass: no dice left")


def test_dws_six_and_purple_texts():
    game = rigged((6,))
    steps, text = bots.hint(game)
    assert steps[:2] == [("colour", RED), ("pick", 0)] and text == "Take red 6"
    game.step(steps[0])
    game.step(steps[1])
    steps, text = bots.hint(game)
    assert steps[0][0] == "six"
    assert text == "Put the 6 by %s row %d" % (("red", "blue")[steps[0][2]], steps[0][3] + 1)
    # The purple die is named; a purple 6 needs no change of colour.
    for value in (4, 6):
        game = rigged(())
        purple = len(game.dice_value) - 1
        game.dice_value[purple] = value
        game.dice_free[purple] = True
        game._mark_checkpoint()
        steps, text = bots.hint(game)
        assert steps[1] == ("pick", purple) and text.startswith("Take purple %d as " % value)
        game.step(("colour", BLUE))
        steps, text = bots.hint(game)
        if value == 6:
            assert steps[0] == ("pick", purple) and text == "Take purple 6 as blue"


def fifth_three(board, six=True):
    """Red row 2 lacks only its 3, the only empty red 3; its 6 checked."""
    cells = board.cells[RED]
    for col in (0, 1, 3, 4):
        cells[5 + col] = CHECKED
    for row in (0, 2, 3, 4):
        cells[row * 5 + 2] = CHECKED
    if six:
        board.sixes[RED][1] = CHECKED


def test_dws_protect_and_split_texts():
    for six in (True, False):
        game = rigged((3, 1), setup=lambda b: fifth_three(b, six))
        for _ in range(4):
            steps, text = bots.hint(game)
            if steps[0][0] in ("mark", "protect") and steps[0][1] == 0:
                break
            game.step(steps[0])
        assert steps[0][2:] == (1, 2)       # the 3's only cell: the fifth check
        if steps[0][0] == "protect":
            assert six and text == "Spend red row 2's 6 on the 3"
        else:
            assert text == "Mark the 3 in red row 2 (splits)"
    # The text says split or spend for whichever the plan does there.
    for kind, words in (("protect", "Spend red row 2's 6 on the 3"),
                        ("mark", "Mark the 3 in red row 2 (splits)")):
        game = rigged((3, 1), setup=fifth_three)
        game.step(("colour", RED))
        game.step(("pick", 0))
        game.step(("pick", 1))
        assert bot_dws_hint._describe(game, [], [(kind, 0, 1, 2), ("confirm",)]) == words


def test_dws_undo_texts():
    """A take the plan does not want: drop it; a mark it does not want: B."""
    found = set()
    for seed in range(1, 80):
        game = DiceWideShut(2, seed=seed)
        played_turn(game, seed % 9, Rng(seed))
        if game.over:
            continue
        plan = bots.hint(game)[0]
        half = [s[1] for s in plan if s[0] == "colour"] or [game.colour]
        other = [i for i in range(len(game.dice_value))
                 if game.dice_free[i] and game.dice_colour[i] == 1 - half[0]
                 and game.dice_value[i] != 6]
        if not other:
            continue
        game.step(("colour", 1 - half[0]))
        game.step(("pick", other[0]))
        steps, text = bots.hint(game)
        if steps[0] != ("undo",):
            continue                         # as good as the plan, rarely
        assert text.startswith("Undo: drop %d, then take " % game.dice_value[other[0]])
        found.add("drop")
        if game.take_complete() or len(other) < 2:
            continue
        game.step(("pick", other[1]))
        marks = [s for s in game.legal_steps() if s[0] == "mark"]
        if not marks:
            continue
        game.step(marks[-1])
        steps, text = bots.hint(game)
        undos, _ = first_move(steps, text)
        if undos == 3:
            assert text.startswith("Undo: B x3, then take ")
            found.add("B")
    assert found == {"drop", "B"}


def test_device_turn_mid_turn_goes_on_from_there():
    """The bots' own turn asked mid-turn finishes it without dropping."""
    for seed in range(1, 30):
        game = DiceWideShut(3, seed=seed)
        rng = Rng(seed)
        for _ in range(rng.below(5) + 1):
            legal = [s for s in game.legal_steps() if s[0] not in ("confirm", "drop")]
            if not legal:
                break
            game.step(legal[rng.below(len(legal))])
        for level in ("normal", "strong"):
            steps = bots.bot_turn(game, level, Rng(1))
            assert not [s for s in steps if s[0] == "drop"]
            copy = turn_copy(game)
            for s in steps:
                assert s in copy.legal_steps()
                copy.step(s)


# ----- Cargo ------------------------------------------------------------------------

def cargo(values, roles, held=None, hold=True, rolls=2):
    game = Cargo(1, seed=1, options={"hold_cargo": hold})
    game.values = list(values)
    game.roles = list(roles)
    game.held = list(held or [False] * 6)
    game.rolls = rolls
    return Cargo.decode(game.encode())


def test_cargo_texts_of_every_phase():
    assert bots.hint(Cargo(2, seed=1)) == ([("roll",)], "Roll (A): need a 6 (ship)")
    game = cargo((6, 1, 2, 3, 3, 1), (1, 0, 0, 0, 0, 0))
    assert bots.hint(game) == ([("roll",)], "Roll (A): need a 5 (captain)")
    game = cargo((6, 5, 1, 2, 3, 3), (1, 2, 0, 0, 0, 0))
    assert bots.hint(game)[1] == "Roll (A): need a 4 (crew)"
    # Crewed with good cargo: accept (UP).
    game = cargo((6, 5, 4, 6, 6, 5), (1, 2, 3, 0, 0, 0), rolls=4)
    assert bots.hint(game) == ([("accept",)], "Accept cargo 17 (UP)")
    # Without holds every cargo die rolls.
    game = cargo((6, 5, 4, 1, 2, 1), (1, 2, 3, 0, 0, 0), hold=False)
    reroll, v = bot_cargo.decide(game)
    assert bots.hint(game) == ([("roll",)], "Roll 3 (A): expect %s, now 4" % bot_cargo._num(v))
    # Holding: the pointer's die first, then the roll.
    game = cargo((6, 5, 4, 1, 6, 5), (1, 2, 3, 0, 0, 0))
    reroll, v = bot_cargo.decide(game)
    steps, text = bots.hint(game)
    assert steps == [("hold", 4), ("hold", 5), ("roll",)]
    assert text == "Hold the 6 (DOWN), roll 1: expect %s, now 12" % bot_cargo._num(v)
    game.step(steps[0])                      # one held: the hint goes on
    assert bots.hint(game)[0] == [("hold", 5), ("roll",)]
    # A held die the plan would roll: release it, and the text says Undo.
    game = cargo((6, 5, 4, 1, 6, 5), (1, 2, 3, 0, 0, 0), held=[False] * 3 + [True] * 3)
    steps, text = bots.hint(game)
    assert steps == [("release", 3), ("roll",)]
    assert text.startswith("Undo: release the 1, roll 1: expect ")


@settings(max_examples=60)
@given(st.integers(1, 3), st.integers(1, 10 ** 6), st.integers(0, 14), st.booleans(),
       st.booleans())
def test_cargo_hint_from_any_position(players, seed, moves, hold, classic):
    game = Cargo(players, seed=seed, options={"hold_cargo": hold, "classic": classic})
    rng = Rng(seed)
    for _ in range(moves):
        if game.over:
            return
        legal = game.legal_steps()
        game.step(legal[rng.below(len(legal))])
    if game.over:
        return
    data = game.encode()
    steps, text = bots.hint(game)
    assert game.encode() == data and fits(text), text
    assert steps[0] in game.legal_steps()
    assert (steps[0][0] == "release") == text.startswith("Undo"), (steps, text)
    words = {"roll": "Roll", "accept": "Accept", "hold": "Hold", "release": "Undo"}
    assert text.startswith(words[steps[0][0]])
    for s in steps:
        assert s in game.legal_steps()
        game.step(s)


# ----- Shut the Box: the hint continues the player's own selection -------------

@settings(max_examples=60)
@given(seed=st.integers(0, 10 ** 6), tiles=st.sampled_from((9, 12)),
       picks=st.integers(0, 3), mode=st.sampled_from(("turns", "together")))
def test_stb_hint_from_a_partial_selection(seed, tiles, picks, mode):
    """Tiles already chosen that belong to the best set stay chosen (no
    "open" step for them); tiles outside it are opened first and the text
    says Open; the hint's steps, applied, make a legal turn."""
    from dws_core.stb import SELECT, ShutTheBox
    from dws_core import stb_solver
    game = ShutTheBox(2, seed=seed, options={"tiles": tiles, "mode": mode})
    rnd = Rng(seed)
    for _ in range(200):
        legal = game.legal_steps()
        if game.over or (game.phase == SELECT and any(s[0] == "shut" for s in legal)):
            break
        game.step(legal[rnd.below(len(legal))])
    if game.over or game.phase != SELECT:
        return
    for _ in range(picks):
        shuts = [s for s in game.legal_steps() if s[0] == "shut"]
        if not shuts:
            break
        game.step(shuts[rnd.below(len(shuts))])
    steps, text = bots.hint(game)
    p = game.current
    best = stb_solver.solver(game.tiles, game.one_die, "shut").best_set(
        game.boxes[p], game.target(p))
    opened = [s[1] for s in steps if s[0] == "open"]
    shut = [s[1] for s in steps if s[0] == "shut"]
    assert all(not best >> (t - 1) & 1 for t in opened)
    assert all(game.selection >> (t - 1) & 1 for t in opened)
    assert all(not game.selection >> (t - 1) & 1 for t in shut)
    assert text.startswith("Open") == bool(opened), (steps, text)
    assert fits(text), text
    for s in steps:
        assert s in game.legal_steps(), (s, steps)
        game.step(s)
