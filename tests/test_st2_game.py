"""The game descriptor engine.st2.game: what the one game interface (issue 11) will call."""

import pytest

from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import game
from engine.st2.play import random_move
from tests.brute2 import brute_key
from tests.st2_helpers import build


def test_constants_and_a_game_through_the_descriptor():
    assert (game.NAME, game.NPLAYERS, game.NSIEGE, game.HAND, game.NTILES) == ("st2", 2, 60, 6, 7)
    assert game.NMOVES > game.DONE and game.NCARDS >= game.NSIEGE
    st = game.new_state(None, 12)
    assert st.to_move == 0 and st.phase == game.PH_PLAY and not game.is_over(st)
    assert game.result(st) == (-1, 48, 10)
    rng = Rng(12)
    kinds = set()
    while not game.is_over(st):
        mv = random_move(st, rng)
        kind, card, tile, tiles = game.decode(mv)
        kinds.add(kind)
        assert game.parse_move(game.move_text(mv)) == mv
        if kind == game.KIND_PLAY:
            assert card in st.hand_of(st.to_move) and 0 <= tile < 7 and tiles == 0
        elif kind == game.KIND_RETREAT:
            assert card == tile == -1 and tiles & st.retreat_mask() == tiles
        else:
            assert card == -1 and tiles == 0
        st.apply(mv, st.to_move)
    w, deck, good = game.result(st)
    assert w == st.winner and deck == st.ndeck and good == 7 - st.damaged() + st.oil
    assert {game.KIND_PLAY, game.KIND_RETREAT, game.KIND_CAULDRON} <= kinds
    tac = game.new_state({"variant": 1}, 1)  # the tactic variant (issue 15)
    assert tac.variant == 1 and len(tac.hand_of(0)) == 7 and game.options_of(tac) == {"variant": 1}
    for bad in (2, -1, True, "tactic"):
        with pytest.raises(IllegalMove, match="no such variant"):
            game.new_state({"variant": bad}, 1)


def test_claim_check_and_claimable():
    st = build({4: ("B10 B11", ""), 3: ("R1 R2 R4", "G8 G9")})
    assert game.claim_check(st, 3) is None and game.claimable(st) == [3]
    why = game.claim_check(st, 2)  # R1 R2 R4 (a colour) against G8 G9: e.g. G10 beats it
    assert isinstance(why, list) and len(why) == 1
    assert brute_key(list(st.cards_at(2, 1)) + why, 0) > brute_key(list(st.cards_at(2, 0)), 0)
    assert "not complete" in game.claim_check(st, 0)
    assert game.encode(game.KIND_DECLARE, tile=3) in st.legal_moves()


def test_new_match():
    m = game.new_match(1)
    st = m.new_game(5)
    assert m.attacker() == 0 and st.to_move == 0
    assert game.new_match(0).mode == 0
