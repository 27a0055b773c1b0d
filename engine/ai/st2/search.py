"""Medium and Hard for Schotten Totten 2: the Judge's score of every card play, and of the
preparation actions (the Attacker's retreats, the Defender's cauldrons) followed by the best
play; declarations are made as soon as they hold. Expert's look-ahead is
engine.ai.st2.lookahead (desktop only).

Work is counted in units (one unit = one tile evaluation in a Judge), so a seed and a budget
give the same move on every machine.

Python stack (2 KB on the board, where the declaration proofs take a good part of it): what
runs once a decision, a preparation action or a play (the decision, the scoring, the
preparation actions, a play's chance Judge.odds and its proof Judge.proven) is a generator
whose one value next() takes. A generator's frame lives on the heap, so only the Judge's
per-tile work (setup, tables, mwin, the formation lists) stacks up under the caller.
"""

from array import array

from engine.ai.st2.judge import OILW, RETREAT, WIN, Judge
from engine.ai.st2.know import ONE
from engine.st2.cards import NSIEGE, NTILES, WALL
from engine.st2.game import KIND_CAULDRON, KIND_DECLARE, KIND_PLAY, KIND_RETREAT, decode, encode, kind
from engine.st2.moves import ATTACKER, PH_DECLARE, SLOTS, decode_play


class Search:
    """Every buffer a decision needs, made once: the Judge, the scores of the moves and the
    chance of each play's tile; engine.ai.st2.lookahead adds its own on first use."""

    GAME = 2

    def __init__(self):
        self.j = Judge()
        self.jo = None
        self.scores = array("i", bytes(4 * 64))
        self.pt = array("i", bytes(4 * 64))
        self.pr = [0] * NTILES
        self.best = -1  # best move found so far (read after a MemoryError)


def decide(view, rng, srch, b, ms, moves):
    """A move for the player to move (see engine.ai.st2.choose); moves: its legal moves. A
    generator, its one value the move."""
    me = view.me
    yield next(hard(view, me, view.hand_of(me), view.opp_hand, srch, b, moves))[0]


def score_all(t, me, hand, opp_hand, srch, b, moves):
    """Set up the Judge on table t (a View, or a State in a look-ahead) as player `me` and
    score every card play of moves; a generator, its one value the best play's index (-1:
    none). srch.scores[i]: our score after card play moves[i] (other moves: -WIN); srch.pt[i]:
    the chance of its tile after it (P(Attacker wins)). Hard (b.full): each card's tables
    rebuilt without it (the value of holding it back); Medium: the shared tables, and only
    the plays engine.ai.st2.medium.cut keeps."""
    j = srch.j
    j.blk = b.full and me != ATTACKER
    j.setup(t, me, hand, opp_hand)
    p0 = j.p0
    n = len(moves)
    if n > len(srch.scores):
        srch.scores = array("i", bytes(4 * n))
        srch.pt = array("i", bytes(4 * n))
    out = srch.scores
    pt = srch.pt
    full = b.full
    sm = moves
    if not full:
        from engine.ai.st2.medium import cut

        sm = cut(j, moves, out)
    pc = j.pc
    pv = j.pv
    tmp = j.tmp
    qs = j.qs
    tw = j.tw
    last = -1
    side = j.mine
    for i in range(n):
        mv = sm[i]
        if kind(mv) != KIND_PLAY:
            out[i] = -WIN
            pt[i] = -1
            continue
        c, s = decode_play(mv)
        if c != last:
            last = c
            for x in range(NTILES):
                qs[x] = -1
            if j.tick is not None:
                j.tick()
            if full:
                src = j.mine.avail
                dst = tmp.avail
                for x in range(NSIEGE):
                    dst[x] = src[x]
                dst[c] = 0
                tmp.build()
                side = tmp
                for x in range(NTILES):
                    if j.cnt[x * 2 + me] >= WALL[x * 2 + j.side[x]] >> 4:
                        pc[x] = p0[x]
                    elif tw[x]:
                        pc[x] = pc[x - tw[x]]
                    else:
                        pc[x] = j.to_att(j.mwin(side, x, -1, j.opc[x]))
        d = tw[s]
        q = qs[s - d] if d else -1
        if q < 0:
            q = next(j.odds(side, c, s))
        qs[s] = q
        if q > ONE:
            out[i] = WIN
            pt[i] = ONE
            continue
        pt[i] = q
        if not full:
            out[i] = -WIN  # scored below: only each tile's best play
            continue
        for x in range(NTILES):
            pv[x] = pc[x]
        pv[s] = q
        out[i] = j.mine_value(pv)
    if not full:
        # The value is monotone in each tile's chance: on each tile only the play that
        # moves it most our way can be the best one (the first of equals, as above).
        for x in range(NTILES):
            pc[x] = -1
        for i in range(n):
            q = pt[i]
            if q < 0 or out[i] == WIN:
                continue
            s = decode_play(sm[i])[1]
            d = pc[s]
            if d < 0 or (q > pt[d] if j.att else q < pt[d]):
                pc[s] = i
        for s in range(NTILES):
            i = pc[s]
            if i < 0:
                continue
            for x in range(NTILES):
                pv[x] = p0[x]
            pv[s] = pt[i]
            out[i] = j.mine_value(pv)
    # The best-scored card play (the first of equals).
    d = -1
    for i in range(n):
        if kind(moves[i]) == KIND_PLAY and (d < 0 or out[i] > out[d]):
            d = i
    yield d


