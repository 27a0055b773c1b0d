"""A player's information state in the Schotten Totten 2 tactic variant.

Beside the base game's view (the wall, the discard, one's own hand, the counts): how many
tactic cards the other holds (each sees which deck the other draws from), the other's three
Exchange cards one gave them (until played), the siege cards Support shuffled into the deck
(while they are certainly there: until the other player draws a siege card), the Exchange
cards one chose (not the other's, until they change hands). Nothing else: no deck order, no
other hand. `sample` deals what the player cannot see so that all of it holds.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.table import copy_table
from engine.st2.tactic.legal import TLegal, copy_tactic
from engine.st2.view import View

_PH_EXCHANGE = const(5)
_HMAX = const(7)
_NTACTIC = const(11)
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

    def sample(self, rng):
        """A full State consistent with this view: the cards this player cannot see dealt at
        random, keeping what they know (determinization)."""
        from engine.st2.tactic.state import TState

        st = object.__new__(TState)
        copy_table(st, self)
        copy_tactic(st, self)
        me = self.me
        mine = self.hand_of(me)
        loc = self.loc
        kn = self.kn
        known = []
        indeck = []
        pool = bytearray(_END)
        ns = 0
        tac = []
        for c in range(_END):
            if loc[c] or c in mine:
                continue
            if kn[c] & (1 << me):
                known.append(c)
            elif c >= _FIRST:
                tac.append(c)
            elif kn[c] & (4 << me):
                indeck.append(c)
            else:
                pool[ns] = c
                ns += 1
        rng.shuffle(pool, 0, ns)
        tac = bytearray(tac)
        rng.shuffle(tac)
        kt = 0
        for c in known:
            if c >= _FIRST:
                kt += 1
        need_s = self.opp_hand - self.opp_tac - (len(known) - kt)
        need_t = self.opp_tac - kt
        opp = known + list(pool[:need_s]) + list(tac[:need_t])
        st.hand = bytearray(b"\xff" * (2 * _HMAX))
        for i in range(len(mine)):
            st.hand[me * _HMAX + i] = mine[i]
        o = (me ^ 1) * _HMAX
        for i in range(len(opp)):
            st.hand[o + i] = opp[i]
        st.deck = bytearray(_NSIEGE)
        n = 0
        for c in list(pool[need_s:ns]) + indeck:
            st.deck[n] = c
            n += 1
        rng.shuffle(st.deck, 0, n)
        st.tdeck = bytearray(_NTACTIC)
        for i in range(need_t, len(tac)):
            st.tdeck[i - need_t] = tac[i]
        st.chz = 1 + rng.randrange(30000)
        st.chw = 1 + rng.randrange(30000)
        o, made = self.hidden_picks()
        if made:
            h = bytearray(opp)
            rng.shuffle(h)
            h = sorted(h[: self.xk])
            for j in range(made):
                st.pick[o + j] = h[j]
        return st
