"""Schotten Totten 2 game records as packed bytes, and their replay (what the device imports;
the text form is engine.st2.notation's; the packing itself is engine.st2.match.pack_games, which
a device save calls without this module).

A record is a match mode (engine.st2.match: SINGLE or REVENGE) and its games, each a seed and
its moves. Packed: a version byte (0x22: the second game << 4 | format 2), the variant (0 the
base game, 1 the tactic variant), the mode, the number of games, then per game the seed (4 bytes, big endian), its
number of moves (2 bytes) and 2 bytes per move (big endian). Format 1 (0x21, no variant byte)
is read and migrated; any other version byte is refused.
"""

from engine.errors import IllegalMove
from engine.st2.match import REVENGE, SINGLE, VERSION, Match, pack_games
from engine.st2.moves import PH_OVER


class Record:
    """Mode and games ([seed, moves] each); replay() rebuilds any game's State exactly."""

    game = 2  # the second game (engine.games)

    def __init__(self, seed=None, moves=None, mode=SINGLE, variant=0):
        self.mode = mode
        self.variant = variant
        self.games = []
        if seed is not None:
            self.games.append([seed, moves if moves is not None else []])
        self.result = None  # (match player, line) when read from text

    def add_game(self, seed, moves=None):
        self.games.append([seed, moves if moves is not None else []])
        return self.games[-1][1]

    def replay(self, game=-1, upto=None):
        """The State of a game (the last by default) after `upto` moves (all by default)."""
        seed, moves = self.games[game]
        from engine.st2.game import new_state  # the variant's modules loaded leaves first

        st = new_state({"variant": self.variant}, seed)
        n = len(moves) if upto is None else upto
        for i in range(n):
            try:
                st.apply(moves[i])
            except IllegalMove as e:
                raise IllegalMove("game %d, move %d: %s" % (self._index(game) + 1, i + 1, e)) from None
        return st

    def _index(self, game):
        return game if game >= 0 else len(self.games) + game

    def replay_match(self):
        """Replay every game through a Match: (Match, last State); IllegalMove if a game before
        the last is unfinished or a game comes after the match is decided."""
        m = Match(self.mode, self.variant)
        st = None
        for i in range(len(self.games)):
            if m.over():
                raise IllegalMove("game %d: the match was already decided" % (i + 1))
            st = self.replay(i)
            if st.phase == PH_OVER:
                m.finish_game(st)
            elif i < len(self.games) - 1:
                raise IllegalMove("game %d is not finished but another follows" % (i + 1))
        return m, st

    def pack(self):
        return pack_games(self.mode, self.variant, self.games)


def unpack(data):
    """Packed bytes to a Record; IllegalMove if malformed (the moves are checked by replay)."""
    o = 1 if data and data[0] == 0x21 else 2  # format 1 has no variant byte
    if len(data) < o + 2 or (o == 2 and data[0] != VERSION):
        raise IllegalMove("not a Schotten Totten 2 record (version byte 0x22, or 0x21)")
    if o == 2 and data[1] > 1:
        raise IllegalMove(
            "record of variant %d: this version plays the base game (0) and the tactic variant (1)" % data[1]
        )
    if data[o] != SINGLE and data[o] != REVENGE:
        raise IllegalMove("bad match mode %d" % data[o])
    rec = Record(None, None, data[o], data[1] if o == 2 else 0)
    i = o + 2
    for _ in range(data[o + 1]):
        if i + 6 > len(data):
            raise IllegalMove("record truncated")
        seed = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]
        n = (data[i + 4] << 8) | data[i + 5]
        i += 6
        if i + 2 * n > len(data):
            raise IllegalMove("record truncated")
        rec.add_game(seed, [(data[i + 2 * k] << 8) | data[i + 2 * k + 1] for k in range(n)])
        i += 2 * n
    if i != len(data):
        raise IllegalMove("trailing bytes after the last game")
    return rec
