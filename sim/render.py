"""Pictures of the simulated device: the screen at 3x with the LEDs beside it."""

from PIL import Image, ImageDraw

LED_SIZE = 18
LED_GAP = 6
MARGIN = 12


def led_colours(pixels):
    """The strip as shown (after brightness), brightened so dim LEDs stay visible."""
    out = []
    for r, g, b in pixels.shown:
        m = max(r, g, b)
        if m == 0:
            out.append((40, 40, 40))
        else:
            k = 255 / m if m < 64 else 1
            out.append((int(r * k), int(g * k), int(b * k)))
    return out


def compose(hw, scale=3):
    """PIL image: the display (rendered now) at ``scale`` and the LED strip
    in a column to its right."""
    screen = hw.display.render().resize((hw.display.width * scale, hw.display.height * scale),
                                        Image.NEAREST)
    leds = led_colours(hw.pixels)
    n = len(leds)
    column_h = n * (LED_SIZE + LED_GAP)
    width = screen.width + 2 * MARGIN + LED_SIZE + MARGIN
    height = max(screen.height, column_h) + 2 * MARGIN
    image = Image.new("RGB", (width, height), (24, 24, 28))
    image.paste(screen, (MARGIN, MARGIN))
    draw = ImageDraw.Draw(image)
    x = screen.width + 2 * MARGIN
    y0 = MARGIN + (screen.height - column_h) // 2 if column_h < screen.height else MARGIN
    for i in range(n):
        y = y0 + i * (LED_SIZE + LED_GAP)
        draw.ellipse((x, y, x + LED_SIZE, y + LED_SIZE), fill=leds[i], outline=(90, 90, 90))
    return image


SHEET_COLUMNS = 5
LABEL_H = 16


def contact_sheet(shots, columns=SHEET_COLUMNS, width=None):
    """One PIL image of every (name, image) in ``shots``: a grid of
    ``columns``, each picture (scaled to ``width`` when given) over its name,
    in the order given."""
    if width is not None:
        shots = [(name, im.resize((width, im.height * width // im.width), Image.LANCZOS))
                 for name, im in shots]
    cell_w = max(im.width for _name, im in shots)
    cell_h = max(im.height for _name, im in shots) + LABEL_H
    rows = (len(shots) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * cell_w, rows * cell_h), (24, 24, 28))
    draw = ImageDraw.Draw(sheet)
    for i, (name, im) in enumerate(shots):
        x = (i % columns) * cell_w
        y = (i // columns) * cell_h
        sheet.paste(im, (x, y))
        draw.text((x + MARGIN, y + im.height), name, fill=(220, 220, 220))
    return sheet
