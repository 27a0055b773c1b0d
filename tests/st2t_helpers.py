"""Schotten Totten 2 tactic variant: building positions for rulebook cases, snapshots and the
invariants of every state (all 60 siege and 11 tactic cards accounted for exactly once)."""

from engine.st2 import moves as T
from engine.st2.cards import NONE, NSIEGE, NTILES, need
from engine.st2.tactic.cards import ACTIONS, END, EXCHANGE, FIRST, NTACTIC, name, parse
from engine.st2.tactic.state import TState
from tests.st2_helpers import check_sides, place_tiles
from tests.st2_helpers import snapshot as base_snapshot


def cards(text):
    return [parse(x) for x in text.split()]


def build(
    tiles=None,
    hand1="",
    hand2="",
    to_move=0,
    damaged=(),
    discard="",
    oil=3,
    deck=None,
    tdeck=None,
    used1="",
    used2="",
    tcount=None,
):
    """A tactic State with the given cards on the wall (as tests/st2_helpers.build): hands not
    given are dealt 7 siege cards from the rest; the rest is the siege deck, or with `deck`
    given, the deck is exactly that and the other siege cards are discarded. The tactic deck is
    every tactic card placed nowhere else (in id order), under `tdeck` (its top, drawn from the
    end). Used action cards count as played; tcount (default: the used cards of each) sets the
    counts. An empty or short tactic deck: build(..., **gone("SPY JOKER")).

    tiles: {tile number 1-7: ("Attacker's cards", "Defender's cards"[, who completed first])}."""
    st = TState(None)
    used = set()

    def take(c):
        assert c not in used, name(c)
        used.add(c)

    place_tiles(st, tiles, damaged, take, cards)
    for c in cards(discard):
        take(c)
        st.loc[c] = 2
    for p, text in ((0, used1), (1, used2)):
        for c in cards(text):
            assert c >= ACTIONS
            take(c)
            st.loc[c] = 3 + p
    hands = [cards(hand1), cards(hand2)]
    for h in hands:
        for c in h:
            take(c)
    fixed = [] if deck is None else cards(deck)
    for c in fixed:
        take(c)
    tfixed = None if tdeck is None else cards(tdeck)
    for c in tfixed or ():
        take(c)
    rest = [c for c in range(NSIEGE) if c not in used]
    for p in (0, 1):
        if not hands[p]:
            hands[p] = rest[-7:]
            del rest[-7:]
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
    below = [c for c in range(FIRST, END) if c not in used]
    for c in below:
        take(c)
    tfixed = below + (tfixed or [])
    assert len(used) == END, "every card placed once"
    st.deck = bytearray(NSIEGE)
    st.deck[: len(rest)] = bytes(rest)
    st.ndeck = len(rest)
    st.tdeck = bytearray(NTACTIC)
    st.tdeck[: len(tfixed)] = bytes(tfixed)
    st.ntdeck = len(tfixed)
    st.to_move = to_move
    st.oil = oil
    for p, text in ((0, used1), (1, used2)):
        st.tcount[p] = len(cards(text))
    if tcount is not None:
        st.tcount[0], st.tcount[1] = tcount
    return st


def gone(keep=""):
    """build() arguments that place every tactic card but those of `keep` out of the decks and
    hands: elite troops discarded, action cards used (by both players: counts 6 and 5)."""
    keep = set(cards(keep)) if keep else set()
    elites = [name(c) for c in range(FIRST, ACTIONS) if c not in keep]
    acts = [name(c) for c in range(ACTIONS, END) if c not in keep]
    return {
        "discard": " ".join(elites),
        "used1": " ".join(acts[0::2]),
        "used2": " ".join(acts[1::2]),
        "tcount": (6, 5),
    }


def snapshot(st):
    """Every byte and field of a tactic State, to check that a rejected move changed nothing:
    the base game's (tests/st2_helpers.snapshot), then the variant's."""
    return base_snapshot(st) + (
        bytes(st.tdeck), st.ntdeck, bytes(st.tcount), st.act, st.nstep, st.xk, bytes(st.pick),
        bytes(st.kn), bytes(st.shown), st.chz, st.chw,
    )  # fmt: skip


