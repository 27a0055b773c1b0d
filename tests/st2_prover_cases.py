"""Random Schotten Totten 2 control positions for the differential test of the prover.

`python -m tests.st2_prover_cases N SEED [BUDGET]` runs the long check (docs/BENCHMARKS.md) and
prints "N passed, 0 failed"; the positions cycle through the 7 tiles and both sides. BUDGET:
the most completions the brute force may have to try in a position (1,500 by default; "all":
no limit, any number of cards unseen, at a price in time)."""

import random
import sys
from math import comb

from engine.st2.cards import kind, need
from engine.st2.prove import beat, score
from tests.brute2 import brute_beat, brute_key

MAX_COMBOS = 1500  # the brute force tries every completion: keep each case cheap


def _near(rng, pool, base):
    """A card of base's colour or strength, or next to it, when one is free (positions full of
    near-formations, where provers go wrong)."""
    col, s = base // 12, base % 12
    kd = rng.randrange(4)
    cand = [
        c
        for c in pool
        if (kd == 0 and c // 12 == col and abs(c % 12 - s) <= 2)
        or (kd == 1 and c % 12 == s)
        or (kd == 2 and c // 12 == col)
        or (kd == 3 and abs(c % 12 - s) <= 2)
    ]
    return rng.choice(cand) if cand else rng.choice(pool)


def random_case(rng, tile, dmg, budget=MAX_COMBOS):
    """(mine, opp, n, kind, unseen flags) for tile (0..6) on side dmg: the Attacker's complete
    formation against k < n Defender cards. budget: the most completions the brute force may
    have to try (None: any number of visible cards, for timing)."""
    n, kd = need(tile, dmg), kind(tile, dmg)
    pool = list(range(60))
    rng.shuffle(pool)
    aim = rng.randrange(6)  # the formation type aimed at, each equally often
    col, a = rng.randrange(5), rng.randrange(13 - n)
    if aim == 4:
        mine = [col * 12 + a + i for i in range(n)]
    elif aim == 3:
        mine = [c * 12 + a for c in rng.sample(range(5), n)]
    elif aim == 2:
        mine = [col * 12 + s for s in rng.sample(range(12), n)]
    elif aim == 1:
        mine = [rng.randrange(5) * 12 + a + i for i in range(n)]
    elif aim == 0:
        mine = [c * 12 + rng.choice((0, 1, 2, 9, 10, 11)) for c in rng.sample(range(5), n)]
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
    # Visible elsewhere: from few to nearly everything, within the brute force's budget.
    need_ = n - k
    lo = 0
    while budget is not None and comb(len(pool) - lo, need_) > budget:
        lo += 1
    nvis = rng.choice((lo, rng.randrange(lo, len(pool) + 1), len(pool) - rng.randrange(8) - need_))
    nvis = max(lo, min(nvis, len(pool)))
    unseen = bytearray(60)
    for c in pool[nvis:]:
        unseen[c] = 1
    return mine, opp, n, kd, unseen


def check_case(mine, opp, n, kd, unseen):
    """None if the fast and brute provers agree (and a counter-example is valid), else why."""
    seen = bytearray(72)
    for c in range(60):
        seen[c] = 0 if unseen[c] else 1
    fast = beat(score(mine, n, kd), opp, len(opp), n, kd, seen)
    slow = brute_beat(mine, opp, n, kd, unseen)
    if (fast is None) != (slow is None):
        return "fast %r, brute %r" % (fast, slow)
    if fast is not None:
        if len(fast) != n - len(opp) or len(set(fast)) != len(fast):
            return "bad counter-example size %r" % (fast,)
        if not all(unseen[c] for c in fast):
            return "counter-example uses a visible card %r" % (fast,)
        if brute_key(list(opp) + fast, kd) <= brute_key(mine, kd):
            return "counter-example %r does not beat the Attacker" % (fast,)
    return None


def run(count, seed, log=print, budget=MAX_COMBOS):
    rng = random.Random(seed)
    bad = 0
    for i in range(count):
        tile, dmg = i % 7, (i // 7) % 2
        case = random_case(rng, tile, dmg, budget)
        why = check_case(*case)
        if why:
            bad += 1
            log("case %d tile %d%s: mine=%r opp=%r: %s" % (i, tile + 1, "ud"[dmg], case[0], case[1], why))
    return count - bad, bad


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    budget = MAX_COMBOS if len(sys.argv) < 4 else None if sys.argv[3] == "all" else int(sys.argv[3])
    ok, bad = run(n, seed, print, budget)
    print("%d passed, %d failed" % (ok, bad))
    sys.exit(1 if bad else 0)
