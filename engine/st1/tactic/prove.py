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
_SPY_B = const(64)  # the Spy's strength (7) as a bit of a strength mask
_SHIELD_M = const(7)  # the Shield-Bearer's strengths (1, 2, 3) as a mask
# Bits set in each 4-bit mask (no int.bit_count on the board).
_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"


def _parse(cards, n):
    """What the first n cards fix: (col, st, mask, total, nj, spy, shield). col/st: the clan
    cards' common colour/strength (-1 none, -2 mixed); mask: their strengths as bits (-1 if
    one repeats); total: their strength sum; nj: the Jokers; spy, shield: 1 if there."""
    col = st = -1
    mask = total = nj = spy = shield = 0
    for i in range(n):
        c = cards[i]
        if c >= JOKER:
            if c == SPY:
                spy = 1
            elif c == SHIELD:
                shield = 1
            else:
                nj += 1
            continue
        s = c % 9
        total += s + 1
        if col == -1:
            col, st = c // 9, s
        else:
            if c // 9 != col:
                col = -2
            if s != st:
                st = -2
        if mask >= 0:
            mask = -1 if mask & (1 << s) else mask | (1 << s)
    return col, st, mask, total, nj, spy, shield


def _pop(x):
    return _POP[x & 15] + _POP[(x >> 4) & 15] + _POP[x >> 8]


def _low(x):
    """Index of the lowest bit set in x (x > 0)."""
    s = 0
    while not (x >> s) & 1:
        s += 1
    return s


def _window(a, n, mask):
    """Missing strengths of the run window a..a+n-1 as a mask (-1 if a clan card is outside)."""
    w = ((1 << n) - 1) << a
    return -1 if mask & ~w else w & ~mask


def _shield_at(miss, spy, shield):
    """The Shield-Bearer's strength bit when the elites take exactly the strengths in `miss`
    (the Spy the 7, the Jokers the rest): 0 without a Shield-Bearer, -1 if they cannot."""
    if spy and not miss & _SPY_B:
        return -1
    if not shield:
        return 0
    return 1 << _low(miss & _SHIELD_M) if miss & _SHIELD_M else -1


def score_t(cards, n, blind):
    """(score, vals): the best score of the n complete cards, and the clan card each elite
    takes for it (in the order the elites appear; [] without elites)."""
    col, st, mask, total, nj, spy, shield = _parse(cards, n)
    if nj + spy + shield == 0:
        return (total if blind else score(cards, n)), []
    sc = total + 9 * nj + 7 * spy + 3 * shield  # each elite at its highest: colour or sum
    fill = -1  # the strengths (bits) the elites take; -1: each its highest
    sh = 4  # the Shield-Bearer's strength bit
    rank = 0 if blind or col == -2 else 2
    if not blind and st != -2:  # same strength: the highest the elites allow
        s = st if st >= 0 else (6 if spy else 2 if shield else 8)
        if (not spy or s == 6) and (not shield or s < 3):
            rank, fill, sh, sc = 3, 1 << s, 1 << s, n * (s + 1)
    if not blind and mask >= 0:  # runs, the highest first
        for a in range(9 - n, -1, -1):
            w = _window(a, n, mask)
            b = -1 if w < 0 else _shield_at(w, spy, shield)
            if b >= 0:
                r = 1 if col == -2 else 4
                if r > rank:
                    rank, sh, sc = r, b, n * a + n * (n + 1) // 2
                    fill = w & ~b & ~(_SPY_B if spy else 0)  # the Jokers' strengths
                break
    if not blind:
        sc |= rank << 6
    # The values: a colour the clan cards share; for three of a kind, colours they leave.
    cc = col if col >= 0 and rank != 3 else 0
    vals = []
    for i in range(n):
        c = cards[i]
        if c < JOKER:
            continue
        if c == SPY:
            s = 6
        elif c == SHIELD:
            s = _low(sh)
        elif fill < 0:
            s = 8
        else:
            s = _low(fill)
            if rank != 3:
                fill &= ~(1 << s)
        if rank == 3:
            while cc < 5 and _has(cards, n, cc * 9 + s):
                cc += 1
            vals.append(cc * 9 + s)
            cc += cc < 5
        else:
            vals.append(cc * 9 + s)
    return sc, vals


