"""python -m sim on bad input (one line, exit status 2, nothing run) and
without noise (no Blinka platform warning, no ALSA errors, a window that
fits a 768-pixel laptop screen)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim import __main__ as cli

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def refused(capsys, argv):
    """Runs main(argv); returns its one stderr line after checking that it
    failed with status 2 and printed nothing else."""
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


def test_nvm_in_a_missing_folder(in_tmp, capsys):
    err = refused(capsys, ["--headless", "--nvm", str(in_tmp / "nope" / "nvm.bin")])
    assert "there is no folder" in err and "nope" in err
    assert not (in_tmp / "nope").exists()


def test_nvm_naming_a_folder(in_tmp, capsys):
    (in_tmp / "saves").mkdir()
    err = refused(capsys, ["--nvm", "saves"])
    assert "--nvm saves is a folder" in err


@pytest.mark.parametrize("what, data", [
    ("the README", (REPO / "README.md").read_bytes()),
    ("random bytes", bytes(range(256)) * 4096),      # 1 MB
    ("a short text", b"my notes\n"),
    ("almost blank", b"\xff" * 100 + b"x"),
])
def test_nvm_that_is_not_an_nvm_image_is_left_unchanged(in_tmp, capsys, what, data):
    """Issue 31: a file that is not an nvm of this game is never written over."""
    (in_tmp / "f.bin").write_bytes(data)
    err = refused(capsys, ["--headless", "--keys", "A", "--nvm", "f.bin"])
    assert "--nvm f.bin is not a saved nvm of this game (left unchanged)" in err, what
    assert (in_tmp / "f.bin").read_bytes() == data
    assert not list(in_tmp.glob("out/*.png"))


def test_nvm_images_blank_or_ours_are_taken(in_tmp, capsys):
    for name, data in (("empty.bin", b""), ("blank.bin", b"\xff" * 8192),
                       ("ours.bin", b"DWSN" + bytes(8188))):
        (in_tmp / name).write_bytes(data)
        assert cli.check_nvm(name) is None, name
    saved = in_tmp / "saved.bin"
    assert cli.main(["--headless", "--keys", "A DOWN DOWN DOWN A", "--nvm", str(saved)]) == 0
    assert saved.read_bytes()[:4] == b"DWSN"       # what the simulator wrote: taken again
    assert cli.check_nvm(str(saved)) is None
    assert not list(in_tmp.glob("*.tmp"))          # written whole, by rename


def test_unknown_key(in_tmp, capsys):
    err = refused(capsys, ["--headless", "--keys", "A JUMP"])
    assert "unknown button 'JUMP'" in err
    assert "UP DOWN LEFT RIGHT A B START SELECT" in err
    assert not list(in_tmp.glob("out/*.png"))


@pytest.mark.parametrize("name,reason", [
    ("nope/shot.png", "there is no folder"),
    ("shot.xyz", "cannot write .xyz pictures"),
    ("shot", "no file extension"),
])
def test_bad_out(in_tmp, capsys, name, reason):
    err = refused(capsys, ["--headless", "--keys", "A", "--out", name])
    assert reason in err
    assert not (in_tmp / "nope").exists()


def test_keys_are_case_blind_and_pictures_can_be_bmp(in_tmp, capsys):
    assert cli.bad_input(cli.parse(["--keys", "a down Select", "--out", "x.bmp"]),
                         "nvm.bin") is None


@pytest.mark.parametrize("argv, headless", [
    ([], False),
    (["--seed", "3"], False),
    (["--headless"], True),
    (["--keys", "A"], True),
    (["--out", "x.png"], True),
    (["--keys", ""], True),
])
def test_keys_or_out_imply_headless(argv, headless):
    args = cli.parse(argv)
    assert args.headless is headless
    assert isinstance(args.keys, str)


def test_keys_and_out_without_headless_write_the_picture(in_tmp, capsys, monkeypatch):
    """python -m sim --keys A --out x.png: no window, x.png written."""
    def no_window(args, nvm):
        raise AssertionError("a window was opened")
    monkeypatch.setattr(cli, "window", no_window)
    assert cli.main(["--keys", "A", "--out", "x.png", "--nvm", "nvm.bin"]) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ("x.png\n", "")
    assert (in_tmp / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def quiet_env(**extra):
    env = dict(os.environ, **extra)
    for name in ("BLINKA_FORCECHIP", "BLINKA_FORCEBOARD"):
        env.pop(name, None)
    return env


def test_a_headless_run_is_quiet(tmp_path):
    out = tmp_path / "shot.png"
    result = subprocess.run(
        [sys.executable, "-m", "sim", "--headless", "--keys", "A DOWN DOWN DOWN A", "--out", str(out),
         "--nvm", str(tmp_path / "nvm.bin")],
        cwd=REPO, env=quiet_env(), capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert (result.stdout, result.stderr) == (str(out) + "\n", "")
    assert out.exists() and (tmp_path / "nvm.bin").exists()   # a game started: saved


WINDOW = """
import sim, displayio, pygame
from dws_hw import PROFILES
from sim.window import SimWindow
for profile in ("pybadge", "pico_dice"):
    displayio.release_displays()
    (w, h) = PROFILES[profile][0]
    win = SimWindow(w, h, profile)
    print(profile, win.scale, *win._window.get_size())
    pygame.display.quit()
"""


def test_windows_fit_a_laptop_screen_without_audio_noise():
    result = subprocess.run([sys.executable, "-c", WINDOW], cwd=REPO,
                            env=quiet_env(SDL_VIDEODRIVER="dummy"),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""          # no ALSA lines, no Blinka warning
    sizes = {}
    for line in result.stdout.splitlines():
        profile, scale, w, h = line.split()
        sizes[profile] = (int(scale), int(w), int(h))
    assert sizes["pybadge"][0] == 3
    assert sizes["pico_dice"][0] == 2
    for scale, w, h in sizes.values():
        assert w <= 1024 and h <= 768 - 80


def test_the_scale_shrinks_on_a_small_screen():
    from sim.window import fit_scale
    assert fit_scale(320, 240, 2, (1366, 768)) == 2
    assert fit_scale(320, 240, 2, (1024, 600)) == 1
    assert fit_scale(160, 128, 3, (800, 480)) == 2
