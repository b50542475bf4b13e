"""The pass screen's lines stay apart and inside the bands on both displays."""

import pytest

from dws_app.play import pass_screen

from dws_app import ui
from sim.script import Session


@pytest.mark.parametrize("profile", ["pybadge", "pico_dice"])
def test_pass_screen_lines_do_not_overlap(profile):
    s = Session(profile, seed=1)
    s.press("A", "DOWN", "DOWN", "DOWN", "A")      # Dice Wide Shut, 2 humans
    screen = s.screen
    assert type(screen).__name__ == "PassScreen"
    assert screen.info.shown() != ""
    spans = [(0, pass_screen.BAND),
             (screen.line1.y, screen.line1.y + ui.LH),
             (screen.name.y, screen.name.y + 2 * ui.LH),
             (screen.info.y, screen.info.y + 2 * ui.LH),
             (screen.footer.y, screen.footer.y + ui.LH),
             (screen.bottom_band.y, s.app.height // s.app.scale)]
    for upper, lower in zip(spans, spans[1:]):
        assert upper[1] <= lower[0], spans


def test_the_hand_over_lines_are_the_engine_s_in_the_screen_s_columns():
    """A game's hand-over lines are its engine's ``turn_lines()`` (Continue
    shows them before the game's screen module is imported); the engine
    knows the screen's width, and an engine without lines has none (the
    pass screen shows the player's name alone)."""
    from dws_core import engine
    from dws_core.dice import Dice
    assert engine.COLS == ui.COLS
    assert Dice(1).turn_lines() == ()
    assert not hasattr(pass_screen, "TURN_LINES")
