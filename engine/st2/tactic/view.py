"""A player's information state in the Schotten Totten 2 tactic variant.

Beside the base game's view (the wall, the discard, one's own hand, the counts): how many
tactic cards the other holds (each sees which deck the other draws from), the other's three
Exchange cards one gave them (until played), the siege cards Support shuffled into the deck
(while they are certainly there: until the other player draws a siege card), the Exchange
cards one chose (not the other's, until they change hands). Nothing else: no deck order, no
other hand. engine.st2.tactic.deal deals what the player cannot see so that all of it holds.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.tactic.legal import TLegal, copy_tactic
from engine.st2.view import View

_PH_EXCHANGE = const(5)
_FIRST = const(60)
_NSIEGE = const(60)
_EXCHANGE = const(70)
_END = const(71)


class TView(TLegal, View):
    """Player `me`'s information state in the tactic variant."""

    def __init__(self, st, me):
        View.__init__(self, st, me)
        copy_tactic(self, st)
        q = me ^ 1
        keep = (1 << me) | (1 << q) | (4 << me)
        kn = self.kn
        for c in range(_END):
            kn[c] &= keep
        self.opp_tac = 0
        for c in st.hand_of(q):
            if c >= _FIRST:
                self.opp_tac += 1
        if self.act == _EXCHANGE:  # the other player's choice is secret until the cards move
            o = 3 if st.turn_player() == me else 0
            for j in range(o, o + 3):
                self.pick[j] = 0xFF

    def legal_moves(self):
        if self.to_move != self.me:
            return []
        return TLegal.legal_moves(self)

    def opp_known(self):
        """The cards this player knows are in the other's hand (they gave them), sorted."""
        bit = 1 << self.me
        return [c for c in range(_END) if self.kn[c] & bit]

    def deck_known(self):
        """The siege cards this player knows are in the siege deck, sorted."""
        bit = 4 << self.me
        return [c for c in range(_NSIEGE) if self.kn[c] & bit]

    def hidden_picks(self):
        """(first index in pick, picks made) of the other player's secret Exchange cards."""
        if self.act != _EXCHANGE:
            return 0, 0
        ex = self.phase == _PH_EXCHANGE
        if self.turn_player() == self.me:
            return 3, self.nstep - self.xk if ex else 0
        return 0, self.xk if ex else self.nstep
