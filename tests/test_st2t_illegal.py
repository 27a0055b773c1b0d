"""Schotten Totten 2 tactic variant: every illegal tactic action raises IllegalMove with a clear
message and leaves the state byte-for-byte unchanged (every bytearray and field compared)."""

import pytest

from engine.errors import IllegalMove
from engine.st2 import moves as T
from engine.st2.notation import parse_move
from engine.st2.state import State
from tests.st2t_helpers import build, gone, snapshot


def rejected(st, move, match, player=None):
    if isinstance(move, str):
        move = parse_move(move)
    before = snapshot(st)
    with pytest.raises(IllegalMove, match=match):
        st.apply(move, player)
    assert snapshot(st) == before


def steps(st, *texts):
    for t in texts:
        st.apply(parse_move(t))


def test_one_tactic_card_more_than_the_opponent():
    """'You can only play one Tactic card more than your opponent.'"""
    st = build({2: ("", "G7")}, hand1="JOKER DESERTION EXCHANGE Y1 Y2 Y3 Y4", tcount=(2, 1))
    for m in ("JOKER@1", "DESERTION", "EXCHANGE"):
        rejected(st, m, "one Tactic card more than your opponent \\(2 played, against 1\\)")


def test_support_with_one_discarded_card():
    """'You cannot play Support if there are no cards or only one card in the discard.'"""
    for discard in ("", "P3", "P3 JOKER SPY"):
        st = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard=discard)
        rejected(st, "SUPPORT", "SUPPORT needs two siege cards in the discard")


def test_support_steps():
    st = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 P4 JOKER")
    steps(st, "SUPPORT")
    rejected(st, ">JOKER", "discarded siege cards: JOKER is not one")
    rejected(st, ">Y1", "Y1 is not one")  # in a hand, not in the discard
    rejected(st, ">P4", "increasing order: none is above P4")
    rejected(st, ">3", "choose a discarded siege card")
    steps(st, ">P3")
    rejected(st, ">P3", "Support takes discarded siege cards|increasing order")


def test_recruitment_onto_a_full_tile():
    st = build({4: ("B10 B11", "")}, hand1="RECRUITMENT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3")
    steps(st, "RECRUITMENT")
    rejected(st, ">B10", "B10 is not in the discard")
    rejected(st, ">1", "choose a card for RECRUITMENT")
    steps(st, ">P3")
    rejected(st, ">4", "tile 4 has no room on player 1's side")
    rejected(st, ">P3", "choose the tile to play P3 at")


def test_recruitment_with_no_room_or_no_discard():
    full = {1: ("R0 R1 R2", ""), 2: ("R3 R4 R5 R6", ""), 3: ("R7 R8 R9", ""), 4: ("R10 R11", ""),
            5: ("Y0 Y1 Y2", ""), 6: ("Y3 Y4 Y5 Y6", ""), 7: ("Y7 Y8 Y9", "")}  # fmt: skip
    st = build(full, hand1="RECRUITMENT B1 B2 B3 B4 B5 B6", discard="P3")
    rejected(st, "RECRUITMENT", "RECRUITMENT needs a discarded card and a tile of yours with room")
    st = build({}, hand1="RECRUITMENT B1 B2 B3 B4 B5 B6")
    rejected(st, "RECRUITMENT", "needs a discarded card")


def test_treason_onto_a_full_tile():
    st = build({2: ("R5", "G7 G8"), 4: ("B1 B2", "")}, hand1="TREASON Y1 Y2 Y3 Y4 Y5 Y6")
    steps(st, "TREASON")
    rejected(st, ">R5", "R5 is not on the other side of the wall")
    rejected(st, ">P9", "P9 is not on the other side")
    steps(st, ">G7")
    rejected(st, ">4", "tile 4 has no room on player 1's side")
    rejected(st, ">k", "choose the tile to play G7 at")
    rejected(
        build({2: ("R5", "")}, hand1="TREASON Y1 Y2 Y3 Y4 Y5 Y6"),
        "TREASON",
        "TREASON needs a card on the other side",
    )


