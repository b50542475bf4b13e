"""Sound effects (issue 32) at a volume level (issue 53): the PyBadge plays
WAV files that tools/sounds.py makes from art/sounds.txt, one per effect
and level (committed, equal to the script's output), through fakes of the
firmware's audioio/audiocore here: only the current level's files are open,
another level's are opened when the level changes; it falls back to tones
(their swing scaled by the level) when it cannot play a file, and is silent
at level 0.  The Pico's piezo plays the same tones as before, at a PWM duty
per level (a fake pwmio here), and the app asks for the rattle when the
dice roll."""

import ast
import contextlib
import importlib.util
import math
import struct
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from dws_app import sound
from dws_app.sound import CLICK, DONE, REFUSE, ROLL, Sound
from tools import sounds

REPO = Path(__file__).resolve().parent.parent
NAMES = ("click", "roll", "refuse", "done")
LEVELS = (1, 2, 3)
GAINS = {1: 0.25, 2: 0.5, 3: 1.0}       # art/sounds.txt's levels line
# Each effect's swing (max - min byte) in the one file it had before the
# levels (python -m tools.sounds of that source): its high level keeps it.
BEFORE_LEVELS = {"click": 71, "roll": 172, "refuse": 217, "done": 160}


def wav_path(name, level):
    return REPO / "lib/dws_app/sounds" / ("%s-%d.wav" % (name, level))


def body(name, level):
    return wav_path(name, level).read_bytes()[44:]


# ----- the files -----------------------------------------------------------

def test_committed_wavs_are_made_from_their_source():
    built = sounds.build(REPO)
    assert set(built) == {"lib/dws_app/sounds/%s-%d.wav" % (n, level)
                          for n in NAMES for level in LEVELS}
    for path, data in built.items():
        assert (REPO / path).read_bytes() == data, "run python -m tools.sounds"
    assert sorted(p.name for p in (REPO / "lib/dws_app/sounds").iterdir()) == \
        sorted("%s-%d.wav" % (n, level) for n in NAMES for level in LEVELS)
    assert sounds.main(["--check"]) == 0
    assert sounds.build(REPO) == built           # made again: the same bytes


def test_the_source_names_the_levels_gains():
    rate, gains, effects = sounds.parse((REPO / "art/sounds.txt").read_text())
    assert rate == 8000 and gains == tuple(GAINS[level] for level in LEVELS)
    assert [e[0] for e in effects] == list(NAMES)


def test_every_effect_has_a_wav_and_tones():
    for effect in (CLICK, ROLL, REFUSE, DONE):
        name, notes = effect
        assert name in NAMES and notes and all(hz > 0 and ms > 0 for hz, ms in notes)


def test_wavs_are_small_8_bit_mono_at_8_khz():
    total = 0
    for level in LEVELS:
        per_level = 0
        for name in NAMES:
            data = wav_path(name, level).read_bytes()
            per_level += len(data)
            assert data[:4] == b"RIFF" and data[8:16] == b"WAVEfmt "
            size, fmt, channels, rate, _byte_rate, _align, bits = struct.unpack("<IHHIIHH", data[16:36])
            assert (size, fmt, channels, rate, bits) == (16, 1, 1, 8000, 8)
            assert data[36:40] == b"data" and struct.unpack("<I", data[40:44])[0] == len(data) - 44
            assert len(data) <= 4 * 1024
            assert body(name, level)[-1] == 128, name + " ends at rest (no click)"
        assert per_level <= 9 * 1024          # (one level's: what a power-up opens)
        total += per_level
    assert total <= 24 * 1024


def test_high_is_as_loud_as_before_the_levels_and_each_level_below_half_as_loud():
    for name in NAMES:
        high = body(name, 3)
        assert max(high) - min(high) == BEFORE_LEVELS[name], name
        for level in LEVELS:
            data = body(name, level)
            assert max(data) - min(data) > 12, "%s-%d is audible" % (name, level)
            # sample by sample the high file times the gain (each byte
            # rounded: within one step and a half), up to the quieter
            # file's fade
            gain = GAINS[level]
            for i in range(len(data) - sounds.FADE_MS * 8):
                assert abs((data[i] - 128) - gain * (high[i] - 128)) <= 1.5, (name, level, i)
            assert len(data) <= len(high)


