"""What a player can know about each stone: card availability, stone odds, game value.

All probabilities are ints scaled to ONE (1024), so the device never boxes a float.

`avail[c]` is the chance that a side gets card c in time to use it: 1 for a card in the
player's own hand, a share of the unseen cards for either side (from the deck size, the
opponent's hand size and the number of unseen cards), 0 for a dead card (on the table, or,
for the opponent, in our hand). From it `Side` keeps per-strength and per-colour tables, and
`cands` lists a side's reachable formations on a stone as packed ints `score << 11 | prob`.
`pwin` (engine.ai.odds, shared with the second game's AI) turns two such lists into the
chance of winning the stone, and `gvalue` turns the nine stone chances into a game value
(three adjacent, or five in all, for either side).
"""

from array import array

from engine.ai.odds import pwin  # noqa: F401 - part of this module's interface

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


ONE = const(1024)  # engine.ai.odds.ONE, a constant here too (folded where it is read)

_PMASK = const(2047)  # a packed formation's prob field (engine.ai.odds)

# Stones in a window of three adjacent ones: 0..6 start the seven windows.
_NWIN = const(7)


class Side:
    """Availability of every card to one side, and the tables formations are read from."""

    def __init__(self):
        # Unsigned 16-bit arrays: every value is at most 27 * ONE.
        self.avail = array("H", bytes(108))
        self.anyp = array("H", bytes(18))  # P(at least one card of strength s)
        self.kind = array("H", bytes(72))  # P(at least m cards of strength s): s * 4 + m
        self.colp = array("H", bytes(48))  # P(at least m cards of colour c): c * 4 + m
        self.colsum = array("H", bytes(48))  # expected total of the best m of colour c (x ONE)
        self.topsum = array("H", bytes(8))  # expected total of the best m cards of all (x ONE)

    def build(self):
        """Fill the tables from avail (call after changing avail)."""
        av = self.avail
        kind = self.kind
        anyp = self.anyp
        for s in range(9):
            anyp[s] = _at_least(av, s, 9, 6, kind, s * 4)
        colp = self.colp
        colsum = self.colsum
        for col in range(6):
            o = col * 4
            _at_least(av, col * 9, 1, 9, colp, o)
            _fill(av, col * 9, colsum, o)
        _fill_all(av, self.topsum)


def _at_least(av, first, step, count, out, o):
    """out[o+m] = P(at least m of the cards first, first+step, ... are ours), m = 0..3 (x ONE);
    returns P(at least one). Cards taken in ascending order (the rounding depends on it)."""
    q0, q1, q2, q3 = ONE, 0, 0, 0  # P(exactly 0, 1, 2, >=3 so far)
    c = first
    end = first + step * count
    while c < end:
        a = av[c]
        if a:
            b = ONE - a
            q3 = q3 + ((q2 * a) >> 10)
            q2 = (q2 * b + q1 * a) >> 10
            q1 = (q1 * b + q0 * a) >> 10
            q0 = (q0 * b) >> 10
        c += step
    out[o] = ONE
    out[o + 3] = q3
    out[o + 2] = q3 + q2
    out[o + 1] = q3 + q2 + q1
    return q3 + q2 + q1


def _fill(av, first, out, o):
    """out[o+m] = expected total of the m strongest of the 9 cards from `first` (a colour),
    taken greedily by availability."""
    tot = 0
    got = 0  # slots filled, x ONE
    m = 1
    c = first + 8
    while c >= first and m < 4:
        a = av[c]
        if a:
            st = c % 9 + 1
            while a and m < 4:
                room = m * ONE - got
                t = a if a < room else room
                got += t
                tot += t * st
                a -= t
                if got >= m * ONE:
                    out[o + m] = tot
                    m += 1
        c -= 1
    while m < 4:  # not enough cards: count the rest as strength 1
        out[o + m] = tot + (m * ONE - got)
        m += 1


def _fill_all(av, out):
    tot = 0
    got = 0
    m = 1
    s = 8
    while s >= 0 and m < 4:
        c = s
        while c < 54 and m < 4:
            a = av[c]
            while a and m < 4:
                room = m * ONE - got
                t = a if a < room else room
                got += t
                tot += t * (s + 1)
                a -= t
                if got >= m * ONE:
                    out[m] = tot
                    m += 1
            c += 9
        s -= 1
    while m < 4:
        out[m] = tot + (m * ONE - got)
        m += 1


