"""Game records: options, seed and moves, as text (docs/NOTATION.md) and as packed bytes.

Text:
    # comments and blank lines are ignored
    game st1
    timing 2016
    first 1
    seed 42
    moves
    G7@3 done B2@1 done ...
    result 2          (optional: checked against the replay)
Packed (for saves): version, options (bit 0 timing, bit 1 first player), seed (4 bytes, big
endian), then 2 bytes per move (big endian).
"""

from engine import st1
from engine.cards import NONE
from engine.errors import IllegalMove
from engine.notation import move_text, parse_move

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
                raise IllegalMove("move %d (%s): %s" % (i + 1, move_text(self.moves[i]), e)) from None
        return st

    def text(self):
        """The record as text, one turn per line, with the result if the game is over."""
        out = [
            "game st1",
            "timing " + ("1999" if self.timing else "2016"),
            "first %d" % (self.first + 1),
            "seed %d" % self.seed,
            "moves",
        ]
        # One line per turn: replay to see where each turn ends.
        game = self.start()
        line = []
        for m in self.moves:
            p = game.to_move
            game.apply(m)
            line.append(move_text(m))
            if game.to_move != p or game.phase == st1.PH_OVER:
                out.append(" ".join(line))
                line = []
        if line:
            out.append(" ".join(line))
        if game.winner != NONE:
            out.append("result %d" % (game.winner + 1))
        return "\n".join(out) + "\n"

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


def parse_text(text):
    """Text to (Record, line number of each move); IllegalMove "line N: why" if malformed."""
    opts = {}
    moves = []
    lines = []
    in_moves = False
    result = None
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        key = words[0].lower()
        if key == "result":
            if len(words) != 2 or words[1] not in ("1", "2"):
                raise IllegalMove("line %d: result must be 1 or 2" % no)
            result = (int(words[1]) - 1, no)
            continue
        if in_moves:
            for w in words:
                try:
                    moves.append(parse_move(w))
                except IllegalMove as e:
                    raise IllegalMove("line %d: %s" % (no, e)) from None
                lines.append(no)
            continue
        if key == "moves":
            in_moves = True
            continue
        if key not in ("game", "timing", "first", "seed") or len(words) != 2:
            raise IllegalMove("line %d: expected game/timing/first/seed <value> or moves" % no)
        if key in opts:
            raise IllegalMove("line %d: %s given twice" % (no, key))
        opts[key] = (words[1], no)
    for key in ("game", "seed"):
        if key not in opts:
            raise IllegalMove("line 1: missing '%s'" % key)
    if opts["game"][0].lower() != "st1":
        raise IllegalMove("line %d: only game st1 is supported" % opts["game"][1])
    timing = opts.get("timing", ("2016", 0))
    if timing[0] not in ("2016", "1999"):
        raise IllegalMove("line %d: timing is 2016 or 1999" % timing[1])
    first = opts.get("first", ("1", 0))
    if first[0] not in ("1", "2"):
        raise IllegalMove("line %d: first is 1 or 2" % first[1])
    seed = opts["seed"]
    if not seed[0].isdigit() or int(seed[0]) >= 1 << 32:
        raise IllegalMove("line %d: seed is a number below 2**32" % seed[1])
    rec = Record(int(seed[0]), 1 if timing[0] == "1999" else 0, int(first[0]) - 1, moves)
    rec.result = result
    return rec, lines


def replay_text(text):
    """Validate and replay a text record: the final State; IllegalMove "line N: why" if bad."""
    rec, lines = parse_text(text)
    st = rec.start()
    for i, m in enumerate(rec.moves):
        try:
            st.apply(m)
        except IllegalMove as e:
            raise IllegalMove("line %d: move %s: %s" % (lines[i], move_text(m), e)) from None
    if rec.result is not None and rec.result[0] != st.winner:
        raise IllegalMove(
            "line %d: the record says player %d won, the replay does not" % (rec.result[1], rec.result[0] + 1)
        )
    return rec, st
