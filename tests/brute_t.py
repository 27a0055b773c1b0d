"""The slow, obvious tactic prover engine/st1/tactic/prove.py is checked against: try every value of
every elite troop and every completion.

Elites: 54 and 55 (Jokers) may be any of the 54 clan cards, 56 (Spy) any colour at strength 7,
57 (Shield-Bearer) any colour at strength 1, 2 or 3; a value may repeat a card anywhere
(docs/RULES.md, "Tactic proofs")."""

from tests.brute import brute_score, combos

JOKERS = (54, 55)
SPY = 56
SHIELD = 57


def values(c):
    """Every clan card an elite troop (or a clan card: itself) may stand for."""
    if c in JOKERS:
        return list(range(54))
    if c == SPY:
        return [col * 9 + 6 for col in range(6)]
    if c == SHIELD:
        return [col * 9 + s for col in range(6) for s in range(3)]
    return [c]


def assignments(cards):
    """Every formation of clan cards the cards can stand for (the product of their values)."""
    out = [()]
    for c in cards:
        out = [acc + (v,) for acc in out for v in values(c)]
    return out


def brute_score_t(cards, blind):
    """(best score, the clan cards it is made of) over every value of every elite."""
    best = None
    for f in assignments(cards):
        sc = sum(v % 9 + 1 for v in f) if blind else brute_score(list(f))
        if best is None or sc > best[0]:
            best = (sc, f)
    return best


def brute_beat_t(target, opp, n, unseen, blind, scorer):
    """Some completion of `opp` from unseen clan cards that scores above target, else None.

    `scorer(cards, n, blind)` gives a complete formation's best score: brute_score_t's first
    item (exhaustive), or the fast score_t, itself checked against brute_score_t."""
    pool = [c for c in range(54) if unseen[c]]
    for add in combos(pool, n - len(opp)):
        if scorer(list(opp) + list(add), n, blind) > target:
            return list(add)
    return None


def exhaustive(cards, n, blind):
    return brute_score_t(cards[:n], blind)[0]
