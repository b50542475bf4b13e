"""The name table grown at a game's start, from ``.py`` sources on the
board only (``App.start_seats``): a module of its own, so that no other
install carries its code."""
# Names interned by ``grow_names`` (once an interpreter: a game's start).
_grown = False


def grow_names(most=900, block=6144):
    """From ``.py`` sources on the board (a debugging install) the compiler
    interns every name of each module it compiles.  When the name table's
    pool is full the next one is allocated, twice as many entries in one
    block: 1,280 entries (~9 KB) once ~1,270 names are interned.  That
    happened at a Dice Wide Shut start, after the seats' tables, where the
    heap had no such block (``cp10_py``'s evening: MemoryError allocating
    1,280, the entries' count).  Interning throwaway names until a pool of
    ``block`` bytes or more is allocated (free heap drops by that much at
    once) makes it there, before the tables, at most ``most`` names (each
    ~7 bytes of the table's text).  Returns how many."""
    global _grown
    if _grown:
        return 0
    _grown = True
    import gc
    gc.collect()
    free = gc.mem_free()
    for i in range(most):
        getattr(grow_names, "_%d" % i, None)    # (interns the name)
        now = gc.mem_free()
        if free - now >= block:
            return i + 1
        free = now
    return most
