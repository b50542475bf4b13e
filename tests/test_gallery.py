"""The contact sheets of `make screenshots` (docs/gallery-<profile>.png)."""

from PIL import Image

from sim.render import LABEL_H, contact_sheet


def test_every_shot_in_order_in_a_grid_with_its_name():
    colours = [(10 * i, 200, 100) for i in range(7)]
    shots = [("s%d" % i, Image.new("RGB", (10, 8), c)) for i, c in enumerate(colours)]
    sheet = contact_sheet(shots, columns=5)
    assert sheet.size == (5 * 10, 2 * (8 + LABEL_H))
    for i, c in enumerate(colours):
        x, y = (i % 5) * 10, (i // 5) * (8 + LABEL_H)
        assert sheet.getpixel((x + 1, y + 1)) == c
    assert sheet.getpixel((5 * 10 - 1, 2 * (8 + LABEL_H) - 1)) == (24, 24, 28)   # (empty cell)


def test_shots_are_scaled_to_the_width_asked():
    shots = [("a", Image.new("RGB", (40, 20), (1, 2, 3))), ("b", Image.new("RGB", (40, 20), (4, 5, 6)))]
    sheet = contact_sheet(shots, columns=2, width=20)
    assert sheet.size == (40, 10 + LABEL_H)
