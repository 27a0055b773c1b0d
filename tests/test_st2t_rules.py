"""Schotten Totten 2 tactic variant ("Tactical Variant"): rulebook cases, each quoting the
sentence it checks, and the decisions of docs/RULES.md ("Tactic variant (second game)")."""

import pytest

from engine.deal import sample
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import moves as T
from engine.st2.notation import move_text, parse_move
from engine.st2.tactic.cards import EXCHANGE, JOKER, SPY
from engine.st2.tactic.state import TState
from tests.st2t_helpers import build, cards, check_invariants, gone

SEVEN = "Y1 Y2 Y3 Y4 Y5 Y6 Y7"
SEVEN2 = "G1 G2 G3 G4 G5 G6 G7"


def do(st, *texts):
    """Apply moves given as text (docs/NOTATION.md), checking the state after each."""
    for t in texts:
        st.apply(parse_move(t))
        check_invariants(st)


def texts(moves):
    return [move_text(m) for m in moves]


def c1(text):
    return cards(text)[0]


# -- set-up and turn -------------------------------------------------------------------------


def test_setup():
    """'Shuffle all of the Tactic cards to make a deck, then place it next to the Siege deck.
    Each player begins with 7 Siege cards instead of the normal 6.'"""
    st = TState(5)
    check_invariants(st)
    assert len(st.hand_of(0)) == len(st.hand_of(1)) == 7
    assert all(c < 60 for c in st.hand_of(0) + st.hand_of(1))
    assert st.ntdeck == 11 and sorted(st.tdeck) == list(range(60, 71)) and st.ndeck == 46
    assert st.to_move == 0 and st.oil == 3 and st.variant == 1
    # The siege deck is shuffled as the base game shuffles it from the same seed.
    from engine.st2.state import State

    assert State(5).deck == st.deck


def test_the_deck_of_ones_choice():
    """'When you draw up to 7 cards, you choose which deck to draw from.' 'You can have as
    many cards of either type in your hand, up to 7 in total.'"""
    st = build({}, hand1=SEVEN, tdeck="SPY JOKER")
    do(st, "Y1@3")
    assert st.phase == T.PH_DRAW and st.to_move == 0 and texts(st.legal_moves()) == ["ds", "dt"]
    do(st, "dt")
    assert JOKER in st.hand_of(0) and len(st.hand_of(0)) == 7 and st.ntdeck == 10
    assert st.to_move == 1 and st.phase == T.PH_PLAY and st.turn == 1
    top = st.deck[st.ndeck - 1]
    do(st, "%s@1" % move_text(st.hand_of(1)[0] * 7)[:-2], "ds")
    assert top in st.hand_of(1) and len(st.hand_of(1)) == 7


def test_an_empty_tactic_deck():
    """'If the Tactic card deck is empty, you cannot draw from it any more, but the game
    continues.' With no choice left the draw is the siege deck's, at once."""
    st = build({}, hand1=SEVEN, **gone())
    top = st.deck[st.ndeck - 1]
    do(st, "Y1@3")
    assert st.to_move == 1 and st.phase == T.PH_PLAY and top in st.hand_of(0)
    st = build({}, hand1=SEVEN, tdeck="SPY", **gone("SPY"))
    do(st, "Y1@3", "dt")
    do(st, "%s@2" % move_text(st.hand_of(1)[0] * 7)[:-2])
    assert st.to_move == 0 and st.ntdeck == 0  # drew a siege card without being asked


