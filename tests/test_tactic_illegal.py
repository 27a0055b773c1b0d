"""Tactic variant: every illegal action raises IllegalMove with a clear message and changes
nothing (issue 13 item 5)."""

import pytest

from engine.errors import IllegalMove
from engine.st1 import game
from engine.st1.table import CLAIM, DONE, PASS, PH_CLAIM, PH_OVER, T1999
from engine.st1.tactic.table import DRAW, PH_DRAW, STEP_CARD, STEP_DISCARD, STEP_STONE, TNMOVES
from tests.tactic_helpers import tbuild, tcards, tsnapshot


def mv(text):
    return game.parse_move(text)


def rejected(st, move, match, player=None):
    before = tsnapshot(st)
    with pytest.raises(IllegalMove, match=match):
        st.apply(move if isinstance(move, int) else mv(move), player)
    assert tsnapshot(st) == before


def test_the_one_more_tactic_rule():
    st = tbuild(hand1="R1 SPY MUD BANSHEE", hand2="G1", stones={1: ("", "G2")}, tp=(1, 0))
    rejected(st, "SPY@1", "more than one tactic card more than your opponent")
    rejected(st, "MUD@1", "player 1 has played 1, player 2 0")
    rejected(st, "BANSHEE", "more than one tactic card more")


def test_a_second_joker_on_one_side():
    st = tbuild(stones={1: ("JOKER", "")}, hand1="JOKER2", hand2="G1", tp=(1, 1), jk=1)
    rejected(st, "JOKER2@2", "only have one Joker on his side")


def test_traitor_on_an_elite_troop_and_on_ones_own_card():
    st = tbuild(stones={1: ("R1", "SPY G5"), 2: ("B1", "JOKER")}, hand1="TRAITOR", hand2="G1", jk=2)
    st.apply(mv("TRAITOR"))
    rejected(st, "*SPY", "Clan card, not an elite troop")
    rejected(st, "*JOKER", "not an elite troop")
    rejected(st, "*R1", "your opponent's side of the border; R1 is not there")
    rejected(st, "*Y9", "Y9 is not there")  # in the deck


def test_a_move_to_a_claimed_stone():
    stones = {1: ("R1", "G5"), 2: ("B1 B2 B3", "Y1 Y2 Y4"), 3: ("", "P1")}
    st = tbuild(stones=stones, owners={2: 1}, hand1="STRATEGIST R9", hand2="G1")
    rejected(st, "R9@2", "stone 2 is claimed")
    st.apply(mv("STRATEGIST"))
    rejected(st, "*B1", "B1 is on a claimed stone")
    st.apply(mv("*R1"))
    rejected(st, ">2", "stone 2 is claimed")
    rejected(st, ">1", "to a different stone")
    st = tbuild(stones=stones, owners={2: 1}, hand1="TRAITOR", hand2="G1")
    st.apply(mv("TRAITOR"))
    rejected(st, "*Y1", "on a claimed stone")
    st.apply(mv("*P1"))
    rejected(st, ">2", "stone 2 is claimed")
    st = tbuild(stones=stones, owners={2: 1}, hand1="MUD", hand2="G1")
    rejected(st, "MUD@2", "stone 2 is claimed")


def test_a_move_to_a_full_side():
    st = tbuild(stones={1: ("R1", "G5"), 2: ("B1 B2 B3", "")}, hand1="STRATEGIST SPY", hand2="G1")
    rejected(st, "SPY@2", "stone 2 is full on player 1's side")
    st.apply(mv("STRATEGIST"))
    st.apply(mv("*R1"))
    rejected(st, ">2", "stone 2 is full")


def test_recruiters_return_of_a_card_not_in_hand():
    st = tbuild(hand1="RECRUITER R1 R2", hand2="G1 G2", top="B1 B2 B3")
    st.apply(mv("RECRUITER"))
    for _ in range(3):
        st.apply(mv("+clan"))
    rejected(st, "*G1", "G1 is not in player 1's hand")
    rejected(st, "*RECRUITER", "RECRUITER is not in player 1's hand")
    rejected(st, ">3", "RECRUITER: name a card first")


