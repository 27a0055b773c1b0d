"""A player's information state in Schotten Totten: what the AI and a hint may look at."""

from engine.cards import NCARDS, NONE
from engine.errors import IllegalMove
from engine.st1.table import HMAX, Table, copy_table


class View(Table):
    """Player `me`'s information state: the table, own hand, counts. No opponent hand, no deck."""

    def __init__(self, st, me):
        self.me = me
        copy_table(self, st)
        o = me * HMAX
        self.hand = bytes(sorted(st.hand[o : o + HMAX]))
        self.opp_hand = len(st.hand_of(me ^ 1))

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
        copy_table(st, self)
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
        return st
