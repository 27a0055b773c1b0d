"""A player's information state in Schotten Totten: what the AI and a hint may look at."""

from engine.cards import NCARDS, NONE
from engine.errors import IllegalMove
from engine.table import HMAX, Table


class View(Table):
    """Player `me`'s information state: the table, own hand, counts. No opponent hand, no deck."""

    def __init__(self, st, me):
        self.me = me
        self.board = st.board[:]
        self.cnt = st.cnt[:]
        self.need = st.need[:]
        self.done = st.done[:]
        self.owner = st.owner[:]
        self.public = st.public[:]
        o = me * HMAX
        self.hand = bytes(sorted(st.hand[o : o + HMAX]))
        self.opp_hand = len(st.hand_of(me ^ 1))
        self.ndeck = st.ndeck
        self.timing = st.timing
        self.first = st.first
        self.to_move = st.to_move
        self.phase = st.phase
        self.nplayed = st.nplayed
        self.turn = st.turn
        self.winner = st.winner

    def hand_of(self, p):
        if p != self.me:
            raise IllegalMove("a view does not show the opponent's hand")
        return [c for c in self.hand if c != NONE]

    def legal_moves(self):
        if self.to_move != self.me:
            return []
        return Table.legal_moves(self)

    def sample(self, rng, pool=None):
        """A full State consistent with this view: unseen cards dealt at random (determinization).

        `pool`: optional scratch bytearray of NCARDS bytes, reused to spare an allocation."""
        from engine.st1 import State

        st = object.__new__(State)  # MicroPython classes have no __new__ of their own
        st.board = self.board[:]
        st.cnt = self.cnt[:]
        st.need = self.need[:]
        st.done = self.done[:]
        st.owner = self.owner[:]
        st.public = self.public[:]
        if pool is None:
            pool = bytearray(NCARDS)
        pub = self.public
        mine = self.hand_of(self.me)
        n = 0
        for c in range(NCARDS):
            if not pub[c] and c not in mine:
                pool[n] = c
                n += 1
        rng.shuffle(pool, 0, n)
        st.hand = bytearray(b"\xff" * (2 * HMAX))
        o = self.me * HMAX
        for i in range(len(mine)):
            st.hand[o + i] = mine[i]
        o = (self.me ^ 1) * HMAX
        for i in range(self.opp_hand):
            st.hand[o + i] = pool[i]
        st.deck = bytearray(pool[self.opp_hand : n])
        st.ndeck = n - self.opp_hand
        st.timing = self.timing
        st.first = self.first
        st.to_move = self.to_move
        st.phase = self.phase
        st.nplayed = self.nplayed
        st.turn = self.turn
        st.winner = self.winner
        return st
