"""The Monte Carlo reference of ``bench.dws_mc`` (issue 33) on tiny runs:
its candidates are the old Strong's whole turns, its choice first; it takes
the candidate with the best rollout share; its rollouts do not see the
game's own future dice; its figures merge into bench.json."""
import json

from bench import dws_mc
from dws_core import bot_dws
from dws_core.dws import DiceWideShut
from dws_core.dws_columns import build
from dws_core.rng import Rng


def new_game(seed, no_doubles=False):
    game = DiceWideShut(2, seed=seed, options={"no_doubles": no_doubles})
    build(game.run_points)
    return game


def whole_turn(game, steps):
    """Play ``steps`` on a copy; it must be a legal whole turn."""
    trial = DiceWideShut.decode(game.encode())
    for s in steps[:-1]:
        assert s in trial.legal_steps()
        trial.step(s)
    assert steps[-1] == ("confirm",) and steps[-1] in trial.legal_steps()
    trial.step(steps[-1])
    assert trial.over or trial.current != game.current or trial.round != game.round
    return trial


def test_candidates_are_whole_turns_the_old_strongs_first():
    for seed, no_doubles in ((3, False), (4, True)):
        game = new_game(seed, no_doubles)
        while not game.over:
            cands = dws_mc.candidates(game, 5)
            assert 1 <= len(cands) <= 5
            assert len(set(tuple(c) for c in cands)) == len(cands)
            assert cands[0] == bot_dws.turn(game, "strong", None, race=False)
            for steps in cands:
                whole_turn(game, steps)
            for s in cands[-1]:
                game.step(s)


def test_the_reference_takes_the_best_rollout_share():
    """Seed 11 with the reference in both seats, 2 candidates x 2 rollouts:
    each turn is legal, its shares are the rollouts' own, and the choice is
    the first best; the game meets both choices."""
    game = new_game(11)
    picked = set()
    turn = 0
    while not game.over:
        steps, shares = dws_mc.choose(game, 11, turn, 2, 2)
        cands = dws_mc.candidates(game, 2)
        if len(cands) == 2:
            data = game.encode()
            for i in (0, 1):
                got = [dws_mc.rollout(data, cands[i], dws_mc.rollout_seed(11, turn, r))
                       for r in (0, 1)]
                assert shares[i] == sum(got) / 2
            best = 1 if shares[1] > shares[0] else 0
            assert steps == cands[best]
            picked.add(best)
        whole_turn(game, steps)
        for s in steps:
            game.step(s)
        turn += 1
    assert picked == {0, 1}


def test_rollouts_do_not_see_the_games_own_dice():
    game = new_game(5)
    for s in bot_dws.turn(game, "strong", None, race=False):
        game.step(s)
    steps = dws_mc.candidates(game, 1)[0]
    data = game.encode()
    other = DiceWideShut.decode(data)
    other.rng = Rng(999)                 # another future for the real game
    for seed in (1, 2, 3):
        assert dws_mc.rollout(data, steps, seed) == dws_mc.rollout(other.encode(), steps, seed)


def test_a_tiny_run_and_its_merge_into_bench_json(tmp_path):
    one = dws_mc.run(games=2, workers=1, k_cands=2, rollouts=2)
    assert dws_mc.run(games=2, workers=2, k_cands=2, rollouts=2) == one
    key = dws_mc.KEY + ".win_share_2p"
    assert one[key + "_ci95_low"] <= one[key] <= one[key + "_ci95_high"]
    assert (one[dws_mc.KEY + ".games"], one[dws_mc.KEY + ".candidates"],
            one[dws_mc.KEY + ".rollouts"]) == (2, 2, 2)
    path = tmp_path / "bench.json"
    path.write_text(json.dumps({"zz.other": 1, key: 0.1, "aa.other": [2]}, indent=2))
    dws_mc.merge(one, str(path))
    doc = json.loads(path.read_text())
    assert doc["zz.other"] == 1 and doc["aa.other"] == [2]
    assert {k: doc[k] for k in one} == one
    assert path.read_text() == json.dumps(doc, indent=2, sort_keys=True) + "\n"
    fresh = tmp_path / "new.json"
    dws_mc.merge(one, str(fresh))
    assert json.loads(fresh.read_text()) == one
