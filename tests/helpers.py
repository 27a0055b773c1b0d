"""Building positions for rulebook cases, and invariants checked on every state."""

from engine import st1
from engine.cards import NCARDS, NONE, parse


def cards(text):
    return [parse(x) for x in text.split()]


def build(stones, hand1="", hand2="", to_move=0, phase=st1.PH_PLAY, timing=st1.T2016, owners=None):
    """A State with the given cards on the table (other cards in the deck).

    stones: {stone number 1-9: ("cards of player 1", "cards of player 2")}; complete sides
    are numbered as completed in the order listed (stone by stone, player 1 first), unless a
    stone's tuple has a third item naming who completed first (1 or 2)."""
    st = st1.State(None, timing)
    used = set()
    played = 0
    for num in sorted(stones):
        spec = stones[num]
        s = num - 1
        order = (0, 1) if len(spec) < 3 or spec[2] == 1 else (1, 0)
        for p in order:
            cs = cards(spec[p])
            for k, c in enumerate(cs):
                assert c not in used
                used.add(c)
                st.board[(s * 2 + p) * st1.SLOTS + k] = c
                st.public[c] = 1
                played += 1
            st.cnt[s * 2 + p] = len(cs)
            if len(cs) == st.need[s]:
                st.done[s * 2 + p] = played
    st.nplayed = played
    for p, h in ((0, hand1), (1, hand2)):
        for i, c in enumerate(cards(h)):
            assert c not in used
            used.add(c)
            st.hand[p * st1.HMAX + i] = c
    rest = [c for c in range(NCARDS) if c not in used]
    st.deck = bytearray(rest)
    st.ndeck = len(rest)
    st.to_move = to_move
    st.phase = phase
    for s, o in (owners or {}).items():
        st.owner[s - 1] = o
    return st


def snapshot(st):
    """Everything about a State, to check that a rejected move changed nothing."""
    return (
        bytes(st.board) + bytes(st.cnt) + bytes(st.need) + bytes(st.done) + bytes(st.owner)
        + bytes(st.public) + bytes(sorted(st.hand_of(0))) + b"/" + bytes(sorted(st.hand_of(1)))
        + bytes(st.deck[: st.ndeck]),
        (st.ndeck, st.timing, st.first, st.to_move, st.phase, st.nplayed, st.turn, st.winner),
    )  # fmt: skip


def check_invariants(st):
    """All 54 cards accounted for exactly once; counts, completions and owners consistent."""
    seen = bytearray(NCARDS)
    for c in st.deck[: st.ndeck]:
        seen[c] += 1
    for p in (0, 1):
        h = st.hand_of(p)
        assert len(h) <= st1.HAND
        for c in h:
            seen[c] += 1
    for s in range(st1.NSTONES):
        for p in (0, 1):
            i = s * 2 + p
            n = st.cnt[i]
            assert n <= st.need[s]
            for k in range(st1.SLOTS):
                c = st.board[i * st1.SLOTS + k]
                if k < n:
                    seen[c] += 1
                    assert st.public[c] == 1
                else:
                    assert c == NONE
            assert (st.done[i] > 0) == (n == st.need[s])
        assert st.owner[s] in (0, 1, 2)
    assert bytes(seen) == b"\x01" * NCARDS, "a card is missing or doubled"
    assert sum(st.public) == sum(st.cnt)
    if st.phase == st1.PH_OVER:
        assert st.winner in (0, 1) and st._winner_after_claim(st.winner)
    else:
        assert st.winner == NONE
        assert not st._winner_after_claim(0) and not st._winner_after_claim(1)
