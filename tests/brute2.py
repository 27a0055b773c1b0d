"""Schotten Totten 2: the slow, obvious formation scorer and prover the fast ones are checked
against — the rulebook's definitions, and every completion tried."""

from itertools import combinations

# Tile kinds as in engine.st2.cards, restated here from DESIGN.md's table on purpose.
ALL, SUM, SAME, COLOUR, RUN, LOW = range(6)
TYPES = {  # which formation types a kind considers, strongest first
    ALL: ("colour-run", "same", "colour", "run"),
    SUM: (),
    SAME: ("same",),
    COLOUR: ("colour",),
    RUN: ("run",),
}
STRENGTH = {"colour-run": 4, "same": 3, "colour": 2, "run": 1}


def formation_type(cards):
    """The strongest type the cards form, by the rulebook's definitions (None: a plain sum)."""
    cols = {c // 12 for c in cards}
    strs = sorted(c % 12 for c in cards)
    run = all(strs[i + 1] == strs[i] + 1 for i in range(len(strs) - 1))
    if run and len(cols) == 1:
        return "colour-run"
    if len(set(strs)) == 1:
        return "same"
    if len(cols) == 1:
        return "colour"
    if run:
        return "run"
    return None


def brute_key(cards, kd):
    """A comparable key: bigger wins. A type the tile does not consider counts as a sum."""
    total = sum(c % 12 for c in cards)
    if kd == LOW:
        return (0, -total)
    t = formation_type(cards)
    return (STRENGTH[t] if t in TYPES[kd] else 0, total)


def brute_beat(mine, opp, n, kd, unseen):
    """Some completion of `opp` from unseen cards whose key beats `mine`'s, else None."""
    target = brute_key(mine, kd)
    pool = [c for c in range(60) if unseen[c]]
    for add in combinations(pool, n - len(opp)):
        if brute_key(list(opp) + list(add), kd) > target:
            return list(add)
    return None