def cands(side, cards, k, n, out):
    """Append to `out` the formations this side may reach on a stone holding `cards[:k]`.

    Each is `score << 11 | prob` (score as in engine.st1.prove); a sum-formation with prob
    ONE closes the list, so a side always ends with something. Returns the number appended.
    k < n: a complete side is its score with prob ONE, which the caller puts (a frame fewer
    on the Python stack, engine.ai.st1.judge)."""
    n0 = len(out)
    col = -1
    st = -1
    lo, hi, mask, total = 9, -1, 0, 0
    for i in range(k):
        c = cards[i]
        s = c % 9
        total += s + 1
        if col == -1:
            col = c // 9
        elif col != c // 9:
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
    av = side.avail
    runok = mask >= 0 and (k == 0 or hi - lo < n)
    if runok:
        a0 = 0 if k == 0 else (hi - n + 1 if hi - n + 1 > 0 else 0)
        a1 = 9 - n if k == 0 else (lo if lo < 9 - n else 9 - n)
        # Colour-runs.
        if col != -2:
            c0, c1 = (0, 6) if k == 0 else (col, col + 1)
            for cc in range(c0, c1):
                b = cc * 9
                for a in range(a0, a1 + 1):
                    p = ONE
                    for s in range(a, a + n):
                        if not (mask >> s) & 1:
                            p = (p * av[b + s]) >> 10
                            if not p:
                                break
                    if p:
                        _add(out, n0, k, (256 | (n * a + n * (n + 1) // 2)) << 11 | p)
    # Same strength.
    if st != -2:
        kind = side.kind
        s0, s1 = (0, 9) if k == 0 else (st, st + 1)
        for s in range(s0, s1):
            p = kind[s * 4 + m]
            if p:
                _add(out, n0, k, (192 | n * (s + 1)) << 11 | p)
    # Colour.
    if col != -2:
        colp = side.colp
        colsum = side.colsum
        c0, c1 = (0, 6) if k == 0 else (col, col + 1)
        for cc in range(c0, c1):
            p = colp[cc * 4 + m]
            if p:
                t = total + ((colsum[cc * 4 + m] + 512) >> 10)
                _add(out, n0, k, (128 | t) << 11 | p)
    # Runs.
    if runok:
        anyp = side.anyp
        for a in range(a0, a1 + 1):
            p = ONE
            for s in range(a, a + n):
                if not (mask >> s) & 1:
                    p = (p * anyp[s]) >> 10
                    if not p:
                        break
            if p:
                _add(out, n0, k, (64 | (n * a + n * (n + 1) // 2)) << 11 | p)
    # Sum: always something.
    out.append((total + ((side.topsum[m] + 512) >> 10)) << 11 | ONE)
    return len(out) - n0


def _add(out, n0, k, x):
    """Append candidate x; on an empty side keep only the likeliest one of each rank.

    An empty side could aim at any of 42 colour-runs, but its cards are shared by all the
    stones: the union of them all would promise a colour-run everywhere."""
    if k == 0:
        r = x >> 17
        for i in range(n0, len(out)):
            y = out[i]
            if y >> 17 == r:
                if (x & _PMASK) > (y & _PMASK):
                    out[i] = x
                return
    out.append(x)


def gvalue(p, buf):
    """Game value in -ONE..ONE from the nine stone chances p (ONE = ours for sure).

    Each side's chance to meet a goal: three adjacent stones (seven windows) or five in
    all (a Poisson-binomial count); the value is ours minus theirs. buf: a list of 10."""
    for i in range(10):
        buf[i] = 0
    buf[0] = ONE
    for s in range(9):
        q = p[s]
        r = ONE - q
        j = s + 1
        while j > 0:
            buf[j] = (buf[j] * r + buf[j - 1] * q) >> 10
            j -= 1
        buf[0] = (buf[0] * r) >> 10
    f_me = buf[5] + buf[6] + buf[7] + buf[8] + buf[9]
    f_op = buf[0] + buf[1] + buf[2] + buf[3] + buf[4]
    n_me = ONE
    n_op = ONE
    # One product at a time: the seven brackets of this loop's expressions made know.py's
    # compile ask for one 2,304-byte block at the first AI decision (1,536 bytes without
    # them), which a game's heap may not have in one piece (docs/BENCHMARKS.md, Memory).
    for w in range(_NWIN):
        a, b, c = p[w], p[w + 1], p[w + 2]
        x = (a * b) >> 10
        x = (x * c) >> 10
        n_me = (n_me * (ONE - x)) >> 10
        x = ((ONE - a) * (ONE - b)) >> 10
        x = (x * (ONE - c)) >> 10
        n_op = (n_op * (ONE - x)) >> 10
    g_me = ONE - ((n_me * (ONE - f_me)) >> 10)
    g_op = ONE - ((n_op * (ONE - f_op)) >> 10)
    return g_me - g_op
