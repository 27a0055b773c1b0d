"""engine.st2.tactic.prove on the MicroPython VM, from the repository root:
micropython -X heapsize=48K tests/mp/st2_tprove.py COUNT SEED
Random positions with elite troops on both sides (every tile side in turn), drawn with
engine.rng so that CPython draws the same ones: one line per position with score_t's and
beat_tv's answers. tests/test_st2_tprove.py runs it on both and compares the lines."""

import sys

sys.path.insert(0, ".")

import gc  # noqa: E402

# Leaves first, with a collection after each: compiling a module is the heap's peak.
for _m in (
    "engine.rng",
    "engine.st2.cards",
    "engine.st2.forms",
    "engine.st2.prove",
    "engine.st2.tactic.forms",
    "engine.st2.tactic.prove",
):
    __import__(_m)
    gc.collect()

from engine.rng import Rng  # noqa: E402
from engine.st2.cards import kind, need  # noqa: E402
from engine.st2.tactic.prove import beat_tv, score_t  # noqa: E402


def position(rng, i):
    t, side = i % 7, (i // 7) % 2
    n, kd = need(t, side), kind(t, side)
    deck = bytearray(range(60))
    rng.shuffle(deck)
    elites = bytearray((60, 61, 62, 63))
    rng.shuffle(elites)
    ne = 4
    mine = list(deck[:n])
    k = rng.randrange(n)
    opp = list(deck[n : n + k])
    for side_cards in (mine, opp):
        for j in range(len(side_cards)):
            if ne and rng.randrange(3) == 0:
                ne -= 1
                side_cards[j] = elites[ne]
    seen = bytearray(72)
    nvis = rng.randrange(61)
    for c in deck[:nvis]:
        seen[c] = 1
    for c in mine + opp:
        if c < 60:
            seen[c] = 1
    return mine, opp, n, kd, seen


def main(count, seed):
    rng = Rng(seed)
    for i in range(count):
        mine, opp, n, kd, seen = position(rng, i)
        sc, vals = score_t(mine, n, kd)
        got = beat_tv(sc, opp, len(opp), n, kd, seen)
        print("%d %d %s %s" % (i, sc, vals, got))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
