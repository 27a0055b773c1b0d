"""The tactic value model of Schotten Totten 2's tactic variant (docs/AI.md): what each tactic
card changes on the table, judged by the base game's Judge (engine.ai.st2.judge) set up on the
Shim (elite troops stood in for). Each card's function (elite .. recruitment) is a generator
(engine.ai.st2.tactic.search: its frame on the heap, off the board's 2 KB Python stack) whose one
value is (value, card, tile): our game value after the card's best use (in ONE units, WIN: a
declaration then wins the game), the card its first step takes (or the elite troop itself)
and the tile of its last step (-1: none; DISCARD: Redeployment's discard). The Judge's tables
and tile chances (p0) must be set up first; every change to its arrays is undone before
returning.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st2.judge import WIN
from engine.ai.st2.know import ONE
from engine.ai.st2.tactic.shim import stand_in
from engine.st2.cards import NTILES, WALL

_SLOTS = const(4)
_FIRST = const(60)
DISCARD = const(7)  # Redeployment's discard, as a tile
_NONE = (-WIN * 2, -1, -1)


def _room(j, s, p):
    return j.cnt[s * 2 + p] < WALL[s * 2 + j.side[s]] >> 4


def value_with(j, s, q, s2=-1, q2=0):
    """Our game value with tile s's chance q (and tile s2's q2), the others as in p0."""
    if q > ONE or q2 > ONE:
        return WIN
    pv = j.pv
    p0 = j.p0
    for x in range(NTILES):
        pv[x] = p0[x]
    pv[s] = q
    if s2 >= 0:
        pv[s2] = q2
    return j.mine_value(pv)


def add_odds(j, s, c, olist):
    """P(the Attacker wins tile s) after siege card c (or a stand-in) joins our side, the
    opponent's formations olist; ONE + 1 if the Attacker's declaration then holds and wins
    the game, ONE if it holds."""
    if j.att and next(j.proven(s, c)):
        return ONE + 1 if j.side[s] or j.damaged() >= 3 else ONE
    return j.to_att(j.mwin(j.mine, s, c, olist))


def elite(j, e):
    """An elite troop e at each tile with room on our side."""
    best = _NONE
    me = j.me
    for s in range(NTILES):
        if not _room(j, s, me):
            continue
        i = s * 2 + me
        c = stand_in(j.board, i * _SLOTS, j.cnt[i], WALL[s * 2 + j.side[s]] & 15, e)
        v = value_with(j, s, add_odds(j, s, c, j.opc[s]))
        if v > best[0]:
            best = (v, e, s)
    yield best


def _without_opp(j, s, x):
    """P(Attacker wins tile s) without the opponent's card at slot x there (in j.ol)."""
    op = j.me ^ 1
    i = s * 2 + op
    d = j.done[i]
    j.done[i] = 0
    lst = j.ol
    j.opp_cands(s, op, x, lst)
    q = j.to_att(j.mwin(j.mine, s, -1, lst))
    j.done[i] = d
    return q


def desertion(j, only=-1):
    """Discard one of the opponent's cards (only: that card)."""
    best = _NONE
    op = j.me ^ 1
    for s in range(NTILES):
        i = s * 2 + op
        for x in range(j.cnt[i]):
            c = j.real[i * _SLOTS + x]
            if only >= 0 and c != only:
                continue
            v = value_with(j, s, _without_opp(j, s, x))
            if v > best[0]:
                best = (v, c, s)
    yield best


def treason(j, only=-1):
    """Take one of the opponent's cards to a tile with room on our side: the two removals
    that help us most, each put on every such tile (only: that card)."""
    op = j.me ^ 1
    me = j.me
    top = [_NONE, _NONE]
    for s in range(NTILES):
        i = s * 2 + op
        for x in range(j.cnt[i]):
            c = j.real[i * _SLOTS + x]
            if only >= 0 and c != only:
                continue
            v = value_with(j, s, _without_opp(j, s, x))
            if v > top[1][0]:
                top[1] = (v, c, s * _SLOTS + x)
                if v > top[0][0]:
                    top[0], top[1] = top[1], top[0]
    best = _NONE
    for _v0, c, sx in top:
        if c < 0:
            continue
        s = sx // _SLOTS
        x = sx % _SLOTS
        q0 = _without_opp(j, s, x)  # the opponent's list without it is in j.ol
        sub = j.board[(s * 2 + op) * _SLOTS + x]  # a stand-in if an elite troop
        for s2 in range(NTILES):
            if not _room(j, s2, me):
                continue
            if s2 == s:
                v = value_with(j, s, add_odds(j, s, sub, j.ol))
            else:
                v = value_with(j, s, q0, s2, add_odds(j, s2, sub, j.opc[s2]))
            if v > best[0]:
                best = (v, c, s2)
    yield best


