"""AI players: legal complete games, honesty, obvious moves, determinism, the interface."""

import pytest

from engine import st1
from engine.ai import EASY, EXPERT, HARD, MEDIUM, Budget, choose, level_of
from engine.ai.bench import play, run
from engine.ai.player import Player
from engine.cards import parse
from engine.deal import sample
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st1 import DONE
from tests.helpers import build, check_invariants
from tests.legal import legal_params


def position(stones, hand, owners=None, timing=st1.T2016, phase=st1.PH_PLAY, opp_hand=6, seed=1):
    """Player 1 to move. stones: {number: ("player 1 cards", "player 2 cards")}; player 2's
    hand and the deck are dealt at random (by seed) from the cards not placed."""
    st = build(stones, hand1=hand, phase=phase, timing=timing, owners=owners)
    rest = bytearray(st.deck[: st.ndeck])
    Rng(seed).shuffle(rest)
    for i in range(opp_hand):
        st.hand[st1.HMAX + i] = rest[i]
    st.deck = rest[opp_hand:]
    st.ndeck = len(st.deck)
    return st


def play_move(card, stone):
    return st1.encode_play(parse(card), stone - 1)


SMART = (MEDIUM, HARD, EXPERT)


def test_rejects_a_state():
    st = st1.State(1)
    with pytest.raises(TypeError):
        choose(st, Rng(1), HARD)
    with pytest.raises(IllegalMove):
        choose(st.view(1), Rng(1), HARD)  # not player 2's turn
    with pytest.raises(IllegalMove):
        level_of("grandmaster")
    assert level_of("Hard") == HARD and level_of(EASY) == EASY


@pytest.mark.parametrize("timing", (st1.T2016, st1.T1999))
@pytest.mark.parametrize("level", (EASY,) + SMART)
def test_claim_that_wins_the_game(level, timing):
    # Stones 1 and 2 are ours; R7 R8 R9 beats Y1 Y2 O3 on stone 3: the claim wins.
    st = position({3: ("R7 R8 R9", "Y1 Y2 O3")}, "B5 G2 P7 O4 Y6", {1: 1, 2: 1}, timing, st1.PH_CLAIM)
    assert choose(st.view(0), Rng(1), level) == st1.CLAIM + 2


@pytest.mark.parametrize("level", SMART)
def test_play_and_claim_that_wins(level):
    st = position({3: ("R7 R8", "Y1 Y2 O3")}, "R9 B5 G2 P7 O4 Y6", {1: 1, 2: 1})
    p = Player(level, 3)
    while st.phase != st1.PH_OVER and st.to_move == 0:
        st.apply(p.move(st.view(0)))
    assert st.winner == 0


@pytest.mark.parametrize("timing", (st1.T2016, st1.T1999))
@pytest.mark.parametrize("level", SMART)
def test_blocks_three_adjacent(level, timing):
    # Player 2 holds stones 4 and 5; on stone 6 its colour-run B4 B5 B6 would make three
    # adjacent. R9 completes R7 R8 R9, the only formation that beats it.
    st = position(
        {6: ("R7 R8", "B4 B5 B6"), 1: ("G1", ""), 8: ("", "P2")},
        "R9 G3 O2 Y3 P4 G6",
        {3: 1, 4: 2, 5: 2},
        timing,
    )
    assert choose(st.view(0), Rng(2), level) == play_move("R9", 6)


@pytest.mark.parametrize("level", SMART)
def test_keeps_the_only_card_of_a_colour_run(level):
    # Y4 is on the table, so Y7 (in hand) is the only card that completes Y5 Y6 on stone 2.
    # Spending it on the three sevens at stone 5 wastes it: other sevens are still unseen.
    st = position(
        {2: ("Y5 Y6", "O1"), 5: ("R7 B7", "G2 P3"), 7: ("", "Y4 R2")},
        "Y7 G9 O3 P1 B2 R4",
    )
    mv = choose(st.view(0), Rng(3), level)
    assert mv != play_move("Y7", 5)


