"""A test-key probe (``DWS_TEST_PROBE``): the largest block the heap can
still give, printed at the menu.  Fragmentation shows here before it shows
as a MemoryError.  Imported only with the key, at a menu after a game, just
before the app starts a new interpreter: no game meets what it did; with
the key at 2 also at every checkpoint of a game (the board suite's
``lean_mpy`` runs only, issue 50: a probe that fails makes the firmware
collect, so those runs are not quite a player's device)."""

# Decreasing sizes, up to the app's largest buffers (Shut the Box's 8 KB
# tables, DicedOut's 4 KB layers) with room to spare.  Not more: a block
# the heap's areas cannot give makes CircuitPython add an area from the
# outer heap, and a probe that left one behind measured another device
# (cp10_py then failed to compile the next game's bot).
SIZES = (24576, 20480, 16384, 12288, 8192, 6144, 4096, 3072, 2048, 1024, 512)


def largest_block():
    """The largest of ``SIZES`` that one bytearray can take now (0: none)."""
    for size in SIZES:
        try:
            block = bytearray(size)
        except MemoryError:
            continue
        del block
        return size
    return 0
