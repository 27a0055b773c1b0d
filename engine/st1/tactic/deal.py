"""Determinization of the first game's tactic View (desktop only: Expert's look-ahead,
tests): a full TState consistent with what the player sees and knows, and the view as a
key the tests compare. The bundle ships it with
the look-ahead, but the device's levels (Easy, Medium, Hard) never load either."""

from engine.st1.tactic.state import TState
from engine.st1.tactic.table import copy_ttable

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_NALL = const(64)
_NCLAN = const(54)
_HSLOTS = const(9)
_NONE = const(255)


def sample(view, rng, pool=None):
    """A full TState consistent with this view: the cards `me` cannot place dealt at
    random, clan cards where clan cards are and tactic cards where tactic cards are
    (determinization). `pool`: optional scratch bytearray of 64 bytes."""
    st = object.__new__(TState)
    copy_ttable(st, view)
    if pool is None:
        pool = bytearray(_NALL)
    me = view.me
    placed = bytearray(_NALL)  # cards whose place `me` knows
    for c in range(_NALL):
        if view.public[c]:
            placed[c] = 1
    for c in view.hand_of(me):
        placed[c] = 1
    for c in view.opp_known:
        placed[c] = 1
    for d, n in ((view.deck, view.ndeck), (view.tdeck, view.ntdeck)):
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
    st.kn = view.kn[:]
    st.hand = bytearray(b"\xff" * (2 * _HSLOTS))
    mine = view.hand_of(me)
    o = me * _HSLOTS
    for i in range(len(mine)):
        st.hand[o + i] = mine[i]
    o = (me ^ 1) * _HSLOTS
    kt = 0
    for i in range(len(view.opp_known)):
        c = view.opp_known[i]
        st.hand[o + i] = c
        kt += c >= _NCLAN
    i = len(view.opp_known)
    ic, it = 0, nc
    for _ in range(view.opp_tactics - kt):
        st.hand[o + i] = pool[it]
        it += 1
        i += 1
    while i < view.opp_hand:
        st.hand[o + i] = pool[ic]
        ic += 1
        i += 1
    st.deck = view.deck[:]
    st.tdeck = view.tdeck[:]
    for d, n, kd in ((st.deck, view.ndeck, view.kd), (st.tdeck, view.ntdeck, view.ktd)):
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


def key(view):
    """Everything a TView holds, as bytes: two states that `me` cannot tell apart give the
    same key (the honesty tests compare them; desktop only, as this module)."""
    head = bytes(
        [view.me, view.timing, view.first, view.to_move, view.phase, view.winner & 255,
         view.ndeck, view.ntdeck, view.ndisc, view.jk, view.act, view.asel, view.left,
         view.rets, view.played, view.passes, view.opp_hand, view.opp_tactics,
         view.nplayed & 255, view.turn & 255, view.turn >> 8 & 255]
    )  # fmt: skip
    return b"/".join(
        [head, bytes(view.board), bytes(view.cnt), bytes(view.need), bytes(view.done),
         bytes(view.owner), bytes(view.public), bytes(view.mode), bytes(view.disc),
         bytes(view.tp), bytes(view.ev), view.hand, view.opp_known, bytes(view.deck),
         bytes(view.kd), bytes(view.tdeck), bytes(view.ktd), bytes(view.kn)]
    )  # fmt: skip
