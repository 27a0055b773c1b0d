"""What a player can know about each wall tile of Schotten Totten 2: how likely each card is
to reach a side, and the formations that side may still complete (engine.st2's cards:
`colour * 12 + strength`, strengths 0..11, 5 colours).

All probabilities are ints scaled to ONE (1024), as in the first game's engine.ai.st1.know.
`Side` keeps per-strength and per-colour tables built from `avail[c]` (the chance the side
gets card c in time); `cands` lists the formations a side may reach on a tile as packed ints
`score << 11 | prob`, score as engine.st2.prove.score gives it (rank << 6 | total; 63 - total
on a lowest-sum tile), so a complete side and a hoped-for one compare on one scale; `pwin`
(engine.ai.odds, the first game's too) merges two such lists into the chance that the first
side's best beats the second's.
"""

from array import array

from engine.ai.odds import pwin  # noqa: F401 - part of this module's interface
from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


ONE = const(1024)  # engine.ai.odds.ONE, a constant here too (folded where it is read)

_PMASK = const(2047)  # a packed formation's prob field (engine.ai.odds)
_HALFP = const(512)
_SPREAD = const(2)  # points either way per missing card of a sum


class Side:
    """Availability of every siege card to one side, and the tables formations are read from."""

    def __init__(self):
        self.avail = array("H", bytes(120))
        self.anyp = array("H", bytes(24))  # P(at least one card of strength s)
        self.kind = array("H", bytes(120))  # P(at least m cards of strength s): s * 5 + m
        self.colp = array("H", bytes(50))  # P(at least m cards of colour c): c * 5 + m
        self.colsum = array("H", bytes(50))  # expected total of the best m of colour c (x ONE)
        self.topsum = array("H", bytes(10))  # expected total of the m strongest cards (x ONE)
        self.lowsum = array("H", bytes(10))  # expected total of the m weakest cards (x ONE)

    def build(self):
        """Fill the tables from avail (call after changing avail)."""
        av = self.avail
        kind = self.kind
        anyp = self.anyp
        for s in range(12):
            anyp[s] = _at_least(av, s, 12, 5, kind, s * 5)
        colp = self.colp
        colsum = self.colsum
        for col in range(5):
            o = col * 5
            _at_least(av, col * 12, 1, 12, colp, o)
            _fill(av, col * 12, colsum, o)
        _fill_all(av, self.topsum, True)
        _fill_all(av, self.lowsum, False)


def _at_least(av, first, step, count, out, o):
    """out[o+m] = P(at least m of the cards first, first+step, ... are this side's), m = 0..4;
    returns P(at least one)."""
    q0, q1, q2, q3, q4 = ONE, 0, 0, 0, 0  # P(exactly 0, 1, 2, 3, >= 4 so far)
    c = first
    end = first + step * count
    while c < end:
        a = av[c]
        if a:
            b = ONE - a
            q4 = q4 + ((q3 * a) >> 10)
            q3 = (q3 * b + q2 * a) >> 10
            q2 = (q2 * b + q1 * a) >> 10
            q1 = (q1 * b + q0 * a) >> 10
            q0 = (q0 * b) >> 10
        c += step
    out[o] = ONE
    out[o + 4] = q4
    out[o + 3] = q4 + q3
    out[o + 2] = q4 + q3 + q2
    out[o + 1] = q4 + q3 + q2 + q1
    return q4 + q3 + q2 + q1


def _fill(av, first, out, o):
    """out[o+m] = expected total of the m strongest cards of one colour, taken greedily by
    availability (missing slots count as strength 0)."""
    tot = 0
    got = 0  # slots filled, x ONE
    m = 1
    c = first + 11
    while c >= first and m < 5:
        a = av[c]
        st = c - first
        while a and m < 5:
            room = m * ONE - got
            t = a if a < room else room
            got += t
            tot += t * st
            a -= t
            if got >= m * ONE:
                out[o + m] = tot
                m += 1
        c -= 1
    while m < 5:
        out[o + m] = tot
        m += 1


def _fill_all(av, out, high):
    """out[m] = expected total of the m strongest (high) or weakest cards of any colour."""
    tot = 0
    got = 0
    m = 1
    for i in range(12):
        s = 11 - i if high else i
        c = s
        while c < 60 and m < 5:
            a = av[c]
            while a and m < 5:
                room = m * ONE - got
                t = a if a < room else room
                got += t
                tot += t * s
                a -= t
                if got >= m * ONE:
                    out[m] = tot
                    m += 1
            c += 12
    while m < 5:  # not enough cards: the rest count as 0 (high) or 11 (low)
        out[m] = tot + (0 if high else (m * ONE - got) * 11)
        m += 1


