"""A player's information state in Schotten Totten 2: what the AI and a hint may look at."""

from engine.errors import IllegalMove
from engine.st2.cards import NONE
from engine.st2.moves import HMAX
from engine.st2.table import Table, copy_table


class View(Table):
    """Player `me`'s information state: the wall, the discard, own hand, counts. No opponent
    hand, no deck order."""

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
