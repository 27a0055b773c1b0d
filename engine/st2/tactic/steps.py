"""Schotten Totten 2 tactic variant: the seven action cards, played and then carried out step
by step (each step a move of the deciding player: docs/RULES.md, "Tactic variant").

  REDEPLOYMENT  a card of yours on the wall, then a different tile with room, or the discard
  RECRUITMENT   a discarded card (siege or elite troop), then a tile of yours with room
  DESERTION     a card on the other side of the wall: discarded
  TREASON       a card on the other side of the wall, then a tile of yours with room
  EXPLOSION     a tile with cards: both sides discarded
  SUPPORT       two discarded siege cards (the second above the first), shuffled into the deck
  EXCHANGE      three cards of your hand (increasing), then the other player's three (phase
                PH_EXCHANGE, to_move the other player), then they change hands
Support and the Exchange, which move hidden cards, are engine.st2.tactic.hidden's; the legal steps
are listed by engine.st2.tactic.choice. Every check comes before the first change: an illegal step
raises IllegalMove and changes nothing.
"""

from engine.errors import IllegalMove

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_PH_PLAY = const(0)
_PH_ACTION = const(4)
_NTILES = const(7)
_REDEPLOYMENT = const(64)
_ACTIONS = const(64)
_RECRUITMENT = const(65)
_DESERTION = const(66)
_TREASON = const(67)
_EXPLOSION = const(68)
_SUPPORT = const(69)
_EXCHANGE = const(70)
_TARGET_CARD = const(650)
_TARGET_TILE = const(722)
_TARGET_DISCARD = const(729)


def name(c):
    """A card's name, for messages (engine.st2.tactic.cards, loaded only then)."""
    from engine.st2.tactic.cards import name as n

    return n(c)


# Why an action card cannot be played now (by card - 64; Exchange always can)
_WHY = (
    "a card of yours on the wall",
    "a discarded card and a tile of yours with room",
    "a card on the other side of the wall",
    "a card on the other side of the wall and a tile of yours with room",
    "a tile with cards",
    "two siege cards in the discard",
)


def start(st, p, c):
    """Player p plays action card c from their hand."""
    if st.phase != _PH_PLAY:
        raise IllegalMove("a card is already played this turn: declare control or end with done")
    i = st.slot(p, c)
    if i < 0:
        raise IllegalMove("%s is not in player %d's hand" % (name(c), p + 1))
    st.tactic_check(p)
    if not st.playable(c, p):
        raise IllegalMove("%s needs %s" % (name(c), _WHY[c - _ACTIONS]))
    st.hand[i] = 0xFF
    st.tcount[p] += 1
    st.nplayed += 1
    st.loc[c] = 3 + p  # "Keep them on your side of the table to track the number of Tactic cards"
    st.kn[c] = 0
    st.act = c
    st.nstep = 0
    st.phase = _PH_ACTION
    if c == _EXCHANGE:
        # "Each player chooses three cards from their hand": fewer only if a hand holds fewer
        st.xk = min(3, len(st.hand_of(p)), len(st.hand_of(p ^ 1)))
        if not st.xk:
            finish(st, p)


def finish(st, p):
    """The action card is carried out: the turn goes on as after any card."""
    st.act = 0
    st.nstep = 0
    st.xk = 0
    st.pick[:] = b"\xff" * 6
    st.phase = _PH_PLAY
    st.to_move = p
    st._after_play(p)


def want_card(move, what):
    if not _TARGET_CARD <= move < _TARGET_TILE:
        raise IllegalMove("choose %s now" % what)
    return move - _TARGET_CARD


def want_tile(st, p, move, what):
    if not _TARGET_TILE <= move < _TARGET_TILE + _NTILES:
        raise IllegalMove("choose %s now" % what)
    t = move - _TARGET_TILE
    if st.cnt[t * 2 + p] >= st.need(t):
        raise IllegalMove("tile %d has no room on player %d's side" % (t + 1, p + 1))
    return t


def step(st, p, move):
    """One step of the action card being carried out, by player p (the player to move); the
    Exchange's and Support's are engine.st2.tactic.hidden's (TState.apply calls them)."""
    a = st.act
    n = st.nstep
    if a == _EXPLOSION:
        if not _TARGET_TILE <= move < _TARGET_TILE + _NTILES:
            raise IllegalMove("choose the tile to explode now")
        t = move - _TARGET_TILE
        if not st.cnt[t * 2] and not st.cnt[t * 2 + 1]:
            raise IllegalMove("tile %d has no cards to explode" % (t + 1))
        st.clear_side(t * 2)
        st.clear_side(t * 2 + 1)
        finish(st, p)
        return
    if n == 0:
        c = want_card(move, "a card for %s" % name(a))
        if a == _RECRUITMENT:
            if c >= _ACTIONS or st.loc[c] != 2:
                raise IllegalMove("%s is not in the discard" % name(c))
        else:
            i, k = st.find(c) if c < _ACTIONS else (-1, -1)
            side = p if a == _REDEPLOYMENT else p ^ 1
            if i < 0 or i & 1 != side:
                raise IllegalMove(
                    "%s is not on %s side of the wall" % (name(c), "your" if side == p else "the other")
                )
            if a == _DESERTION:
                st.remove_card(i, k)
                finish(st, p)
                return
        st.pick[0] = c
        st.nstep = 1
        return
    c = st.pick[0]
    if a == _REDEPLOYMENT:
        i, k = st.find(c)
        if move == _TARGET_DISCARD:
            st.remove_card(i, k)
        else:
            t = want_tile(st, p, move, "a different tile for %s, or the discard" % name(c))
            if t == i >> 1:
                raise IllegalMove("Redeployment moves the card to a different tile")
            # "move it": not played, so Chicken versus Chef does not apply
            st.remove_card(i, k)
            st.place(t * 2 + p, c)
    else:
        t = want_tile(st, p, move, "the tile to play %s at" % name(c))
        if a == _TREASON:
            i, k = st.find(c)
            st.remove_card(i, k)
        st.put(t * 2 + p, c)  # 'play it': Chicken versus Chef applies
    finish(st, p)
