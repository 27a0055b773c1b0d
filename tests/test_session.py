"""The match controller behind the screens: turns, automatic steps, claims, undo, saves."""

import pytest

from engine import st1
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st1.play import random_move
from ui.session import OPP_DEMO, OPP_EASY, OPP_PASS, Session, Settings


def first_legal(view, rng, seat, tick):
    """A stand-in AI: the first legal move (claims first, as they sort before DONE)."""
    return view.legal_moves()[0]


def human_turn(s, rng):
    """Whatever the human can decide, decided at random (claims tried where complete)."""
    st = s.state
    if st.phase == st1.PH_CLAIM:
        for stone in st.claimable():
            assert s.try_claim(stone) is None
            if s.round_over():
                return
        s.end_claims()
    else:
        m = random_move(st, rng)
        s.play(m // 9, m % 9)


def play_out(s, rng):
    s.settle()
    while not s.round_over():
        if s.human_to_move():
            human_turn(s, rng)
        else:
            s.ai_step()
            s.settle()


@pytest.mark.parametrize("timing", [st1.T2016, st1.T1999])
@pytest.mark.parametrize("auto", [0, 1])
def test_whole_matches_against_the_ai(timing, auto):
    rng = Rng(timing * 2 + auto)
    s = Session(Settings(timing, OPP_EASY, rounds=3, auto_claims=auto), 1234, first_legal)
    while True:
        play_out(s, rng)
        w = s.state.winner
        before = list(s.match.scores)
        over = s.finish_round()
        assert s.match.scores[w] == before[w] + 5
        if over:
            break
        s.next_round()
        assert s.state.to_move == w  # the winner starts the next round
    assert s.match.played == 3


def test_automatic_claims_happen_for_the_human():
    s = Session(Settings(st1.T2016, OPP_PASS, auto_claims=1), 5, first_legal)
    rng = Rng(3)
    claimed = 0
    while not s.round_over():
        if s.state.phase == st1.PH_CLAIM:
            # With automatic claims a human never sits in the claim step.
            pytest.fail("human left in the claim step")
        m = random_move(s.state, rng)
        claimed += sum(1 for x in s.play(m // 9, m % 9) if st1.CLAIM <= x < st1.DONE)
    assert claimed >= 3 and claimed == s.state.stones_of(0) + s.state.stones_of(1)


def test_failed_manual_claim_shows_a_counterexample_and_changes_nothing():
    s = Session(Settings(st1.T2016, OPP_PASS, auto_claims=0), 5, first_legal)
    from tests.helpers import build, cards

    s.state = build({2: ("R1 R2 R3", "G8 G9")}, hand1="B1", phase=st1.PH_CLAIM)
    n = len(s.rec.moves)
    assert s.try_claim(1) == cards("G7")
    assert len(s.rec.moves) == n and s.state.owner[1] == 0


def test_undo_goes_back_to_the_humans_turn():
    s = Session(Settings(st1.T2016, OPP_EASY), 77, first_legal)
    s.settle()
    assert not s.can_undo()
    start = list(s.rec.moves)
    hand = s.state.hand_of(0)
    m = s.state.legal_moves()[5]
    s.play(m // 9, m % 9)
    while not s.human_to_move():
        s.ai_step()
        s.settle()
    assert s.can_undo()
    assert s.undo()
    assert s.rec.moves == start and s.state.hand_of(0) == hand and s.human_to_move()
    assert not s.can_undo()


def test_no_undo_in_pass_and_play():
    s = Session(Settings(st1.T2016, OPP_PASS), 77, first_legal)
    m = s.state.legal_moves()[0]
    s.play(m // 9, m % 9)
    assert not s.can_undo() and not s.undo()


def test_save_and_resume_mid_match():
    rng = Rng(8)
    settings = Settings(st1.T1999, OPP_EASY, rounds=3, auto_claims=0)
    s = Session(settings, 99, first_legal)
    play_out(s, rng)
    s.finish_round()
    s.next_round()
    s.settle()
    for _ in range(6):
        if s.human_to_move():
            human_turn(s, rng)
        else:
            s.ai_step()
    blob = s.pack()
    r = Session.unpack(blob, Settings.unpack(settings.pack()), first_legal)
    assert r.rec.moves == s.rec.moves and r.match.scores == s.match.scores
    assert r.state.legal_moves() == s.state.legal_moves() and r.match.played == 1
    with pytest.raises(IllegalMove):
        Session.unpack(blob[:-1], settings, first_legal)
    with pytest.raises(IllegalMove):
        Session.unpack(blob, Settings(st1.T2016, OPP_EASY, rounds=3), first_legal)


def test_demo_has_no_human():
    s = Session(Settings(st1.T2016, OPP_DEMO), 4, first_legal)
    while not s.round_over():
        assert not s.human_to_move()
        s.ai_step()
    assert s.state.winner in (0, 1)


def test_settings_pack_and_reject_garbage():
    a = Settings(st1.T1999, OPP_PASS, 5, 0, 0, 1)
    b = Settings.unpack(a.pack())
    assert (b.timing, b.opponent, b.rounds, b.auto_claims, b.sound, b.first) == (1, 3, 5, 0, 0, 1)
    d = Settings.unpack(b"\x01\x07\x09\x09\x09\x09\x09")
    assert (d.timing, d.opponent, d.rounds) == (0, 1, 1)
    # An even match length is not offered by the menu: refused, defaults instead.
    assert Settings.unpack(b"\x01\x00\x00\x04\x00\x00\x00").rounds == 1
    assert Settings.unpack(b"").rounds == 1


def test_a_memory_error_in_the_ais_turn_falls_back_to_a_cheaper_move(monkeypatch):
    """A MemoryError anywhere in the AI's decision never reaches the player: the Easy AI
    answers, and if even that runs out of memory, the first legal move."""
    from engine import ai

    def broke(view, rng, seat, tick):
        raise MemoryError("search")

    s = Session(Settings(opponent=OPP_DEMO), 3, broke)
    rng = Rng(3)
    for _ in range(6):
        st = s.state
        legal = st.legal_moves()
        easy = ai.choose(st.view(st.to_move), Rng(1), ai.EASY)
        assert easy in legal
        m = s.ai_step()
        assert m in legal
        s.settle()
    assert s.fallbacks == 6
    real = ai.choose
    calls = []

    def out_of_memory(*a, **k):
        calls.append(a[2])
        raise MemoryError("easy too")

    monkeypatch.setattr(ai, "choose", out_of_memory)
    legal = s.state.legal_moves()
    assert s.ai_step() == legal[0] and calls == [ai.EASY] and s.fallbacks == 7
    monkeypatch.setattr(ai, "choose", real)
    play_out(s, rng)  # and the game goes on to its end
    assert s.round_over()


def test_no_hint_for_want_of_memory_is_no_crash():
    def broke(view, rng, seat, tick):
        raise MemoryError

    s = Session(Settings(opponent=OPP_EASY), 3, broke)
    assert s.hint() == -1