def test_the_tactic_deck_while_the_siege_deck_is_empty():
    """Decision: 'When a player ends their turn by drawing a Siege card but the deck is empty,
    the game ends immediately. The Defender wins the game.' ends the game only for a player
    who draws a siege card: one who chooses the tactic deck draws from it and plays on."""
    st = build({}, hand1=SEVEN, hand2=SEVEN2, deck="", tdeck="SPY JOKER", **gone("SPY JOKER"))
    do(st, "Y1@3")
    assert texts(st.legal_moves()) == ["ds", "dt"]
    do(st, "dt")
    assert st.phase == T.PH_PLAY and st.to_move == 1 and JOKER in st.hand_of(0)
    do(st, "G1@3")
    t = st.copy()
    do(t, "ds")  # the Defender draws a siege card from the empty deck: the end
    assert t.phase == T.PH_OVER and t.winner == 1
    do(st, "dt")  # or takes the last tactic card, and the game goes on
    do(st, "Y2@3")
    assert st.phase == T.PH_OVER and st.winner == 1  # both decks empty: the siege draw ends it


def test_one_tactic_card_more_than_your_opponent():
    """'You can only play one Tactic card more than your opponent.' 'Your opponent has played a
    single Tactic card during the game. You have played two, which is one more than your
    opponent. You cannot play another Tactic card until they play their second Tactic card.'"""
    st = build({}, hand1="SPY JOKER SHIELD Y1 Y2 Y3 Y4", hand2="JOKER2 G1 G2 G3 G4 G5 G6")
    do(st, "SPY@1", "ds")
    assert st.tcount[0] == 1
    do(st, "JOKER2@1", "ds")
    do(st, "JOKER@2", "ds")  # two against one
    assert tuple(st.tcount) == (2, 1)
    do(st, "G1@2", "ds")
    moves = texts(st.legal_moves())
    assert "SHIELD@3" not in moves and "Y1@3" in moves
    with pytest.raises(IllegalMove, match="one Tactic card more than your opponent"):
        st.apply(parse_move("SHIELD@3"))
    # An action card is a Tactic card too.
    st = build({2: ("R5", "G5")}, hand1="DESERTION Y1 Y2 Y3 Y4 Y5 Y6", tcount=(1, 0))
    assert "DESERTION" not in texts(st.legal_moves())
    st.tcount[1] = 1
    assert "DESERTION" in texts(st.legal_moves())


def test_a_player_who_cannot_play_passes():
    """Decision: 'You can only play one Tactic card more than your opponent' can leave a hand
    with nothing to play; the player passes (no card, so no draw), as the first game's tactic
    variant rules ('you can choose to pass and play no card'). An Attacker who holds a card a
    retreat would make room for retreats instead."""
    tac = "JOKER SPY SHIELD REDEPLOYMENT DESERTION TREASON EXPLOSION"
    st = build({3: ("R5", "")}, hand1="B1 B2 B3 B4 B5 B6 B7", hand2=tac, tcount=(0, 1), to_move=1)
    assert texts(st.legal_moves()) == ["oil3", "pass"]
    hand = st.hand_of(1)
    do(st, "pass")
    assert st.to_move == 0 and st.turn == 1 and st.hand_of(1) == hand
    with pytest.raises(IllegalMove, match="a pass only"):
        build({}, hand1=SEVEN).apply(T.PASS)
    # The Attacker with all seven formations complete and siege cards in hand retreats.
    full = {1: ("R0 R1 R2", ""), 2: ("R3 R4 R5 R6", ""), 3: ("R7 R8 R9", ""), 4: ("R10 R11", ""),
            5: ("Y0 Y1 Y2", ""), 6: ("Y3 Y4 Y5 Y6", ""), 7: ("Y7 Y8 Y9", "")}  # fmt: skip
    st = build(full, hand1="B1 B2 B3 B4 B5 B6 B7", hand2="G1 G2 G3 G4 G5 G6 G7")
    moves = st.legal_moves()
    assert T.PASS not in moves and all(m >= T.DECLARE for m in moves)
    # ... but with only tactic cards it may not play, it passes.
    st = build(full, hand1=tac, hand2="G1 G2 G3 G4 G5 G6 G7", tcount=(1, 0))
    assert st.legal_moves()[-1] == T.PASS


# -- elite troops ----------------------------------------------------------------------------


