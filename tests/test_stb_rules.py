"""Shut the Box rules (../shared/RULES.md section 2), one test per rule and variant."""
import pytest

from dws_core import bot_stb
from dws_core.errors import DecodeError, Refused
from tests.engine_helpers import Scripted, refuse as refused
from dws_core.stb import OUT, PLAYING, ROLL, SELECT, SHUT, USE, ShutTheBox, can_make
from dws_core.stb_solver import mask_of
from dws_core import stb_solver


def game(players=1, dice=(), start=0, **options):
    return ShutTheBox(players, Scripted(dice), options, start_player=start)


def set_box(g, p, tiles):
    g.boxes[p] = mask_of(tiles)
    if g.together and g.phase in (ROLL, USE):
        g._next_decider()  # who declares before the roll, as the engine would
    g._mark_checkpoint()


def play(g, *steps):
    events = []
    for s in steps:
        events.extend(g.step(s))
    return events


# ----- 2.1 standard -----------------------------------------------------------

def test_rolloff_highest_total_starts():
    g = ShutTheBox(3, Scripted([1, 2, 6, 5, 3, 3]), None)
    assert g.starter == 1 and g.current == 1
    assert g.initial_events[:4] == [
        ("rolloff", 0, (1, 2)), ("rolloff", 1, (6, 5)), ("rolloff", 2, (3, 3)), ("starts", 1)]


def test_rolloff_tie_rolls_again_among_the_tied():
    g = ShutTheBox(3, Scripted([6, 6, 6, 6, 1, 1, 1, 2, 3, 3]), None)
    assert g.initial_events[:7] == [
        ("rolloff", 0, (6, 6)), ("rolloff", 1, (6, 6)), ("rolloff", 2, (1, 1)),
        ("rolloff_tie", (0, 1)), ("rolloff", 0, (1, 2)), ("rolloff", 1, (3, 3)),
        ("starts", 1)]
    assert g.current == 1


def test_one_player_has_no_rolloff():
    g = ShutTheBox(1, 5)
    assert g.initial_events == [("starts", 0), ("round_start", 0, 0)]


def test_all_tiles_open_at_start_for_each_tile_count():
    for tiles in (9, 10, 12):
        g = ShutTheBox(2, 3, {"tiles": tiles})
        assert g.boxes == [(1 << tiles) - 1] * 2


def test_shut_a_set_adding_to_the_roll_and_keep_rolling():
    g = game(dice=[3, 5])
    assert play(g, ("roll", 2)) == [("rolled", 0, (3, 5))]
    assert g.phase == SELECT
    play(g, ("shut", 5), ("shut", 2), ("shut", 1))
    assert play(g, ("confirm",)) == [("shut", 0, (1, 2, 5))]
    assert g.boxes[0] == mask_of([3, 4, 6, 7, 8, 9])
    assert g.phase == ROLL and g.current == 0  # the same player rolls again


def test_tiles_must_add_to_the_roll():
    g = game(dice=[3, 4])
    g.step(("roll", 2))
    refused(g, ("confirm",), "Tiles must add to 7")
    refused(g, ("shut", 8), "Tiles must add to 7")
    g.step(("shut", 6))
    refused(g, ("shut", 2), "Tiles must add to 7")  # 6 + 2 > 7
    refused(g, ("confirm",), "Tiles must add to 7")
    refused(g, ("roll", 2), "Shut tiles adding to 7")
    refused(g, ("open", 3), "Tile 3 is not chosen")
    refused(g, ("shut", 6), "Tile 6 is chosen")
    refused(g, ("shut", 10), "No tile 10")


def test_shut_tile_refused_and_selection_that_cannot_complete():
    g = game(dice=[2, 2])
    set_box(g, 0, [1, 2, 3, 5, 9])
    g.step(("roll", 2))  # 4 = 1 + 3 only
    refused(g, ("shut", 4), "Tile 4 is shut")
    refused(g, ("shut", 2), "Tiles must add to 4")  # 2 needs another 2
    assert sorted(s for s in g.legal_steps()) == [("shut", 1), ("shut", 3)]


def test_open_takes_a_tile_back_and_undo_never_rerolls():
    g = game(dice=[1, 1])
    g.step(("roll", 2))
    g.step(("shut", 2))
    g.step(("open", 2))
    assert g.selection == 0
    g.step(("shut", 2))
    g.undo()
    assert g.selection == 0 and g.dice == [1, 1]
    g.undo()
    g.undo()
    with pytest.raises(Refused):
        g.undo()  # the roll stays
    assert g.dice == [1, 1]


