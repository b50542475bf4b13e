"""Which profile runs on this board: ``DWS_PROFILE`` in settings.toml wins,
else ``board.board_id``."""

import os

import board

BOARDS = (
    ("pybadge", "pybadge"),          # PyBadge and PyBadge LC
    ("edgebadge", "pybadge"),
    ("raspberry_pi_pico", "pico_dice"),   # also _w, 2, 2_w by prefix
)


def profile_name():
    name = os.getenv("DWS_PROFILE")
    if name:
        return name
    board_id = board.board_id
    for prefix, profile in BOARDS:
        if board_id == prefix or board_id.startswith(prefix + "_") or board_id.startswith(prefix + "2"):
            return profile
    raise RuntimeError("No hardware profile for board " + board_id)


def profile_module():
    name = profile_name()
    if name == "pybadge":
        from dws_hw import pybadge as module
    elif name == "pico_dice":
        from dws_hw import pico_dice as module
    else:
        raise RuntimeError("Unknown profile " + name)
    return module