def test_elite_troops_are_played_like_siege_cards():
    """'These cards are played like Siege cards.' 'The number of cards on your side of the Wall
    tile cannot exceed the number required by the tile.'"""
    st = build({4: ("B10", "")}, hand1="JOKER SPY Y1 Y2 Y3 Y4 Y5")
    assert "JOKER@4" in texts(st.legal_moves())
    do(st, "JOKER@4")
    assert list(st.cards_at(3, 0)) == cards("B10 JOKER") and st.done[6] == st.nplayed
    assert st.tcount[0] == 1 and st.loc[JOKER] == 1
    st = build({4: ("B10 B11", "")}, hand1="JOKER SPY Y1 Y2 Y3 Y4 Y5")
    with pytest.raises(IllegalMove, match="already has its 2 cards"):
        st.apply(parse_move("JOKER@4"))


def test_joker_spy_and_shield_take_their_values_when_the_attacker_declares():
    """'Joker (x2): This card is wild and takes the color and strength of your choice when the
    Attacker declares control.' 'Spy: This card has a value of 10. It takes the color of your
    choice' 'Shield: This card is wild and takes the color and strength of your choice (either
    1, 2, or 3)'. The engine chooses the best values for their owner and the declaration shows
    them (docs/RULES.md)."""
    st = build({3: ("R9 R10", "")}, hand1="JOKER Y1 Y2 Y3 Y4 Y5 Y6", discard="R11 R8")
    do(st, "JOKER@3")  # R8 and R11 are discarded: the Joker may still copy one (RULES.md)
    assert st.phase == T.PH_DECLARE
    do(st, "C3")
    assert bytes(st.shown[:2]) == bytes([JOKER, c1("R11")]) and st.side[2] == 1
    st = build({3: ("G8 G9", "")}, hand1="SPY Y1 Y2 Y3 Y4 Y5 Y6", discard="R11 Y11 G11 B11 P11")
    do(st, "SPY@3", "C3")  # G8 G9 G10: a colour-run of 27, which no other can beat now
    assert bytes(st.shown[:2]) == bytes([SPY, c1("G10")])
    st = build({3: ("B1 B2", "")}, hand1="SHIELD Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "SHIELD@3")
    assert st.declare_check(2) is not None  # B1 B2 B3 (6) is beaten by many colour-runs
    st = build({3: ("B1 B2", "P7 P9")}, hand1="SHIELD Y1 Y2 Y3 Y4 Y5 Y6", discard="P8")
    do(st, "SHIELD@3", "C3")  # B1 B2 B3, a colour-run: P7 P9 can make none with P8 discarded
    assert bytes(st.shown[:2]) == bytes([c1("SHIELD"), c1("B3")])


def test_the_defenders_elite_troops_count_at_their_best():
    """Proofs: 'Elite troops on the Defender's side take their best value' (issue 15; docs/RULES.md,
    Tactic proofs). R9 R10 R11 would hold against P9 P10 with P11 and P8 discarded; against
    P9 JOKER it does not (the Joker may be P11 or P8 and a Defender's card completes it)."""
    st = build({3: ("G8 G9 G10", "P9 P10")}, discard="P11 P8")
    assert st.declare_check(2) is None
    st = build({3: ("G8 G9 G10", "P9 JOKER")}, discard="P11 P8")
    assert st.declare_check(2)  # a list of the Defender's winning cards
    with pytest.raises(IllegalMove, match="not proven"):
        st.apply(T.DECLARE + 2)


def test_chicken_versus_chef_and_elite_troops():
    """'If you play a 0 on a Wall tile that already has an 11 of the same color played on the
    other side of the tile, discard both cards'. An elite troop has no printed colour or
    strength (docs/RULES.md, Tactic proofs): it never triggers it and is never discarded by it."""
    st = build({2: ("", "JOKER")}, hand1="R0 R11 Y1 Y2 Y3 Y4 Y5", tcount=(0, 1))
    do(st, "R0@2", "ds")
    assert list(st.cards_at(1, 0)) == cards("R0") and list(st.cards_at(1, 1)) == cards("JOKER")
    st = build({2: ("R11", "")}, hand2="JOKER Y1 Y2 Y3 Y4 Y5 Y6", to_move=1)
    do(st, "JOKER@2")
    assert list(st.cards_at(1, 0)) == cards("R11") and list(st.cards_at(1, 1)) == cards("JOKER")


def test_the_oil_cauldron_on_an_elite_troop():
    """'discard the Attacker's card (Siege card or Tactic card) that is closest to the Wall tile
    of your choice': an elite troop first on the tile is discarded like any card."""
    st = build({2: ("SPY R5", "")}, to_move=1, tcount=(1, 0))
    do(st, "oil2")
    assert list(st.cards_at(1, 0)) == cards("R5") and st.loc[SPY] == 2 and st.oil == 2
    assert st.tcount[0] == 1  # it was played: the count stays


# -- actions ---------------------------------------------------------------------------------


def test_actions_stay_on_their_players_side():
    """'These cards are discarded immediately after they are played. Keep them on your side of
    the table to track the number of Tactic cards played.'"""
    st = build({2: ("", "G7")}, hand1="DESERTION Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "DESERTION")
    assert st.phase == T.PH_ACTION and st.loc[c1("DESERTION")] == 3 and st.tcount[0] == 1
    assert c1("DESERTION") not in st.discard(64 + 7)


def test_redeployment():
    """'Redeployment: Choose any card on your side of the Wall and either move it to a
    different Wall tile on your side or discard it.'"""
    st = build({2: ("R5 R6", "G7"), 3: ("B1", "")}, hand1="REDEPLOYMENT Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "REDEPLOYMENT")
    assert texts(st.legal_moves()) == [">R5", ">R6", ">B1"]
    do(st, ">R5")
    moves = texts(st.legal_moves())
    assert ">2" not in moves and ">3" in moves and moves[-1] == ">k"
    with pytest.raises(IllegalMove, match="different tile"):
        st.apply(parse_move(">2"))
    do(st, ">3", "ds")
    assert list(st.cards_at(1, 0)) == cards("R6") and list(st.cards_at(2, 0)) == cards("B1 R5")
    st = build({2: ("R5 R6", "G7")}, hand1="REDEPLOYMENT Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "REDEPLOYMENT", ">R6", ">k")
    assert st.loc[c1("R6")] == 2 and list(st.cards_at(1, 0)) == cards("R5")


def test_recruitment():
    """'Recruitment: Choose a discarded card and play it on your side of a Wall tile.' A
    discarded elite troop may be recruited (it is a discarded card); an action card played is
    not in the discard."""
    st = build({4: ("B10 B11", "")}, hand1="RECRUITMENT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 JOKER",
               used2="DESERTION", tcount=(0, 1))  # fmt: skip
    do(st, "RECRUITMENT")
    assert texts(st.legal_moves()) == [">P3", ">JOKER"]
    do(st, ">JOKER")
    assert ">4" not in texts(st.legal_moves())
    with pytest.raises(IllegalMove, match="no room"):
        st.apply(parse_move(">4"))
    do(st, ">1")
    assert list(st.cards_at(0, 0)) == cards("JOKER") and st.tcount[0] == 1  # Recruitment only


def test_desertion():
    """'Desertion: Choose a card played on your opponent's side of the Wall and discard it.'"""
    st = build({2: ("R5", "G7 G8 G9 G10"), 5: ("", "P1")}, hand1="DESERTION Y1 Y2 Y3 Y4 Y5 Y6")
    assert st.done[3]
    do(st, "DESERTION")
    assert texts(st.legal_moves()) == [">G7", ">G8", ">G9", ">G10", ">P1"]  # sorted by card
    with pytest.raises(IllegalMove, match="other side"):
        st.apply(parse_move(">R5"))
    do(st, ">G8")
    assert list(st.cards_at(1, 1)) == cards("G7 G9 G10") and st.done[3] == 0 and st.loc[c1("G8")] == 2


def test_treason():
    """'Treason: Choose a card played on your opponent's side of the Wall and play it on your
    side.'"""
    st = build({2: ("R5", "G7 G8"), 4: ("B1 B2", "")}, hand1="TREASON Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "TREASON", ">G8")
    assert ">4" not in texts(st.legal_moves())  # a full tile: 'cannot exceed the number required'
    with pytest.raises(IllegalMove, match="no room"):
        st.apply(parse_move(">4"))
    do(st, ">2")
    assert list(st.cards_at(1, 0)) == cards("R5 G8") and list(st.cards_at(1, 1)) == cards("G7")


def test_explosion():
    """'Explosion: Discard all cards on both sides of a Wall tile of your choice.'"""
    st = build({2: ("R5 SPY", "G7 G8 G9 G10"), 6: ("", "")}, hand2="EXPLOSION Y1 Y2 Y3 Y4 Y5 Y6",
               to_move=1, tcount=(1, 0))  # fmt: skip
    do(st, "EXPLOSION")
    assert texts(st.legal_moves()) == [">2"]
    with pytest.raises(IllegalMove, match="no cards"):
        st.apply(parse_move(">6"))
    do(st, ">2")
    assert st.cnt[2] == st.cnt[3] == 0 and all(st.loc[c] == 2 for c in cards("R5 SPY G7 G8 G9 G10"))


def test_support():
    """'Support: Choose two discarded cards and shuffle them into the deck. You cannot play
    Support if there are no cards or only one card in the discard.' The deck is the siege deck
    (docs/RULES.md): Support takes two discarded siege cards; both players know they are there."""
    st = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 JOKER")
    assert "SUPPORT" not in texts(st.legal_moves())
    with pytest.raises(IllegalMove, match="two siege cards in the discard"):
        st.apply(parse_move("SUPPORT"))
    st = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 P4 JOKER")
    n = st.ndeck
    do(st, "SUPPORT")
    assert texts(st.legal_moves()) == [">P3"]  # the first of two, in increasing order
    do(st, ">P3")
    assert texts(st.legal_moves()) == [">P4"]
    do(st, ">P4")
    assert st.ndeck == n + 2 and st.loc[c1("P3")] == st.loc[c1("P4")] == 0 and st.loc[JOKER] == 2
    for c in cards("P3 P4"):
        assert c in st.deck[: st.ndeck] and st.kn[c] == 12  # both know it is in the deck
    for p in (0, 1):
        assert st.view(p).deck_known() == cards("P3 P4")


def test_exchange():
    """'Exchange: Each player chooses three cards from their hand and exchanges them with each
    other.' The other player's choice is a step of theirs, out of turn (PH_EXCHANGE)."""
    st = build({}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", hand2="G1 G2 G3 G4 G5 G6 SPY")
    do(st, "EXCHANGE")
    assert texts(st.legal_moves()) == [">Y1", ">Y2", ">Y3", ">Y4"]  # three, in increasing order
    do(st, ">Y2", ">Y4")
    assert texts(st.legal_moves()) == [">Y5", ">Y6"]
    do(st, ">Y6")
    assert st.phase == T.PH_EXCHANGE and st.to_move == 1
    with pytest.raises(IllegalMove, match="player 2's turn, not player 1's"):
        st.apply(parse_move(">G1"), 0)
    do(st, ">G1", ">G5", ">SPY")
    assert sorted(st.hand_of(0)) == sorted(cards("Y1 Y3 Y5 G1 G5 SPY"))
    assert sorted(st.hand_of(1)) == sorted(cards("G2 G3 G4 G6 Y2 Y4 Y6"))
    assert st.phase == T.PH_DRAW and st.to_move == 0
    # 'each player knows three of the other's cards'
    assert st.view(0).opp_known() == cards("Y2 Y4 Y6") and st.view(1).opp_known() == sorted(
        cards("G1 G5 SPY")
    )
    assert st.view(1).opp_tac == 1 and st.view(0).opp_tac == 0


def test_exchange_with_fewer_than_three_cards():
    """Decision: 'Each player chooses three cards from their hand': a hand holds 7 at each
    turn's start, so this cannot happen in a game; in a set-up position with a short hand both
    give as many as the shorter hand holds (the hands keep their sizes)."""
    st = build({}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", hand2="G1 G2")
    do(st, "EXCHANGE")
    assert st.xk == 2
    do(st, ">Y1", ">Y2", ">G1", ">G2")
    assert sorted(st.hand_of(1)) == cards("Y1 Y2") and len(st.hand_of(0)) == 6
    st = build({}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", hand2="G1")
    st.loc[c1("G1")] = 2  # discarded: the Defender's hand is empty
    st.hand[7] = 0xFF
    do(st, "EXCHANGE")  # nothing to exchange: the card is played, and the draw follows
    assert st.phase == T.PH_DRAW and st.loc[EXCHANGE] == 3


# -- decisions: action cards and the order on a tile -----------------------------------------


def test_recruited_and_stolen_cards_go_on_top_and_complete_when_they_arrive():
    """Decision: 'Any additional cards will be stacked on top of the previously played card';
    'Never change the order of the cards you've played': a card that Recruitment, Treason or
    Redeployment places goes on top (the last a cauldron would reach), and the side completes
    at that moment (the later completion loses a tie: 'the formation that was completed first
    has control')."""
    st = build({3: ("G3 P4", "Y3 R4 B5")}, hand1="RECRUITMENT Y1 Y2 Y6 Y7 Y8 Y9", discard="G5")
    do(st, "RECRUITMENT", ">G5", ">3")
    assert list(st.cards_at(2, 0)) == cards("G3 P4 G5") and st.done[4] > st.done[5]
    assert st.declare_check(2) == []  # 3-4-5 against 3-4-5: the Defender completed first
    st = build({3: ("Y11 G3 P4", "Y3 R4"), 5: ("B5", "")}, hand1="Y1 Y2 Y4 Y5 Y6 Y7 Y8",
               hand2="TREASON G8 G9 G10 G11 B9 B10", to_move=1)  # fmt: skip
    do(st, "TREASON", ">B5", ">3")
    assert list(st.cards_at(2, 1)) == cards("Y3 R4 B5") and st.done[5] == st.nplayed
    do(st, "ds", "Y1@7", "ds", "oil3")  # the cauldron takes the Attacker's first card there, Y11
    assert list(st.cards_at(2, 0)) == cards("G3 P4")


def test_chicken_versus_chef_with_recruitment_treason_and_redeployment():
    """Decision: Recruitment and Treason 'play' the card ('play it on your side'), so Chicken
    versus Chef applies; Redeployment 'moves' it, so it does not."""
    st = build({2: ("", "R11")}, hand1="RECRUITMENT Y1 Y2 Y3 Y4 Y5 Y6", discard="R0")
    do(st, "RECRUITMENT", ">R0", ">2")
    assert st.cnt[2] == st.cnt[3] == 0 and st.loc[c1("R0")] == st.loc[c1("R11")] == 2
    st = build({2: ("", "R11"), 5: ("", "R0")}, hand1="TREASON Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "TREASON", ">R0", ">2")
    assert st.cnt[2] == st.cnt[3] == 0 and st.cnt[9] == 0
    st = build({2: ("", "R11"), 5: ("R0", "")}, hand1="REDEPLOYMENT Y1 Y2 Y3 Y4 Y5 Y6")
    do(st, "REDEPLOYMENT", ">R0", ">2")
    assert list(st.cards_at(1, 0)) == cards("R0") and list(st.cards_at(1, 1)) == cards("R11")


def test_card_counts_with_recruitment_and_treason():
    """Decision: 'You can only play one Tactic card more than your opponent' counts the cards a
    player plays from their hand: an elite troop recruited or taken by Treason is no card
    played from the hand (the action card itself is)."""
    st = build({2: ("", "SPY")}, hand1="TREASON Y1 Y2 Y3 Y4 Y5 Y6", tcount=(0, 1))
    do(st, "TREASON", ">SPY", ">1")
    assert tuple(st.tcount) == (1, 1) and list(st.cards_at(0, 0)) == [SPY]


def test_support_shuffles_with_the_games_own_chance():
    """Chance is part of the State: Support's shuffle replays exactly from the seed."""
    a = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 P4 P5")
    b = a.copy()
    for st in (a, b):
        do(st, "SUPPORT", ">P3", ">P5")
    assert a.deck == b.deck and (a.chz, a.chw) == (b.chz, b.chw)
    rng = Rng(3)
    views = set()
    for _ in range(20):
        s = sample(a.view(1), rng)
        views.add(bytes(s.deck[: s.ndeck]))
        assert s.loc[c1("P3")] == 0 and c1("P3") in s.deck[: s.ndeck]  # known to be there
    assert len(views) > 1


def test_steps_of_the_wrong_kind_or_after_the_card():
    """An action card's step is a move of the deciding player, and only while the card is
    being carried out."""
    st = build({2: ("", "G7")}, hand1="DESERTION Y1 Y2 Y3 Y4 Y5 Y6")
    with pytest.raises(IllegalMove, match="no action card is being played"):
        st.apply(parse_move(">G7"))
    do(st, "DESERTION")
    for bad in ("Y1@3", "ds", "done", "pass", ">3", "C2"):
        with pytest.raises(IllegalMove):
            st.apply(parse_move(bad))
    do(st, ">G7")
    assert st.phase == T.PH_DRAW


def test_views_and_samples_after_support_and_the_others_draw():
    """Decision: a view keeps what is certain: Support's cards are known to be in the siege deck
    until the other player draws a siege card (it may be one of them)."""
    st = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 P4", tdeck="SPY")
    do(st, "SUPPORT", ">P3", ">P4", "dt")
    assert st.view(1).deck_known() == cards("P3 P4") == st.view(0).deck_known()
    do(st, "%s@1" % move_text(st.hand_of(1)[0] * 7)[:-2], "ds")  # the Defender draws a siege card
    assert st.view(0).deck_known() == []
    assert st.view(1).deck_known() == [c for c in cards("P3 P4") if c not in st.hand_of(1)]


def test_the_exchange_choice_is_secret_until_the_cards_move():
    """'Each player chooses three cards from their hand and exchanges them': the other player
    chooses without seeing the first three; a view shows only its own choice, and a sample
    makes up the other's from the hand it deals."""
    st = build({}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", hand2="G1 G2 G3 G4 G5 G6 SPY")
    do(st, "EXCHANGE", ">Y2", ">Y4", ">Y6", ">G3")
    v1, v0 = st.view(1), st.view(0)
    assert bytes(v1.pick) == b"\xff\xff\xff" + bytes(cards("G3")) + b"\xff\xff"
    assert bytes(v0.pick) == bytes(cards("Y2 Y4 Y6")) + b"\xff\xff\xff"
    assert v1.legal_moves() == st.legal_moves() and v0.legal_moves() == []
    rng = Rng(4)
    for _ in range(10):
        s = sample(v1, rng)
        check_invariants(s)
        picks = list(s.pick[:3])
        assert picks == sorted(picks) and all(c in s.hand_of(0) for c in picks)
        assert s.pick[3] == c1("G3") and s.legal_moves() == st.legal_moves()
        do(s, ">G5", ">SPY")  # the sample plays on: the made-up cards change hands
        assert c1("G3") in s.hand_of(0) and all(c in s.hand_of(1) for c in picks)
    s = sample(v0, rng)
    assert list(s.pick[:3]) == cards("Y2 Y4 Y6") and s.pick[3] in s.hand_of(1)


def test_unplayed_tactic_cards_are_not_considered_in_a_declaration():
    """Issue 15: 'unplayed tactic cards are not considered' (the rulebook: 'referencing only the
    cards already played and discarded'). Tile 7 (lowest sum wins): R0 Y0 G1 (1) against B0,
    with G0 and P0 discarded, holds though both Jokers are unplayed (two Jokers as 0 would
    beat it); with G0 and P0 unseen it does not. Both paths of TLegal.declare_check: a tile
    without an elite (the base game's check) and one with the Attacker's Shield as 1."""
    for mine, hand1 in (("R0 Y0 G1", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"), ("R0 Y0 SHIELD", "Y1 Y2 Y3 Y4 Y5 Y6 Y7")):
        tc = (1, 0) if "SHIELD" in mine else None
        for discard, proven in (("G0 P0", True), ("", False)):
            st = build(
                {7: (mine, "B0")},
                hand1=hand1,
                hand2="JOKER JOKER2 Y8 Y9 Y10 Y11 R1",
                discard=discard,
                tcount=tc,
            )
            assert st.loc[JOKER] == 0 and st.loc[JOKER + 1] == 0  # in the Defender's hand
            why = st.declare_check(6)
            if proven:
                assert why is None, (mine, why)
                st.apply(T.DECLARE + 6)
                assert st.side[6] == 1
            else:
                assert why == cards("G0 P0"), (mine, why)
    # The same with the Jokers in the tactic deck: not played either.
    st = build({7: ("R0 Y0 G1", "B0")}, discard="G0 P0")
    assert st.loc[JOKER] == 0 and JOKER in st.tdeck[: st.ntdeck] and st.declare_check(6) is None


def test_a_declaration_scores_each_side_with_an_elite_once(monkeypatch):
    """The elite troops' values a declaration shows are the ones its check scored: score_t runs
    once for each complete side (it ran twice, for the check and then for the display)."""
    from engine.st2.tactic import prove as tprove

    calls = []
    real = tprove.score_t

    def counted(cs, n, kd):
        calls.append(bytes(cs))
        return real(cs, n, kd)

    monkeypatch.setattr(tprove, "score_t", counted)
    st = build({3: ("B1 B2", "P7 P9 P10")}, hand1="SHIELD Y1 Y2 Y3 Y4 Y5 Y6", discard="P8")
    do(st, "SHIELD@3")
    del calls[:]
    do(st, "C3")
    assert bytes(st.shown[:2]) == bytes([c1("SHIELD"), c1("B3")]) and st.side[2] == 1
    assert sorted(calls) == sorted([bytes(cards("B1 B2 SHIELD")), bytes(cards("P7 P9 P10"))])


def test_playable_action_cards_against_the_rule_written_out():
    """TLegal.playable counts without building lists: the same answers as the rule written
    out with lists, for every action card and player, on every state of random games."""
    from engine.st2.cards import NSIEGE
    from engine.st2.tactic.cards import (
        ACTIONS,
        DESERTION,
        END,
        EXPLOSION,
        RECRUITMENT,
        REDEPLOYMENT,
        SUPPORT,
        TREASON,
    )
    from engine.st2.tactic.play import random_move

    def slow(st, c, p):
        mine = sum(st.cnt[t * 2 + p] for t in range(7))
        theirs = sum(st.cnt[t * 2 + 1 - p] for t in range(7))
        room = len(st.open_tiles(p)) > 0
        discard = [d for d in range(ACTIONS) if st.loc[d] == 2]
        return {
            REDEPLOYMENT: mine > 0,
            RECRUITMENT: len(discard) > 0 and room,
            DESERTION: theirs > 0,
            TREASON: theirs > 0 and room,
            EXPLOSION: sum(st.cnt) > 0,
            SUPPORT: len([d for d in discard if d < NSIEGE]) >= 2,
            EXCHANGE: True,
        }[c]

    rng = Rng(4)
    seen = set()
    for g in range(15):
        st = TState(g)
        while st.phase != T.PH_OVER:
            for c in range(ACTIONS, END):
                for p in (0, 1):
                    ok = st.playable(c, p)
                    assert ok == slow(st, c, p), (c, p)
                    seen.add((c, ok))
            st.apply(random_move(st, rng))
    assert len(seen) == 13  # each card both playable and not, but the Exchange, always