def test_turn_ends_when_no_set_matches_and_scores_open_sum():
    g = game(players=2, dice=[1, 1])
    set_box(g, 0, [5, 9])
    assert play(g, ("roll", 2)) == [
        ("rolled", 0, (1, 1)), ("stuck", 0, 14), ("turn_end", 0, 14)]
    assert g.current == 1 and g.round_scores[0] == [14]


def test_shutting_the_box_scores_zero_and_ends_the_turn():
    g = game(players=2, dice=[2, 1])
    set_box(g, 0, [3])
    events = play(g, ("roll", 2), ("shut", 3), ("confirm",))
    assert events[-3:] == [("shut", 0, (3,)), ("shut_box", 0), ("turn_end", 0, 0)]
    assert g.status[0] == SHUT and g.current == 1 and not g.over


def test_one_die_high_shut_needs_7_8_9_shut():
    g = game(dice=[4])
    set_box(g, 0, [1, 2, 3, 4, 5, 6, 9])
    refused(g, ("roll", 1), "One die: shut 7-9 first")
    assert ("roll", 1) not in g.legal_steps()
    set_box(g, 0, [1, 2, 3, 4, 5, 6])
    assert ("roll", 1) in g.legal_steps()
    assert play(g, ("roll", 1)) == [("rolled", 0, (4,))]
    assert g.target(0) == 4


def test_one_die_high_shut_with_more_tiles_needs_every_tile_above_6_shut():
    g = game(dice=[3], tiles=10)
    set_box(g, 0, [1, 2, 10])
    refused(g, ("roll", 1), "One die: shut 7-10 first")
    g = game(dice=[3], tiles=12)
    set_box(g, 0, [1, 2, 12])
    refused(g, ("roll", 1), "One die: shut 7-12 first")
    set_box(g, 0, [1, 2, 6])
    g.step(("roll", 1))


def test_one_die_remaining_le_6():
    g = game(dice=[5], one_die="remaining_le_6")
    set_box(g, 0, [1, 2, 4])  # 7-9 shut but the sum is 7
    refused(g, ("roll", 1), "One die only at 6 or less")
    set_box(g, 0, [2, 4])
    g.step(("roll", 1))  # a 5 cannot be made: the turn and the game end
    assert g.over and g.scores() == [6]


def test_one_die_never():
    g = game(dice=[5], one_die="never")
    set_box(g, 0, [1])
    refused(g, ("roll", 1), "One-die rolls are off")
    refused(g, ("roll", 3), "Roll 1 or 2 dice")
    refused(g, ("shut", 1), "Roll the dice first")


def test_lowest_score_wins_and_equal_lowest_share():
    g = game(players=3, dice=[1, 1, 1, 1, 1, 1])
    for p, tiles in ((0, [5]), (1, [9]), (2, [5])):
        set_box(g, p, tiles)
        g.step(("roll", 2))
    assert g.over
    assert g.scores() == [5, 9, 5]
    assert g.ranking() == [[0, 2], [1]]
    assert g.winner == [False] * 3


def test_instant_win_a_player_without_a_turn_ranks_last():
    # ../shared/RULES.md 2.1: P1 scored 5, P2 shut the box at once, P3 never had a
    # turn: no score is not a better score, so P3 is last, not second.
    g = game(players=3, dice=[1, 1, 1, 2], instant_win=True)
    set_box(g, 0, [5])
    play(g, ("roll", 2))
    assert g.round_scores == [[5], [], []]
    set_box(g, 1, [3])
    events = play(g, ("roll", 2), ("shut", 3), ("confirm",))
    assert g.over and events[-1] == ("game_end", [[1], [0], [2]])
    assert g.scores() == [5, 0, 0] and g.ranking() == [[1], [0], [2]]


def test_instant_win_ranks_by_turns_played_then_score_over_rounds():
    # Round 2: P3 shuts; P2 has two scores (more turns: ranks before P1's
    # and P4's one each); P1 and P4 have one turn each: the lower total first.
    g = game(players=4, dice=[1, 1] * 4 + [1, 1, 1, 2], instant_win=True, rounds=2)
    for p, tiles in ((0, [4]), (1, [3]), (2, [9]), (3, [7])):
        set_box(g, p, tiles)
        play(g, ("roll", 2))
    assert g.round == 1 and g.current == 1
    set_box(g, 1, [8])
    play(g, ("roll", 2))  # P2 stuck on 8
    set_box(g, 2, [3])
    play(g, ("roll", 2), ("shut", 3), ("confirm",))  # P3 shuts: game over
    assert g.over and g.winner == [False, False, True, False]
    assert g.round_scores == [[4], [3, 8], [9, 0], [7]]
    assert g.ranking() == [[2], [1], [0], [3]]


