"""Hard for the tactic variant, and the parts Medium shares (Medium's decisions are
engine.ai.st1.tactic.medium's): every decision is one move of the view's phase, scored with
the game value after it (engine.ai.st1.tactic.judge) on the judge's scratch table.

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

Python stack (2 KB on the board, where the claim proofs under `TJudge.odds` take a good part
of it): what runs once a decision, a move or a lift (the decision, each kind of move's search,
a card's value, a ruse's lifts) is a generator whose one value next() takes. A generator's
frame lives on the heap, so only the judge's per-stone work (odds, proofs, formation lists)
stacks up under the caller.
"""

from engine.ai.st1.know import gvalue
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
    count a Recruiter (almost never worth its one-more-tactic play: measured in the tuning that git history keeps)."""
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
    return next(decision(v, moves, srch, b))


def decision(v, moves, srch, b):
    """decide's work: a generator, its one value the move (see the module docstring)."""
    j = srch.j
    j.units = 0
    ph = v.phase
    if ph == _PH_DRAW:
        mv = draw_choice(v, b)  # counts the hand's playable cards: no table needed
    else:
        me = v.me
        j.setup(v, me, v.hand_of(me), v.opp_hand - v.opp_tactics, v.opp_known)
        if ph == _PH_ACTION:
            mv = next(_step(v, moves, j, b))
        else:
            mv = next(_play(v, moves, srch, j, b))
    yield mv


def card_value(j, me, c, s, side, pc):
    """Game value after our card c on stone s (pc: the other stones' chances), 2 ONE if its
    claim wins the game; a generator. odds asks our claim's proof first: a proven side is
    ONE there, so the proof is asked again only for a game won."""
    t = j.t
    pub = t.public[c]
    j.place(me, c, s)
    pv = j.pv
    for i in range(9):
        pv[i] = pc[i]
    x = j.odds(s, side)
    if x == _ONE and t.cnt[s * 2 + me] == t.need[s] and j.wins_with(s) and j.holds(s, me):
        x = 2 * _ONE
    else:
        pv[s] = x
        x = gvalue(pv, j.buf)
    j.unplace(me, s, pub)
    yield x


def with_odds(j, s, s2, side):
    """The game value with stone s (and s2, if not -1 nor s) re-scored, the others as in p0; a
    generator."""
    pv = j.pv
    p0 = j.p0
    for i in range(9):
        pv[i] = p0[i]
    pv[s] = j.odds(s, side)
    if s2 >= 0 and s2 != s:
        pv[s2] = j.odds(s2, side)
    yield gvalue(pv, j.buf)


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
            v = next(with_odds(j, s, -1, side))
            j.unlift(p, s, k, cd)
            r = keep - 1
            if v > top_v[r] or (v == top_v[r] and top_c[r] >= 0 and c < top_c[r]):
                while r > 0 and (v > top_v[r - 1]):
                    top_v[r] = top_v[r - 1]
                    top_c[r] = top_c[r - 1]
                    r -= 1
                top_v[r] = v
                top_c[r] = c
    yield top_v, top_c


def _move_value(j, c, a, me):
    """(best value, best destination: a stone or -1 to discard) of moving card c with ruse a
    (Traitor: to our side; Strategist: our card to another stone, or discarded)."""
    t = j.t
    s, side, k = t.find(c)
    cd = j.lift(side, s, k)
    bv = _LOW
    bd = -1
    if a == _STRATEGIST:
        bv = next(with_odds(j, s, -1, j.mine))
    for d in range(9):
        if t.owner[d] or t.cnt[d * 2 + me] >= t.need[d] or (a == _STRATEGIST and d == s):
            continue
        j.place(me, c, d)
        if t.cnt[d * 2 + me] == t.need[d] and j.holds(d, me) and j.wins_with(d):
            v = 2 * _ONE
        else:
            v = next(with_odds(j, s, d, j.mine))
        j.unplace(me, d, 1)
        if v > bv:
            bv = v
            bd = d
    j.unlift(side, s, k, cd)
    yield bv, bd


def _ruse_value(j, a, me, v0, b):
    """(value, card, destination) of ruse a played now."""
    if a == _RECRUITER:
        yield v0 + b.recruit, -1, -1
    elif a == _BANSHEE:
        tv, tc = next(_lift_best(j, me ^ 1, False, j.mine, 1))
        yield tv[0], tc[0], -1
    else:
        opp = a == _TRAITOR
        tv, tc = next(_lift_best(j, me ^ 1 if opp else me, opp, j.mine, 3))
        bv = _LOW
        bc = bd = -1
        for i in range(3):
            c = tc[i]
            if c < 0:
                continue
            v, d = next(_move_value(j, c, a, me))
            if v > bv:
                bv, bc, bd = v, c, d
        yield bv, bc, bd


def _play(v, moves, srch, j, b):
    """Hard's card step (decision: b.full)."""
    me = v.me
    t = j.t
    p0 = next(j.base())
    v0 = gvalue(p0, j.buf)
    pc = srch.pc
    tmp = j.tmp
    best = -1
    bestv = _LOW
    last = -1
    for i in range(9):
        pc[i] = p0[i]
    tcost = b.tcost + b.topt * v.ndeck // 40
    if b.ahead and v0 >= b.ahead:
        tcost = -b.tbonus
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
                    tmp.copy_from(j.mine, c)  # the value of holding c back
                    for k in range(9):
                        pc[k] = p0[k] if t.owner[k] or t.cnt[k * 2 + me] >= t.need[k] else j.odds(k, tmp)
                val = next(card_value(j, me, c, s, tmp, pc))
            elif c <= _SHIELD:
                val = next(card_value(j, me, c, s, j.mine, p0)) - tcost
            elif c <= _MUD:
                old = j.set_mode(s, 1 if c == _BLIND else 2)
                val = next(with_odds(j, s, -1, j.mine)) - tcost
                j.unset_mode(s, old)
            else:
                val = next(_ruse_value(j, c, me, v0, b))[0] - tcost
        if srch.vals is not None:
            srch.vals.append(val)
        if val > bestv:
            bestv = val
            best = mv
        srch.best = best
    srch.bestv = bestv
    yield best if best >= 0 else moves[0]


def _step(v, moves, j, b):
    """A ruse's next step: the deck, the card to return, the card to take, where it goes."""
    me = v.me
    a = v.act
    if a == _RECRUITER and v.left:
        mv = draw_choice(v, b)  # the cards drawn so far are in the hand
    elif a == _RECRUITER:
        next(j.base())
        mv = _STEP_CARD + next(_worst(v, j, me))
    else:
        next(j.base())
        if v.asel == _NONE:
            mv = _STEP_CARD + next(_ruse_value(j, a, me, 0, b))[1]
        else:
            d = next(_move_value(j, v.asel, a, me))[1]
            mv = _STEP_DISCARD if d < 0 else _STEP_STONE + d
        if mv not in moves:
            mv = moves[0]
    yield mv


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
                x = next(card_value(j, me, c, s, j.mine, j.p0))
                if x > val:
                    val = x
        if worst < 0 or val < wv:
            worst = c
            wv = val
    yield worst
