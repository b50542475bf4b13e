"""The last-resort screen after an unexpected exception (code.py shows it;
the traceback goes to the serial console only)."""

import displayio

from dws_app import theme, ui


def error_group(display, message):
    """A group saying what happened and "press A to restart"."""
    scale = 2 if display.width >= 320 else 1
    group = displayio.Group()
    root = displayio.Group(scale=scale)
    group.append(root)
    ui.Text(root, 2, 0, ui.COLS, theme.WARN, "Sorry, something broke.")
    lines = ui.wrap(message, ui.COLS, 4)
    ui.Text(root, 2, 2 * ui.LH, ui.COLS, theme.FG, "\n".join(lines), lines=4)
    ui.Text(root, 2, 7 * ui.LH, ui.COLS, theme.DIM, "Your game is saved.")
    ui.Text(root, 2, 9 * ui.LH, ui.COLS, theme.ACCENT, "Press A to restart")
    return group