@pytest.mark.parametrize("level", LEVELS)
def test_the_rattle_is_hits_that_settle(level):
    """The roll is a burst of separate clicks (silence between hits), more
    of them in its first half than in its second, at every level."""
    data = body("roll", level)
    loud = [abs(b - 128) > 20 * GAINS[level] for b in data]
    onsets = [i for i in range(1, len(loud)) if loud[i] and not any(loud[max(0, i - 40):i])]
    assert len(onsets) >= 10
    half = len(data) // 2
    assert sum(1 for i in onsets if i < half) > sum(1 for i in onsets if i >= half)


def test_source_errors_name_the_line():
    with pytest.raises(sounds.SoundError, match="line 2: unknown"):
        sounds.parse("rate 8000\nbeep 1 2\n")
    with pytest.raises(sounds.SoundError, match="line 4: tick takes 4"):
        sounds.parse("rate 8000\nlevels 0.25 0.5 1\nsound a 10\ntick 0 1 2\n")
    with pytest.raises(sounds.SoundError, match="rate"):
        sounds.parse("levels 0.25 0.5 1\nsound a 10\n")
    with pytest.raises(sounds.SoundError, match="levels"):
        sounds.parse("rate 8000\nsound a 10\n")
    for bad in ("0.5 0.25 1", "0.25 0.5 0.9", "0 0.5 1", "0.25 1", "0.25 0.5 0.75 1", "a b c"):
        with pytest.raises(sounds.SoundError, match="line 2"):
            sounds.parse("rate 8000\nlevels %s\nsound a 10\n" % bad)


def test_the_same_seed_makes_the_same_rattle_and_another_seed_another():
    rate, _gains, effects = sounds.parse((REPO / "art/sounds.txt").read_text())
    name, ms, seed, parts = next(e for e in effects if e[0] == "roll")
    one = sounds.wav(sounds.render(rate, ms, seed, parts), rate)
    assert one == sounds.wav(sounds.render(rate, ms, seed, parts), rate)
    assert one != sounds.wav(sounds.render(rate, ms, seed + 1, parts), rate)


