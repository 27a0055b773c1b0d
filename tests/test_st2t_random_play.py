"""Schotten Totten 2 tactic variant: random play with invariants on every state (all 60 siege
and 11 tactic cards accounted for exactly once), the legal list against every move, views and
determinization."""

import pytest

from engine.deal import sample
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import game
from engine.st2 import moves as T
from engine.st2.tactic.cards import FIRST
from engine.st2.tactic.play import random_game, random_move
from engine.st2.tactic.state import TState
from tests.st2t_helpers import check_invariants, quick_invariants, snapshot

GAMES = 5000  # per chunk, 4 chunks: 20,000 games


@pytest.mark.parametrize(
    "chunk", list(range(4)) + [pytest.param(c, marks=pytest.mark.long) for c in range(4, 20)]
)
def test_invariants_over_20000_games(chunk):
    """Every state of 20,000 random tactic games (4 x 5,000; make long-test plays 80,000 more):
    the cheap invariants on all of them, the full ones (tests/st2t_helpers.check_invariants) on
    every state of 1 game in 50; every game ends, each way to end one occurs, and every tactic
    card is played."""
    rng = Rng(300 + chunk)
    full = [False]
    played = bytearray(71)

    def check(st):
        quick_invariants(st)
        if full[0]:
            check_invariants(st)

    ends = {}
    for g in range(GAMES):
        full[0] = g % 50 == 0
        st = random_game(chunk * GAMES + g, rng, check)
        # a turn draws (46 siege cards, 2 more after Support, 11 tactic cards, then the empty
        # deck) or passes, and no two passes follow each other (docs/RULES.md)
        assert st.turn <= 2 * (46 + 2 + 11 + 1)
        if st.winner == 0:
            end = "4th damaged" if st.damaged() == 4 else "damaged again"
        elif st.ndeck == 0 and len(st.hand_of(st.to_move)) == 6:  # drew from the empty deck
            end = "empty deck"
        else:  # the Defender's turn began with all seven formations complete
            assert st.to_move == 1 and st.complete_all(1) and len(st.hand_of(1)) == 7
            end = "complete"
        ends[end] = ends.get(end, 0) + 1
        for c in range(FIRST, 71):
            if st.loc[c] in (1, 2, 3, 4):
                played[c] = 1
    assert set(ends) == {"4th damaged", "damaged again", "empty deck", "complete"}, ends
    assert all(played[FIRST:71])


def test_legal_list_is_exactly_what_applies():
    """On every state of some tactic games, each of the 768 moves applies iff it is listed, and
    a rejected one changes nothing; every kind of move and every phase occurs."""
    rng = Rng(5)
    kinds = set()
    phases = set()
    for g in range(12):
        st = TState(2000 + g)
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
            kinds.add(game.kind(m))
            phases.add(st.phase)
            st.apply(m)
        assert st.legal_moves() == []
    # plays, declarations, cauldrons, retreats, draws, steps (random play declares while it
    # can: its done is the turn's end by itself); every phase but the end
    assert kinds == {0, 1, 2, 3, 6, 7} and phases == {0, 1, 3, 4, 5}


def test_passes_happen_and_are_legal():
    """Random play meets the pass (docs/RULES.md): a player with nothing to play."""
    rng = Rng(8)
    passes = 0
    for g in range(300):
        st = TState(4000 + g)
        last = -1
        while st.phase != T.PH_OVER:
            m = random_move(st, rng)
            if m == T.PASS:
                assert st.legal_moves()[-1] == T.PASS and all(x >= T.DECLARE for x in st.legal_moves())
                assert last != T.PASS, "two passes in a row"
                passes += 1
            if game.kind(m) in (game.KIND_PLAY, game.KIND_PASS):
                last = m
            st.apply(m)
    assert passes > 0


def test_views_hide_and_samples_keep_what_each_player_knows():
    """A view has no other hand, no deck order, no tactic deck order; a sampled state keeps
    everything public, the viewer's hand, the other's hand size and tactic count, the cards
    the viewer gave in an Exchange in the other's hand, Support's cards in the deck; and plays
    on legally."""
    rng = Rng(9)
    n = 0
    known = 0
    for g in range(60):
        st = TState(6000 + g)
        while st.phase != T.PH_OVER:
            if rng.randrange(3) == 0:
                for p in (0, 1):
                    v = st.view(p)
                    assert not hasattr(v, "deck") and not hasattr(v, "tdeck")
                    with pytest.raises(IllegalMove):
                        v.hand_of(p ^ 1)
                    assert v.legal_moves() == (st.legal_moves() if st.to_move == p else [])
                    known += len(v.opp_known()) + len(v.deck_known())
                    s = sample(v, rng)
                    check_invariants(s)
                    q = p ^ 1
                    assert sorted(s.hand_of(p)) == sorted(st.hand_of(p))
                    assert len(s.hand_of(q)) == len(st.hand_of(q))
                    assert sum(c >= FIRST for c in s.hand_of(q)) == sum(c >= FIRST for c in st.hand_of(q))
                    assert all(c in s.hand_of(q) for c in v.opp_known())
                    assert all(c in s.deck[: s.ndeck] for c in v.deck_known())
                    assert bytes(s.board) == bytes(st.board) and bytes(s.loc) == bytes(st.loc)
                    assert (s.ndeck, s.ntdeck, s.phase, s.to_move, s.act, s.nstep) == (
                        st.ndeck, st.ntdeck, st.phase, st.to_move, st.act, st.nstep,
                    )  # fmt: skip
                    if st.to_move == p:
                        assert s.legal_moves() == st.legal_moves()
                    if n % 7 == 0:
                        while s.phase != T.PH_OVER:
                            s.apply(random_move(s, rng))
                    n += 1
            st.apply(random_move(st, rng))
    assert n > 1000 and known > 50


def test_same_seed_same_deal_and_copy_is_independent():
    a, b = TState(42), TState(42)
    assert snapshot(a) == snapshot(b) and snapshot(TState(43)) != snapshot(a)
    c = a.copy()
    a.apply(a.legal_moves()[0])
    assert snapshot(c) == snapshot(b)


def test_cached_declaration_check_is_the_engines():
    """engine.st2.tactic.play keeps failed declaration checks (a tile's cards, side and stamps the
    same, the answer's cards still unseen): on every state of 300 random games its first
    declarable tile is st.declarable()'s, and the games are those of the uncached mover."""
    from engine.st2.play import random_move as base_move
    from engine.st2.tactic import play as tplay

    rng = Rng(77)
    found = kept = 0
    for g in range(300):

        def check(st):
            nonlocal found
            got = tplay._declarable(st)
            assert got == st.declarable()[:1]
            found += len(got)

        st = random_game(g, rng, check)
        kept += sum(1 for e in st.dcache if e is not None)
        r1, r2 = Rng(g), Rng(g)
        a, b = TState(1000 + g), TState(1000 + g)
        while a.phase != T.PH_OVER:
            m = random_move(a, r1)
            if a.phase == T.PH_DRAW:  # the deck choice: the mover's own rule
                assert m == random_move(b, r2)
            else:
                assert m == base_move(b, r2, tplay._card), (g, a.turn)
            a.apply(m)
            b.apply(m)
        assert b.phase == T.PH_OVER
    assert found > 200 and kept > 300  # declarations made, failed checks kept
