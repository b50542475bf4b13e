"""Sound effects (issue 32): the PyBadge plays WAV files that tools/sounds.py
makes from art/sounds.txt (committed, equal to the script's output), through
fakes of the firmware's audioio/audiocore here; it falls back to tones when
it cannot play a file, and is silent with sound off.  The Pico's piezo
plays the same tones as before, and the app asks for the rattle when the
dice roll."""

import importlib.util
import struct
import sys
import types
from pathlib import Path

import pytest

from dws_app import sound
from dws_app.sound import CLICK, DONE, REFUSE, ROLL, Sound
from tools import sounds

REPO = Path(__file__).resolve().parent.parent
NAMES = ("click", "roll", "refuse", "done")


# ----- the files -----------------------------------------------------------

def test_committed_wavs_are_made_from_their_source():
    built = sounds.build(REPO)
    assert set(built) == {"lib/dws_app/sounds/%s.wav" % n for n in NAMES}
    for path, data in built.items():
        assert (REPO / path).read_bytes() == data, "run python -m tools.sounds"
    assert sorted(p.name for p in (REPO / "lib/dws_app/sounds").iterdir()) == \
        sorted(n + ".wav" for n in NAMES)
    assert sounds.main(["--check"]) == 0


def test_every_effect_has_a_wav_and_tones():
    for effect in (CLICK, ROLL, REFUSE, DONE):
        name, notes = effect
        assert name in NAMES and notes and all(hz > 0 and ms > 0 for hz, ms in notes)


def test_wavs_are_small_8_bit_mono_at_8_khz():
    total = 0
    for name in NAMES:
        data = (REPO / "lib/dws_app/sounds" / (name + ".wav")).read_bytes()
        total += len(data)
        assert data[:4] == b"RIFF" and data[8:16] == b"WAVEfmt "
        size, fmt, channels, rate, _byte_rate, _align, bits = struct.unpack("<IHHIIHH", data[16:36])
        assert (size, fmt, channels, rate, bits) == (16, 1, 1, 8000, 8)
        assert data[36:40] == b"data" and struct.unpack("<I", data[40:44])[0] == len(data) - 44
        assert len(data) <= 4 * 1024
        body = data[44:]
        assert max(body) - min(body) > 60, name + " is audible"
        assert abs(body[-1] - 128) <= 2, name + " ends at rest (no click)"
    assert total <= 10 * 1024


def test_the_rattle_is_hits_that_settle():
    """The roll is a burst of separate clicks (silence between hits), more
    of them in its first half than in its second."""
    data = (REPO / "lib/dws_app/sounds/roll.wav").read_bytes()[44:]
    loud = [abs(b - 128) > 20 for b in data]
    onsets = [i for i in range(1, len(loud)) if loud[i] and not any(loud[max(0, i - 40):i])]
    assert len(onsets) >= 10
    half = len(data) // 2
    assert sum(1 for i in onsets if i < half) > sum(1 for i in onsets if i >= half)


def test_source_errors_name_the_line():
    with pytest.raises(sounds.SoundError, match="line 2: unknown"):
        sounds.parse("rate 8000\nbeep 1 2\n")
    with pytest.raises(sounds.SoundError, match="line 3: tick takes 4"):
        sounds.parse("rate 8000\nsound a 10\ntick 0 1 2\n")
    with pytest.raises(sounds.SoundError, match="rate"):
        sounds.parse("sound a 10\n")


def test_the_same_seed_makes_the_same_rattle_and_another_seed_another():
    rate, effects = sounds.parse((REPO / "art/sounds.txt").read_text())
    name, ms, seed, parts = next(e for e in effects if e[0] == "roll")
    one = sounds.wav(sounds.render(rate, ms, seed, parts), rate)
    assert one == sounds.wav(sounds.render(rate, ms, seed, parts), rate)
    assert one != sounds.wav(sounds.render(rate, ms, seed + 1, parts), rate)


# ----- the PyBadge profile, on fakes of the firmware's modules ---------------

class FakePin:
    def __init__(self, name):
        self.name = name
        self.value = None

    def switch_to_output(self, value=False):
        self.value = value


class FakeAudioOut:
    def __init__(self, pin):
        self.pin = pin
        self.plays = []         # (sample, loop)
        self.playing = False

    def play(self, sample, loop=False):
        self.plays.append((sample, loop))
        self.playing = True

    def stop(self):
        self.playing = False


