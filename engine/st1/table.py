"""Schotten Totten (base game): the table both players see — layout, move encoding, claims.

State is a few bytearrays (cards as in engine.cards, 255 = empty):
  board[(stone * 2 + side) * 4 + k]  k-th card a side played at a stone (4 slots: Mud Fight later)
  cnt[stone * 2 + side]              cards on that side;  need[stone]  cards a formation takes (3)
  done[stone * 2 + side]             number of cards played in the game when that side completed
                                     (0 = incomplete): the earlier completion wins a tie
  owner[stone]                       0 unclaimed, 1 or 2 the player who claimed it
  public[card]                       1 once the card is visible on the table
  hand[p * 7 + i]                    player p's hand, 255 for an empty slot
  deck[:ndeck]                       the face-down deck, drawn from the end
  lplay                              the last card play: turn << 11 | player << 10 | move (-1: none
                                     known, e.g. a position read from notation); lclaim: the
                                     stones claimed since it (bit s = stone s)
Players are 0 and 1 (shown as 1 and 2). A turn is PLAY then CLAIM under the 2016 timing
(claim after playing, before drawing), CLAIM then PLAY under the 1999/Expert timing.

Moves are ints in one flat space (legal lists come back sorted):
  card * 9 + stone   PLAY  that hand card on that stone (0..575: room for tactic cards 54..63)
  CLAIM + stone      claim a stone (576..584)
  DONE               end the claim step (585);  PASS  no card can be played (586)
Example: G7 (33) on stone 3 (index 2) is 33 * 9 + 2 = 299; claiming stone 3 is 578.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.cards import NCARDS
from engine.st1.prove import beat, score

NSTONES = const(9)
SLOTS = const(4)
HMAX = const(7)
HAND = const(6)
CLAIM = const(576)
DONE = const(585)
PASS = const(586)
NMOVES = const(587)
PH_PLAY = const(0)
PH_CLAIM = const(1)
PH_OVER = const(2)
T2016 = const(0)
T1999 = const(1)


def encode_play(card, stone):
    """PLAY move for a card int and a 0-based stone: encode_play(33, 2) == 299."""
    return card * 9 + stone


def decode_play(move):
    """(card, stone) of a PLAY move: decode_play(299) == (33, 2)."""
    return move // 9, move % 9


def copy_table(dst, src):
    """Give `dst` its own copy of what both players see in `src` (a State or a View)."""
    dst.board = src.board[:]
    dst.cnt = src.cnt[:]
    dst.need = src.need[:]
    dst.done = src.done[:]
    dst.owner = src.owner[:]
    dst.public = src.public[:]
    dst.timing = src.timing
    dst.first = src.first
    dst.to_move = src.to_move
    dst.phase = src.phase
    dst.nplayed = src.nplayed
    dst.turn = src.turn
    dst.winner = src.winner
    dst.ndeck = src.ndeck
    dst.lplay = src.lplay
    dst.lclaim = src.lclaim


class Table:
    """What both players see: shared by State and View (claim checks work on either)."""

    GAME = 1  # engine.games.load(st.GAME) is the game object of a State or View
    VARIANT = 0  # the base game; the tactic variant's TTable says 1

    def unseen(self, p):
        """Flags (54) of the clan cards player p cannot see: not on the table (nor in the
        tactic variant's discard) and not in p's hand; p < 0: the public set, which proofs use.
        The tactic variant's TTable uses it too: its tactic cards (54..63) have no flag."""
        u = bytearray(NCARDS)
        pub = self.public
        for c in range(NCARDS):
            if not pub[c]:
                u[c] = 1
        if p >= 0:
            for c in self.hand_of(p):
                if c < NCARDS:
                    u[c] = 0
        return u

    def side(self, stone, p):
        o = (stone * 2 + p) * SLOTS
        return self.board[o : o + self.cnt[stone * 2 + p]]

    def claim_check(self, stone, p, unseen=None):
        """Why player p may not claim `stone` now, or None if the claim holds.

        Returns a list of the cards the opponent could add to win (empty if its complete
        formation already wins), or a string for a claim that cannot even be tried.
        `unseen` defaults to the public unseen set (every card not on the table)."""
        if self.owner[stone]:
            return "stone %d is already claimed" % (stone + 1)
        n = self.need[stone]
        i = stone * 2 + p
        j = i ^ 1
        if self.cnt[i] < n:
            return "stone %d: your formation is not complete" % (stone + 1)
        mine = score(self.side(stone, p), n)
        k = self.cnt[j]
        if k == n:
            theirs = score(self.side(stone, p ^ 1), n)
            if mine > theirs or (mine == theirs and self.done[i] < self.done[j]):
                return None
            return []
        if unseen is None:
            unseen = self.unseen(-1)
        return beat(mine, self.side(stone, p ^ 1), k, n, unseen)

    def claimable_by(self, p, moves=False):
        """Stones player p could claim if it were p's claim step (sorted); with moves, their
        claim moves (legal_moves of that step but DONE, without its calls' Python stack)."""
        out = []
        unseen = None
        for s in range(NSTONES):
            i = s * 2 + p
            if self.owner[s] or self.cnt[i] < self.need[s]:
                continue
            if unseen is None and self.cnt[i ^ 1] < self.need[s]:
                unseen = self.unseen(-1)
            if self.claim_check(s, p, unseen) is None:
                out.append(CLAIM + s if moves else s)
        return out

    def claimable(self):
        """Stones the player to move may claim now (empty outside the claim step)."""
        if self.phase != PH_CLAIM:
            return []
        return self.claimable_by(self.to_move)

    def open_stones(self, p):
        """Stones where player p may still place a card."""
        return [s for s in range(NSTONES) if not self.owner[s] and self.cnt[s * 2 + p] < self.need[s]]

    def legal_moves(self):
        """Every legal move of the player to move, sorted (empty when the game is over)."""
        if self.phase == PH_OVER:
            return []
        if self.phase == PH_CLAIM:
            out = [CLAIM + s for s in self.claimable()]
            out.append(DONE)
            return out
        stones = self.open_stones(self.to_move)
        out = []
        if stones:
            for c in sorted(self.hand_of(self.to_move)):
                for s in stones:
                    out.append(c * 9 + s)
        if not out:
            out.append(PASS)
        return out

    def stones_of(self, p):
        return sum(1 for s in range(NSTONES) if self.owner[s] == p + 1)

    def _winner_after_claim(self, p):
        run = total = 0
        for s in range(NSTONES):
            if self.owner[s] == p + 1:
                run += 1
                total += 1
                if run == 3:
                    return True
            else:
                run = 0
        return total >= 5
