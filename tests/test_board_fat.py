"""The board suite's drive reader (tools/board/fat.py) on drives made here
like the emulated Pico's (mkfs.fat + mtools, 1 MiB FAT12, 512-byte
clusters): it lists exactly the files written, a blank 4 KB flash sector
shows as lost or changed files, and the cover's layout check tells a drive
written in make flash's order from one where another file's cluster shares
a flash sector with what the game rewrites."""
import os
import random
import subprocess

import pytest

from tools.board import fat

COVER = "dws_cover/image/nvm.bin"


def tool(*cmd):
    try:
        # (mkfs.fat is in /usr/sbin, which a user's PATH may not hold)
        path = os.environ.get("PATH", "") + ":/sbin:/usr/sbin"
        subprocess.run(cmd, check=True, capture_output=True,
                       env=dict(os.environ, MTOOLS_SKIP_CHECK="1", PATH=path))
    except FileNotFoundError:
        pytest.fail("%s not found: the board suite's drive tests need mtools and dosfstools "
                    "(make test installs them; or apt-get install -y mtools dosfstools)" % cmd[0])


def drive(tmp_path, steps, name="d.img"):
    """A 1 MiB CIRCUITPY-like image made by mkfs.fat, then ``steps`` in
    order: ("dir", path) or (path, bytes).  Returns (image path, {path: bytes})."""
    img = str(tmp_path / name)
    tool("mkfs.fat", "-C", "-F", "12", "-S", "512", "-s", "1", "-n", "CIRCUITPY", img, "1024")
    written = {}
    for k, step in enumerate(steps):
        if step[0] == "dir":
            tool("mmd", "-i", img, "::/" + step[1])
            continue
        path, data = step
        src = tmp_path / ("src-%s-%d" % (name, k))
        src.write_bytes(data)
        tool("mcopy", "-i", img, str(src), "::/" + path)
        written[path] = data
    return img, written


def read(img):
    with open(img, "rb") as f:
        return f.read()


def blank(data, flash_sector):
    out = bytearray(data)
    out[flash_sector * 4096:(flash_sector + 1) * 4096] = b"\xff" * 4096
    return bytes(out)


def blob(n, seed):
    return bytes(random.Random(seed).randrange(256) for _ in range(n))


GAME = [("boot_out.txt", b"Adafruit CircuitPython 10.2.1\r\nBoard ID:raspberry_pi_pico\r\n"),
        ("code.py", b"import dws\n"), ("dir", "lib"), ("dir", "lib/dws_app"),
        ("lib/dws_app/a_long_module_name.py", blob(3000, 1)), ("lib/dws_app/EMPTY.TXT", b""),
        ("settings.toml", b"DWS_TEST_HEAP_LOG = 1\n")]
COVER_STEPS = [("dir", "dws_cover"), ("dws_cover/guard.bin", b"g" * 3584),
               ("dir", "dws_cover/image"), (COVER, blob(8192, 2))]


def test_the_reader_lists_exactly_the_files_written_and_reads_a_flash_dump(tmp_path):
    img, written = drive(tmp_path, GAME + COVER_STEPS)
    d = fat.Drive(read(img))
    assert d.files == written
    assert sorted(d.dirs) == ["dws_cover", "dws_cover/image", "lib", "lib/dws_app"]
    assert d.problems == []
    # every cluster of a file or directory is owned by it
    assert len(d.chains["lib/dws_app/a_long_module_name.py"]) == 6
    assert {d.owner[c] for c in d.chains[COVER]} == {COVER}
    flash = bytearray(b"\xff" * fat.FLASH_SIZE)
    flash[fat.DRIVE_START:fat.DRIVE_START + fat.DRIVE_SIZE] = read(img)
    assert fat.files(bytes(flash)) == written
    assert fat.check_files(written, bytes(flash)) == []


