"""Shut the Box's Strong seat plays to win (issue 33, ../shared/RULES.md 2.3):
once the score to beat is known, the exact best chance to end below it or
share it; before that, the players still to play weighed by their chance
to beat it.  Its hint, and its work done in slices by the app."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.stb_win import exact_share
from dws_core import bot_stb, bots, stb_solver
from dws_core.rng import Rng
from dws_core.stb import OUT, SELECT, ShutTheBox, open_sum
from dws_core.stb_solver import (BEAT_SCALE, WIN, Solver, beat_chances, beat_reward, exact_scale,
                                 mask_of)
from sim.script import Session
from dws_app.play.opening import open_game

# P1 ended on 8; P2 has 1 3 5 6 7 8 9 open and rolled 6+6.  The best chance
# to shut (and the lowest expected score) shut 5+7; 3+9 wins more often.
BEHIND_8 = mask_of((1, 3, 5, 6, 7, 8, 9))


def last_player(mask, dice, scores, options=None, together=False):
    """A game of len(scores) + 1 players where the others ended on
    ``scores`` and the last one has ``mask`` open and ``dice`` rolled."""
    opts = dict(options or {})
    if together:
        opts["mode"] = "together"
    n = len(scores) + 1
    game = ShutTheBox(n, seed=3, start_player=0, options=opts)
    for q, score in enumerate(scores):
        game.boxes[q] = (1 << game.tiles) - 1
        # an open set adding to the score (tiles from the top down)
        left = score
        box = 0
        for t in range(game.tiles, 0, -1):
            if t <= left:
                box |= 1 << (t - 1)
                left -= t
        game.boxes[q] = box
        game.status[q] = OUT
        if not together:
            game.round_scores[q] = [score]
    p = n - 1
    game.current = p
    game.roller = p
    game.boxes[p] = mask
    game.dice = list(dice)
    game.phase = SELECT
    game.selection = 0
    game._mark_checkpoint()
    return ShutTheBox.decode(game.encode())      # (the engine's own checks)


def shuts(steps):
    return sorted(s[1] for s in steps if s[0] == "shut")


def test_the_reward_of_rules_2_3():
    """Below T wins, T shares with the k who hold it, above loses."""
    assert beat_reward(6, 3, 1, 100) == [100, 100, 100, 50, 0, 0, 0]
    assert beat_reward(6, 3, 2, 90) == [90, 90, 90, 30, 0, 0, 0]
    assert beat_reward(6, 0, 1, 100) == [50, 0, 0, 0, 0, 0, 0]


def test_the_win_objective_is_a_chance_to_shut_when_only_a_tie_is_left():
    """Beating 0 is impossible: the win is half the chance to shut."""
    full = 511
    shut = Solver(9, "high_shut", "shut", scale=exact_scale(9))
    win = Solver(9, "high_shut", WIN, beat=(0, 1), scale=exact_scale(9))
    assert 2 * win.value(full) == shut.value(full)
    always = Solver(9, "high_shut", WIN, beat=(46, 1))
    assert always.value(full) == always.scale


def test_last_player_decisions_are_exactly_best_for_every_score_to_beat():
    """Every position of the 9-tile box, every score to beat held by one or
    two players: the seat's set and its one die or two maximise the exact
    chance to win (the bench does 10 tiles and every rule too)."""
    right, decisions = exact_share(tiles_list=(9,), rules=("high_shut",))
    assert decisions > 100000 and right == decisions


def test_behind_8_it_takes_the_set_that_wins_not_the_one_that_shuts():
    game = last_player(BEHIND_8, (6, 6), [8])
    assert bot_stb.standing(game, 1) == (0, [8], [])
    assert shuts(bots.bot_turn(game, "shut", Rng(1))) == [5, 7]
    assert shuts(bots.bot_turn(game, "score", Rng(1))) == [5, 7]
    assert shuts(bots.bot_turn(game, "strong", Rng(1))) == [3, 9]
    steps, text = bots.hint(game)
    assert shuts(steps) == [3, 9]
    assert text == "Shut 3+9: 18.9% to win, beat 8", text


def test_the_hint_says_no_reason_when_the_move_is_the_usual_one():
    game = last_player(mask_of((1, 2, 3, 4, 5, 6, 7, 8, 9)), (4, 5), [20])
    steps, text = bots.hint(game)
    assert steps == bots.bot_turn(game, "shut", Rng(1))
    assert text.startswith("Shut ") and text.endswith(" win"), text


def test_ties_count_the_holders():
    """Two players on 8: ending on 8 shares three ways."""
    game = last_player(BEHIND_8, (6, 6), [8, 8])
    mine, known, later = bot_stb.standing(game, 2)
    assert (mine, known, later) == (0, [8, 8], [])
    r = bot_stb.reward(game, 2)
    scale = stb_solver.chance_scale(9)
    assert r[7] == scale and r[8] == scale // 3 and r[9] == 0


def test_nothing_to_play_for_when_the_box_cannot_change_the_result():
    """Already below the score to beat whatever happens, or already lost:
    no reward (the seat plays for the lowest expected score)."""
    won = last_player(mask_of((1, 2)), (1, 2), [20])
    assert bot_stb.reward(won, 1) is None
    assert bot_stb.prepare(won, "strong") is None
    game = ShutTheBox(2, seed=3, start_player=0, options={"rounds": 2})
    game.round_scores = [[3, 4], [30]]
    game.round = 1
    game.status[0] = OUT
    game.current = 1
    game.boxes[1] = mask_of((8, 9))
    assert bot_stb.standing(game, 1) == (30, [7], [])
    assert bot_stb.reward(game, 1) is None          # 30 behind 7: lost


def test_rounds_count_totals():
    """Several rounds: the score to beat is the others' best total minus
    the seat's own."""
    game = ShutTheBox(2, seed=3, start_player=0, options={"rounds": 2})
    game.round_scores = [[10, 9], [12]]
    game.round = 1
    game.status[0] = OUT
    game.current = 1
    game.boxes[1] = 511
    r = bot_stb.reward(game, 1)
    scale = stb_solver.chance_scale(9)
    assert r[6] == scale and r[7] == scale // 2 and r[8] == 0    # 19 - 12 = 7
    assert bot_stb.reward(game, 0) is None or bot_stb.standing(game, 0)[2] == [12]


