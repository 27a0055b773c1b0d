"""Random play with invariants on every state, under both timings."""

import pytest

from engine import st1
from engine.deal import sample
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st1.play import random_game, random_move
from tests.helpers import check_invariants, snapshot

CHUNK = 2000  # games a test; per timing, chunk 0 runs in CI, chunks 1-4 in make long-test
LONG = pytest.mark.long


@pytest.mark.parametrize(
    "timing,chunk",
    [pytest.param(t, c, marks=LONG if c else ()) for c in range(5) for t in (st1.T2016, st1.T1999)],
)
def test_invariants_over_many_games(timing, chunk):
    """All 54 cards accounted for exactly once on every state; the chosen move applies; one
    random move outside the legal list is rejected and changes nothing; every game ends; the
    rare paths occur (a pass, the empty deck, both ways to win). 2,000 games a timing in CI,
    10,000 with make long-test."""
    rng = Rng(100 + timing + 10 * chunk)
    probe = Rng(7 + chunk)
    wins = [0, 0]
    seen = {"pass": 0, "empty deck": 0, "3 adjacent": 0, "5 stones": 0}

    def check(st):
        check_invariants(st)
        legal = st.legal_moves()
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        if legal == [st1.PASS]:
            seen["pass"] += 1
        m = probe.randrange(st1.NMOVES)
        if m not in legal:
            before = snapshot(st)
            with pytest.raises(IllegalMove):
                st.apply(m)
            assert snapshot(st) == before

    for g in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        st = random_game(g, timing, rng, g & 1, check)
        wins[st.winner] += 1
        assert st.turn < 120
        own = [st.owner[s] == st.winner + 1 for s in range(st1.NSTONES)]
        three = any(own[s] and own[s + 1] and own[s + 2] for s in range(st1.NSTONES - 2))
        seen["3 adjacent" if three else "5 stones"] += 1
        seen["empty deck"] += st.ndeck == 0
    assert min(wins) > CHUNK * 0.4  # random seats: neither side wins everything
    assert min(seen.values()) > 0, seen


@pytest.mark.parametrize("timing", [st1.T2016, st1.T1999])
def test_legal_list_is_exactly_what_applies(timing):
    """On every state of some games, each of the 587 moves applies iff it is listed: a listed
    one applies to a copy, the others are tried on the state itself, which must come out of
    all of them unchanged (one snapshot a state, not one a move: the same check, ten times
    quicker)."""
    rng = Rng(5 + timing)
    for g in range(20):
        st = st1.State(1000 + g, timing, g & 1)
        while st.phase != st1.PH_OVER:
            legal = set(st.legal_moves())
            before = snapshot(st)
            for m in range(st1.NMOVES):
                if m in legal:
                    st.copy().apply(m)
                    continue
                try:
                    st.apply(m)
                except IllegalMove:
                    continue
                pytest.fail("move %d applied, but it is not in the list %s" % (m, sorted(legal)))
            assert snapshot(st) == before
            st.apply(random_move(st, rng))
        assert st.legal_moves() == []


def test_views_hide_the_opponent_and_the_deck():
    st = st1.State(3)
    v = st.view(1)
    assert v.hand_of(1) == sorted(st.hand_of(1))
    with pytest.raises(IllegalMove):
        v.hand_of(0)
    assert not hasattr(v, "deck") and v.opp_hand == 6 and v.ndeck == st.ndeck
    # The view is a copy: later moves do not reach it.
    st.apply(st.legal_moves()[0])
    assert sum(v.cnt) == 0


def test_sampled_states_agree_with_the_view():
    rng = Rng(9)
    st = st1.State(11)
    for _ in range(30):
        st.apply(random_move(st, rng))
    v = st.view(st.to_move)
    for _ in range(20):
        s = sample(v, rng)
        check_invariants(s)
        assert sorted(s.hand_of(v.me)) == sorted(st.hand_of(v.me))
        assert len(s.hand_of(v.me ^ 1)) == len(st.hand_of(v.me ^ 1)) and s.ndeck == st.ndeck
        assert s.legal_moves() == st.legal_moves()


def test_same_seed_same_deal_and_copy_is_independent():
    a, b = st1.State(42), st1.State(42)
    assert snapshot(a) == snapshot(b)
    assert snapshot(st1.State(43)) != snapshot(a)
    c = a.copy()
    a.apply(a.legal_moves()[0])
    assert snapshot(c) == snapshot(b)
