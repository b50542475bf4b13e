"""``python -m tools.sounds``: the sound effects' readable source
(art/sounds.txt) written as the WAV files the PyBadge plays, one per effect
and volume level: lib/dws_app/sounds/NAME-1.wav (low), NAME-2.wav (medium)
and NAME-3.wav (high), all in one folder.  A level's file is the effect
mixed as the source says, times the level's gain (the source's ``levels``
line: high is 1, as loud as the one file of each effect before the levels),
and without the tail that the 8-bit samples would round to within a step
of silence (a quieter level's file is shorter), faded out over its last
FADE_MS.  The speaker opens only the current level's files
(lib/dws_hw/pybadge.py, ``Speaker``); level 0 (off) has none.

The WAVs are committed, like the art's BMPs (tools/art.py): ``make flash``
copies every ``.wav`` under lib/, and tests/test_sounds.py fails when one
differs from what this script makes of its source.  ``--check`` does the
same from the command line (exit status 1, nothing written).

Every file is mono, 8-bit unsigned PCM (what the SAMD51's DAC takes without
a conversion buffer: audioio plays 16-bit samples through one) at the
source's rate, with the 44-byte header that ``audiocore.WaveFile`` reads.
The source format is described at the top of art/sounds.txt.
"""

import math
import random
import struct
import sys
from pathlib import Path

from tools.made import update

REPO = Path(__file__).resolve().parent.parent
SOURCE = "art/sounds.txt"
FOLDER = "lib/dws_app/sounds"
# Words of each part after its name: start, then the part's own numbers.
PARTS = {"tick": 4, "clicks": 5, "thud": 5, "bell": 4}
FADE_MS = 4         # a fade at the end: no click when the speaker stops
QUIET = 1.5 / 127   # a sample this small is written within one step of silence
LEVELS = 3          # the files' levels: 1 low, 2 medium, 3 high (0, off, has none)


class SoundError(ValueError):
    pass


def parse(text):
    """(rate, gains, [(name, ms, seed, [(part, numbers...)])]) from the
    source; ``gains`` per level, low to high."""
    rate = None
    gains = None
    sounds = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        head = words[0]
        try:
            if head == "rate":
                rate = int(words[1])
            elif head == "levels":
                gains = tuple(float(w) for w in words[1:])
                if len(gains) != LEVELS or not 0 < gains[0] < gains[1] < gains[2] == 1:
                    raise SoundError("line %d: levels LOW MEDIUM 1 (rising, high 1)" % number)
            elif head == "sound":
                if len(words) != 3:
                    raise SoundError("line %d: sound NAME MS" % number)
                sounds.append((words[1], int(words[2]), 0, []))
            elif head == "seed":
                if not sounds:
                    raise SoundError("line %d: seed before sound" % number)
                name, ms, _seed, parts = sounds[-1]
                sounds[-1] = (name, ms, int(words[1]), parts)
            elif head in PARTS:
                if not sounds:
                    raise SoundError("line %d: %s before sound" % (number, head))
                if len(words) != PARTS[head] + 1:
                    raise SoundError("line %d: %s takes %d numbers" % (number, head, PARTS[head]))
                sounds[-1][3].append((head,) + tuple(float(w) for w in words[1:]))
            else:
                raise SoundError("line %d: unknown %r" % (number, head))
        except (IndexError, ValueError) as e:
            if isinstance(e, SoundError):
                raise
            raise SoundError("line %d: %s" % (number, e))
    if rate is None or gains is None or not sounds:
        raise SoundError("a rate, the levels and at least one sound are needed")
    return rate, gains, sounds


def _burst(out, rate, start, ms, hz, level, rng, noise=0.6):
    """A struck thing: noise and a ring at ``hz``, decaying over ``ms``."""
    first = int(start * rate / 1000)
    n = int(ms * rate / 1000)
    tau = n / 5.0
    phase = rng.random() * 2 * math.pi
    for i in range(n):
        j = first + i
        if j >= len(out):
            break
        env = math.exp(-i / tau)
        ring = math.sin(phase + 2 * math.pi * hz * i / rate)
        out[j] += level * env * ((1 - noise) * ring + noise * (rng.random() * 2 - 1))