def explosion(j):
    """Discard both sides of a tile."""
    best = _NONE
    op = j.me ^ 1
    cnt = j.cnt
    done = j.done
    got = {}  # an emptied tile's chance depends on its wall side only: one per side
    for s in range(NTILES):
        if not cnt[s * 2] and not cnt[s * 2 + 1]:
            got[WALL[s * 2 + j.side[s]]] = j.p0[s]
    for s in range(NTILES):
        i = s * 2
        if not cnt[i] and not cnt[i + 1]:
            continue
        w = WALL[i + j.side[s]]
        q = got.get(w, -1)
        if q < 0:
            k0, k1, d0, d1 = cnt[i], cnt[i + 1], done[i], done[i + 1]
            cnt[i] = cnt[i + 1] = done[i] = done[i + 1] = 0
            lst = j.ol
            j.opp_cands(s, op, -1, lst)
            q = got[w] = j.to_att(j.mwin(j.mine, s, -1, lst))
            cnt[i], cnt[i + 1], done[i], done[i + 1] = k0, k1, d0, d1
        v = value_with(j, s, q)
        if v > best[0]:
            best = (v, -1, s)
    yield best


def _lift(j, s, x):
    """Take our card at slot x of tile s off the Judge's board; returns what restores it."""
    i = s * 2 + j.me
    o = i * _SLOTS
    b = j.board
    k = j.cnt[i]
    c = b[o + x]
    for y in range(x, k - 1):
        b[o + y] = b[o + y + 1]
    j.cnt[i] = k - 1
    d = j.done[i]
    j.done[i] = 0
    return c, d


def _drop(j, s, x, c, d):
    i = s * 2 + j.me
    o = i * _SLOTS
    b = j.board
    k = j.cnt[i] + 1
    for y in range(k - 1, x, -1):
        b[o + y] = b[o + y - 1]
    b[o + x] = c
    j.cnt[i] = k
    j.done[i] = d


def redeployment(j, only=-1):
    """Move one of our cards to another tile with room, or discard it: the three removals
    that cost least, each discarded or moved to every such tile (only: that card)."""
    me = j.me
    top = [_NONE, _NONE, _NONE]
    for s in range(NTILES):
        i = s * 2 + me
        for x in range(j.cnt[i]):
            c = j.real[i * _SLOTS + x]
            if only >= 0 and c != only:
                continue
            c2, d = _lift(j, s, x)
            q = j.to_att(j.mwin(j.mine, s, -1, j.opc[s]))
            _drop(j, s, x, c2, d)
            v = value_with(j, s, q)
            e = (v, c, s * _SLOTS + x, q)
            for y in range(3):
                if v > top[y][0]:
                    top.insert(y, e)
                    top.pop()
                    break
    best = _NONE
    for e in top:
        if e[1] < 0:
            continue
        v, c, sx, q = e
        s = sx // _SLOTS
        x = sx % _SLOTS
        if v > best[0]:
            best = (v, c, DISCARD)
        c2, d = _lift(j, s, x)
        for s2 in range(NTILES):
            if s2 != s and _room(j, s2, me):
                v = value_with(j, s, q, s2, j.to_att(j.mwin(j.mine, s2, c2, j.opc[s2])))
                if v > best[0]:
                    best = (v, c, s2)
        _drop(j, s, x, c2, d)
    yield best


def recruitment(j, disc, fit, only=-1):
    """Play a discarded card (siege card or elite troop; disc: the list, sorted) on a tile
    with room on our side: per tile, the two discarded cards that fit it best (fit: Easy's
    fit(table, p, card, tile) on the Shim) are tried (only: that card, on every tile)."""
    me = j.me
    best = _NONE
    sh = j.shim
    for s in range(NTILES):
        if not _room(j, s, me):
            continue
        i = s * 2 + me
        a = b = -1
        fa = fb = -1
        for c in disc:
            if only >= 0 and c != only:
                continue
            if c >= _FIRST:
                f = 100  # an elite troop fits anywhere
            else:
                f = fit(sh, me, c, s)
            if f > fa:
                b, fb = a, fa
                a, fa = c, f
            elif f > fb:
                b, fb = c, f
        for c in (a, b):
            if c < 0:
                continue
            sub = c
            if c >= _FIRST:
                sub = stand_in(j.board, i * _SLOTS, j.cnt[i], WALL[s * 2 + j.side[s]] & 15, c)
            v = value_with(j, s, add_odds(j, s, sub, j.opc[s]))
            if v > best[0]:
                best = (v, c, s)
    yield best


def card_worth(j, c):
    """What siege card c in hand can do: the best of our game values after it joins a tile
    with room on our side (the shared tables)."""
    best = -WIN * 2
    me = j.me
    for s in range(NTILES):
        if _room(j, s, me):
            v = value_with(j, s, add_odds(j, s, c, j.opc[s]))
            if v > best:
                best = v
    return best
