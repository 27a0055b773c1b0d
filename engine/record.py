"""Game records: game, variant, options, seed and moves, and their packed bytes (saves). The
device imports only this (and, for the second game, engine.st2.record, which unpack() loads
when the bytes say so); the text form (docs/NOTATION.md) is engine.record_text, desktop-only.

Packed, format 2: byte 0 is the game's number << 4 | the format version, so 0x12 is a record
of the first game (0x22 is the second game's match record: engine.st2.record); byte 1 the
variant (0 the base game, 1 the tactic variant); byte 2 the options (bit 0 timing, bit 1 first player); the seed
(4 bytes, big endian), then 2 bytes per move (big endian). Format 1 (byte 0 = 1: the first
game's base game, no variant byte) is read and migrated; any other version is refused.
Example: Record(42, T1999, 1, [299]).pack() == b"\\x12\\x00\\x03\\x00\\x00\\x00\\x2a\\x01\\x2b".
"""

from engine.errors import IllegalMove


class Record:
    """Options, seed and move list of one round of the first game (variant 0 the base game, 1
    the tactic variant); `replay()` rebuilds the State exactly."""

    game = 1  # the first game (engine.games)

    def __init__(self, seed, timing=0, first=0, moves=None, variant=0):  # timing 0: T2016
        self.seed = seed
        self.timing = timing
        self.first = first
        self.moves = moves if moves is not None else []
        self.result = None
        self.variant = variant

    def start(self):
        # Imported here: a second game's save read through unpack() loads none of the first
        # game's modules (new_state loads a base game's State, and the tactic variant's only
        # for its rounds).
        from engine.st1.game import new_state, options

        return new_state(options(self.variant, self.timing, self.first), self.seed)

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
        b = bytearray(7 + 2 * len(self.moves))  # 7 bytes before the moves
        b[0] = 0x12  # game 1, format 2
        b[1] = self.variant
        b[2] = self.timing | (self.first << 1)
        for i in range(4):
            b[3 + i] = (self.seed >> (24 - 8 * i)) & 0xFF
        for i, m in enumerate(self.moves):
            b[7 + 2 * i] = m >> 8
            b[8 + 2 * i] = m & 0xFF
        return bytes(b)


def unpack(data):
    """Packed bytes to a Record; IllegalMove if malformed or of an unknown format or variant
    (the moves are checked by replay). A second-game record gives engine.st2.record's."""
    v = data[0] if data else 0
    if v >> 4 == 2:
        from engine.st2.record import unpack as unpack2

        return unpack2(data)
    o = 2 if v == 0x12 else 1  # format 1 (0x01) has no variant byte: the base game
    if (o == 1 and v != 1) or (o == 2 and len(data) > 1 and data[1] > 1):
        raise IllegalMove(
            "a record of format %d, variant %d: this version reads 0x12 and 0x01 (variant 0 the base"
            " game, 1 the tactic variant)" % (v, data[1] if len(data) > 1 else 0)
        )
    n = len(data)
    if n < o + 5 or (n - o) % 2 == 0 or data[o] > 3:
        raise IllegalMove("record too short, odd length or bad options")
    seed = (data[o + 1] << 24) | (data[o + 2] << 16) | (data[o + 3] << 8) | data[o + 4]
    moves = [(data[i] << 8) | data[i + 1] for i in range(o + 5, n, 2)]
    return Record(seed, data[o] & 1, data[o] >> 1, moves, data[1] if o == 2 else 0)
