"""Medium for the tactic variant: search's value of a move (the game value after it, each
card judged on its own stone with the shared tables), asked of fewer moves and with the
cheaper parts only, so that a decision costs about a fifth of Hard's (docs/AI.md, tactic
variant, "A cheaper Medium").

- Clan cards, stone by stone: on a side of ours that is empty every card (its formation
  lists are shared by the stones: engine.ai.st1.tactic.know.TSide.memo), else the two that fit
  best (engine.ai.st1.easy.fit); on a stone already lost the weakest, thrown away. The claim
  proofs are the stone's as things stand (asked once, in `base`), but for a side we complete.
  The game value rises with each stone's chance: it is asked once a stone, of its best card.
- Elite troops: on the two stones where their clan stand-in fits best (Easy's measure).
- Combat modes: on stones where the opponent has two cards or more and we have one.
- Banshee and Traitor: Easy's target (the opponent's strongest card where it has two or
  more), Traitor's card put where it fits best; Recruiter as Hard's; never Strategist.
- A ruse's steps: the same target and stone; Recruiter's draws as Hard's, its returns Easy's.
"""

from engine.ai.st1.easy import fit
from engine.ai.st1.know import gvalue
from engine.ai.st1.tactic.easy import _step as easy_step
from engine.ai.st1.tactic.easy import _target
from engine.ai.st1.tactic.search import card_value, draw_choice, with_odds
from engine.st1.table import PASS, decode_play, encode_play

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_ONE = const(1024)
_NCLAN = const(54)
_JOKER2 = const(55)
_SPY = const(56)
_SHIELD = const(57)
_BLIND = const(58)
_MUD = const(59)
_RECRUITER = const(60)
_BANSHEE = const(62)
_TRAITOR = const(63)
_STEP_CARD = const(589)
_NONE = const(255)
_LOW = const(-8 * 1024)
_PH_DRAW = const(3)
_PH_ACTION = const(4)


def decision(v, moves, srch, b):
    """Medium's move in view v (engine.ai.st1.tactic.choose sends a budget without `full`
    here, Hard's to engine.ai.st1.tactic.search.decision): a generator, its one value the
    move. The deck as Hard chooses it; a ruse's steps (`step`) and a play (`play`) Medium's."""
    srch.j.units = 0
    ph = v.phase
    if ph == _PH_DRAW:
        mv = draw_choice(v, b)  # counts the hand's playable cards: no table needed
    elif ph == _PH_ACTION:
        mv = step(v, moves, b)
    else:
        me = v.me
        srch.j.setup(v, me, v.hand_of(me), v.opp_hand - v.opp_tactics, v.opp_known)
        mv = next(play(v, moves, srch, b))
    yield mv


def step(v, moves, b):
    """A ruse's next step (phase PH_ACTION): no table needed."""
    a = v.act
    if a == _RECRUITER and v.left:
        return draw_choice(v, b)
    if a != _RECRUITER and v.asel == _NONE:
        mv = _STEP_CARD + _target(v, v.me, a == _TRAITOR)
        if mv in moves:
            return mv
    return easy_step(v, None, moves)


def _dest(v, me, c):
    """The stone with room on our side where clan card c fits best (-1: none)."""
    bd = -1
    bf = -1
    for d in range(9):
        if v.owner[d] or v.cnt[d * 2 + me] >= v.need[d]:
            continue
        f = fit(v, me, c, d)
        if f > bf:
            bf, bd = f, d
    return bd


def _ruse(j, v, a, me):
    """The value of Banshee or Traitor played now on Easy's target (_LOW: none); a generator
    (engine.ai.st1.tactic.search, Python stack)."""
    c = _target(v, me, a == _TRAITOR)
    if c < 0:
        val = _LOW
    else:
        t = j.t
        s, side, k = t.find(c)
        cd = j.lift(side, s, k)
        if a == _BANSHEE:
            val = next(with_odds(j, s, -1, j.mine))
        else:
            d = _dest(v, me, c)
            j.place(me, c, d)
            if t.cnt[d * 2 + me] == t.need[d] and j.holds(d, me) and j.wins_with(d):
                val = 2 * _ONE
            else:
                val = next(with_odds(j, s, d, j.mine))
            j.unplace(me, d, 1)
        j.unlift(side, s, k, cd)
    yield val


def _stand_in(v, me, c, s):
    """How well elite c fits stone s: its best clan stand-in's fit (Easy's, the 9, 7 or 3
    of the side's colour: no other colour fits better)."""
    i = s * 2 + me
    col = 0
    for k in range(v.cnt[i]):
        d = v.board[i * 4 + k]
        if d < _NCLAN:
            col = d // 9
            break
    return fit(v, me, col * 9 + (8 if c <= _JOKER2 else 6 if c == _SPY else 2), s)


