"""The AI of Schotten Totten 2 (base game), both roles: engine.ai.choose hands it a View of
the second game. Levels as the first game's (docs/AI.md): Easy (engine.ai.st2.easy), Medium
and Hard (engine.ai.st2.search on engine.ai.st2.judge and know), Expert's look-ahead
(engine.ai.st2.lookahead, desktop only). Nothing here imports the first game's modules.
"""

from engine.ai.budget import Budget
from engine.ai.st2.easy import choose_easy
from engine.errors import IllegalMove
from engine.st2.cards import NONE, NTILES, WALL
from engine.st2.game import DONE, KIND_RETREAT, encode
from engine.st2.moves import PH_DECLARE, PH_PLAY, encode_play

BUDGETS = (
    None,  # Easy: no search
    Budget(False, 0, 0, 0, prep=0),
    Budget(True, 0, 0, 0),
    Budget(True, 3, 4, 0, end=4, ecands=3),
)

_srch = None


def buffers():
    """The search buffers, made once (engine.ai.release lets them go)."""
    global _srch
    if _srch is None:
        from engine.ai.st2.search import Search

        _srch = Search()
    return _srch


def release():
    global _srch
    _srch = None


def choose(view, rng, b, ms, tick, stats):
    """One legal move for the player to move in `view` (a View of the second game) with
    Budget b (None: Easy). A MemoryError anywhere in the search falls back to the best
    play found so far, else to Easy's move on the legal moves already listed."""
    from engine.st2.view import View

    if not isinstance(view, View):
        raise TypeError("the AI takes a View (state.view(p)), never a State")
    if view.to_move != view.me or view.phase > PH_DECLARE:
        raise IllegalMove("it is not this player's turn, or the game is over")
    try:
        moves = view.legal_moves()  # before the heap holds anything of ours (_choose's frame)
        if not moves:
            raise IllegalMove("it is not this player's turn, or the game is over")
        return moves[0] if len(moves) == 1 else next(_choose(view, rng, b, ms, tick, stats, moves))
    except MemoryError:  # the moves, or _choose's frame (its search answers its own)
        stats[0] += 1
        release()
        return emergency(view)


def _choose(view, rng, b, ms, tick, stats, moves):
    """choose's work once the legal moves are listed: a generator, its one value the move. A
    generator's frame lives on the heap, so what runs under it has all the Python stack (2
    KB on the board) but engine.ai.choose's and choose's (engine.ai.st2.search)."""
    if b is None:
        mv = next(choose_easy(view, rng, moves))
    else:
        srch = None
        try:
            srch = buffers()
            srch.best = -1
            srch.j.tick = tick
            srch.j.units = 0
            if b.cands > 1 and b.samples > 0:  # Expert's look-ahead
                from engine.ai.st2.lookahead import expert as decide
            else:
                from engine.ai.st2.search import decide

            mv = next(decide(view, rng, srch, b, ms, moves))
            if mv not in moves:
                mv = next(choose_easy(view, rng, moves))
        except MemoryError:
            stats[0] += 1
            best = srch.best if srch is not None else -1
            srch = None
            release()
            import gc

            gc.collect()
            mv = best if best in moves else next(choose_easy(view, rng, moves))
    yield mv


def emergency(view):
    """A legal move that allocates nothing, for when even the legal-move list cannot be made:
    DONE after the card; else the first hand card on the first tile with room on our side;
    else (the Attacker, every side complete) a retreat from its first tile with cards."""
    if view.phase == PH_DECLARE:
        return DONE
    me = view.me
    if view.phase == PH_PLAY:
        for t in range(NTILES):
            if view.cnt[t * 2 + me] < WALL[t * 2 + view.side[t]] >> 4:
                for c in view.hand:
                    if c != NONE:
                        return encode_play(c, t)
        for t in range(NTILES):
            if view.cnt[t * 2]:
                return encode(KIND_RETREAT, -1, -1, 1 << t)
    raise IllegalMove("no move")
