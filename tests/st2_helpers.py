"""Schotten Totten 2: building positions for rulebook cases, snapshots, invariants."""

from engine.st2 import moves as T
from engine.st2.cards import NCARDS, NONE, NSIEGE, NTILES, need
from engine.st2.notation import parse_card as parse
from engine.st2.state import State


def cards(text):
    return [parse(x) for x in text.split()]


def place_tiles(st, tiles, damaged, take, cards=cards):
    """Put build()'s `tiles` and `damaged` on st's wall (cards named through `cards`), each
    card through take(card) (which checks it is placed once), the stamps in play order."""
    for t in damaged:
        st.side[t - 1] = 1
    played = 0
    for num in sorted(tiles or {}):
        spec = tiles[num]
        t = num - 1
        order = (0, 1) if len(spec) < 3 or spec[2] == 1 else (1, 0)
        for p in order:
            cs = cards(spec[p])
            assert len(cs) <= need(t, st.side[t])
            for k, c in enumerate(cs):
                take(c)
                st.board[(t * 2 + p) * T.SLOTS + k] = c
                st.loc[c] = 1
                played += 1
            st.cnt[t * 2 + p] = len(cs)
            if len(cs) == need(t, st.side[t]):
                st.done[t * 2 + p] = played
    st.nplayed = played


def build(
    tiles=None, hand1="", hand2="", to_move=0, phase=T.PH_PLAY, damaged=(), discard="", oil=3, deck=None
):
    """A State with the given cards on the wall; hands not given are dealt 6 cards from the
    rest; the rest is the deck, or with `deck` given, the deck is exactly that and the rest is
    discarded.

    tiles: {tile number 1-7: ("Attacker's cards", "Defender's cards"[, who completed first:
    1 or 2])}, cards in play order; damaged: tile numbers showing their damaged side."""
    st = State(None)
    used = set()

    def take(c):
        assert c not in used, c
        used.add(c)

    place_tiles(st, tiles, damaged, take)
    for c in cards(discard):
        take(c)
        st.loc[c] = 2
    hands = [cards(hand1), cards(hand2)]
    for h in hands:
        for c in h:
            take(c)
    fixed = [] if deck is None else cards(deck)
    for c in fixed:
        take(c)
    rest = [c for c in range(NSIEGE) if c not in used]
    for p in (0, 1):
        if not hands[p]:
            hands[p] = rest[-6:]
            del rest[-6:]
        for i, c in enumerate(hands[p]):
            st.hand[p * T.HMAX + i] = c
            used.add(c)
    if deck is not None:
        for c in rest:
            take(c)
            st.loc[c] = 2
        rest = fixed
    else:
        for c in rest:
            take(c)
    assert len(used) == NSIEGE, "every card placed once"
    st.deck = bytearray(rest)
    st.ndeck = len(rest)
    st.to_move = to_move
    st.phase = phase
    st.oil = oil
    return st


def snapshot(st, exact=True):
    """Every byte and field of a State, to check that a rejected move changed nothing.
    exact=False: the game as notation sees it (hands as sets, the deck's undrawn part)."""
    hand = bytes(st.hand) if exact else bytes(sorted(st.hand_of(0))) + b"/" + bytes(sorted(st.hand_of(1)))
    deck = bytes(st.deck) if exact else bytes(st.deck[: st.ndeck])
    return (
        bytes(st.board), bytes(st.cnt), bytes(st.done), bytes(st.side), bytes(st.loc), hand, deck,
        st.ndeck, st.to_move, st.phase, st.winner, st.turn, st.nplayed, st.oil, st.prep, st.variant,
    )  # fmt: skip


def check_sides(st):
    """Every side within its count, empty past its cards, stamped exactly when complete (a
    stamp at most the cards played, no two alike)."""
    stamps = []
    for t in range(NTILES):
        n = need(t, st.side[t])
        for p in (0, 1):
            i = t * 2 + p
            k = st.cnt[i]
            assert k <= n, "a side over its count"
            for j in range(k, T.SLOTS):
                assert st.board[i * T.SLOTS + j] == NONE
            assert (st.done[i] > 0) == (k == n)
            if st.done[i]:
                assert st.done[i] <= st.nplayed
                stamps.append(st.done[i])
    assert len(set(stamps)) == len(stamps)


def check_invariants(st):
    """All 60 siege cards accounted for exactly once; counts, stamps, cauldrons, damage."""
    seen = bytearray(NCARDS)
    for c in st.deck[: st.ndeck]:
        assert st.loc[c] == 0
        seen[c] += 1
    for p in (0, 1):
        h = st.hand_of(p)
        assert len(h) <= T.HAND
        if st.phase == T.PH_PLAY and st.to_move == p:
            assert len(h) == T.HAND  # a full hand at the start of every play
        for c in h:
            assert st.loc[c] == 0
            seen[c] += 1
    check_sides(st)
    for i in range(NTILES * 2):
        for k in range(st.cnt[i]):
            c = st.board[i * T.SLOTS + k]
            assert st.loc[c] == 1
            seen[c] += 1
    for c in range(NSIEGE):
        if st.loc[c] == 2:
            seen[c] += 1
    assert bytes(seen) == b"\x01" * NSIEGE + bytes(NCARDS - NSIEGE), "a card is missing or doubled"
    assert 0 <= st.oil <= 3 and st.damaged() <= 4
    assert st.prep in (0, 1)
    if st.phase == T.PH_OVER:
        assert st.winner in (0, 1)
        if st.damaged() == 4:
            assert st.winner == 0
    else:
        assert st.winner == NONE and st.damaged() < 4
        assert st.phase in (T.PH_PLAY, T.PH_DECLARE)
        if st.phase == T.PH_DECLARE:
            assert st.to_move == 0 and st.declarable()
        if st.to_move == 1:
            assert not st.complete_all(1)


NEEDS = [need(t, d) for t in range(NTILES) for d in (0, 1)]
_ZEROS = bytes(256)


def quick_invariants(st):
    """The invariants of every state, written to be cheap: each of the 60 siege cards exactly
    once (hidden in a hand or the deck, on a tile, or discarded); no side over its count;
    cauldrons used <= 3; damaged tiles <= 4 (4 only once the Attacker has won)."""
    loc = st.loc
    hidden = (bytes(st.deck[: st.ndeck]) + bytes(st.hand)).replace(b"\xff", b"")
    shown = bytes(st.board).replace(b"\xff", b"")
    assert len(hidden) + len(shown) + loc.count(2) == NSIEGE
    assert len(set(hidden + shown)) == len(hidden) + len(shown)
    assert max(hidden + shown, default=0) < NSIEGE  # no id past the siege cards
    # each card's loc, all at once: 0 (in a hand or the deck) for hidden ones, 1 for shown ones
    where = bytes(loc) + _ZEROS[len(loc) :]
    assert not hidden.translate(where).strip(b"\x00") and not shown.translate(where).strip(b"\x01")
    assert max(loc) <= 2 and not any(loc[NSIEGE:]) and len(shown) == sum(st.cnt)
    cnt, side = st.cnt, st.side
    for t in range(NTILES):
        n = NEEDS[t * 2 + side[t]]
        assert cnt[t * 2] <= n and cnt[t * 2 + 1] <= n
    assert 0 <= st.oil <= 3
    assert sum(side) < 4 or (st.phase == T.PH_OVER and st.winner == 0)