def test_a_blank_flash_sector_shows_as_lost_or_changed_files(tmp_path):
    img, written = drive(tmp_path, GAME + COVER_STEPS)
    data = read(img)
    d = fat.Drive(data)
    # the root directory's first sectors share a flash sector with the second FAT
    root = d.root_start * 512 // 4096
    lost = fat.check_files(written, blank(data, root))
    assert "code.py: lost" in lost and "lib/dws_app/a_long_module_name.py: lost" in lost
    assert "%s: lost" % COVER in lost
    # a file's last cluster: the flash sector holds its folder too, and the next file
    last = d.chains["lib/dws_app/a_long_module_name.py"][-1]
    hit = fat.check_files(written, blank(data, d.cluster_offset(last) // 4096))
    assert "lib/dws_app/a_long_module_name.py: lost" in hit and "settings.toml: changed" in hit
    assert "code.py" not in str(hit) and COVER not in str(hit)
    # the cover's last 8 blocks, outside its window
    last = d.chains[COVER][-1]
    assert fat.check_files(written, blank(data, d.cluster_offset(last) // 4096)) == [
        "%s: changed outside its window" % COVER]
    # the boot sector (with the first FAT): nothing can be read
    gone = fat.check_files(written, blank(data, 0))
    assert len(gone) == len(written) and all("lost" in p for p in gone)
    # the first FAT alone (the board reads no other): chains end early
    fat1 = bytearray(data)
    fat1[d.fat_start * 512:(d.fat_start + d.fat_sectors) * 512] = b"\xff" * (d.fat_sectors * 512)
    assert fat.check_files(written, bytes(fat1))
    assert fat.Drive(bytes(fat1)).problems


def test_the_cover_may_change_inside_its_window_only(tmp_path):
    img, written = drive(tmp_path, GAME + COVER_STEPS)
    data = bytearray(read(img))
    start = fat.Drive(bytes(data)).cluster_offset(fat.Drive(bytes(data)).chains[COVER][0])
    inside = bytearray(data)
    inside[start + 3584:start + 4608] = b"\x01" * 1024
    assert fat.check_files(written, bytes(inside)) == []
    outside = bytearray(data)
    outside[start + 4608] = 0
    assert fat.check_files(written, bytes(outside)) == ["%s: changed outside its window" % COVER]


def filler(tmp_path, cluster_at):
    """A first file's size that puts the next file's first cluster at
    offset ``cluster_at`` (0-7) of its 4 KB flash sector."""
    img, _ = drive(tmp_path, [], "empty.img")
    d = fat.Drive(read(img))
    # clusters of GAME's files and directories before the filler:
    before = 1 + 1 + 1 + 1 + 6 + 1
    sector = d.data_start + before
    return ((cluster_at - sector) % 8 or 8) * 512


@pytest.mark.parametrize("shift", range(8))
def test_the_ordered_cover_has_its_flash_sectors_to_itself(tmp_path, shift):
    size = filler(tmp_path, shift)
    img, _ = drive(tmp_path, GAME + [("filler.bin", b"f" * size)] + COVER_STEPS)
    d = fat.Drive(read(img))
    assert d.cluster_offset(d.chains["dws_cover"][0]) // 512 % 8 == shift
    assert fat.layout_check(read(img)) == (True, [])


def test_a_stray_file_before_the_image_folder_fails_the_layout(tmp_path):
    # [dws_cover][guard x7][stray][image]: the image folder's cluster is the
    # 10th after the filler; put it at offset 4 of its sector, with the stray.
    size = filler(tmp_path, 4 - 9)
    steps = GAME + [("filler.bin", b"f" * size)] + COVER_STEPS[:2] + [("stray.txt", b"s")] + \
        COVER_STEPS[2:]
    img, _ = drive(tmp_path, steps)
    ok, problems = fat.layout_check(read(img))
    assert not ok and len(problems) == 1 and "stray.txt" in problems[0]


def test_a_file_next_to_the_window_fails_the_layout(tmp_path):
    # A cover whose window is its last 2 blocks, then another file: the
    # window's last block at offset 3 of its sector, the other file's at 4.
    size = filler(tmp_path, 3 - 17)
    steps = GAME + [("filler.bin", b"f" * size)] + COVER_STEPS[:3] + \
        [(COVER, b"c" * 4608), ("late.txt", b"late")]
    img, _ = drive(tmp_path, steps)
    ok, problems = fat.layout_check(read(img), window=(3584, 4608))
    assert not ok and len(problems) == 1 and "late.txt" in problems[0]
    assert fat.layout_check(read(img), cover_path="dws_cover/none.bin")[0] is False


def test_without_the_guard_the_image_folder_shares_the_root_directory_s_flash_sector(tmp_path):
    # On an empty drive the first clusters follow the root directory's last
    # sectors in one flash sector.
    img, _ = drive(tmp_path, [COVER_STEPS[0], COVER_STEPS[2], COVER_STEPS[3]])
    ok, problems = fat.layout_check(read(img))
    assert not ok and problems == ["flash 0x105000 (drive sectors 40-47) holds <root> too"]
