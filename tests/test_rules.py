"""Rulebook cases: each quotes the sentence it checks (2016 rules unless said otherwise)."""

import pytest

from engine import st1
from engine.errors import IllegalMove
from engine.match import Match
from engine.st1 import CLAIM, DONE, PH_CLAIM, PH_OVER, PH_PLAY, T1999, encode_play
from engine.st1.prove import score
from tests.brute import brute_score
from tests.helpers import build, cards, snapshot

# "These combinations, from the strongest to the weakest": one example of each, best first.
LADDER = [
    ("colour-run", "R1 R2 R3"),  # "Three cards of the same color and of three successive strengths"
    ("three of a kind", "R9 G9 B9"),  # "Three cards of the same strength"
    ("colour", "Y9 Y8 Y6"),  # "Three cards of the same color"
    ("run", "R9 G8 B7"),  # "Three cards of successive strength and of any color"
    ("sum", "P9 P8 G9"),  # "Any three cards"
]


@pytest.mark.parametrize("i", range(len(LADDER)))
@pytest.mark.parametrize("j", range(len(LADDER)))
def test_every_rank_pair(i, j):
    """A weaker rank loses to every stronger one even with a far higher total."""
    a, b = score(cards(LADDER[i][1]), 3), score(cards(LADDER[j][1]), 3)
    assert (a > b) == (i < j)
    assert (a == b) == (i == j)


def test_three_of_a_kind_beats_colour():
    """DESIGN.md: weaker implementations rank three-of-a-kind below colour; the rulebook does not."""
    assert score(cards("R2 G2 B2"), 3) > score(cards("Y9 Y8 Y6"), 3)


def test_tie_on_rank_goes_to_the_higher_total():
    """'If the combinations are tied, the one with the highest total strength wins.'"""
    assert score(cards("G4 G5 G6"), 3) > score(cards("R3 R4 R5"), 3)
    assert score(cards("B9 B2 B1"), 3) > score(cards("Y8 Y2 Y1"), 3)


def test_run_order_does_not_matter():
    """'The order in which you play cards doesn't matter for runs of successive strengths.'"""
    for order in ("R3 R1 R2", "R2 R3 R1", "R1 R3 R2"):
        assert score(cards(order), 3) == score(cards("R1 R2 R3"), 3) == 4 * 64 + 6
    assert score(cards("G5 R3 B4"), 3) >> 6 == 1


def test_runs_do_not_wrap():
    """DESIGN.md: 'Runs do not wrap around (9-1-2 ... is not a run)'."""
    assert score(cards("R9 R1 R2"), 3) >> 6 == 2  # colour only
    assert score(cards("R9 G1 B2"), 3) >> 6 == 0  # plain sum
    assert score(cards("R8 G9 B1"), 3) >> 6 == 0


def test_score_matches_the_definitions_on_every_hand():
    """Every 3-card set (24,804 of them) is scored as the rulebook's definitions say."""
    from tests.brute import combos

    for hand in combos(list(range(54)), 3):
        assert score(hand, 3) == brute_score(hand), hand


def test_completion_order_breaks_a_full_tie():
    """'If there is still a tie, the player who played his third card on the Stone first claims it.'"""
    # Player 2 completed first with the same sum (run 3-4-5 vs run 3-4-5 in other colours).
    st = build({1: ("R3 G4 B5", "Y3 P4 O5", 2)}, "R9", "G9", phase=PH_CLAIM)
    assert st.claim_check(0, 0) == []
    with pytest.raises(IllegalMove):
        st.apply(CLAIM + 0)
    st = build({1: ("R3 G4 B5", "Y3 P4 O5", 1)}, "R9", "G9", phase=PH_CLAIM)
    st.apply(CLAIM + 0)
    assert st.owner[0] == 1


