"""``python -m tools.wiring``: the wiring diagram of the Pico DIY build,
docs/wiring-pico.svg, drawn from its text source art/wiring.txt.

The SVG is committed (hardware.md shows it); tests/test_guide_wiring.py
fails when it differs from what this script makes of its source, and when
a pin in the source differs from the profile's pin map
(lib/dws_hw/pico_dice.py) or the Pico's pinout.  ``--check`` compares
from the command line (exit status 1, nothing written).  The SVG is plain
text written here by hand, no drawing package: a change of the source is a
small, reviewable diff of both files.

The source's format is described at its top.  Each part has its place in
the drawing (``place_*`` below): the Pico in the middle, pins 1-20 down its
left side and 21-40 up its right side as on the board seen from above, the
buttons and the piezo on the left, the battery's chain over the top, the
LED strip and the display on the right, and the case seen from the front
under it all.  A wire leaves its pin's row, so moving a part to another pin
in the source moves its wire.
"""

import sys
from pathlib import Path

from tools.made import update

REPO = Path(__file__).resolve().parent.parent
SOURCE = "art/wiring.txt"
OUT = "docs/wiring-pico.svg"

# The Raspberry Pi Pico's (and Pico W's) pins, from its datasheet: pin
# number -> name.  1-20 run down the left side (USB at the top), 21-40 up
# the right side.
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15", 21: "GP16",
    22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21",
    28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "GND",
    34: "GP28", 35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS",
    40: "VBUS",
}
PARTS = ("display", "buttons", "leds", "piezo", "power")
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


class Wiring:
    def __init__(self):
        self.title = ""
        self.parts = {}         # id -> (title, [(pin, name, terminal, note)])
        self.notes = []
        self.case = None        # (w, h) mm
        self.layout = {}        # name -> (x, y[, w, h]) mm

    def wires(self, part):
        return self.parts[part][1]

    def pin_of(self, part, terminal):
        for pin, name, term, _note in self.wires(part):
            if term == terminal:
                return pin, name
        raise KeyError("%s has no terminal %s" % (part, terminal))


def parse(text):
    """The source's Wiring; ValueError naming the line for anything amiss."""
    w = Wiring()
    section = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        where = "%s line %d" % (SOURCE, number)
        if word == "title":
            w.title, section = rest, None
        elif word == "note":
            w.notes.append(rest)
            section = None
        elif word == "part":
            part, _, title = rest.partition(" ")
            if part not in PARTS or part in w.parts:
                raise ValueError("%s: part %r unknown or given twice" % (where, part))
            w.parts[part] = (title.strip(), [])
            section = part
        elif word == "case":
            width, height = (int(v) for v in rest.split())
            w.case, section = (width, height), "case"
        elif word == "pin" and section in PARTS:
            fields = rest.split(None, 3)
            if len(fields) < 3:
                raise ValueError("%s: pin N NAME TERMINAL [NOTE]" % where)
            pin, name, terminal = int(fields[0]), fields[1], fields[2]
            if PICO_PINS.get(pin) != name:
                raise ValueError("%s: the Pico's pin %d is %s, not %s"
                                 % (where, pin, PICO_PINS.get(pin), name))
            w.parts[section][1].append((pin, name, terminal, fields[3] if len(fields) > 3 else ""))
        elif section == "case":
            values = [int(v) for v in rest.split()]
            if len(values) not in (2, 4):
                raise ValueError("%s: NAME X Y [W H]" % where)
            w.layout[word] = tuple(values)
        else:
            raise ValueError("%s: cannot read %r" % (where, line))
    missing = [p for p in PARTS if p not in w.parts]
    if missing or w.case is None:
        raise ValueError("%s: missing %s" % (SOURCE, ", ".join(missing) or "case"))
    return w


# ----- drawing ----------------------------------------------------------

W, H = 1000, 1230
PICO_X0, PICO_X1 = 420, 580     # the Pico's body
ROW0, PITCH = 150, 28           # y of the first row of pins, row to row
STUB = 12                       # a pin's stub outside the body
CHAIN_Y = 70                    # the battery's chain over the top
RAIL_X = 200                    # the buttons' GND rail
CASE_Y, MM = 830, 4             # the case panel's top, pixels a mm


def row_y(pin):
    """y of the Pico's pin: 1-20 down the left, 40-21 down the right."""
    row = pin - 1 if pin <= 20 else 40 - pin
    return ROW0 + row * PITCH


def left_end(pin):
    return PICO_X0 - STUB if pin <= 20 else PICO_X1 + STUB


