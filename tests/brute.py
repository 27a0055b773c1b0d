"""The slow, obvious claim prover the fast one is checked against: try every completion."""

from engine.st1.prove import score


def combos(pool, k, start=0, acc=()):
    """All k-subsets of pool, as tuples (a plain recursive generator: obvious on purpose)."""
    if k == 0:
        yield acc
        return
    for i in range(start, len(pool) - k + 1):
        yield from combos(pool, k - 1, i + 1, acc + (pool[i],))


def brute_beat(target, opp, n, unseen):
    """Some completion of `opp` from unseen cards that scores above target, else None."""
    pool = [c for c in range(len(unseen)) if unseen[c]]
    for add in combos(pool, n - len(opp)):
        if score(list(opp) + list(add), n) > target:
            return list(add)
    return None


def brute_score(cards):
    """Formation score computed from the rulebook's definitions, sorting freely."""
    cols = {c // 9 for c in cards}
    strs = sorted(c % 9 + 1 for c in cards)
    run = all(strs[i + 1] == strs[i] + 1 for i in range(len(strs) - 1))
    if run and len(cols) == 1:
        rank = 4
    elif len(set(strs)) == 1:
        rank = 3
    elif len(cols) == 1:
        rank = 2
    elif run:
        rank = 1
    else:
        rank = 0
    return rank * 64 + sum(strs)
