"""Expert's look-ahead for the tactic variant (desktop only): Hard's best `cands` plays,
each tried in `samples` deals drawn from the view (engine.st1.tactic.deal.sample: the cards the player
cannot place dealt at random, nothing else; the same deals for every play). In each deal
the play and the rest of our turn are made (ruse steps, claims, the draw, as Hard), the
opponent plays its whole turn as Hard from its own view of the deal, and the leaf is the
value of our best next play by Hard's score (a game won: 4 ONE, lost: -4 ONE). The totals
decide; Hard's order breaks ties. Every decision inside is Hard's, which uses no random
numbers: the deals are the only draw from `rng`, so a seed gives the same move everywhere.
The look-ahead and a deal are generators, as search's (Python stack).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st1.know import gvalue
from engine.ai.st1.tactic.search import decision
from engine.st1.table import DONE
from engine.st1.tactic.deal import sample

_ONE = const(1024)
_PH_PLAY = const(0)
_PH_CLAIM = const(1)
_PH_OVER = const(2)
_MAXC = const(8)


def _hard(b):
    return type(b)(True, 0, 0, 0, tcost=b.tcost, recruit=b.recruit, tdraw=b.tdraw, notac=b.notac, topt=b.topt)


def _deal(st, mv, me, srch, hb):
    """The value of play mv in deal st (changed): our turn, the opponent's, our leaf."""
    st.apply(mv)
    guard = 0
    while st.phase != _PH_OVER and guard < 64:
        if st.to_move == me and st.phase == _PH_PLAY and guard:
            break  # our next turn's play: the leaf
        v = st.view(st.to_move)  # Hard's move; at a claim step the first claim, else DONE
        if v.phase == _PH_CLAIM:  # legal_moves' first, without its calls' Python stack
            moves = v.claimable_by(v.me, True)
            st.apply(moves[0] if moves else DONE)
        else:
            moves = v.legal_moves()
            st.apply(moves[0] if len(moves) == 1 else next(decision(v, moves, srch, hb)))
        guard += 1
    if st.phase == _PH_OVER:
        yield 4 * _ONE if st.winner == me else -4 * _ONE
    else:
        v = st.view(me)
        moves = v.legal_moves()
        if len(moves) == 1:
            srch.j.setup(v, me, v.hand_of(me), v.opp_hand - v.opp_tactics, v.opp_known)
            yield gvalue(next(srch.j.base()), srch.j.buf)
        else:
            next(decision(v, moves, srch, hb))
            yield srch.bestv


def look_ahead(view, rng, srch, b, ms, moves):
    """The play with the best total over the deals (see the module docstring); a generator."""
    hb = _hard(b)
    me = view.me
    srch.vals = []
    try:
        first = next(decision(view, moves, srch, hb))
        vals = srch.vals
    finally:
        srch.vals = None
    k = b.cands if b.cands < _MAXC else _MAXC
    cand = []
    for _ in range(k):  # the k best by Hard's score, Hard's own first
        bi = -1
        for i in range(len(vals)):
            if moves[i] in cand or (bi >= 0 and vals[i] <= vals[bi]):
                continue
            bi = i
        if bi < 0:
            break
        cand.append(moves[bi])
    if first in cand:
        cand.remove(first)
    cand.insert(0, first)
    srch.best = first
    bi = 0
    if len(cand) > 1 and len(moves) > 1:
        tot = [0] * len(cand)
        for _ in range(b.samples):
            deal = sample(view, rng)
            for i in range(len(cand)):
                tot[i] += next(_deal(deal.copy(), cand[i], me, srch, hb))
        for i in range(1, len(cand)):
            if tot[i] > tot[bi]:
                bi = i
        srch.best = cand[bi]
    yield cand[bi]
