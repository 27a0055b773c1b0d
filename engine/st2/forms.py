"""The per-type searches behind engine.st2.prove.beat (cards: engine.st2.cards): each finds
the best completion of one formation type from unseen cards (`seen[c]` zero), or None."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


R_SAME = const(3)
R_COLOUR = const(2)


def extreme(seen, need, high, base, target):
    """The `need` highest (high) or lowest unseen cards if, added to cards of strength total
    `base`, they score above target as a sum (high) or on a lowest-sum tile; else None."""
    out = []
    t = base
    for i in range(12):
        s = 11 - i if high else i
        for col in range(5):
            c = col * 12 + s
            if not seen[c]:
                out.append(c)
                t += s
                if len(out) == need:
                    return out if (t if high else 63 - t) > target else None
    return None


def same(target, st, n, need, seen):
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


def windows(target, rank, n, k, lo, hi, mask, cols, seen, mono):
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


def colour(target, cols, base, need, seen, nonrun, fixed):
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
        add = bb(avail, need, 0, [], base, (target - (R_COLOUR << 6)), fixed)
        if add is not None:
            return add
    return None


def bb(avail, need, i, acc, total, floor, fixed):
    """Branch and bound: `need` more of avail[i:] (descending; only c % 12 is read) with a
    total above floor and, with the fixed ones, not a run (a strength twice is none)."""
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
        # a run: as many strengths in a row as cards (a strength twice leaves fewer bits)
        return None if mask == (1 << (len(fixed) + len(acc))) - 1 else acc[:]
    bound = total
    for j in range(i, i + need):
        if j >= len(avail):
            return None
        bound += avail[j] % 12
    if bound <= floor:
        return None
    for j in range(i, len(avail) - need + 1):
        acc.append(avail[j])
        got = bb(avail, need - 1, j + 1, acc, total + avail[j] % 12, floor, fixed)
        acc.pop()
        if got is not None:
            return got
    return None
