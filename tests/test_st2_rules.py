"""Schotten Totten 2 rulebook cases: each quotes the sentence it checks."""

import pytest

from engine.errors import IllegalMove
from engine.st2 import moves as T
from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME, K_SUM, NTILES, kind, name, need
from engine.st2.moves import (
    CAULDRON,
    DECLARE,
    DONE,
    PH_DECLARE,
    PH_OVER,
    PH_PLAY,
    encode_play,
    encode_retreat,
)
from engine.st2.prove import beat, score
from engine.st2.state import State
from tests.brute2 import brute_beat, brute_key
from tests.st2_helpers import build, cards, check_invariants


def play(st, text, tile):
    st.apply(encode_play(cards(text)[0], tile - 1))


def test_setup():
    """'Each player draws 6 Siege cards'; 'The Attacker takes the first turn'; the Defender
    'takes the 3 Oil Cauldron tokens'; the tiles start 'Undamaged side up'."""
    st = State(5)
    assert len(st.hand_of(0)) == len(st.hand_of(1)) == 6 and st.ndeck == 48
    assert st.to_move == 0 and st.oil == 3 and bytes(st.side) == bytes(7)
    check_invariants(st)


def test_wall_tiles_as_in_design_md():
    """docs/RULES.md (the Schotten Totten 2 wall): cards needed and formation types, undamaged
    / damaged."""
    table = [
        ((3, K_SUM), (3, K_RUN)),
        ((4, K_ALL), (2, K_SAME)),
        ((3, K_ALL), (3, K_COLOUR)),
        ((2, K_ALL), (4, K_LOW)),
        ((3, K_ALL), (3, K_COLOUR)),
        ((4, K_ALL), (2, K_SAME)),
        ((3, K_LOW), (3, K_RUN)),
    ]
    for t in range(NTILES):
        for d in (0, 1):
            assert (need(t, d), kind(t, d)) == table[t][d]


LADDER = [("R3 R4 R5", "colour-run"), ("R2 G2 B2", "same"), ("Y11 Y9 Y1", "colour"), ("G9 B10 P11", "run")]


@pytest.mark.parametrize("kd", [K_ALL, K_SUM, K_SAME, K_COLOUR, K_RUN, K_LOW])
def test_scores_agree_with_the_definitions(kd):
    """'If a formation does not match the required type, only the Sum of the cards' strengths in
    that formation is considered'; 'A Color Run formation is treated like a Sum here.' Every
    pair of 2-card formations, and many 3- and 4-card ones, ordered as the slow definitions say."""
    from itertools import combinations

    pairs = list(combinations(range(60), 2))
    keys = [(score(c, 2, kd), brute_key(c, kd)) for c in pairs]
    keys.sort()
    for a, b in zip(keys, keys[1:]):
        assert (a[0] < b[0]) == (a[1] < b[1])
    trip = [(score(c, 3, kd), brute_key(c, kd)) for c in combinations(range(0, 60, 2), 3)]
    trip += [(score(c, 4, kd), brute_key(c, kd)) for c in combinations(range(1, 60, 3), 4)]
    trip.sort()
    for a, b in zip(trip, trip[1:]):
        assert (a[0] < b[0]) == (a[1] < b[1])


def test_only_considered_types_count():
    """'a stronger formation type that IS NOT considered will never take control over a weaker
    type of formation that IS considered (For example, if only “Color” and “Sum” are considered,
    then a “Same Strength” formation does not beat a “Color” formation).'"""
    same, colour, crun, run = (cards(x) for x in ("R9 G9 B9", "Y1 Y2 Y4", "R3 R4 R5", "G3 B4 P5"))
    assert score(same, 3, K_COLOUR) < score(colour, 3, K_COLOUR)
    assert score(crun, 3, K_COLOUR) < score(colour, 3, K_COLOUR)  # a colour-run is a sum here
    assert score(crun, 3, K_RUN) < score(run, 3, K_RUN)
    assert score(crun, 3, K_ALL) > score(same, 3, K_ALL) > score(colour, 3, K_ALL) > score(run, 3, K_ALL)
    assert score(cards("R11 G11 B10"), 3, K_SUM) > score(crun, 3, K_SUM)
    assert score(cards("R0 G1"), 2, K_SAME) < score(cards("R1 G1"), 2, K_SAME)
    # "With this tile, the formation with the lower sum (-) will have control."
    assert score(cards("R0 G1 B2"), 3, K_LOW) > score(cards("R0 G1 B3"), 3, K_LOW)


