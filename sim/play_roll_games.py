"""Cargo and DicedOut engine steps as the button presses a player makes (for
scripted sessions, the board suite's plans and tests)."""


def cargo_step(s, step):
    """One Cargo step: A rolls, UP accepts the cargo, DOWN holds or frees
    the die under the cursor (RIGHT moves it there)."""
    screen = s.screen
    kind = step[0]
    if kind == "roll":
        s.press("A")
    elif kind == "accept":
        s.press("UP")
    else:
        for _ in range(len(screen.dice)):
            if screen.pick == step[1]:
                break
            s.press("RIGHT")
        assert screen.pick == step[1] and not screen.cursor.hidden
        s.press("DOWN")


def dicedout_step(s, step):
    """One DicedOut step: A rolls or marks the number under the cursor
    (RIGHT moves it there), B skips the optional extra mark."""
    screen = s.screen
    if step[0] == "roll":
        s.press("A")
        return
    if step[0] == "decline":
        s.press("B")                # B: skip the optional extra mark
        return
    for _ in range(12):
        if screen.pick == step[1]:
            break
        s.press("RIGHT")
    assert screen.pick == step[1]
    s.press("A")
