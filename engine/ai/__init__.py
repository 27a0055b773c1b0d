"""AI players: one interface for every level, fed only a player's View.

    move = choose(view, rng, level=HARD, ms=0, tick=None)

`view` must be an `engine.st1.View` (a `State` is refused: the AI never sees hidden cards),
`rng` an `engine.rng.Rng`, `level` one of EASY, MEDIUM, HARD, EXPERT or a `Budget`. The
answer is one legal move int of the player to move. A turn of several steps (a play, then
claims, then DONE; later games: a card, then its target) is asked for one step at a time
with the new view; `engine.ai.player.Player` (desktop only: the arena, the benchmarks) keeps a
plan across the steps of one turn for searches that decide several steps at once. `ms` caps the search in wall-clock time (device only: a cap
makes the move depend on the machine's speed); without it the work is counted in units
and a seed reproduces a game exactly. `tick()`, if given, is called every few
milliseconds of desktop work while the AI thinks (the UI's thinking indicator); it cannot
change the move.

A hint for a human is `choose(human_view, rng, level)`: the same code on the human's view.

Games: the view names its game (`view.GAME`, numbered as in engine.games) and `choose`
imports only that game's AI. The first game's search (engine.ai.st1.easy, search, judge, know,
lookahead) is its own code, under these names because the UI unloads them by name at the
title; it reads moves only with engine.st1's helpers (decode_play, encode_play) and named moves
(PASS, DONE). The first game's tactic variant (a TView: `view.VARIANT` set) is the package
engine.ai.st1.tactic (its levels: engine.ai.st1.tactic.BUDGETS), the second game's tactic variant the
package engine.ai.st2.tactic (engine.ai.st2.tactic.BUDGETS). The second game's, both roles, is the package
engine.ai.st2 (its levels: engine.ai.st2.BUDGETS); neither game's AI imports the other
game's modules.
"""

from engine.ai.budget import BUDGETS, Budget  # noqa: F401 - the levels' budgets, re-exported
from engine.errors import IllegalMove

EASY = 0
MEDIUM = 1
HARD = 2
EXPERT = 3
NAMES = ("easy", "medium", "hard", "expert")

_srch = None
stats = [0]  # searches cut short by a MemoryError (and answered by the fallback)


def level_of(name):
    """Level int from a name ('hard') or an int; IllegalMove for anything else."""
    if isinstance(name, int) and 0 <= name < 4:
        return name
    if isinstance(name, str) and name.lower() in NAMES:
        return NAMES.index(name.lower())
    raise IllegalMove("unknown AI level %r" % (name,))


def _search():
    global _srch
    if _srch is None:
        from engine.ai.st1.search import Search

        _srch = Search()
    return _srch


def release():
    """Free the search buffers of either game (they are made again on the next search)."""
    global _srch
    _srch = None
    import sys

    for name in ("engine.ai.st2", "engine.ai.st1.tactic", "engine.ai.st2.tactic"):
        m = sys.modules.get(name)
        if m is not None:
            m.release()
    import gc

    gc.collect()


def entry(view, level=HARD):
    """(fn, budget) of `view`'s ruleset at `level`: fn(view, rng, budget, ms, tick, stats) is
    choose's move. The device calls fn itself: one frame fewer under the search (its Python
    stack is 2 KB)."""
    game = getattr(view, "GAME", 1)  # the view's game (engine.games)
    if getattr(view, "VARIANT", 0):  # a tactic variant's TView
        if game == 2:
            from engine.ai.st2 import tactic as m
        else:
            from engine.ai.st1 import tactic as m
    elif game == 2:
        from engine.ai import st2 as m
    elif game == 1:
        b = level if isinstance(level, Budget) else BUDGETS[level_of(level)]
        if isinstance(b, tuple):  # one budget per claim timing
            b = b[view.timing]
        return choose1, b
    else:
        raise IllegalMove("no AI for game %r" % (game,))
    return m.choose, level if isinstance(level, Budget) else m.BUDGETS[level_of(level)]


def choose(view, rng, level=HARD, ms=0, tick=None):
    """One legal move for the player to move in `view` (see the module docstring)."""
    fn, b = entry(view, level)
    return fn(view, rng, b, ms, tick, stats)


def choose1(view, rng, b, ms, tick, stats):
    """The first game's base game: choose's move with Budget b (None: Easy)."""
    from engine.st1 import PH_CLAIM, View

    if not isinstance(view, View):
        raise TypeError("the AI takes a View (state.view(p)), never a State")
    moves = view.legal_moves()
    if not moves:
        raise IllegalMove("it is not this player's turn, or the game is over")
    if view.phase == PH_CLAIM:
        # A proven claim never hurts: the stone is ours whatever comes, and claiming it
        # closes it to the opponent and may end the game. Claim all, then end the step.
        return moves[0]
    if len(moves) == 1:
        return moves[0]
    if b is None:
        from engine.ai.st1.easy import choose_easy  # not loaded by Medium and Hard but to fall back

        return choose_easy(view, rng, moves)
    srch = None
    try:
        srch = _search()
        srch.best = -1
        srch.j.tick = tick
        srch.j.hand_w = b.hand
        srch.j.late = b.late
        if b.cands > 1 or b.ecands > 1:  # Expert's look-ahead (desktop only)
            from engine.ai.st1.lookahead import plays
        else:
            from engine.ai.st1.search import plays

        return plays(view, rng, srch, b, ms)
    except MemoryError:
        stats[0] += 1
        best = srch.best if srch is not None else -1
        srch = None
        release()
        if best in moves:
            return best
        from engine.ai.st1.easy import choose_easy

        return choose_easy(view, rng, moves)