def _reshuffled(st, p, seed):
    """The same position for player p with the cards p cannot see dealt anew."""
    s = st.copy()
    o = (p ^ 1) * st1.HMAX
    hidden = bytearray(c for c in s.hand[o : o + st1.HMAX] if c != 255)
    nh = len(hidden)
    hidden += s.deck[: s.ndeck]
    Rng(seed).shuffle(hidden)
    for i in range(nh):
        s.hand[o + i] = hidden[i]
    s.deck = bytearray(hidden[nh:])
    return s


def _positions(timing, count, seed, deck=-1):
    """Positions reached by Easy self-play, at every stage of the game, player to move
    (deck >= 0: the first play with at most that many cards left in the deck)."""
    out = []
    for g in range(count):
        st = st1.State(seed + g, timing, g & 1)
        pl = (Player(EASY, g), Player(EASY, g + 7))
        stop = 4 + (g * 7) % 70
        k = 0
        while st.phase != st1.PH_OVER:
            if deck < 0 and k >= stop:
                break
            if deck >= 0 and st.phase == st1.PH_PLAY and st.ndeck <= deck:
                break
            st.apply(pl[st.to_move].move(st.view(st.to_move)))
            k += 1
        if st.phase != st1.PH_OVER:
            out.append(st)
    return out


# The look-ahead's sampling is the part that could leak: LOOK is Expert's search, smaller;
# END plays deals out to the end of the game once the deck is down to 3 cards.
LOOK = Budget(True, 2, 2, 0)
END = Budget(True, 2, 2, 0, end=3, ecands=3)
INFER = Budget(True, 2, 2, 0, infer=3)  # deals kept only if the opponent's last play fits


@pytest.mark.parametrize("timing", (st1.T2016, st1.T1999))
@pytest.mark.parametrize("level,count", ((MEDIUM, 60), (HARD, 60), (LOOK, 24), (INFER, 24), (EXPERT, 2)))
def test_honest(level, count, timing):
    """Same seed, same move, whatever the opponent's hand and the deck order."""
    for i, st in enumerate(_positions(timing, count, 100 + count)):
        p = st.to_move
        want = choose(st.view(p), Rng(i), level)
        for r in range(4):
            s = _reshuffled(st, p, 1000 * i + r)
            assert s.view(p).hand == st.view(p).hand
            assert choose(s.view(p), Rng(i), level) == want


@pytest.mark.parametrize("timing", (st1.T2016, st1.T1999))
@pytest.mark.parametrize("deck", (3, 0))
def test_honest_to_the_end(deck, timing):
    """Deals played out to the end, near the end of the deck and with the deck empty (the
    unseen cards are then exactly the opponent's hand: only their order can change)."""
    got = _positions(timing, 30, 300 + deck, deck)
    assert len(got) >= 12
    for i, st in enumerate(got):
        p = st.to_move
        assert st.ndeck <= deck
        want = choose(st.view(p), Rng(i), END)
        for r in range(3):
            s = _reshuffled(st, p, 1000 * i + r)
            assert choose(s.view(p), Rng(i), END) == want


class _Deal:
    """A deal whose opponent hand is given in order (the card drawn last, last)."""

    def __init__(self, hand):
        self.hand = hand

    def hand_of(self, p):
        return list(self.hand)


