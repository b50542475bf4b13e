"""settings.toml on the drive: the keys of SETTINGS_TOML for the board's
firmware, merged into the maker's own file."""
import re

# Keys `make flash` keeps in the drive's settings.toml, merged into the
# maker's own file (other keys, comments and order stay).  A row applies to
# boards running that CircuitPython major version (None: any) and profile
# (None: both): (major, profile, key, value, why).  A key written earlier that
# no longer applies (the board moved to another version) is taken out again,
# unless someone changed its value since.  The values are the lead's choice.
SETTINGS_TOML = (
    (9, None, "CIRCUITPY_PYSTACK_SIZE", 4096,
     "CircuitPython 9's 1,536-byte Python stack runs out in the game's menus"),
)
SETTINGS_FILE = "settings.toml"


def toml_literal(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"{}"'.format(str(value).replace("\\", "\\\\").replace('"', '\\"'))


def settings_wanted(info, profile):
    """[(key, TOML literal, why)] for this board's firmware and profile."""
    wanted = []
    for major, only, key, value, why in SETTINGS_TOML:
        if (major is None or (info is not None and info.major == major)) and \
                (only is None or only == profile):
            wanted.append((key, toml_literal(value), why))
    return wanted


_VALUE = r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s#]+'


def _key_line(line, key):
    """(prefix, value literal, rest) when `line` sets `key`, else None."""
    match = re.match(r"(\s*" + re.escape(key) + r"\s*=\s*)(" + _VALUE + r")(.*)$", line)
    if match:
        return match.group(1), match.group(2), match.group(3)
    if re.match(r"\s*" + re.escape(key) + r"\s*=", line):
        return line[:line.index("=") + 1] + " ", None, ""
    return None


def merge_settings(text, wanted, drop=()):
    """settings.toml `text` with every (key, literal) of `wanted` set and the
    keys of `drop` ((key, literal) we wrote once) taken out while they still
    hold that literal.  Everything else stays as it is: other keys, comments,
    blank lines, line endings.  CircuitPython reads only the keys above the
    first [table] line, so new keys go above it (else at the end)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(True)
    top = len(lines)
    for i, line in enumerate(lines):
        if line.lstrip().startswith("["):
            top = i
            break
    for key, literal in drop:
        for i in range(top):
            found = _key_line(lines[i].rstrip("\r\n"), key)
            if found and found[1] == literal:
                lines[i] = None
                break
    added = []
    for key, literal in wanted:
        for i in range(top):
            if lines[i] is None:
                continue
            body = lines[i].rstrip("\r\n")
            found = _key_line(body, key)
            if found:
                if found[1] != literal:
                    lines[i] = found[0] + literal + found[2] + lines[i][len(body):]
                break
        else:
            added.append("{} = {}{}".format(key, literal, newline))
    kept = [line for line in lines[:top] if line is not None]
    if added and kept and not kept[-1].endswith(("\n", "\r")):
        kept[-1] += newline
    return "".join(kept + added + [line for line in lines[top:] if line is not None])


def plan_settings(drive, info, profile, manifest):
    """(new settings.toml bytes or None, [(key, literal, why)] changed,
    {key: literal} now ours, note or None)."""
    wanted = settings_wanted(info, profile)
    before = manifest.get("settings") if isinstance(manifest.get("settings"), dict) else {}
    current = drive.read(SETTINGS_FILE)
    names = [key for key, _l, _w in wanted]
    drop = [(key, literal) for key, literal in sorted(before.items()) if key not in names]
    if not wanted and not drop:
        return None, [], {}, None
    try:
        text = current.decode("utf-8") if current is not None else ""
    except UnicodeDecodeError:
        return None, [], {}, ("Warning: settings.toml is not UTF-8 text, so it was "
                              "left alone; add {} to it yourself.".format(
                                  ", ".join("{} = {}".format(k, l) for k, l, _w in wanted)))
    merged = merge_settings(text, [(k, l) for k, l, _w in wanted], drop)
    changed = [(k, l, w) for k, l, w in wanted
               if merge_settings(text, [(k, l)]) != text]
    ours = dict((k, l) for k, l, _w in wanted)
    if merged == text:
        return None, [], ours, None
    return merged.encode("utf-8"), changed, ours, None