def test_runs_do_not_wrap():
    """docs/RULES.md: runs do not wrap around (11-0-1 is no run)."""
    assert score(cards("R11 G0 B1"), 3, K_RUN) >> 6 == 0
    assert score(cards("R10 G11 B9"), 3, K_RUN) >> 6 == 1


def test_the_gate_with_21():
    """'The Attacker has played the strongest possible formation on the gate ... with the
    maximum sum of 21. The Defender could match this formation, but they would still lose the
    tie since their formation would be completed after the Attacker's. The Attacker declares
    control here.'"""
    st = build({4: ("B10 B11", "")}, to_move=0)
    unseen = st.unseen()
    tie = [c for c in range(60) if unseen[c] and c % 12 in (10, 11) and c // 12 == 0]
    assert score(tie, 2, K_ALL) == score(cards("B10 B11"), 2, K_ALL)  # the Defender could match
    assert st.declare_check(3) is None
    st.apply(DECLARE + 3)
    assert st.side[3] == 1 and st.cnt[6] == st.cnt[7] == 0 and st.loc[cards("B11")[0]] == 2
    check_invariants(st)


def test_the_damaged_gate_six_against_five():
    """'the damaged gate requires the lower sum of strengths. The Attacker has a total of 6
    while the Defender has 5. As long as two 0 cards are still currently available, control
    cannot be declared here.'"""
    spec = {4: ("R0 Y1 G2 B3", "Y2 G3")}
    st = build(spec, damaged=(4,), discard="Y0 G0")
    why = st.declare_check(3)
    assert sorted(why) == cards("B0 P0")  # the two 0 cards still available
    assert score(cards("R0 Y1 G2 B3"), 4, K_LOW) == 63 - 6  # "4 cards with consecutive strengths"
    st = build(spec, damaged=(4,), discard="Y0 G0 B0")
    assert st.declare_check(3) is None  # one 0 left: 5 + 0 + 1 = 6 only ties
    st.apply(DECLARE + 3)
    assert st.phase == PH_OVER and st.winner == 0  # a damaged tile controlled again


def test_the_retreat_story():
    """'The Attacker has played three cards of the same color ... a low total of only 14 ...
    the Attacker now retreats and discards the cards they played. The Defender is now stuck
    with their cards.' Retreat: 'discard all of the cards from your side of the Castle played
    on the tiles you want to Retreat from. Then proceed to Play 1 Card.'"""
    st = build({3: ("R2 R5 R7", "G6 G8"), 5: ("P1", "Y4")}, hand1="B1 B2 B3 B4 B5 B6")
    st.apply(encode_retreat([2]))
    assert st.cnt[4] == 0 and list(st.cards_at(2, 1)) == cards("G6 G8")
    assert all(st.loc[c] == 2 for c in cards("R2 R5 R7")) and list(st.cards_at(4, 0)) == cards("P1")
    assert st.phase == PH_PLAY and st.to_move == 0 and st.prep == 1
    assert all(m < DECLARE for m in st.legal_moves())  # now play one card: no second preparation
    play(st, "B1", 3)
    assert st.to_move == 1
    check_invariants(st)


def test_the_cauldron_takes_the_attackers_first_1():
    """'The Defender decides to use an Oil Cauldron to discard the Attacker's first 1. Since
    there is only a single 1 on the opposing side, the immediate danger has been quelled.'
    'discard the Attacker's card ... that is closest to the Wall tile'; 'Never change the order
    of the cards you've played; this could affect which cards are discarded by Oil Cauldrons.'"""
    st = build({2: ("R1 Y1", "G7")}, to_move=1)
    st.apply(CAULDRON + 1)
    assert list(st.cards_at(1, 0)) == cards("Y1") and st.loc[cards("R1")[0]] == 2 and st.oil == 2
    st = build({2: ("G4 R1 Y1 B1", "")}, to_move=1)
    assert st.done[2]
    st.apply(CAULDRON + 1)
    assert list(st.cards_at(1, 0)) == cards("R1 Y1 B1") and st.done[2] == 0  # incomplete again


def test_chicken_versus_chef():
    """'If you play a 0 on a Wall tile that already has an 11 of the same color played on the
    other side of the tile, discard both cards ... Similarly, discard both cards when playing an
    11 opposite a 0 of the same color. The card requirement must never be exceeded, even before
    discarding cards.'"""
    st = build({1: ("G5 R11 B2", "Y3")}, hand2="R0 P0 G1 G2 G3 G4", to_move=1)
    assert st.done[0]
    play(st, "R0", 1)
    assert list(st.cards_at(0, 0)) == cards("G5 B2") and list(st.cards_at(0, 1)) == cards("Y3")
    assert st.loc[cards("R0")[0]] == 2 and st.loc[cards("R11")[0]] == 2 and st.done[0] == 0
    check_invariants(st)
    # An 11 opposite a 0 of its colour, and a 0 opposite an 11 of another colour.
    st = build({2: ("B3", "Y0 P9")}, hand1="Y11 R0 R1 R2 R3 R4")
    play(st, "Y11", 2)
    assert list(st.cards_at(1, 1)) == cards("P9") and st.cnt[2] == 1
    st = build({2: ("B3", "Y11")}, hand1="R0 R1 R2 R3 R4 R5")
    play(st, "R0", 2)
    assert list(st.cards_at(1, 0)) == cards("B3 R0")
    # At a full tile the 0 cannot even be played.
    st = build({1: ("G5 R11 B2", "Y3 Y4 Y5")}, hand2="R0 P0 G1 G2 G3 G4", to_move=1)
    with pytest.raises(IllegalMove, match="already has its 3 cards"):
        play(st, "R0", 1)


def test_the_defender_wins_when_the_deck_is_empty():
    """'When a player ends their turn by drawing a Siege card but the deck is empty, the game
    ends immediately. The Defender wins the game.'"""
    st = build({}, hand1="R1 R2 R3 R4 R5 R6", hand2="G1 G2 G3 G4 G5 G6", deck="")
    play(st, "R1", 1)
    assert st.phase == PH_OVER and st.winner == 1
    st = build({}, hand1="R1 R2 R3 R4 R5 R6", hand2="G1 G2 G3 G4 G5 G6", deck="", to_move=1)
    play(st, "G1", 1)
    assert st.phase == PH_OVER and st.winner == 1


def test_a_declaration_before_the_empty_draw_wins():
    """'At any time during their turn, the Attacker can declare control': after playing and
    before drawing from the empty deck, a fourth damaged tile wins for the Attacker."""
    st = build({1: ("R9 R10", "")}, hand1="R11 Y1 Y2 Y3 Y4 Y5", deck="", damaged=(2, 3, 4))
    play(st, "R11", 1)
    assert st.phase == PH_DECLARE and st.legal_moves() == [DECLARE, DONE]
    st.apply(DECLARE)
    assert st.phase == PH_OVER and st.winner == 0 and st.damaged() == 4


def test_the_defender_wins_when_all_formations_are_complete():
    """'The Defender can also win the game if they cannot play any Siege cards because all
    formations on their side of the Wall are complete.'"""
    spec = {
        1: ("", "R0 R1 R2"), 2: ("", "R3 R4 R5 R6"), 3: ("", "R7 R8 R9"), 4: ("", "R10 R11"),
        5: ("", "Y0 Y1 Y2"), 6: ("", "Y3 Y4 Y5 Y6"), 7: ("P0", "Y7 Y8"),
    }  # fmt: skip
    st = build(spec, hand1="B1 B2 B3 B4 B5 B6", to_move=0)
    play(st, "B1", 1)
    assert st.phase == PH_PLAY and st.to_move == 1  # one Defender side is still open
    play(st, name(st.hand_of(1)[0]), 7)
    play(st, "B2", 1)
    assert st.phase == PH_OVER and st.winner == 1


def test_fourth_damaged_tile_and_a_damaged_tile_again():
    """'The Attacker wins the game if they declare control of a Damaged Wall tile, or if they
    damage a 4th Wall tile.'"""
    st = build({5: ("R9 R10 R11", "")}, damaged=(1, 2), hand1="Y1 Y2 Y3 Y4 Y5 Y6")
    st.apply(DECLARE + 4)
    assert st.phase == PH_PLAY and st.damaged() == 3 and st.winner == 255
    st = build({5: ("R9 R10 R11", "")}, damaged=(1, 2, 3))
    st.apply(DECLARE + 4)
    assert st.winner == 0 and st.damaged() == 4
    st = build({2: ("R11 G11", "B5")}, damaged=(2,))  # damaged tile 2: same strength of 2
    st.apply(DECLARE + 1)
    assert st.winner == 0 and st.damaged() == 1


def test_ties_go_to_whoever_completed_first():
    """'If the sums are also equal, the formation that was completed first has control.'"""
    st = build({3: ("R3 G4 B5", "Y3 P4 G5", 2)})
    assert st.declare_check(2) == []
    with pytest.raises(IllegalMove, match="Defender's formation wins"):
        st.apply(DECLARE + 2)
    st = build({3: ("R3 G4 B5", "Y3 P4 G5", 1)})
    st.apply(DECLARE + 2)
    assert st.side[2] == 1


def test_declare_before_playing_then_play_on_the_freed_tile():
    """Decision (docs/RULES.md): declarations 'at any time during their turn' — before playing
    too, so the Attacker may play on the tile they just took."""
    st = build({4: ("B10 B11", "R5")}, hand1="Y1 Y2 Y3 Y4 Y5 Y6")
    assert DECLARE + 3 in st.legal_moves() and st.phase == PH_PLAY
    st.apply(DECLARE + 3)
    play(st, "Y1", 4)
    assert list(st.cards_at(3, 0)) == cards("Y1") and st.to_move == 1


def test_the_attacker_who_cannot_play_must_retreat():
    """Decision (docs/RULES.md): with every formation of theirs complete, the Attacker's moves
    are retreats (and declarations): a card follows the retreat."""
    spec = {
        1: ("R0 R1 R2", ""), 2: ("R3 R4 R5 R6", ""), 3: ("R7 R8 R9", "G1"), 4: ("R10 R11", "G2"),
        5: ("Y0 Y1 Y2", "G3"), 6: ("Y3 Y4 Y5 Y6", ""), 7: ("Y7 Y8 Y9", ""),
    }  # fmt: skip
    st = build(spec, hand1="B1 B2 B3 B4 B5 B6", discard="")
    moves = st.legal_moves()
    assert moves and all(m >= DECLARE for m in moves)
    assert encode_retreat([0]) in moves and len([m for m in moves if m > T.RETREAT]) == 127


def test_proofs_use_public_information_and_ignore_eliminations():
    """'referencing only the cards already played and discarded during the game ... The
    Attacker does not have to consider the 0 cards, 11 cards, or Cauldrons'. The Attacker's own
    hand counts as unseen (docs/RULES.md); the Defender's possible 0 is a card like any other."""
    st = build({3: ("G8 G9 G10", "P9 P10")}, hand1="P11 R1 R2 R3 R4 R5")
    assert st.declare_check(2) == cards("P11")
    st = build({3: ("G8 G9 G10", "P9 P10")}, discard="P11 P8")
    assert st.declare_check(2) is None  # P8 and P11 are discarded: nothing unseen beats it
    st = build({3: ("R9 R10 R11", "G1")}, hand2="R0 G0 B0 Y0 P0 P1", to_move=0)
    assert st.declare_check(2) is None  # the Defender's R0 could eliminate R11: not considered


def test_counterexamples_hold_on_real_positions():
    """The fast prover agrees with the brute force on positions from random games."""
    from engine.rng import Rng
    from engine.st2.play import random_move

    rng = Rng(2)
    seen = 0
    for g in range(40):
        st = State(g)
        while st.phase != PH_OVER:
            unseen = st.unseen()
            for t in range(NTILES):
                n, kd = st.need(t), st.kind(t)
                k = st.cnt[t * 2 + 1]
                if st.cnt[t * 2] == n and k < n and n - k <= 3:
                    mine, opp = list(st.cards_at(t, 0)), list(st.cards_at(t, 1))
                    fast = beat(score(mine, n, kd), opp, k, n, kd, st.loc)
                    assert (fast is None) == (brute_beat(mine, opp, n, kd, unseen) is None)
                    seen += 1
            st.apply(random_move(st, rng))
    assert seen > 200