@hsettings(max_examples=40, deadline=None)
@given(st.sampled_from(NAMES), st.floats(0.01, 1.0), st.floats(0.01, 1.0))
def test_a_quieter_gain_makes_a_file_no_longer_and_every_file_ends_at_rest(name, a, b):
    rate, _gains, effects = sounds.parse((REPO / "art/sounds.txt").read_text())
    _name, ms, seed, parts = next(e for e in effects if e[0] == name)
    low, high = sorted((a, b))
    quiet = sounds.wav(sounds.render(rate, ms, seed, parts, low), rate)
    loud = sounds.wav(sounds.render(rate, ms, seed, parts, high), rate)
    assert len(quiet) <= len(loud) <= 44 + ms * rate // 1000
    for data in (quiet, loud):
        assert len(data) == 44 or data[-1] == 128
        assert max(abs(b - 128) for b in data[44:] or [128]) <= 127


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
    WaveFile.c): RIFF/WAVE and a format chunk, ValueError otherwise.  It
    keeps the file, and never closes it (deinit does not either)."""
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

    @property
    def name(self):
        return self.file.name.rsplit("/", 1)[1]


class FakeRawSample:
    def __init__(self, wave, sample_rate):
        self.wave = list(wave)
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
            "supervisor": types.SimpleNamespace(
                ticks_ms=lambda: 0, runtime=types.SimpleNamespace(run_reason="STARTUP"),
                RunReason=types.SimpleNamespace(SUPERVISOR_RELOAD="SUPERVISOR_RELOAD")),
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


def open_waves(speaker):
    """The speaker's WaveFiles in use, by name, and checks that they are
    what a power-up holds: one per effect at most, on the one buffer, each
    over an open file the speaker keeps."""
    waves = {n: w for n, w in speaker._waves.items() if w is not None}
    assert all(w.buffer is speaker._buffer for w in waves.values())
    assert len(speaker._buffer) == 512
    assert sorted(id(w.file) for w in waves.values()) == sorted(id(f) for f in speaker._files)
    assert not any(f.closed for f in speaker._files)
    return {n: w.name for n, w in waves.items()}


def test_pybadge_loads_the_levels_wavs_at_power_up_and_plays_them_without_waiting(badge):
    hw = badge().build()
    speaker = hw.sound
    s = Sound(speaker, 3)
    assert s.samples
    # The high level's files opened once now, on one buffer; the first
    # started and stopped with the amplifier off (audioio's DMA buffers
    # made now).
    assert open_waves(speaker) == {n: n + "-3.wav" for n in NAMES}
    assert len(FakeWaveFile.made) == 4
    assert len(speaker._audio.plays) == 1 and not speaker._audio.playing
    assert speaker._enable.value is False
    speaker._audio.plays.clear()
    s.play(ROLL)
    s.flush()
    (wave, loop), = speaker._audio.plays
    assert not loop and wave.sample_rate == 8000 and wave.bits_per_sample == 8
    assert wave.file.name.endswith("/lib/dws_app/sounds/roll-3.wav")
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
    assert [w.name for w, _ in speaker._audio.plays] == \
        ["roll-3.wav", "roll-3.wav", "refuse-3.wav", "done-3.wav", "click-3.wav"]
    assert len(FakeWaveFile.made) == 4              # nothing opened after power-up
    Sound(speaker, 3)                               # loaded again: nothing new
    assert len(FakeWaveFile.made) == 4


@pytest.mark.parametrize("level", (1, 2))
def test_pybadge_opens_only_the_current_levels_files(badge, level):
    speaker = badge().Speaker()
    s = Sound(speaker, level)
    assert open_waves(speaker) == {n: "%s-%d.wav" % (n, level) for n in NAMES}
    assert len(FakeWaveFile.made) == 4
    for effect in (ROLL, REFUSE, DONE, CLICK):
        speaker._audio.playing = False
        s.play(effect)
        s.flush()
    assert [w.name for w, _ in speaker._audio.plays[1:]] == \
        ["%s-%d.wav" % (e[0], level) for e in (ROLL, REFUSE, DONE, CLICK)]
    assert len(FakeWaveFile.made) == 4


def test_pybadge_changes_its_files_with_the_level(badge):
    """A new level (the settings screen) closes the open files and opens
    the new level's: never more than four open, on the one buffer; the
    same level again opens nothing; off closes them all."""
    speaker = badge().Speaker()
    s = Sound(speaker, 2)
    first = [w for w in FakeWaveFile.made]
    speaker._audio.playing = False
    s.play(ROLL)
    s.flush()
    assert speaker._audio.playing and speaker._enable.value is True
    s.set_level(1)                      # while the rattle plays: stopped first
    assert not speaker._audio.playing and speaker._enable.value is False
    assert all(w.file.closed for w in first)
    assert open_waves(speaker) == {n: n + "-1.wav" for n in NAMES}
    assert len(FakeWaveFile.made) == 8
    s.set_level(1)                      # (apply_settings after a dimmed screen)
    assert len(FakeWaveFile.made) == 8
    s.set_level(0)
    assert open_waves(speaker) == {} and speaker._files == []
    assert all(w.file.closed for w in FakeWaveFile.made)
    plays = len(speaker._audio.plays)
    for effect in (ROLL, REFUSE, DONE, CLICK):
        s.play(effect)
        s.flush()
    assert len(speaker._audio.plays) == plays       # off: nothing at all
    s.set_level(3)
    assert open_waves(speaker) == {n: n + "-3.wav" for n in NAMES}
    # (the first of them started and stopped, amplifier off: the DMA
    # buffers made here, in the settings screen, not in a game)
    assert speaker._audio.plays[-1][0].name == "click-3.wav" and not speaker._audio.playing
    assert speaker._enable.value is False
    s.play(DONE)
    s.flush()
    assert speaker._audio.plays[-1][0].name == "done-3.wav"


def test_pybadge_plays_nothing_at_level_0_and_opens_nothing(badge):
    speaker = badge().Speaker()
    s = Sound(speaker, 0)
    assert s.samples and FakeWaveFile.made == [] and speaker._files == []
    for effect in (ROLL, REFUSE, DONE, CLICK):
        s.play(effect)
        s.flush()
    assert speaker._audio.plays == []
    assert speaker._enable.value is False
    s.set_level(2)                      # turned up in the settings screen
    assert open_waves(speaker) == {n: n + "-2.wav" for n in NAMES}
    assert len(speaker._audio.plays) == 1 and not speaker._audio.playing


@pytest.mark.parametrize("level", (0, 1, 2, 3))
def test_pybadge_tones_swing_with_the_level(badge, level):
    speaker = badge(audiocore="no_wave").Speaker()
    speaker.set_level(level)
    speaker.tone(440, 20)
    if level == 0:
        assert speaker._audio.plays == []
        return
    (sample, loop), = speaker._audio.plays
    assert loop and sample.sample_rate == 440 * 16
    swing = {1: 0x400, 2: 0x800, 3: 0x1000}[level]      # 3: the 0x9000 / 0x7000 of before
    assert sample.wave == [0x8000 + swing] * 8 + [0x8000 - swing] * 8
    assert speaker._enable.value is False


@pytest.mark.parametrize("trouble", ["missing", "not_a_wav", "16_bit", "no_wavefile"])
def test_pybadge_falls_back_to_tones(badge, tmp_path, monkeypatch, trouble):
    folder = tmp_path / "lib/dws_app/sounds"
    folder.mkdir(parents=True)
    for name in NAMES:
        for level in LEVELS:
            data = wav_path(name, level).read_bytes()
            if name != "click":
                if trouble == "not_a_wav":
                    data = b"not a wave file at all, just text" * 3
                elif trouble == "16_bit":
                    data = data[:34] + struct.pack("<H", 16) + data[36:]
            if trouble != "missing" or name == "click":
                (folder / ("%s-%d.wav" % (name, level))).write_bytes(data)
    speaker = badge(audiocore="no_wave" if trouble == "no_wavefile" else True).Speaker()
    from dws_app import drive
    monkeypatch.setattr(drive, "find", lambda name: str(tmp_path) + name)
    s = Sound(speaker, 3)
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
        assert w.file.closed == (trouble == "16_bit" and not w.name.startswith("click"))
    s.play(CLICK)
    s.flush()                                   # the click's file is sound
    played = speaker._audio.plays[-1][0]
    if trouble == "no_wavefile":
        assert type(played) is FakeRawSample
    else:
        assert played.name == "click-3.wav"
    s.set_level(1)                              # another level: the same fall-back
    speaker._audio.playing = False
    s.play(REFUSE)
    s.flush()
    if trouble == "no_wavefile":
        assert FakeWaveFile.made == []
    else:
        assert sorted(w.name for w in FakeWaveFile.made if not w.file.closed) == ["click-1.wav"]
    assert type(speaker._audio.plays[-1][0]) is FakeRawSample
    assert max(speaker._audio.plays[-1][0].wave) == 0x8000 + 0x400


def test_pybadge_without_audio_modules_is_silent_without_a_traceback(badge):
    assert badge(audioio=False).build().sound is None
    assert badge(audiocore=False).build().sound is None
    s = Sound(None, 3)
    s.play(ROLL)
    s.flush()
    s.set_level(0)


def test_sound_finds_no_folder_then_plays_tones(monkeypatch):
    played = []

    class Device:
        level = None

        def set_level(self, level):
            self.level = level

        def load(self, folder, names):
            raise AssertionError("no folder: nothing to load")

        def sample(self, name):
            raise AssertionError("no folder: no samples")

        def tone(self, hz, ms):
            played.append((hz, ms))

    monkeypatch.setattr(sound, "FOLDER", "/no/such/folder/")
    device = Device()
    s = Sound(device, 2)
    assert not s.samples and device.level == 2
    s.play(DONE)
    s.flush()
    assert played == list(DONE[1])


class Recorder:
    """A sound device that records what it is asked (tones, levels)."""

    def __init__(self):
        self.calls = []

    def set_level(self, level):
        self.calls.append(("level", level))

    def tone(self, hz, ms):
        self.calls.append(("tone", hz, ms))


EFFECTS = (CLICK, ROLL, REFUSE, DONE)


@hsettings(max_examples=80, deadline=None)
@given(st.integers(0, 3), st.lists(st.one_of(
    st.tuples(st.just("play"), st.sampled_from(EFFECTS)),
    st.tuples(st.just("flush")),
    st.tuples(st.just("level"), st.integers(0, 3))), max_size=30))
def test_sound_plays_nothing_at_level_0_and_tells_the_device_each_new_level(start, steps):
    device = Recorder()
    s = Sound(device, start)
    assert device.calls == [("level", start)]
    level = start
    expected = [("level", start)]
    pending = None
    for step in steps:
        if step[0] == "play":
            if level and (pending is None or step[1] is not CLICK):
                pending = step[1]
            s.play(step[1])
        elif step[0] == "flush":
            if pending is not None:
                expected += [("tone", hz, ms) for hz, ms in pending[1]]
            pending = None
            s.flush()
        else:
            if step[1] != level:
                expected.append(("level", step[1]))
                pending = None          # (what a level change finds noted is dropped)
            level = step[1]
            s.set_level(step[1])
        assert device.calls == expected
    for i, call in enumerate(device.calls):
        if call[0] == "tone":           # every tone at a level above 0
            assert [c for c in device.calls[:i] if c[0] == "level"][-1][1] > 0


# ----- the Pico's piezo -------------------------------------------------------

class FakePWM:
    """pwmio.PWMOut: the frequency and duty-cycle writes, in order."""

    def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
        assert variable_frequency
        self.pin = pin
        self.writes = []
        self._frequency = frequency
        self._duty = duty_cycle

    @property
    def frequency(self):
        return self._frequency

    @frequency.setter
    def frequency(self, hz):
        self.writes.append(("frequency", hz))
        self._frequency = hz

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, duty):
        assert 0 <= duty <= 0xFFFF
        self.writes.append(("duty", duty))
        self._duty = duty


@contextlib.contextmanager
def pico_dice():
    """lib/dws_hw/pico_dice.py over fake firmware modules (pwmio: FakePWM);
    its ``slept``: the seconds each ``time.sleep`` was asked for."""
    class Board:
        def __getattr__(self, name):
            return name
    fakes = {"board": Board(), "busio": types.SimpleNamespace(), "displayio": types.SimpleNamespace(),
             "fourwire": types.SimpleNamespace(), "keypad": types.SimpleNamespace(),
             "microcontroller": types.SimpleNamespace(nvm=bytearray(4096)),
             "neopixel": types.SimpleNamespace(),
             "supervisor": types.SimpleNamespace(ticks_ms=lambda: 0),
             "pwmio": types.SimpleNamespace(PWMOut=FakePWM)}
    with pytest.MonkeyPatch.context() as mp:
        for name, module in fakes.items():
            mp.setitem(sys.modules, name, module)
        spec = importlib.util.spec_from_file_location(
            "pico_dice_under_test", REPO / "lib/dws_hw/pico_dice.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.slept = []
        mp.setattr(module.time, "sleep", module.slept.append)
        yield module


def test_the_piezos_duty_per_level():
    with pico_dice() as pico:
        duty = pico.Piezo.DUTY
        assert duty[0] == 0 and duty[3] == 0x8000               # high: the half duty of before
        assert duty[0] < duty[1] < duty[2] < duty[3]            # quieter: a smaller duty
        # the square wave's fundamental, sin(pi * duty), follows the
        # speaker's gains: 1/4 and 1/2 of high's
        for level in (1, 2):
            assert math.sin(math.pi * duty[level] / 0x10000) == pytest.approx(GAINS[level], abs=1e-4)
        for level in range(4):
            piezo = pico.Piezo("GP15")
            piezo.set_level(level)
            piezo.tone(880, 60)
            if level:
                assert piezo._pwm.writes == [("frequency", 880), ("duty", duty[level]), ("duty", 0)]
                assert pico.slept[-1] == pytest.approx(0.06)
            else:
                assert piezo._pwm.writes == []          # off: the pin stays silent
        piezo = pico.Piezo("GP15")                      # before a level is given: high, as before
        piezo.tone(440, 10)
        assert piezo._pwm.writes == [("frequency", 440), ("duty", 0x8000), ("duty", 0)]


@hsettings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(100, 4000), st.integers(1, 200)),
                max_size=12))
def test_the_piezo_plays_each_tone_at_the_levels_duty_and_ends_silent(steps):
    with pico_dice() as pico:
        piezo = pico.Piezo("GP15")
        expected = []
        for level, hz, ms in steps:
            piezo.set_level(level)
            piezo.tone(hz, ms)
            if level:
                expected += [("frequency", hz), ("duty", pico.Piezo.DUTY[level]), ("duty", 0)]
            assert piezo._pwm.writes == expected
            assert piezo._pwm.duty_cycle == 0


def test_the_piezos_tone_allocates_nothing():
    """Piezo.tone sets two PWM properties from ints it holds and sleeps:
    no list, tuple, dict, string or object is made (a float is no heap on
    the board: 30-bit, in the object word)."""
    tree = ast.parse((REPO / "lib/dws_hw/pico_dice.py").read_text())
    piezo = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Piezo")
    for method in piezo.body:
        if isinstance(method, ast.FunctionDef) and method.name in ("tone", "set_level"):
            for node in ast.walk(method):
                assert not isinstance(node, (ast.List, ast.Tuple, ast.Dict, ast.Set, ast.JoinedStr,
                                             ast.ListComp, ast.DictComp, ast.GeneratorExp)), \
                    (method.name, ast.dump(node))
                if isinstance(node, ast.Call):
                    assert ast.unparse(node.func) == "time.sleep", method.name
                if isinstance(node, ast.Constant):
                    assert not isinstance(node.value, str), method.name


# ----- the Pico's piezo and the app -----------------------------------------

def test_pico_profile_plays_tones_only():
    source = (REPO / "lib/dws_hw/pico_dice.py").read_text()
    assert "audioio" not in source and "def sample" not in source
    from sim.hw import build
    hw = build("pico_dice", seed=1)
    assert not hasattr(hw.sound, "sample") and not hasattr(hw.sound, "load")
    s = Sound(hw.sound, 3)
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
    assert s.hw.sound.level == 2                # a new device: medium
    if profile == "pybadge":
        assert s.hw.sound.samples[-1] == "roll"
        # power-up opened the medium level's four files, and the game none
        assert s.hw.sound.opened == 4 and s.hw.sound.loaded == list(NAMES)
    else:
        assert s.hw.sound.tones[-2:] == list(ROLL[1])


@pytest.mark.parametrize("profile", ["pybadge", "pico_dice"])
def test_the_app_follows_the_volume_setting(profile):
    s = start_dice_wide_shut(profile)
    s.app.draw()
    before = list(getattr(s.hw.sound, "samples", ()))
    tones = list(s.hw.sound.tones)
    s.app.settings["volume"] = 0
    s.app.apply_settings()
    assert s.app.sound.level == 0 and s.hw.sound.level == 0
    s.app.sound.play(REFUSE)
    s.app.draw()
    assert list(getattr(s.hw.sound, "samples", ())) == before and s.hw.sound.tones == tones
    s.app.settings["volume"] = 1
    s.app.apply_settings()
    assert s.hw.sound.level == 1
    s.app.sound.play(DONE)
    s.app.draw()
    if profile == "pybadge":
        assert s.hw.sound.samples[-1] == "done" and s.hw.sound.opened == 8
    else:
        assert s.hw.sound.tones[-2:] == list(DONE[1])
