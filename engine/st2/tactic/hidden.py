"""Schotten Totten 2 tactic variant: the two action cards that move hidden cards, and what the
players learn (docs/RULES.md, "Tactic variant"): Support (two discarded siege cards into the
siege deck, which both players then know are there) and the Exchange (three cards each way,
the other player's choice a step out of turn; each then knows the three cards they gave).
Steps of engine.st2.tactic.steps, kept apart so that each module compiles in a smaller heap."""

from engine.errors import IllegalMove
from engine.st2.tactic.steps import finish, name, want_card

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_PH_ACTION = const(4)
_PH_EXCHANGE = const(5)
_NSIEGE = const(60)


def support(st, p, move):
    """A step of Support: a discarded siege card, then one above it."""
    n = st.nstep
    c = want_card(move, "a discarded siege card")
    if c >= _NSIEGE or st.loc[c] != 2:
        raise IllegalMove("Support takes discarded siege cards: %s is not one" % name(c))
    if n == 0:
        if c == st.discard()[-1]:
            raise IllegalMove("choose the two cards in increasing order: none is above %s" % name(c))
        st.pick[0] = c
        st.nstep = 1
        return
    if c <= st.pick[0]:
        raise IllegalMove("choose the two cards in increasing order: above %s" % name(st.pick[0]))
    _shuffle_in(st, st.pick[0], c)
    finish(st, p)


def _shuffle_in(st, a, b):
    """'Choose two discarded cards and shuffle them into the deck.'"""
    from engine.rng import Rng

    n = st.ndeck
    st.deck[n] = a
    st.deck[n + 1] = b
    st.ndeck = n + 2
    st.loc[a] = st.loc[b] = 0
    st.kn[a] = st.kn[b] = 12  # both players know they are in the deck
    r = Rng(1)
    r.set_state((st.chz, st.chw))
    r.shuffle(st.deck, 0, st.ndeck)
    st.chz, st.chw = r.state()


def exchange(st, p, move):
    """A step of the Exchange, by either player (the player to move)."""
    c = want_card(move, "a card of your hand for the Exchange")
    o, made = st.exchange_picks()
    if st.slot(p, c) < 0:
        raise IllegalMove("%s is not in player %d's hand" % (name(c), p + 1))
    if made and c <= st.pick[o + made - 1]:
        raise IllegalMove(
            "choose the Exchange's cards in increasing order: above %s" % name(st.pick[o + made - 1])
        )
    above = 0
    for d in st.hand_of(p):
        if d > c:
            above += 1
    if above < st.xk - made - 1:
        raise IllegalMove("choose the Exchange's cards in increasing order: too few cards above %s" % name(c))
    st.pick[o + made] = c
    st.nstep += 1
    if made + 1 < st.xk:
        return
    if st.phase == _PH_ACTION:  # the other player chooses theirs, out of turn
        st.phase = _PH_EXCHANGE
        st.to_move = p ^ 1
        return
    q = p  # the other player has chosen: the cards change hands
    m = q ^ 1
    for j in range(st.xk):
        a = st.pick[j]
        b = st.pick[3 + j]
        st.hand[st.slot(m, a)] = b
        st.hand[st.slot(q, b)] = a
        st.kn[a] = 1 << m  # "each knows three of the other's cards"
        st.kn[b] = 1 << q
    finish(st, m)
