"""Medium and Hard for the tactic variant: every decision is one move of the view's phase,
scored with the game value after it (engine.ai.st1t.tjudge) on the judge's scratch table.

- A card on a stone (clan card or elite troop): placed on the scratch, its stone re-scored;
  Hard (`full`) also scores every other stone without a clan card in our tables (the value
  of holding it back, as in the base game).
- A combat mode on a stone: the stone re-scored with the mode.
- A ruse: the best of its outcomes (Banshee: each target lifted; Traitor and Strategist:
  the 3 best lifts, each put on every stone it may go to, or discarded); Recruiter: the
  position plus `b.recruit`. The steps of a ruse being resolved are chosen again the same way.
- A tactic card played costs `b.tcost` plus `b.topt` * clan deck / 40 (its option value);
  `b.notac` never plays one (a yardstick).
- The deck: a tactic card while we hold fewer playable ones than `b.tdraw` and than the
  one-more-tactic rule may ever let us play (Hard: a Recruiter not counted); none while the
  clan deck exceeds 25.
- Recruiter's returns: the hand card worth least (a clan card: its best play's value; a
  Joker we may no longer play: nothing; another tactic card: kept).

Work is counted in `TJudge.units` (stone evaluations): the same view and budget give the
same move on every machine.
"""

from engine.ai.know import gvalue
from engine.st1.table import PASS, decode_play

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_ONE = const(1024)
_NCLAN = const(54)
_JOKER2 = const(55)
_SHIELD = const(57)
_BLIND = const(58)
_MUD = const(59)
_RECRUITER = const(60)
_STRATEGIST = const(61)
_BANSHEE = const(62)
_TRAITOR = const(63)
_DRAW = const(587)
_STEP_CARD = const(589)
_STEP_STONE = const(653)
_STEP_DISCARD = const(662)
_PH_DRAW = const(3)
_PH_ACTION = const(4)
_NONE = const(255)
_LOW = const(-8 * 1024)


def draw_choice(v, b, extra=0):
    """The deck to draw from (a DRAW move): tactic while we hold fewer than b.tdraw playable
    tactic cards (extra: tactic cards drawn this turn not yet in the hand). Hard does not
    count a Recruiter (almost never worth its one-more-tactic play: docs/AI.md, third pass)."""
    if not v.ntdeck:
        return _DRAW
    if not v.ndeck:
        return _DRAW + 1
    have = extra
    for c in v.hand:
        if _NCLAN <= c < _NONE and not (c <= _JOKER2 and v.jk >> v.me & 1):
            if c == _RECRUITER and b.full:
                continue  # Hard: it only trades itself for a clan card, so draw another
            have += 1
    # none above 25 clan cards; the rule: one more than the opponent's played and held
    if v.ndeck > 25 or have > v.tp[v.me ^ 1] + v.opp_tactics - v.tp[v.me]:
        return _DRAW
    return _DRAW + 1 if have < b.tdraw and not b.notac else _DRAW


def decide(v, moves, srch, b):
    """One move of the player to move in view v (not a claim step)."""
    j = srch.j
    me = v.me
    j.units = 0
    if v.phase == _PH_DRAW:
        return draw_choice(v, b)  # counts the hand's playable cards: no table needed
    if not b.full and v.phase == _PH_ACTION:
        from engine.ai.st1t.tmed import step

        return step(v, moves, b)
    known = v.opp_known
    j.setup(v, me, v.hand_of(me), v.opp_hand - v.opp_tactics, known)
    if v.phase == _PH_ACTION:
        return _step(v, moves, j, b)
    if not b.full:
        from engine.ai.st1t.tmed import play

        return play(v, moves, srch, b)
    return _play(v, moves, srch, j, b)


def _with(j, s, side):
    """The game value with stone s re-scored (others as in p0)."""
    pv = j.pv
    p0 = j.p0
    for i in range(9):
        pv[i] = p0[i]
    pv[s] = j.odds(s, side)
    return gvalue(pv, j.buf)


def _with2(j, s1, s2, side):
    pv = j.pv
    p0 = j.p0
    for i in range(9):
        pv[i] = p0[i]
    pv[s1] = j.odds(s1, side)
    if s2 != s1:
        pv[s2] = j.odds(s2, side)
    return gvalue(pv, j.buf)


def _card_value(j, me, c, s, side, pc):
    """Game value after our card c on stone s (pc: the other stones' chances)."""
    t = j.t
    pub = t.public[c]
    j.place(me, c, s)
    if t.cnt[s * 2 + me] == t.need[s] and j.holds(s, me):
        v = 2 * _ONE if j.wins_with(s) else -1
        if v < 0:
            for i in range(9):
                j.pv[i] = pc[i]
            j.pv[s] = _ONE
            v = gvalue(j.pv, j.buf)
    else:
        for i in range(9):
            j.pv[i] = pc[i]
        j.pv[s] = j.odds(s, side)
        v = gvalue(j.pv, j.buf)
    j.unplace(me, s, pub)
    return v


