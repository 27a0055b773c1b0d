"""Medium and Hard for Schotten Totten 2's tactic variant, both roles: the base game's search
(engine.ai.st2.search: declarations, the Attacker's retreats, the Defender's cauldrons, the
best siege card) on the Shim, then the tactic value model (engine.ai.st2.tactic.value) for each
tactic card in hand: a tactic card is played when its value less its option price (`tcost`
for the Defender, `aopt` for the Attacker, times the share of the siege deck left) beats the
best siege card's. Every step of an action card is decided again the same way on the new view
(the card its best use takes, then that use's tile), the Exchange's cards (in either
player's step) are the ones worth least, Support's the two strongest (the Attacker's). The
deck to draw from: `draw`. Work is counted in the Judge's units, as in the base game.

Python stack (2 KB on the board): the decision, a step, the tactic cards' values and the
value model's functions (engine.ai.st2.tactic.value, medium) are generators whose one value next()
takes, as the base game's search (engine.ai.st2.search): their frames live on the heap, so
only the Judge's per-tile work stacks up under the caller.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st2.easy import fit
from engine.ai.st2.judge import WIN
from engine.ai.st2.search import hard
from engine.ai.st2.tactic import value as tvalue
from engine.ai.st2.tactic.shim import siege_hand, tactic_in_hand
from engine.st2.game import KIND_CAULDRON, KIND_DRAW, KIND_PLAY, KIND_RETREAT, KIND_STEP, encode, kind
from engine.st2.moves import ATTACKER, PASS, decode_play, encode_play

_PH_DRAW = const(3)
_PH_ACTION = const(4)
_FIRST = const(60)
_ACTIONS = const(64)
_REDEPLOYMENT = const(64)
_RECRUITMENT = const(65)
_DESERTION = const(66)
_TREASON = const(67)
_EXPLOSION = const(68)
_SUPPORT = const(69)
_EXCHANGE = const(70)
_EXCH = const(30)  # the Exchange's cost beside tcost: three known cards for three unknown
_DS = encode(KIND_DRAW, -1, -1, 0)  # the siege deck
_DT = encode(KIND_DRAW, -1, -1, 1)  # the tactic deck


class TSearch:
    """Every buffer a decision needs, made once: the base game's Search (its Judge) and the
    Shim it reads the table through."""

    GAME = 2

    def __init__(self):
        from engine.ai.st2.search import Search
        from engine.ai.st2.tactic.shim import Shim

        self.s = Search()
        self.j = self.s.j
        self.sh = Shim()
        self.j.shim = self.sh
        self.j.real = None  # the table's real board (elite troops' ids), for the steps
        self.j.med = False  # Medium's decision (decide): a cheaper tactic value model
        self.best = -1


def setup(v, ts):
    """Set the Judge up on view v (through the Shim) and its tile chances."""
    sh = ts.sh.load(v)
    j = ts.j
    j.real = v.board
    j.setup(sh, v.me, siege_hand(v, v.me), v.opp_hand - v.opp_tac)
    return j


def draw(v, b):
    """The deck to draw from. The siege deck empty: the Defender draws from it (the game ends,
    it wins), the Attacker from the tactic deck (the game goes on). Never a tactic card for
    `notac`. The Defender: one tactic card (holding none, at least three siege cards, allowed
    to play it) once the siege deck holds `ddraw` or fewer, an odd count: then the Attacker's
    turns left are the same either way (docs/AI.md). The Attacker: once the siege deck holds
    `tlate` or fewer, a tactic card while it holds at least four siege cards (two such draws
    are a turn more); otherwise one while it holds fewer than `tdraw` tactic cards and at least
    three siege cards (Hard: only while it may play one)."""
    me = v.me
    n = v.ndeck
    if not n:
        return _DT if me == 0 else _DS
    if b.notac:
        return _DS
    nt = tactic_in_hand(v, me)
    ns = len(v.hand_of(me)) - nt
    if me:
        if not nt and n & 1 and n <= b.ddraw and ns >= 3 and v.may_tactic(me):
            return _DT
        return _DS
    if n <= b.tlate and ns >= 4:
        return _DT
    if nt < b.tdraw and ns >= 3 and (not b.full or v.may_tactic(me)):
        return _DT
    return _DS


def _model(j):
    """The tactic value model: value, or Medium's engine.ai.st2.tactic.medium (on fewer tiles)."""
    if j.med:
        from engine.ai.st2.tactic import medium

        return medium
    return tvalue


def tactic_value(v, j, c, ts):
    """(value, move) of playing tactic card c now (elite troops: at their best tile); a
    generator, its one value that."""
    tv = _model(j)
    mv = encode(KIND_PLAY, c)
    if c < _ACTIONS:
        r = next(tv.elite(j, c))
        val = r[0]
        mv = encode_play(c, r[2]) if r[2] >= 0 else -1
    elif not v.playable(c, v.me) or (c == _SUPPORT and v.me):
        # Support for the Defender: two more siege cards, more turns for the Attacker
        val = -WIN * 2
        mv = -1
    elif c == _DESERTION:
        val = next(tv.desertion(j))[0]
    elif c == _TREASON:
        val = next(tv.treason(j))[0]
    elif c == _EXPLOSION:
        val = next(tv.explosion(j))[0]
    elif c == _REDEPLOYMENT:
        val = next(tv.redeployment(j))[0]
    elif c == _RECRUITMENT:
        val = next(tv.recruitment(j, v.discard(_ACTIONS), fit))[0]
    elif c == _SUPPORT:
        if j.med:
            val = tv.support(j, v.ndeck)
        else:
            sh = ts.sh
            sh.ndeck += 2
            j.setup(sh, v.me, siege_hand(v, v.me), v.opp_hand - v.opp_tac)
            val = j.mine_value(j.p0)
            setup(v, ts)
    else:
        val = j.mine_value(j.p0) - _EXCH
    yield val, mv


