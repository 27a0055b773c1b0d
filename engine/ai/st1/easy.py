"""The Easy player: looks at one stone at a time, never at the unseen cards.

It plays the card that best fits what it already has on a stone (a colour-run in the
making, then three of a kind, a colour, a run), prefers strong cards, adds a little noise,
and claims every stone it can. It is also the fallback of every search.
"""

from engine.st1 import DONE, PASS, PH_CLAIM
from engine.st1.table import decode_play


def fit(t, me, card, stone):
    """How well `card` goes with our cards on `stone` (bigger is better)."""
    i = stone * 2 + me
    k = t.cnt[i]
    n = t.need[stone]
    col = card // 9
    s = card % 9
    if k == 0:
        return 8 + s
    o = i * 4
    same_col = same_str = True
    lo = hi = s
    distinct = True
    for j in range(k):
        c = t.board[o + j]
        cs = c % 9
        if c // 9 != col:
            same_col = False
        if cs != s:
            same_str = False
        if cs == s:
            distinct = False
        if cs < lo:
            lo = cs
        if cs > hi:
            hi = cs
    run = distinct and hi - lo < n
    v = s
    if run and same_col:
        v += 60
    elif same_str:
        v += 45
    elif same_col:
        v += 30
    elif run:
        v += 20
    # Finishing a stone whose other side is complete matters more.
    if k + 1 == n and t.cnt[i ^ 1] == n:
        v += 5
    return v


def choose_easy(view, rng, moves=None):
    """One move for the player to move in `view` (a claim first, then DONE; else a play).

    moves: the legal moves if known (the fallback after a MemoryError allocates nothing)."""
    if moves is None:
        moves = view.legal_moves()
    if view.phase == PH_CLAIM:
        return moves[0]  # claims are sorted before DONE
    if moves[0] == PASS:
        return PASS
    me = view.to_move
    best = -1
    bestv = -1
    for mv in moves:
        if mv == PASS:
            continue
        c, s = decode_play(mv)
        v = fit(view, me, c, s) * 4 + rng.randrange(12)
        if v > bestv:
            bestv = v
            best = mv
    return best if best >= 0 else DONE
