"""An AI seat for the desktop's games (the arena, benchmarks, tests): a level, its own random
stream and the plan of the turn in progress. Not on the device: the handheld asks
engine.ai.choose directly (ui.app), and this class's names stay out of engine.ai's compile
(docs/BENCHMARKS.md, Memory)."""

from engine.ai import HARD, Budget, choose, level_of
from engine.rng import Rng


class Player:
    """An AI seat: level, its own random stream, and the plan of the turn in progress."""

    def __init__(self, level=HARD, seed=1, ms=0, tick=None):
        self.tick = tick
        self.level = level if isinstance(level, Budget) else level_of(level)
        self.rng = Rng(seed)
        self.ms = ms
        self.plan = []
        self.plan_turn = -1

    def move(self, view):
        """Next step of this seat's turn; a planned step is used while it is still legal."""
        if self.plan and self.plan_turn == view.turn:
            mv = self.plan.pop(0)
            if mv in view.legal_moves():
                return mv
        self.plan = []
        return choose(view, self.rng, self.level, self.ms, self.tick)