def test_the_rulebook_worked_example():
    """'your opponent has already played three cards (green 7, purple 4, and blue 3) and you've
    played two (green 5 and red 5). On your turn, you play a blue 5 on this Stone. Before
    drawing, you claim this Stone and win it' (G5 R5 B5 is in fact three of a kind, which beats
    the opponent's sum of 14 on rank as well as on total: see docs/RULES.md)."""
    st = build({1: ("G5 R5", "G7 P4 B3")}, "B5 R1 R2 R3 R4 R6", "Y1 Y2 Y3 Y4 Y5 Y6")
    deck = st.ndeck
    st.apply(encode_play(cards("B5")[0], 0))
    assert st.phase == PH_CLAIM and st.ndeck == deck  # "and before drawing"
    assert st.claimable() == [0]
    st.apply(CLAIM + 0)
    assert st.owner[0] == 1
    st.apply(DONE)
    assert st.ndeck == deck - 1 and len(st.hand_of(0)) == 6


def test_claim_with_no_opponent_card():
    """'Exception: It's possible to claim a Stone next to which your opponent hasn't yet played
    three cards, providing that you can prove that he cannot beat your combination'."""
    # Y7 Y8 Y9 is the best formation there is; an equal one would complete later and lose.
    assert build({1: ("Y7 Y8 Y9", "")}, phase=PH_CLAIM).claim_check(0, 0) is None
    # Y6 Y7 Y8 loses to any other colour's 7-8-9: unprovable, with a counter-example.
    st = build({1: ("Y6 Y7 Y8", "")}, phase=PH_CLAIM)
    why = st.claim_check(0, 0)
    assert why and score(why, 3) > score(cards("Y6 Y7 Y8"), 3)
    # With every other 9 on the table, nothing beats it any more.
    st = build({1: ("Y6 Y7 Y8", ""), 2: ("R9 O9 G9", "B9 P9 Y9")}, phase=PH_CLAIM)
    assert st.claim_check(0, 0) is None
    assert st.claimable() == [0, 1]  # stone 2: equal three 9s, player 1 completed first


def test_claim_with_one_opponent_card():
    st = build({1: ("R2 G2 B2", "R1")}, phase=PH_CLAIM)
    # R1 + R2? no: R2 is mine. R1 can only make a colour-run R1-R2-R3 using R2: impossible,
    # three 1s (sum 3 < 6), a colour R1 R9 R8 (ranks below three of a kind): the claim holds.
    assert st.claim_check(0, 0) is None


def test_claim_with_two_opponent_cards():
    st = build({1: ("R5 G5 B5", "Y8 Y9")}, phase=PH_CLAIM)
    assert [c for c in st.claim_check(0, 0)] == cards("Y7")  # Y7 Y8 Y9 colour-run
    st = build({1: ("R5 G5 B5", "Y8 Y9"), 2: ("Y7", "")}, phase=PH_CLAIM)
    assert st.claim_check(0, 0) is None  # Y7 gone; Y6 Y8 Y9 is only a colour


def test_claim_uses_public_information_only():
    """'To do this, you can only rely on cards that have already been played (cards you have in
    hand don't count).'"""
    st = build({1: ("R5 G5 B5", "Y8 Y9")}, hand1="Y7", phase=PH_CLAIM)
    assert st.claim_check(0, 0) == cards("Y7")
    with pytest.raises(IllegalMove, match="Y7"):
        st.apply(CLAIM + 0)


def test_claim_needs_a_complete_formation():
    """'You can only claim a Stone after each player has played three cards' / your own three."""
    st = build({1: ("R5 G5", "")}, phase=PH_CLAIM)
    with pytest.raises(IllegalMove, match="not complete"):
        st.apply(CLAIM + 0)


def test_at_most_three_cards_a_side():
    """'A Stone cannot have more than three cards on each side of the border.'"""
    st = build({1: ("R5 G5 B5", "")}, hand1="Y5")
    before = snapshot(st)
    with pytest.raises(IllegalMove, match="full"):
        st.apply(encode_play(cards("Y5")[0], 0))
    assert snapshot(st) == before
    assert all(m % 9 != 0 for m in st.legal_moves())


