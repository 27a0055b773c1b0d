"""Determinizations for the look-ahead: a State copy and a random deal consistent with a View.

These mirror State.copy and View.sample but build the object with `object.__new__`, which
MicroPython has (it has no `State.__new__`). They use only what the View shows: the table,
our own hand, the opponent's hand size and the deck size.
"""

from engine.cards import NCARDS
from engine.st1 import HMAX, State


def _blank():
    return object.__new__(State)


def copy(st):
    """An independent copy of a State."""
    s = _blank()
    s.board = st.board[:]
    s.cnt = st.cnt[:]
    s.need = st.need[:]
    s.done = st.done[:]
    s.owner = st.owner[:]
    s.public = st.public[:]
    s.hand = st.hand[:]
    s.deck = st.deck[:]
    s.ndeck = st.ndeck
    s.timing = st.timing
    s.first = st.first
    s.to_move = st.to_move
    s.phase = st.phase
    s.nplayed = st.nplayed
    s.turn = st.turn
    s.winner = st.winner
    return s


def sample(view, rng, pool):
    """A full State consistent with `view`: the unseen cards dealt at random.

    pool: a bytearray of NCARDS, reused as scratch for the unseen cards."""
    st = _blank()
    st.board = view.board[:]
    st.cnt = view.cnt[:]
    st.need = view.need[:]
    st.done = view.done[:]
    st.owner = view.owner[:]
    st.public = view.public[:]
    me = view.me
    pub = view.public
    mine = view.hand_of(me)
    n = 0
    for c in range(NCARDS):
        if not pub[c] and c not in mine:
            pool[n] = c
            n += 1
    rng.shuffle(pool, 0, n)
    st.hand = bytearray(b"\xff" * (2 * HMAX))
    o = me * HMAX
    for i in range(len(mine)):
        st.hand[o + i] = mine[i]
    o = (me ^ 1) * HMAX
    oh = view.opp_hand
    for i in range(oh):
        st.hand[o + i] = pool[i]
    st.deck = bytearray(pool[oh:n])
    st.ndeck = n - oh
    st.timing = view.timing
    st.first = view.first
    st.to_move = view.to_move
    st.phase = view.phase
    st.nplayed = view.nplayed
    st.turn = view.turn
    st.winner = view.winner
    return st