def decide(v, moves, ts, b):
    """A move of the card step, the draw or an action's step (see engine.ai.st2.tactic.choose)."""
    return next(decision(v, moves, ts, b))


def decision(v, moves, ts, b):
    """decide's work: a generator, its one value the move."""
    ts.j.blk = b.full and v.me != ATTACKER  # as score_all sets it: not the last decision's
    ts.j.med = not b.full
    ph = v.phase
    if ph == _PH_DRAW:
        mv = draw(v, b)
    elif ph >= _PH_ACTION:
        mv = next(step(v, setup(v, ts), moves))
    else:
        me = v.me
        sm = [mv for mv in moves if kind(mv) != KIND_PLAY or decode_play(mv)[0] < _FIRST]
        ts.sh.load(v)
        ts.j.real = v.board
        mv, bi = next(hard(ts.sh, me, siege_hand(v, me), v.opp_hand - v.opp_tac, ts.s, b, sm))
        tac = len(sm) < len(moves)
        k = kind(mv) if mv >= 0 else -1
        if (
            bi < 0
            and k >= 0
            and (not tac or (k != KIND_RETREAT and k != KIND_CAULDRON) or kind(sm[0]) == KIND_PLAY)
        ):
            pass  # a declaration or a preparation action worth taking
        elif bi >= 0 and (not tac or b.notac or ts.s.scores[bi] >= WIN):
            mv = ts.best = sm[bi]
        elif not tac:
            mv = PASS if PASS in moves else moves[0]
        else:
            sv = -WIN * 2
            if bi >= 0:
                mv = ts.best = sm[bi]
                sv = ts.s.scores[bi]
            bv, bm = next(best_tactic(v, ts, moves))
            # the option price: a card kept is worth more the more siege cards are left; once
            # the game is ours (`ahead`), -tbonus: the cards flow (issue 36)
            price = (b.tcost if v.me else b.aopt) * v.ndeck // 46
            if b.ahead and ts.j.mine_value(ts.j.p0) >= b.ahead:
                price = -b.tbonus
            if bm >= 0 and (bi < 0 or bv - price > sv):
                mv = bm
            elif bi < 0:
                mv = bm if bm >= 0 else moves[0]
    yield mv


def best_tactic(v, ts, moves):
    """(value, move) of the tactic card in hand whose best use (tactic_value, on ts's Judge)
    is worth most among the legal moves; move -1: none. A generator, its one value that."""
    bv = -WIN * 3
    bm = -1
    last = -1
    for c in sorted(v.hand_of(v.me)):
        if c < _FIRST or c == last:
            continue
        last = c
        val, m = next(tactic_value(v, ts.j, c, ts))
        if m >= 0 and m in moves and val > bv:
            bv = val
            bm = m
    yield bv, bm


def step(v, j, moves):
    """A step of the action card being carried out (or the Exchange's step out of turn); a
    generator, its one value the move."""
    a = v.act
    n = v.nstep
    mv = -1
    tv = _model(j)
    if a == _EXPLOSION:
        mv = _tile(next(tv.explosion(j))[2])
    elif a == _DESERTION:
        mv = _card(next(tv.desertion(j))[1])
    elif a == _TREASON:
        r = next(tv.treason(j, v.pick[0] if n else -1))
        mv = _card(r[1]) if n == 0 else _tile(r[2])
    elif a == _REDEPLOYMENT:
        r = next(tv.redeployment(j, v.pick[0] if n else -1))
        mv = _card(r[1]) if n == 0 else _tile(r[2])  # tile 7: the discard
    elif a == _RECRUITMENT:
        r = next(tv.recruitment(j, v.discard(_ACTIONS), fit, v.pick[0] if n else -1))
        mv = _card(r[1]) if n == 0 else _tile(r[2])
    elif a == _SUPPORT:
        mv = _card(_support_pick(v, n))
    elif a == _EXCHANGE:
        mv = _exchange_pick(v, j)
    yield mv if mv in moves else moves[0]


def _card(c):
    """The step that takes card c."""
    return encode(KIND_STEP, c, -1, 0)


def _tile(t):
    """The step to tile t (tvalue.DISCARD: Redeployment's discard; -1: none)."""
    if t < 0:
        return -1
    return encode(KIND_STEP, -1, -1, 1) if t == tvalue.DISCARD else encode(KIND_STEP, -1, t, 0)


def _support_pick(v, n):
    """Support's two cards, in increasing order: the Attacker's the two strongest discarded
    siege cards, the Defender's the two weakest."""
    d = v.discard()
    key = [(c % 12 if v.me == 0 else 11 - c % 12) * 64 + c for c in d]
    key.sort()
    pair = sorted((key[-1] % 64, key[-2] % 64))
    return pair[0] if n == 0 else pair[1]


def _exchange_pick(v, j):
    """The Exchange's next card: of the cards worth least (tactic cards are kept), the
    lowest above the ones already chosen."""
    me = v.me
    hand = sorted(v.hand_of(me))
    worth = []
    for c in hand:
        w = WIN * 2 if c >= _FIRST else tvalue.card_worth(j, c)
        worth.append(w * 128 + c)
    worth.sort()
    give = sorted([x % 128 for x in worth[: v.xk]])
    o, made = v.exchange_picks()
    last = v.pick[o + made - 1] if made else -1
    for c in give:
        if c > last:
            return _card(c)
    return -1