def test_no_card_on_a_claimed_stone():
    """'From now on, you can no longer play any Clan cards on this Stone, even if your
    combination is incomplete when you claim it.'"""
    st = build({1: ("R7 R8 R9", "G1"), 2: ("O9 G9 B9", "Y9 P9")}, hand2="P1", to_move=1, owners={1: 1})
    before = snapshot(st)
    with pytest.raises(IllegalMove, match="claimed"):
        st.apply(encode_play(cards("P1")[0], 0))
    assert snapshot(st) == before


def test_empty_deck_play_goes_on_without_drawing():
    """'If the deck is empty, you continue playing without drawing cards.'"""
    st = build({}, hand1="R1 R2", hand2="G1 G2")
    st.deck = bytearray()
    st.ndeck = 0
    st.apply(encode_play(cards("R1")[0], 4))
    st.apply(DONE)
    assert st.hand_of(0) == cards("R2") and st.to_move == 1 and st.phase == PH_PLAY


def test_three_adjacent_stones_win_immediately():
    """'The game ends immediately if ... A player controls three adjacent Stones.'"""
    st = build({3: ("R7 R8 R9", "G1 G2 G4")}, phase=PH_CLAIM, owners={4: 1, 5: 1})
    st.apply(CLAIM + 2)
    assert st.phase == PH_OVER and st.winner == 0
    with pytest.raises(IllegalMove, match="over"):
        st.apply(DONE)


def test_five_scattered_stones_win():
    """'A player controls five Stones scattered along the Border.'"""
    st = build({9: ("R7 R8 R9", "G1 G2 G4")}, phase=PH_CLAIM, owners={1: 1, 3: 1, 5: 1, 7: 1})
    st.apply(CLAIM + 8)
    assert st.winner == 0 and st.phase == PH_OVER


def test_four_scattered_stones_do_not_win():
    st = build({9: ("R7 R8 R9", "G1 G2 G4")}, phase=PH_CLAIM, owners={1: 1, 3: 1, 5: 1})
    st.apply(CLAIM + 8)
    assert st.phase == PH_CLAIM and st.winner == 255


def test_several_claims_in_one_turn():
    """'After playing a card on a Stone and before drawing, you can claim one or several Stones.'"""
    st = build({1: ("R7 R8 R9", "G1 G2 G4"), 6: ("O7 O8 O9", "B1 B2 B4")}, phase=PH_CLAIM)
    assert st.claimable() == [0, 5]
    st.apply(CLAIM + 0)
    st.apply(CLAIM + 5)
    assert st.stones_of(0) == 2


def test_1999_claims_come_before_playing():
    """1999: 'On your turn, and before you play your card, you may claim one or more
    boundary-stones.' The Expert variant: 'you can only claim a Stone at the beginning of your
    turn, before playing a card.'"""
    st = st1.State(5, T1999)
    assert st.phase == PH_CLAIM
    st.apply(DONE)
    assert st.phase == PH_PLAY
    st.apply(st.legal_moves()[0])
    assert st.to_move == 1 and st.phase == PH_CLAIM  # the play ends the turn (after the draw)
    assert len(st.hand_of(0)) == 6


def test_1999_tie_completed_last_loses_and_is_claimed_on_the_opponents_turn():
    """1999: 'If the two groups are of the same strength (same rank, same three-card total) the
    player who adds the last card loses the boundary-stone. However, his opponent may only claim
    it on his own turn.'"""
    st = build({1: ("R3 G4 B5", "Y3 P4")}, hand1="R1", hand2="O5", to_move=1, timing=T1999)
    st.apply(encode_play(cards("O5")[0], 0))  # player 2 completes the same run, last
    assert st.to_move == 0 and st.phase == PH_CLAIM
    assert st.claimable() == [0]  # ... and player 1 claims it on their own turn
    st.apply(CLAIM + 0)
    assert st.owner[0] == 1
    # Player 2, who completed last, can never claim it.
    st = build({1: ("R3 G4 B5", "Y3 P4 O5", 1)}, to_move=1, phase=PH_CLAIM, timing=T1999)
    assert st.claimable() == []


