"""The AI of Schotten Totten 2's tactic variant, both roles: engine.ai.choose hands it a TView
of the second game (engine.st2.tactic.view). Levels as the base game's (docs/AI.md): Easy
(engine.ai.st2.tactic.easy), Medium and Hard (engine.ai.st2.tactic.search: the base game's search,
engine.ai.st2, on a Shim of the table, and the tactic value model engine.ai.st2.tactic.value).
Expert's look-ahead is engine.ai.st2.tactic.lookahead, desktop only: the device bundle leaves it out
(sim/bundle.py, DESKTOP_ONLY) and Expert plays Hard's move there. Nothing here imports the
first game's modules; the base game's AI never imports this package.
"""

from engine.ai.budget import Budget
from engine.errors import IllegalMove
from engine.st2.game import KIND_DRAW, KIND_PLAY, KIND_RETREAT, encode
from engine.st2.moves import DONE, PASS, encode_play

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_PH_PLAY = const(0)
_PH_DECLARE = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)
_FIRST = const(60)
_ACTIONS = const(64)
_NONE = const(255)


class TBudget2(Budget):
    """A Budget with the tactic value model's knobs (docs/AI.md): tcost, the Defender's option
    price of a tactic card kept (ONE units of the game value at a full siege deck, less as it
    runs out: engine.ai.st2.tactic.search.decide; Expert's look-ahead subtracts it whole); aopt,
    the Attacker's (the same way; Expert's look-ahead does not read it); tdraw,
    the Attacker draws a tactic card while holding fewer; ddraw, the Defender draws one once
    the siege deck holds this many or fewer; tlate, the Attacker draws tactic cards once the
    siege deck holds this many or fewer (two such draws are a turn more before the deck runs
    out); notac, never play or draw a tactic card unless forced (a yardstick). The rules:
    engine.ai.st2.tactic.search.draw. ahead, tbonus: with our game value at `ahead` or more
    (1/1024ths; 0: never) a tactic card's price is -tbonus instead (issue 36: the cards flow
    once the game is ours; Hard keeps 0: every setting that made it play 1.5 a game cost it
    about a point against Easy)."""

    def __init__(
        self, full, cands, samples, units, tcost=0, tdraw=1, ddraw=0, tlate=0, notac=0, aopt=0, **kw
    ):
        self.ahead = kw.pop("ahead", 0)
        self.tbonus = kw.pop("tbonus", 0)
        Budget.__init__(self, full, cands, samples, units, **kw)
        self.aopt = aopt
        self.tlate = tlate
        self.tcost = tcost
        self.tdraw = tdraw
        self.ddraw = ddraw
        self.notac = notac


BUDGETS = (
    None,  # Easy: no search
    TBudget2(False, 0, 0, 0, prep=0, ahead=300, tbonus=60),  # Medium: ahead, tactic cards at a bonus
    TBudget2(True, 0, 0, 0, tcost=150, ddraw=21, tlate=5, aopt=100),
    # Expert: Hard's best 4 moves at the card step, each in 6 deals (engine.ai.st2.tactic.lookahead);
    # from 3 siege cards left, the best 3 played out to the end of the game.
    TBudget2(True, 4, 6, 0, end=3, ecands=3, ddraw=21, tlate=5),
)

_srch = None


def buffers():
    """The search buffers, made once (engine.ai.release lets them go)."""
    global _srch
    if _srch is None:
        from engine.ai.st2.tactic.search import TSearch

        _srch = TSearch()
    return _srch


def release():
    global _srch
    _srch = None
    import sys

    m = sys.modules.get("engine.ai.st2.tactic.lookahead")
    if m is not None:
        m.release()


def choose(view, rng, b, ms, tick, stats):
    """One legal move for the player to move in `view` (a TView of the second game) with
    budget b (None: Easy). A MemoryError anywhere (the legal moves, the search) falls back to
    the best card found so far, else Easy's move on the moves already listed, else a move
    found without allocating."""
    from engine.st2.tactic.view import TView

    if not isinstance(view, TView):
        raise TypeError("the AI takes a View (state.view(p)), never a State")
    if view.to_move != view.me or view.phase == _PH_OVER:
        raise IllegalMove("it is not this player's turn, or the game is over")
    try:
        moves = view.legal_moves()  # before the heap holds anything of ours (_choose's frame)
        if not moves:
            raise IllegalMove("it is not this player's turn, or the game is over")
        return moves[0] if len(moves) == 1 else next(_choose(view, rng, b, tick, stats, moves))
    except MemoryError:  # the moves, or _choose's frame (its search answers its own)
        stats[0] += 1
        release()
        return emergency(view)


def _choose(view, rng, b, tick, stats, moves):
    """choose's work once the legal moves are listed: a generator, its one value the move. A
    generator's frame lives on the heap, so what runs under it has all the Python stack (2
    KB on the board) but engine.ai.choose's and choose's (engine.ai.st2.tactic.search)."""
    from engine.ai.st2.tactic.easy import choose_teasy

    if b is None:
        mv = next(choose_teasy(view, rng, moves))
    else:
        if not isinstance(b, TBudget2):
            b = TBudget2(b.full, b.cands, b.samples, b.units, prep=b.prep)
        srch = None
        try:
            srch = buffers()
            srch.best = -1
            srch.j.tick = tick
            srch.j.units = 0
            from engine.ai.st2.tactic.search import decision

            look = None
            if b.cands > 1 and b.samples > 0 and view.phase == _PH_PLAY:
                try:  # Expert's look-ahead, left out of the device bundle
                    from engine.ai.st2.tactic.lookahead import look_ahead as look
                except ImportError:
                    pass
            if look is not None:
                mv = next(look(view, rng, srch, b, moves))
            else:
                mv = next(decision(view, moves, srch, b))
            if mv not in moves:
                mv = next(choose_teasy(view, rng, moves))
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
                    mv = next(choose_teasy(view, rng, moves))
                except MemoryError:
                    mv = emergency(view)
    yield mv


def emergency(view):
    """A legal move found without allocating: DONE after the card; the siege deck (the
    tactic deck for the Attacker once the siege deck is empty); the first siege card on the
    first tile with room, else an elite troop there, else an action card, else a pass;
    in an action's step, the first card or tile it can take (from the legal steps)."""
    me = view.me
    ph = view.phase
    if ph == _PH_DECLARE:
        return DONE
    if ph == _PH_DRAW:
        return encode(KIND_DRAW, -1, -1, 1 if me == 0 and not view.ndeck and view.ntdeck else 0)
    if ph == _PH_PLAY:
        ok = view.may_tactic(me)
        for top in (_FIRST, _ACTIONS):
            for t in range(7):
                if view.cnt[t * 2 + me] < view.need(t):
                    for c in view.hand:
                        if c != _NONE and (c < _FIRST or ok) and c < top:
                            return encode_play(c, t)
        for c in view.hand:
            if c != _NONE and c >= _ACTIONS and ok and view.playable(c, me):
                return encode(KIND_PLAY, c)
        if view.pass_ok(me, ()):
            return PASS
        for t in range(7):
            if view.cnt[t * 2]:
                return encode(KIND_RETREAT, -1, -1, 1 << t)  # the Attacker (every side complete)
        raise IllegalMove("no move")
    from engine.st2.tactic.choice import step_moves

    return step_moves(view)[0]