def render(rate, ms, seed, parts, gain=1.0):
    """The samples (floats, about -1..1) of one sound at ``gain``: its tail
    below QUIET cut off, and faded out."""
    out = [0.0] * int(ms * rate / 1000)
    rng = random.Random(seed)
    for part in parts:
        kind, start = part[0], part[1]
        if kind == "tick":
            _, _, length, hz, level = part
            _burst(out, rate, start, length, hz, level, rng, noise=0.3)
        elif kind == "clicks":
            _, _, end, count, hz, level = part
            count = int(count)
            # Gaps that grow by a fifth each hit (a die bouncing to rest),
            # jittered, scaled to fill start..end.
            gaps = [1.2 ** k * (0.7 + 0.6 * rng.random()) for k in range(count - 1)]
            scale = (end - start) / sum(gaps) if gaps else 0
            t = start
            for k in range(count):
                hit = level * (1 - 0.6 * k / max(1, count - 1)) * (0.8 + 0.2 * rng.random())
                _burst(out, rate, t, 9 + 6 * rng.random(), hz * (0.8 + 0.4 * rng.random()),
                       hit, rng)
                if k < count - 1:
                    t += gaps[k] * scale
        elif kind == "thud":
            _, _, length, f0, f1, level = part
            first = int(start * rate / 1000)
            n = int(length * rate / 1000)
            phase = 0.0
            for i in range(min(n, len(out) - first)):
                hz = f0 + (f1 - f0) * i / n
                phase += 2 * math.pi * hz / rate
                # A rounded square: the small speaker shows low notes by
                # their overtones.
                wave = math.tanh(3 * math.sin(phase))
                out[first + i] += level * math.exp(-3.0 * i / n) * wave
        elif kind == "bell":
            _, _, length, hz, level = part
            first = int(start * rate / 1000)
            n = int(length * rate / 1000)
            for i in range(min(n, len(out) - first)):
                w = 2 * math.pi * hz * i / rate
                attack = min(1.0, i / (0.003 * rate))
                out[first + i] += level * attack * math.exp(-4.0 * i / n) * (
                    math.sin(w) + 0.35 * math.sin(2 * w) * math.exp(-3.0 * i / n))
    out = [s * gain for s in out]
    end = len(out)
    while end and abs(out[end - 1]) < QUIET:
        end -= 1
    del out[end:]
    fade = int(FADE_MS * rate / 1000)
    for i in range(min(fade, len(out))):
        out[len(out) - 1 - i] *= i / fade
    return out


def wav(samples, rate):
    """A mono 8-bit WAV of ``samples`` (clipped to -1..1)."""
    data = bytes(max(0, min(255, int(round(128 + 127 * max(-1.0, min(1.0, s))))))
                 for s in samples)
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    return (b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE"
            + b"fmt " + struct.pack("<I", len(fmt)) + fmt
            + b"data" + struct.pack("<I", len(data)) + data)


def build(repo=REPO):
    """{WAV path: bytes} of every sound at every level, from the source."""
    rate, gains, sounds = parse((Path(repo) / SOURCE).read_text(encoding="utf-8"))
    return {"%s/%s-%d.wav" % (FOLDER, name, level): wav(render(rate, ms, seed, parts, gain), rate)
            for name, ms, seed, parts in sounds for level, gain in enumerate(gains, 1)}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    built = build()
    status = update(REPO, built, "--check" in argv, "python -m tools.sounds")
    folder = REPO / FOLDER
    extra = sorted(p.relative_to(REPO).as_posix() for p in folder.glob("*.wav")
                   if p.relative_to(REPO).as_posix() not in built) if folder.is_dir() else []
    if extra:
        print("not made from %s (remove them): %s" % (SOURCE, ", ".join(extra)), file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
