"""Formations and control proofs for Schotten Totten 2 (cards and tile kinds: engine.st2.cards).

A complete formation of n cards (2, 3 or 4) scores `rank << 6 | total` on a tile that counts
formation types, `63 - total` on a lowest-sum tile: a higher score always wins. Ranks:
4 colour-run, 3 same strength, 2 colour, 1 run, 0 sum. Runs never wrap (11-0-1 is no run).
A tile that considers only some types scores every other formation as rank 0 (its sum); a
colour-run on a colour-only or run-only tile "is treated like a Sum".
Example: R10 R11 on the gate (K_ALL, 2 cards) scores 4 << 6 | 21 = 277; B0 B1 R2 G3 on the
damaged gate (K_LOW) scores 63 - 6 = 57.

`beat` answers "can the Defender still complete something stronger?" from public information
only: `seen[c]` is nonzero for every card visible (on a tile or in the discard); every other
siege card may still come to the Defender (the Attacker's own hand counts as unseen). A tie
is not enough: the Defender would complete after the Attacker. Eliminations (0 against 11)
and cauldrons are ignored, as the rulebook says. It reasons per formation type from the best
down, so it looks at a few dozen candidate completions instead of every combination.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME
from engine.st2.forms import colour, extreme, same, windows

R_COLOUR_RUN = const(4)
R_SAME = const(3)
R_COLOUR = const(2)
R_RUN = const(1)
R_SUM = const(0)


def score(cards, n, kd):
    """Score of the n complete cards in `cards` under tile kind kd (order irrelevant)."""
    c0 = cards[0]
    col = c0 // 12
    s0 = c0 % 12
    lo = hi = s0
    total = 0
    same_col = same_str = True
    mask = 0
    for i in range(n):
        c = cards[i]
        s = c % 12
        total += s
        if c // 12 != col:
            same_col = False
        if s != s0:
            same_str = False
        if s < lo:
            lo = s
        if s > hi:
            hi = s
        mask |= 1 << s
    if kd == K_LOW:
        return 63 - total
    run = hi - lo == n - 1 and mask == ((1 << n) - 1) << lo
    if kd == K_ALL:
        if run and same_col:
            rank = R_COLOUR_RUN
        elif same_str:
            rank = R_SAME
        elif same_col:
            rank = R_COLOUR
        elif run:
            rank = R_RUN
        else:
            rank = R_SUM
    elif kd == K_SAME:
        rank = R_SAME if same_str else R_SUM
    elif kd == K_COLOUR:
        rank = R_COLOUR if same_col and not run else R_SUM
    elif kd == K_RUN:
        rank = R_RUN if run and not same_col else R_SUM
    else:
        rank = R_SUM
    return rank << 6 | total


def beat(target, opp, k, n, kd, seen):
    """Cards the Defender could add to its k cards `opp` (k < n) to score above `target` on a
    tile of kind kd needing n cards, or None if the Attacker's formation cannot be beaten."""
    need = n - k
    base = 0
    cols = -1
    st = -1
    lo, hi, mask = 12, -1, 0
    for i in range(k):
        c = opp[i]
        s = c % 12
        base += s
        if cols == -1:
            cols = c // 12
        elif cols != c // 12:
            cols = -2
        if i == 0:
            st = s
        elif s != st:
            st = -2
        if mask >= 0 and mask & (1 << s):
            mask = -1
        if mask >= 0:
            mask |= 1 << s
        if s < lo:
            lo = s
        if s > hi:
            hi = s
    if kd == K_LOW:
        return extreme(seen, need, False, base, target)
    distinct = mask >= 0 and (k == 0 or hi - lo < n)
    if kd == K_ALL:
        if distinct and cols != -2:
            add = windows(target, R_COLOUR_RUN, n, k, lo, hi, mask, cols, seen, 1)
            if add is not None:
                return add
        if target >= R_COLOUR_RUN << 6:
            return None
    if kd == K_ALL or kd == K_SAME:
        if st != -2:
            add = same(target, st, n, need, seen)
            if add is not None:
                return add
        if target >= R_SAME << 6:
            return None
    if kd == K_ALL or kd == K_COLOUR:
        if cols != -2:
            add = colour(target, cols, base, need, seen, kd == K_COLOUR, opp[:k])
            if add is not None:
                return add
        if target >= R_COLOUR << 6:
            return None
    if kd == K_ALL or kd == K_RUN:
        if distinct:
            add = windows(target, R_RUN, n, k, lo, hi, mask, cols, seen, -1 if kd == K_RUN else 0)
            if add is not None:
                return add
        if target >= R_RUN << 6:
            return None
    return extreme(seen, need, True, base, target)
