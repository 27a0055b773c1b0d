"""Tactic variant: rulebook cases, each quoting the 2016 rulebook sentence it checks (issue 13
item 6), and the decisions of docs/RULES.md ("Tactic variant")."""

import os
import re

import pytest

from engine.errors import IllegalMove
from engine.st1 import game
from engine.st1.table import DONE, PASS, PH_CLAIM, PH_OVER, PH_PLAY, T1999
from engine.st1.tactic.state import TState
from engine.st1.tactic.table import DRAW, PH_ACTION, PH_DRAW
from tests.tactic_helpers import tbuild, tcards, tcheck


def mv(text):
    return game.parse_move(text)


def play(st, *texts):
    """Apply moves given as text, checking the invariants after each."""
    for t in texts:
        st.apply(mv(t))
        tcheck(st)
    return st


def names(cards):
    from engine.st1.tactic.table import cname

    return [cname(c) for c in cards]


def hand(st, p):
    """Player p's hand, sorted by name (slots keep no order)."""
    return sorted(names(st.hand_of(p)))


def test_set_up_a_tactic_deck_and_seven_clan_cards():
    """ "Shuffle all the Tactic cards and make a deck which you place next to the main deck.
    Each player draws seven Clan cards, that is, one more card than the base rules describe.\""""
    st = game.new_state(game.options(variant=1), 5)
    tcheck(st)
    for p in (0, 1):
        h = st.hand_of(p)
        assert len(h) == 7 and max(h) < 54
    assert st.ndeck == 54 - 14 and sorted(st.tdeck[: st.ntdeck]) == list(range(54, 64))
    assert game.options_of(st) == {"variant": 1, "timing": 0, "first": 0}


def test_draw_from_the_deck_of_ones_choice():
    """ "When drawing to refill your hand to seven cards, choose to draw either a Clan card or a
    Tactic card." The choice is a move of the player who played (phase PH_DRAW)."""
    st = tbuild(hand1="R1 R2 R3 R4 R5 R6 R7", hand2="G1", top="B5", ttop="SPY")
    play(st, "R1@1", "done")
    assert (st.phase, st.to_move, st.legal_moves()) == (PH_DRAW, 0, [DRAW, DRAW + 1])
    assert game.decode(DRAW + 1) == (game.KIND_DRAW, -1, -1, 1)
    play(st, "+tactic")
    assert hand(st, 0) == sorted("R2 R3 R4 R5 R6 R7 SPY".split())
    assert (st.phase, st.to_move) == (PH_PLAY, 1)
    play(st, "G1@2", "done", "+clan")
    assert hand(st, 1) == ["B5"]


def test_an_empty_deck_can_no_longer_be_chosen():
    """ "When one of these decks is empty, you can no longer draw that type of card and the
    game continues normally." With one deck left the draw needs no choice; with none, no draw."""
    tactic = "JOKER JOKER2 SPY SHIELD BLIND MUD RECRUITER"
    st = tbuild(hand1="R1 R2", hand2=tactic, disc="STRATEGIST BANSHEE TRAITOR", top="B5")
    assert st.ntdeck == 0
    play(st, "R1@1", "done")
    assert (st.phase, st.to_move) == (PH_PLAY, 1) and hand(st, 0) == ["B5", "R2"]
    clan = " ".join(names(range(54)))
    rest = [c for c in clan.split() if c not in ("R1", "R2", "B5", "G1")]
    st = tbuild(hand1="R1 R2 B5", hand2=tactic, disc="G1 STRATEGIST BANSHEE TRAITOR " + " ".join(rest))
    assert st.ndeck == st.ntdeck == 0
    play(st, "R1@1", "done")
    assert (st.phase, st.to_move) == (PH_PLAY, 1) and len(st.hand_of(0)) == 2