def test_without_instant_win_every_player_had_the_same_turns():
    g = game(players=2, dice=[1, 1, 1, 1], instant_win=False)
    set_box(g, 0, [9])
    play(g, ("roll", 2))
    set_box(g, 1, [4])
    play(g, ("roll", 2))
    assert g.over and g.ranking() == [[1], [0]]


def test_instant_win_ends_the_game_at_once():
    g = game(players=3, dice=[1, 2], instant_win=True, rounds=3)
    set_box(g, 0, [3])
    events = play(g, ("roll", 2), ("shut", 3), ("confirm",))
    assert g.over and events[-1] == ("game_end", [[0], [1, 2]])
    assert g.ranking()[0] == [0]


def test_without_instant_win_shutting_does_not_end_the_game():
    g = game(players=2, dice=[1, 2])
    set_box(g, 0, [3])
    play(g, ("roll", 2), ("shut", 3), ("confirm",))
    assert not g.over and g.current == 1


def test_rounds_add_up_and_the_next_round_starts_one_seat_on():
    g = game(players=2, dice=[1, 1] * 4, rounds=2)
    set_box(g, 0, [9])
    g.step(("roll", 2))
    set_box(g, 1, [8])
    events = g.step(("roll", 2))
    assert ("round_end", 0, (9, 8)) in events and ("round_start", 1, 1) in events
    assert g.current == 1 and g.boxes == [511, 511]
    set_box(g, 1, [7])
    g.step(("roll", 2))
    set_box(g, 0, [4])
    g.step(("roll", 2))
    assert g.over and g.round_scores == [[9, 4], [8, 7]]
    assert g.scores() == [13, 15] and g.ranking() == [[0], [1]]


# ----- 2.2 together -------------------------------------------------------------

def test_together_no_eligible_player_rolls_both_dice_at_once():
    g = game(players=2, dice=[3, 4], mode="together")
    assert g.legal_steps() == [("roll",)]
    assert play(g, ("roll",)) == [("rolled", 0, (3, 4))]
    assert g.phase == SELECT and g.current == 0
    play(g, ("shut", 7), ("confirm",))
    assert g.current == 1 and g.phase == SELECT
    play(g, ("shut", 3), ("shut", 4), ("confirm",))
    assert g.phase == ROLL and g.current == 1 and g.roller == 1  # next roller
    assert g.boxes == [mask_of([1, 2, 3, 4, 5, 6, 8, 9]), mask_of([1, 2, 5, 6, 7, 8, 9])]


def test_together_declarations_come_before_the_roll():
    # ../shared/RULES.md 2.2: every eligible player declares one die or two before the
    # roll, clockwise from the roller; then the roller rolls both dice.
    g = game(players=3, dice=[2, 5], mode="together")
    set_box(g, 0, [1, 2, 3])  # eligible
    set_box(g, 1, [1, 2, 3, 4, 5, 6, 7])  # not eligible
    set_box(g, 2, [1, 2, 4, 6])  # eligible
    assert g.phase == USE and g.current == 0 and g.dice == []
    assert g.legal_steps() == [("use", 1), ("use", 2)]
    refused(g, ("roll",), "Choose one die or two")
    refused(g, ("use", 3), "Use 1 or 2 dice")
    assert play(g, ("use", 1)) == [("use", 0, 1)]
    assert g.current == 2 and g.phase == USE  # player 1 may not use one die
    assert play(g, ("use", 2)) == [("use", 2, 2)]
    assert g.phase == ROLL and g.current == 0 and g.dice == []  # back to the roller
    assert g.legal_steps() == [("roll",)]
    refused(g, ("use", 1), "Roll the dice first")
    assert play(g, ("roll",)) == [("rolled", 0, (2, 5))]
    assert [g.target(p) for p in range(3)] == [2, 7, 7]
    assert g.current == 0 and g.phase == SELECT
    play(g, ("shut", 2), ("confirm",))
    assert g.current == 1
    play(g, ("shut", 7), ("confirm",))
    assert g.current == 2
    refused(g, ("shut", 3), "Tile 3 is shut")
    play(g, ("shut", 1), ("shut", 6), ("confirm",))
    # The next roller is player 1, eligible now (7 shut): 1, 2, 0 declare.
    assert g.use == [0, 0, 0] and g.roller == 1
    assert g.phase == USE and g.current == 1
    play(g, ("use", 2))
    assert g.phase == USE and g.current == 2
    play(g, ("use", 1))
    assert g.phase == USE and g.current == 0
    play(g, ("use", 1))
    assert g.phase == ROLL and g.current == 1 and g.use == [1, 2, 1]


