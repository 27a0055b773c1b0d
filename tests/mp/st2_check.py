"""Schotten Totten 2's device paths on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/st2_check.py
Copies, views and sampled states, a revenge match packed and replayed, game.decode; prints
"st2 mp: N passed, M failed" and the final position's move count and winner of a few games
(compared with CPython by tests/test_st2_mp.py)."""

import sys

sys.path.insert(0, ".")

from engine.errors import IllegalMove  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.st2 import game  # noqa: E402
from engine.st2.deal import sample  # noqa: E402
from engine.st2.match import REVENGE  # noqa: E402
from engine.st2.play import random_move  # noqa: E402
from engine.st2.record import unpack  # noqa: E402
from engine.st2.rmatch import random_match  # noqa: E402

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


def same(a, b):
    for f in ("board", "cnt", "done", "side", "loc", "hand"):
        if bytes(getattr(a, f)) != bytes(getattr(b, f)):
            return False
    return a.ndeck == b.ndeck and a.to_move == b.to_move and a.phase == b.phase and a.oil == b.oil


def copies_and_views():
    rng = Rng(5)
    st = game.new_state(None, 9)
    for _ in range(30):
        a = st.copy()
        b = st.copy()
        st.apply(random_move(st, rng))
        assert same(a, b) and not same(a, st)  # a copy is not reached by later moves
    v = st.view(st.to_move)
    for _ in range(5):
        s = sample(v, rng)
        assert sorted(s.hand_of(v.me)) == sorted(st.hand_of(v.me)) and s.ndeck == st.ndeck
        assert s.legal_moves() == st.legal_moves()
    try:
        v.hand_of(v.me ^ 1)
        raise AssertionError("the view showed the other hand")
    except IllegalMove:
        pass


def match_record():
    m, rec = random_match(REVENGE, 40, Rng(2))
    back = unpack(rec.pack())
    m2, last = back.replay_match()
    assert m2.results == m.results and same(last, rec.replay()) and last.phase == game.PH_OVER
    print("match %d games winner %d" % (len(rec.games), m.winner()))


def decode_all():
    n = 0
    for mv in range(game.NMOVES):
        try:
            parts = game.decode(mv)
        except IllegalMove:
            continue
        assert game.encode(*parts) == mv
        n += 1
    # siege cards and elite troops at a tile, action cards, declare, cauldron, retreat, done;
    # the tactic variant's pass, two draws, a target card (71), a tile (7) or the discard
    assert n == 64 * 7 + 7 + 7 + 7 + 127 + 1 + 1 + 2 + 71 + 7 + 1, n


for name, fn in (
    ("copies and views", copies_and_views),
    ("match record", match_record),
    ("decode", decode_all),
):
    check(name, fn)
print("st2 mp: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