def _has(cards, n, c):
    for i in range(n):
        if cards[i] == c:
            return True
    return False


def _take(unseen, first, step, count, m):
    """The m highest unseen cards among first, first+step, ... (count of them), or None."""
    out = []
    c = first + step * (count - 1)
    while c >= first and len(out) < m:
        if unseen[c]:
            out.append(c)
        c -= step
    return out if len(out) == m else None


def _run(rank, miss, m, col, um, unseen, spy, shield):
    """Unseen cards that fill m of the missing strengths `miss` (the elites take the rest) to
    make a run (rank 1) or a colour-run (rank 4, colour col or any when col < 0), or None.
    um[cc]: the unseen strengths of colour cc as a mask, um[6] those of any colour."""
    if spy:  # the Spy takes the 7, the Shield-Bearer a 1, 2 or 3, the Jokers what is left
        if not miss & _SPY_B:
            return None
        miss &= ~_SPY_B
    b = 4 if shield else 0
    while True:
        if not shield or miss & b:
            rest = miss & ~b
            for cc in (6,) if rank == 1 else range(6) if col < 0 else (col,):
                avail = rest & um[cc]
                if _pop(avail) >= m:
                    add = []
                    s = 8
                    while len(add) < m:
                        if (avail >> s) & 1:
                            add.append(cc * 9 + s if rank == 4 else _take(unseen, s, 9, 6, 1)[0])
                        s -= 1
                    return add
        b >>= 1
        if b == 0:
            return None


def beat_t(target, opp, k, n, unseen, blind):
    """Clan cards the opponent could add to its k < n cards `opp` (clan and elite ids, elites
    at their best value) to score above `target`, or None. Ties are not a win for the
    opponent: it would complete after the claimant. Only clan cards with unseen[c] set are
    added. (A complete opponent side is compared by the caller, TTable.claim_check.)"""
    col, st, mask, base, nj, spy, shield = _parse(opp, k)
    if nj + spy + shield == 0 and not blind:
        return beat(target, opp, k, n, unseen)
    m = n - k
    base += 9 * nj + 7 * spy + 3 * shield
    if not blind:
        um = None
        for rank in (4, 3, 2, 1):
            if target >= (rank + 1) << 6:
                return None
            if rank == 3 and st != -2:  # same strength, the highest first
                s = st if st >= 0 else 8
                while s >= 0 and (rank << 6 | n * (s + 1)) > target:
                    if (not spy or s == 6) and (not shield or s < 3):
                        add = _take(unseen, s, 9, 6, m)
                        if add is not None:
                            return add
                    s = s - 1 if st < 0 else -1
            elif rank == 2 and col != -2:  # colour: the highest unseen cards of one colour
                for cc in range(6) if col < 0 else (col,):
                    add = _take(unseen, cc * 9, 1, 9, m)
                    if add is not None:
                        t = base
                        for c in add:
                            t += c % 9 + 1
                        if (rank << 6 | t) > target:
                            return add
            elif (rank == 1 or rank == 4 and col != -2) and mask >= 0:  # runs, the highest first
                for a in range(9 - n, -1, -1):
                    if (rank << 6 | (n * a + n * (n + 1) // 2)) <= target:
                        break
                    w = _window(a, n, mask)
                    if w >= 0:
                        if um is None:
                            um = _umasks(unseen)
                        add = _run(rank, w, m, col, um, unseen, spy, shield)
                        if add is not None:
                            return add
        if target >= 1 << 6:
            return None
    # Sum: the highest unseen cards of all.
    add = []
    s = 8
    while s >= 0 and len(add) < m:
        c = s
        while c < 54 and len(add) < m:
            if unseen[c]:
                add.append(c)
                base += s + 1
            c += 9
        s -= 1
    return add if len(add) == m and base > target else None


def _umasks(unseen):
    """Each colour's unseen strengths as a mask (0..5), and their union (6)."""
    um = [0] * 7
    for cc in range(6):
        x = 0
        for s in range(9):
            if unseen[cc * 9 + s]:
                x |= 1 << s
        um[cc] = x
        um[6] |= x
    return um
