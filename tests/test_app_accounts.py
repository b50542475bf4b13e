"""Issue 52: every turn ends on an account, one line in the screens' words;
the last one stays up while the next device seat plays, a hurried turn
gets one too, and UP/DOWN look back through the last round's while a turn
is held (the device handing back, or a turn's result waiting for A)."""

import re

import pytest

from dws_app.levels import level_names
from dws_app.lobby.setup import start_game
from dws_app.play.dws_account import account, marks
from dws_app.play.game_base import GameScreen
from dws_core.dws import RED, SPENT
from sim.play import finish_interludes, waits_for_a
from sim.script import Session

COLS = 26
# Dice Wide Shut's accounts (``DwsScreen.account``)
DWS_ACCOUNT = re.compile(r"^P[1-5](( took|:) (red|blue) [1-6]( and [1-6])?"
                         r"(, split|, [2-9] splits|, spent a 6)?| passed: no dice left)$")


def play_until_human_holds(s, most=4000):
    """Let the device seats play (hurried by nothing) until the human's
    turn is held on screen, or is theirs to play; the screen (None at the
    scores)."""
    for _ in range(most):
        top = s.screen
        if isinstance(top, GameScreen) and not s.app.seats.busy(top) and (
                waits_for_a(top) or not top.animating()):
            return top
        if type(top).__name__ == "ScoresScreen":
            return None
        s.wait(100)
    raise AssertionError("no hand-back: %r" % (s.screen,))


def play_human_dws_turn(s):
    """The human's (seat 1's) Dice Wide Shut turn through the screen's step path:
    the first die it may take, its first cells, done."""
    screen = s.screen
    g = screen.game
    p = g.current
    assert p == 0 and not s.app.seats.device(p)
    order = ("confirm", "mark", "six", "protect", "pick", "colour")
    for _ in range(20):
        if g.current != p or g.over or s.screen is not screen:
            return
        steps = g.legal_steps()
        screen.act(min(steps, key=lambda st: order.index(st[0]) if st[0] in order else 9))
    raise AssertionError("the turn did not end")


def test_a_dws_account_says_the_dice_taken_and_what_the_marks_did():
    s = Session("pico_dice", seed=1)
    start_game(s.app, 1, 2, None, seed=3)
    screen = finish_interludes(s)
    g = screen.game
    p = g.current
    reds = [i for i in range(len(g.dice_colour)) if g.dice_colour[i] == RED]
    g.colour = RED
    g.picked[:] = reds[:2]
    g.dice_value[reds[0]], g.dice_value[reds[1]] = 5, 1
    before = marks(g, p)
    assert account(g, p, before) == "P%d took red 5 and 1" % (p + 1)
    g.boards[p].splits += 1
    assert account(g, p, before) == "P%d took red 5 and 1, split" % (p + 1)
    g.boards[p].splits += 1
    # (past 26 columns "took" gives way to a colon)
    assert account(g, p, before) == "P%d: red 5 and 1, 2 splits" % (p + 1)
    g.boards[p].splits -= 2
    g.boards[p].sixes[1][3] = SPENT
    assert account(g, p, before) == "P%d: red 5 and 1, spent a 6" % (p + 1)
    g.picked[:] = reds[:1]
    g.dice_value[reds[0]] = 6
    assert account(g, p, before) == "P%d took red 6, spent a 6" % (p + 1)
    g.picked[:] = []
    assert account(g, p, before) == "P%d passed: no dice left" % (p + 1)


