"""Formations and claim proofs with tactic cards (the Schotten Totten tactic variant).

Cards are clan ints 0..53 (engine.cards) and the elite troops 54, 55 (the two Jokers), 56
(Spy), 57 (Shield-Bearer). An elite takes its best value when a formation is scored: a Joker
any clan card, the Spy any colour at strength 7, the Shield-Bearer any colour at strength 1, 2
or 3; a value may repeat a card on the table or in the formation (docs/RULES.md, "Tactic
proofs"). Scores compare as engine.st1.prove.score's (`rank << 6 | sum`); on a Blind-Man's
Bluff stone (`blind`) only the sum counts (score = sum). n is 3, or 4 on a Mud Fight stone.
Example: score_t([33, 34, 54], 3, False) is (4 << 6 | 24, [35]): G7 G8 and a Joker as G9.
Unplayed tactic cards never enter a proof (docs/RULES.md): beat_t adds clan cards only.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st1.prove import beat, score

JOKER = const(54)
JOKER2 = const(55)
SPY = const(56)
SHIELD = const(57)
_SPY_S = const(6)  # the Spy's 0-based strength (7)
_SHIELD_M = const(7)  # the Shield-Bearer's strengths as a mask (1, 2, 3)
_R4 = const(256)  # R_COLOUR_RUN << 6
_R3 = const(192)
_R2 = const(128)
_R1 = const(64)
# Bits set in each 4-bit mask (no int.bit_count on the board).
_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"


def is_elite(c):
    return JOKER <= c <= SHIELD


def _parse(cards, n):
    """What the first n cards fix: (col, st, mask, lo, total, nj, spy, shield).

    col/st: the clan cards' common colour/strength (-1 none, -2 mixed); mask: their strengths
    as bits (-1 if one repeats); lo: the lowest; total: their strength sum; nj, spy, shield:
    how many Jokers, Spies and Shield-Bearers there are."""
    col = st = -1
    mask = total = nj = spy = shield = 0
    lo = 9
    for i in range(n):
        c = cards[i]
        if c >= JOKER:
            if c == SPY:
                spy += 1
            elif c == SHIELD:
                shield += 1
            else:
                nj += 1
            continue
        s = c % 9
        total += s + 1
        if col == -1:
            col = c // 9
            st = s
        else:
            if c // 9 != col:
                col = -2
            if s != st:
                st = -2
        if mask >= 0:
            mask = -1 if mask & (1 << s) else mask | (1 << s)
        if s < lo:
            lo = s
    return col, st, mask, lo, total, nj, spy, shield


def _fits(rest, spy, shield):
    """True if the elites can take exactly the strengths in mask `rest` (the Jokers take
    whatever the Spy and the Shield-Bearer leave); the caller keeps the counts equal."""
    if spy:
        if not rest & (1 << _SPY_S):
            return False
    if shield:
        if not rest & _SHIELD_M:
            return False
    return True


def _window(a, n, mask):
    """Missing strengths of the run window a..a+n-1 as a mask (-1 if a clan card is outside)."""
    w = ((1 << n) - 1) << a
    if mask & ~w:
        return -1
    return w & ~mask


def _elite_max(nj, spy, shield):
    return 9 * nj + 7 * spy + 3 * shield


def score_t(cards, n, blind):
    """(score, vals): the best score of the n complete cards, and the clan card each elite
    takes for it (in the order the elites appear; [] without elites)."""
    col, st, mask, lo, total, nj, spy, shield = _parse(cards, n)
    ne = nj + spy + shield
    if ne == 0:
        if blind:
            return total, []
        return score(cards, n), []
    fill = 0  # strengths (bits) the elites take, for a run; -1: each takes its highest
    if blind:
        rank, fill = 0, -1
        sc = total + _elite_max(nj, spy, shield)
    else:
        rank = -1
        if mask >= 0:
            for a in range(9 - n, -1, -1):
                w = _window(a, n, mask)
                if w >= 0 and _fits(w, spy, shield):
                    rank = 4 if col != -2 else 1
                    fill = w
                    sc = n * a + n * (n + 1) // 2
                    break
        if rank < 3 and st != -2:
            s = 8 if st < 0 else st
            while s >= 0:
                if (not spy or s == _SPY_S) and (not shield or s < 3):
                    rank, fill = 3, 1 << s
                    sc = n * (s + 1)
                    break
                if st >= 0:
                    break
                s -= 1
        if rank < 2 and col != -2:
            rank, fill = 2, -1
            sc = total + _elite_max(nj, spy, shield)
        if rank < 0:
            rank, fill = 0, -1
            sc = total + _elite_max(nj, spy, shield)
        sc |= rank << 6
    # The values: the Spy and the Shield-Bearer first, the Jokers take what is left of `fill`.
    sh = 0
    if fill >= 0 and rank != 3:
        if spy:
            fill &= ~(1 << _SPY_S)
        if shield:
            while not (fill >> sh) & 1:
                sh += 1
            fill &= ~(1 << sh)
    cc = col if col >= 0 else 0
    if rank == 3:
        cc = 0
    vals = []
    for i in range(n):
        c = cards[i]
        if c < JOKER:
            continue
        if c == SPY:
            s = _SPY_S
        elif fill < 0:
            s = 2 if c == SHIELD else 8
        elif c == SHIELD and rank != 3:
            s = sh
        else:
            s = 0
            while not (fill >> s) & 1:
                s += 1
            if rank != 3:
                fill &= ~(1 << s)
        if rank == 3:  # one strength: the colours the clan cards leave, one each
            while cc < 5 and _has(cards, n, cc * 9 + s):
                cc += 1
            vals.append(cc * 9 + s)
            if cc < 5:
                cc += 1
        else:
            vals.append(cc * 9 + s)
    return sc, vals


def _has(cards, n, c):
    for i in range(n):
        if cards[i] == c:
            return True
    return False


def _top(unseen, m):
    """The m highest unseen cards of any colour, or None."""
    out = []
    s = 8
    while s >= 0 and len(out) < m:
        c = s
        while c < 54 and len(out) < m:
            if unseen[c]:
                out.append(c)
            c += 9
        s -= 1
    return out if len(out) == m else None


def _take(unseen, first, step, count, m):
    """The m highest unseen cards among first, first+step, ... (count of them), or None."""
    out = []
    c = first + step * (count - 1)
    while c >= first and len(out) < m:
        if unseen[c]:
            out.append(c)
        c -= step
    return out if len(out) == m else None


def _pop(x):
    return _POP[x & 15] + _POP[(x >> 4) & 15] + _POP[(x >> 8) & 15]


def _run(rank, miss, m, col, unseen, spy, shield):
    """Unseen cards that fill m of the missing strengths `miss` (the elites take the rest) to
    make a run (rank 1) or a colour-run (rank 4, colour col or any when col < 0), or None."""
    sub = miss
    while True:  # every submask of miss, miss itself first
        if _pop(sub) == m and _fits(miss & ~sub, spy, shield):
            for cc in range(6) if col < 0 else (col,):
                add = []
                for s in range(9):
                    if (sub >> s) & 1:
                        if rank == 4:
                            if not unseen[cc * 9 + s]:
                                add = None
                                break
                            add.append(cc * 9 + s)
                        else:
                            got = _take(unseen, s, 9, 6, 1)
                            if got is None:
                                add = None
                                break
                            add.append(got[0])
                if add is not None:
                    return add
                if rank == 1:
                    break
        if sub == 0:
            return None
        sub = (sub - 1) & miss


def beat_t(target, opp, k, n, unseen, blind):
    """Clan cards the opponent could add to its k cards `opp` (clan and elite ids, elites at
    their best value) to score above `target`, or None. Ties are not a win for the opponent:
    it would complete after the claimant. Only clan cards with unseen[c] set are added."""
    col, st, mask, lo, base, nj, spy, shield = _parse(opp, k)
    ne = nj + spy + shield
    if ne == 0 and not blind:
        return beat(target, opp, k, n, unseen)
    m = n - k
    if m == 0:
        return [] if score_t(opp, n, blind)[0] > target else None
    base += _elite_max(nj, spy, shield)
    if not blind:
        # Colour-runs, best first; then runs of clan cards of any colour.
        for rank in (4, 1):
            if mask >= 0 and (rank == 1 or col != -2):
                for a in range(9 - n, -1, -1):
                    if (rank << 6 | (n * a + n * (n + 1) // 2)) <= target:
                        break
                    w = _window(a, n, mask)
                    if w >= 0:
                        add = _run(rank, w, m, col if rank == 4 else -1, unseen, spy, shield)
                        if add is not None:
                            return add
            if rank == 4:
                if target >= _R4:
                    return None
                # Same strength.
                if st != -2:
                    s = 8 if st < 0 else st
                    while s >= 0 and (_R3 | n * (s + 1)) > target:
                        if (not spy or s == _SPY_S) and (not shield or s < 3):
                            add = _take(unseen, s, 9, 6, m)
                            if add is not None:
                                return add
                        if st >= 0:
                            break
                        s -= 1
                if target >= _R3:
                    return None
                # Colour: the highest unseen cards of one colour.
                if col != -2:
                    for cc in range(6) if col < 0 else (col,):
                        add = _take(unseen, cc * 9, 1, 9, m)
                        if add is not None:
                            total = base
                            for c in add:
                                total += c % 9 + 1
                            if (_R2 | total) > target:
                                return add
                if target >= _R2:
                    return None
        if target >= _R1:
            return None
    # Sum: the highest unseen cards of all.
    add = _top(unseen, m)
    if add is None:
        return None
    for c in add:
        base += c % 9 + 1
    return add if base > target else None
