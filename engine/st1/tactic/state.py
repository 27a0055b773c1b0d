"""Schotten Totten tactic variant: the full State (the 2016 rulebook's "Tactic variant",
either claim timing). Layout and moves: engine.st1.tactic.table; decisions: docs/RULES.md. The
base game never imports this module.

A turn: (1999/Expert: the claim step,) a card or a pass, a ruse's steps (PH_ACTION), (2016:
the claim step,) then the draw: a move choosing the deck (PH_DRAW) when both decks hold
cards, by itself when one does, none after a pass, with a full hand or both decks empty.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st1.table import CLAIM, DONE, NSTONES, PASS, SLOTS
from engine.st1.tactic.table import copy_ttable
from engine.st1.tactic.turn import TCard

_NALL = const(64)
_NCLAN = const(54)
_THAND = const(7)
_HSLOTS = const(9)
_DRAW = const(587)
_TNMOVES = const(663)
_PH_PLAY = const(0)
_PH_CLAIM = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)
_T1999 = const(1)
_NONE = const(255)


class TState(TCard):
    """The whole tactic game (both hands, both decks' order). The AI gets a TView."""

    def __init__(self, seed=None, timing=0, first=0):
        self.board = bytearray(b"\xff" * (NSTONES * 2 * SLOTS))
        self.cnt = bytearray(NSTONES * 2)
        self.need = bytearray(b"\x03" * NSTONES)
        self.done = bytearray(NSTONES * 2)
        self.owner = bytearray(NSTONES)
        self.hand = bytearray(b"\xff" * (2 * _HSLOTS))
        self.deck = bytearray(range(_NCLAN))
        self.ndeck = _NCLAN
        self.timing = timing
        self.first = first
        self.to_move = first
        self.phase = _PH_CLAIM if timing == _T1999 else _PH_PLAY
        self.nplayed = 0
        self.turn = 0
        self.winner = _NONE
        self.lplay = -1
        self.lclaim = 0
        self.public = bytearray(_NALL)
        self.mode = bytearray(NSTONES)
        self.tdeck = bytearray(range(_NCLAN, _NALL))
        self.ntdeck = _NALL - _NCLAN
        self.disc = bytearray(b"\xff" * _NALL)
        self.ndisc = 0
        self.tp = bytearray(2)
        self.jk = 0
        self.kn = bytearray(_NALL)
        self.ev = bytearray(b"\xff\xff\xff\xff")
        self.act = self.asel = _NONE
        self.left = self.rets = 0
        self.played = self.passes = 0
        if seed is not None:
            from engine.rng import Rng

            r = Rng(seed)
            r.shuffle(self.deck)
            r.shuffle(self.tdeck)
            for i in range(_THAND):
                self.hand[i] = self._pop()
                self.hand[_HSLOTS + i] = self._pop()

    def copy(self):
        """An independent copy (a few slices)."""
        s = object.__new__(TState)
        copy_ttable(s, self)
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        s.tdeck = self.tdeck[:]
        s.kn = self.kn[:]
        return s

    def view(self, p):
        """What player p may see: a TView (engine.st1.tactic.view)."""
        from engine.st1.tactic.view import TView

        return TView(self, p)

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s turn); IllegalMove,
        with the state unchanged, if it is not legal."""
        if self.phase == _PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if player is not None and (player != p or type(player) is not int):
            if type(player) is not int or player < 0 or player > 1:
                raise IllegalMove("no such player: %r (players are 0 and 1)" % (player,))
            raise IllegalMove("it is player %d's turn, not player %d's" % (p + 1, player + 1))
        if type(move) is not int or move < 0 or move >= _TNMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        ph = self.phase
        if ph == _PH_PLAY:
            if move < CLAIM:
                self._tplay(p, move // 9, move % 9)
            elif move == PASS:
                self._pass(p)
            else:
                raise IllegalMove("it is the card step: play a card (or pass)")
        elif ph == _PH_CLAIM:
            if CLAIM <= move < DONE:
                self._tclaim(p, move - CLAIM)
            elif move == DONE:
                if self.timing == _T1999:
                    self.phase = _PH_PLAY
                else:
                    self._draw_or_end(p)
            else:
                raise IllegalMove("it is the claim step: claim stones or end it with DONE")
        elif ph == _PH_DRAW:
            if move != _DRAW and move != _DRAW + 1:
                raise IllegalMove("choose the deck to draw from: the clan deck or the tactic deck")
            self._draw(p, move - _DRAW)
            self._end_turn(p)
        else:
            self._step(p, move)
