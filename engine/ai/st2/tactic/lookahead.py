"""Expert's look-ahead for Schotten Totten 2's tactic variant (desktop only: sim/bundle.py's
DESKTOP_ONLY leaves it out of the device bundle, where Expert plays Hard's move). At the card
step, Hard's choice and the next best plays by Hard's own scores (siege cards by the Judge's
score, tactic cards by the tactic value model: elite troops at their best tile, action cards
whose steps are decided in the deal) are each tried in `samples` deals drawn from the view
(engine.st2.tactic.deal.sample: the other hand, both decks' order and Support's shuffle at random, what the
player knows kept; the same deals for every play). In each deal the play is made, the rest
of our turn (the action's steps, the Exchange's step out of turn, declarations, the draw)
and the opponent's whole turn are Hard's, each from its own view of the deal, then our
declarations that hold, and the leaf is Hard's value of our best next move (a siege card's
score or a tactic card's value). With at most `end` siege cards left the deals are played out
to the end of the game by Hard instead (`ecands` plays). A game won scores WIN, lost -WIN.
The totals decide; Hard's choice breaks ties. Other steps (declarations, preparation actions
Hard takes, the draw, the action steps) are Hard's.

Work is counted in the Judges' units (tile evaluations): `units` stops the look-ahead between
deals, so a seed and a budget give the same move on every machine; no wall clock is read.
Hard uses no random numbers: the deals are the only draw from `rng`. Nothing recurses: turns
are loops. The look-ahead, a deal, the candidates and the leaf are generators
(engine.ai.st2.tactic.search): their frames live on the heap, off the board's 2 KB Python stack.
"""

from engine.ai.st2.judge import WIN
from engine.ai.st2.search import score_all
from engine.ai.st2.tactic.search import TSearch, best_tactic, decision, tactic_value
from engine.ai.st2.tactic.shim import siege_hand
from engine.st2.game import KIND_PLAY, kind
from engine.st2.moves import decode_play
from engine.st2.tactic.deal import sample

_PH_PLAY = 0
_PH_OVER = 2
_FIRST = 60
_MAXC = 8
_STEPS = 400  # moves a deal is played for at most (a whole game is about 150)


class Look:
    """Expert's own buffers: a second TSearch for the players' decisions inside the deals."""

    def __init__(self):
        self.sub = TSearch()


_look = None


def buffers():
    global _look
    if _look is None:
        _look = Look()
    return _look


def release():
    global _look
    _look = None


def candidates(v, moves, ts, hb, first, k):
    """Up to k plays: Hard's choice `first`, then the best others by Hard's scores (ts.s
    holds the scores of Hard's decision, indexed as _sieges(moves); tactic cards are valued
    again on its Judge); a generator, its one value the list."""
    me = v.me
    scored = []
    sm = _sieges(moves)
    for i in range(len(sm)):
        if kind(sm[i]) == KIND_PLAY:
            scored.append((ts.s.scores[i], sm[i]))
    last = -1
    j = ts.j
    for c in sorted(v.hand_of(me)):
        if c < _FIRST or c == last:
            continue
        last = c
        val, m = next(tactic_value(v, j, c, ts))
        if m >= 0 and m in moves:
            scored.append((val - hb.tcost, m))
    scored.sort(key=lambda e: (-e[0], e[1]))
    out = [first]
    for _, mv in scored:
        if len(out) >= k:
            break
        if mv not in out:
            out.append(mv)
    yield out


def _sieges(moves):
    """The moves Hard's base-game search scores: every move but the tactic card plays."""
    return [mv for mv in moves if kind(mv) != KIND_PLAY or decode_play(mv)[0] < _FIRST]