@pytest.mark.parametrize("timing", (st1.T2016, st1.T1999))
def test_the_true_deal_fits_the_opponents_last_play(timing):
    """Against Hard, the opponent's real hand before its last play always explains that
    play (the table before it is rebuilt from what both players saw); random deals often do
    not, so keeping the deals that fit tells the look-ahead something."""
    from engine.ai import _search
    from engine.ai.st1.lookahead import _before, _buffers, _fits

    srch = _search()
    _buffers(srch)  # the look-ahead's buffers (srch.jo), made here too when this test runs alone
    rng = Rng(3)
    fits = misfits = random_misfits = 0
    for g in range(6):
        st = st1.State(40 + g, timing, g & 1)
        seats = (Player(HARD, g), Player(HARD, g + 9))
        kept = None
        assert _before(st.view(st.to_move)) is None  # nothing played yet
        while st.phase != st1.PH_OVER:
            p = st.to_move
            v = st.view(p)
            if st.phase == st1.PH_PLAY and v.turn > 1:
                prev = _before(v)
                cur = st.hand_of(p ^ 1)
                drawn = [c for c in cur if c not in kept]
                if prev is None:  # the opponent passed: its last play is older
                    assert v.lplay >> 11 != v.turn - 1
                else:
                    assert len(drawn) == prev.drew
                    if _fits(srch, prev, _Deal([c for c in cur if c not in drawn] + drawn)):
                        fits += 1
                    else:
                        misfits += 1
                    random_misfits += not _fits(srch, prev, sample(v, rng))
            mv = seats[p].move(v)
            if mv < st1.CLAIM:
                kept = [c for c in st.hand_of(p) if c != mv // 9]
            st.apply(mv)
    assert fits > 100 and misfits == 0
    assert random_misfits > fits // 3


def test_no_inference_without_a_known_last_play():
    from engine.ai.st1.lookahead import _before
    from engine.notation import parse_position, position_text

    st = st1.State(8)
    st.apply(st.legal_moves()[0])
    st.apply(DONE)
    v = st.view(1)
    assert _before(v) is not None
    assert _before(st.view(0)) is None  # our own play tells nothing about the opponent
    back = parse_position(position_text(st))
    assert back.lplay == -1 and _before(back.view(1)) is None
    # With a deal kept only if it fits, a position without a known last play is answered
    # exactly as without inference.
    assert choose(back.view(1), Rng(2), INFER) == choose(back.view(1), Rng(2), LOOK)


def _games(timing, la, lb, first, stop, seed):
    """Games first .. stop - 1 of a sample: game i dealt from seed + i, seats alternated; each
    complete, with a winner, and its last state passes check_invariants (every card once, the
    winner's claim wins)."""
    for i in range(first, stop):
        times = [[], []]
        st, _ = play(seed + i, timing, la, lb, i & 1, times)
        assert st.phase == st1.PH_OVER and st.winner in (0, 1)
        check_invariants(st)


# Complete games (every move is applied by the engine, which rejects an illegal one), in
# chunks (tests/legal.py). CI plays 2,000 games a level (1,000 a timing): Hard and Medium in
# the Hard-vs-Medium games (one game counts for both levels: cheaper than Hard vs Easy plus
# Medium vs Easy, docs/BENCHMARKS.md), Easy in the Easy-vs-Easy ones, and 100 Medium-vs-Easy
# games a timing; make long-test plays 150 more Medium-vs-Easy games a timing and Expert's rest
# of 10 a timing. The long runs are in docs/BENCHMARKS.md (AI). The 1999 Expert also plays two
# whole games in tests/test_ai_mp.py, on CPython and the VM.
LEGAL_GAMES = (  # level, opponent, seed, games a timing in CI (2016, 1999), in all, a chunk
    (EASY, EASY, 1, 1000, 1000, 1000),
    (MEDIUM, EASY, 2, 100, 250, 100),
    (HARD, MEDIUM, 3, 1000, 1000, 250),
    (EXPERT, HARD, 4, (3, 1), 10, 10),
)


@pytest.mark.parametrize("timing,la,lb,first,stop,seed", legal_params(LEGAL_GAMES, (st1.T2016, st1.T1999)))
def test_legal_games(timing, la, lb, first, stop, seed):
    _games(timing, la, lb, first, stop, seed)


def test_seed_reproduces_a_game():
    a = run(st1.T2016, HARD, MEDIUM, 3, 42)
    b = run(st1.T2016, HARD, MEDIUM, 3, 42)
    assert a.split(" a_ms")[0] == b.split(" a_ms")[0]
    assert a.startswith("games=3 a_wins=")


def test_tick_reports_progress_without_changing_the_move():
    st = st1.State(5)
    calls = []
    for level in (MEDIUM, HARD):
        a = choose(st.view(0), Rng(1), level)
        b = choose(st.view(0), Rng(1), level, tick=lambda: calls.append(1))
        assert a == b
    assert calls


def test_arena_command(capsys):
    from sim.arena import main

    assert main(["--game", "st1", "--timing", "1999", "--a", "medium", "--b", "easy", "--games", "4"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("games=4 a_wins=") and " ci95=" in last and last.count("ms_per_move=") == 2
    assert main(["--a", "genius"]) == 2


def test_tune_command(capsys, tmp_path):
    from sim.tune import main

    assert main(["--deals", "2", "--seed", "5", "cands=2", "samples=1"]) == 0
    out = capsys.readouterr().out.split()
    assert out[0] == "games=4" and len(out[-1]) == 4 and set(out[-1]) <= set("01")
    wins = int(out[1].split("=")[1])
    assert wins == out[-1].count("1")
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("x\n1100\n")
    b.write_text("x\n0101\n")
    assert main(["--compare", str(a), str(b)]) == 0
    assert capsys.readouterr().out.startswith("games=4 only_a_won=1 only_b_won=1 diff=0.000")
    c = tmp_path / "c.txt"
    c.write_text("x\n010\n")
    assert main(["--compare", str(a), str(c)]) == 2  # a different number of games
    c.write_text("not a run\n")
    assert main(["--compare", str(a), str(c)]) == 2
    assert main(["--compare", str(a), str(tmp_path / "missing.txt")]) == 2
    assert "not the output of a sim.tune run" in capsys.readouterr().err
    assert main(["depth=3"]) == 2
    assert main(["cands=x"]) == 2
    assert main(["--vs", "genius"]) == 2


def test_aitime_command(capsys):
    from sim.aitime import main

    assert main(["--level", "hard", "--games", "2", "--repeat", "1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("level=hard timing=2016 decisions=") and " ms_max=" in line
    assert int(line.split("decisions=")[1].split()[0]) > 10


def test_aitime_passes_keep_each_positions_fastest_run(monkeypatch):
    """--passes P replays the same positions P times; each keeps its fastest run of all."""
    import sim.aitime as at

    runs = iter([[(5, 0), (9, 1), (4, 0)], [(7, 0), (3, 1), (4, 0)], [(6, 0), (8, 1), (1, 0)]])
    monkeypatch.setattr(at, "costs", lambda *a: next(runs))
    assert at.fastest("st1", None, 2, 1, 1, 1, 3) == [(5, 0), (3, 1), (1, 0)]
    runs = iter([[(5, 0), (9, 1)], [(7, 0)]])
    with pytest.raises(AssertionError, match="other positions"):
        at.fastest("st1", None, 2, 1, 1, 1, 2)
    # The real replays: the same positions in every pass.
    monkeypatch.undo()
    got = at.fastest("st1", {"timing": 0, "variant": 0}, 2, 1, 3, 1, 2)
    assert len(got) > 5 and all(t > 0 for t, _ in got)


def test_the_chance_scale_is_one_constant():
    """ONE (1024) is a const in each game's know (so the VM folds it where it is read) and in
    engine.ai.odds, whose pwin both read: the copies are one value."""
    from engine.ai import odds
    from engine.ai.st1 import know
    from engine.ai.st2 import know as know2

    assert know.ONE == know2.ONE == odds.ONE == 1024
    assert know._PMASK == know2._PMASK == odds._PMASK == 2 * odds.ONE - 1


def test_the_tactic_ai_takes_a_plain_budget():
    """engine.ai.choose passes any Budget on (sim.tune makes them): the first game's tactic AI
    reads it with the value model's defaults, as the second game's does."""
    from engine.ai import Budget, choose
    from engine.rng import Rng
    from engine.st1 import game

    st = game.new_state(game.options(variant=1), 5)
    for _ in range(30):
        if game.is_over(st):
            break
        v = st.view(st.to_move)
        m = choose(v, Rng(1), Budget(True, 0, 0, 0))
        assert m in v.legal_moves()
        st.apply(m)
