"""The Schotten Totten 2 tactic variant's device paths on the MicroPython VM, from the
repository root: micropython -X heapsize=128K tests/mp/st2t_check.py
Copies, views and sampled states (what each player knows kept), a tactic match packed, read
back through engine.record and replayed; prints "st2t mp: N passed, M failed" and a few
figures of the games (compared with CPython by tests/test_st2t_mp.py)."""

import sys

sys.path.insert(0, ".")

from engine.errors import IllegalMove  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.st2 import game  # noqa: E402
from engine.st2.rmatch import random_match  # noqa: E402
from engine.st2.tactic.deal import sample  # noqa: E402
from engine.st2.tactic.play import random_move  # noqa: E402

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


_BYTES = ("board", "cnt", "done", "side", "loc", "hand", "deck", "tdeck", "tcount", "pick", "kn", "shown")
_INTS = (
    "ndeck",
    "ntdeck",
    "to_move",
    "phase",
    "winner",
    "turn",
    "nplayed",
    "oil",
    "prep",
    "act",
    "nstep",
    "xk",
)


def snap(st):
    """Every buffer and field of a tactic State, as values (nothing shared with the state)."""
    return [bytes(getattr(st, f)) for f in _BYTES] + [getattr(st, f) for f in _INTS] + [st.chz, st.chw]


def same(a, b):
    return snap(a) == snap(b)


def copies_views_samples():
    rng = Rng(5)
    known = 0
    for seed in (9, 10, 11):
        st = game.new_state({"variant": 1}, seed)
        while not game.is_over(st):
            before = snap(st)
            a = st.copy()
            m = random_move(st, rng)
            assert m in st.legal_moves()
            st.apply(m)
            # The copy kept its own buffers (a shared one would have changed with the move),
            # and plays on as the original did.
            assert snap(a) == before, "a copy changed with the state it was copied from"
            a.apply(m)
            assert same(a, st)
            if rng.randrange(4) == 0 and not game.is_over(st):
                p = st.to_move
                v = st.view(p)
                try:
                    v.hand_of(p ^ 1)
                    raise AssertionError("the view showed the other hand")
                except IllegalMove:
                    pass
                s = sample(v, rng)
                assert sorted(s.hand_of(p)) == sorted(st.hand_of(p)) and s.legal_moves() == st.legal_moves()
                for c in v.opp_known():
                    assert c in s.hand_of(p ^ 1)
                for c in v.deck_known():
                    assert c in s.deck[: s.ndeck]
                known += len(v.opp_known()) + len(v.deck_known())
        print("game %d: winner %d turns %d" % (seed, st.winner, st.turn))
    print("known cards seen in views: %d" % known)


def match_record():
    from engine.record import unpack

    m, rec = random_match(1, 40, Rng(2), 1)
    data = rec.pack()
    assert data[0] == 0x22 and data[1] == 1
    back = unpack(data)
    m2, last = back.replay_match()
    assert back.variant == 1 and m2.results == m.results and same(last, rec.replay())
    print("match %d games winner %d, %d bytes" % (len(rec.games), m.winner(), len(data)))


if __name__ == "__main__":  # tests/test_st2t_mp.py also imports it on CPython
    for name, fn in (("copies, views, samples", copies_views_samples), ("match record", match_record)):
        check(name, fn)
    print("st2t mp: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
