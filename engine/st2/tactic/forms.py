"""The per-type searches behind engine.st2.tactic.prove (elite troops: 60 and 61 JOKER, 62 SPY,
63 SHIELD), as engine.st2.forms is for engine.st2.prove. `av[c]` (c = 0..4) has bit s set when
the siege card of colour c and strength s is unseen, `av[5]` when one of any colour is; each
search returns (adds, vals): the siege cards to add and the values the elites take (siege
ints, in the elites' order), or None."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.forms import bb  # noqa: E402  (with strengths 0..11: c % 12 is c)

JOKER = const(60)  # and 61
SPY = const(62)
SHIELD = const(63)


def vmin(e):
    return 10 if e == SPY else 1 if e == SHIELD else 0


def vmax(e):
    return 10 if e == SPY else 3 if e == SHIELD else 11


def card(seen, c, s):
    """An unseen card of strength s, of colour c (c < 0: any colour), or -1."""
    for col in range(5) if c < 0 else (c,):
        if not seen[col * 12 + s]:
            return col * 12 + s
    return -1


def pick(s, taken):
    """A card of strength s not in `taken` (so a shown value differs from its neighbours)."""
    for col in range(5):
        if col * 12 + s not in taken:
            return col * 12 + s
    return s


_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"  # bits in 0..15


def windows(target, rank, n, sv, ev, mask, cols, seen, av):
    """Runs (rank 4: one colour; rank 1: not all of one colour, which an elite's colour
    ensures), best window first: (adds, vals) or None. The elites take missing strengths (the
    Spy 10, the Shield one of 1..3, a Joker any) so that every other one has an unseen card."""
    if rank == 4 and cols == -2:
        return None
    strs = 0
    for c in sv:
        if (strs >> (c % 12)) & 1:
            return None  # two equal strengths: no run
        strs |= 1 << (c % 12)
    nj = 0
    spy = sh = False
    for e in ev:
        if e == SPY:
            spy = True
        elif e == SHIELD:
            sh = True
        else:
            nj += 1
    # The colours to try (with no siege card and no card to add, one is as good as another)
    # and, for each, the strengths with an unseen card (av[5]: of any colour).
    if rank == 1:
        cs = (-1,)
    else:
        cs = (cols,) if cols >= 0 else (0, 1, 2, 3, 4) if n > len(sv) + len(ev) else (0,)
    for a in range(12 - n, -1, -1):
        if (rank << 6 | (n * a + n * (n - 1) // 2)) <= target:
            return None
        win = ((1 << n) - 1) << a
        miss = win & ~mask
        if mask & ~win or (spy and not (miss >> 10) & 1) or (sh and not miss & 14):
            continue
        for i in range(len(cs)):
            lack = miss & ~av[5 if cs[i] < 0 else cs[i]]
            cov = 1 << 10 if spy else 0
            if sh:
                opts = miss & 14 & ~cov
                opts = opts & lack or opts
                cov |= opts & -opts
            lack &= ~cov
            if _POP[(lack >> a) & 15] > nj:
                continue
            c = cs[i]
            free = miss & ~cov & ~lack  # the Jokers beyond the lacking strengths take these
            adds = []
            take = []
            for e in ev:
                if e == SPY:
                    b = 1 << 10
                elif e == SHIELD:
                    b = cov & 14
                else:
                    b = (lack or free) & -(lack or free)
                    lack &= ~b
                    free &= ~b
                v = 0
                while b > 1:
                    b >>= 1
                    v += 1
                take.append(v)
            for s in range(a, a + n):
                if (free >> s) & 1:
                    adds.append(card(seen, c, s))
            # Rank 1: a colour that makes the run not all of one colour (elites only: 0, 1, 1..)
            first = sv[0] if sv else adds[0] if adds else -1
            ec = c if rank == 4 else (first // 12 + 1) % 5 if first >= 0 else 0
            vals = []
            for v in take:
                vals.append(ec * 12 + v)
                if rank == 1 and first < 0:
                    ec = 1
            return adds, vals
    return None


def same(target, n, st, sv, ev, m, av):
    for s in range(11, -1, -1) if st == -1 else (st,):
        if (3 << 6 | n * s) <= target:
            return None
        ok = True
        for e in ev:
            if not vmin(e) <= s <= vmax(e):
                ok = False
        if not ok:
            continue
        adds = []
        for col in range(4, -1, -1):
            if len(adds) < m and (av[col] >> s) & 1:
                adds.append(col * 12 + s)
        if len(adds) < m:
            continue
        vals = []
        taken = sv + adds
        for _ in ev:
            vals.append(pick(s, taken + vals))
        return adds, vals
    return None


def colour(target, sv, ev, m, cols, av, nonrun):
    """One colour (nonrun: and not a run, so a colour-run is not one): (adds, vals) or None;
    the best when m == 0."""
    best = None
    floor = target - (2 << 6)
    base = 0
    for c in sv:
        base += c % 12
    # With no siege card and no card to add, every colour is the same: one will do.
    for cc in (cols,) if cols >= 0 else (0, 1, 2, 3, 4) if m else (0,):
        avail = [s for s in range(11, -1, -1) if (av[cc] >> s) & 1]
        if len(avail) < m:
            continue
        if not nonrun:
            t = base
            for i in range(len(ev)):
                t += vmax(ev[i])
            for i in range(m):
                t += avail[i]
            if t > floor:
                return [cc * 12 + s for s in avail[:m]], [cc * 12 + vmax(e) for e in ev]
            continue
        # Not a run: a Joker is 11 or 10 at best (one of the two breaks any run, with a
        # larger total than any lower value), the Spy 10, the Shield 3, 2 or 1.
        ne = len(ev)
        idx = [0] * ne
        while True:
            strs = [c % 12 for c in sv]
            tot = base
            for i in range(ne):
                e = ev[i]
                v = 11 - idx[i] if e < SPY else 10 if e == SPY else 3 - idx[i]
                strs.append(v)
                tot += v
            got = bb(avail, m, 0, [], tot, floor, strs)
            if got is not None:
                for s in got:
                    tot += s
                floor = tot
                best = [cc * 12 + s for s in got], [cc * 12 + v for v in strs[len(sv) :]]
                if m:
                    return best
            i = 0  # the next values, as a number whose digits are the elites' choices
            while i < ne:
                idx[i] += 1
                if idx[i] < (2 if ev[i] < SPY else 1 if ev[i] == SPY else 3):
                    break
                idx[i] = 0
                i += 1
            if i == ne:
                break
    return best
