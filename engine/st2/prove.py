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

R_COLOUR_RUN = const(4)
R_SAME = const(3)
R_COLOUR = const(2)
R_RUN = const(1)
R_SUM = const(0)
RANK_NAMES = ("sum", "run", "colour", "same strength", "colour-run")


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


def _extreme(seen, need, high):
    """The `need` highest (or lowest) unseen cards, or None."""
    out = []
    for i in range(12):
        s = 11 - i if high else i
        for col in range(5):
            c = col * 12 + s
            if not seen[c]:
                out.append(c)
                if len(out) == need:
                    return out
    return None


def _same(target, st, n, need, seen):
    for s in range(11, -1, -1) if st < 0 else (st,):
        if (R_SAME << 6 | n * s) <= target:
            return None
        add = []
        for col in range(4, -1, -1):
            c = col * 12 + s
            if not seen[c]:
                add.append(c)
                if len(add) == need:
                    return add
    return None


def _windows(target, rank, n, k, lo, hi, mask, cols, seen, mono):
    """Runs (mono=1: one colour; 0: any colours; -1: not all of one colour), best window
    first: the missing strengths from unseen cards, or None. cols: the opponent's colour
    (-1 none yet, -2 several)."""
    for a in range(12 - n, -1, -1):
        if (rank << 6 | (n * a + n * (n - 1) // 2)) <= target:
            return None
        if k and (lo < a or hi >= a + n):
            continue
        if mono == 1:
            for cc in range(5) if cols < 0 else (cols,):
                add = []
                for s in range(a, a + n):
                    if k and (mask >> s) & 1:
                        continue
                    if seen[cc * 12 + s]:
                        add = None
                        break
                    add.append(cc * 12 + s)
                if add is not None:
                    return add
            continue
        add = []
        for s in range(a, a + n):
            if k and (mask >> s) & 1:
                continue
            got = -1
            for col in range(5):
                if not seen[col * 12 + s]:
                    got = col * 12 + s
                    break
            if got < 0:
                add = None
                break
            add.append(got)
        if add is None:
            continue
        if mono < 0 and cols != -2:
            first = cols if cols >= 0 else add[0] // 12
            if all(c // 12 == first for c in add):
                # Monochrome: a colour-run, which this tile counts as a sum. Swap one card.
                swap = -1
                for i in range(len(add)):
                    s = add[i] % 12
                    for col in range(5):
                        c = col * 12 + s
                        if col != first and not seen[c]:
                            swap = i << 8 | c
                            break
                    if swap >= 0:
                        break
                if swap < 0:
                    continue
                add[swap >> 8] = swap & 255
        return add
    return None


def _colour(target, cols, base, need, seen, nonrun, fixed):
    """The best completion of one colour (nonrun: not a colour-run) scoring above target."""
    for cc in range(5) if cols < 0 else (cols,):
        avail = [cc * 12 + s for s in range(11, -1, -1) if not seen[cc * 12 + s]]
        if len(avail) < need:
            continue
        if not nonrun:
            add = avail[:need]
            t = base
            for c in add:
                t += c % 12
            if (R_COLOUR << 6 | t) > target:
                return add
            continue
        add = _bb(avail, need, 0, [], base, (target - (R_COLOUR << 6)), fixed)
        if add is not None:
            return add
    return None


def _bb(avail, need, i, acc, total, floor, fixed):
    """Branch and bound: `need` more of avail[i:] (strengths descending) with a total above
    floor and, with the fixed cards, not a run. Depth-first, highest first, so the bound
    prunes almost everything."""
    if need == 0:
        if total <= floor:
            return None
        mask = 0
        for c in fixed:
            mask |= 1 << (c % 12)
        for c in acc:
            mask |= 1 << (c % 12)
        while not mask & 1:
            mask >>= 1
        return None if (mask + 1) & mask == 0 else acc[:]
    bound = total
    for j in range(i, i + need):
        if j >= len(avail):
            return None
        bound += avail[j] % 12
    if bound <= floor:
        return None
    for j in range(i, len(avail) - need + 1):
        acc.append(avail[j])
        got = _bb(avail, need - 1, j + 1, acc, total + avail[j] % 12, floor, fixed)
        acc.pop()
        if got is not None:
            return got
    return None


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
        add = _extreme(seen, need, False)
        if add is None:
            return None
        t = base
        for c in add:
            t += c % 12
        return add if 63 - t > target else None
    distinct = mask >= 0 and (k == 0 or hi - lo < n)
    if kd == K_ALL:
        if distinct and cols != -2:
            add = _windows(target, R_COLOUR_RUN, n, k, lo, hi, mask, cols, seen, 1)
            if add is not None:
                return add
        if target >= R_COLOUR_RUN << 6:
            return None
    if kd == K_ALL or kd == K_SAME:
        if st != -2:
            add = _same(target, st, n, need, seen)
            if add is not None:
                return add
        if target >= R_SAME << 6:
            return None
    if kd == K_ALL or kd == K_COLOUR:
        if cols != -2:
            add = _colour(target, cols, base, need, seen, kd == K_COLOUR, opp[:k])
            if add is not None:
                return add
        if target >= R_COLOUR << 6:
            return None
    if kd == K_ALL or kd == K_RUN:
        if distinct:
            add = _windows(target, R_RUN, n, k, lo, hi, mask, cols, seen, -1 if kd == K_RUN else 0)
            if add is not None:
                return add
        if target >= R_RUN << 6:
            return None
    add = _extreme(seen, need, True)
    if add is None:
        return None
    t = base
    for c in add:
        t += c % 12
    return add if t > target else None
