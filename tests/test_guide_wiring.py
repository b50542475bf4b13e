"""The Pico build's wiring diagram (issue 53): its source (art/wiring.txt)
names the same pins as the profile's pin map (lib/dws_hw/pico_dice.py, read
as text: the profile imports board modules the desktop lacks), the Pico's
pinout and the guide's pin table (hardware.md); the committed SVG is what
`python -m tools.wiring` draws from the source."""
import ast
import re
from pathlib import Path

import pytest

from tools import wiring

REPO = Path(__file__).resolve().parent.parent
PROFILE = REPO / "lib" / "dws_hw" / "pico_dice.py"
PROFILES = REPO / "lib" / "dws_hw" / "__init__.py"

# Where the profile names a pin (the call and its argument) -> the part and
# terminal of the wiring source that wire goes to.
ROLES = {
    ("SPI", "clock"): ("display", "SCK"),
    ("SPI", "MOSI"): ("display", "MOSI"),
    ("FourWire", "command"): ("display", "DC"),
    ("FourWire", "chip_select"): ("display", "CS"),
    ("FourWire", "reset"): ("display", "RST"),
    ("DigitalInOut", 0): ("display", "RST"),     # (held high after a game's reload)
    ("ST7789", "backlight_pin"): ("display", "LITE"),
    ("NeoPixel", 0): ("leds", "DIN"),
    ("Piezo", 0): ("piezo", "+"),
}


def board_pin(node):
    """'GP18' for ``board.GP18``, else None."""
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "board" and re.fullmatch(r"GP\d+", node.attr)):
        return node.attr
    return None


def key_map():
    """The pico_dice key order, PROFILES["pico_dice"][1] in lib/dws_hw."""
    for node in ast.walk(ast.parse(PROFILES.read_text())):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "PROFILES" for t in node.targets):
            profiles = ast.literal_eval(node.value)
            return profiles["pico_dice"][1]
    raise AssertionError("no PROFILES in lib/dws_hw/__init__.py")


def profile_pins():
    """{(part, terminal): "GPn"} as the profile uses them, and every
    board.GPn the profile names anywhere."""
    tree = ast.parse(PROFILE.read_text())
    found, every = {}, set()
    for node in ast.walk(tree):
        pin = board_pin(node)
        if pin:
            every.add(pin)
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "KEY_PINS" for t in node.targets):
            pins = [board_pin(e) for e in node.value.elts]
            for name, pin in zip(key_map(), pins):
                found[("buttons", name)] = pin
        if isinstance(node, ast.Call):
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            for i, arg in enumerate(node.args):
                if (func, i) in ROLES and board_pin(arg):
                    found[ROLES[(func, i)]] = board_pin(arg)
            for kw in node.keywords:
                if (func, kw.arg) in ROLES and board_pin(kw.value):
                    found[ROLES[(func, kw.arg)]] = board_pin(kw.value)
    return found, every


def led_count():
    for node in ast.walk(ast.parse(PROFILE.read_text())):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "LED_COUNT" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("no LED_COUNT in the profile")


@pytest.fixture(scope="module")
def source():
    return wiring.parse((REPO / wiring.SOURCE).read_text(encoding="utf-8"))


def source_gpio(w):
    """{(part, terminal): "GPn"} of the wiring source's GPIO wires."""
    return {(part, term): name for part, (_title, wires) in w.parts.items()
            for _pin, name, term, _note in wires if name.startswith("GP")}


def test_the_profile_uses_every_role_this_test_knows():
    found, _every = profile_pins()
    expected = set(ROLES.values()) | {("buttons", name) for name in wiring.BUTTONS}
    assert set(found) == expected, "the profile's pin map changed shape: teach ROLES"


def test_every_gpio_of_the_source_is_the_profiles(source):
    found, every = profile_pins()
    assert source_gpio(source) == found
    # and the profile names no pin the diagram leaves out
    assert every == set(found.values())


def test_the_strip_and_the_buttons(source):
    assert str(led_count()) in source.parts["leds"][0].split()
    assert sorted(term for _p, name, term, _n in source.wires("buttons") if name != "GND") \
        == sorted(wiring.BUTTONS)
    assert {name for name in source.layout if name in wiring.BUTTONS} == set(wiring.BUTTONS)


def test_pin_numbers_are_the_picos(source):
    for _part, (_title, wires) in source.parts.items():
        for pin, name, term, _note in wires:
            assert wiring.PICO_PINS[pin] == name, (pin, name, term)


def test_power_goes_into_vsys_and_vbus_is_not_wired(source):
    """Batteries through the switch and diode into VSYS; the strip's + on
    VSYS; the display on 3V3 OUT; nothing on VBUS."""
    assert source.pin_of("power", "+") == (39, "VSYS")
    assert source.pin_of("leds", "+") == (39, "VSYS")
    assert source.pin_of("display", "VIN") == (36, "3V3")
    pins = {pin for _t, wires in source.parts.values() for pin, *_ in wires}
    assert 40 not in pins


def guide_pin_table():
    """{GPIO or power name: set of Pico pin numbers} from hardware.md's
    pin table (rows "| 24 | GP18 | ... |")."""
    rows = {}
    for line in (REPO / "hardware.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*([\d, ]+)\s*\|\s*(GP\d+|GND|VSYS|VBUS|3V3[^|]*)\s*\|", line)
        if m:
            numbers = {int(n) for n in re.findall(r"\d+", m.group(1))}
            rows.setdefault(m.group(2).split()[0], set()).update(numbers)
    return rows


def test_the_guides_pin_table_agrees(source):
    table = guide_pin_table()
    for _part, (_title, wires) in source.parts.items():
        for pin, name, term, _note in wires:
            assert name in table and pin in table[name], (
                "hardware.md's pin table lacks pin %d (%s, %s)" % (pin, name, term))
    for name, pins in table.items():
        if name.startswith("GP"):
            assert pins == {p for p, n in wiring.PICO_PINS.items() if n == name}
            assert name in source_gpio(source).values(), "%s is not in art/wiring.txt" % name


def test_the_committed_svg_is_a_fresh_drawing():
    built = wiring.build()
    for path, data in built.items():
        assert (REPO / path).read_bytes() == data, (
            "%s is out of date: run python -m tools.wiring" % path)
    assert wiring.main(["--check"]) == 0
