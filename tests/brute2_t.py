"""Schotten Totten 2 with elite troops: the slow, obvious scorer and prover engine.st2.tactic.prove
is checked against. Every elite tries every value its card allows (a Joker all 60 siege
values, the Spy the five 10s, the Shield the fifteen 1s, 2s and 3s), with no other
restriction (docs/RULES.md, "Tactic proofs (second game)"), and every completion from the
unseen siege cards is tried."""

from functools import lru_cache
from itertools import combinations, product

from tests.brute2 import ALL, COLOUR, LOW, RUN, SAME

CONSIDERS = {
    ALL: ("colour-run", "same", "colour", "run"),
    SAME: ("same",),
    COLOUR: ("colour",),
    RUN: ("run",),
}
STRENGTH = {"colour-run": 4, "same": 3, "colour": 2, "run": 1}


def brute_key(cards, kd):
    """A comparable key (bigger wins) by the rulebook's definitions, duplicates allowed: the
    strongest type the tile considers that the cards match; "A Color Run formation is treated
    like a Sum" on the colour-only and run-only tiles. With elites one formation can match two
    types (R11 R11 R11 is of one colour and one strength): on a colour-only tile it is a Color
    (tests.brute2.brute_key, which names one type a formation, never meets this)."""
    total = sum(c % 12 for c in cards)
    if kd == LOW:
        return (0, -total)
    strs = sorted(c % 12 for c in cards)
    run = all(strs[i + 1] == strs[i] + 1 for i in range(len(strs) - 1))
    colour = len({c // 12 for c in cards}) == 1
    match = {"colour-run": colour and run, "same": len(set(strs)) == 1, "colour": colour, "run": run}
    for t in CONSIDERS.get(kd, ()):
        if match[t] and not (kd in (COLOUR, RUN) and match["colour-run"]):
            return (STRENGTH[t], total)
    return (0, total)


JOKER1, JOKER2, SPY, SHIELD = 60, 61, 62, 63
DOMAIN = {
    JOKER1: tuple(range(60)),
    JOKER2: tuple(range(60)),
    SPY: tuple(c * 12 + 10 for c in range(5)),
    SHIELD: tuple(c * 12 + s for c in range(5) for s in (1, 2, 3)),
}


def values(cards):
    """Every way the elites among `cards` can be valued: lists of siege ints."""
    doms = [DOMAIN[c] if c >= 60 else (c,) for c in cards]
    return product(*doms)


def brute_key_t(cards, kd):
    """The best key (brute_key: bigger wins) over every value of every elite."""
    return _key_t(tuple(cards), kd)


@lru_cache(maxsize=4096)
def _key_t(cards, kd):
    return max(brute_key(list(v), kd) for v in values(cards))


def brute_beat_t(mine, opp, n, kd, unseen):
    """Some completion of `opp` (elites at any value) from unseen siege cards whose key beats
    `mine`'s (elites at their best), else None."""
    target = brute_key_t(mine, kd)
    pool = [c for c in range(60) if unseen[c]]
    for add in combinations(pool, n - len(opp)):
        for v in values(list(opp) + list(add)):
            if brute_key(list(v), kd) > target:
                return list(add)
    return None


def work(opp, n, unseen):
    """How many formations brute_beat_t may look at (for keeping each case cheap)."""
    from math import comb

    k = 1
    for c in opp:
        if c >= 60:
            k *= len(DOMAIN[c])
    return comb(sum(1 for c in range(60) if unseen[c]), n - len(opp)) * k