def play(v, moves, srch, b):
    """A card (or a pass) for the card step of view v; a generator (its one value: the move)."""
    j = srch.j
    me = v.me
    t = j.t
    p0 = next(j.base())
    v0 = gvalue(p0, j.buf)
    hand = v.hand_of(me)
    best = -1
    bestv = _LOW
    pv = j.pv
    fe = {}  # a card's chance on a stone empty on both sides: the same on each of them
    for s in range(9):
        if t.owner[s] or t.cnt[s * 2 + me] >= t.need[s]:
            continue
        # The candidates: on an empty side every clan card, else the two that fit best; on
        # a stone already lost the weakest (f: fit, 99 for every card).
        k = t.cnt[s * 2 + me]
        e = not (k or t.cnt[s * 2 + 1 - me] or t.mode[s])
        c1 = c2 = -1
        f1 = f2 = -1
        bo = -1
        mv = -1
        for c in hand:
            if c >= _NCLAN:
                break  # the hand is sorted: tactic cards last
            if not p0[s]:
                f = 9 - c % 9
            elif k:
                f = fit(v, me, c, s)
            else:
                f = 99
            if f > f1 or f == 99:
                c2, f2 = c1, f1
                c1, f1 = c, f
            elif f > f2:
                c2, f2 = c, f
            else:
                continue
            if f < 99:
                continue
            x = next(_odds_with(j, me, c, s, fe if e else None))
            if x > bo:
                bo, mv = x, c
        if c1 < 0:
            continue
        if not p0[s]:
            mv = c1
            val = v0
        else:
            if k:
                for c in (c1, c2):
                    if c >= 0:
                        x = next(_odds_with(j, me, c, s, None))
                        if x > bo:
                            bo, mv = x, c
            if bo > _ONE:
                val = 2 * _ONE
            elif bo <= p0[s] and bestv >= v0:
                continue  # the game value is monotone in each stone's chance: at most v0
            else:
                for i in range(9):
                    pv[i] = p0[i]
                pv[s] = bo
                val = gvalue(pv, j.buf)
        mv = encode_play(mv, s)
        if val > bestv or (val == bestv and mv < best):
            bestv = val
            best = mv
            srch.best = best
    if best < 0 and moves[-1] == PASS:  # no clan card may be played
        bestv = v0 - 1
        best = PASS
    tcost = b.tcost + b.topt * v.ndeck // 40
    if b.ahead and v0 >= b.ahead:
        tcost = -b.tbonus
    last = -1
    i = len(moves)
    while i and moves[i - 1] >= _NCLAN * 9 and not b.notac:
        i -= 1  # the tactic moves (and PASS) come last
    for mv in moves[i:]:
        if mv == PASS:
            continue
        c, s = decode_play(mv)
        val = _LOW
        if c <= _SHIELD:
            if c != last:
                last = c
                s1 = s2 = -1
                f1 = f2 = -1
                for d in range(9):
                    if t.owner[d] or t.cnt[d * 2 + me] >= t.need[d] or not p0[d]:
                        continue
                    f = _stand_in(v, me, c, d)
                    if f > f1:
                        s2, f2 = s1, f1
                        s1, f1 = d, f
                    elif f > f2:
                        s2, f2 = d, f
            if s == s1 or s == s2:
                val = next(card_value(j, me, c, s, j.mine, p0)) - tcost
        elif c <= _MUD:
            if t.cnt[s * 2 + 1 - me] >= 2 and t.cnt[s * 2 + me]:
                old = j.set_mode(s, 1 if c == _BLIND else 2)
                val = next(with_odds(j, s, -1, j.mine)) - tcost
                j.unset_mode(s, old)
        elif c == _RECRUITER:
            val = v0 + b.recruit - tcost
        elif c == _BANSHEE or c == _TRAITOR:
            val = next(_ruse(j, v, c, me))
            if val > _LOW:
                val -= tcost
        if val > bestv:
            bestv = val
            best = mv
            srch.best = best
    yield best if best >= 0 else moves[0]


def _odds_with(j, me, c, s, fe):
    """Our chance of stone s with clan card c on it (3 * ONE: its claim wins the game);
    fe: the chances on stones empty on both sides, by card (None: not such a stone). A
    generator (engine.ai.st1.tactic.search, Python stack)."""
    if fe is not None and c in fe:
        x = fe[c]
    else:
        t = j.t
        pub = t.public[c]
        j.place(me, c, s)
        if t.cnt[s * 2 + me] == t.need[s] and j.holds(s, me):
            x = 3 * _ONE if j.wins_with(s) else _ONE
        else:
            x = j.odds(s, j.mine, False)  # the stone's proofs were asked in base
        j.unplace(me, s, pub)
        if fe is not None:
            fe[c] = x
    yield x
