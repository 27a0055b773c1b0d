"""Schotten Totten 2: random play with invariants on every state, views and determinization."""

import pytest

from engine.deal import sample
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import moves as T
from engine.st2.play import random_game, random_move
from engine.st2.state import State
from tests.st2_helpers import check_invariants, quick_invariants, snapshot

GAMES = 5000  # per chunk, 4 chunks: 20,000 games


@pytest.mark.parametrize("chunk", range(4))
def test_invariants_over_20000_games(chunk):
    """Every state of 20,000 random games (4 x 5,000): the cheap invariants on all of them, the
    full ones (tests/st2_helpers.check_invariants) on every state of 1 game in 40; every game
    ends, and each of the four ways to end one occurs."""
    rng = Rng(200 + chunk)
    full = [False]

    def check(st):
        quick_invariants(st)
        if full[0]:
            check_invariants(st)

    ends = {}
    for g in range(GAMES):
        full[0] = g % 40 == 0
        st = random_game(chunk * GAMES + g, rng, check)
        assert st.turn <= 49  # 48 cards to draw, then the empty deck
        if st.winner == 0:
            end = "4th damaged" if st.damaged() == 4 else "damaged again"
        elif len(st.hand_of(st.to_move)) == 5:  # the player to move played, then found no card
            assert st.ndeck == 0
            end = "empty deck"
        else:  # the Defender's turn began with all seven formations complete
            assert st.to_move == 1 and st.complete_all(1) and len(st.hand_of(1)) == 6
            end = "complete"
        ends[end] = ends.get(end, 0) + 1
    assert set(ends) == {"4th damaged", "damaged again", "empty deck", "complete"}, ends


def test_legal_list_is_exactly_what_applies():
    """On every state of some games, each of the 768 moves applies iff it is listed, and a
    rejected one changes nothing."""
    rng = Rng(5)
    kinds = set()
    for g in range(6):
        st = State(1000 + g)
        while st.phase != T.PH_OVER:
            legal = st.legal_moves()
            assert legal == sorted(legal) and len(set(legal)) == len(legal) and legal
            legal = set(legal)
            before = snapshot(st)
            for m in range(T.NMOVES):
                t = st.copy()
                try:
                    t.apply(m)
                    ok = True
                except IllegalMove:
                    ok = False
                    assert snapshot(t) == before
                assert ok == (m in legal), (m, sorted(legal))
            m = random_move(st, rng)
            kinds.add(0 if m < T.DECLARE else min(3, (m - T.DECLARE) // 7 + 1))
            kinds.add(st.phase + 10)
            st.apply(m)
        assert st.legal_moves() == []
    # plays, declarations, cauldrons, retreats; states before and after the card
    assert kinds == {0, 1, 2, 3, 10 + T.PH_PLAY, 10 + T.PH_DECLARE}


def test_views_hide_the_opponent_and_the_deck():
    st = State(3)
    for p in (0, 1):
        v = st.view(p)
        assert v.hand_of(p) == sorted(st.hand_of(p))
        with pytest.raises(IllegalMove):
            v.hand_of(p ^ 1)
        assert not hasattr(v, "deck") and v.opp_hand == 6 and v.ndeck == st.ndeck
        assert v.legal_moves() == (st.legal_moves() if p == 0 else [])
    v = st.view(0)
    st.apply(st.legal_moves()[0])
    assert sum(v.cnt) == 0  # a copy: later moves do not reach it


def test_sampled_states_agree_with_the_view():
    """Determinization: the sampled state keeps everything public and the viewer's hand, deals
    the unseen cards at random, and plays on legally."""
    rng = Rng(9)
    st = State(11)
    for _ in range(40):
        st.apply(random_move(st, rng))
    v = st.view(st.to_move)
    hands = set()
    for _ in range(20):
        s = sample(v, rng)
        check_invariants(s)
        assert sorted(s.hand_of(v.me)) == sorted(st.hand_of(v.me))
        assert len(s.hand_of(v.me ^ 1)) == len(st.hand_of(v.me ^ 1)) and s.ndeck == st.ndeck
        assert bytes(s.board) == bytes(st.board) and bytes(s.loc) == bytes(st.loc)
        assert s.legal_moves() == st.legal_moves()
        hands.add(bytes(sorted(s.hand_of(v.me ^ 1))))
        while s.phase != T.PH_OVER:
            s.apply(random_move(s, rng))
    assert len(hands) > 10


def test_same_seed_same_deal_and_copy_is_independent():
    a, b = State(42), State(42)
    assert snapshot(a) == snapshot(b) and snapshot(State(43)) != snapshot(a)
    c = a.copy()
    a.apply(a.legal_moves()[0])
    assert snapshot(c) == snapshot(b)