def test_steps_out_of_order():
    st = tbuild(stones={1: ("R1", "G5")}, hand1="BANSHEE R2", hand2="G1", top="B5", ttop="SPY")
    rejected(st, "*G5", "the card step: play a card")  # a step before its ruse
    rejected(st, "+clan", "the card step")
    rejected(st, DONE, "the card step")
    rejected(st, CLAIM, "the card step")
    st.apply(mv("BANSHEE"))
    rejected(st, "R2@2", "BANSHEE: name a card first")
    rejected(st, ">2", "name a card first")
    rejected(st, "+tactic", "name a card first")
    rejected(st, PASS, "name a card first")
    rejected(st, DONE, "name a card first")
    st.apply(mv("*G5"))
    assert st.phase == PH_CLAIM
    rejected(st, "*R1", "claim step: claim stones or end it with DONE")
    rejected(st, "+clan", "claim step")
    st.apply(DONE)
    assert st.phase == PH_DRAW
    rejected(st, DONE, "choose the deck to draw from")
    rejected(st, "R2@3", "choose the deck")
    rejected(st, STEP_DISCARD, "choose the deck")
    st = tbuild(stones={1: ("R1", "G5")}, hand1="STRATEGIST", hand2="G1")
    st.apply(mv("STRATEGIST"))
    st.apply(mv("*R1"))
    rejected(st, "*R1", "STRATEGIST: name the stone R1 goes to \\(or discard it\\)")
    st = tbuild(stones={1: ("R1", "G5")}, hand1="TRAITOR", hand2="G1")
    st.apply(mv("TRAITOR"))
    st.apply(mv("*G5"))
    rejected(st, ">discard", "TRAITOR: name the stone G5 goes to$")
    st = tbuild(hand1="RECRUITER", hand2="G1", top="B5")
    st.apply(mv("RECRUITER"))
    rejected(st, "*B5", "Recruiter: choose the deck to draw from \\(3 to draw\\)")


def test_a_ruse_with_nothing_to_act_on_or_with_a_stone():
    st = tbuild(hand1="BANSHEE STRATEGIST TRAITOR", hand2="G1")
    rejected(st, "BANSHEE", "BANSHEE has nothing to act on")
    rejected(st, "STRATEGIST", "STRATEGIST has nothing to act on")
    rejected(st, "TRAITOR", "TRAITOR has nothing to act on")
    full = {s: ("R%d O%d Y%d" % (s, s, s), "G%d" % s) for s in range(1, 10)}
    st = tbuild(stones=full, hand1="TRAITOR", hand2="B1")  # no room on player 1's side
    rejected(st, "TRAITOR", "nothing to act on")
    st = tbuild(stones={1: ("R1", "G5")}, hand1="BANSHEE", hand2="G1")
    rejected(st, tcards("BANSHEE")[0] * 9 + 2, "a ruse is played next to the deck, not on a stone")
    with pytest.raises(IllegalMove):
        game.parse_move("BANSHEE@3")


def test_a_pass_while_a_clan_card_can_be_played():
    st = tbuild(hand1="R1 SPY", hand2="G1")
    rejected(st, PASS, "cannot pass: a clan card can be played")


def test_wrong_player_no_such_move_and_after_the_end():
    st = tbuild(hand1="R1", hand2="G1")
    rejected(st, "R1@1", "player 1's turn, not player 2's", player=1)
    rejected(st, "R1@1", "no such player", player=2)
    for bad in (-1, TNMOVES, True, "R1@1", None, 1.0):
        before = tsnapshot(st)
        with pytest.raises(IllegalMove, match="no such move"):
            st.apply(bad)
        assert tsnapshot(st) == before
    rejected(st, "G1@1", "G1 is not in player 1's hand")
    st = tbuild(stones={s: ("R%d R%d R%d" % (1, 2, 3), "") for s in (1,)}, hand1="R9", hand2="G1")
    st.phase = PH_OVER
    st.winner = 0
    rejected(st, "R9@2", "the game is over")


def test_the_draw_choice_is_refused_outside_it_and_a_claim_that_fails():
    st = tbuild(stones={1: ("R1 R2 R3", "G8 G9")}, hand1="B1", hand2="G1", phase=PH_CLAIM)
    rejected(st, mv("C1"), "not proven: the opponent could still add G7")
    rejected(st, mv("C2"), "stone 2: your formation is not complete")
    rejected(st, DRAW, "claim step")
    st = tbuild(stones={1: ("R1 R2 R3", "G7 G8 G9")}, hand1="B1", hand2="G1", phase=PH_CLAIM, timing=T1999)
    rejected(st, mv("C1"), "the opponent's formation wins")
    for m in (STEP_CARD, STEP_STONE, STEP_DISCARD, DRAW + 1):
        rejected(st, m, "claim step")
