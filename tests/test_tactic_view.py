"""Tactic variant: hidden information (issue 13 item 3). A view shows a player what they may
know and nothing else; sampling a deal from it (the AI's determinization) keeps what they know
and deals the rest; two states a player cannot tell apart give that player the same view."""

import pytest

from engine.deal import sample
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st1 import game
from engine.st1.table import PH_OVER
from engine.st1.tactic.deal import key
from engine.st1.tactic.play import random_move
from engine.st1.tactic.state import TState
from engine.st1.tactic.table import NONE, RECRUITER
from tests.tactic_helpers import tbuild, tcards, tcheck


def mv(text):
    return game.parse_move(text)


def test_a_view_hides_the_opponents_hand_and_the_decks_order():
    st = TState(3)
    st.apply(st.legal_moves()[0])
    v = st.view(1)
    assert v.hand_of(1) == sorted(st.hand_of(1))
    with pytest.raises(IllegalMove):
        v.hand_of(0)
    assert v.opp_hand == 6 and v.opp_tactics == 0 and v.opp_known == b""
    assert set(v.deck[: v.ndeck]) == {NONE} and set(v.tdeck[: v.ntdeck]) == {NONE}
    assert v.ndeck == st.ndeck and v.ntdeck == st.ntdeck
    assert v.legal_moves() == [] and st.view(0).legal_moves() == st.legal_moves()
    st.apply(st.legal_moves()[-1])  # the view is a copy: later moves do not reach it
    assert sum(v.cnt) == 1


def _recruited():
    """Player 1 returns R6 (clan) and SPY (tactic) under the decks with a Recruiter."""
    st = tbuild(hand1="RECRUITER R1 R2 R3 R4 R5 R6", hand2="G1 G2", top="B1 B2", ttop="JOKER")
    for t in ("RECRUITER", "+clan", "+tactic", "+clan", "*SPY", "*R6"):
        st.apply(mv(t) if t != "*SPY" else mv("*JOKER"))
    return st


def test_the_cards_returned_by_recruiter_are_known_to_their_owner_only():
    """ "place them at the bottom of the corresponding deck": the owner knows which cards lie
    there; the opponent knows only that a card of that deck does."""
    st = _recruited()
    joker, r6 = tcards("JOKER R6")
    assert st.deck[0] == r6 and st.tdeck[0] == joker
    mine, theirs = st.view(0), st.view(1)
    assert mine.deck[0] == r6 and mine.tdeck[0] == joker and mine.kd[0] == 1
    assert theirs.deck[0] == NONE and theirs.tdeck[0] == NONE and theirs.kd[0] == 2 and theirs.ktd[0] == 2
    assert set(mine.deck[1 : mine.ndeck]) == {NONE}
    assert theirs.kn[r6] == 0 and mine.kn[r6] == 1


def test_the_owner_still_knows_the_card_once_the_opponent_draws_it():
    """A returned card the opponent later draws is known to be in the opponent's hand."""
    from engine.st1.tactic.table import cname

    keep = {"R1", "R2", "G1", "G2", "Y1"}
    rest = [cname(c) for c in range(54) if cname(c) not in keep]
    tac = "JOKER2 SPY SHIELD BLIND MUD STRATEGIST BANSHEE TRAITOR JOKER"
    st = tbuild(hand1="RECRUITER R1 R2", hand2="G1 G2", disc=" ".join(rest) + " " + tac, top="Y1")
    assert st.ndeck == 1 and st.ntdeck == 0
    for t in ("RECRUITER", "*Y1", "*R1", "done"):  # R1 goes under Y1, which comes back at once
        st.apply(mv(t))
    assert [cname(c) for c in st.deck[: st.ndeck]] == ["R1"] and st.to_move == 1
    st.apply(mv("G1@1"))
    st.apply(mv("done"))  # player 2 draws R1, which player 1 put there
    r1 = tcards("R1")[0]
    assert r1 in st.hand_of(1)
    assert st.view(0).opp_known == bytes([r1]) and st.view(1).opp_known == b""
    for s in (sample(st.view(0), Rng(k)) for k in range(5)):
        assert r1 in s.hand_of(1)


