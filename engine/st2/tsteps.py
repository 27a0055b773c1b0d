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
Every check comes before the first change: an illegal step raises IllegalMove and changes
nothing.
"""

from engine.errors import IllegalMove
from engine.st2.cards import NSIEGE, NTILES
from engine.st2.moves import PH_ACTION, PH_EXCHANGE, PH_PLAY, SLOTS, TARGET_CARD, TARGET_DISCARD, TARGET_TILE
from engine.st2.tcards import (
    ACTIONS,
    DESERTION,
    EXCHANGE,
    EXPLOSION,
    RECRUITMENT,
    REDEPLOYMENT,
    SUPPORT,
    TREASON,
    name,
)

_WHY = {
    REDEPLOYMENT: "REDEPLOYMENT needs a card of yours on the wall",
    DESERTION: "DESERTION needs a card on the other side of the wall",
    TREASON: "TREASON needs a card on the other side of the wall and a tile of yours with room",
    RECRUITMENT: "RECRUITMENT needs a discarded card and a tile of yours with room",
    EXPLOSION: "EXPLOSION needs a tile with cards",
    SUPPORT: "SUPPORT needs two siege cards in the discard (you cannot play Support if there are "
    "no cards or only one card in the discard)",
}


def start(st, p, c):
    """Player p plays action card c from their hand."""
    if st.phase != PH_PLAY:
        raise IllegalMove("a card is already played this turn: declare control or end with done")
    i = st.slot(p, c)
    if i < 0:
        raise IllegalMove("%s is not in player %d's hand" % (name(c), p + 1))
    st.tactic_check(p)
    if not st.playable(c, p):
        raise IllegalMove(_WHY[c])
    st.hand[i] = 0xFF
    st.tcount[p] += 1
    st.nplayed += 1
    st.loc[c] = 3 + p  # "Keep them on your side of the table to track the number of Tactic cards"
    st.kn[c] = 0
    st.act = c
    st.nstep = 0
    st.phase = PH_ACTION
    if c == EXCHANGE:
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
    st.phase = PH_PLAY
    st.to_move = p
    st._after_play(p)


def put(st, i, c):
    """Play card c on side i (Recruitment, Treason: 'play it'), with Chicken versus Chef."""
    if c < NSIEGE and (c % 12 == 0 or c % 12 == 11):
        other = c + 11 if c % 12 == 0 else c - 11
        j = i ^ 1
        o = j * SLOTS
        for k in range(st.cnt[j]):
            if st.board[o + k] == other:
                st.remove_card(j, k)
                st.loc[c] = 2
                return
    st.place(i, c)


def _card(move, what):
    if not TARGET_CARD <= move < TARGET_TILE:
        raise IllegalMove("choose %s now" % what)
    return move - TARGET_CARD


def _tile(st, p, move, what):
    if not TARGET_TILE <= move < TARGET_TILE + NTILES:
        raise IllegalMove("choose %s now" % what)
    t = move - TARGET_TILE
    if st.cnt[t * 2 + p] >= st.need(t):
        raise IllegalMove("tile %d has no room on player %d's side" % (t + 1, p + 1))
    return t


def step(st, p, move):
    """One step of the action card being carried out, by player p (the player to move)."""
    a = st.act
    n = st.nstep
    if a == EXCHANGE:
        _exchange(st, p, move)
        return
    if a == EXPLOSION:
        if not TARGET_TILE <= move < TARGET_TILE + NTILES:
            raise IllegalMove("choose the tile to explode now")
        t = move - TARGET_TILE
        if not st.cnt[t * 2] and not st.cnt[t * 2 + 1]:
            raise IllegalMove("tile %d has no cards to explode" % (t + 1))
        st.clear_side(t * 2)
        st.clear_side(t * 2 + 1)
        finish(st, p)
        return
    if a == SUPPORT:
        c = _card(move, "a discarded siege card")
        if c >= NSIEGE or st.loc[c] != 2:
            raise IllegalMove("Support takes discarded siege cards: %s is not one" % name(c))
        if n == 0:
            if c == st.discarded(NSIEGE)[-1]:
                raise IllegalMove("choose the two cards in increasing order: none is above %s" % name(c))
            st.pick[0] = c
            st.nstep = 1
            return
        if c <= st.pick[0]:
            raise IllegalMove("choose the two cards in increasing order: above %s" % name(st.pick[0]))
        _support(st, st.pick[0], c)
        finish(st, p)
        return
    if n == 0:
        c = _card(move, "a card for %s" % name(a))
        if a == RECRUITMENT:
            if c >= ACTIONS or st.loc[c] != 2:
                raise IllegalMove("%s is not in the discard" % name(c))
        else:
            i = st.find(c)[0] if c < ACTIONS else -1
            side = p if a == REDEPLOYMENT else p ^ 1
            if i < 0 or i & 1 != side:
                raise IllegalMove("%s is not on %s side of the wall" % (name(c), "your" if side == p else "the other"))
            if a == DESERTION:
                st.remove_card(i, st.find(c)[1])
                finish(st, p)
                return
        st.pick[0] = c
        st.nstep = 1
        return
    c = st.pick[0]
    if a == REDEPLOYMENT:
        i, k = st.find(c)
        if move == TARGET_DISCARD:
            st.remove_card(i, k)
        else:
            t = _tile(st, p, move, "a different tile for %s, or the discard" % name(c))
            if t == i >> 1:
                raise IllegalMove("Redeployment moves the card to a different tile")
            # "move it": not played, so Chicken versus Chef does not apply
            st.remove_card(i, k)
            st.place(t * 2 + p, c)
    else:
        t = _tile(st, p, move, "the tile to play %s at" % name(c))
        if a == TREASON:
            i, k = st.find(c)
            st.remove_card(i, k)
        put(st, t * 2 + p, c)
    finish(st, p)


def _support(st, a, b):
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


def _exchange(st, p, move):
    c = _card(move, "a card of your hand for the Exchange")
    o, made = st.exchange_picks()
    if st.slot(p, c) < 0:
        raise IllegalMove("%s is not in player %d's hand" % (name(c), p + 1))
    if made and c <= st.pick[o + made - 1]:
        raise IllegalMove("choose the Exchange's cards in increasing order: above %s" % name(st.pick[o + made - 1]))
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
    if st.phase == PH_ACTION:  # the other player chooses theirs, out of turn
        st.phase = PH_EXCHANGE
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

