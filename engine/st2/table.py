"""Schotten Totten 2: the table both players see — state layout, move space, declarations.

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

A turn (phases): PH_PLAY — the optional preparation action (at most one: a retreat or a
cauldron), the Attacker's declarations (any number, before or after the preparation), then one
card; the Defender's card ends the turn (draw). After the Attacker's card comes PH_DECLARE
while a declaration is possible: declarations, then DONE (draw); with none possible the turn
ends at once. Numbers 3..5 are kept for the variant: PH_DRAW (deck choice), PH_ACTION
(multi-step action cards), PH_EXCHANGE (the non-moving player's step).

Moves are ints in one flat space (legal lists come back sorted):
  PLAY      card * 7 + tile      play a hand card at a tile (0..503; ids 60..71 kept for tactics)
  DECLARE   504 + tile           the Attacker declares control of a tile
  CAULDRON  511 + tile           the Defender's oil cauldron on a tile
  RETREAT   518 + mask           the Attacker retreats from the tiles of mask (bit t = tile t;
                                 1..127, so 519..645)
  DONE      646                  end the declarations after playing, and draw
  647..767  kept for the variant: DRAW_SIEGE 648, DRAW_TACTIC 649, TARGET_CARD 650 + card,
            TARGET_TILE 722 + tile (action cards and the Exchange)
Example: B11 (47) at tile 3 (index 2) is 47 * 7 + 2 = 331; declaring tile 3 is 506; a
cauldron on tile 3 is 513; retreating from tiles 1 and 3 is 518 + 0b101 = 523.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import NSIEGE, NTILES, kind, need
from engine.st2.prove import beat, score

SLOTS = const(4)
HMAX = const(7)
HAND = const(6)
OIL = const(3)
ATTACKER = const(0)
DEFENDER = const(1)

PLAY = const(0)
DECLARE = const(504)
CAULDRON = const(511)
RETREAT = const(518)
DONE = const(646)
DRAW_SIEGE = const(648)
DRAW_TACTIC = const(649)
TARGET_CARD = const(650)
TARGET_TILE = const(722)
NMOVES = const(768)

PH_PLAY = const(0)
PH_DECLARE = const(1)
PH_OVER = const(2)
PH_DRAW = const(3)
PH_ACTION = const(4)
PH_EXCHANGE = const(5)


def encode_play(card, tile):
    """PLAY move for a card int and a 0-based tile: encode_play(47, 2) == 331."""
    return card * 7 + tile


def decode_play(move):
    """(card, tile) of a PLAY move: decode_play(331) == (47, 2)."""
    return move // 7, move % 7


def encode_retreat(tiles):
    """RETREAT move for an iterable of 0-based tiles: encode_retreat((0, 2)) == 523."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return RETREAT + m


def decode_retreat(move):
    """0-based tiles of a RETREAT move, ascending: decode_retreat(523) == [0, 2]."""
    m = move - RETREAT
    return [t for t in range(NTILES) if m >> t & 1]


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


class Table:
    """What both players see: shared by State and View (declaration checks work on either)."""

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
        for t in range(NTILES):
            if self.cnt[t * 2] == need(t, self.side[t]) and self.declare_check(t) is None:
                out.append(t)
        return out

    def open_tiles(self, p):
        """Tiles where player p may still place a card."""
        return [t for t in range(NTILES) if self.cnt[t * 2 + p] < need(t, self.side[t])]

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

    def complete_all(self, p):
        """True if every one of player p's formations is complete."""
        for t in range(NTILES):
            if self.cnt[t * 2 + p] < need(t, self.side[t]):
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

    def discard(self):
        """The discard pile (public), sorted."""
        return [c for c in range(NSIEGE) if self.loc[c] == 2]
