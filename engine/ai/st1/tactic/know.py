"""What a player can know about each stone in the tactic variant: engine.ai.st1.know's tables
with room for four-card formations (a Mud Fight stone) and the sums of a Blind-Man's Bluff.

`TSide` is `engine.ai.st1.know.Side` with five entries per strength and colour (at least m cards,
m = 0..4). `cands_t` lists the formations a side may reach on a stone (`score << 11 | prob`,
scores as engine.st1.tactic.prove.score_t's), for clan cards only: elite troops on an incomplete
side are given values by the caller (engine.ai.st1.tactic.judge tries several). `pwin` and
`gvalue` are the base game's (engine.ai.st1.know).
"""

from array import array

from engine.st1.prove import score

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_ONE = const(1024)
_PMASK = const(2047)
_W = const(5)  # entries per strength / colour: at least m cards, m = 0..4


class TSide:
    """Availability of every clan card to one side, and the tables formations are read from."""

    def __init__(self):
        self.avail = array("H", bytes(108))
        self.anyp = array("H", bytes(18))
        self.kind = array("H", bytes(90))  # P(at least m cards of strength s): s * 5 + m
        self.colp = array("H", bytes(60))  # P(at least m cards of colour c): c * 5 + m
        self.colsum = array("H", bytes(60))  # expected total of the best m of colour c (x ONE)
        self.topsum = array("H", bytes(10))  # expected total of the best m cards (x ONE)
        self.memo = {}  # the formation lists of a side of no or one clan card (judge)

    def copy_from(self, other, drop):
        """avail of `other` without card `drop` (-1: none), tables rebuilt."""
        a = self.avail
        b = other.avail
        for c in range(54):
            a[c] = b[c]
        if drop >= 0:
            a[drop] = 0
        self.build()

    def build(self):
        av = self.avail
        self.memo.clear()
        for s in range(9):
            self.anyp[s] = _at_least(av, s, 9, 6, self.kind, s * _W)
        for col in range(6):
            _at_least(av, col * 9, 1, 9, self.colp, col * _W)
            _fill(av, col * 9, 9, self.colsum, col * _W)
        _fill_all(av, self.topsum)


def _at_least(av, first, step, count, out, o):
    q0, q1, q2, q3, q4 = _ONE, 0, 0, 0, 0
    c = first
    end = first + step * count
    while c < end:
        a = av[c]
        if a:
            b = _ONE - a
            q4 = q4 + ((q3 * a) >> 10)
            q3 = (q3 * b + q2 * a) >> 10
            q2 = (q2 * b + q1 * a) >> 10
            q1 = (q1 * b + q0 * a) >> 10
            q0 = (q0 * b) >> 10
        c += step
    out[o] = _ONE
    out[o + 4] = q4
    out[o + 3] = q4 + q3
    out[o + 2] = q4 + q3 + q2
    out[o + 1] = q4 + q3 + q2 + q1
    return q4 + q3 + q2 + q1


def _fill(av, first, count, out, o):
    tot = got = 0
    m = 1
    c = first + count - 1
    while c >= first and m < _W:
        a = av[c]
        while a and m < _W:
            room = m * _ONE - got
            t = a if a < room else room
            got += t
            tot += t * (c % 9 + 1)
            a -= t
            if got >= m * _ONE:
                out[o + m] = tot
                m += 1
        c -= 1
    while m < _W:
        out[o + m] = tot + (m * _ONE - got)
        m += 1


def _fill_all(av, out):
    tot = got = 0
    m = 1
    s = 8
    while s >= 0 and m < _W:
        c = s
        while c < 54 and m < _W:
            a = av[c]
            while a and m < _W:
                room = m * _ONE - got
                t = a if a < room else room
                got += t
                tot += t * (s + 1)
                a -= t
                if got >= m * _ONE:
                    out[m] = tot
                    m += 1
            c += 9
        s -= 1
    while m < _W:
        out[m] = tot + (m * _ONE - got)
        m += 1


def cands_t(side, cards, k, n, blind, out):
    """Append to `out` the formations this side may reach with clan cards `cards[:k]` (k < n)
    on a stone needing n; `blind`: only the sum counts. Returns the number appended."""
    n0 = len(out)
    col = st = -1
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
    if blind:
        out.append((total + ((side.topsum[m] + 512) >> 10)) << 11 | _ONE)
        return 1
    av = side.avail
    runok = mask >= 0 and (k == 0 or hi - lo < n)
    if runok:
        a0 = 0 if k == 0 else (hi - n + 1 if hi - n + 1 > 0 else 0)
        a1 = 9 - n if k == 0 else (lo if lo < 9 - n else 9 - n)
        if col != -2:
            c0, c1 = (0, 6) if k == 0 else (col, col + 1)
            for cc in range(c0, c1):
                b = cc * 9
                for a in range(a0, a1 + 1):
                    p = _ONE
                    for s in range(a, a + n):
                        if not (mask >> s) & 1:
                            p = (p * av[b + s]) >> 10
                            if not p:
                                break
                    if p:
                        _add(out, n0, k, (256 | (n * a + n * (n + 1) // 2)) << 11 | p)
    if st != -2:
        s0, s1 = (0, 9) if k == 0 else (st, st + 1)
        for s in range(s0, s1):
            p = side.kind[s * _W + m]
            if p:
                _add(out, n0, k, (192 | n * (s + 1)) << 11 | p)
    if col != -2:
        c0, c1 = (0, 6) if k == 0 else (col, col + 1)
        for cc in range(c0, c1):
            p = side.colp[cc * _W + m]
            if p:
                t = total + ((side.colsum[cc * _W + m] + 512) >> 10)
                _add(out, n0, k, (128 | t) << 11 | p)
    if runok:
        anyp = side.anyp
        for a in range(a0, a1 + 1):
            p = _ONE
            for s in range(a, a + n):
                if not (mask >> s) & 1:
                    p = (p * anyp[s]) >> 10
                    if not p:
                        break
            if p:
                _add(out, n0, k, (64 | (n * a + n * (n + 1) // 2)) << 11 | p)
    out.append((total + ((side.topsum[m] + 512) >> 10)) << 11 | _ONE)
    return len(out) - n0


def _add(out, n0, k, x):
    """As engine.ai.st1.know's: an empty side keeps only the likeliest formation of each rank."""
    if k == 0:
        r = x >> 17
        for i in range(n0, len(out)):
            y = out[i]
            if y >> 17 == r:
                if (x & _PMASK) > (y & _PMASK):
                    out[i] = x
                return
    out.append(x)


def complete(cards, n, blind):
    """The score of a complete side (elite troops at their best)."""
    for i in range(n):
        if cards[i] >= 54:
            from engine.st1.tactic.prove import score_t

            return score_t(cards, n, blind)[0]
    if blind:
        t = 0
        for i in range(n):
            t += cards[i] % 9 + 1
        return t
    return score(cards, n)
