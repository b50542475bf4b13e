"""One event vocabulary (issue 54, its first words): every engine ends a
game with the same event, ("game_end", ranking), its ranking as
``ranking()`` gives it (lists of seats, best first)."""

import random

from hypothesis import given, settings, strategies as st

from dws_core.games import GAMES, ID, game_class

ENDED = [r[ID] for r in GAMES if r[ID] != 5]     # (the free roller never ends)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ENDED), st.integers(1, 5), st.integers(0, 10 ** 6))
def test_every_engine_ends_a_game_with_game_end_and_its_ranking(game_id, players, seed):
    cls = game_class(game_id)
    players = max(players, cls.MIN_PLAYERS)
    game = cls(players, seed=seed)
    rnd = random.Random(seed)
    ends = []
    for _ in range(20000):
        if game.over:
            break
        events = game.step(rnd.choice(game.legal_steps()))
        ends += [e for e in events if e[0] in ("game_end", "game_over")]
        assert not ends or game.over        # (only the last step ends it)
    assert game.over
    assert ends == [("game_end", game.ranking())]
