"""Schotten Totten 2: the legal moves of the player to move (a base class of engine.st2.table's
Table, so that a State and a View both list them; the move space: engine.st2.moves)."""

from engine.st2.cards import NTILES, WALL
from engine.st2.moves import ATTACKER, CAULDRON, DECLARE, DEFENDER, DONE, PH_DECLARE, PH_PLAY, RETREAT


class Legal:
    """Legal-move listing over the table's bytearrays (needs hand_of and declarable)."""

    def open_tiles(self, p):
        """Tiles where player p may still place a card."""
        cnt, side = self.cnt, self.side
        return [t for t in range(NTILES) if cnt[t * 2 + p] < WALL[t * 2 + side[t]] >> 4]

    def retreat_mask(self):
        """Bit t set for each tile where the Attacker has a card (a retreat may choose them)."""
        m = 0
        for t in range(NTILES):
            if self.cnt[t * 2]:
                m |= 1 << t
        return m

    def prep_moves(self):
        """The preparation actions open to the player to move (sorted)."""
        if self.phase != PH_PLAY or self.prep:
            return []
        if self.to_move == DEFENDER:
            if not self.oil:
                return []
            return [CAULDRON + t for t in range(NTILES) if self.cnt[t * 2]]
        full = self.retreat_mask()
        return [RETREAT + m for m in range(1, full + 1) if m & full == m]

    def legal_moves(self):
        """Every legal move of the player to move, sorted (empty when the game is over)."""
        ph = self.phase
        if ph == PH_DECLARE:
            out = [DECLARE + t for t in self.declarable()]
            out.append(DONE)
            return out
        if ph != PH_PLAY:
            return []
        p = self.to_move
        out = []
        tiles = self.open_tiles(p)
        if tiles:
            for c in sorted(self.hand_of(p)):
                for t in tiles:
                    out.append(c * 7 + t)
        if p == ATTACKER:
            for t in self.declarable():
                out.append(DECLARE + t)
        return out + self.prep_moves()
