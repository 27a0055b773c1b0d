"""Tactic variant: random play with invariants on every state (issue 13 item 5)."""

import pytest

from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st1.table import CLAIM, DONE, PASS, PH_CLAIM, PH_OVER, PH_PLAY, T1999, T2016
from engine.st1.tactic.play import _first_claim, _random_play, random_game, random_move
from engine.st1.tactic.state import TState
from engine.st1.tactic.table import DRAW, PH_ACTION, PH_DRAW, STEP_CARD, STEP_DISCARD, STEP_STONE, TNMOVES
from tests.tactic_helpers import tcards_once, tcheck, tsnapshot

CHUNK = 2000  # games a test: 10 chunks in CI (20,000 games), 40 more with make long-test
LONG = pytest.mark.long


@pytest.mark.parametrize("chunk", [pytest.param(c, marks=LONG if c >= 10 else ()) for c in range(50)])
def test_invariants_over_many_games(chunk):
    """All 54 clan and 10 tactic cards exactly once on every state (tcards_once); every
    invariant of tcheck on every 16th state and the last; one random move outside the legal
    list refused with the state unchanged on every 16th state; every game ends. Both timings,
    both starters. The rare paths occur: every tactic card played, every ruse step, a draw
    choice of each deck, a pass, a game ended by two passes, both ways to win."""
    rng = Rng(1000 + chunk)
    probe = Rng(77 + chunk)
    seen = {}
    count = [0]

    def note(key):
        seen[key] = seen.get(key, 0) + 1

    def check(st):
        tcards_once(st)
        count[0] += 1
        if count[0] % 16:
            return
        tcheck(st)
        legal = st.legal_moves()
        assert legal == sorted(set(legal)) and bool(legal) == (st.phase != PH_OVER)
        m = probe.randrange(TNMOVES)
        if m not in legal:
            before = tsnapshot(st)
            with pytest.raises(IllegalMove):
                st.apply(m)
            assert tsnapshot(st) == before

    wins = [0, 0]
    for g in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        timing = T1999 if g & 2 else T2016
        st = TState(g, timing, g & 1)
        while st.phase != PH_OVER:
            check(st)
            m = random_move(st, rng)
            if st.phase == PH_PLAY and m < CLAIM and m // 9 >= 54:
                note(m // 9)
            elif m == PASS:
                note("pass")
            elif st.phase == PH_DRAW:
                note("draw %d" % (m - DRAW))
            elif st.phase == PH_ACTION:
                note(
                    "step %d %s"
                    % (st.act, "card" if m < STEP_STONE else "stone" if m < STEP_DISCARD else "discard")
                )
            st.apply(m)
        check(st)
        tcheck(st)
        wins[st.winner] += 1
        note("stall" if st.passes >= 2 else "claim win")
        assert st.turn < 200
    assert min(wins) > CHUNK * 0.4
    for key in list(range(54, 64)) + ["pass", "draw 0", "draw 1", "stall", "claim win"]:
        assert seen.get(key), (key, seen)
    for key in ("60 card", "61 card", "61 stone", "61 discard", "62 card", "63 card", "63 stone"):
        assert seen.get("step " + key), (key, seen)


@pytest.mark.parametrize("timing", [T2016, T1999])
def test_legal_list_is_exactly_what_applies(timing):
    """On every state of some games, each of the 663 moves applies iff it is listed; the
    refused ones leave the state unchanged (one snapshot a state)."""
    rng = Rng(5 + timing)
    for g in range(8):
        st = TState(300 + g, timing, g & 1)
        while st.phase != PH_OVER:
            legal = set(st.legal_moves())
            before = tsnapshot(st)
            for m in range(TNMOVES):
                if m in legal:
                    st.copy().apply(m)
                    continue
                try:
                    st.apply(m)
                except IllegalMove:
                    continue
                pytest.fail("move %d applied, but it is not in the list %s" % (m, sorted(legal)))
            assert tsnapshot(st) == before
            st.apply(random_move(st, rng))
        assert st.legal_moves() == []


def test_the_random_mover_is_the_legal_lists_choice():
    """tplay's shortcuts pick what the plain rule picks: the card step's move is
    legal_moves()[randrange(len)] (the same draw of the generator), the claim step's is the
    lowest claimable stone, else DONE (its cache of failed proofs changes nothing)."""
    rng = Rng(8)
    n = 0
    for g in range(100):
        st = TState(g, g & 1, g >> 1 & 1)
        while st.phase != PH_OVER:
            if st.phase == PH_PLAY:
                legal = st.legal_moves()
                k = rng.state()
                a = _random_play(st, rng)
                rng.set_state(k)
                assert a == legal[rng.randrange(len(legal))]
                n += 1
            elif st.phase == PH_CLAIM:
                ok = st.claimable()
                assert _first_claim(st) == (CLAIM + ok[0] if ok else DONE)
            st.apply(random_move(st, rng))
    assert n > 2000


def test_copies_are_independent_and_a_seed_deals_the_same():
    a, b = TState(42), TState(42)
    assert tsnapshot(a) == tsnapshot(b) and tsnapshot(TState(43)) != tsnapshot(a)
    c = a.copy()
    a.apply(a.legal_moves()[0])
    assert tsnapshot(c) == tsnapshot(b)
    st = random_game(9, T2016, Rng(9))
    assert st.phase == PH_OVER and st.legal_moves() == []
    steps = [m for m in range(STEP_CARD, TNMOVES)]
    assert all(m not in TState(1).legal_moves() for m in steps)