class Svg:
    def __init__(self):
        self.items = []

    def add(self, text):
        self.items.append(text)

    def line(self, *points, cls="w"):
        pts = " ".join("%d,%d" % p for p in points)
        self.add('<polyline class="%s" points="%s"/>' % (cls, pts))

    def text(self, x, y, words, cls="t", anchor="start"):
        words = words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.add('<text class="%s" x="%d" y="%d" text-anchor="%s">%s</text>' % (cls, x, y, anchor, words))

    def rect(self, x, y, w, h, cls="part"):
        self.add('<rect class="%s" x="%d" y="%d" width="%d" height="%d"/>' % (cls, x, y, w, h))

    def dot(self, x, y):
        self.add('<circle class="dot" cx="%d" cy="%d" r="4"/>' % (x, y))

    def circle(self, x, y, r, cls="part"):
        self.add('<circle class="%s" cx="%d" cy="%d" r="%d"/>' % (cls, x, y, r))

    def vertical_hop(self, x, y_from, y_to, hop_y):
        """A wire from (x, y_from) up to (x, y_to) that jumps over the
        horizontal wire at hop_y (a half circle: not connected)."""
        self.add('<path class="w" d="M%d,%d L%d,%d A7,7 0 0 0 %d,%d L%d,%d"/>'
                 % (x, y_from, x, hop_y + 7, x, hop_y - 7, x, y_to))

    def render(self):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
                'viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif">' % (W, H, W, H))
        style = ("<style>"
                 ".w{fill:none;stroke:#1f5fbf;stroke-width:2}"
                 ".pwr{fill:none;stroke:#c0392b;stroke-width:2.5}"
                 ".gnd{fill:none;stroke:#222;stroke-width:2.5}"
                 ".part{fill:#f4f4f0;stroke:#333;stroke-width:1.5}"
                 ".pico{fill:#2e8b57;stroke:#1b5e3a;stroke-width:2}"
                 ".led{fill:#fff;stroke:#333;stroke-width:1}"
                 ".dot{fill:#222}"
                 ".t{font-size:13px;fill:#222}"
                 ".s{font-size:11px;fill:#444}"
                 ".pin{font-size:11px;fill:#fff}"
                 ".off{font-size:11px;fill:#9fc9b0}"
                 ".h{font-size:18px;font-weight:bold;fill:#111}"
                 ".b{font-size:13px;font-weight:bold;fill:#111}"
                 "</style>")
        return "\n".join([head, style, '<rect x="0" y="0" width="%d" height="%d" fill="#fff"/>' % (W, H)]
                         + self.items + ["</svg>", ""])


def wire_class(name):
    return "gnd" if name == "GND" else "pwr" if name in ("VSYS", "3V3", "VBUS") else "w"


