"""Formations and claim proofs for Schotten Totten (clan cards as in engine.cards).

A complete formation of n cards (3, or 4 under Mud Fight) has the score
`rank << 6 | sum`, so comparing scores compares rank, then total. Ranks:
4 colour-run, 3 same strength, 2 colour, 1 run, 0 sum. Runs never wrap (9-1-2 is no run).
Example: R7 R8 R9 scores 4 << 6 | 24 = 280; G7 P7 B7 scores 3 << 6 | 21 = 213.

The prover answers "can the opponent still beat this complete formation?" from public
information only: `unseen[c]` is 1 for every card not visible on the table (the claimant's
own hand counts as unseen). It reasons per formation type from the best down, so it looks at
a few dozen candidate completions instead of every combination.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


R_COLOUR_RUN = const(4)
R_SAME = const(3)
R_COLOUR = const(2)
R_RUN = const(1)
R_SUM = const(0)
RANK_NAMES = ("sum", "run", "colour", "three of a kind", "colour-run")


def score(cards, n):
    """Score of the n complete cards in `cards` (any sequence of card ints, order irrelevant)."""
    c0 = cards[0]
    col = c0 // 9
    lo = hi = c0 % 9
    total = 0
    same_col = same_str = True
    mask = 0
    for i in range(n):
        c = cards[i]
        s = c % 9
        total += s + 1
        if c // 9 != col:
            same_col = False
        if s != c0 % 9:
            same_str = False
        if s < lo:
            lo = s
        if s > hi:
            hi = s
        mask |= 1 << s
    run = hi - lo == n - 1 and mask == ((1 << n) - 1) << lo
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
    return rank << 6 | total


def _take(unseen, first, step, count, k):
    """The k highest unseen cards among first, first+step, ... (count of them), or None."""
    out = []
    c = first + step * (count - 1)
    while c >= first and len(out) < k:
        if unseen[c]:
            out.append(c)
        c -= step
    return out if len(out) == k else None


def beat(target, opp, k, n, unseen):
    """Cards the opponent could add to its k cards `opp` to score above `target`, or None.

    `opp` holds k < n cards; the returned list has n - k cards, all unseen. Ties are not a
    win for the opponent: it would complete after the claimant, who completed first.
    """
    need = n - k
    # What the opponent's cards already fix: a common colour, a common strength, a run window.
    col = opp[0] // 9 if k else -1
    st = opp[0] % 9 if k else -1
    lo, hi, mask = 9, -1, 0
    for i in range(k):
        c = opp[i]
        s = c % 9
        if col >= 0 and c // 9 != col:
            col = -2
        if s != st:
            st = -2
        if mask & (1 << s):
            mask = -1
        if mask >= 0:
            mask |= 1 << s
        if s < lo:
            lo = s
        if s > hi:
            hi = s
    distinct = mask >= 0 and (k == 0 or hi - lo < n)
    top_start = 9 - n  # highest 0-based start of a run of n
    # Colour-runs, best first.
    if distinct and col != -2:
        for a in range(top_start, -1, -1):
            if (R_COLOUR_RUN << 6 | (n * a + n * (n + 1) // 2)) <= target:
                break
            if k and (lo < a or hi >= a + n):
                continue
            for cc in range(6) if col < 0 else (col,):
                add = []
                for s in range(a, a + n):
                    if k and (mask >> s) & 1:
                        continue
                    if not unseen[cc * 9 + s]:
                        add = None
                        break
                    add.append(cc * 9 + s)
                if add is not None:
                    return add
    if target >= (R_COLOUR_RUN << 6):
        return None
    # Same strength.
    if st != -2:
        for s in range(8, -1, -1) if st < 0 else (st,):
            if (R_SAME << 6 | n * (s + 1)) <= target:
                break
            add = _take(unseen, s, 9, 6, need)
            if add is not None:
                return add
    if target >= (R_SAME << 6):
        return None
    # Colour: the highest unseen cards of one colour.
    if col != -2:
        base = 0
        for i in range(k):
            base += opp[i] % 9 + 1
        for cc in range(6) if col < 0 else (col,):
            add = _take(unseen, cc * 9, 1, 9, need)
            if add is not None:
                total = base
                for c in add:
                    total += c % 9 + 1
                if (R_COLOUR << 6 | total) > target:
                    return add
    if target >= (R_COLOUR << 6):
        return None
    # Runs, best first: any unseen card of each missing strength.
    if distinct:
        for a in range(top_start, -1, -1):
            if (R_RUN << 6 | (n * a + n * (n + 1) // 2)) <= target:
                break
            if k and (lo < a or hi >= a + n):
                continue
            add = []
            for s in range(a, a + n):
                if k and (mask >> s) & 1:
                    continue
                got = _take(unseen, s, 9, 6, 1)
                if got is None:
                    add = None
                    break
                add.append(got[0])
            if add is not None:
                return add
    if target >= (R_RUN << 6):
        return None
    # Sum: the highest unseen cards of all.
    add = []
    total = 0
    for i in range(k):
        total += opp[i] % 9 + 1
    s = 8
    while s >= 0 and len(add) < need:
        c = s
        while c < 54 and len(add) < need:
            if unseen[c]:
                add.append(c)
                total += s + 1
            c += 9
        s -= 1
    if len(add) == need and total > target:
        return add
    return None
