"""What the modules of tools.flash share: the repository, the refusal
(FlashError) and the formats of numbers and foreign text in messages."""
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


class FlashError(Exception):
    """A refusal with a message that says what to do; printed, no traceback."""


def plural(n, word):
    return "{} {}{}".format(n, word, "" if n == 1 else "s")


def kb(size, up=True):
    """Bytes as whole KB (1024): rounded up for what is needed, down for
    what is free."""
    return "{:,} KB".format(-(-size // 1024) if up else size // 1024)


def _shown(line, width=60):
    """A line of an unknown file, safe to print: printable ASCII, cut short."""
    line = "".join(c if " " <= c <= "~" else "?" for c in line.strip())
    return line if len(line) <= width else line[:width - 3] + "..."

