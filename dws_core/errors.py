"""The two exceptions every engine raises.

``Refused`` is the answer to an illegal step: its ``reason`` is a short text a
player can read on a 160x128 screen, and the game state is left unchanged.
``DecodeError`` is the only exception ``decode()`` raises for bad bytes.
"""


class Refused(Exception):
    """An illegal step; ``reason`` is short and human-readable."""

    def __init__(self, reason):
        # super(), not Exception.__init__: MicroPython has no Exception.__init__.
        super().__init__(reason)
        self.reason = reason


class DecodeError(ValueError):
    """Bytes that are not a valid encoded game state."""
