"""Medium and Hard: the knowledge score of every play (engine.ai.st1.judge); the best one wins.
Expert's look-ahead in sampled deals is engine.ai.st1.lookahead, desktop-only: the device never
loads its code or its buffers (docs/BENCHMARKS.md, Memory).

Work is counted in units (one unit = one stone evaluation in a Judge), so a seed and a
budget give the same move on every machine.
"""

from array import array

from engine.ai.st1.judge import Judge, best_play


class Search:
    """Every buffer a decision needs, made once: the Judge and the scores of the plays;
    engine.ai.st1.lookahead adds its own (a second Judge, totals, a deal pool) on first use."""

    def __init__(self):
        self.j = Judge()
        self.jo = None
        self.scores = array("i", bytes(4 * 64))
        self.best = -1  # best move found so far (read after a MemoryError)


def plays(view, rng, srch, b, ms):
    """Hard's (Medium's) play for the player to move (phase PH_PLAY, at least one card play
    legal): the best by the Judge's score, which it leaves in srch.scores. Expert's budgets go
    to engine.ai.st1.lookahead.plays, which starts from this one.

    b: the Budget (full, units)."""
    return next(_plays(view, srch, b))


def _plays(view, srch, b):
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
    bi = best_play(moves, scores, n)
    srch.best = moves[bi]
    yield moves[bi]
