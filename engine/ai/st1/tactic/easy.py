"""Easy for the tactic variant: one stone at a time, never the unseen cards; also the
fallback of every search (it allocates nothing but a few small ints given the move list).

Clan cards: the base game's Easy fit (engine.ai.st1.easy.fit). An elite troop counts as the
card that would fit best on its stone, less a little. Combat modes and ruses: a simple rule
each (a Mud Fight where the opponent is complete and we are not, a Blind-Man's Bluff where
our sum is higher; Banshee and Traitor on the opponent's strongest card of a stone where it
has two or more; Recruiter when the hand has no card that fits); Strategist is never played.
Steps: the opponent's highest card, the stone where the card fits best, a clan card drawn
unless we hold no tactic card (then one time in three), the weakest cards returned.
"""

from engine.ai.st1.easy import fit
from engine.st1.table import PASS, decode_play

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_NCLAN = const(54)
_JOKER2 = const(55)
_SHIELD = const(57)
_BLIND = const(58)
_MUD = const(59)
_RECRUITER = const(60)
_BANSHEE = const(62)
_TRAITOR = const(63)
_DRAW = const(587)
_STEP_CARD = const(589)
_STEP_STONE = const(653)
_PH_CLAIM = const(1)
_PH_DRAW = const(3)
_PH_ACTION = const(4)
_NONE = const(255)


def _top(v, p, s):
    """(strength, card) of the strongest card on p's side of s; (-1, -1) if none."""
    i = s * 2 + p
    bs = bc = -1
    for k in range(v.cnt[i]):
        c = v.board[i * 4 + k]
        x = 9 if c >= _NCLAN else c % 9
        if x > bs:
            bs, bc = x, c
    return bs, bc


def _sum(v, p, s):
    i = s * 2 + p
    t = 0
    for k in range(v.cnt[i]):
        c = v.board[i * 4 + k]
        t += 8 if c >= _NCLAN else c % 9 + 1
    return t


def _target(v, me, clan):
    """The opponent's strongest card on an unclaimed stone where it has two or more."""
    bv = -1
    bc = -1
    for s in range(9):
        if v.owner[s] or v.cnt[s * 2 + (me ^ 1)] < 2:
            continue
        i = s * 2 + (me ^ 1)
        for k in range(v.cnt[i]):
            c = v.board[i * 4 + k]
            if clan and c >= _NCLAN:
                continue
            x = 9 if c >= _NCLAN else c % 9
            if x > bv:
                bv, bc = x, c
    return bc


def _draw(v, rng):
    for c in v.hand:
        if _NCLAN <= c < _NONE:
            return _DRAW
    return _DRAW + 1 if rng.randrange(3) == 0 else _DRAW


def _step(v, rng, moves):
    me = v.me
    a = v.act
    if a == _RECRUITER:
        if v.left:
            return _draw(v, rng) if _DRAW + 1 in moves else moves[0]
        low = -1
        lv = 99
        for c in v.hand:
            if c == _NONE:
                continue
            x = 20 if c >= _NCLAN else c % 9
            if c <= _JOKER2 and c >= _NCLAN and v.jk >> me & 1:
                x = -1
            if x < lv:
                lv, low = x, c
        return _STEP_CARD + low
    if v.asel == _NONE:
        bv = -1
        best = moves[0]
        for mv in moves:
            c = mv - _STEP_CARD
            x = 9 if c >= _NCLAN else c % 9
            if x > bv:
                bv, best = x, mv
        return best
    c = v.asel
    best = moves[0]
    bv = -1
    for mv in moves:
        if mv < _STEP_STONE or mv >= _STEP_STONE + 9:
            continue
        x = fit(v, me, c, mv - _STEP_STONE) if c < _NCLAN else 10
        if x > bv:
            bv, best = x, mv
    return best


def choose_teasy(v, rng, moves=None):
    """One move for the player to move in view v (moves: the legal moves if known)."""
    if moves is None:
        moves = v.legal_moves()
    ph = v.phase
    if ph == _PH_CLAIM:
        return moves[0]  # claims are sorted before DONE
    if ph == _PH_DRAW:
        return _draw(v, rng)
    if ph == _PH_ACTION:
        return _step(v, rng, moves)
    me = v.me
    best = moves[0]
    bestv = -1
    clan = 0
    for mv in moves:
        if mv == PASS:
            continue
        c, s = decode_play(mv)
        if c < _NCLAN:
            clan = 1
            x = fit(v, me, c, s)
        elif c <= _SHIELD:
            x = 0
            for col in range(6):
                y = fit(v, me, col * 9 + (8 if c <= _JOKER2 else 6 if c < _SHIELD else 2), s)
                if y > x:
                    x = y
            x -= 6
        elif c == _MUD:
            n = v.need[s]
            x = 50 if v.cnt[s * 2 + (me ^ 1)] == n and v.cnt[s * 2 + me] < n else -1
        elif c == _BLIND:
            x = 40 if _sum(v, me, s) > _sum(v, me ^ 1, s) + 6 and v.cnt[s * 2 + me] >= 2 else -1
        elif c == _BANSHEE or c == _TRAITOR:
            x = 35 if _target(v, me, c != _BANSHEE) >= 0 else -1
        elif c == _RECRUITER:
            x = 6
        else:
            x = -1
        if x < 0:
            continue
        x = x * 4 + rng.randrange(12)
        if x > bestv:
            bestv = x
            best = mv
    if bestv < 0 and not clan and PASS in moves:
        return PASS
    return best
