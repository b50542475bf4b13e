"""A small seedable PRNG that gives the same numbers on every interpreter.

CircuitPython's ``random`` has no ``Random`` class, so each game owns one of
these.  It is xorshift32 (Marsaglia 2003); dice are drawn from its high 16 bits
by rejection, so every face has probability exactly 1/6.  The state is one
32-bit integer, saved with the game.
"""

MASK32 = 0xFFFFFFFF


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Seed from an int (any size); a zero state is replaced by a constant."""
        s = int(seed) & MASK32
        # Mix the seed so that nearby seeds give unrelated streams.
        s = (s ^ 0x9E3779B9) & MASK32
        s = (s * 0x85EBCA6B) & MASK32
        s ^= s >> 13
        self.state = s or 0x6D2B79F5

    @classmethod
    def from_bytes(cls, data):
        """Seed from entropy bytes, e.g. ``os.urandom(4)`` on the device."""
        value = 0
        for b in data:
            value = ((value << 8) | b) & MASK32
        return cls(value)

    def next32(self):
        x = self.state
        x ^= (x << 13) & MASK32
        x ^= x >> 17
        x ^= (x << 5) & MASK32
        self.state = x
        return x

    def below(self, n):
        """A uniform integer in [0, n) for 1 <= n <= 65536 (no modulo bias)."""
        if n < 1 or n > 65536:
            raise ValueError("below(n) needs 1 <= n <= 65536")
        limit = 65536 - 65536 % n
        while True:
            r = self.next32() >> 16
            if r < limit:
                return r % n

    def die(self, sides=6):
        """One fair die: 1..sides."""
        return self.below(sides) + 1


def seeded_entropy(seed):
    """A hardware ``entropy(n)`` that repeats: n bytes from an Rng seeded
    with ``seed`` (the app's test key that replays whole sessions)."""
    rng = Rng(seed)

    def entropy(n):
        return bytes([rng.below(256) for _ in range(n)])
    return entropy
