"""Random claim positions with tactic cards for the differential test of engine/st1/tactic/prove.py.

Elite troops on both sides (at most one Joker a side), 3- and 4-card formations (Mud Fight),
sum-only stones (Blind-Man's Bluff) and both together. `python -m tests.tprover_cases N SEED`
runs the long check (make long-test) and prints "N passed, 0 failed"."""

import random
import sys

from engine.cards import NCARDS
from engine.st1.tactic.prove import beat_t, score_t
from tests.brute import brute_score
from tests.brute_t import brute_beat_t, brute_score_t, exhaustive
from tests.prover_cases import _near

SMALL_POOL = 14  # at most this many unseen cards: the completions are scored exhaustively too


def _formation(rng, pool, count, n):
    """count clan cards from pool aimed at one formation type (each type equally often)."""
    kind = rng.randrange(5)
    col, a = rng.randrange(6), rng.randrange(10 - n)
    if kind == 4:
        want = [col * 9 + a + i for i in range(n)]
    elif kind == 3:
        want = [c * 9 + a for c in rng.sample(range(6), n)]
    elif kind == 2:
        want = [col * 9 + s for s in rng.sample(range(9), n)]
    elif kind == 1:
        want = [rng.randrange(6) * 9 + a + i for i in range(n)]
    else:
        want = rng.sample(pool, n)
    rng.shuffle(want)
    out = want[:count]
    for c in out:
        pool.remove(c)
    return out


def random_case(rng, n=None, blind=None):
    """(mine, opp, n, blind, unseen): a complete side against k < n cards, elites on either."""
    if n is None:
        n = rng.choice((3, 4))
    if blind is None:
        blind = rng.random() < 0.3
    mine_el, opp_el = [], []
    if rng.random() < 0.5:
        mine_el.append(54)
    if rng.random() < 0.8:
        opp_el.append(55 if mine_el else rng.choice((54, 55)))
    for e in (56, 57):
        r = rng.randrange(3)
        if r == 0:
            mine_el.append(e)
        elif r == 1:
            opp_el.append(e)
    rng.shuffle(opp_el)
    del opp_el[n - 1 :]
    pool = list(range(NCARDS))
    rng.shuffle(pool)
    mine = _formation(rng, pool, n - len(mine_el), n) + mine_el
    rng.shuffle(mine)
    k = rng.randint(len(opp_el), n - 1)
    opp = []
    for _ in range(k - len(opp_el)):
        c = _near(rng, pool, opp[0]) if opp and rng.random() < 0.7 else rng.choice(pool)
        pool.remove(c)
        opp.append(c)
    opp += opp_el
    rng.shuffle(opp)
    # Visible elsewhere: from none to nearly everything (a few cases with a tiny pool).
    nvis = rng.choice((0, rng.randrange(len(pool)), len(pool) - rng.randrange(12) - n))
    nvis = max(0, min(nvis, len(pool)))
    unseen = bytearray(NCARDS)
    for c in pool[nvis:]:
        unseen[c] = 1
    return mine, opp, n, blind, unseen


def _fast_score(cards, n, blind):
    return score_t(cards, n, blind)[0]


def check_score(cards, n, blind):
    """None if score_t agrees with the exhaustive score and its values make that score."""
    sc, vals = score_t(cards, n, blind)
    best = brute_score_t(cards, blind)[0]
    if sc != best:
        return "score_t(%r) = %d, exhaustive %d" % (cards, sc, best)
    elites = [c for c in cards if c >= 54]
    if len(vals) != len(elites) or not all(0 <= v < 54 for v in vals):
        return "score_t(%r): values %r" % (cards, vals)
    it = iter(vals)
    concrete = [c if c < 54 else next(it) for c in cards]
    got = sum(c % 9 + 1 for c in concrete) if blind else brute_score(concrete)
    if got != sc:
        return "score_t(%r): values %r score %d, not %d" % (cards, vals, got, sc)
    if any((c == 56 and v % 9 != 6) or (c == 57 and v % 9 > 2) for c, v in zip(elites, vals)):
        return "score_t(%r): an elite out of its strengths %r" % (cards, vals)
    return None


def check_case(mine, opp, n, blind, unseen):
    """None if the fast and brute provers agree (and a counter-example is valid), else why."""
    why = check_score(mine, n, blind)
    if why:
        return why
    target = score_t(mine, n, blind)[0]
    k = len(opp)
    fast = beat_t(target, opp, k, n, unseen, blind)
    small = sum(unseen) <= SMALL_POOL
    slow = brute_beat_t(target, opp, n, unseen, blind, exhaustive if small else _fast_score)
    if (fast is None) != (slow is None):
        return "fast %r, brute %r" % (fast, slow)
    if fast is not None:
        if len(fast) != n - k or len(set(fast)) != len(fast):
            return "bad counter-example size %r" % (fast,)
        if not all(0 <= c < 54 and unseen[c] for c in fast):
            return "counter-example uses a visible card %r" % (fast,)
        if exhaustive(list(opp) + fast, n, blind) <= target:
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
            print("case %d: mine=%r opp=%r n=%d blind=%r: %s" % (i, case[0], case[1], case[2], case[3], why))
    return count - bad, bad


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    ok, bad = run(count, seed)
    print("%d passed, %d failed" % (ok, bad))
    sys.exit(1 if bad else 0)