def hard_move(t, me, hand, opp_hand, srch, b, moves):
    """Medium's or Hard's move for player `me` on table t (no look-ahead): a declaration
    that holds, else DONE after the card, else a preparation action worth taking, else the
    best-scored play. Returns (move, index of that play in moves or -1)."""
    return next(hard(t, me, hand, opp_hand, srch, b, moves))


def hard(t, me, hand, opp_hand, srch, b, moves):
    """hard_move's work: a generator, its one value (move, index)."""
    mv = bi = -1
    for m in moves:
        if kind(m) == KIND_DECLARE:
            mv = m
            break
    else:
        if t.phase == PH_DECLARE:
            mv = moves[-1]  # DONE: nothing (more) to declare
        else:
            bi = next(score_all(t, me, hand, opp_hand, srch, b, moves))
            if bi >= 0:
                srch.best = moves[bi]
            pm = -1
            if not t.prep:
                if b.prep:
                    pm = next(prep(me, hand, srch, moves, bi))
                else:
                    from engine.ai.st2.easy import easy_prep

                    pm = next(easy_prep(t, moves, bi >= 0))
            if pm >= 0:
                mv = pm
                bi = -1
            elif bi >= 0:
                mv = moves[bi]
    yield mv, bi


def _best_after(j, moves, pt, pr, mask, hand):
    """Our best score over the card plays after a preparation that changed the tiles of
    `mask` (their chances in pr, the base of every play): plays elsewhere keep their tile's
    chance pt[i]; every hand card is tried again on a changed tile that has room."""
    pv = j.pv
    best = -WIN
    # The value is monotone in each tile's chance: per tile, only the play that moves it
    # most our way matters.
    ext = j.pc
    for x in range(NTILES):
        ext[x] = -1
    att = j.att
    for i in range(len(moves)):
        q = pt[i]
        if q < 0:
            continue
        s = decode_play(moves[i])[1]
        if mask >> s & 1:
            continue
        e = ext[s]
        if e < 0 or (q > e if att else q < e):
            ext[s] = q
    for s in range(NTILES):
        if ext[s] < 0:
            continue
        for x in range(NTILES):
            pv[x] = pr[x]
        pv[s] = ext[s]
        v = j.mine_value(pv)
        if v > best:
            best = v
    me = j.me
    for s in range(NTILES):
        if not mask >> s & 1 or j.cnt[s * 2 + me] >= WALL[s * 2 + j.side[s]] >> 4:
            continue
        for c in hand:
            q = next(j.odds(j.mine, c, s))
            if q > ONE:
                return WIN
            for x in range(NTILES):
                pv[x] = pr[x]
            pv[s] = q
            v = j.mine_value(pv)
            if v > best:
                best = v
    return best


