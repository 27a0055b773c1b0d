"""Determinization of the first game's View (desktop only: Expert's look-ahead, tests): a
full State consistent with what the player sees, the unseen cards dealt at random. The bundle
ships it with the look-ahead, but the device's levels (Easy, Medium, Hard) never load either."""

from engine.cards import NCARDS
from engine.st1.state import State
from engine.st1.table import HMAX, copy_table


def sample(view, rng, pool=None):
    """A full State consistent with this view: unseen cards dealt at random (determinization).

    `pool`: optional scratch bytearray of NCARDS bytes, reused to spare an allocation."""
    st = object.__new__(State)  # MicroPython classes have no __new__ of their own
    copy_table(st, view)
    if pool is None:
        pool = bytearray(NCARDS)
    pub = view.public
    mine = view.hand_of(view.me)
    n = 0
    for c in range(NCARDS):
        if not pub[c] and c not in mine:
            pool[n] = c
            n += 1
    rng.shuffle(pool, 0, n)
    st.hand = bytearray(b"\xff" * (2 * HMAX))
    o = view.me * HMAX
    for i in range(len(mine)):
        st.hand[o + i] = mine[i]
    o = (view.me ^ 1) * HMAX
    for i in range(view.opp_hand):
        st.hand[o + i] = pool[i]
    st.deck = bytearray(pool[view.opp_hand : n])
    st.ndeck = n - view.opp_hand
    return st