def test_pass_when_no_card_can_be_played():
    """docs/RULES.md: a player with no legal card passes ('you cannot play Clan cards. From then
    on, you can choose to pass and play no card')."""
    full = {
        1: ("R1 R2 R3", ""), 2: ("R4 R5 R6", ""), 3: ("R7 R8 R9", ""),
        4: ("O1 O2 O3", ""), 5: ("O4 O5 O6", ""), 6: ("O7 O8 O9", ""),
        7: ("Y1 Y2 Y3", ""), 8: ("Y4 Y5 Y6", ""), 9: ("Y7 Y8 Y9", ""),
    }  # fmt: skip
    st = build(full, hand1="G1 G2 G3 G4 G5 G6", hand2="B1")
    assert st.legal_moves() == [st1.PASS]
    deck = st.ndeck
    st.apply(st1.PASS)
    assert st.phase == PH_CLAIM  # a pass still lets the player claim (2016)
    st.apply(DONE)
    assert st.ndeck == deck and len(st.hand_of(0)) == 6  # nothing played, nothing drawn
    st2 = build({1: ("R1", "")}, hand1="G1")
    with pytest.raises(IllegalMove, match="cannot pass"):
        st2.apply(st1.PASS)


def test_match_scoring_and_next_starter():
    """'the winner gains 5 victory points and his opponent gains as many victory points as
    Stones he controls'; 1999: 'the winner of the previous game will begin the new one'."""
    m = Match(rounds=2)
    st = build({3: ("R7 R8 R9", "G1 G2 G4")}, phase=PH_CLAIM, owners={4: 1, 5: 1, 9: 2})
    st.apply(CLAIM + 2)
    m.finish_round(st)
    assert m.scores == [5, 1] and m.next_first == 0 and not m.over()
    assert m.new_round(3).to_move == 0
    st = build({3: ("G1 G2 G4", "R7 R8 R9")}, phase=PH_CLAIM, to_move=1, owners={4: 2, 5: 2, 1: 1, 9: 1})
    st.apply(CLAIM + 2)
    m.finish_round(st)
    assert m.scores == [7, 6] and m.over() and m.winner() == 0
    with pytest.raises(IllegalMove):
        m.new_round(4)


def test_play_then_claim_then_draw_2016():
    """2016: 'After playing a card on a Stone and before drawing, you can claim'."""
    st = st1.State(9)
    assert st.phase == PH_PLAY
    with pytest.raises(IllegalMove):
        st.apply(CLAIM + 0)
    st.apply(st.legal_moves()[0])
    assert st.phase == PH_CLAIM and len(st.hand_of(0)) == 5
    st.apply(DONE)
    assert st.to_move == 1 and len(st.hand_of(0)) == 6


def test_the_last_play_and_the_claims_since_are_public():
    """What both players saw last: the card play (turn, player, move) and the claims after it,
    kept by copies and views, reset by the next play, untouched by a rejected move."""
    st = build({1: ("R7 R8", "G1 G2 G4"), 6: ("O7 O8 O9", "B1 B2 B4")}, hand1="R9 Y1", hand2="Y2")
    assert st.lplay == -1 and st.lclaim == 0
    st.turn = 4
    mv = encode_play(cards("R9")[0], 0)
    st.apply(mv)
    assert st.lplay == 4 << 11 | 0 << 10 | mv and st.lclaim == 0
    st.apply(CLAIM + 5)
    st.apply(CLAIM + 0)
    assert st.lclaim == 1 << 0 | 1 << 5
    before = snapshot(st), st.lplay, st.lclaim
    with pytest.raises(IllegalMove):
        st.apply(CLAIM + 3)
    assert (snapshot(st), st.lplay, st.lclaim) == before
    for t in (st.copy(), st.view(1)):
        assert (t.lplay, t.lclaim) == (st.lplay, st.lclaim)
    st.apply(DONE)
    mv2 = st.legal_moves()[0]
    assert mv2 < CLAIM
    st.apply(mv2)
    assert st.lplay == 5 << 11 | 1 << 10 | mv2 and st.lclaim == 0
