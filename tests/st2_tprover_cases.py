"""Random Schotten Totten 2 control positions with elite troops on both sides, for the
differential test of engine.st2.tactic.prove against the brute force (tests/brute2_t.py).

`python -m tests.st2_tprover_cases N SEED` runs the long check (docs/BENCHMARKS.md) and prints
"N passed, 0 failed"; the positions cycle through the 7 tiles and both sides. Each position
keeps the brute force to at most BUDGET formations (every completion times every value of the
Defender's elites), so the unseen cards are few when a Joker is on the Defender's side and
may be many with the Spy or the Shield only."""

import random
import sys
import time
from math import comb

from engine.st2.cards import kind, need
from engine.st2.prove import score
from engine.st2.tactic.prove import beat_tv, score_t
from tests.brute2_t import DOMAIN, brute_beat_t, brute_key, brute_key_t
from tests.st2_prover_cases import _near

BUDGET = 6000  # formations the brute force may look at in one position
ELITES = (60, 61, 62, 63)


def _dom(cards):
    k = 1
    for c in cards:
        if c >= 60:
            k *= len(DOMAIN[c])
    return k


def _formation(rng, pool, n):
    """n siege cards aimed at a formation type (each equally often), taken from pool."""
    aim = rng.randrange(6)
    col, a = rng.randrange(5), rng.randrange(13 - n)
    if aim == 4:
        cards = [col * 12 + a + i for i in range(n)]
    elif aim == 3:
        cards = [c * 12 + a for c in rng.sample(range(5), n)]
    elif aim == 2:
        cards = [col * 12 + s for s in rng.sample(range(12), n)]
    elif aim == 1:
        cards = [rng.randrange(5) * 12 + a + i for i in range(n)]
    elif aim == 0:
        cards = [c * 12 + rng.choice((0, 1, 2, 9, 10, 11)) for c in rng.sample(range(5), n)]
    else:
        cards = rng.sample(pool, n)
    for c in cards:
        pool.remove(c)
    return cards


def random_case(rng, tile, dmg, budget=BUDGET):
    """(mine, opp, n, kind, unseen flags) for tile (0..6) on side dmg: the Attacker's complete
    formation (often with elites) against k < n Defender cards (nearly always with an elite).
    The elites replace cards at random places; the Attacker's elites are at most three."""
    n, kd = need(tile, dmg), kind(tile, dmg)
    pool = list(range(60))
    rng.shuffle(pool)
    elites = list(ELITES)
    rng.shuffle(elites)
    mine = _formation(rng, pool, n)
    for i in rng.sample(range(n), rng.choice((0, 0, 1, 1, 2, min(3, n)))):
        if _dom(mine) * len(DOMAIN[elites[-1]]) <= 4500:
            pool.append(mine[i])
            mine[i] = elites.pop()
    k = rng.randrange(n)
    opp = []
    for _ in range(k):
        c = _near(rng, pool, opp[0]) if opp and opp[0] < 60 and rng.random() < 0.7 else rng.choice(pool)
        pool.remove(c)
        opp.append(c)
    if k:
        for i in rng.sample(range(k), rng.randrange(1, k + 1) if rng.random() < 0.9 else 0):
            if elites and (budget is None or _dom(opp) * len(DOMAIN[elites[-1]]) <= budget):
                pool.append(opp[i])
                opp[i] = elites.pop()
    # Visible elsewhere: from few to nearly everything, within the brute force's budget.
    m = n - k
    lo = 0
    while budget is not None and lo < len(pool) and comb(len(pool) - lo, m) * _dom(opp) > budget:
        lo += 1
    nvis = rng.choice((lo, rng.randrange(lo, len(pool) + 1), len(pool) - rng.randrange(8) - m))
    nvis = max(lo, min(nvis, len(pool)))
    unseen = bytearray(60)
    for c in pool[nvis:]:
        unseen[c] = 1
    return mine, opp, n, kd, unseen


def _with(cards, vals):
    """cards with each elite replaced by its value, in order."""
    out = []
    j = 0
    for c in cards:
        if c >= 60:
            out.append(vals[j])
            j += 1
        else:
            out.append(c)
    return out


def _vals_ok(cards, vals):
    es = [c for c in cards if c >= 60]
    return len(vals) == len(es) and all(v in DOMAIN[e] for e, v in zip(es, vals))


