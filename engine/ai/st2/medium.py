"""Medium's share of the second game's card plays (engine.ai.st2.search.score_all, both
variants): the Judge scores only the plays this cut keeps. Imported only for Medium, so Hard's
games on the device never compile it.
"""

from engine.ai.st2.easy import fit
from engine.st2.cards import K_LOW, NTILES, WALL
from engine.st2.game import DONE, KIND_PLAY, kind
from engine.st2.moves import decode_play

_moves = []  # the copy, reused


def cut(j, moves, fits):
    """A copy of moves (the same list every time) where the card plays the Judge j (set up) is
    not to score are DONE (not a card play: the Judge leaves it out): on each tile the two
    cards that fit it best by Easy's fit (ties too) are kept, on a tile where our side is
    empty the best one (a fit there is only the card's strength, as easy.fit gives it: the
    call saved). In the tactic variant (Judge.med, engine.ai.st2.tactic.search) only the first
    play of the best fit on each tile is kept. fits: a buffer as long as moves (each play's
    fit * 8 + its tile, -1 for another move)."""
    me = j.me
    cnt = j.cnt
    top = j.pc  # the best fit per tile
    sec = j.pv  # the second best
    for s in range(NTILES):
        top[s] = sec[s] = -1
    n = len(moves)
    for i in range(n):
        if kind(moves[i]) != KIND_PLAY:
            fits[i] = -1
            continue
        c, s = decode_play(moves[i])
        if cnt[s * 2 + me]:
            f = fit(j, me, c, s)
        elif WALL[s * 2 + j.side[s]] & 15 == K_LOW:
            f = 19 - c % 12
        else:
            f = 8 + c % 12
        fits[i] = f * 8 + s
        if f > top[s]:
            sec[s] = top[s]
            top[s] = f
        elif f > sec[s]:
            sec[s] = f
    out = _moves
    del out[:]
    out.extend(moves)
    one = getattr(
        j, "med", False
    )  # the tactic variant's Judge (engine.ai.st2.tactic.search): one play a tile
    for i in range(n):
        x = fits[i]
        if x < 0:
            continue
        s = x & 7
        f = x >> 3
        if one:
            if f < top[s] or sec[s] == -2:
                out[i] = DONE
            else:
                sec[s] = -2  # this tile's play is kept
        elif f < (sec[s] if cnt[s * 2 + me] else top[s]):
            out[i] = DONE
    return out
