"""Shared test set-up: hypothesis profiles that never depend on wall-clock
time, and the ``forgetting`` fixture (the app forgets modules as on the board)."""
import os
import sys

import pytest

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def forgetting(monkeypatch):
    """Let the app forget modules on CPython too (the screens between games
    while a game is in play, and every module it did not keep when a game
    ends), then put every module and package attribute back as it was, so
    other tests keep their classes."""
    from dws_app import app
    monkeypatch.setattr(app, "FORGETS", True)
    modules = dict(sys.modules)
    attributes = []
    for name, module in modules.items():
        package, _dot, leaf = name.rpartition(".")
        if package.startswith("dws_") and getattr(modules.get(package), leaf, None) is module:
            attributes.append((modules[package], leaf, module))
    yield
    # Anything first imported during the test (numpy, say) stays, as it
    # cannot be loaded twice; the project's own modules go back as they were.
    for name in list(sys.modules):
        if name.startswith("dws_") and name not in modules:
            del sys.modules[name]
    sys.modules.update(modules)
    for package, leaf, module in attributes:
        setattr(package, leaf, module)


@pytest.fixture
def no_table_files(monkeypatch):
    """The drive without its tables/ (a drive not written by `make flash`):
    the levels that read a table play as the strongest that reads none, and
    the hint says the file is missing."""
    from dws_app import drive
    monkeypatch.setattr(drive, "open_table", lambda name, *a: (None, "no table file " + name))
