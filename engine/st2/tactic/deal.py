"""Determinization of the second game's tactic View (desktop only: Expert's look-ahead,
tests): a full TState consistent with what the player sees and knows. The device never loads
it (sim/bundle.py, DESKTOP_ONLY)."""

from engine.st2.table import copy_table
from engine.st2.tactic.legal import copy_tactic
from engine.st2.tactic.state import TState

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_HMAX = const(7)
_NTACTIC = const(11)
_FIRST = const(60)
_NSIEGE = const(60)
_END = const(71)


def sample(view, rng, pool=None):
    """A full State consistent with this view: the cards this player cannot see dealt at
    random, keeping what they know (determinization). `pool` is not used (this variant's
    pools are made here)."""
    st = object.__new__(TState)
    copy_table(st, view)
    copy_tactic(st, view)
    me = view.me
    mine = view.hand_of(me)
    loc = view.loc
    kn = view.kn
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
    need_s = view.opp_hand - view.opp_tac - (len(known) - kt)
    need_t = view.opp_tac - kt
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
    o, made = view.hidden_picks()
    if made:
        h = bytearray(opp)
        rng.shuffle(h)
        h = sorted(h[: view.xk])
        for j in range(made):
            st.pick[o + j] = h[j]
    return st
