"""The README's gallery cannot go stale (issue 53): docs/gallery-<profile>.png
must be, pixel for pixel, what `make screenshots` (sim/screenshots.py)
draws from the code as it is.  The rendering is deterministic (seeded
sessions, no clock) and takes about 5 s.  When this fails, run
`make screenshots` and commit the two PNGs with the change that moved the
screens."""
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from sim.render import contact_sheet
from sim.screenshots import GALLERY, SHEET_WIDTH, scenes

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("profile", ["pybadge", "pico_dice"])
def test_the_committed_gallery_is_a_fresh_render(profile):
    # as sim.screenshots.main draws each sheet
    shots = [(name, session.image()) for name, session in scenes(profile)]
    fresh = contact_sheet(shots, width=SHEET_WIDTH[profile]).convert("RGB")
    path = REPO / GALLERY / ("gallery-%s.png" % profile)
    committed = Image.open(path).convert("RGB")
    assert committed.size == fresh.size, "%s is stale (size): run make screenshots" % path.name
    box = ImageChops.difference(committed, fresh).getbbox()
    assert box is None, "%s is stale (pixels differ in %s): run make screenshots" % (path.name, box)
