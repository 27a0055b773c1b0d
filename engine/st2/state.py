"""Schotten Totten 2: the full State and its rules. Layout: engine.st2.table; moves: engine.st2.moves."""

from engine.errors import IllegalMove

# The rules modules leaves first: compiling a module from source is the peak of the heap (on
# a board without precompiled modules), and it is lower when that compile is not nested in the
# imports of the modules that need it (docs/BENCHMARKS.md).
from engine.st2 import forms, legal, prove, table  # noqa: F401
from engine.st2.cards import NCARDS, NONE, NSIEGE, NTILES
from engine.st2.moves import (
    ATTACKER,
    DECLARE,
    DONE,
    HAND,
    HMAX,
    NMOVES,
    OIL,
    PH_DECLARE,
    PH_OVER,
    PH_PLAY,
    SLOTS,
)
from engine.st2.rules import Rules
from engine.st2.table import copy_table


class State(Rules):
    """The whole game (both hands, deck order). The AI never gets one: see view()."""

    def __init__(self, seed=None, variant=0):
        if variant != 0:
            raise IllegalMove(
                "no such variant: %r (0 the base game; 1, the tactic variant, is engine.st2.tactic.state)"
                % (variant,)
            )
        self.board = bytearray(b"\xff" * (NTILES * 2 * SLOTS))
        self.cnt = bytearray(NTILES * 2)
        self.done = bytearray(NTILES * 2)
        self.side = bytearray(NTILES)
        self.loc = bytearray(NCARDS)
        self.hand = bytearray(b"\xff" * (2 * HMAX))
        self.deck = bytearray(range(NSIEGE))
        self.ndeck = NSIEGE
        self.to_move = ATTACKER  # "The Attacker takes the first turn."
        self.phase = PH_PLAY
        self.winner = NONE
        self.turn = 0
        self.nplayed = 0
        self.oil = OIL
        self.prep = 0
        self.variant = variant
        if seed is not None:
            from engine.rng import Rng

            Rng(seed).shuffle(self.deck)
            for i in range(HAND):
                self.hand[i] = self._pop()
                self.hand[HMAX + i] = self._pop()

    def _pop(self):
        self.ndeck -= 1
        return self.deck[self.ndeck]

    def copy(self):
        """An independent copy (a few slices)."""
        s = object.__new__(State)  # MicroPython classes have no __new__ of their own
        copy_table(s, self)
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        return s

    def hand_of(self, p):
        o = p * HMAX
        return [c for c in self.hand[o : o + HMAX] if c != NONE]

    def view(self, p):
        """What player p may see: a View, holding copies and no link back to this state."""
        from engine.st2.view import View

        return View(self, p)

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s turn); IllegalMove,
        with the state unchanged, if it is not legal."""
        p = self.check(move, player)
        if move < DECLARE:
            self._play(p, move // 7, move % 7)
        elif move < DONE:
            from engine.st2.actions import act

            act(self, p, move)
        elif move == DONE:
            if self.phase != PH_DECLARE:
                raise IllegalMove("done ends the declarations after playing a card; play a card first")
            self.end_turn(p)
        else:
            raise IllegalMove("move %d belongs to the tactic variant, not the base game" % move)

    def check(self, move, player):
        """The player to move, after checking the game goes on, `player` and the move's type."""
        if self.phase == PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if player is not None and (player != p or type(player) is not int):
            if type(player) is not int or player < 0 or player > 1:
                raise IllegalMove("no such player: %r (players are 0 and 1)" % (player,))
            raise IllegalMove("it is player %d's turn, not player %d's" % (p + 1, player + 1))
        # type(), not isinstance(): a bool is an int subclass, and apply(True) is no move
        if type(move) is not int or move < 0 or move >= NMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        return p