def prep(me, hand, srch, moves, bi):
    """The preparation action worth taking before the best play, or -1 for none: each
    retreat from one tile (and from every tile already lost), each cauldron, scored with the
    best play after it against the best play without it (both on the shared tables); a
    generator, its one value the move."""
    j = srch.j
    pt = srch.pt
    pr = srch.pr
    p0 = j.p0
    bestm = -1
    if bi < 0 or srch.scores[bi] < WIN:  # else the best play wins the game: no preparation
        for x in range(NTILES):
            pr[x] = p0[x]
        base = _best_after(j, moves, pt, pr, 0, hand)
        if bi < 0:
            base = -WIN * 2  # no card can be played: a preparation action must come first
        bestg = 0
        if me == ATTACKER:
            lost = 0
            for s in range(NTILES):
                if j.cnt[s * 2] and p0[s] == 0:
                    lost |= 1 << s
            for s in range(NTILES + 1):
                if s < NTILES:
                    m = 1 << s if j.cnt[s * 2] else 0
                else:
                    m = lost if lost & (lost - 1) else 0  # every lost tile at once
                if not m:
                    continue
                g = next(_retreat_value(j, moves, pt, pr, m, hand)) - base
                if g > bestg or (bi < 0 and bestm < 0):
                    bestg = g
                    bestm = encode(KIND_RETREAT, -1, -1, m)
        else:
            # A cauldron kept is worth more the more turns are left to use it (40/1024 a
            # game, above OILW), and only one that leaves the Attacker two cards short
            # costs it a turn it may not have: none on a side that short already.
            bestg = 40 * j.left // 24
            bd = 200  # when the game looks lost: the cauldron that cuts a tile's chance most
            hm = -1
            lost = base < 20 + j.oil * OILW
            for mv in moves:
                if kind(mv) != KIND_CAULDRON:
                    continue
                s = decode(mv)[2]
                if j.cnt[s * 2] + 1 < WALL[s * 2 + j.side[s]] >> 4:
                    continue
                g = next(_cauldron_value(j, moves, pt, pr, s, hand)) - base
                if g > bestg:
                    bestg = g
                    bestm = mv
                if lost and p0[s] - j.cq > bd:
                    bd = p0[s] - j.cq
                    hm = mv
            if bestm < 0:
                bestm = hm
    yield bestm


def _retreat_value(j, moves, pt, pr, m, hand):
    """Our best score after a retreat from the tiles of m, less RETREAT for each card it
    throws away (the turns those cards took) on a tile not yet lost; a generator, its one
    value that."""
    saved = []
    n = 0
    for s in range(NTILES):
        if m >> s & 1:
            i = s * 2
            if j.p0[s]:
                n += j.cnt[i]
            saved.append((s, j.cnt[i], j.done[i]))
            j.cnt[i] = 0
            j.done[i] = 0
            pr[s] = j.to_att(j.mwin(j.mine, s, -1, j.opc[s]))
    v = _best_after(j, moves, pt, pr, m, hand)
    for s, c, d in saved:
        j.cnt[s * 2] = c
        j.done[s * 2] = d
        pr[s] = j.p0[s]
    yield v - RETREAT * n


def _cauldron_value(j, moves, pt, pr, s, hand):
    """Our best score after a cauldron on tile s; a generator, its one value that."""
    i = s * 2
    o = i * SLOTS
    b = j.board
    k = j.cnt[i]
    first = b[o]
    d = j.done[i]
    for x in range(k - 1):
        b[o + x] = b[o + x + 1]
    j.cnt[i] = k - 1
    j.done[i] = 0
    j.oil -= 1
    keep = j.opc[s]
    lst = j.ol2  # not j.ol: a Chicken versus Chef play scored below uses that one
    j.opp_cands(s, ATTACKER, -1, lst)
    j.opc[s] = lst
    pr[s] = j.to_att(j.mwin(j.mine, s, -1, lst))
    v = _best_after(j, moves, pt, pr, 1 << s, hand)
    j.cq = pr[s]
    j.opc[s] = keep
    pr[s] = j.p0[s]
    j.oil += 1
    j.done[i] = d
    j.cnt[i] = k
    for x in range(k - 1, 0, -1):
        b[o + x] = b[o + x - 1]
    b[o] = first
    yield v
