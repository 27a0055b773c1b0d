"""Random claim positions for the differential test of the prover.

`python -m tests.prover_cases N SEED` runs the long check (docs/BENCHMARKS.md) and prints
"N passed, 0 failed"."""

import random
import sys

from engine.cards import NCARDS
from engine.st1.prove import beat, score
from tests.brute import brute_beat


def _near(rng, pool, base):
    """A card of base's colour or strength, or next to it, when one is free (so that the
    positions are full of near-formations, where provers go wrong)."""
    col, s = base // 9, base % 9
    kind = rng.randrange(4)
    cand = []
    for c in pool:
        cc, cs = c // 9, c % 9
        if (
            (kind == 0 and cc == col and abs(cs - s) <= 2)
            or (kind == 1 and cs == s)
            or (kind == 2 and cc == col)
            or (kind == 3 and abs(cs - s) <= 2)
        ):
            cand.append(c)
    return rng.choice(cand) if cand else rng.choice(pool)


def random_case(rng, n=3):
    """(target score, opponent cards, k, unseen flags): a complete side against k < n cards."""
    pool = list(range(NCARDS))
    rng.shuffle(pool)
    kind = rng.randrange(5)  # the formation type aimed at, each equally often
    col, a = rng.randrange(6), rng.randrange(10 - n)
    if kind == 4:
        mine = [col * 9 + a + i for i in range(n)]
    elif kind == 3:
        mine = [c * 9 + a for c in rng.sample(range(6), n)]
    elif kind == 2:
        mine = [col * 9 + s for s in rng.sample(range(9), n)]
    elif kind == 1:
        mine = [rng.randrange(6) * 9 + a + i for i in range(n)]
    else:
        mine = rng.sample(pool, n)
    for c in mine:
        pool.remove(c)
    k = rng.randrange(n)
    opp = []
    for _ in range(k):
        c = _near(rng, pool, opp[0]) if opp and rng.random() < 0.7 else rng.choice(pool)
        pool.remove(c)
        opp.append(c)
    # Visible elsewhere: from none to nearly everything, so that both easy and hard cases come.
    nvis = rng.choice((0, rng.randrange(len(pool)), len(pool) - rng.randrange(12) - n))
    nvis = max(0, min(nvis, len(pool)))
    unseen = bytearray(NCARDS)
    for c in pool[nvis:]:
        unseen[c] = 1
    return score(mine, n), opp, k, unseen


def check_case(target, opp, k, unseen, n=3):
    """None if the fast and brute provers agree (and a counter-example is valid), else why."""
    fast = beat(target, opp, k, n, unseen)
    slow = brute_beat(target, opp, n, unseen)
    if (fast is None) != (slow is None):
        return "fast %r, brute %r" % (fast, slow)
    if fast is not None:
        if len(fast) != n - k or len(set(fast)) != len(fast):
            return "bad counter-example size %r" % (fast,)
        if not all(unseen[c] for c in fast):
            return "counter-example uses a visible card %r" % (fast,)
        if score(list(opp) + fast, n) <= target:
            return "counter-example %r does not beat the target" % (fast,)
    return None


def run(count, seed):
    rng = random.Random(seed)
    bad = 0
    for i in range(count):
        case = random_case(rng)
        why = check_case(*case)
        if why:
            bad += 1
            print("case %d: target=%d opp=%r: %s" % (i, case[0], case[1], why))
    return count - bad, bad


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    ok, bad = run(n, seed)
    print("%d passed, %d failed" % (ok, bad))
    sys.exit(1 if bad else 0)
