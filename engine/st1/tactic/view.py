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
