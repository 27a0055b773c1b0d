"""Medium's share of the second game's card plays (engine.ai.st2.search.score_all, both
variants): the Judge scores only the plays this cut keeps. Imported only for Medium, so Hard's
games on the device never compile it.
"""

from engine.ai.st2.easy import fit
from engine.st2.cards import NTILES
from engine.st2.game import DONE, KIND_PLAY, kind
from engine.st2.moves import decode_play

_moves = []  # the copy, reused


def cut(j, moves, fits):
    """A copy of moves (the same list every time) where the card plays the Judge j (set up) is not to score are DONE
    (not a card play: the Judge leaves it out): on each tile the two cards that fit it best
    by Easy's fit (ties too) are kept, on a tile where our side is empty the best one (a fit
    there is only the card's strength). fits: a buffer as long as moves."""
    me = j.me
    top = j.pc  # the best fit per tile
    sec = j.pv  # the second best
    for s in range(NTILES):
        top[s] = sec[s] = -1
    n = len(moves)
    for i in range(n):
        if kind(moves[i]) == KIND_PLAY:
            c, s = decode_play(moves[i])
            f = fits[i] = fit(j, me, c, s)
            if f > top[s]:
                sec[s] = top[s]
                top[s] = f
            elif f > sec[s]:
                sec[s] = f
    out = _moves
    del out[:]
    out.extend(moves)
    for i in range(n):
        if kind(moves[i]) == KIND_PLAY:
            s = decode_play(moves[i])[1]
            if fits[i] < (sec[s] if j.cnt[s * 2 + me] else top[s]):
                out[i] = DONE
    return out
