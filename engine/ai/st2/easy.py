"""Schotten Totten 2's Easy player, both roles: one tile at a time, never the unseen cards.

The Attacker declares every tile it can, retreats from a tile where its complete formation
has lost to the Defender's, and plays the card that best fits what it already has on a tile
(the tile's formation types counted: a colour-run in the making, same strength, colour, run;
high cards on a sum tile, low ones on a lowest-sum tile), with a little noise. The Defender
plays the same way and throws a cauldron on a tile where the Attacker's formation is
complete and its own is not. It is also the fallback of every search (it allocates next to
nothing: the legal moves are given).
"""

from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME, NTILES, WALL
from engine.st2.game import KIND_CAULDRON, KIND_DECLARE, KIND_PLAY, KIND_RETREAT, decode, encode, kind
from engine.st2.moves import ATTACKER, PH_DECLARE, SLOTS, decode_play


def fit(t, p, card, tile):
    """How well `card` goes with player p's cards at `tile` of table t (bigger is better)."""
    i = tile * 2 + p
    w = WALL[tile * 2 + t.side[tile]]
    n = w >> 4
    kd = w & 15
    k = t.cnt[i]
    col = card // 12
    s = card % 12
    v = 11 - s if kd == K_LOW else s
    if k == 0:
        return 8 + v
    o = i * SLOTS
    same_col = same_str = distinct = True
    lo = hi = s
    for j in range(k):
        c = t.board[o + j]
        cs = c % 12
        if c // 12 != col:
            same_col = False
        if cs != s:
            same_str = False
        else:
            distinct = False
        if cs < lo:
            lo = cs
        if cs > hi:
            hi = cs
    run = distinct and hi - lo < n
    if kd == K_ALL:
        if run and same_col:
            v += 60
        elif same_str:
            v += 45
        elif same_col:
            v += 30
        elif run:
            v += 20
    elif kd == K_SAME and same_str:
        v += 45
    elif kd == K_COLOUR and same_col:
        v += 30
    elif kd == K_RUN and run and not same_col:
        v += 20
    # Finishing a tile whose other side is complete matters more.
    if k + 1 == n and t.cnt[i ^ 1] == n:
        v += 5
    return v


def choose_easy(view, rng, moves=None):
    """One legal move for the player to move in `view` (moves: the legal moves if known); a
    generator, its one value the move (its frame on the heap: the declaration checks of
    easy_prep run under it, engine.ai.st2.search)."""
    if moves is None:
        moves = view.legal_moves()
    best = -1
    for mv in moves:
        if kind(mv) == KIND_DECLARE:
            best = mv  # a declaration that holds is never wrong: declare it at once
            break
    else:
        if view.phase == PH_DECLARE:
            best = moves[-1]  # DONE
        else:
            plays = False
            for mv in moves:
                if kind(mv) == KIND_PLAY:
                    plays = True
                    break
            if not view.prep:
                best = next(easy_prep(view, moves, plays))
            if best < 0:
                me = view.to_move
                bestv = -1
                for mv in moves:
                    if kind(mv) != KIND_PLAY:
                        continue
                    c, tile = decode_play(mv)
                    v = fit(view, me, c, tile) * 4 + rng.randrange(12)
                    if v > bestv:
                        bestv = v
                        best = mv
            if best < 0:
                for mv in moves:
                    if kind(mv) == KIND_RETREAT:
                        best = mv
                        break
    yield best


def easy_prep(view, moves, plays):
    """Easy's preparation action, or -1: the Attacker retreats from its lost tiles, where its
    complete formation has lost to the Defender's complete one (from its weakest tile if it
    has no card to play); the Defender throws a cauldron on a tile where the Attacker's
    formation is complete and its own is not. A generator, its one value the move (the
    declaration checks run under its caller)."""
    best = -1
    if view.to_move == ATTACKER:
        lost = 0
        for tile in range(NTILES):
            n = WALL[tile * 2 + view.side[tile]] >> 4
            if view.cnt[tile * 2] == n and view.cnt[tile * 2 + 1] == n:
                if view.declare_check(tile) == []:
                    lost |= 1 << tile
        if not plays and not lost:
            # Every formation complete, none lost yet: give up the weakest tile.
            lost = 1 << _weakest(view)
        if lost:
            mv = encode(KIND_RETREAT, -1, -1, lost)
            if mv in moves:
                best = mv
    else:
        for mv in moves:
            if kind(mv) == KIND_CAULDRON:
                tile = decode(mv)[2]
                n = WALL[tile * 2 + view.side[tile]] >> 4
                if view.cnt[tile * 2] == n and view.cnt[tile * 2 + 1] < n:
                    best = mv
                    break
    yield best


def _weakest(t):
    """The Attacker's tile with the lowest formation score (a full side's retreat)."""
    from engine.st2.prove import score

    best = -1
    bv = 1 << 20
    for tile in range(NTILES):
        w = WALL[tile * 2 + t.side[tile]]
        n = w >> 4
        if t.cnt[tile * 2] == n:
            v = score(t.cards_at(tile, 0), n, w & 15)
            if v < bv:
                bv = v
                best = tile
    return best
