"""A seedable random source that gives the same numbers on CPython, MicroPython and CircuitPython.

Two 16-bit multiply-with-carry generators (Marsaglia), multipliers chosen so that every
intermediate value stays below 2**30: a small int on a 32-bit board, so drawing never
allocates. Multipliers 16380 and 16365 make a*2**16-1 a safe prime (full MWC period).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_M16 = const(0xFFFF)
_A1 = const(16380)
_A2 = const(16365)


class Rng:
    """Seedable generator: `Rng(seed)`; `randrange(n)`, `shuffle(buf)`."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Reset from any non-negative int seed (only its low 32 bits count)."""
        seed &= 0xFFFFFFFF
        # Neither half may be 0 or its MWC fixed point; mix the seed so nearby seeds differ.
        self.z = ((seed & _M16) ^ 0x5A5A) or 1
        self.w = ((seed >> 16) ^ 0x3C3C) or 1
        for _ in range(4):
            self.next30()

    def next30(self):
        """Next 30-bit non-negative int."""
        z = self.z
        z = _A1 * (z & _M16) + (z >> 16)
        self.z = z
        w = self.w
        w = _A2 * (w & _M16) + (w >> 16)
        self.w = w
        return ((z & 0x7FFF) << 15) | (w & 0x7FFF)

    def randrange(self, n):
        """Uniform int in [0, n) for 0 < n < 2**15 (rejection sampling: no modulo bias)."""
        # Accept r <= top, where top + 1 is the largest multiple of n up to 2**30; written
        # without 2**30 itself, which would be a long int on the board.
        top = 0x3FFFFFFF - ((0x3FFFFFFF % n + 1) % n)
        r = self.next30()
        while r > top:
            r = self.next30()
        return r % n

    def shuffle(self, buf, lo=0, hi=-1):
        """Fisher–Yates shuffle of buf[lo:hi] in place (hi=-1: to the end)."""
        if hi < 0:
            hi = len(buf)
        i = hi - 1
        while i > lo:
            j = lo + self.randrange(i - lo + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1

    def state(self):
        """Opaque tuple to restore with set_state (used to fork reproducible sub-streams)."""
        return (self.z, self.w)

    def set_state(self, st):
        self.z, self.w = st