def test_the_first_player_weighs_the_players_still_to_play():
    """Nothing scored yet: each final score is worth the chance that the
    player after fails to beat it (the beat table)."""
    game = ShutTheBox(2, seed=3, start_player=0)
    chances = beat_chances(9, "high_shut")
    assert chances[0] < chances[5] < chances[20] <= BEAT_SCALE
    r = bot_stb.reward(game, 0)
    scale = stb_solver.chance_scale(9)
    assert r[5] == scale * (BEAT_SCALE - chances[5]) // BEAT_SCALE
    assert r[0] > r[5] > r[20]
    # With 12 tiles there is no beat table: the lowest expected score.
    assert bot_stb.reward(ShutTheBox(2, seed=3, options={"tiles": 12}), 0) is None
    # Alone: the best chance to shut the box.
    solo = ShutTheBox(1, seed=3)
    assert bot_stb._objective(solo, "strong") == ("shut", None)


def test_together_mode_knows_the_score_once_the_others_are_out():
    game = last_player(BEHIND_8, (6, 6), [8], together=True)
    assert bot_stb.standing(game, 1) == (0, [8], [])
    assert shuts(bots.bot_turn(game, "strong", Rng(1))) == [3, 9]


def test_a_win_table_is_solved_in_slices():
    """``prepare`` gives the work, which ``advance`` completes; then the
    decision needs none."""
    stb_solver.clear_cache()
    game = last_player(BEHIND_8, (6, 6), [8])
    work = bots.prepare(game, "strong")
    assert work is not None and work.left() == work.size - 1
    passes = 0
    while not work.advance(8):
        passes += 1
    assert passes == 511 // 8 and bots.prepare(game, "strong") is None
    assert bots.prepare(game, "score") is None


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10 ** 6), st.integers(2, 3),
       st.sampled_from([{}, {"tiles": 10}, {"rounds": 2}, {"mode": "together"},
                        {"one_die": "never"}, {"instant_win": True}]))
def test_strong_seats_play_legal_games_and_hints_change_nothing(seed, players, options):
    game = ShutTheBox(players, seed=seed, options=options)
    rng = Rng(seed)
    levels = ["strong", "score", "shut"][:players]
    while not game.over:
        before = game.encode()
        steps, text = bots.hint(game)
        assert game.encode() == before and text
        for s in bots.bot_turn(game, levels[game.current], rng):
            assert game.step(s) is not None
    assert game.ranking()


def test_the_app_solves_a_device_seats_table_between_frames(capsys):
    """A Strong seat that knows the score to beat says it thinks, with
    the share done, and plays once its table is solved."""
    from dws_app.lobby.lineup import lineup_of
    from dws_app.play.opening import seat
    stb_solver.clear_cache()
    s = Session("pybadge", seed=2)
    game = last_player(BEHIND_8, (6, 6), [8])
    seat(s.app, game, lineup_of([None, "strong"], None, game.GAME_ID))
    open_game(s.app, game)
    seen = set()
    for _ in range(400):
        s.wait(20)
        seen.add(s.screen.msg2.shown())
        if game.boxes[1] != BEHIND_8:
            break
    assert any(t.endswith("% done") for t in seen), seen
    assert game.boxes[1] == BEHIND_8 & ~mask_of((3, 9))


def test_the_hint_thinks_then_shows():
    from dws_app.lobby.lineup import lineup_of
    from dws_app.play.opening import seat
    stb_solver.clear_cache()
    s = Session("pybadge", seed=2)
    game = last_player(BEHIND_8, (6, 6), [8])
    seat(s.app, game, lineup_of([None, None], None, game.GAME_ID))
    open_game(s.app, game)
    s.wait(100)
    if not hasattr(s.screen, "msg1"):
        s.press("A")                             # (the pass screen)
        s.wait(100)
    s.press("SELECT")
    assert s.screen.msg1.shown() == "Hint: thinking"
    for _ in range(200):
        s.wait(20)
        if s.screen.msg1.shown().startswith("Hint: Shut"):
            break
    said = s.screen.msg1.shown() + " " + s.screen.msg2.shown()
    assert said.startswith("Hint: Shut 3+9: 18.9% to win") and "beat 8" in said, said
    assert game.boxes[1] == BEHIND_8              # the hint plays nothing
