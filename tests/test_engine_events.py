"""One event vocabulary (issue 54): the kinds every game shares
(``dws_core.events.VOCABULARY``) have one layout in every engine, and each
game's own kinds the layout ``GAME_KINDS`` gives them.  Random play of
every engine, and each event is checked: a known kind with its number of
fields; a shared one's fields, their types, and what they say against the
engine's state.  The screens read the fields by their names: each place
they name is the one ``PLACES`` gives."""

import os
import random
import re

from hypothesis import given, settings, strategies as st

from dws_core.events import GAME_KINDS, OPTIONAL, PLACES, VOCABULARY, arity, field, layout
from dws_core.games import GAMES, ID, game_class

ENDED = [r[ID] for r in GAMES if r[ID] != 5]     # (the free roller never ends)
ALL = [r[ID] for r in GAMES]


def check(game, event):
    kind = event[0]
    known = arity(kind, game.GAME_ID)
    assert known is not None, "%s emits %r, in no table of dws_core.events" % (type(game).__name__, kind)
    if kind not in VOCABULARY:
        fewest, most = known
        assert fewest <= len(event) - 1 <= most, event
        return
    fewest, most = arity(kind)
    assert fewest <= len(event) - 1 <= most, event
    if kind in ("rolled", "turn_end"):
        assert 0 <= field(event, "player") < game.players
    if kind == "rolled":
        dice = field(event, "dice")
        assert isinstance(dice, tuple) and dice and all(1 <= d <= 6 for d in dice), event
        which = field(event, "which")
        if which is not None:
            assert all(0 <= i < len(dice) for i in which)
    elif kind == "turn_end":
        score = field(event, "score")
        assert score is None or isinstance(score, int)
    elif kind in ("round_start", "round_end"):
        assert isinstance(field(event, "round"), int) and field(event, "round") >= 0
        if kind == "round_start":
            assert 0 <= field(event, "first") < game.players
        scores = field(event, "scores") if kind == "round_end" else None
        assert scores is None or len(scores) == game.players
    elif kind == "game_end":
        assert game.over and field(event, "ranking") == game.ranking()


def play(game_id, players, seed, steps):
    cls = game_class(game_id)
    game = cls(min(max(players, cls.MIN_PLAYERS), cls.MAX_PLAYERS), seed=seed)
    rnd = random.Random(seed)
    shared = []
    for e in getattr(game, "initial_events", ()):
        check(game, e)
    for _ in range(steps):
        if game.over:
            break
        for e in game.step(rnd.choice(game.legal_steps())):
            check(game, e)
            if e[0] in VOCABULARY:
                shared.append(e[0])
    return game, shared


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ALL), st.integers(1, 5), st.integers(0, 10 ** 6))
def test_every_engine_keeps_the_shared_events_layout(game_id, players, seed):
    game, shared = play(game_id, players, seed, 400)
    assert "rolled" in shared           # (every game rolls in its first turns)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ENDED), st.integers(1, 5), st.integers(0, 10 ** 6))
def test_every_engine_ends_a_game_with_game_end_and_its_ranking(game_id, players, seed):
    game, shared = play(game_id, players, seed, 20000)
    assert game.over and shared.count("game_end") == 1 and shared[-1] == "game_end"
    assert "turn_end" in shared


def test_a_field_by_name_and_one_a_game_leaves_out():
    assert field(("rolled", 1, (3, 4)), "dice") == (3, 4)
    assert field(("rolled", 1, (3, 4)), "which") is None
    assert field(("rolled", 0, (6, 5, 4), (2,)), "which") == (2,)
    assert field(("round_end", 2, (5, 9)), "scores") == (5, 9)
    assert arity("game_end") == (1, 1) and arity("rolled") == (2, 3) and arity("nope") is None


def layouts():
    yield from VOCABULARY.items()
    for kinds in GAME_KINDS.values():
        yield from kinds.items()


def test_a_field_a_screen_reads_has_one_place_in_every_kind():
    seen = set()
    for kind, names in layouts():
        names = [n for n in names if n != OPTIONAL]
        for place, name in enumerate(names, 1):
            seen.add(name)
            if name in PLACES:
                assert place == PLACES[name], (kind, name, place)
    assert set(PLACES) <= seen
    assert not set(GAME_KINDS[1]) & set(VOCABULARY)   # (a game's own kinds are not shared ones)
    assert layout("marked", 3) == ("player", "number") and layout("nope", 3) is None


APP = os.path.join(os.path.dirname(__file__), os.pardir, "lib", "dws_app")
CONST = re.compile(r"^_([A-Z]+) = const\((\d+)\)", re.M)


def app_sources():
    for folder, _dirs, files in os.walk(APP):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path) as f:
                    yield os.path.relpath(path, APP), f.read()


def test_the_screens_read_event_fields_by_the_names_the_vocabulary_places():
    named = 0
    for path, text in app_sources():
        # (an event is ``e`` where a screen walks its events; its kind is e[0])
        assert not re.search(r"\be\[[1-9]\]", text), "%s reads an event's field by its place" % path
        for name, place in CONST.findall(text):
            if name.lower() in PLACES:
                assert int(place) == PLACES[name.lower()], (path, name)
                named += 1
    assert named >= 20
