"""sim.omniscient for the tactic variants (issue 16's yardstick, desktop only): the Judges
that read the State see exactly the hidden cards, and the players make legal moves. The second
game's base yardstick is tested in tests/test_ai_st2.py."""

import pytest

from engine.ai.st1.tactic import BUDGETS as B1
from engine.ai.st2.tactic import BUDGETS as B2
from engine.rng import Rng
from engine.st1 import game as g1
from engine.st2 import game as g2
from sim.omniscient import _omni_judge, _omni_tjudge, main, omni_player1t, omni_player2t

NCLAN = 54


def _random_play(g, st, n, seed):
    """n random legal moves (fewer if the game ends)."""
    r = Rng(seed)
    for _ in range(n):
        if g.is_over(st):
            break
        ms = st.legal_moves()
        st.apply(ms[r.randrange(len(ms))])
    return st


@pytest.mark.parametrize("plies", [0, 9, 30])
def test_the_first_games_omniscient_judge_sees_the_other_hand_and_the_deck(plies):
    """The other hand's clan cards are the opponent's for a hand card's weight, and so are
    the top two cards of the clan deck, the mover's next draw and the opponent's; the rest of
    the deck is shared (both sides may get each card); a card on the table or discarded is no
    one's to come."""
    st = _random_play(g1, g1.new_state(g1.options(variant=1), 7), plies, plies + 1)
    me = st.to_move
    j = _omni_tjudge()()
    j.st = st
    v = st.view(me)
    j.setup(v, me, v.hand_of(me), v.opp_hand - v.opp_tactics, v.opp_known)
    am, ao = j.mine.avail, j.theirs.avail
    opp = [c for c in st.hand_of(me ^ 1) if c < NCLAN]
    assert opp
    for c in opp:
        assert ao[c] == j.hand_w and am[c] == 0
    for c in v.hand_of(me):
        if c < NCLAN:
            assert am[c] == j.hand_w and ao[c] == 0
    nd = st.ndeck
    assert nd > 3
    assert (am[st.deck[nd - 1]], ao[st.deck[nd - 1]]) == (j.hand_w, 0)  # I am to move
    assert (am[st.deck[nd - 2]], ao[st.deck[nd - 2]]) == (0, j.hand_w)
    for k in range(nd - 2):
        assert 0 < am[st.deck[k]] < j.late and 0 < ao[st.deck[k]] <= 1024
    seen = set(opp) | set(v.hand_of(me)) | set(st.deck[:nd])
    for c in range(NCLAN):
        if c not in seen:
            assert am[c] == ao[c] == 0, c


def test_the_second_games_tactic_judge_reads_the_state_not_the_shim():
    """With tactic cards in the other hand, only its siege cards count; the deck as in the
    base game's yardstick (the mover's next draw is its own)."""
    from engine.ai.st2.tactic.search import TSearch, setup
    from engine.st2.cards import NSIEGE

    st = _random_play(g2, g2.new_state({"variant": 1}, 11), 12, 3)
    me = st.to_move
    ts = TSearch()
    j = _omni_judge()()
    j.shim = ts.sh
    j.real = None
    ts.s.j = ts.j = j
    j.st = st
    setup(st.view(me), ts)
    for c in st.hand_of(me ^ 1):
        if c < NSIEGE:
            assert j.theirs.avail[c] == j.hand_w and j.mine.avail[c] == 0
    nd = st.ndeck
    assert j.mine.avail[st.deck[nd - 1]] == j.hand_w
    assert j.theirs.avail[st.deck[nd - 2]] == j.hand_w
    assert j.mine.avail[st.deck[0]] == j.theirs.avail[st.deck[0]] == 0  # drawn too late


def test_the_omniscient_players_make_legal_moves_through_whole_games():
    """Every decision of a whole game, each player against itself: legal (apply raises
    otherwise) through ruses, draws and claims; the game ends."""
    for g, opts, player in (
        (g1, g1.options(variant=1), omni_player1t(B1[2])),
        (g1, g1.options(variant=1, timing=g1.T1999), omni_player1t(B1[2])),
        (g2, {"variant": 1}, omni_player2t(B2[2])),
    ):
        st = g.new_state(opts, 5)
        n = 0
        while not g.is_over(st):
            mv = player(st, Rng(1))
            assert mv in st.legal_moves()
            st.apply(mv)
            n += 1
        assert n > 20


def test_the_command_line():
    assert main(["--game", "st1", "--level", "easy", "--games", "2"]) == 0
    assert main(["--game", "st1", "--timing", "1999", "--level", "easy", "--games", "2"]) == 0
    assert main(["--game", "st2", "--variant", "tactic", "--level", "easy", "--games", "2"]) == 0
    assert main(["--game", "st1", "--variant", "base"]) == 2
    assert main(["--game", "st1", "--level", "genius"]) == 2