def cands(side, cards, k, n, kd, out):
    """Append to `out` the formations this side may reach on a tile of kind kd needing n
    cards, holding `cards[:k]` (k < n: a complete side is its score, the caller's): each
    `score << 11 | prob`; a sum (or lowest sum) with prob ONE closes the list. A leaf: no
    calls, so the deepest search frames end here (the board's Python stack is 2 KB)."""
    col = -1
    st = -1
    lo, hi, mask, total = 12, -1, 0, 0
    for x in range(k):
        c = cards[x]
        s = c % 12
        total += s
        if col == -1:
            col = c // 12
        elif col != c // 12:
            col = -2
        if st == -1:
            st = s
        elif st != s:
            st = -2
        if mask >= 0:
            if mask & (1 << s):
                mask = -1
            else:
                mask |= 1 << s
        if s < lo:
            lo = s
        if s > hi:
            hi = s
    m = n - k
    if kd == K_LOW:
        e = 63 - total - ((side.lowsum[m] + 512) >> 10)
        # The total is not known: a spread of m * _SPREAD either way, even odds.
        out.append((e + m * _SPREAD) << 11 | _HALFP)
        out.append((e - m * _SPREAD) << 11 | ONE)
        return
    runok = mask >= 0 and (k == 0 or hi - lo < n)
    if runok:
        a0 = 0 if k == 0 else (hi - n + 1 if hi - n + 1 > 0 else 0)
        a1 = 12 - n if k == 0 else (lo if lo < 12 - n else 12 - n)
    tri = n * (n - 1) // 2
    # On an empty side only the likeliest formation of each rank is kept, and the likeliest
    # high one (its cards are shared by every tile: the union of them all would promise too
    # much; the likeliest is often a low one, which loses to what the other side already
    # has); each block below is one rank, its picks bx and bh appended at its end.
    if kd == K_ALL and runok and col != -2:  # colour-runs
        tb = side.avail
        c0, c1 = (0, 5) if k == 0 else (col, col + 1)
        bx = bh = 0
        for cc in range(c0, c1):
            b = cc * 12
            for a in range(a0, a1 + 1):
                if k:
                    p = ONE
                    for s in range(a, a + n):
                        if not (mask >> s) & 1:
                            p = (p * tb[b + s]) >> 10
                    if p:
                        out.append((256 | (n * a + tri)) << 11 | p)
                    continue
                # An empty side (the first turns' many tiles): the same product, unrolled.
                s = b + a
                p = (tb[s] * tb[s + 1]) >> 10
                if n > 2:
                    p = (p * tb[s + 2]) >> 10
                    if n > 3:
                        p = (p * tb[s + 3]) >> 10
                if p > (bx & _PMASK):
                    bx = (256 | (n * a + tri)) << 11 | p
                if a >= 9 - n and p > (bh & _PMASK):
                    bh = (256 | (n * a + tri)) << 11 | p
        if bx:
            out.append(bx)
        if bh and bh != bx:
            out.append(bh)
    if (kd == K_ALL or kd == K_SAME) and st != -2:  # same strength
        tb = side.kind
        c0, c1 = (0, 12) if k == 0 else (st, st + 1)
        bx = bh = 0
        for s in range(c0, c1):
            p = tb[s * 5 + m]
            if p:
                x = (192 | n * s) << 11 | p
                if k:
                    out.append(x)
                elif p > (bx & _PMASK):
                    bx = x
                if not k and s >= 8 and p > (bh & _PMASK):
                    bh = x
        if bx:
            out.append(bx)
        if bh and bh != bx:
            out.append(bh)
    if (kd == K_ALL or kd == K_COLOUR) and col != -2:  # colour
        tb = side.colp
        e = side.colsum
        c0, c1 = (0, 5) if k == 0 else (col, col + 1)
        bx = 0
        for cc in range(c0, c1):
            p = tb[cc * 5 + m]
            if p:
                x = (128 | (total + ((e[cc * 5 + m] + 512) >> 10))) << 11 | p
                if k:
                    out.append(x)
                elif p > (bx & _PMASK):
                    bx = x
        if bx:
            out.append(bx)
    if (kd == K_ALL or kd == K_RUN) and runok:  # runs
        tb = side.anyp
        bx = bh = 0
        for a in range(a0, a1 + 1):
            p = ONE
            for s in range(a, a + n):
                if not (mask >> s) & 1:
                    p = (p * tb[s]) >> 10
                    if not p:
                        break
            if p:
                x = (64 | (n * a + tri)) << 11 | p
                if k:
                    out.append(x)
                elif p > (bx & _PMASK):
                    bx = x
                if not k and a >= 9 - n and p > (bh & _PMASK):
                    bh = x
        if bx:
            out.append(bx)
        if bh and bh != bx:
            out.append(bh)
    # The sum: always something (a K_SUM tile counts nothing else), spread as above.
    e = total + ((side.topsum[m] + 512) >> 10)
    out.append((e + m * _SPREAD) << 11 | _HALFP)
    lo = e - m * _SPREAD
    out.append((lo if lo > total else total) << 11 | ONE)
