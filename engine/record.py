"""Game records: options, seed and moves, and their packed bytes (saves). The device imports
only this; the text form (docs/NOTATION.md) is engine.record_text, desktop-only.

Packed (for saves): version, options (bit 0 timing, bit 1 first player), seed (4 bytes, big
endian), then 2 bytes per move (big endian).
"""

from engine import st1
from engine.errors import IllegalMove

VERSION = 1


class Record:
    """Options, seed and move list of one game; `replay()` rebuilds the State exactly."""

    def __init__(self, seed, timing=st1.T2016, first=0, moves=None):
        self.seed = seed
        self.timing = timing
        self.first = first
        self.moves = moves if moves is not None else []
        self.result = None

    def start(self):
        return st1.State(self.seed, self.timing, self.first)

    def replay(self, upto=None):
        """The State after the first `upto` moves (all by default); IllegalMove if one fails."""
        st = self.start()
        n = len(self.moves) if upto is None else upto
        for i in range(n):
            try:
                st.apply(self.moves[i])
            except IllegalMove as e:
                raise IllegalMove("move %d (%d): %s" % (i + 1, self.moves[i], e)) from None
        return st

    def pack(self):
        b = bytearray(6 + 2 * len(self.moves))
        b[0] = VERSION
        b[1] = self.timing | (self.first << 1)
        for i in range(4):
            b[2 + i] = (self.seed >> (24 - 8 * i)) & 0xFF
        for i, m in enumerate(self.moves):
            b[6 + 2 * i] = m >> 8
            b[7 + 2 * i] = m & 0xFF
        return bytes(b)


def unpack(data):
    """Packed bytes to a Record; IllegalMove if malformed (the moves are checked by replay)."""
    if len(data) < 6 or len(data) % 2:
        raise IllegalMove("record too short or odd length")
    if data[0] != VERSION:
        raise IllegalMove("record version %d, expected %d" % (data[0], VERSION))
    if data[1] > 3:
        raise IllegalMove("bad options byte")
    seed = (data[2] << 24) | (data[3] << 16) | (data[4] << 8) | data[5]
    moves = [(data[i] << 8) | data[i + 1] for i in range(6, len(data), 2)]
    return Record(seed, data[1] & 1, data[1] >> 1, moves)
