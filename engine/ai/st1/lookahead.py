"""Expert's look-ahead (desktop-only): the best few plays by Hard's score are each tried in
`samples` deals drawn from the view (engine.st1.deal.sample: the opponent's hand and the deck order at
random, nothing else). In each deal the play and our claims are made, the opponent answers
with the play its own Judge likes best from its own side of the table (its hand, not ours)
and claims (`plies` such turns, ours between them), and the leaf is the score of our best
next play. With at most `end` cards left in the deck the deals are played out to the end of
the game instead (one deal once the deck is empty: the unseen cards are then the
opponent's hand). With `infer`, a deal is kept only if the opponent's last play fits it:
Hard, holding that deal's hand before the play, would have made it (up to `infer` deals
drawn, else the last). A play that wins outright scores ONE * 4, one that lets the opponent
win scores -ONE * 4. The totals decide; the first score breaks ties.

Work is counted in units (one unit = one stone evaluation in a Judge): a budget stops the
look-ahead between deals, so a seed and a budget give the same move on every machine. An
optional wall-clock cap (ms) is checked at the same points, for the device only.

The look-ahead, a deal's value and a turn are generators, as engine.ai.st1.search's plays
(Python stack).
"""

from array import array

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st1.judge import Judge, best_play
from engine.ai.st1.know import gvalue
from engine.ai.st1.search import plays as hard
from engine.clock import ticks_diff, ticks_ms
from engine.st1 import DONE, PASS, PH_CLAIM, PH_OVER, PH_PLAY
from engine.st1.deal import sample
from engine.st1.table import HAND, SLOTS, Table, copy_table, decode_play, encode_play

_WIN = const(4096)
_MAXC = const(8)


def _buffers(srch):
    """The look-ahead's own buffers on the Search, made on first use."""
    if srch.jo is None:
        srch.jo = Judge()
        srch.cand = [0] * _MAXC
        srch.acc = [0] * _MAXC
        srch.oscores = array("i", bytes(4 * 64))
        srch.pool = bytearray(54)
    j = srch.j
    jo = srch.jo
    jo.tick = j.tick
    jo.hand_w = j.hand_w
    jo.late = j.late
    jo.units = 0


def plays(view, rng, srch, b, ms):
    """Expert's play (engine.ai.choose sends a budget with cands or ecands above 1 here,
    every other to engine.ai.st1.search.plays): Hard's scores of the plays, then the
    look-ahead over the best `cands` (near the end, `ecands` played out to the end)."""
    best = hard(view, rng, srch, b, ms)  # srch.scores: every play's score, srch.best: best
    moves = view.legal_moves()
    bi = moves.index(best)
    cands = b.cands
    samples = b.samples
    plies = b.plies
    if view.ndeck <= b.end:
        # Near the end: play every deal out to the end of the game. With the deck empty the
        # unseen cards are exactly the opponent's hand, so one deal is the whole truth.
        cands = b.ecands
        plies = 0
        if view.ndeck == 0:
            samples = 1
    if cands <= 1 or samples <= 0:
        return best
    return next(look_ahead(view, rng, srch, b, ms, moves, srch.scores, bi, cands, samples, plies))


def look_ahead(view, rng, srch, b, ms, moves, scores, bi, cands, samples, plies):
    """The play with the best total over the deals (see the module docstring); moves[bi] is
    Hard's choice, scores the Judge's scores of moves. A generator (its one value: the play)."""
    _buffers(srch)
    me = view.me
    j = srch.j
    n = len(moves)
    # The candidates: the best `cands` plays by score.
    cand = srch.cand
    nc = 0
    if cands > _MAXC:
        cands = _MAXC
    while nc < cands:
        k = -1
        for i in range(n):
            if moves[i] == PASS:
                continue
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
    if nc <= 1:
        yield moves[bi]
        return
    acc = srch.acc
    for q in range(nc):
        acc[q] = 0
    t0 = ticks_ms()
    done = 0
    used = j.units
    units = b.units
    prior = b.prior
    prev = _before(view) if b.infer > 0 else None
    for _ in range(samples):
        if units and used >= units:
            break
        if ms and ticks_diff(ticks_ms(), t0) >= ms:
            break
        base = sample(view, rng, srch.pool)
        if prev is not None:
            k = 1
            while k < b.infer and not _fits(srch, prev, base):
                base = sample(view, rng, srch.pool)
                k += 1
        for q in range(nc):
            acc[q] += next(_reply_value(srch, base, moves[cand[q]], me, plies))
        used = j.units + srch.jo.units
        done += 1
        # The best so far, for a MemoryError or a cap in the next deal.
        srch.best = moves[cand[_pick(acc, scores, cand, nc, done * prior)]]
    yield moves[cand[_pick(acc, scores, cand, nc, done * prior)]] if done else moves[bi]


