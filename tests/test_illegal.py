"""Every illegal action raises IllegalMove with a clear message and changes nothing."""

import pytest

from engine import st1
from engine.errors import IllegalMove
from engine.st1 import CLAIM, DONE, PASS, PH_CLAIM, encode_play
from tests.helpers import build, cards, snapshot


def rejected(st, move, match, player=None):
    before = snapshot(st)
    with pytest.raises(IllegalMove, match=match):
        st.apply(move, player)
    assert snapshot(st) == before


def test_card_not_in_hand():
    st = st1.State(1)
    theirs = st.hand_of(1)[0]
    rejected(st, encode_play(theirs, 0), "not in player 1's hand")


def test_full_stone():
    st = build({2: ("R1 R2 R3", "")}, hand1="G5")
    rejected(st, encode_play(cards("G5")[0], 1), "full")


def test_claimed_stone():
    st = build({2: ("R1 R2 R3", "G1")}, hand2="G5", to_move=1, owners={2: 1})
    rejected(st, encode_play(cards("G5")[0], 1), "claimed")
    st = build({2: ("R1 R2 R3", "G1")}, owners={2: 1}, phase=PH_CLAIM)
    rejected(st, CLAIM + 1, "already claimed")


def test_claim_without_a_complete_formation():
    st = build({2: ("R1 R2", "")}, phase=PH_CLAIM)
    rejected(st, CLAIM + 1, "not complete")


def test_unprovable_claim_names_the_counterexample():
    st = build({2: ("R1 R2 R3", "G8 G9")}, phase=PH_CLAIM)
    rejected(st, CLAIM + 1, "could still add G7")


def test_claim_lost_to_a_complete_formation():
    st = build({2: ("R1 G2 B4", "G7 G8 G9")}, phase=PH_CLAIM)
    rejected(st, CLAIM + 1, "opponent's formation wins")


def test_wrong_player():
    st = st1.State(1)
    rejected(st, st.legal_moves()[0], "player 1's turn, not player 2's", player=1)


def test_wrong_step():
    st = st1.State(1)
    rejected(st, DONE, "play a card first")
    rejected(st, CLAIM, "claims come after")
    rejected(st, PASS, "cannot pass")
    st.apply(st.legal_moves()[0])
    rejected(
        st,
        st.legal_moves()[0] if st.legal_moves()[0] < CLAIM else encode_play(st.hand_of(0)[0], 0),
        "claim step",
    )


def test_after_the_end():
    st = build({3: ("R7 R8 R9", "G1 G2 G4")}, phase=PH_CLAIM, owners={4: 1, 5: 1})
    st.apply(CLAIM + 2)
    for m in (DONE, PASS, CLAIM + 0, encode_play(0, 0)):
        rejected(st, m, "over")


def test_not_a_move():
    st = st1.State(1)
    for m in (-1, st1.NMOVES, 10**9, "G7@3", None, 1.5):
        rejected(st, m, "no such move")
