"""The engine's device-level checks on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/engine_check.py [GAMES]
Prints the deal of a few seeds (compared with CPython by tests/test_mp.py), then
"N passed, M failed"."""

import sys

sys.path.insert(0, ".")

from engine import st1  # noqa: E402
from engine.notation import parse_position, position_text  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.st1.deal import sample  # noqa: E402
from engine.st1.play import random_game, random_move  # noqa: E402
from engine.st1.prove import beat, score  # noqa: E402
from tests.brute import brute_beat  # noqa: E402
from tests.helpers import build, cards, check_invariants, snapshot  # noqa: E402

passed = 0
failed = 0


def check(name, fn):
    global passed, failed
    try:
        fn()
        passed += 1
    except Exception as e:  # noqa: BLE001 - report every failure and go on
        failed += 1
        print("FAIL %s: %r" % (name, e))


def deals():
    for seed in (0, 1, 42, 123456789):
        print("deal %d %s" % (seed, position_text(st1.State(seed))))


def games():
    rng = Rng(1)
    for g in range(GAMES):
        st = random_game(g, g & 1, rng, g & 1, check_invariants)
        assert st.winner in (0, 1)


def prover():
    rng = Rng(2)
    n = 0
    for g in range(8):
        st = st1.State(g)
        while st.phase != st1.PH_OVER:
            unseen = st.unseen(-1)
            for s in range(9):
                for p in (0, 1):
                    i = s * 2 + p
                    if not st.owner[s] and st.cnt[i] == 3 and st.cnt[i ^ 1] < 3:
                        opp = list(st.side(s, p ^ 1))
                        t = score(st.side(s, p), 3)
                        fast = beat(t, opp, len(opp), 3, unseen)
                        assert (fast is None) == (brute_beat(t, opp, 3, unseen) is None)
                        n += 1
            st.apply(random_move(st, rng))
    assert n > 20


def rules():
    assert score(cards("R2 G2 B2"), 3) > score(cards("Y9 Y8 Y6"), 3)
    assert score(cards("R3 R1 R2"), 3) == 4 * 64 + 6
    assert score(cards("R9 R1 R2"), 3) >> 6 == 2
    st = build({1: ("G5 R5", "G7 P4 B3")}, "B5 R1 R2 R3 R4 R6", "Y1 Y2 Y3 Y4 Y5 Y6")
    st.apply(st1.encode_play(cards("B5")[0], 0))
    st.apply(st1.CLAIM + 0)
    assert st.owner[0] == 1


def illegal():
    st = st1.State(3)
    before = snapshot(st)
    for m in (st1.DONE, st1.CLAIM, st1.encode_play(st.hand_of(1)[0], 0), -1):
        try:
            st.apply(m)
            raise AssertionError("accepted %r" % m)
        except ValueError:
            pass
        assert snapshot(st) == before


def notation():
    st = st1.State(8)
    rng = Rng(8)
    for _ in range(40):
        st.apply(random_move(st, rng))
    assert position_text(parse_position(position_text(st))) == position_text(st)


def copies_and_views():
    """State.copy and View.sample build objects without a class __new__ (MicroPython has none)."""
    rng = Rng(4)
    st = st1.State(4)
    for _ in range(25):
        st.apply(random_move(st, rng))
    c = st.copy()
    assert snapshot(c) == snapshot(st)
    c.apply(c.legal_moves()[0])
    assert snapshot(c) != snapshot(st)
    v = st.view(st.to_move)
    pool = bytearray(54)
    for _ in range(5):
        s = sample(v, rng, pool)
        check_invariants(s)
        assert s.legal_moves() == st.legal_moves()


GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 100
deals()
for name, fn in (
    ("games", games),
    ("prover", prover),
    ("rules", rules),
    ("illegal", illegal),
    ("notation", notation),
    ("copies", copies_and_views),
):
    check(name, fn)
print("mp engine: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
