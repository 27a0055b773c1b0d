"""A player's information state in the tactic variant: what the AI and a hint may look at.

Player `me` sees the table, the discard, both decks' sizes, the opponent's hand size and how
many of its cards are tactic cards (the decks' backs differ), and what `me` put under a deck
with Recruiter: those cards' places in the deck, or in the opponent's hand once drawn there.
`kn[c]` keeps only what `me` knows of who knows card c. Not the rest of the opponent's hand,
nor the order of either deck.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st1.tactic.legal import TLegal
from engine.st1.tactic.table import copy_ttable

_NALL = const(64)
_NCLAN = const(54)
_HSLOTS = const(9)
_NONE = const(255)


def _masked(deck, n, kn, me):
    """A deck's slots as `me` sees them: the card where `me` knows it, else _NONE; and the
    slots the opponent knows (bit 1) or both do (bit 0 too): kept as kd flags."""
    out = bytearray(b"\xff" * len(deck))
    kd = bytearray(len(deck))
    for i in range(n):
        c = deck[i]
        k = kn[c]
        if k >> me & 1:
            out[i] = c
            kd[i] |= 1
        if k >> (me ^ 1) & 1:
            kd[i] |= 2
    return out, kd


class TView(TLegal):
    """Player `me`'s information state in a tactic game (docs/ENGINE.md)."""

    def __init__(self, st, me):
        self.me = me
        copy_ttable(self, st)
        o = me * _HSLOTS
        self.hand = bytes(sorted(st.hand[o : o + _HSLOTS]))
        opp = st.hand_of(me ^ 1)
        self.opp_hand = len(opp)
        self.opp_tactics = 0
        known = []
        for c in opp:
            if c >= _NCLAN:
                self.opp_tactics += 1
            if st.kn[c] >> me & 1:
                known.append(c)
        known.sort()
        self.opp_known = bytes(known)
        self.deck, self.kd = _masked(st.deck, st.ndeck, st.kn, me)
        self.tdeck, self.ktd = _masked(st.tdeck, st.ntdeck, st.kn, me)
        kn = bytearray(_NALL)
        mine = self.hand_of(me)
        for c in range(_NALL):
            if st.public[c] or c in mine or st.kn[c] >> me & 1:
                kn[c] = st.kn[c]
        self.kn = kn

    def hand_of(self, p):
        if p != self.me:
            raise IllegalMove("a view does not show the opponent's hand")
        return [c for c in self.hand if c != _NONE]

    def legal_moves(self):
        if self.to_move != self.me:
            return []
        return TLegal.legal_moves(self)

    def key(self):
        """Everything the view holds, as bytes: two states that `me` cannot tell apart give
        the same key (the honesty tests compare them)."""
        head = bytes(
            [self.me, self.timing, self.first, self.to_move, self.phase, self.winner & 255,
             self.ndeck, self.ntdeck, self.ndisc, self.jk, self.act, self.asel, self.left,
             self.rets, self.played, self.passes, self.opp_hand, self.opp_tactics,
             self.nplayed & 255, self.turn & 255, self.turn >> 8 & 255]
        )  # fmt: skip
        return b"/".join(
            [head, bytes(self.board), bytes(self.cnt), bytes(self.need), bytes(self.done),
             bytes(self.owner), bytes(self.public), bytes(self.mode), bytes(self.disc),
             bytes(self.tp), bytes(self.ev), self.hand, self.opp_known, bytes(self.deck),
             bytes(self.kd), bytes(self.tdeck), bytes(self.ktd), bytes(self.kn)]
        )  # fmt: skip

    def sample(self, rng, pool=None):
        """A full TState consistent with this view: the cards `me` cannot place dealt at
        random, clan cards where clan cards are and tactic cards where tactic cards are
        (determinization). `pool`: optional scratch bytearray of 64 bytes."""
        from engine.st1.tactic.state import TState

        st = object.__new__(TState)
        copy_ttable(st, self)
        if pool is None:
            pool = bytearray(_NALL)
        me = self.me
        placed = bytearray(_NALL)  # cards whose place `me` knows
        for c in range(_NALL):
            if self.public[c]:
                placed[c] = 1
        for c in self.hand_of(me):
            placed[c] = 1
        for c in self.opp_known:
            placed[c] = 1
        for d, n in ((self.deck, self.ndeck), (self.tdeck, self.ntdeck)):
            for i in range(n):
                if d[i] != _NONE:
                    placed[d[i]] = 1
        # Unknown clan cards in pool[0:nc], unknown tactic cards in pool[nc:nt].
        nc = 0
        for c in range(_NCLAN):
            if not placed[c]:
                pool[nc] = c
                nc += 1
        nt = nc
        for c in range(_NCLAN, _NALL):
            if not placed[c]:
                pool[nt] = c
                nt += 1
        rng.shuffle(pool, 0, nc)
        rng.shuffle(pool, nc, nt)
        st.kn = self.kn[:]
        st.hand = bytearray(b"\xff" * (2 * _HSLOTS))
        mine = self.hand_of(me)
        o = me * _HSLOTS
        for i in range(len(mine)):
            st.hand[o + i] = mine[i]
        o = (me ^ 1) * _HSLOTS
        kt = 0
        for i in range(len(self.opp_known)):
            c = self.opp_known[i]
            st.hand[o + i] = c
            kt += c >= _NCLAN
        i = len(self.opp_known)
        ic, it = 0, nc
        for _ in range(self.opp_tactics - kt):
            st.hand[o + i] = pool[it]
            it += 1
            i += 1
        while i < self.opp_hand:
            st.hand[o + i] = pool[ic]
            ic += 1
            i += 1
        st.deck = self.deck[:]
        st.tdeck = self.tdeck[:]
        for d, n, kd in ((st.deck, self.ndeck, self.kd), (st.tdeck, self.ntdeck, self.ktd)):
            for j in range(n):
                if d[j] == _NONE:
                    if d is st.deck:
                        c = pool[ic]
                        ic += 1
                    else:
                        c = pool[it]
                        it += 1
                    d[j] = c
                    if kd[j] & 2:
                        st.kn[c] |= 1 << (me ^ 1)
        return st