def test_every_dws_turn_is_told_in_26_columns_and_the_lone_human_gets_them_back():
    """Four device seats against one human: at each hand-back the first
    line is the last device turn's account (not a sum of points), UP and
    DOWN walk the round's accounts, A goes on."""
    s = Session("pico_dice", seed=4)
    levels = level_names(1)
    start_game(s.app, 1, 5, None, seed=11, seats=[None] + [levels[-1]] * 4)
    backs = 0
    for _ in range(8):
        held = play_until_human_holds(s)
        if held is None or backs == 3:
            break
        if held.back is None:      # the human's turn, no device played since theirs
            finish_interludes(s)
            play_human_dws_turn(s)
            continue
        story = list(held.story)
        assert len(story) == 5, story      # the round: the human and four devices
        for line in story:
            assert len(line) <= COLS and DWS_ACCOUNT.match(line), line
        assert held.msg1.shown() == story[-1] and not story[-1].startswith("P1")
        assert held.msg2.shown() == "A: your turn  UP: earlier"
        seen = [held.msg1.shown()]
        for _ in range(5):
            s.press("UP")
            seen.append(held.msg1.shown())
        assert seen == story[::-1] + [story[0]], seen     # back to the oldest, then stays
        s.press("DOWN")
        assert held.msg1.shown() == story[1]
        assert held.back is not None                      # looking changes no turn
        s.press("A")
        assert held.back is None
        backs += 1
        finish_interludes(s)
        play_human_dws_turn(s)
    assert backs >= 2


def test_hurried_device_turns_are_told_one_line_each():
    s = Session("pico_dice", seed=2)
    start_game(s.app, 1, 4, None, seed=5, seats=[None, "normal", "normal", "normal"])
    for _ in range(8):
        top = play_until_human_holds(s)
        if top.back is not None:
            s.press("A")
            continue
        finish_interludes(s)
        play_human_dws_turn(s)
        for _ in range(3):
            s.press("B")                # hurries the device turn under way
        held = play_until_human_holds(s)
        if held.back is not None:
            break
    else:
        raise AssertionError("no hand-back after hurried turns")
    story = held.story
    mine = [k for k in range(len(story)) if story[k].startswith("P1")]
    since = story[mine[-1] + 1:] if mine else story
    seats = [line[:2] for line in since]
    # One line for each device turn since the human's (the round's order
    # is the game's: a round starts one seat later each time)
    assert since and len(set(seats)) == len(seats) and "P1" not in seats, story
    assert all(DWS_ACCOUNT.match(line) for line in since), since
    tail = since
    assert held.msg1.shown() == tail[-1]


@pytest.mark.parametrize("gid,options", ((2, None), (3, None), (4, {"rounds": 3})))
def test_the_other_games_tell_each_result_and_look_back_from_a_held_one(gid, options):
    """Shut the Box, DicedOut and Cargo hold each turn's result until A:
    that line is the turn's account, kept for the look back; the next
    device seat's turn keeps the last one on screen."""
    s = Session("pico_dice", seed=gid)
    level = level_names(gid)[0]
    start_game(s.app, gid, 3, options, seed=7, seats=[None, level, level])
    looked = 0
    shown_while_playing = set()
    for _ in range(3000):
        top = s.screen
        if type(top).__name__ == "ScoresScreen":
            break
        if isinstance(top, GameScreen) and s.app.seats.device(top.game.current) \
                and not waits_for_a(top) and top.story:
            shown_while_playing.add((top.msg1.shown(), top.msg2.shown()))
        if isinstance(top, GameScreen) and waits_for_a(top) and not s.app.seats.busy(top) \
                and len(top.story) > 1 and not top.animating():
            first = top.msg1.shown()
            assert first == top.story[-1], (first, top.story)
            if top.msg2.shown().endswith("UP: earlier"):
                s.press("UP")
                assert top.msg1.shown() == top.story[-2]
                s.press("DOWN")
                assert top.msg1.shown() == top.story[-1]
                looked += 1
        for line in getattr(top, "story", ()):
            assert 0 < len(line) <= COLS, line
        s.press("A")
        s.wait(200)
        if looked >= 3:
            break
    assert looked >= 1
    assert shown_while_playing, "a device seat played after a told turn"
    for told, keys in shown_while_playing:
        assert re.match(r"^P[23] (\w|-)+\. Any key: hurry$|^P[23] plays\. Any key: hurry$", keys), keys
