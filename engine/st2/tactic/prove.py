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


from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME, K_SUM, kind, need
from engine.st2.forms import extreme
from engine.st2.prove import beat, score
from engine.st2.tactic.forms import JOKER, colour, pick, same, vmax, vmin, windows

_ELITE_END = const(64)
_ALL_SEEN = b"\x01" * 72  # score_t adds no card: every card counts as seen


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
            lo += vmin(e)
        if m:
            adds = extreme(seen, m, False, lo, target)
        else:
            adds = [] if 63 - lo > target else None
        if adds is None:
            return None
        vals = []
        for e in ev:
            vals.append(pick(vmin(e), sv + adds + vals))
        return adds, vals
    av = [0] * 6  # per colour, then of any colour: the strengths with an unseen card
    if m and kd != K_SUM:
        for c in range(60):
            if not seen[c]:
                av[c // 12] |= 1 << (c % 12)
        av[5] = av[0] | av[1] | av[2] | av[3] | av[4]
    if kd == K_ALL:
        got = windows(target, 4, n, sv, ev, mask, cols, seen, av)
        if got is not None:
            return got
        if target >= 4 << 6:
            return None
    if kd == K_ALL or kd == K_SAME:
        if st != -2:
            got = same(target, n, st, sv, ev, m, av)
            if got is not None:
                return got
        if target >= 3 << 6:
            return None
    if kd == K_ALL or kd == K_COLOUR:
        if cols != -2:
            got = colour(target, sv, ev, m, cols, av, kd == K_COLOUR)
            if got is not None:
                return got
        if target >= 2 << 6:
            return None
    if kd == K_ALL or kd == K_RUN:
        got = windows(target, 1, n, sv, ev, mask, cols, seen, av)
        if got is not None:
            return got
        if target >= 1 << 6:
            return None
    hi = base
    for e in ev:
        hi += vmax(e)
    if m:
        adds = extreme(seen, m, True, hi, target)
    else:
        adds = [] if hi > target else None
    if adds is None:
        return None
    vals = []
    for e in ev:
        vals.append(pick(vmax(e), sv + adds + vals))
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
    """n - k unseen siege cards (`seen[c]` zero; as for prove.beat every visible siege card is
    seen, the tile's own included) the Defender could add to its k cards `opp` (siege ints and
    elite ids, elites at their best) to score above target on a tile of kind kd needing n
    cards; None if no completion does (prove.beat's answer with no elite)."""
    got = beat_tv(target, opp, k, n, kd, seen)
    return None if got is None else got[0]


def declare_t(st, t, vals=None):
    """engine.st2.table's declare_check for a tile t of a tactic State or View holding an elite
    troop: None if the Attacker's declaration holds, else why not. `vals`, a list, receives the
    (elite, siege card) pairs the elites' best values are, for the declaration to show: the
    Attacker's, and the Defender's when their formation is complete too."""
    n = need(t, st.side[t])
    i = t * 2
    if st.cnt[i] < n:
        return "tile %d: the Attacker's formation is not complete" % (t + 1)
    kd = kind(t, st.side[t])
    cs = st.cards_at(t, 0)
    mine, v = score_t(cs, n, kd)
    if vals is not None:
        _pairs(cs, v, vals)
    k = st.cnt[i + 1]
    if k < n:
        return beat_t(mine, st.cards_at(t, 1), k, n, kd, st.loc)
    cs = st.cards_at(t, 1)
    theirs, v = score_t(cs, n, kd)
    if vals is not None:
        _pairs(cs, v, vals)
    if mine > theirs or (mine == theirs and st.done[i] < st.done[i + 1]):
        return None
    return []


def _pairs(cs, v, out):
    j = 0
    for c in cs:
        if c >= JOKER:
            out.append((c, v[j]))
            j += 1
