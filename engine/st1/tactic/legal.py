"""Tactic variant: the legal moves of every step (sorted), shared by TState and TView."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st1.table import CLAIM, DONE, NSTONES, PASS
from engine.st1.tactic.table import TTable

# As engine.st1.tactic.table's public names (tests/test_tactic_notation.py::
# test_the_move_numbers_agree_between_the_game_object_and_the_engine checks them): private
# consts cost nothing on the board.
_NCLAN = const(54)
_JOKER2 = const(55)
_SHIELD = const(57)
_MUD = const(59)
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


class TLegal(TTable):
    """Legal moves of the tactic variant."""

    def play_moves(self, p, hand):
        """The PLAY (and PASS) moves of p holding `hand` (a list, sorted here), sorted."""
        out = []
        owner = self.owner
        opens = self.open_stones(p)
        tac = self.tp[p] <= self.tp[p ^ 1]
        clan = False
        hand.sort()
        for c in hand:
            if c < _NCLAN:
                if opens:
                    clan = True
                    b = c * 9
                    out += [b + s for s in opens]
            elif not tac:
                break  # tactic cards come last in the sorted hand
            elif c <= _SHIELD:
                if c <= _JOKER2 and self.jk >> p & 1:
                    continue  # "Each player can only have one Joker on his side of the border."
                b = c * 9
                out += [b + s for s in opens]
            elif c <= _MUD:  # a combat mode: any unclaimed stone (its card is not on one)
                b = c * 9
                out += [b + s for s in range(NSTONES) if not owner[s]]
            elif self.can_resolve(c, p):
                out.append(c * 9)
        if not clan:
            out.append(PASS)
        return out

    def step_moves(self, p):
        """The moves of the ruse being resolved (phase PH_ACTION), sorted."""
        a = self.act
        if a == _RECRUITER:
            if self.left:
                return [_DRAW, _DRAW + 1]
            return [_STEP_CARD + c for c in sorted(self.hand_of(p))]
        if self.asel == _NONE:
            return [_STEP_CARD + c for c in self.targets(p, a != _STRATEGIST, a == _TRAITOR)]
        src = self.find(self.asel)[0] if a == _STRATEGIST else -1
        out = [_STEP_STONE + s for s in range(NSTONES) if s != src and self.room(s, p)]
        if a == _STRATEGIST:
            out.append(_STEP_DISCARD)
        return out

    def legal_moves(self):
        """Every legal move of the player to move, sorted (empty when the game is over)."""
        ph = self.phase
        if ph == _PH_OVER:
            return []
        p = self.to_move
        if ph == _PH_CLAIM:
            out = [CLAIM + s for s in self.claimable()]
            out.append(DONE)
            return out
        if ph == _PH_PLAY:
            return self.play_moves(p, self.hand_of(p))
        if ph == _PH_DRAW:
            return [_DRAW, _DRAW + 1]
        return self.step_moves(p)