def check_score(cards, n, kd):
    """None if score_t's score and values are the best (brute force), else why."""
    sc, vals = score_t(cards, n, kd)
    if not _vals_ok(cards, vals):
        return "score_t values %r do not fit %r" % (vals, cards)
    full = _with(cards, vals)
    if score(full, n, kd) != sc:
        return "score_t %d but its values %r score %d" % (sc, full, score(full, n, kd))
    if brute_key(full, kd) != brute_key_t(cards, kd):
        return "score_t values %r are not the best for %r" % (vals, cards)
    return None


def check_case(mine, opp, n, kd, unseen):
    """None if the fast and brute provers agree (and a counter-example is valid), else why."""
    why = check_score(mine, n, kd)
    if why:
        return why
    seen = bytearray(72)
    for c in range(60):
        seen[c] = 0 if unseen[c] else 1
    target = score_t(mine, n, kd)[0]
    got = beat_tv(target, opp, len(opp), n, kd, seen)
    slow = brute_beat_t(mine, opp, n, kd, unseen)
    if (got is None) != (slow is None):
        return "fast %r, brute %r" % (got, slow)
    if got is not None:
        fast, vals = got
        if len(fast) != n - len(opp) or len(set(fast)) != len(fast):
            return "bad counter-example size %r" % (fast,)
        if not all(0 <= c < 60 and unseen[c] for c in fast):
            return "counter-example uses a visible card %r" % (fast,)
        if not _vals_ok(opp, vals):
            return "counter-example values %r do not fit %r" % (vals, opp)
        if brute_key(_with(opp, vals) + fast, kd) <= brute_key_t(mine, kd):
            return "counter-example %r %r does not beat the Attacker" % (fast, vals)
        return check_score(list(opp) + fast, n, kd)
    return None


def run(count, seed, log=print, budget=BUDGET):
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


def _cpu(fn, reps):
    """CPU seconds of one call of fn: the best of five runs of reps calls (process time, so
    the other jobs on the machine weigh less)."""
    best = None
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(reps):
            fn()
        dt = (time.process_time() - t0) / reps
        best = dt if best is None or dt < best else best
    return best


def _figures(fn, cases):
    """(median, worst, worst case) CPU seconds of fn over cases: each timed once, then the 60
    slowest re-timed 5 x 200 times (the worst position, not the worst hiccup)."""
    times = []
    for c in cases:
        t0 = time.process_time()
        fn(*c)
        times.append((time.process_time() - t0, c))
    times.sort(key=lambda x: x[0])
    worst, case = 0.0, None
    for _, c in times[-60:]:
        dt = _cpu(lambda c=c: fn(*c), 200)
        if dt > worst:
            worst, case = dt, c
    return times[len(times) // 2][0], worst, case


def bench(count=28000, seed=1):
    """CPU time of beat_t (beat_tv) and score_t on positions from this generator without the
    brute force's budget (any number of unseen cards), every tile side in turn: one line per
    figure (docs/BENCHMARKS.md)."""
    rng = random.Random(seed)
    proofs = []
    scores = []
    for i in range(count):
        mine, opp, n, kd, unseen = random_case(rng, i % 7, (i // 7) % 2, None)
        seen = bytearray(72)
        for c in range(60):
            seen[c] = 0 if unseen[c] else 1
        if any(c >= 60 for c in opp):
            proofs.append((score_t(mine, n, kd)[0], opp, len(opp), n, kd, seen))
        if any(c >= 60 for c in mine):
            scores.append((mine, n, kd))
    four = [c for c in proofs if c[3] == 4]
    for what, fn, cases in (
        ("beat_t, a Defender's elite", beat_tv, proofs),
        ("beat_t, a Defender's elite on a 4-card tile", beat_tv, four),
        ("score_t, an elite", score_t, scores),
    ):
        med, worst, case = _figures(fn, cases)
        print(
            "%s: median %.1f us, worst %.1f us (%d positions; the worst: %r)"
            % (what, med * 1e6, worst * 1e6, len(cases), case[:5] if fn is beat_tv else case)
        )


if __name__ == "__main__":
    if sys.argv[1:2] == ["bench"]:
        bench()
        sys.exit(0)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    ok, bad = run(n, seed, print)
    print("%d passed, %d failed" % (ok, bad))
    sys.exit(1 if bad else 0)