def test_together_a_declaration_can_be_undone_until_the_roll():
    g = game(players=2, dice=[4, 1], mode="together")
    set_box(g, 0, [1, 3])
    set_box(g, 1, [4, 5])
    play(g, ("use", 1))
    assert g.current == 1 and g.can_undo()
    assert g.undo() == [("undone", ("use", 1))]
    assert g.current == 0 and g.use == [0, 0] and g.phase == USE
    play(g, ("use", 2), ("use", 1))
    assert g.phase == ROLL and g.use == [2, 1]
    g.undo()
    assert g.current == 1 and g.use == [2, 0]
    g.rng = Scripted([4, 1])  # undo reloads the checkpoint's own Rng
    play(g, ("use", 1), ("roll",))
    assert not g.can_undo()  # the roll: nobody changes after seeing a die
    with pytest.raises(Refused):
        g.undo()
    assert [g.target(p) for p in range(2)] == [5, 4]


def test_together_single_player_declares_then_rolls():
    g = game(players=1, dice=[6, 1, 2, 2], mode="together")
    set_box(g, 0, [1, 5, 6])
    assert g.phase == USE and g.current == 0
    play(g, ("use", 2))
    assert play(g, ("roll",)) == [("rolled", 0, (6, 1))]
    play(g, ("shut", 1), ("shut", 6), ("confirm",))
    assert g.phase == USE  # 5 open: eligible again before the next roll
    play(g, ("use", 1))
    events = play(g, ("roll",))
    assert events[0] == ("rolled", 0, (2, 2)) and ("out", 0, 5) in events
    assert g.over and g.scores() == [5]


def test_together_out_players_keep_their_score_and_round_ends():
    g = game(players=2, dice=[6, 6, 1, 1], mode="together")
    set_box(g, 0, [1, 2])
    set_box(g, 1, [1, 3, 7])
    assert g.phase == USE and g.current == 0  # player 0 may use one die
    assert play(g, ("use", 2)) == [("use", 0, 2)]
    events = play(g, ("roll",))
    assert ("out", 0, 3) in events and ("out", 1, 11) in events
    assert ("round_end", 0, (3, 11)) in events and g.over
    assert g.status == [OUT, OUT] and g.ranking() == [[0], [1]]


def test_together_instant_win_shared_by_all_who_shut_on_the_roll():
    g = game(players=3, dice=[2, 2], mode="together", instant_win=True)
    set_box(g, 0, [4])
    set_box(g, 1, [1, 3])
    set_box(g, 2, [4, 9])
    play(g, ("use", 2), ("use", 2), ("roll",))  # 2 has 9 open: no choice
    play(g, ("shut", 4), ("confirm",))
    assert not g.over  # the others still place this roll
    play(g, ("shut", 1), ("shut", 3), ("confirm",))
    events = play(g, ("shut", 4), ("confirm",))
    assert g.over and events[-1] == ("game_end", [[0, 1], [2]])
    assert g.scores() == [0, 0, 9]


def test_together_game_ends_when_everyone_is_out_or_shut():
    g = game(players=2, dice=[1, 2, 6, 6], mode="together")
    set_box(g, 0, [3])
    set_box(g, 1, [3, 9])
    play(g, ("use", 2), ("roll",))  # 0 eligible: declares; 1 is not
    play(g, ("shut", 3), ("confirm",), ("shut", 3), ("confirm",))
    assert g.status == [SHUT, PLAYING] and g.current == 1 and g.roller == 1
    events = play(g, ("roll",))
    assert ("out", 1, 9) in events and g.over
    assert g.scores() == [0, 9]


# ----- encoding ------------------------------------------------------------------

