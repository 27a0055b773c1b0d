"""Schotten Totten 2: every illegal action raises IllegalMove with a clear message and leaves
the state byte-for-byte unchanged (every bytearray and field compared)."""

import pytest

from engine.errors import IllegalMove
from engine.st2 import moves as T
from engine.st2.moves import CAULDRON, DECLARE, DONE, NMOVES, RETREAT, encode_play, encode_retreat
from engine.st2.state import State
from tests.st2_helpers import build, cards, snapshot


def rejected(st, move, match, player=None):
    before = snapshot(st)
    with pytest.raises(IllegalMove, match=match):
        st.apply(move, player)
    assert snapshot(st) == before


def test_a_fourth_cauldron():
    st = build({1: ("R1", "")}, to_move=1, oil=0)
    rejected(st, CAULDRON + 0, "no oil cauldron left")


def test_two_cauldrons_in_one_turn():
    st = build({1: ("R1 R2", ""), 2: ("G1", "")}, to_move=1)
    st.apply(CAULDRON + 0)
    rejected(st, CAULDRON + 0, "one preparation action a turn")
    rejected(st, CAULDRON + 1, "one preparation action a turn")


def test_a_cauldron_on_an_empty_side():
    st = build({1: ("", "Y5")}, to_move=1)
    rejected(st, CAULDRON + 0, "no Attacker card")


def test_the_defenders_card_ends_the_turn():
    """So no cauldron can follow it: the next move is the Attacker's."""
    st = build({1: ("R1", "")}, to_move=1)
    st.apply(encode_play(st.hand_of(1)[0], 3))
    assert st.to_move == 0 and st.oil == 3
    rejected(st, CAULDRON + 0, "only the Defender")


def test_a_declaration_by_the_defender():
    st = build({4: ("B10 B11", "")}, to_move=1)
    rejected(st, DECLARE + 3, "only the Attacker declares")


def test_a_retreat_by_the_defender():
    st = build({1: ("R1", "G1")}, to_move=1)
    rejected(st, encode_retreat([0]), "only the Attacker may retreat")


def test_a_cauldron_by_the_attacker():
    st = build({1: ("R1", "G1")})
    rejected(st, CAULDRON + 0, "only the Defender")


def test_a_card_over_the_tiles_count():
    st = build({4: ("B10 B11", "")}, hand1="R0 R1 R2 R3 R4 R5")
    rejected(st, encode_play(cards("R0")[0], 3), "already has its 2 cards")


def test_a_declaration_that_does_not_hold():
    st = build({3: ("R1 R2 R4", "G8 G9")})
    rejected(st, DECLARE + 2, "could still add")
    st = build({3: ("R1 R2 R4", "G7 G8 G9")})
    rejected(st, DECLARE + 2, "Defender's formation wins")
    st = build({3: ("R1 R2", "")})
    rejected(st, DECLARE + 2, "not complete")


def test_retreats_that_are_not_allowed():
    st = build({1: ("R1", ""), 2: ("G1", "")})
    rejected(st, RETREAT, "at least one tile")
    rejected(st, encode_retreat([0, 2]), "tile 3: no Attacker card")
    st.apply(encode_retreat([0]))
    rejected(st, encode_retreat([1]), "one preparation action a turn")


def test_a_preparation_after_the_card():
    st = build({4: ("B10", ""), 1: ("R1", "")}, hand1="B11 Y1 Y2 Y3 Y4 Y5")
    st.apply(encode_play(cards("B11")[0], 3))
    assert st.phase == T.PH_DECLARE
    rejected(st, encode_retreat([0]), "before playing a card")
    rejected(st, encode_play(cards("Y1")[0], 0), "a card is already played")


def test_a_card_not_in_hand_and_unknown_cards():
    st = State(1)
    rejected(st, encode_play(st.hand_of(1)[0], 0), "not in player 1's hand")
    rejected(st, encode_play(60, 0), "no such card")


def test_done_before_playing():
    rejected(State(1), DONE, "play a card first")


def test_the_wrong_player():
    st = State(1)
    rejected(st, st.legal_moves()[0], "player 1's turn, not player 2's", player=1)


def test_tactic_moves_in_the_base_game():
    for m in (T.DONE + 1, T.DRAW_SIEGE, T.DRAW_TACTIC, T.TARGET_CARD, T.TARGET_TILE + 6, NMOVES - 1):
        rejected(State(1), m, "tactic variant")


def test_not_a_move():
    st = State(1)
    for m in (-1, NMOVES, 10**9, "B11@3", None, 1.5):
        rejected(st, m, "no such move")


def test_not_a_player_or_a_bool_move():
    """Issue 12, item 15: apply(move, "1") raised TypeError and apply(True) played move 1 (a
    bool is an int)."""
    st = State(1)
    m = st.legal_moves()[0]
    for player in ("1", "0", 0.0, 1.0, False, True, 2, -1, [0]):
        rejected(st, m, "no such player", player=player)
    for move in (True, False, float(m)):
        rejected(st, move, "no such move")
        rejected(st, move, "no such move", player=0)
    st.apply(m, 0)
    assert st.nplayed == 1


def test_after_the_end():
    st = build({5: ("R9 R10 R11", "")}, damaged=(1, 2, 3))
    st.apply(DECLARE + 4)
    for m in (DONE, DECLARE, CAULDRON, encode_play(0, 0), encode_retreat([0])):
        rejected(st, m, "over")