def test_an_exchange_step_by_the_wrong_player():
    st = build({}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", hand2="G1 G2 G3 G4 G5 G6 G7")
    steps(st, "EXCHANGE")
    rejected(st, ">Y1", "player 1's turn, not player 2's", player=1)
    rejected(st, ">G1", "G1 is not in player 1's hand")
    steps(st, ">Y2")
    rejected(st, ">Y1", "increasing order: above Y2")
    rejected(st, ">Y6", "too few cards above Y6")
    steps(st, ">Y3", ">Y4")
    assert st.phase == T.PH_EXCHANGE
    rejected(st, ">G1", "player 2's turn, not player 1's", player=0)
    rejected(st, ">Y5", "Y5 is not in player 2's hand")
    rejected(st, "ds", "a card of your hand for the Exchange")


def test_redeployment_steps():
    st = build({2: ("R5 R6", "G7"), 4: ("B10 B11", "")}, hand1="REDEPLOYMENT Y1 Y2 Y3 Y4 Y5 Y6")
    steps(st, "REDEPLOYMENT")
    rejected(st, ">G7", "G7 is not on your side of the wall")
    rejected(st, ">k", "choose a card for REDEPLOYMENT")
    steps(st, ">R5")
    rejected(st, ">2", "different tile")
    rejected(st, ">4", "tile 4 has no room")
    rejected(build({}, hand1="REDEPLOYMENT Y1 Y2 Y3 Y4 Y5 Y6"), "REDEPLOYMENT", "a card of yours on the wall")


def test_desertion_and_explosion_without_targets():
    st = build({2: ("R5", "")}, hand1="DESERTION EXPLOSION Y1 Y2 Y3 Y4 Y5")
    rejected(st, "DESERTION", "DESERTION needs a card on the other side")
    steps(st, "EXPLOSION")
    rejected(st, ">3", "tile 3 has no cards to explode")
    rejected(st, ">R5", "choose the tile to explode")
    rejected(build({}, hand1="EXPLOSION Y1 Y2 Y3 Y4 Y5 Y6"), "EXPLOSION", "EXPLOSION needs a tile with cards")


def test_cards_not_in_hand_and_moves_that_are_no_moves():
    st = build({}, hand1="Y1 Y2 Y3 Y4 Y5 Y6 Y7", hand2="SPY DESERTION G1 G2 G3 G4 G5")
    rejected(st, "SPY@1", "SPY is not in player 1's hand")
    rejected(st, "DESERTION", "DESERTION is not in player 1's hand")
    rejected(st, 66 * 7 + 2, "no such move")  # an action card at a tile
    rejected(st, 71 * 7, "no such move")  # no card 71
    rejected(st, T.TARGET_CARD + 71, "action card's step")
    for m in ("ds", "dt"):
        rejected(st, m, "comes after the card")
    for m in (">3", ">k", ">Y1"):
        rejected(st, m, "action card's step, and no action card is being played")


def test_the_draw():
    st = build({}, hand1="Y1 Y2 Y3 Y4 Y5 Y6 Y7", tdeck="SPY")
    steps(st, "Y1@1")
    for m in ("Y2@1", "done", "pass", "C1", ">3", T.NMOVES - 1):
        rejected(st, m, "draw now")
    # 'If the Tactic card deck is empty, you cannot draw from it any more'
    st = build({}, hand1="Y1 Y2 Y3 Y4 Y5 Y6 Y7", hand2="G1 G2 G3 G4 G5 G6 G7", tdeck="SPY", **gone("SPY"))
    steps(st, "Y1@1", "dt")
    assert st.ntdeck == 0
    steps(st, "G1@1")  # no choice: the siege card is drawn at once
    assert st.to_move == 0
    rejected(st, "dt", "comes after the card")


def test_draws_and_passes_out_of_place():
    st = build({}, hand1="Y1 Y2 Y3 Y4 Y5 Y6 Y7")
    rejected(st, "dt", "the draw \\(ds, dt\\) comes after the card")
    rejected(st, "pass", "a pass only")
    rejected(st, "done", "play a card first")
    st = build({4: ("B10", "")}, hand1="B11 Y2 Y3 Y4 Y5 Y6 Y7")
    steps(st, "B11@4")
    assert st.phase == T.PH_DECLARE
    rejected(st, "pass", "a pass only")
    rejected(st, "SPY@1", "already played|not in player 1's hand")


def test_the_base_game_refuses_the_variants_moves():
    """The base game's State: no tactic card, no deck choice, no step, no pass."""
    for m in ("SPY@1", "JOKER@2", "DESERTION", "ds", "dt", ">B11", ">3", ">k", "pass"):
        with pytest.raises(IllegalMove):
            State(1).apply(parse_move(m))


def test_after_the_end():
    st = build({5: ("R9 R10 R11", "")}, damaged=(1, 2, 3), hand1="SPY DESERTION Y1 Y2 Y3 Y4 Y5")
    st.apply(T.DECLARE + 4)
    assert st.phase == T.PH_OVER
    for m in ("SPY@1", "DESERTION", "ds", "dt", ">3", "pass"):
        rejected(st, m, "over")
