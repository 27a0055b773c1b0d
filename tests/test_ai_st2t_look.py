"""Expert's look-ahead in the second game's tactic variant (engine.ai.st2.tactic.lookahead, desktop
only): a legal move in every phase (the card step, the draw, action steps, the Exchange's
step out of turn), honest over re-deals of what the player cannot see, the same move for a
seed, the work budget in units, no deep recursion, and Hard's move where the module is left
out (the device bundle)."""

import sys

from engine.ai import EXPERT, HARD, choose
from engine.ai.st2.tactic import BUDGETS, TBudget2
from engine.deal import sample
from engine.rng import Rng
from engine.st2 import game
from tests.test_ai_st2t import PH_ACTION, PH_DRAW, PH_EXCHANGE, _positions, _vkey


def _card_steps(count, seed):
    return [st for st in _positions(count, seed, (0,)) if st.phase == 0]


def test_expert_looks_ahead_in_the_tactic_variant_only_on_the_desktop():
    b = BUDGETS[EXPERT]
    assert b.cands > 1 and b.samples > 0
    from sim.bundle import DESKTOP_ONLY

    assert "engine/ai/st2/tactic/lookahead.py" in DESKTOP_ONLY


def test_a_legal_move_in_every_phase():
    """Card steps (both roles), draws, action steps and the Exchange's step out of turn."""
    seen = set()
    for i, st in enumerate(_positions(40, 11)):
        p = st.to_move
        mv = choose(st.view(p), Rng(i), EXPERT)
        assert mv in st.legal_moves()
        seen.add((st.phase, p) if st.phase == 0 else st.phase)
    assert {(0, 0), (0, 1), PH_DRAW, PH_ACTION} <= seen, seen
    n = 0
    for g in range(40):  # Easy plays the Exchange: Expert chooses its cards out of turn
        st = game.new_state({"variant": 1}, 500 + g)
        from engine.ai.player import Player

        pl = (Player(0, g), Player(0, g + 1))
        while not game.is_over(st):
            p = st.to_move
            if st.phase == PH_EXCHANGE and len(st.legal_moves()) > 1:
                assert choose(st.view(p), Rng(g), EXPERT) in st.legal_moves()
                n += 1
                break
            st.apply(pl[p].move(st.view(p)))
        if n >= 3:
            break
    assert n >= 3


def test_honest_and_the_same_move_for_a_seed():
    """Same seed, same move, whatever the player cannot see (TView.sample re-deals the other
    hand, both decks' order, keeping what the player knows); and the same move twice."""
    got = _card_steps(16, 41)
    assert len(got) >= 10
    for i, st in enumerate(got):
        p = st.to_move
        v = st.view(p)
        want = choose(v, Rng(i), EXPERT)
        assert choose(v, Rng(i), EXPERT) == want
        for r in range(2):
            s = sample(v, Rng(1000 * i + r))
            assert _vkey(s.view(p)) == _vkey(v)
            assert choose(s.view(p), Rng(i), EXPERT) == want


def test_it_changes_hard_moves_and_a_spent_budget_gives_hard_move():
    """The look-ahead picks another move than Hard's in some positions; with its work budget
    (units) already spent by Hard's own decision, it plays Hard's move."""
    spent = TBudget2(True, 4, 6, 1, end=3, ecands=3)
    differ = 0
    for i, st in enumerate(_card_steps(24, 61)):
        v = st.view(st.to_move)
        hard = choose(v, Rng(i), HARD)
        assert choose(v, Rng(i), spent) == hard
        differ += choose(v, Rng(i), EXPERT) != hard
    assert differ >= 1


def test_no_deep_recursion():
    """Turns inside the deals are loops: a decision stays within 40 frames of choose (the
    engine's and the Judge's own calls included)."""
    st = _card_steps(3, 5)[-1]
    v = st.view(st.to_move)
    depth = [0, 0]

    def prof(frame, event, arg):
        if event == "call":
            depth[0] += 1
            depth[1] = max(depth[1], depth[0])
        elif event == "return":
            depth[0] -= 1

    sys.setprofile(prof)
    try:
        choose(v, Rng(1), EXPERT)
    finally:
        sys.setprofile(None)
    assert 10 < depth[1] <= 40, depth


def test_hard_move_where_the_look_ahead_is_left_out(monkeypatch):
    """The device bundle leaves engine.ai.st2.tactic.lookahead out: Expert then plays Hard's move."""
    got = _card_steps(6, 81)
    want = [choose(st.view(st.to_move), Rng(3), HARD) for st in got]
    monkeypatch.setitem(sys.modules, "engine.ai.st2.tactic.lookahead", None)  # import fails
    assert [choose(st.view(st.to_move), Rng(3), EXPERT) for st in got] == want