def _settle(st, p):
    """Player p's claim step, if it is p's now: every claim it may make (the first of
    legal_moves, without its calls' Python stack), then DONE; stops if the game ends."""
    if st.to_move == p and st.phase == PH_CLAIM:
        while st.phase == PH_CLAIM:
            c = st.claimable_by(st.to_move, True)
            if not c:
                st.apply(DONE)
                return
            st.apply(c[0])


def _before(view):
    """The table as the opponent saw it when it chose its last play (None if that play is
    not known, or was not the opponent's latest turn): the card back in its hand, the claims
    made since undone, the deck one card longer if it drew. Only what both players saw."""
    lp = view.lplay
    op = view.me ^ 1
    if lp < 0 or (lp >> 10) & 1 != op or lp >> 11 != view.turn - 1:
        return None
    mv = lp & 1023
    c, s = decode_play(mv)
    t = object.__new__(Table)
    copy_table(t, view)
    i = s * 2 + op
    n = t.cnt[i] - 1
    t.board[i * SLOTS + n] = 255
    t.cnt[i] = n
    if t.done[i] == t.nplayed:
        t.done[i] = 0
    t.nplayed -= 1
    t.public[c] = 0
    for k in range(9):
        if (view.lclaim >> k) & 1:
            t.owner[k] = 0
    t.to_move = op
    t.phase = PH_PLAY
    t.turn -= 1
    t.drew = view.opp_hand == HAND
    if t.drew:
        t.ndeck += 1
    t.played = mv
    t.stones = t.open_stones(op)
    t.nhand = len(view.hand_of(view.me))
    return t


def _fits(srch, prev, base):
    """Would Hard, holding what deal `base` gives the opponent before its last play, have
    made that play? (The card it drew since is any one of its hand: the deal's order is
    random, so its last card.) True if it had no choice."""
    op = prev.to_move
    h = base.hand_of(op)
    if prev.drew:
        h.pop()
    c = decode_play(prev.played)[0]
    h.append(c)
    h.sort()
    mv = []
    for x in h:
        for s in prev.stones:
            mv.append(encode_play(x, s))
    return len(mv) < 2 or mv[next(_hard(srch, prev, op, h, prev.nhand, mv))] == prev.played


def _hard(srch, t, p, hand, nopp, mv):
    """The index in plays mv of the one Hard's score likes best for p on table t (p holding
    `hand`, the other hand nopp cards, unseen): a generator, its value the index."""
    jo = srch.jo
    jo.setup(t, p, hand, nopp)
    next(jo.stone_odds())
    n = len(mv)
    os = srch.oscores
    if n > len(os):
        srch.oscores = os = array("i", bytes(4 * n))
    next(jo.score_plays(mv, os, True))
    yield best_play(mv, os, n)


def _pick(acc, scores, cand, nc, w):
    """The candidate with the best look-ahead total, plus w/4 of its own score per deal."""
    bq = 0
    bv = acc[0] + ((w * scores[cand[0]]) >> 2)
    for q in range(1, nc):
        v = acc[q] + ((w * scores[cand[q]]) >> 2)
        if v > bv:
            bq = q
            bv = v
    return bq


def _turn(srch, st, p):
    """Player p's whole turn in a sampled deal: claims, the play Hard's score likes best from
    p's side (its hand, the other hand unseen), claims. Yields False if the game ended."""
    _settle(st, p)
    if st.phase == PH_OVER:
        yield False
        return
    mv = st.legal_moves()
    if mv[0] == PASS:
        st.apply(PASS)
    else:
        st.apply(mv[next(_hard(srch, st, p, st.hand_of(p), len(st.hand_of(p ^ 1)), mv))])
    _settle(st, p)
    yield st.phase != PH_OVER


def _reply_value(srch, base, move, me, plies):
    """Our value in deal `base` after `move` and our claims, then `plies` turns of the
    opponent (each followed by one of ours but the last), every turn played as Hard would:
    Hard's score of our best next play, or +-_WIN if the game ends. plies 0: to the end.
    Nothing here recurses: the turns are a loop."""
    st = base.copy()
    st.apply(move)
    _settle(st, me)
    op = me ^ 1
    k = 0
    while st.phase != PH_OVER:
        if not next(_turn(srch, st, op)):
            break
        k += 1
        if k == plies:
            break
        if not next(_turn(srch, st, me)):
            break
    if st.phase != PH_OVER:
        # The leaf: our claims, then Hard's score of our best play from here.
        _settle(st, me)
    if st.phase == PH_OVER:
        yield _WIN if st.winner == me else -_WIN
        return
    j = srch.j
    j.setup(st, me, st.hand_of(me), len(st.hand_of(op)))
    v = gvalue(next(j.stone_odds()), j.buf)
    if st.phase == PH_PLAY and st.to_move == me:
        mv = st.legal_moves()
        if mv[0] != PASS:
            n = len(mv)
            os = srch.oscores
            if n > len(os):
                srch.oscores = os = array("i", bytes(4 * n))
            next(j.score_plays(mv, os, True))
            v = os[best_play(mv, os, n)]
    yield v
