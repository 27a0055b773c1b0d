"""Expert's look-ahead for Schotten Totten 2 (desktop only): the best few plays by Hard's
score are each tried in `samples` deals drawn from the view (engine.st2.deal.sample: the opponent's hand
and the deck order at random, nothing else). In each deal the play is made with our
declarations after it, the opponent answers with Hard's whole turn from its own side (its
preparation action, its card, its declarations: its hand, ours unseen), then our
declarations that hold, and the leaf is Hard's score of our best next play. A play after
which we win outright scores WIN, one after which the opponent wins -WIN. With at most `end`
cards left in the deck the deals are played out to the end of the game by Hard instead (one
deal once the deck is empty: the unseen cards are then the opponent's hand). The totals
decide; Hard's first choice breaks ties.

Work is counted in units (tile evaluations): a budget stops the look-ahead between deals, so
a seed and a budget give the same move on every machine. An optional wall-clock cap (ms) is
checked at the same points, for the device only. Nothing recurses: turns are loops. The
look-ahead and a deal are generators (engine.ai.st2.search): their frames live on the heap,
off the board's 2 KB Python stack.
"""

from engine.ai.st2.judge import WIN
from engine.ai.st2.search import Search, hard, score_all
from engine.clock import ticks_diff, ticks_ms
from engine.st2.deal import sample
from engine.st2.moves import PH_OVER, PH_PLAY

_MAXC = 8


def expert(view, rng, srch, b, ms, moves):
    """Expert's move (engine.ai.st2.choose sends a budget with cands and samples here, every
    other to engine.ai.st2.search.decide): Hard's, unless a look-ahead over its best plays
    finds better (a play that wins outright is kept). A generator, its one value the move."""
    me = view.me
    mv, bi = next(hard(view, me, view.hand_of(me), view.opp_hand, srch, b, moves))
    if bi >= 0 and srch.scores[bi] < WIN:
        mv = next(look_ahead(view, rng, srch, b, ms, moves, bi))
    yield mv


def look_ahead(view, rng, srch, b, ms, moves, bi):
    """The play with the best total over the deals (see the module docstring); moves[bi] is
    Hard's choice, srch.scores the Judge's scores of moves. A generator, its one value the
    move."""
    if srch.jo is None:  # the look-ahead's own buffers: a second Search for the deals' turns
        srch.jo = Search()
        srch.cand = [0] * _MAXC
        srch.acc = [0] * _MAXC
        srch.pool = bytearray(60)
    sub = srch.jo
    sub.j.tick = srch.j.tick
    sub.j.units = 0
    me = view.me
    scores = srch.scores
    n = len(moves)
    cand = srch.cand
    cands = b.cands
    samples = b.samples
    end = view.ndeck <= b.end
    if end:
        cands = b.ecands
        if view.ndeck == 0:
            samples = 1
    if cands > _MAXC:
        cands = _MAXC
    cand[0] = bi
    nc = 1
    while nc < cands:
        k = -1
        for i in range(n):
            if srch.pt[i] < 0:
                continue  # not a card play
            dup = False
            for q in range(nc):
                if cand[q] == i:
                    dup = True
            if not dup and (k < 0 or scores[i] > scores[k]):
                k = i
        if k < 0:
            break
        cand[nc] = k
        nc += 1
    mv = moves[bi]
    if nc > 1:
        acc = srch.acc
        for q in range(nc):
            acc[q] = 0
        t0 = ticks_ms()
        units = b.units
        for _ in range(samples):
            if units and srch.j.units + sub.j.units >= units:
                break
            if ms and ticks_diff(ticks_ms(), t0) >= ms:
                break
            base = sample(view, rng, srch.pool)
            for q in range(nc):
                acc[q] += next(_reply_value(sub, b, base, moves[cand[q]], me, end))
            bq = 0  # the best total so far (the first of equals)
            for q in range(1, nc):
                if acc[q] > acc[bq]:
                    bq = q
            mv = srch.best = moves[cand[bq]]  # for a MemoryError or a cap in the next deal
    yield mv


def _reply_value(sub, b, base, move, me, end):
    """Our value in deal `base` after `move`: our declarations, the opponent's turn as Hard,
    then Hard's score of our best next play (or the game played out to the end); a
    generator, its one value that."""
    st = base.copy()
    st.apply(move)
    op = me ^ 1
    p = me  # whose turn is being played: ours (the declarations after our card, and DONE)
    while st.phase != PH_OVER:
        if st.to_move != p:
            if p == op and not end:
                break  # the opponent's turn is over: the leaf
            p ^= 1
            continue
        moves = st.legal_moves()
        if len(moves) == 1:
            mv = moves[0]
        else:
            mv = next(hard(st, p, st.hand_of(p), len(st.hand_of(p ^ 1)), sub, b, moves))[0]
        st.apply(mv)
    # Every declaration that holds for us now (the start of our turn: the Attacker's).
    while st.phase == PH_PLAY and st.to_move == me and me == 0:
        tiles = st.declarable()
        if not tiles:
            break
        from engine.st2.game import KIND_DECLARE, encode

        st.apply(encode(KIND_DECLARE, -1, tiles[0]))
    if st.phase == PH_OVER:
        v = WIN if st.winner == me else -WIN
    else:
        moves = st.legal_moves()
        i = next(score_all(st, me, st.hand_of(me), len(st.hand_of(op)), sub, b, moves))
        j = sub.j
        v = j.mine_value(j.p0) if i < 0 else sub.scores[i]
    yield v