def where_all(st):
    """Count every card's places: hands, siege deck, tactic deck, wall, discard, used piles."""
    seen = bytearray(END + 1)
    for c in st.deck[: st.ndeck]:
        assert c < NSIEGE and st.loc[c] == 0, name(c)
        seen[c] += 1
    for c in st.tdeck[: st.ntdeck]:
        assert FIRST <= c < END and st.loc[c] == 0, name(c)
        seen[c] += 1
    for p in (0, 1):
        for c in st.hand_of(p):
            assert st.loc[c] == 0, name(c)
            seen[c] += 1
    for i in range(NTILES * 2):
        for k in range(st.cnt[i]):
            c = st.board[i * T.SLOTS + k]
            assert c < ACTIONS and st.loc[c] == 1, name(c)
            seen[c] += 1
    for c in range(END):
        if st.loc[c] == 2:
            assert c < ACTIONS, "an action card in the discard"
            seen[c] += 1
        elif st.loc[c] in (3, 4):
            assert c >= ACTIONS, "%s on a player's side of the table" % name(c)
            seen[c] += 1
    assert bytes(seen) == b"\x01" * END + b"\x00", "a card is missing or doubled"


def check_invariants(st):
    """All 71 cards exactly once; counts, stamps, the one-more-tactic rule, the action being
    carried out, what the players know."""
    where_all(st)
    assert max(st.loc) <= 4 and not st.loc[END]
    for p in (0, 1):
        assert len(st.hand_of(p)) <= T.THAND
        usedp = len([c for c in range(ACTIONS, END) if st.loc[c] == 3 + p])
        assert usedp <= st.tcount[p]
    assert abs(st.tcount[0] - st.tcount[1]) <= 1, "one Tactic card more than your opponent, at most"
    assert sum(st.tcount) <= NTACTIC
    if st.phase == T.PH_PLAY:
        p = st.to_move
        assert len(st.hand_of(p)) == T.THAND  # a full hand at every card
    check_sides(st)
    for c in range(END):
        if st.kn[c]:
            assert st.loc[c] == 0, "knowledge of a card that is not hidden"
            if st.kn[c] & 3:
                holder = 1 if st.kn[c] & 1 else 0
                assert c in st.hand_of(holder), (name(c), st.kn[c])
            if st.kn[c] & 12:  # a player who knows it is in the siege deck is right
                assert c in st.deck[: st.ndeck], name(c)
    assert 0 <= st.oil <= 3 and st.damaged() <= 4 and st.prep in (0, 1)
    assert (st.act != 0) == (st.phase in (T.PH_ACTION, T.PH_EXCHANGE))
    if st.act:
        assert st.loc[st.act] == 3 + st.turn_player()
        assert st.legal_moves(), "an action card that cannot be carried out"
        if st.act == EXCHANGE:
            mover = st.turn_player()
            made0 = st.nstep if st.phase == T.PH_ACTION else st.xk
            for j in range(made0):
                assert st.pick[j] in st.hand_of(mover)
            for j in range(st.nstep - made0):
                assert st.pick[3 + j] in st.hand_of(mover ^ 1)
    else:
        assert bytes(st.pick) == b"\xff" * 6 and st.nstep == 0
    if st.phase == T.PH_OVER:
        assert st.winner in (0, 1)
        if st.damaged() == 4:
            assert st.winner == 0
    else:
        assert st.winner == NONE and st.damaged() < 4
        if st.phase == T.PH_DECLARE:
            assert st.to_move == 0 and st.declarable()
        if st.phase == T.PH_DRAW:
            assert st.ntdeck > 0 and len(st.hand_of(st.to_move)) < T.THAND
        if st.to_move == 1 and st.phase == T.PH_PLAY:
            assert not st.complete_all(1)
        assert st.legal_moves(), "a state with no legal move"


_ZEROS = bytes(256)


def quick_invariants(st):
    """The cheap invariants of every state: each of the 71 cards exactly once (a hand or a deck,
    the wall, the discard, a player's used actions), no side over its count, the one-more rule."""
    loc = st.loc
    hidden = (bytes(st.deck[: st.ndeck]) + bytes(st.tdeck[: st.ntdeck]) + bytes(st.hand)).replace(
        b"\xff", b""
    )
    shown = bytes(st.board).replace(b"\xff", b"")
    assert len(hidden) + len(shown) + loc.count(2) + loc.count(3) + loc.count(4) == END
    assert len(set(hidden + shown)) == len(hidden) + len(shown)
    assert max(hidden + shown) < END
    where = bytes(loc) + _ZEROS[len(loc) :]
    assert not hidden.translate(where).strip(b"\x00") and not shown.translate(where).strip(b"\x01")
    assert len(shown) == sum(st.cnt) and not loc[END]
    assert abs(st.tcount[0] - st.tcount[1]) <= 1
    for t in range(NTILES):
        n = need(t, st.side[t])
        assert st.cnt[t * 2] <= n and st.cnt[t * 2 + 1] <= n
    assert sum(st.side) < 4 or (st.phase == T.PH_OVER and st.winner == 0)