def test_one_more_tactic_card_than_the_opponent_the_rulebook_example():
    """ "You cannot play more than one card more than your opponent has played." "Your opponent
    has already played one Tactic card while you have already played two. ... As a result, on
    your turn, you cannot play a Tactic card until your opponent plays his second.\""""
    st = tbuild(hand1="R1 SPY", hand2="G1 BLIND", tp=(2, 1))
    assert all(m // 9 != 56 for m in st.legal_moves())
    with pytest.raises(IllegalMove, match="more than one tactic card more"):
        st.apply(mv("SPY@1"))
    play(st, "R1@1", "done", "+clan", "BLIND@2", "done", "+clan")
    assert tuple(st.tp) == (2, 2) and mv("SPY@1") in st.legal_moves()
    play(st, "SPY@1")
    assert tuple(st.tp) == (3, 2)


def test_pass_with_only_tactic_cards_or_every_stone_complete():
    """ "It's possible that you may find yourself with only Tactic cards in hand or that you
    have already completed all the Stones available on your side of the border. In this case,
    you cannot play Clan cards. From then on, you can choose to pass and play no card or to
    play a Tactic card." A pass draws nothing (nothing was played)."""
    st = tbuild(hand1="SPY BANSHEE", hand2="G1")
    legal = st.legal_moves()
    assert PASS in legal and mv("SPY@4") in legal and mv("BANSHEE") not in legal  # nothing to take
    play(st, "pass", "done")
    assert (st.to_move, hand(st, 0)) == (1, ["BANSHEE", "SPY"])
    st = tbuild(hand1="R1 SPY", hand2="G1")
    assert PASS not in st.legal_moves()
    with pytest.raises(IllegalMove, match="cannot pass: a clan card can be played"):
        st.apply(PASS)
    full = {
        s: (" ".join("%s%d" % ("ROYGBP"[(s - 1) % 6], k + 1 + 3 * ((s - 1) // 6)) for k in range(3)), "")
        for s in range(1, 10)
    }
    st = tbuild(stones=full, hand1="G9 SPY", hand2="B9")  # every stone complete on player 1's side
    assert st.legal_moves() == [PASS]  # the Spy has no stone either


def test_the_joker_takes_its_best_value_when_the_stone_is_claimed():
    """Joker: "Clan card of which you choose the color and strength when claiming the Stone you
    play it on." The engine chooses the best value and the claim keeps it (JOKER=G7: G7 G8 G9
    is a colour-run)."""
    st = tbuild(stones={1: ("G8 G9", "R1 Y2 B4")}, hand1="JOKER R5", hand2="P1")
    play(st, "JOKER@1")
    assert mv("C1") in st.legal_moves()
    play(st, "C1")
    assert st.owner[0] == 1 and names([st.elite_value(54)]) == ["G7"]
    assert "s1=G8.G9.JOKER=G7@" in game.position_text(st)


def test_one_joker_on_a_side_and_the_second_stays_in_hand():
    """ "Each player can only have one Joker on his side of the border. If you have already
    played a Joker and you draw the second one, you must keep it in your hand until the end of
    the game." Kept even after a Banshee took the first away (docs/RULES.md)."""
    st = tbuild(stones={1: ("JOKER", "G1")}, hand1="JOKER2 R1", hand2="G2", tp=(1, 1), jk=1)
    assert all(m // 9 != 55 for m in st.legal_moves())
    with pytest.raises(IllegalMove, match="only have one Joker"):
        st.apply(mv("JOKER2@2"))
    st = tbuild(stones={1: ("", "G1")}, hand1="JOKER2 R1", hand2="G2", tp=(1, 1), jk=1, disc="JOKER BANSHEE")
    assert all(m // 9 != 55 for m in st.legal_moves())
    st = tbuild(stones={1: ("JOKER", "G1")}, hand1="R1", hand2="JOKER2 G2", tp=(1, 0), jk=1, to_move=1)
    assert mv("JOKER2@2") in st.legal_moves()  # one Joker a side: the opponent may play the other


def test_the_spy_is_a_seven_of_any_colour():
    """Spy: "Clan card of strength 7 of which you choose the color when claiming the Stone you
    play it on." B8 B9 and the Spy: a colour-run as B7."""
    st = tbuild(stones={2: ("B8 B9", "R1 Y2 P4")}, hand1="SPY", hand2="P1")
    play(st, "SPY@2", "C2")
    assert names([st.elite_value(56)]) == ["B7"]
    st = tbuild(stones={2: ("R7 G7", "Y8 Y9")}, hand1="SPY", hand2="P1")
    play(st, "SPY@2")
    assert st.score_side(1, 0)[0] == 3 << 6 | 21  # three sevens


def test_the_shield_bearer_is_a_one_two_or_three():
    """Shield-Bearer: "Clan card of strength 1, 2, or 3 of which you choose the color when
    claiming the Stone you play it on." R1 R2 and the Shield-Bearer: a colour-run as R3; R5 R6
    and the Shield-Bearer cannot make a run (no 4)."""
    st = tbuild(stones={3: ("R1 R2", "Y2 B3 P4")}, hand1="SHIELD", hand2="P1")
    play(st, "SHIELD@3", "C3")
    assert names([st.elite_value(57)]) == ["R3"]
    st = tbuild(stones={3: ("R5 R6", "")}, hand1="SHIELD", hand2="P1")
    play(st, "SHIELD@3")
    assert st.score_side(2, 0)[0] == 2 << 6 | 14  # a colour: R5 R6 R3


def test_blind_mans_bluff_counts_only_the_sums():
    """Blind-Man's Bluff: "to claim the Stone that has Blind-Man's Bluff on it, add only the
    strength of the cards played on it, without taking into account any possible
    combinations." R1 R2 R3 (a colour-run, sum 6) loses there to G9 B9 P3 (sum 21)."""
    st = tbuild(stones={1: ("R1 R2 R3", "G9 B9 P3")}, hand1="R5", hand2="BLIND G1", to_move=1)
    assert st.claim_check(0, 0) is None and st.claim_check(0, 1) == []
    play(st, "BLIND@1")
    assert st.mode_cards(0) == tcards("BLIND") and st.claim_check(0, 1) is None
    play(st, "C1")
    assert st.owner[0] == 2


def test_mud_fight_needs_four_cards_a_side():
    """Mud Fight: "to claim the Stone that has Mud Fight on it, you must make combinations with
    four cards on either side of the Stone." Four-card formations rank like three-card ones."""
    st = tbuild(stones={1: ("R1 R2 R3", "G5 G6")}, hand1="R4 B1", hand2="MUD G1", to_move=1)
    assert st.claim_check(0, 0) is not None  # G5 G6 could still become a better colour-run
    play(st, "MUD@1", "done", "+clan")
    assert st.need[0] == 4 and st.done[0] == 0  # R1 R2 R3 is no longer complete
    assert "not complete" in st.claim_check(0, 0)
    play(st, "R4@1")
    assert st.done[0] > 0 and st.score_side(0, 0)[0] == 4 << 6 | 10  # a four-card colour-run
    why = st.claim_check(0, 0)
    assert isinstance(why, list) and len(why) == 2  # e.g. G7 G8: a colour-run 5-8


def test_both_combat_modes_on_one_stone_combine():
    """Both on one stone: four cards a side ("four cards on either side") and only their sums
    ("add only the strength of the cards")."""
    st = tbuild(stones={4: ("R1 R2 R3 R4", "G8 G9 B9 Y9")}, modes={4: "BM"}, hand1="R6", hand2="G1")
    assert st.score_side(3, 0)[0] == 10 and st.score_side(3, 1)[0] == 35
    assert st.claim_check(3, 1) is None and st.claim_check(3, 0) == []


def test_recruiter_draws_three_and_returns_two():
    """Recruiter: "draw three cards from one or both of the decks. Choose two cards from your
    entire hand and place them at the bottom of the corresponding deck." Then it is discarded
    face up: "You can look at the contents of the discard at any time.\""""
    st = tbuild(hand1="RECRUITER R1 R2 R3 R4 R5 R6", hand2="G1", top="B1 B2", ttop="SPY")
    play(st, "RECRUITER")
    assert (st.phase, st.legal_moves()) == (PH_ACTION, [DRAW, DRAW + 1])
    play(st, "+clan", "+tactic", "+clan")
    assert hand(st, 0) == sorted("R1 R2 R3 R4 R5 R6 B1 SPY B2".split())
    assert st.legal_moves() == sorted(mv("*" + c) for c in names(st.hand_of(0)))
    play(st, "*SPY", "*R6")
    assert names([st.tdeck[0], st.deck[0]]) == ["SPY", "R6"]  # at the bottom
    assert st.kn[tcards("SPY")[0]] == 1 and st.kn[tcards("R6")[0]] == 1  # player 1 knows
    assert len(st.hand_of(0)) == 7 and names(st.discard()) == ["RECRUITER"]
    assert st.phase == PH_CLAIM
    play(st, "done")  # the hand holds seven: no draw
    assert (st.phase, st.to_move) == (PH_PLAY, 1)


def test_recruiter_with_fewer_than_three_cards_left():
    """docs/RULES.md: Recruiter draws what the decks hold (each draw without a choice once a
    deck is empty), then still returns two cards."""
    clan = [c for c in names(range(54)) if c not in ("R1", "R2", "G1", "B1")]
    tac = "JOKER JOKER2 SPY SHIELD BLIND MUD STRATEGIST BANSHEE TRAITOR"
    st = tbuild(hand1="RECRUITER R1 R2", hand2="G1", disc=" ".join(clan) + " " + tac, top="B1")
    assert st.ndeck == 1 and st.ntdeck == 0
    play(st, "RECRUITER")
    assert hand(st, 0) == ["B1", "R1", "R2"]
    play(st, "*R1", "*B1")
    assert st.ndeck == 2 and len(st.hand_of(0)) == 1
    play(st, "done")  # the turn's draw: one card, R1 (B1 went under it)
    assert hand(st, 0) == ["R1", "R2"] and st.to_move == 1


def test_recruiter_may_return_the_second_joker_kept_in_hand():
    """ "If you have already played a Joker and you draw the second one, you must keep it in your
    hand until the end of the game." docs/RULES.md: that forbids playing it, not returning it
    with Recruiter ("Choose two cards from your entire hand")."""
    st = tbuild(stones={1: ("JOKER", "G1")}, hand1="RECRUITER JOKER2 R1", hand2="G2", tp=(1, 1), jk=1)
    assert mv("JOKER2@2") not in st.legal_moves()
    play(st, "RECRUITER", "+clan", "+clan", "+clan")
    assert mv("*JOKER2") in st.legal_moves()
    play(st, "*JOKER2", "*R1")
    assert names([st.tdeck[0], st.deck[0]]) == ["JOKER2", "R1"] and st.kn[tcards("JOKER2")[0]] == 1
    assert "JOKER2" not in hand(st, 0) and names(st.discard()) == ["RECRUITER"]


def test_recruiter_with_fewer_than_two_cards_in_hand():
    """docs/RULES.md: "a hand of fewer than two returns what it holds". One clan card left in
    the decks: Recruiter draws it, returns it (the only card in hand), and the turn's draw
    takes it back. Both decks empty and nothing else in hand: nothing to draw or return."""
    rest = [c for c in names(range(54)) if c != "B1"]
    tac = "JOKER JOKER2 SPY SHIELD BLIND MUD STRATEGIST BANSHEE TRAITOR"
    st = tbuild(hand1="RECRUITER", hand2="", disc=" ".join(rest) + " " + tac, top="B1")
    play(st, "RECRUITER")
    assert hand(st, 0) == ["B1"] and (st.phase, st.legal_moves()) == (PH_ACTION, [mv("*B1")])
    play(st, "*B1")
    assert hand(st, 0) == [] and st.ndeck == 1 and st.phase == PH_CLAIM
    play(st, "done")
    assert hand(st, 0) == ["B1"] and st.ndeck == 0 and st.to_move == 1
    rest = names(range(54))
    st = tbuild(hand1="RECRUITER", hand2="", disc=" ".join(rest) + " " + tac)
    play(st, "RECRUITER")
    assert hand(st, 0) == [] and st.phase == PH_CLAIM and names(st.discard())[-1] == "RECRUITER"


def test_strategist_moves_or_discards_one_of_your_cards():
    """Strategist: "choose a Clan or Tactic card on your side of the border on an unclaimed
    Stone. Place it face-up on a different unclaimed Stone or discard it face-up next to the
    deck." An elite troop moved keeps its rules (docs/RULES.md)."""
    stones = {1: ("R1 SPY", "G1"), 2: ("B5 B6", "G2"), 3: ("P1 P2 P3", "Y1 Y2 Y3")}
    st = tbuild(stones=stones, hand1="STRATEGIST", hand2="G9", owners={3: 1}, tp=(0, 0))
    play(st, "STRATEGIST")
    assert st.legal_moves() == sorted(mv(t) for t in ("*R1", "*SPY", "*B5", "*B6"))  # not P1-P3
    play(st, "*SPY")
    assert st.legal_moves() == sorted(mv(t) for t in (">2", ">4", ">5", ">6", ">7", ">8", ">9", ">discard"))
    play(st, ">2")
    assert names(st.side(1, 0)) == ["B5", "B6", "SPY"] and names(st.discard()) == ["STRATEGIST"]
    assert st.score_side(1, 0)[0] == 4 << 6 | 18  # B5 B6 and the Spy as B7: a colour-run
    st = tbuild(stones=stones, hand1="STRATEGIST", hand2="G9", owners={3: 1})
    play(st, "STRATEGIST", "*R1", ">discard")
    assert names(st.side(0, 0)) == ["SPY"] and names(st.discard()) == ["R1", "STRATEGIST"]


def test_banshee_discards_an_opponents_card():
    """Banshee: "choose a Clan or Tactic card on your opponent's side of the border on an
    unclaimed Stone and discard it face-up next to the deck.\""""
    st = tbuild(stones={1: ("R1", "G5 SHIELD"), 2: ("", "B7")}, hand1="BANSHEE", hand2="P1")
    play(st, "BANSHEE")
    assert st.legal_moves() == sorted(mv(t) for t in ("*G5", "*SHIELD", "*B7"))
    play(st, "*SHIELD")
    assert names(st.side(0, 1)) == ["G5"] and names(st.discard()) == ["SHIELD", "BANSHEE"]
    assert st.phase == PH_CLAIM


def test_traitor_takes_an_opponents_clan_card():
    """Traitor: "choose a Clan card on your opponent's side of the border on an unclaimed Stone
    and place it on an unclaimed Stone on your side." Not an elite troop (docs/RULES.md)."""
    st = tbuild(stones={1: ("R1", "G5 SPY"), 2: ("B1 B2 B3", "")}, hand1="TRAITOR", hand2="P1")
    play(st, "TRAITOR")
    assert st.legal_moves() == [mv("*G5")]
    play(st, "*G5")
    assert st.legal_moves() == sorted(mv(">%d" % s) for s in (1, 3, 4, 5, 6, 7, 8, 9))  # 2 is full
    play(st, ">1")
    assert names(st.side(0, 0)) == ["R1", "G5"] and names(st.side(0, 1)) == ["SPY"]


def test_expert_variant_claims_at_the_start_of_the_turn():
    """Expert: "you can only claim a Stone at the beginning of your turn, before playing a
    card." It combines with the tactic variant: the claim step, the card, then the draw."""
    st = tbuild(stones={1: ("R7 R8 R9", "G1 G2 B4")}, hand1="Y1", hand2="P1", phase=PH_CLAIM, timing=T1999)
    assert st.legal_moves() == [mv("C1"), DONE]
    play(st, "C1", "done")
    assert st.phase == PH_PLAY
    play(st, "Y1@2")
    assert (st.phase, st.to_move) == (PH_DRAW, 0)
    play(st, "+clan")
    assert (st.phase, st.to_move) == (PH_CLAIM, 1)


def test_matches_of_several_tactic_rounds():
    """ "If you want to play over several rounds, the winner gains 5 victory points and his
    opponent gains as many victory points as Stones he controls." Rounds of the tactic
    variant, the winner starting the next."""
    from engine.rng import Rng
    from engine.st1.tactic.play import random_move

    m = game.new_match(2, T1999, 1, variant=1)
    rng = Rng(4)
    for r in range(2):
        st = m.new_round(10 + r)
        assert isinstance(st, TState) and st.first == m.next_first
        while st.phase != PH_OVER:
            st.apply(random_move(st, rng))
        before = list(m.scores)
        m.finish_round(st)
        w = st.winner
        assert m.scores[w] - before[w] == 5 and m.scores[w ^ 1] - before[w ^ 1] == st.stones_of(w ^ 1)
    assert m.over()


def test_a_match_and_a_record_start_their_rounds_as_new_state_does():
    """Match.new_round and Record.start make their States with new_state: the same variants,
    the same game for a seed, and IllegalMove for a variant the game does not have (a match
    of variant 2 played the tactic variant before)."""
    from engine.record import Record
    from engine.st1 import State

    for variant, cls in ((0, State), (1, TState)):
        opts = game.options(variant, T1999, 1)
        want = game.position_text(game.new_state(opts, 7))
        st = game.new_match(2, T1999, 1, variant).new_round(7)
        assert type(st) is cls and game.position_text(st) == want
        st = Record(7, T1999, 1, [], variant).start()
        assert type(st) is cls and game.position_text(st) == want
    m = game.new_match(2, variant=2)
    with pytest.raises(IllegalMove, match="bad options"):
        m.new_round(7)
    assert m.played == 0 and m.next_first == 0
    with pytest.raises(IllegalMove, match="bad options"):
        Record(7, 0, 0, [], 2).start()


# -- the decisions of docs/RULES.md ("Tactic variant") ----------------------------------------


def test_a_mud_fight_side_that_loses_its_fourth_card_needs_four_again():
    """A ruse that takes a card from a complete Mud Fight side leaves three cards there: the
    side is incomplete until a fourth comes again, and is stamped anew when it does."""
    st = tbuild(
        stones={5: ("R1 R2 R3 R4", "G1 G2 G3"), 6: ("B1", "")}, modes={5: "M"}, hand1="STRATEGIST", hand2="Y1"
    )
    assert st.done[8] > 0
    play(st, "STRATEGIST", "*R4", ">6")
    assert (st.cnt[8], st.need[4], st.done[8]) == (3, 4, 0)
    assert "not complete" in st.claim_check(4, 0)


def test_combat_modes_stay_on_their_stone():
    """Combat modes are "played on a Stone tile", not "on your side of the border": Strategist
    and Banshee cannot take them."""
    st = tbuild(stones={1: ("R1", "G1")}, modes={1: "BM"}, hand1="STRATEGIST BANSHEE", hand2="Y1")
    play(st, "STRATEGIST")
    assert st.legal_moves() == [mv("*R1")]
    st = tbuild(stones={1: ("R1", "G1")}, modes={1: "BM"}, hand1="BANSHEE", hand2="Y1")
    play(st, "BANSHEE")
    assert st.legal_moves() == [mv("*G1")]


def test_a_card_moved_to_complete_a_side_is_claimed_in_the_claim_step():
    """A moved card that completes a side does not claim by itself: the stone is claimed by a
    claim move, in the claim step after the ruse (2016) or at the next turn's start (1999)."""
    st = tbuild(stones={2: ("R7 R8", "B1 B2 B4"), 3: ("", "R9")}, hand1="TRAITOR", hand2="Y1")
    play(st, "TRAITOR", "*R9", ">2")
    assert st.owner[1] == 0 and st.phase == PH_CLAIM and mv("C2") in st.legal_moves()
    play(st, "C2")
    assert st.owner[1] == 1


def test_two_passes_in_a_row_end_the_game():
    """docs/RULES.md: when both players pass one after the other ("you can choose to pass and
    play no card or to play a Tactic card"), the game ends; each stone with a complete side
    goes to the better complete side, then the rulebook's end conditions decide."""
    owners = {1: 1, 2: 1, 4: 1, 5: 1, 3: 2, 6: 2, 8: 2, 9: 2}
    stones = {
        1: ("R1 R2 R3", ""), 2: ("R4 R5 R6", ""), 3: ("", "O1 O2 O3"), 4: ("O4 O5 O6", ""),
        5: ("Y1 Y2 Y3", ""), 6: ("", "Y4 Y5 Y6"), 8: ("", "G1 G2 G3"), 9: ("", "G4 G5 G6"),
        7: ("B1 B2 B3", "B4"),
    }  # fmt: skip
    st = tbuild(stones=stones, owners=owners, hand1="", hand2="SPY", tp=(0, 1))
    play(st, "pass", "done")
    assert st.phase == PH_PLAY and st.legal_moves() == [PASS]  # the Spy waits for a tactic card
    play(st, "pass", "done")
    assert st.phase == PH_OVER and st.owner[6] == 1 and st.winner == 0  # stone 7: five stones


def _stall(stones, owners, first=0):
    """Both players pass (empty hands: no clan card to play), one after the other."""
    st = tbuild(stones=stones, owners=owners)
    st.first = st.to_move = first
    play(st, "pass", "done")
    assert st.phase == PH_PLAY
    play(st, "pass", "done")
    assert st.phase == PH_OVER
    return st


def test_a_stall_is_won_by_three_adjacent_stones_before_the_count():
    """ "The game ends immediately if one of the following two things happen: A player controls
    three adjacent Stones. A player controls five Stones scattered along the Border. The player
    who controls these Stones is declared the winner." After two passes (docs/RULES.md) the
    stones a complete side wins are given first, and these conditions come before the count:
    player 1's stone 3 makes 1-2-3, three stones against player 2's four."""
    stones = {
        1: ("R1 R2 R3", ""), 2: ("R4 R5 R6", ""), 3: ("P1 P2 B4", "G1"), 4: ("", "O1 O2 O3"),
        6: ("", "O4 O5 O6"), 8: ("", "Y1 Y2 Y3"), 9: ("", "Y4 Y5 Y6"), 5: ("B1", "B2"),
    }  # fmt: skip
    st = _stall(stones, {1: 1, 2: 1, 4: 2, 6: 2, 8: 2, 9: 2})
    assert st.owner[2] == 1 and st.stones_of(0) == 3 and st.stones_of(1) == 4
    assert st.winner == 0
    # Both meet a condition: player 2's stone 7 makes 5-6-7 and five stones, three against five.
    stones = {
        1: ("R1 R2 R3", ""), 2: ("R4 R5 R6", ""), 3: ("P1 P2 B4", "G1"), 5: ("", "O1 O2 O3"),
        6: ("", "O4 O5 O6"), 8: ("", "Y1 Y2 Y3"), 9: ("", "Y4 Y5 Y6"), 7: ("B1", "Y7 Y8 B9"),
    }  # fmt: skip
    st = _stall(stones, {1: 1, 2: 1, 5: 2, 6: 2, 8: 2, 9: 2})
    assert (st.owner[2], st.owner[6]) == (1, 2) and st._winner_after_claim(0) and st._winner_after_claim(1)
    assert st.winner == 1


def test_a_stall_with_equal_stones_goes_to_the_player_who_did_not_start():
    """docs/RULES.md: after two passes, with neither condition met and as many stones on each
    side (stones 3, 5 and 7 have no complete side), the player who did not start wins."""
    stones = {
        1: ("R1 R2 R3", ""), 2: ("R4 R5 R6", ""), 4: ("R7 R8 R9", ""), 6: ("", "O1 O2 O3"),
        8: ("", "O4 O5 O6"), 9: ("", "Y1 Y2 Y3"), 3: ("B1", "B2"), 7: ("", "G1 G2"),
    }  # fmt: skip
    owners = {1: 1, 2: 1, 4: 1, 6: 2, 8: 2, 9: 2}
    for first in (0, 1):
        st = _stall(stones, owners, first)
        assert st.stones_of(0) == st.stones_of(1) == 3 and st.winner == first ^ 1


def test_rules_doc_has_the_tactic_section_with_its_quotes():
    """docs/RULES.md carries the "Tactic variant" section and every decision names its test."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "docs", "RULES.md")) as f:
        text = f.read()
    part = text.split("## Tactic variant", 1)[1].split("\n## ", 1)[0]
    for name in re.findall(r"`(test_\w+)`", part):
        assert name in globals(), name
    assert len(re.findall(r"`(test_\w+)`", part)) >= 10
