"""Schotten Totten 2 tactic variant's Easy player, both roles: the base game's Easy (one tile at
a time, never the unseen cards) on the Shim, elite troops as the siege card they stand for
less a little, an action card now and then when it has something to act on, and simple
rules for the steps: the opponent's strongest card (Desertion, Treason), our weakest card
discarded (Redeployment), the strongest discarded card (Recruitment), the tile where the
opponent has most cards (Explosion), the weakest cards given (the Exchange). It is also the
fallback after a MemoryError (the legal moves are given: it allocates little).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st2.easy import easy_prep, fit
from engine.ai.st2.tactic.shim import stand_in, tactic_in_hand
from engine.st2.cards import WALL
from engine.st2.game import KIND_DECLARE, KIND_DRAW, KIND_PLAY, decode, encode, kind
from engine.st2.moves import DONE, PASS, decode_play

_SLOTS = const(4)
_PH_DECLARE = const(1)
_PH_DRAW = const(3)
_PH_ACTION = const(4)
_FIRST = const(60)
_ACTIONS = const(64)
_REDEPLOYMENT = const(64)
_EXPLOSION = const(68)
_SUPPORT = const(69)
_EXCHANGE = const(70)
_DS = encode(KIND_DRAW, -1, -1, 0)  # the siege deck
_DT = encode(KIND_DRAW, -1, -1, 1)  # the tactic deck
_ACT_W = (60, 90, 110, 110, 100, 80, 50)  # Redeployment .. Exchange, before the noise


def choose_teasy(v, rng, moves):
    """One legal move for the player to move in TView v (moves: its legal moves); a
    generator, its one value the move (its frame on the heap: the declaration checks of
    easy_prep run under it, engine.ai.st2.tactic.search)."""
    mv = -1
    ph = v.phase
    me = v.me
    for m in moves:
        if kind(m) == KIND_DECLARE:
            mv = m
            break
    else:
        if ph == _PH_DECLARE:
            mv = DONE
        elif ph == _PH_DRAW:
            if not v.ndeck:
                mv = _DT if me == 0 else _DS
            elif not tactic_in_hand(v, me) and rng.randrange(3) == 0:
                mv = _DT
            else:
                mv = _DS
        else:
            from engine.ai.st2.tactic.shim import Shim

            sh = Shim()
            sh.load(v)
            if ph >= _PH_ACTION:
                mv = _step(v, sh, moves)
            elif not v.prep:
                mv = next(easy_prep(sh, moves, kind(moves[0]) == KIND_PLAY))
            if mv < 0:
                busy = 0  # the opponent's cards on the wall: something for an action to act on
                for t in range(7):
                    busy += v.cnt[t * 2 + (me ^ 1)]
                bestv = -1
                for m in moves:
                    if kind(m) != KIND_PLAY:
                        continue
                    c, t = decode_play(m)
                    if c < _FIRST:
                        w = fit(sh, me, c, t) * 4
                    elif c < _ACTIONS:
                        i = t * 2 + me
                        e = stand_in(sh.board, i * _SLOTS, sh.cnt[i], WALL[t * 2 + sh.side[t]] & 15, c)
                        w = fit(sh, me, e, t) * 4 - 8
                    else:
                        w = _ACT_W[c - _ACTIONS] if busy >= 3 else 20
                        if c == _SUPPORT and me:
                            w = 0
                    w += rng.randrange(12)
                    if w > bestv:
                        bestv = w
                        mv = m
                if mv < 0:
                    mv = PASS if PASS in moves else moves[0]
    yield mv


def _step(v, sh, moves):
    """Easy's step of an action card: the best-scored legal step (first of equals)."""
    a = v.act
    me = v.me
    best = moves[0]
    bv = -1000
    for mv in moves:
        _, card, t, x = decode(mv)
        if x:
            w = 100  # Redeployment: discard our weakest card
        elif t >= 0:
            if a == _EXPLOSION:
                w = v.cnt[t * 2 + (me ^ 1)] - v.cnt[t * 2 + me]
            else:
                c = v.pick[0]
                if c >= _FIRST:
                    i = t * 2 + me
                    c = stand_in(sh.board, i * _SLOTS, sh.cnt[i], WALL[t * 2 + sh.side[t]] & 15, c)
                w = fit(sh, me, c, t)
        else:
            c = card
            s = 12 if c >= _FIRST else c % 12
            if a == _REDEPLOYMENT or a == _SUPPORT:
                w = -s
            elif a == _EXCHANGE:
                w = -100 if c >= _FIRST else -s
            else:  # Desertion, Treason, Recruitment: the strongest
                w = s
        if w > bv:
            bv = w
            best = mv
    return best