def _lift_best(j, p, s_cards, side, keep):
    """The `keep` best single lifts of p's cards (value after each): fills keep-long lists."""
    t = j.t
    top_v = [_LOW] * keep
    top_c = [-1] * keep
    for s in range(9):
        if t.owner[s]:
            continue
        i = s * 2 + p
        for k in range(t.cnt[i]):
            c = t.board[i * 4 + k]
            if s_cards and c >= _NCLAN:
                continue
            cd = j.lift(p, s, k)
            v = _with(j, s, side)
            j.unlift(p, s, k, cd)
            r = keep - 1
            if v > top_v[r] or (v == top_v[r] and top_c[r] >= 0 and c < top_c[r]):
                while r > 0 and (v > top_v[r - 1]):
                    top_v[r] = top_v[r - 1]
                    top_c[r] = top_c[r - 1]
                    r -= 1
                top_v[r] = v
                top_c[r] = c
    return top_v, top_c


def _where(t, c):
    for s in range(9):
        for side in (0, 1):
            i = s * 2 + side
            for k in range(t.cnt[i]):
                if t.board[i * 4 + k] == c:
                    return s, side, k
    return None


def _move_value(j, c, a, me):
    """(best value, best destination: a stone or -1 to discard) of moving card c with ruse a
    (Traitor: to our side; Strategist: our card to another stone, or discarded)."""
    t = j.t
    s, side, k = _where(t, c)
    cd = j.lift(side, s, k)
    bv = _LOW
    bd = -1
    if a == _STRATEGIST:
        bv = _with(j, s, j.mine)
    for d in range(9):
        if t.owner[d] or t.cnt[d * 2 + me] >= t.need[d] or (a == _STRATEGIST and d == s):
            continue
        j.place(me, c, d)
        if t.cnt[d * 2 + me] == t.need[d] and j.holds(d, me) and j.wins_with(d):
            v = 2 * _ONE
        else:
            v = _with2(j, s, d, j.mine)
        j.unplace(me, d, 1)
        if v > bv:
            bv = v
            bd = d
    j.unlift(side, s, k, cd)
    return bv, bd


def _ruse_value(j, a, me, v0, b):
    """(value, card, destination) of ruse a played now."""
    if a == _RECRUITER:
        return v0 + b.recruit, -1, -1
    if a == _BANSHEE:
        tv, tc = _lift_best(j, me ^ 1, False, j.mine, 1)
        return tv[0], tc[0], -1
    opp = a == _TRAITOR
    tv, tc = _lift_best(j, me ^ 1 if opp else me, opp, j.mine, 3)
    bv = _LOW
    bc = bd = -1
    for i in range(3):
        c = tc[i]
        if c < 0:
            continue
        v, d = _move_value(j, c, a, me)
        if v > bv:
            bv, bc, bd = v, c, d
    return bv, bc, bd


def _play(v, moves, srch, j, b):
    me = v.me
    t = j.t
    p0 = j.base()
    v0 = gvalue(p0, j.buf)
    pc = srch.pc
    tmp = j.tmp
    best = -1
    bestv = _LOW
    last = -1
    side = j.mine
    for i in range(len(p0)):
        pc[i] = p0[i]
    tcost = b.tcost + b.topt * v.ndeck // 40
    for mv in moves:
        if mv == PASS:
            val = v0 - 1
        else:
            c, s = decode_play(mv)
            if c >= _NCLAN and b.notac:
                continue
            if c < _NCLAN:
                if c != last:
                    last = c
                    if j.tick is not None:
                        j.tick()
                    if b.full:
                        tmp.copy_from(j.mine, c)
                        side = tmp
                        for k in range(9):
                            pc[k] = p0[k] if t.owner[k] or t.cnt[k * 2 + me] >= t.need[k] else j.odds(k, tmp)
                    else:
                        side = j.mine
                val = _card_value(j, me, c, s, side, pc)
            elif c <= _SHIELD:
                val = _card_value(j, me, c, s, j.mine, p0) - tcost
            elif c <= _MUD:
                old = j.set_mode(s, 1 if c == _BLIND else 2)
                val = _with(j, s, j.mine) - tcost
                j.unset_mode(s, old)
            else:
                val = _ruse_value(j, c, me, v0, b)[0] - tcost
        if srch.vals is not None:
            srch.vals.append(val)
        if val > bestv:
            bestv = val
            best = mv
        srch.best = best
    srch.bestv = bestv
    return best if best >= 0 else moves[0]


def _step(v, moves, j, b):
    """A ruse's next step: the deck, the card to return, the card to take, where it goes."""
    me = v.me
    a = v.act
    if a == _RECRUITER and v.left:
        return draw_choice(v, b)  # the cards drawn so far are in the hand
    j.base()
    if a == _RECRUITER:
        return _STEP_CARD + _worst(v, j, me)
    if v.asel == _NONE:
        c = _ruse_value(j, a, me, 0, b)[1]
        mv = _STEP_CARD + c
        return mv if mv in moves else moves[0]
    val, d = _move_value(j, v.asel, a, me)
    mv = _STEP_DISCARD if d < 0 else _STEP_STONE + d
    return mv if mv in moves else moves[0]


def _worst(v, j, me):
    """The hand card worth least to keep (Recruiter's returns)."""
    t = j.t
    worst = -1
    wv = 0
    for c in v.hand_of(me):
        if c >= _NCLAN:
            val = -4 * _ONE if c <= _JOKER2 and v.jk >> me & 1 else 4 * _ONE
        else:
            val = _LOW
            for s in range(9):
                if t.owner[s] or t.cnt[s * 2 + me] >= t.need[s]:
                    continue
                x = _card_value(j, me, c, s, j.mine, j.p0)
                if x > val:
                    val = x
        if worst < 0 or val < wv:
            worst = c
            wv = val
    return worst