def test_round_trip_and_bad_bytes():
    g = game(players=2, dice=[3, 4], mode="together")
    g.step(("roll",))
    g.step(("shut", 7))
    data = g.encode()
    h = ShutTheBox.decode(data)
    assert h.encode() == data and h.selection == g.selection
    for bad in (b"", data[:-1], data + b"\0", b"\1" + data[1:]):
        with pytest.raises(DecodeError):
            ShutTheBox.decode(bad)
    flip = bytearray(data)
    flip[-2] = 2  # player 1 "shut the box" with tiles open
    with pytest.raises(DecodeError):
        ShutTheBox.decode(bytes(flip))


def test_checkpoint_is_at_the_roll():
    g = game(dice=[3, 4])
    g.step(("roll", 2))
    g.step(("shut", 7))
    h = ShutTheBox.decode(g.checkpoint())
    assert h.dice == [3, 4] and h.selection == 0


def test_can_make():
    assert can_make(mask_of([1, 3, 5]), 8)
    assert not can_make(mask_of([1, 3, 5]), 7)
    assert can_make(0, 0) and not can_make(0, 2)


def test_options_are_checked():
    with pytest.raises(ValueError):
        ShutTheBox(2, 1, {"tiles": 11})
    with pytest.raises(ValueError):
        ShutTheBox(9, 1)
    assert ShutTheBox.option_defaults() == {
        "tiles": 9, "one_die": "high_shut", "instant_win": False, "rounds": 1,
        "mode": "turns"}


def test_hint_from_the_solver():
    g = game(dice=[6, 6])
    s = stb_solver.solver(g.tiles, g.one_die, "shut")
    g.step(("roll", 2))
    best = s.best_set(g.boxes[0], 12)
    assert best and best & g.boxes[0] == best
    assert sum(t for t in range(1, 10) if best >> (t - 1) & 1) == 12
    for step in [("shut", t) for t in range(1, 10) if best >> (t - 1) & 1]:
        g.step(step)
    assert ("confirm",) in g.legal_steps()


# ----- saves from before the together-mode change --------------------------------

# Checkpoints written by the engine before declarations came before the roll
# (commit bd2f9db): the byte layout is the same, the together mode's phases
# changed.  Each resumes or is refused with DecodeError (never a crash).
OLD_TURNS_SELECT = "020137061b0c0200000000020000000505000001ff000001ff0000"
OLD_TOGETHER_START = "02015eab3b240200000020000000000000000001ff000001ff0000"
OLD_TOGETHER_SELECT = "0201122e42c40200000020020000000605000001ff000001ff0000"
# P2 (1 2 3 open) could use one die: the old roll phase before it chose...
OLD_TOGETHER_ROLL_ELIGIBLE = "02015eab3b240200000020000000000000000001ff000000070000"
# ... and the old USE phase: die 1 (a 6) shown, P2 to choose after seeing it.
OLD_TOGETHER_DIE1_SHOWN = "0201003b5fa30201000020010000000600000001ff000000070000"


@pytest.mark.parametrize("old", [OLD_TURNS_SELECT, OLD_TOGETHER_START, OLD_TOGETHER_SELECT])
def test_old_saves_with_the_same_meaning_resume(old):
    data = bytes.fromhex(old)
    g = ShutTheBox.decode(data)
    assert g.encode() == data and g.legal_steps()
    for _ in range(200):  # played on to the end
        if g.over:
            break
        for step in bot_stb.turn(g, "easy", None):
            g.step(step)
    assert g.over


@pytest.mark.parametrize("old", [OLD_TOGETHER_ROLL_ELIGIBLE, OLD_TOGETHER_DIE1_SHOWN])
def test_old_saves_the_new_order_cannot_reach_are_refused(old):
    # A roll without the eligible player's declaration, a die shown before
    # a declaration: states the engine no longer reaches.
    with pytest.raises(DecodeError):
        ShutTheBox.decode(bytes.fromhex(old))


def test_final_scores_leave_a_player_without_a_turn_without_a_score():
    """RULES 2.1, instant_win: a player who had no turn has no score (the
    final screen and the records show none), and the records count every
    round that ended on 0 as a box shut."""
    game = ShutTheBox(3, seed=1, options={"instant_win": True, "rounds": 2})
    game.round_scores = [[0, 7], [], [12]]
    assert game.final_scores() == [7, None, 12]
    assert game.counted() == 1
    game.round_scores = [[3], [0], [0]]
    assert game.final_scores() == [3, 0, 0] and game.counted() == 2
