"""The AI of Schotten Totten's tactic variant (both claim timings): engine.ai.choose hands it
a TView of the first game (engine.st1.tactic.view). Levels as the base game's (docs/AI.md): Easy
(engine.ai.st1.tactic.easy), Medium and Hard (engine.ai.st1.tactic.search on judge and know),
Expert's look-ahead (engine.ai.st1.tactic.lookahead, desktop only). The base game's AI never imports
this package.
"""

from engine.ai.budget import Budget
from engine.ai.st1.tactic.easy import choose_teasy
from engine.errors import IllegalMove
from engine.st1.table import DONE, PASS, encode_play

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_NCLAN = const(54)
_RECRUITER = const(60)
_STRATEGIST = const(61)
_TRAITOR = const(63)
_DRAW = const(587)
_STEP_CARD = const(589)
_STEP_STONE = const(653)
_STEP_DISCARD = const(662)
_PH_PLAY = const(0)
_PH_CLAIM = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)
_NONE = const(255)


class TBudget(Budget):
    """A Budget with the tactic value model's knobs (docs/AI.md, tactic variant): tcost,
    the cost of spending a tactic card (1/1024ths of the game value); recruit, what a
    Recruiter is worth; tdraw, topt: the draw and a held card's option value
    (search); notac, never play or draw tactic cards (a yardstick); ahead, tbonus: with the
    game value at `ahead` or more (1/1024ths; 0: never) a tactic card costs -tbonus instead,
    so that the cards flow when the game is won anyway (issue 36: the one-more rule locks the
    other player out while we hold ours)."""

    def __init__(self, full, cands, samples, units, tcost=60, recruit=20, tdraw=1, notac=0, topt=300, **kw):
        self.ahead = kw.pop("ahead", 0)
        self.tbonus = kw.pop("tbonus", 0)
        Budget.__init__(self, full, cands, samples, units, **kw)
        self.tcost = tcost
        self.topt = topt
        self.recruit = recruit
        self.tdraw = tdraw
        self.notac = notac


BUDGETS = (
    None,  # Easy: no search
    TBudget(False, 0, 0, 0, ahead=300, tbonus=30),  # Medium: ahead, tactic cards at a bonus
    TBudget(True, 0, 0, 0, topt=400, ahead=850),  # Hard: a held card kept longer, free well ahead
    TBudget(True, 4, 12, 0),  # Expert: Hard's best 4 plays in 12 deals (lookahead), topt 300
)

_srch = None


class Search:
    """Every buffer a decision needs, made once."""

    def __init__(self):
        from engine.ai.st1.tactic.judge import TJudge

        self.j = TJudge()
        self.pc = [0] * 9
        self.best = -1
        self.bestv = 0  # the best play's value (Expert's leaf)
        self.vals = None  # a list: the value of every play is appended (Expert)
        self.look = None  # Expert's buffers (engine.ai.st1.tactic.lookahead), made on first use


def buffers():
    global _srch
    if _srch is None:
        _srch = Search()
    return _srch


def release():
    global _srch
    _srch = None


def choose(view, rng, b, ms, tick, stats):
    """One legal move for the player to move in `view` (a TView) with budget b (None: Easy).
    A MemoryError anywhere (the legal moves, the search) falls back to the best move found
    so far, else Easy's on the moves already listed, else a move that allocates nothing."""
    return next(_choose(view, rng, b, ms, tick, stats))


def _choose(view, rng, b, ms, tick, stats):
    """choose's work: a generator, its one value the move. A generator's frame lives on the
    heap, so the search under it has all the Python stack (2 KB on the board) but
    engine.ai.choose's and choose's own (engine.ai.st1.tactic.search)."""
    from engine.st1.tactic.view import TView

    if not isinstance(view, TView):
        raise TypeError("the AI takes a View (state.view(p)), never a State")
    if view.to_move != view.me or view.phase == _PH_OVER:
        raise IllegalMove("it is not this player's turn, or the game is over")
    mv = -1
    try:
        if view.phase == _PH_CLAIM:  # legal_moves' first move, without its calls' stack
            moves = view.claimable_by(view.me, True)
            mv = moves[0] if moves else DONE  # a proven claim never hurts
        else:
            moves = view.legal_moves()
            if len(moves) == 1:
                mv = moves[0]
    except MemoryError:
        stats[0] += 1
        release()
        mv = emergency(view)
    if mv < 0 and b is None:
        mv = choose_teasy(view, rng, moves)
    elif mv < 0:
        if not isinstance(b, TBudget):  # a plain Budget (sim.tune's): the model's defaults
            b = TBudget(b.full, b.cands, b.samples, b.units, hand=b.hand, late=b.late)
        srch = None
        try:
            srch = buffers()
            srch.best = -1
            srch.j.tick = tick
            srch.j.hand_w = b.hand
            srch.j.late = b.late
            if b.cands > 1 and b.samples > 0 and view.phase == _PH_PLAY:
                from engine.ai.st1.tactic.lookahead import look_ahead

                mv = next(look_ahead(view, rng, srch, b, ms, moves))
            else:
                if b.full:
                    from engine.ai.st1.tactic.search import decision
                else:  # Medium: its own module (it imports search's shared parts)
                    from engine.ai.st1.tactic.medium import decision

                mv = next(decision(view, moves, srch, b))
            if mv not in moves:
                mv = choose_teasy(view, rng, moves)
        except MemoryError:
            stats[0] += 1
            best = srch.best if srch is not None else -1
            srch = None
            release()
            import gc

            gc.collect()
            if best in moves:
                mv = best
            else:
                try:
                    mv = choose_teasy(view, rng, moves)
                except MemoryError:
                    mv = emergency(view)
    yield mv


def emergency(view):
    """A legal move found without allocating: DONE at the claim step, the clan deck (or
    the tactic deck) at a draw, the first clan card on the first stone with room, else a
    pass; in a ruse, its first possible step."""
    me = view.me
    ph = view.phase
    if ph == _PH_CLAIM:
        return DONE
    if ph == _PH_DRAW:
        return _DRAW if view.ndeck else _DRAW + 1
    if ph == _PH_PLAY:
        for s in range(9):
            if not view.owner[s] and view.cnt[s * 2 + me] < view.need[s]:
                for c in view.hand:
                    if c < _NCLAN:
                        return encode_play(c, s)
        return PASS
    a = view.act
    if a == _RECRUITER:
        if view.left:
            return _DRAW if view.ndeck else _DRAW + 1
        for c in view.hand:
            if c != _NONE:
                return _STEP_CARD + c
    if view.asel == _NONE:
        side = me if a == _STRATEGIST else me ^ 1
        for s in range(9):
            if view.owner[s]:
                continue
            i = s * 2 + side
            for k in range(view.cnt[i]):
                c = view.board[i * 4 + k]
                if a != _TRAITOR or c < _NCLAN:
                    return _STEP_CARD + c
    if a == _STRATEGIST:
        return _STEP_DISCARD
    for s in range(9):
        if not view.owner[s] and view.cnt[s * 2 + me] < view.need[s]:
            return _STEP_STONE + s
    raise IllegalMove("no move")
