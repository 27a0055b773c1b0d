"""Medium and Hard: the knowledge score of every play (engine.ai.st1.judge); the best one wins.
Expert's look-ahead in sampled deals is engine.ai.st1.lookahead, desktop-only: the device never
loads its code or its buffers (docs/BENCHMARKS.md, Memory).

Work is counted in units (one unit = one stone evaluation in a Judge), so a seed and a
budget give the same move on every machine.
"""

from array import array

from engine.ai.st1.judge import Judge
from engine.st1 import PASS


class Search:
    """Every buffer a decision needs, made once: the Judge and the scores of the plays;
    engine.ai.st1.lookahead adds its own (a second Judge, totals, a deal pool) on first use."""

    def __init__(self):
        self.j = Judge()
        self.jo = None
        self.scores = array("i", bytes(4 * 64))
        self.best = -1  # best move found so far (read after a MemoryError)


def _best(moves, scores, n):
    b = -1
    bv = 0
    for i in range(n):
        if moves[i] != PASS and (b < 0 or scores[i] > bv):
            b = i
            bv = scores[i]
    return b


def plays(view, rng, srch, b, ms):
    """A play for the player to move (phase PH_PLAY, at least one card play legal).

    b: the Budget (full, cands, samples, units, plies, end, ecands, prior)."""
    return next(_plays(view, rng, srch, b, ms))


def _plays(view, rng, srch, b, ms):
    """plays' work: a generator, its one value the play. A generator's frame lives on the
    heap, so the judge under it has the Python stack (2 KB on the board) but its callers'."""
    moves = view.legal_moves()
    me = view.me
    j = srch.j
    j.units = 0
    j.setup(view, me, view.hand_of(me), view.opp_hand)
    next(j.stone_odds())
    n = len(moves)
    scores = srch.scores
    if n > len(scores):
        srch.scores = scores = array("i", bytes(4 * n))
    next(j.score_plays(moves, scores, b.full))
    bi = _best(moves, scores, n)
    srch.best = moves[bi]
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
        yield moves[bi]
    else:
        from engine.ai.st1.lookahead import look_ahead

        yield next(look_ahead(view, rng, srch, b, ms, moves, scores, bi, cands, samples, plies))