def place_pico(svg, used):
    y0, y1 = ROW0 - 22, row_y(20) + 62
    svg.rect(PICO_X0, y0, PICO_X1 - PICO_X0, y1 - y0, "pico")
    svg.rect((PICO_X0 + PICO_X1) // 2 - 22, y0 - 14, 44, 16, "part")
    svg.text((PICO_X0 + PICO_X1) // 2, y0 - 18, "USB", "s", "middle")
    svg.text((PICO_X0 + PICO_X1) // 2, y1 - 26, "Raspberry Pi Pico", "b", "middle")
    svg.text((PICO_X0 + PICO_X1) // 2, y1 - 10, "(or Pico W), from above", "pin", "middle")
    for pin, name in sorted(PICO_PINS.items()):
        y = row_y(pin)
        cls = "pin" if pin in used else "off"
        if pin <= 20:
            svg.line((PICO_X0, y), (PICO_X0 - STUB, y), cls="gnd" if pin in used else "s")
            svg.text(PICO_X0 + 6, y + 4, "%d %s" % (pin, name), cls)
        else:
            svg.line((PICO_X1, y), (PICO_X1 + STUB, y), cls="gnd" if pin in used else "s")
            svg.text(PICO_X1 - 6, y + 4, "%s %d" % (name, pin), cls, "end")


def place_buttons(svg, w):
    title, wires = w.parts["buttons"]
    keys = [(pin, term, note) for pin, name, term, note in wires if name != "GND"]
    gnd = [pin for pin, name, _t, _n in wires if name == "GND"]
    bottom = max(row_y(pin) for pin, _t, _n in keys)
    for pin, term, note in keys:
        y = row_y(pin)
        svg.line((left_end(pin), y), (316, y))
        svg.circle(312, y, 4, "led")
        svg.circle(268, y, 4, "led")
        svg.line((272, y - 2), (306, y - 14), cls="gnd")         # the open contact
        svg.line((264, y), (RAIL_X, y), cls="gnd")
        svg.dot(RAIL_X, y)
        svg.text(350, y - 5, term, "b", "middle")
        if note:
            svg.text(RAIL_X - 8, y + 4, note, "s", "end")
    for pin in gnd:
        y = row_y(pin)
        svg.line((left_end(pin), y), (RAIL_X, y), cls="gnd")
        svg.dot(RAIL_X, y)
        svg.text(300, y - 5, "GND", "s", "middle")
    svg.line((RAIL_X, CHAIN_Y + 44), (RAIL_X, bottom), cls="gnd")
    svg.text(40, bottom + 30, "buttons: " + title, "s")


def place_power(svg, w):
    """The battery at the top left, its + through the switch and the
    Schottky diode along the top to VSYS, its - down the buttons' GND rail."""
    title, wires = w.parts["power"]
    vsys = [pin for pin, name, _t, _n in wires if name == "VSYS"][0]
    x, top = RAIL_X, CHAIN_Y
    # battery: three cells, + at the top
    for i in range(3):
        y = top + 8 + i * 12
        svg.line((x - 16, y), (x + 16, y), cls="gnd")
        svg.line((x - 8, y + 5), (x + 8, y + 5), cls="gnd")
    svg.line((x, top), (x, top + 8), cls="pwr")
    svg.line((x, top + 41), (x, top + 44), cls="gnd")
    svg.text(x - 22, top + 14, "+", "b", "end")
    svg.text(x - 22, top + 44, "-", "b", "end")
    svg.text(x - 28, top + 30, title.split(",")[0], "s", "end")
    # switch
    svg.line((x, top), (258, top), cls="pwr")
    svg.circle(262, top, 4, "led")
    svg.circle(302, top, 4, "led")
    svg.line((265, top - 2), (298, top - 14), cls="gnd")
    svg.text(282, top + 22, "switch", "s", "middle")
    # Schottky diode, anode left, cathode (band) right: towards VSYS
    svg.line((306, top), (350, top), cls="pwr")
    svg.add('<polygon class="part" points="350,%d 350,%d 372,%d"/>' % (top - 10, top + 10, top))
    svg.line((372, top - 11), (372, top + 11), cls="gnd")
    svg.line((369, top - 11), (375, top - 11), (375, top + 11), cls="gnd")
    svg.text(361, top + 26, "Schottky 1N5817", "s", "middle")
    svg.text(361, top - 16, "band to VSYS", "s", "middle")
    down = 760
    y = row_y(vsys)
    svg.line((372, top), (down, top), (down, y), (left_end(vsys), y), cls="pwr")
    svg.text(down + 8, top + 4, "VSYS (pin %d)" % vsys, "s")
    svg.text(PICO_X1 + STUB + 6, row_y(40) - 4, "VBUS: not wired (USB 5 V)", "s")


def place_leds(svg, w):
    title, wires = w.parts["leds"]
    pins = {term: pin for pin, _n, term, _note in wires}
    x0, y0, n = 650, 240, 13
    plus_x, gnd_x = 700, 662
    svg.line((left_end(pins["GND"]), row_y(pins["GND"])), (gnd_x, row_y(pins["GND"])), (gnd_x, y0), cls="gnd")
    svg.dot(plus_x, row_y(pins["+"]))
    svg.line((plus_x, row_y(pins["+"])), (plus_x, y0), cls="pwr")
    # the capacitor across + and GND at the strip's input
    cy = y0 - 16
    svg.line((gnd_x, cy), (676, cy), cls="gnd")
    svg.line((676, cy - 9), (676, cy + 9), cls="gnd")
    svg.add('<path class="gnd" d="M688,%d Q683,%d 688,%d"/>' % (cy - 9, cy, cy + 9))
    svg.line((686, cy), (plus_x, cy), cls="pwr")
    svg.dot(gnd_x, cy)
    svg.dot(plus_x, cy)
    svg.text(712, cy + 4, "470-1000 uF (+ to +)", "s")
    for i in range(n):
        svg.rect(x0 + i * 20, y0, 18, 18, "led")
    svg.text(plus_x, y0 + 13, "+", "s", "middle")
    svg.text(gnd_x, y0 + 13, "-", "s", "middle")
    svg.text(x0 + 3, y0 + 34, "%s" % title, "s")
    svg.text(x0 + 3, y0 + 48, "strip order = die order: red, then blue, then purple", "s")
    # DIN: from its pin up the side, through the resistor, hopping over 3V3
    din = pins["DIN"]
    y = row_y(din)
    x = 606
    svg.line((left_end(din), y), (x, y))
    svg.vertical_hop(x, y, y0 + 9, row_y(w.pin_of("display", "VIN")[0]))
    svg.line((x, y0 + 9), (x0, y0 + 9))
    svg.rect(x - 6, 330, 12, 40, "part")
    svg.text(x + 10, 354, "330 ohm", "s")
    svg.text(x0 - 4, y0 + 5, "DIN", "s", "end")


def place_display(svg, w):
    title, wires = w.parts["display"]
    vin = w.pin_of("display", "VIN")[0]
    rows = [(pin, name, term, note) for pin, name, term, note in wires if term != "VIN"]
    top = min(row_y(pin) for pin, *_ in rows) - 20
    bottom = max(row_y(pin) for pin, *_ in rows) + 20
    x0, x1 = 650, 890
    svg.rect(x0, top, x1 - x0, bottom - top, "part")
    svg.text(x0 + 100, bottom + 18, title, "s", "middle")
    for pin, name, term, note in rows:
        y = row_y(pin)
        svg.line((left_end(pin), y), (x0, y), cls=wire_class(name))
        svg.text(x0 + 8, y + 4, term, "b")
        if note:
            svg.text(x0 + 58, y + 4, note, "s")
    vin_x = 790
    svg.line((left_end(vin), row_y(vin)), (626, row_y(vin)), (626, top - 18),
             (vin_x, top - 18), (vin_x, top), cls="pwr")
    svg.text(vin_x, top + 16, "VIN", "b", "middle")
    svg.text(vin_x + 8, top - 22, "3V3 OUT (pin %d)" % vin, "s")


def place_piezo(svg, w):
    _title, wires = w.parts["piezo"]
    ys = sorted(row_y(pin) for pin, *_ in wires)
    svg.rect(290, ys[0] - 16, 60, ys[-1] - ys[0] + 32, "part")
    svg.text(320, (ys[0] + ys[-1]) // 2 + 4, "piezo", "b", "middle")
    for pin, name, term, _note in wires:
        y = row_y(pin)
        svg.line((left_end(pin), y), (350, y), cls=wire_class(name))
        svg.text(356, y - 4, term, "b")


def place_case(svg, w):
    cw, ch = w.case
    x0 = (W - cw * MM) // 2
    y0 = CASE_Y
    svg.text(W // 2, y0 - 14, "The case from the front (%d x %d mm): where the buttons go" % (cw, ch),
             "h", "middle")
    svg.add('<rect class="part" x="%d" y="%d" width="%d" height="%d" rx="24"/>'
            % (x0, y0, cw * MM, ch * MM))
    keys = {}
    for _pin, name, term, _note in w.wires("buttons"):
        if name != "GND":
            keys[term] = name
    for name, place in sorted(w.layout.items()):
        x, y = x0 + place[0] * MM, y0 + place[1] * MM
        if name == "display":
            svg.rect(x, y, place[2] * MM, place[3] * MM, "pico")
            svg.text(x + place[2] * MM // 2, y + place[3] * MM // 2, "display 320x240", "pin", "middle")
        elif name == "leds":
            n = 13
            step = place[2] * MM // n
            for i in range(n):
                svg.rect(x + i * step + 2, y, step - 4, place[3] * MM, "led")
        elif name == "switch":
            svg.rect(x, y, 8 * MM // 2, 12, "pico")
            svg.text(x, y + 28, "switch", "s")
        elif name in keys:
            svg.circle(x, y, 4 * MM, "led")
            svg.text(x, y + 5, name, "b", "middle")
            svg.text(x, y + 4 * MM + 14, keys[name], "s", "middle")
        else:
            raise ValueError("%s: the case has no place for %r" % (SOURCE, name))


def render(w):
    svg = Svg()
    svg.text(20, 30, w.title, "h")
    used = {pin for _t, wires in w.parts.values() for pin, *_ in wires}
    place_pico(svg, used)
    place_power(svg, w)
    place_buttons(svg, w)
    place_piezo(svg, w)
    place_display(svg, w)
    place_leds(svg, w)
    place_case(svg, w)
    y = CASE_Y + w.case[1] * MM + 60
    for note in w.notes:
        svg.text(40, y, note, "t")
        y += 20
    return svg.render()


def build():
    """{path: bytes} of what the source makes."""
    text = (REPO / SOURCE).read_text(encoding="utf-8")
    return {OUT: render(parse(text)).encode("utf-8")}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    return update(REPO, build(), "--check" in argv, "python -m tools.wiring")


if __name__ == "__main__":
    sys.exit(main())
