"""Control proofs with the tactic variant's elite troops (docs/RULES.md "Tactic proofs (second
game)"); the base game never imports this module.

A side's cards are siege ints 0..59 (engine.st2.cards) and elite ids: 60 and 61 JOKER (any
colour, any strength 0..11), 62 SPY (strength 10, any colour), 63 SHIELD (strength 1, 2 or 3,
any colour). An elite takes the value best for its owner, chosen afresh at each declaration,
with no other restriction: it may copy a siege card visible anywhere, one of its own
formation, or another elite. Scores compare as engine.st2.prove.score's (higher wins, the
lowest-sum tiles included); proofs follow engine.st2.prove.beat's conventions (public
information only, a tie is not enough, eliminations and cauldrons ignored) and never add an
unplayed tactic card. A value is shown as the siege int it copies: the Spy as B10 is 46.
Example: score_t([60, 46, 47], 3, K_ALL) == (4 << 6 | 30, [45]) (JOKER=B9 with B10 B11).

Each formation type is searched from the best down, as prove.beat does; the elites fill the
strengths the type needs (a run's missing strengths: the Spy only 10, the Shield only 1 to 3,
a Joker any), so a proof looks at a few dozen candidates, not every value of every elite.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME, K_SUM
from engine.st2.forms import extreme
from engine.st2.prove import beat, score

JOKER = const(60)  # and 61
SPY = const(62)
SHIELD = const(63)
_ELITE_END = const(64)
_ALL_SEEN = b"\x01" * 72  # score_t adds no card: every card counts as seen


def _lo(e):
    return 10 if e == SPY else 1 if e == SHIELD else 0


def _hi(e):
    return 10 if e == SPY else 3 if e == SHIELD else 11


def _card(seen, c, s):
    """An unseen card of strength s, of colour c (c < 0: any colour), or -1."""
    for col in range(5) if c < 0 else (c,):
        if not seen[col * 12 + s]:
            return col * 12 + s
    return -1


def _pick(s, taken):
    """A card of strength s not in `taken` (so a shown value differs from its neighbours)."""
    for col in range(5):
        if col * 12 + s not in taken:
            return col * 12 + s
    return s


_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"  # bits in 0..15


def _windows(target, rank, n, sv, ev, mask, cols, seen, av):
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
                    adds.append(_card(seen, c, s))
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


def _same(target, n, st, sv, ev, m, av):
    for s in range(11, -1, -1) if st == -1 else (st,):
        if (3 << 6 | n * s) <= target:
            return None
        ok = True
        for e in ev:
            if not _lo(e) <= s <= _hi(e):
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
            vals.append(_pick(s, taken + vals))
        return adds, vals
    return None


def _isrun(strs):
    lo, hi, mask = 12, -1, 0
    for s in strs:
        if (mask >> s) & 1:
            return False
        mask |= 1 << s
        lo = min(lo, s)
        hi = max(hi, s)
    return hi - lo == len(strs) - 1


def _bb(avail, need, i, acc, total, floor, fixed):
    """Branch and bound (as engine.st2.forms.bb): `need` more of the strengths avail[i:]
    (descending) with a total above floor and, with the fixed strengths, not a run."""
    if need == 0:
        return None if total <= floor or _isrun(fixed + acc) else acc[:]
    if i + need > len(avail):
        return None
    bound = total
    for j in range(i, i + need):
        bound += avail[j]
    if bound <= floor:
        return None
    for j in range(i, len(avail) - need + 1):
        acc.append(avail[j])
        got = _bb(avail, need - 1, j + 1, acc, total + avail[j], floor, fixed)
        acc.pop()
        if got is not None:
            return got
    return None


def _colour(target, sv, ev, m, cols, av, nonrun):
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
                t += _hi(ev[i])
            for i in range(m):
                t += avail[i]
            if t > floor:
                return [cc * 12 + s for s in avail[:m]], [cc * 12 + _hi(e) for e in ev]
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
            got = _bb(avail, m, 0, [], tot, floor, strs)
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


def _solve(target, sv, ev, m, n, kd, seen):
    """(adds, vals): m unseen siege cards and the elites' values giving the sieges sv and
    elites ev a score above target on a tile of kind kd needing n cards, or None; with m == 0
    the best values."""
    base = 0
    cols = -1
    st = -1
    mask = 0
    for c in sv:
        s = c % 12
        base += s
        cols = c // 12 if cols == -1 or cols == c // 12 else -2
        st = s if st == -1 or st == s else -2
        mask |= 1 << s
    if kd == K_LOW:
        lo = base
        for e in ev:
            lo += _lo(e)
        if m:
            adds = extreme(seen, m, False, lo, target)
        else:
            adds = [] if 63 - lo > target else None
        if adds is None:
            return None
        vals = []
        for e in ev:
            vals.append(_pick(_lo(e), sv + adds + vals))
        return adds, vals
    av = [0] * 6  # per colour, then of any colour: the strengths with an unseen card
    if m and kd != K_LOW and kd != K_SUM:
        for c in range(60):
            if not seen[c]:
                av[c // 12] |= 1 << (c % 12)
        av[5] = av[0] | av[1] | av[2] | av[3] | av[4]
    if kd == K_ALL:
        got = _windows(target, 4, n, sv, ev, mask, cols, seen, av)
        if got is not None:
            return got
        if target >= 4 << 6:
            return None
    if kd == K_ALL or kd == K_SAME:
        if st != -2:
            got = _same(target, n, st, sv, ev, m, av)
            if got is not None:
                return got
        if target >= 3 << 6:
            return None
    if kd == K_ALL or kd == K_COLOUR:
        if cols != -2:
            got = _colour(target, sv, ev, m, cols, av, kd == K_COLOUR)
            if got is not None:
                return got
        if target >= 2 << 6:
            return None
    if kd == K_ALL or kd == K_RUN:
        got = _windows(target, 1, n, sv, ev, mask, cols, seen, av)
        if got is not None:
            return got
        if target >= 1 << 6:
            return None
    hi = base
    for e in ev:
        hi += _hi(e)
    if m:
        adds = extreme(seen, m, True, hi, target)
    else:
        adds = [] if hi > target else None
    if adds is None:
        return None
    vals = []
    for e in ev:
        vals.append(_pick(_hi(e), sv + adds + vals))
    return adds, vals


def _split(cards, k):
    sv = []
    ev = []
    for i in range(k):
        c = cards[i]
        if c >= _ELITE_END:
            raise ValueError("not a siege card or an elite troop: %r" % (c,))
        (ev if c >= JOKER else sv).append(c)
    return sv, ev


def score_t(cards, n, kd):
    """(score, vals): the best score of the n complete cards (siege ints and elite ids) on a
    tile of kind kd, each elite at its owner's best value; vals: the siege ints the elites
    take, in their order in `cards` ([] with no elite: then score is prove.score's)."""
    sv, ev = _split(cards, n)
    if not ev:
        return score(cards, n, kd), []
    adds, vals = _solve(-1, sv, ev, 0, n, kd, _ALL_SEEN)
    return score(sv + vals, n, kd), vals


def beat_tv(target, opp, k, n, kd, seen):
    """(adds, vals): beat_t's cards and the values the Defender's elites take with them (in
    their order in opp), or None."""
    sv, ev = _split(opp, k)
    if not ev:
        adds = beat(target, opp, k, n, kd, seen)
        return None if adds is None else (adds, [])
    return _solve(target, sv, ev, n - k, n, kd, seen)


def beat_t(target, opp, k, n, kd, seen):
    """n - k unseen siege cards (`seen[c]` zero) the Defender could add to its k cards `opp`
    (siege ints and elite ids, elites at their best) to score above target on a tile of kind
    kd needing n cards; None if no completion does (prove.beat's answer with no elite)."""
    got = beat_tv(target, opp, k, n, kd, seen)
    return None if got is None else got[0]
