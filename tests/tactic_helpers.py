"""Building tactic positions for rulebook cases, and the invariants checked on every state."""

from engine.st1.table import NSTONES, PH_OVER, PH_PLAY, SLOTS, T2016
from engine.st1.tactic.notation import parse_card
from engine.st1.tactic.state import TState
from engine.st1.tactic.table import HSLOTS, M_BLIND, M_MUD, NALL, NCLAN, NONE, PH_ACTION, PH_DRAW

_ALL = bytes(range(NALL))


def tcards(text):
    """Card ints of space-separated names, tactic cards included: "G7 SPY"."""
    return [parse_card(x) for x in text.split()]


def tbuild(
    stones=None,
    hand1="",
    hand2="",
    to_move=0,
    phase=PH_PLAY,
    timing=T2016,
    owners=None,
    modes=None,
    tp=(0, 0),
    jk=0,
    top="",
    ttop="",
    disc="",
):
    """A TState with the given cards placed; every other clan card in the clan deck, every
    other tactic card in the tactic deck (`top`/`ttop`: the cards drawn first, in order).

    stones: {stone 1-9: ("player 1's cards", "player 2's cards")}; complete sides are stamped
    in the order listed, player 1 first. modes: {stone: "B", "M" or "BM"}. tp: tactic cards
    played (the one-more rule); jk: bit p if player p has played a Joker."""
    st = TState(None, timing)
    used = set()

    def take(text):
        out = tcards(text)
        for c in out:
            assert c not in used, c
            used.add(c)
        return out

    for s, m in (modes or {}).items():
        for letter, bit, card in (("B", M_BLIND, 58), ("M", M_MUD, 59)):
            if letter in m:
                st.mode[s - 1] |= bit
                assert card not in used
                used.add(card)
                st.public[card] = 1
        if "M" in m:
            st.need[s - 1] = 4
    for num in sorted(stones or {}):
        s = num - 1
        for p in (0, 1):
            cs = take(stones[num][p])
            for k, c in enumerate(cs):
                st.board[(s * 2 + p) * SLOTS + k] = c
                st.public[c] = 1
                st.nplayed += 1
            st.cnt[s * 2 + p] = len(cs)
            if len(cs) == st.need[s]:
                st.done[s * 2 + p] = st.nplayed
    for p, h in ((0, hand1), (1, hand2)):
        for i, c in enumerate(take(h)):
            st.hand[p * HSLOTS + i] = c
    d = take(disc)
    st.disc[: len(d)] = bytes(d)
    st.ndisc = len(d)
    for c in d:
        st.public[c] = 1
    t1 = take(top)
    t2 = take(ttop)
    clan = [c for c in range(NCLAN) if c not in used] + t1[::-1]
    tac = [c for c in range(NCLAN, NALL) if c not in used] + t2[::-1]
    st.deck[: len(clan)] = bytes(clan)
    st.ndeck = len(clan)
    st.tdeck[: len(tac)] = bytes(tac)
    st.ntdeck = len(tac)
    st.to_move = to_move
    st.phase = phase
    st.tp[0], st.tp[1] = tp
    st.jk = jk
    for s, o in (owners or {}).items():
        st.owner[s - 1] = o
    return st


def tsnapshot(st):
    """Everything about a TState, to check that a refused move changed nothing."""
    return (
        bytes(st.board) + bytes(st.cnt) + bytes(st.need) + bytes(st.done) + bytes(st.owner)
        + bytes(st.public) + bytes(st.mode) + bytes(st.hand) + bytes(st.deck[: st.ndeck]) + b"/"
        + bytes(st.tdeck[: st.ntdeck]) + b"/" + bytes(st.disc[: st.ndisc]) + bytes(st.tp)
        + bytes(st.kn) + bytes(st.ev),
        (st.ndeck, st.ntdeck, st.ndisc, st.timing, st.first, st.to_move, st.phase, st.nplayed,
         st.turn, st.winner, st.jk, st.act, st.asel, st.left, st.rets, st.played, st.passes,
         st.lplay, st.lclaim),
    )  # fmt: skip


def tcards_once(st):
    """All 54 clan and 10 tactic cards exactly once: decks (each holding its own kind),
    hands, stones' sides, combat modes, discard, the ruse being resolved; `public` is what the
    table and the discard show. Cheap: it runs on every state of the CI's random games."""
    modes = bytes([58 + k for s in range(NSTONES) for k in (0, 1) if st.mode[s] >> k & 1])
    act = b"" if st.act == NONE else bytes((st.act,))
    deck = bytes(st.deck[: st.ndeck])
    tdeck = bytes(st.tdeck[: st.ntdeck])
    shown = (bytes(st.board) + modes + bytes(st.disc[: st.ndisc]) + act).replace(b"\xff", b"")
    assert bytes(sorted(deck + tdeck + bytes(st.hand).replace(b"\xff", b"") + shown)) == _ALL, (
        "a card is missing or doubled"
    )
    assert max(deck, default=0) < NCLAN and min(tdeck, default=NCLAN) >= NCLAN
    assert sum(st.public) == len(shown) and all(st.public[c] for c in shown)


def tcheck(st):
    """The invariants of a tactic state: tcards_once, and counts, stamps, owners, the
    one-more rule, the Jokers and the phase consistent."""
    tcards_once(st)
    for s in range(NSTONES):
        assert st.need[s] == (4 if st.mode[s] & M_MUD else 3)
    for p in (0, 1):
        n = st.hand_count(p)
        assert n <= (HSLOTS if st.phase == PH_ACTION else 7)
        assert st.tp[p] <= st.tp[p ^ 1] + 1
    stamps = []
    for s in range(NSTONES):
        for p in (0, 1):
            i = s * 2 + p
            n = st.cnt[i]
            side = st.board[i * SLOTS : i * SLOTS + SLOTS]
            assert NONE not in side[:n] and side[n:] == b"\xff" * (SLOTS - n)
            assert n <= st.need[s] and (st.done[i] > 0) == (n == st.need[s])
            if st.done[i]:
                stamps.append(st.done[i])
            jokers = [c for c in side[:n] if c in (54, 55)]
            assert len(jokers) <= 1 and (not jokers or st.jk >> p & 1)
            for c in side[:n]:
                if 54 <= c <= 57:
                    fixed = st.owner[s] and n == st.need[s]
                    assert (st.ev[c - 54] != NONE) == bool(fixed)
        o = st.owner[s]
        assert o in (0, 1, 2) and (not o or st.cnt[s * 2 + o - 1] == st.need[s])
    assert len(set(stamps)) == len(stamps) and max(stamps, default=0) <= st.nplayed
    if st.phase == PH_OVER:
        assert st.winner in (0, 1)
        assert st._winner_after_claim(st.winner) or st.passes >= 2
    else:
        assert st.winner == NONE and not st._winner_after_claim(0) and not st._winner_after_claim(1)
        assert st.passes < 2
    if st.phase == PH_DRAW:
        assert st.ndeck and st.ntdeck
    assert (st.phase == PH_ACTION) == (st.act != NONE)