def look_ahead(view, rng, ts, b, moves):
    """Expert's move at the card step (see the module docstring); a generator, its one value
    the move."""
    # Hard's budget with b's tactic knobs: the policy inside the deals
    hb = type(b)(True, 0, 0, 0, tcost=b.tcost, tdraw=b.tdraw, ddraw=b.ddraw, tlate=b.tlate, notac=b.notac)
    ts.j.units = 0
    first = mv = next(decision(view, moves, ts, hb))
    # a declaration, a preparation action or a pass: Hard's; a play that wins the game now too
    if (
        kind(first) == KIND_PLAY
        and first in moves
        and (decode_play(first)[0] >= _FIRST or ts.s.scores[_sieges(moves).index(first)] < WIN)
    ):
        ts.best = first
        end = view.ndeck <= b.end
        k = b.ecands if end else b.cands
        if k > _MAXC:
            k = _MAXC
        cand = next(candidates(view, moves, ts, hb, first, k))
        if len(cand) >= 2:
            sub = buffers().sub
            sub.j.tick = ts.j.tick
            sub.j.units = 0
            acc = [0] * len(cand)
            for _ in range(b.samples):
                if b.units and ts.j.units + sub.j.units >= b.units:
                    break
                base = sample(view, rng)
                for q in range(len(cand)):
                    acc[q] += next(deal_value(sub, hb, base.copy(), cand[q], view.me, end))
                bq = 0  # the best total so far (the first of equals)
                for q in range(1, len(acc)):
                    if acc[q] > acc[bq]:
                        bq = q
                mv = ts.best = cand[bq]  # for a MemoryError in the next deal
    yield mv


def deal_value(sub, hb, st, mv, me, end):
    """Our value in deal st (changed) after play mv: the rest of our turn and the opponent's
    turn as Hard (or the game to its end), our declarations, then the leaf; a generator,
    its one value that."""
    st.apply(mv)
    op = me ^ 1
    theirs = False  # the opponent's turn has begun
    n = 0
    while st.phase != _PH_OVER and n < _STEPS:
        if st.to_move == op and st.phase == _PH_PLAY:
            theirs = True
        elif theirs and not end and st.to_move == me and st.phase == _PH_PLAY:
            break  # our next card step: the leaf
        # Hard's move for the player to move, from that player's view
        v = st.view(st.to_move)
        moves = v.legal_moves()
        if len(moves) == 1:
            mv = moves[0]
        else:
            mv = next(decision(v, moves, sub, hb))
            if mv not in moves:
                mv = moves[0]
        st.apply(mv)
        n += 1
    while me == 0 and st.phase == _PH_PLAY and st.to_move == me:
        tiles = st.declarable()  # the Attacker's declarations at the start of its turn
        if not tiles:
            break
        from engine.st2.game import KIND_DECLARE, encode

        st.apply(encode(KIND_DECLARE, -1, tiles[0]))
    if st.phase == _PH_OVER:
        val = WIN if st.winner == me else -WIN
    else:
        val = next(leaf(sub, hb, st.view(me)))
    yield val


def leaf(sub, hb, v):
    """Hard's value of our best next move in view v: the best siege play's score, or a
    tactic card's value less tcost, whichever is higher (the game value if none); a
    generator, its one value that."""
    me = v.me
    moves = v.legal_moves()
    sh = sub.sh.load(v)
    sub.j.real = v.board
    sm = [mv for mv in moves if kind(mv) == KIND_PLAY and decode_play(mv)[0] < _FIRST]
    i = -1
    if sm:
        i = next(score_all(sh, me, siege_hand(v, me), v.opp_hand - v.opp_tac, sub.s, hb, sm))
    j = sub.j
    if i < 0:
        j.setup(sh, me, siege_hand(v, me), v.opp_hand - v.opp_tac)
        best = j.mine_value(j.p0)
    else:
        best = sub.s.scores[i]
    if not hb.notac and v.may_tactic(me):
        val, m = next(best_tactic(v, sub, moves))
        if m >= 0 and val - hb.tcost > best:
            best = val - hb.tcost
    yield best
