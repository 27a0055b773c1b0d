"""Schotten Totten 2: the table both players see — the state layout, declarations, legal moves.

Player 0 is always the Attacker (shown as player 1), player 1 the Defender; a revenge match
swaps who sits in which role (engine.st2.match). State, as bytearrays (cards: engine.st2.cards):
  board[(tile * 2 + p) * 4 + k]  k-th card player p played at tile 0..6, in play order (k = 0
                                 is the card closest to the tile: the one a cauldron removes)
  cnt[tile * 2 + p]              cards on that side
  done[tile * 2 + p]             stamp (`nplayed` when that side completed; 0 = incomplete):
                                 the earlier completion wins a tie
  side[tile]                     0 undamaged, 1 damaged
  loc[card]                      0 hidden (a hand or the deck), 1 on a tile, 2 in the discard
                                 (public); 72 long: ids 60..71 are the tactic variant's
  hand[p * 7 + i]                player p's hand (255 = empty slot; 7 slots for the variant)
  deck[:ndeck]                   the siege deck, drawn from the end
Scalars: to_move, phase, winner (255 = none), turn, nplayed (cards played so far, the
completion stamp), oil (cauldrons left, 3..0), prep (1 once this turn's preparation action is
taken), variant (0 base; 1 the tactic variant, issue 15).

The move space and its phases: engine.st2.moves.
"""

from engine.st2.cards import NSIEGE, NTILES, WALL, kind, need
from engine.st2.legal import Legal
from engine.st2.moves import ATTACKER, PH_DECLARE, SLOTS
from engine.st2.prove import beat, score


def copy_table(dst, src):
    """Give `dst` its own copy of what both players see in `src` (a State or a View)."""
    dst.board = src.board[:]
    dst.cnt = src.cnt[:]
    dst.done = src.done[:]
    dst.side = src.side[:]
    dst.loc = src.loc[:]
    dst.to_move = src.to_move
    dst.phase = src.phase
    dst.winner = src.winner
    dst.turn = src.turn
    dst.nplayed = src.nplayed
    dst.oil = src.oil
    dst.prep = src.prep
    dst.variant = src.variant
    dst.ndeck = src.ndeck


class Table(Legal):
    """What both players see: shared by State and View (declaration checks work on either)."""

    GAME = 2  # engine.games.load(st.GAME) is the game object of a State or View

    def cards_at(self, t, p):
        """Player p's cards at tile t, in play order (a new bytearray)."""
        o = (t * 2 + p) * SLOTS
        return self.board[o : o + self.cnt[t * 2 + p]]

    def need(self, t):
        return need(t, self.side[t])

    def kind(self, t):
        return kind(t, self.side[t])

    def damaged(self):
        """How many tiles show their damaged side."""
        n = 0
        for t in range(NTILES):
            n += self.side[t]
        return n

    def declare_check(self, t):
        """Why the Attacker may not declare control of tile t now, or None if it holds.

        A string for a declaration that cannot even be tried; otherwise a list: the Defender's
        cards that would beat the Attacker's formation (empty if the Defender's complete
        formation already wins)."""
        n = need(t, self.side[t])
        i = t * 2
        if self.cnt[i] < n:
            return "tile %d: the Attacker's formation is not complete" % (t + 1)
        kd = kind(t, self.side[t])
        o = i * SLOTS
        mine = score(self.board[o : o + n], n, kd)
        k = self.cnt[i + 1]
        if k == n:
            theirs = score(self.board[o + SLOTS : o + SLOTS + n], n, kd)
            if mine > theirs or (mine == theirs and self.done[i] < self.done[i + 1]):
                return None
            return []
        return beat(mine, self.board[o + SLOTS : o + SLOTS + k], k, n, kd, self.loc)

    def declarable(self):
        """Tiles the Attacker may declare control of now (sorted; empty if not their step)."""
        if self.to_move != ATTACKER or self.phase > PH_DECLARE:
            return []
        out = []
        cnt, side = self.cnt, self.side
        for t in range(NTILES):
            if cnt[t * 2] == WALL[t * 2 + side[t]] >> 4 and self.declare_check(t) is None:
                out.append(t)
        return out

    def complete_all(self, p):
        """True if every one of player p's formations is complete."""
        cnt, side = self.cnt, self.side
        for t in range(NTILES):
            if cnt[t * 2 + p] < WALL[t * 2 + side[t]] >> 4:
                return False
        return True

    def undamaged_plus_oil(self):
        """The revenge tie-break of a Defender's win: tiles in good repair plus cauldrons left."""
        return NTILES - self.damaged() + self.oil

    def unseen(self):
        """Flags (1) of the siege cards not visible: not on a tile and not in the discard."""
        u = bytearray(NSIEGE)
        loc = self.loc
        for c in range(NSIEGE):
            if not loc[c]:
                u[c] = 1
        return u

    def discard(self, top=NSIEGE):
        """The discard pile (public), sorted: the siege cards, or the cards with ids below top
        (the tactic variant's elite troops are discarded too)."""
        loc = self.loc
        return [c for c in range(top) if loc[c] == 2]
