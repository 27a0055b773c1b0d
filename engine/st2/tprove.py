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


from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME
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


def _fill(ev, a, n, mask, c, seen):
    """The run a..a+n-1 (colour c, or any colour when c < 0) around siege strengths `mask`:
    the elites take missing strengths (the Spy 10, the Shield 1..3, a Joker any) so that
    every other missing strength has an unseen card. (adds, elite strengths) or None."""
    need = []
    for s in range(a, a + n):
        if not (mask >> s) & 1:
            need.append(s)
    take = [-1] * len(ev)
    used = 0
    for i in range(len(ev)):
        e = ev[i]
        if e == SPY:
            if (mask >> 10) & 1 or not a <= 10 < a + n or (used >> 10) & 1:
                return None
            take[i] = 10
            used |= 1 << 10
    for i in range(len(ev)):
        if ev[i] == SHIELD:
            best = -1
            for s in (1, 2, 3):
                if s in need and not (used >> s) & 1:
                    if _card(seen, c, s) < 0:
                        best = s
                        break
                    if best < 0:
                        best = s
            if best < 0:
                return None
            take[i] = best
            used |= 1 << best
    j = 0  # Jokers first cover the strengths no unseen card has
    for s in need:
        if not (used >> s) & 1 and _card(seen, c, s) < 0:
            while j < len(ev) and (ev[j] >= SPY or take[j] >= 0):
                j += 1
            if j == len(ev):
                return None
            take[j] = s
            used |= 1 << s
    for i in range(len(ev)):
        if take[i] < 0:
            for s in need:
                if not (used >> s) & 1:
                    take[i] = s
                    used |= 1 << s
                    break
    adds = []
    for s in need:
        if not (used >> s) & 1:
            adds.append(_card(seen, c, s))
    return adds, take


def _windows(target, rank, n, sv, ev, mask, cols, seen):
    """Runs (rank 4: one colour; rank 1: not all of one colour, which an elite's colour
    ensures), best window first: (adds, vals) or None."""
    dup = False
    seen_s = 0
    for c in sv:
        if (seen_s >> (c % 12)) & 1:
            dup = True
        seen_s |= 1 << (c % 12)
    if dup or (rank == 4 and cols == -2):
        return None
    for a in range(12 - n, -1, -1):
        if (rank << 6 | (n * a + n * (n - 1) // 2)) <= target:
            return None
        if mask >> (a + n) or mask & ((1 << a) - 1):
            continue
        for c in (cols,) if rank == 1 or cols >= 0 else range(5):
            got = _fill(ev, a, n, mask, c if rank == 4 else -1, seen)
            if got is None:
                continue
            adds, take = got
            # Rank 1: a colour that makes the run not all of one colour (elites only: 0, 1, 1..)
            first = sv[0] if sv else adds[0] if adds else -1
            ec = c if rank == 4 else (first // 12 + 1) % 5 if first >= 0 else 0
            vals = []
            for i in range(len(take)):
                vals.append(ec * 12 + take[i])
                if rank == 1 and first < 0:
                    ec = 1
            return adds, vals
    return None


def _same(target, n, st, sv, ev, m, seen):
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
            if len(adds) < m and not seen[col * 12 + s]:
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


def _colour(target, sv, ev, m, cols, seen, nonrun):
    """One colour (nonrun: and not a run, so a colour-run is not one): (adds, vals) or None;
    the best when m == 0."""
    best = None
    floor = target - (2 << 6)
    base = 0
    for c in sv:
        base += c % 12
    for cc in range(5) if cols < 0 else (cols,):
        avail = [s for s in range(11, -1, -1) if not seen[cc * 12 + s]]
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
        # Not a run: a Joker is 11 or 10 at best (one of the two breaks any run), the Shield 3..1.
        ne = len(ev)
        for code in range(1 << (2 * ne)):
            strs = [c % 12 for c in sv]
            bad = False
            for i in range(ne):
                d = (code >> (2 * i)) & 3
                e = ev[i]
                v = 11 - d if e < SPY else 10 if e == SPY else 3 - d
                if (e < SPY and d > 1) or (e == SPY and d) or (e == SHIELD and d > 2):
                    bad = True
                strs.append(v)
            if bad:
                continue
            tot = 0
            for s in strs:
                tot += s
            got = _bb(avail, m, 0, [], tot, floor, strs)
            if got is not None:
                for s in got:
                    tot += s
                floor = tot
                best = [cc * 12 + s for s in got], [cc * 12 + v for v in strs[len(sv) :]]
                if m:
                    return best
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
    if kd == K_ALL:
        got = _windows(target, 4, n, sv, ev, mask, cols, seen)
        if got is not None:
            return got
        if target >= 4 << 6:
            return None
    if kd == K_ALL or kd == K_SAME:
        if st != -2:
            got = _same(target, n, st, sv, ev, m, seen)
            if got is not None:
                return got
        if target >= 3 << 6:
            return None
    if kd == K_ALL or kd == K_COLOUR:
        if cols != -2:
            got = _colour(target, sv, ev, m, cols, seen, kd == K_COLOUR)
            if got is not None:
                return got
        if target >= 2 << 6:
            return None
    if kd == K_ALL or kd == K_RUN:
        got = _windows(target, 1, n, sv, ev, mask, cols, seen)
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