class FakeWaveFile:
    """What the firmware's WaveFile checks of a file (shared-module/audiocore/
    WaveFile.c): RIFF/WAVE and a format chunk, ValueError otherwise."""
    made = []

    def __init__(self, f, buffer):
        head = f.read(36)
        if len(head) < 36 or head[:4] != b"RIFF" or head[8:16] != b"WAVEfmt ":
            raise ValueError("Invalid file")
        _fmt, self.channel_count, self.sample_rate, _br, _al, self.bits_per_sample = \
            struct.unpack("<HHIIHH", head[20:36])
        self.file = f
        self.buffer = buffer
        FakeWaveFile.made.append(self)


class FakeRawSample:
    def __init__(self, wave, sample_rate):
        self.sample_rate = sample_rate


@pytest.fixture
def badge(monkeypatch):
    """A loader of lib/dws_hw/pybadge.py over fake firmware modules:
    ``badge(audiocore=True)`` gives the module; False: no audiocore module,
    "no_wave": an audiocore without WaveFile; ``audioio=False``: none."""
    FakeWaveFile.made = []

    def load(audiocore=True, audioio=True):
        board = types.SimpleNamespace(SPEAKER="A0", SPEAKER_ENABLE="SPEAKER_ENABLE",
                                      NEOPIXEL="D8", DISPLAY=object(), BUTTON_CLOCK=1,
                                      BUTTON_OUT=2, BUTTON_LATCH=3)
        fakes = {
            "board": board,
            "keypad": types.SimpleNamespace(ShiftRegisterKeys=lambda **kw: object()),
            "microcontroller": types.SimpleNamespace(nvm=bytearray(8192)),
            "neopixel": types.SimpleNamespace(NeoPixel=lambda *a, **kw: object()),
            "supervisor": types.SimpleNamespace(ticks_ms=lambda: 0),
            "digitalio": types.SimpleNamespace(DigitalInOut=FakePin),
            "audioio": types.SimpleNamespace(AudioOut=FakeAudioOut) if audioio else None,
            "audiocore": (types.SimpleNamespace(WaveFile=FakeWaveFile, RawSample=FakeRawSample)
                          if audiocore is True else
                          types.SimpleNamespace(RawSample=FakeRawSample)
                          if audiocore == "no_wave" else None),
        }
        for name, module in fakes.items():
            monkeypatch.setitem(sys.modules, name, module)
        spec = importlib.util.spec_from_file_location(
            "pybadge_under_test", REPO / "lib/dws_hw/pybadge.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        monkeypatch.setattr(module.time, "sleep", lambda s: None)
        return module
    return load


def test_pybadge_loads_the_wavs_at_power_up_and_plays_them_without_waiting(badge):
    hw = badge().build()
    speaker = hw.sound
    s = Sound(speaker, True)
    assert s.samples
    # Every file opened once now, on one buffer; the first started and
    # stopped with the amplifier off (audioio's DMA buffers made now).
    assert sorted(w.file.name.rsplit("/", 1)[1] for w in FakeWaveFile.made) == \
        sorted(n + ".wav" for n in NAMES)
    assert all(w.buffer is speaker._buffer for w in FakeWaveFile.made)
    assert len(speaker._buffer) == 512
    assert len(speaker._audio.plays) == 1 and not speaker._audio.playing
    assert speaker._enable.value is False
    speaker._audio.plays.clear()
    s.play(ROLL)
    s.flush()
    (wave, loop), = speaker._audio.plays
    assert not loop and wave.sample_rate == 8000 and wave.bits_per_sample == 8
    assert wave.file.name.endswith("/lib/dws_app/sounds/roll.wav")
    assert speaker._enable.value is True            # the amplifier is on while it plays
    s.play(CLICK)
    s.flush()                                       # a click does not cut the rattle
    assert len(speaker._audio.plays) == 1
    speaker._audio.playing = False                  # the rattle ended
    s.flush()
    assert speaker._enable.value is False and not s.busy
    s.play(ROLL)
    s.flush()
    assert speaker._audio.plays[-1][0] is wave      # the same WaveFile again
    for effect in (REFUSE, DONE, CLICK):
        speaker._audio.playing = False
        s.play(effect)
        s.flush()
    assert [w.file.name.rsplit("/", 1)[1] for w, _ in speaker._audio.plays] == \
        ["roll.wav", "roll.wav", "refuse.wav", "done.wav", "click.wav"]
    assert len(FakeWaveFile.made) == 4              # nothing opened after power-up
    Sound(speaker, True)                            # loaded again: nothing new
    assert len(FakeWaveFile.made) == 4


def test_pybadge_plays_nothing_with_sound_off(badge):
    speaker = badge().Speaker()
    s = Sound(speaker, False)
    speaker._audio.plays.clear()
    for effect in (ROLL, REFUSE, DONE, CLICK):
        s.play(effect)
        s.flush()
    assert speaker._audio.plays == []
    assert speaker._enable.value is False


@pytest.mark.parametrize("trouble", ["missing", "not_a_wav", "16_bit", "no_wavefile"])
def test_pybadge_falls_back_to_tones(badge, tmp_path, monkeypatch, trouble):
    folder = tmp_path / "lib/dws_app/sounds"
    folder.mkdir(parents=True)
    for name in NAMES:
        data = (REPO / "lib/dws_app/sounds" / (name + ".wav")).read_bytes()
        if name != "click":
            if trouble == "not_a_wav":
                data = b"not a wave file at all, just text" * 3
            elif trouble == "16_bit":
                data = data[:34] + struct.pack("<H", 16) + data[36:]
        if trouble != "missing" or name == "click":
            (folder / (name + ".wav")).write_bytes(data)
    speaker = badge(audiocore="no_wave" if trouble == "no_wavefile" else True).Speaker()
    from dws_app import drive
    monkeypatch.setattr(drive, "find", lambda name: str(tmp_path) + name)
    s = Sound(speaker, True)
    assert s.samples
    speaker._audio.plays.clear()
    s.play(ROLL)
    s.flush()                                   # no traceback: the tones instead
    assert [type(sample) for sample, loop in speaker._audio.plays] == [FakeRawSample] * 2
    assert [sample.sample_rate for sample, _ in speaker._audio.plays] == \
        [hz * 16 for hz, ms in ROLL[1]]
    assert all(loop for _, loop in speaker._audio.plays)
    assert speaker._enable.value is False
    assert not s.busy
    for w in FakeWaveFile.made:                 # a file it refused is closed
        assert w.file.closed == (trouble == "16_bit" and not w.file.name.endswith("click.wav"))
    s.play(CLICK)
    s.flush()                                   # the click's file is sound
    played = speaker._audio.plays[-1][0]
    if trouble == "no_wavefile":
        assert type(played) is FakeRawSample
    else:
        assert played.file.name.endswith("click.wav")


def test_pybadge_without_audio_modules_is_silent_without_a_traceback(badge):
    assert badge(audioio=False).build().sound is None
    assert badge(audiocore=False).build().sound is None
    s = Sound(None, True)
    s.play(ROLL)
    s.flush()


def test_sound_finds_no_folder_then_plays_tones(monkeypatch):
    played = []

    class Device:
        def load(self, folder, names):
            raise AssertionError("no folder: nothing to load")

        def sample(self, name):
            raise AssertionError("no folder: no samples")

        def tone(self, hz, ms):
            played.append((hz, ms))

    monkeypatch.setattr(sound, "FOLDER", "/no/such/folder/")
    s = Sound(Device(), True)
    assert not s.samples
    s.play(DONE)
    s.flush()
    assert played == list(DONE[1])


# ----- the Pico's piezo and the app -----------------------------------------

def test_pico_profile_plays_tones_only():
    source = (REPO / "lib/dws_hw/pico_dice.py").read_text()
    assert "audioio" not in source and "def sample" not in source
    from sim.hw import build
    hw = build("pico_dice", seed=1)
    assert not hasattr(hw.sound, "sample") and not hasattr(hw.sound, "load")
    s = Sound(hw.sound, True)
    assert not s.samples
    for effect in (CLICK, ROLL, REFUSE, DONE):
        s.play(effect)
        s.flush()
    assert hw.sound.tones == [t for e in (CLICK, ROLL, REFUSE, DONE) for t in e[1]]


def start_dice_wide_shut(profile):
    from sim.script import Session
    s = Session(profile, seed=3)
    s.press("A")                    # the menu's first game: Dice Wide Shut's setup
    s.press("DOWN", "DOWN", "DOWN", "A")
    if not hasattr(s.screen, "animating"):
        s.app.draw()
        s.press("A")                # the hand-over to player 1: the roll
    return s


@pytest.mark.parametrize("profile", ["pybadge", "pico_dice"])
def test_the_app_asks_for_the_rattle_when_the_dice_roll(profile):
    s = start_dice_wide_shut(profile)
    assert s.screen.animating()
    s.app.draw()
    if profile == "pybadge":
        assert s.hw.sound.samples[-1] == "roll"
    else:
        assert s.hw.sound.tones[-2:] == list(ROLL[1])


def test_the_app_follows_the_sound_setting():
    s = start_dice_wide_shut("pybadge")
    s.app.draw()
    before = list(s.hw.sound.samples)
    s.app.settings["sound"] = False
    s.app.apply_settings()
    s.app.sound.play(REFUSE)
    s.app.draw()
    assert s.hw.sound.samples == before and s.hw.sound.tones == []