def _states(games=40, every=5):
    rng = Rng(17)
    for g in range(games):
        st = TState(g, g & 1, g >> 1 & 1)
        k = 0
        while st.phase != PH_OVER:
            if k % every == 0 or st.act == RECRUITER or any(st.kn):
                yield st
            k += 1
            st.apply(random_move(st, rng))


def test_sampled_states_agree_with_the_view_honesty():
    """Every sample of a view is a legal state (the invariants) that gives the player the very
    same view: a sample reveals nothing the view did not hold, and keeps all it held (own
    hand, known cards in the decks and in the opponent's hand, the opponent's tactic count).
    The same view and the same generator give the same sample: it is a function of the view."""
    rng = Rng(5)
    n = known = 0
    for st in _states():
        for p in (0, 1):
            v = st.view(p)
            kv = key(v)
            s = sample(v, rng)
            tcheck(s)
            assert key(s.view(p)) == kv
            assert sorted(s.hand_of(p)) == sorted(st.hand_of(p))
            if st.to_move == p:
                assert s.legal_moves() == st.legal_moves()
            r = Rng(99)
            assert key(sample(v, r).view(1 - p)) == key(sample(v, Rng(99)).view(1 - p))
            n += 1
            known += bool(v.opp_known) or any(c != NONE for c in v.deck)
    assert n > 1000 and known > 20


def test_unseen_flags_the_clan_cards_in_the_deck_and_the_hands_not_ones_own():
    """unseen(p) (the card tracker; the proofs take unseen(-1)) flags exactly the clan cards
    in the clan deck and in the hands other than p's, on a State and on p's view, tactic cards
    in the hands included (they have no flag)."""
    n = 0
    for st in _states(games=20):
        for p in (-1, 0, 1):
            want = bytearray(54)
            for c in list(st.deck[: st.ndeck]) + [c for q in (0, 1) if q != p for c in st.hand_of(q)]:
                if c < 54:
                    want[c] = 1
            assert st.unseen(p) == want
            if p >= 0:
                assert st.view(p).unseen(p) == want and st.view(p).unseen(-1) == st.unseen(-1)
            n += any(c >= 54 for c in st.hand_of(max(p, 0)))
    assert n > 100


def test_two_states_a_player_cannot_tell_apart_give_the_same_view():
    """Swap an unseen card of the opponent's hand with one of the deck: player 1's view does
    not change; player 2's does."""
    st = TState(21)
    st.apply(st.legal_moves()[0])
    other = st.copy()
    o = 9  # player 2's first hand slot (9 slots a player)
    c = other.hand[o]
    other.hand[o] = other.deck[other.ndeck - 1]
    other.deck[other.ndeck - 1] = c
    assert key(other.view(0)) == key(st.view(0))
    assert key(other.view(1)) != key(st.view(1))


def test_samples_deal_the_unknown_cards_at_random_by_kind():
    """Known cards stay where they are; the rest differ from sample to sample; tactic cards go
    only where a tactic card is (the opponent's tactic count, the tactic deck)."""
    st = _recruited()
    st.apply(mv("done"))  # player 2's turn; player 1's view
    v = st.view(0)
    hands = set()
    for k in range(30):
        s = sample(v, Rng(k))
        tcheck(s)
        assert s.deck[0] == st.deck[0] and s.tdeck[0] == st.tdeck[0]
        opp = s.hand_of(1)
        assert sum(c >= 54 for c in opp) == v.opp_tactics and all(c < 54 for c in s.deck[: s.ndeck])
        hands.add(tuple(sorted(opp)))
    assert len(hands) > 20
    t = st.view(1)
    for k in range(10):
        s = sample(t, Rng(k))
        assert s.kn[s.deck[0]] & 1 and s.kn[s.tdeck[0]] & 1  # player 1 still knows its slots
