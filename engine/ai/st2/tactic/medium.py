"""Medium's tactic value model (engine.ai.st2.tactic.search, Judge.med): engine.ai.st2.tactic.value's on
fewer tiles. A card is taken away (the opponent's strongest: Desertion, Treason; our weakest:
Redeployment; the other way round on a lowest-sum tile) or an emptied tile valued (Explosion)
only on the two tiles where our chance is lowest; a card is
put (an elite troop, Treason's, Redeployment's) only on the two tiles with room where it fits
best by Easy's fit; Recruitment's discarded card only the one that fits a tile best, Support's
value a guess (support). Imported only for Medium, so Hard's games on the device never compile it.
The same interface as engine.ai.st2.tactic.value (its card functions generators as value's;
its other functions are value's).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st2.easy import fit
from engine.ai.st2.know import ONE
from engine.ai.st2.tactic.shim import stand_in
from engine.ai.st2.tactic.value import (  # noqa: F401 - card_worth: value's own
    _NONE,
    DISCARD,
    _drop,
    _lift,
    _room,
    _without_opp,
    add_odds,
    card_worth,
    value_with,
)
from engine.st2.cards import K_LOW, NTILES, WALL

_FIRST = const(60)
_SLOTS = const(4)


def _worst(j, p):
    """A mask of the two tiles with cards of player p where our chance is lowest (the first
    of equals)."""
    b1 = b2 = -1
    q1 = q2 = 0
    for s in range(NTILES):
        if j.cnt[s * 2 + p]:
            q = j.p0[s] if j.att else ONE - j.p0[s]
            if b1 < 0 or q < q1:
                b2, q2 = b1, q1
                b1, q1 = s, q
            elif b2 < 0 or q < q2:
                b2, q2 = s, q
    return (1 << b1 if b1 >= 0 else 0) | (1 << b2 if b2 >= 0 else 0)


def _fits(j, c, e=-1, skip=-1):
    """A mask of the two tiles with room on our side (tile skip left out) where card c
    (elite troop e: its stand-in there) fits best (the first of equals)."""
    me = j.me
    b1 = b2 = -1
    f1 = f2 = 0
    for s in range(NTILES):
        if s != skip and _room(j, s, me):
            i = s * 2 + me
            if e >= 0:
                c = stand_in(j.board, i * _SLOTS, j.cnt[i], WALL[s * 2 + j.side[s]] & 15, e)
            f = fit(j, me, c, s)
            if b1 < 0 or f > f1:
                b2, f2 = b1, f1
                b1, f1 = s, f
            elif b2 < 0 or f > f2:
                b2, f2 = s, f
    return (1 << b1 if b1 >= 0 else 0) | (1 << b2 if b2 >= 0 else 0)


def _pick(j, s, p, weak):
    """The slot of player p's card at tile s that counts most there (weak: least): the
    strongest (weakest), the other way round on a lowest-sum tile (the first of equals)."""
    i = s * 2 + p
    o = i * _SLOTS
    up = (WALL[s * 2 + j.side[s]] & 15 == K_LOW) == weak
    bx = 0
    bv = -1
    for x in range(j.cnt[i]):
        v = j.board[o + x] % 12  # a stand-in's strength for an elite troop
        if not up:
            v = 11 - v
        if v > bv:
            bv = v
            bx = x
    return bx


def elite(j, e):
    """An elite troop e at the two tiles where it fits best."""
    best = _NONE
    me = j.me
    m = _fits(j, 0, e)
    for s in range(NTILES):
        if m >> s & 1:
            i = s * 2 + me
            c = stand_in(j.board, i * _SLOTS, j.cnt[i], WALL[s * 2 + j.side[s]] & 15, e)
            v = value_with(j, s, add_odds(j, s, c, j.opc[s]))
            if v > best[0]:
                best = (v, e, s)
    yield best


def _removal(j, only):
    """Of the opponent's strongest card on each of our two worst tiles (only: that card,
    anywhere) the one whose removal helps us most: (value, card, s * _SLOTS + slot, the
    tile's chance without it, whether j.ol still holds the opponent's list without it)."""
    op = j.me ^ 1
    m = _worst(j, op) if only < 0 else 127
    best = _NONE
    q0 = 0
    last = False
    for s in range(NTILES):
        if not m >> s & 1:
            continue
        i = s * 2 + op
        y = _pick(j, s, op, False) if only < 0 else -1
        for x in range(j.cnt[i]):
            c = j.real[i * _SLOTS + x]
            if (only >= 0 and c != only) or (y >= 0 and x != y):
                continue
            q = _without_opp(j, s, x)
            v = value_with(j, s, q)
            last = v > best[0]
            if last:
                best = (v, c, s * _SLOTS + x)
                q0 = q
    return best[0], best[1], best[2], q0, last


def desertion(j, only=-1):
    """Discard one of the opponent's cards on our two worst tiles (only: that card)."""
    v, c, sx, _q, _l = _removal(j, only)
    yield (v, c, sx // _SLOTS) if c >= 0 else _NONE


def treason(j, only=-1):
    """Take the opponent's card whose removal helps most (as desertion) to its own tile or
    to the two tiles where it fits best."""
    v0, c, sx, q0, last = _removal(j, only)
    best = _NONE
    if c >= 0:
        op = j.me ^ 1
        s = sx // _SLOTS
        x = sx % _SLOTS
        if not last:
            q0 = _without_opp(j, s, x)  # the opponent's list without it: in j.ol
        sub = j.board[(s * 2 + op) * _SLOTS + x]  # a stand-in if an elite troop
        if _room(j, s, j.me):
            best = (value_with(j, s, add_odds(j, s, sub, j.ol)), c, s)
        m = _fits(j, sub, -1, s)
        for s2 in range(NTILES):
            if m >> s2 & 1:
                v = value_with(j, s, q0, s2, add_odds(j, s2, sub, j.opc[s2]))
                if v > best[0]:
                    best = (v, c, s2)
    yield best


def explosion(j):
    """Discard both sides of one of the two tiles with the opponent's cards where our chance
    is lowest (an emptied tile's chance: an empty tile's of the same wall side if there is
    one, as value's)."""
    best = _NONE
    op = j.me ^ 1
    cnt = j.cnt
    done = j.done
    m = _worst(j, op)
    for s in range(NTILES):
        if not m >> s & 1:
            continue
        i = s * 2
        w = WALL[i + j.side[s]]
        q = -1
        for x in range(NTILES):
            if not cnt[x * 2] and not cnt[x * 2 + 1] and WALL[x * 2 + j.side[x]] == w:
                q = j.p0[x]
        if q < 0:
            k0, k1, d0, d1 = cnt[i], cnt[i + 1], done[i], done[i + 1]
            cnt[i] = cnt[i + 1] = done[i] = done[i + 1] = 0
            lst = j.ol
            j.opp_cands(s, op, -1, lst)
            q = j.to_att(j.mwin(j.mine, s, -1, lst))
            cnt[i], cnt[i + 1], done[i], done[i + 1] = k0, k1, d0, d1
        v = value_with(j, s, q)
        if v > best[0]:
            best = (v, -1, s)
    yield best


def redeployment(j, only=-1):
    """Move our weakest card on one of our two worst tiles (the one whose removal costs
    least; only: that card, anywhere) to the two tiles where it fits best, or discard it."""
    me = j.me
    m = _worst(j, me) if only < 0 else 127
    top = _NONE
    q = 0
    for s in range(NTILES):
        if not m >> s & 1:
            continue
        i = s * 2 + me
        y = _pick(j, s, me, True) if only < 0 else -1
        for x in range(j.cnt[i]):
            c = j.real[i * _SLOTS + x]
            if (only >= 0 and c != only) or (y >= 0 and x != y):
                continue
            c2, d = _lift(j, s, x)
            qx = j.to_att(j.mwin(j.mine, s, -1, j.opc[s]))
            _drop(j, s, x, c2, d)
            v = value_with(j, s, qx)
            if v > top[0]:
                top = (v, c, s * _SLOTS + x)
                q = qx
    v, c, sx = top
    best = _NONE
    if c >= 0:
        s = sx // _SLOTS
        x = sx % _SLOTS
        best = (v, c, DISCARD)
        c2, d = _lift(j, s, x)
        m = _fits(j, c2, -1, s)
        for s2 in range(NTILES):
            if m >> s2 & 1:
                v = value_with(j, s, q, s2, j.to_att(j.mwin(j.mine, s2, c2, j.opc[s2])))
                if v > best[0]:
                    best = (v, c, s2)
        _drop(j, s, x, c2, d)
    yield best


def support(j, ndeck):
    """Support (the Attacker): two more turns, worth more the fewer are left; Hard's value
    sets the Judge up again on a deck two cards longer (search: 9 to 115 over the present
    value in 10 of Medium's positions, about 600 / the deck)."""
    return j.mine_value(j.p0) + 600 // (ndeck + 1)


def recruitment(j, disc, fit, only=-1):
    """Play a discarded card (disc, sorted) on a tile with room on our side: per tile the one
    that fits it best (value: two; only: that card, on every tile)."""
    me = j.me
    best = _NONE
    for s in range(NTILES):
        if not _room(j, s, me):
            continue
        i = s * 2 + me
        a = -1
        fa = -1
        for c in disc:
            if only >= 0 and c != only:
                continue
            f = 100 if c >= _FIRST else fit(j.shim, me, c, s)  # an elite troop fits anywhere
            if f > fa:
                a, fa = c, f
        if a < 0:
            continue
        sub = a
        if a >= _FIRST:
            sub = stand_in(j.board, i * _SLOTS, j.cnt[i], WALL[s * 2 + j.side[s]] & 15, a)
        v = value_with(j, s, add_odds(j, s, sub, j.opc[s]))
        if v > best[0]:
            best = (v, a, s)
    yield best
