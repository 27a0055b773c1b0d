"""Schotten Totten (base game): state, moves, claims, views.

State is a few bytearrays (cards as in engine.cards, 255 = empty):
  board[(stone * 2 + side) * 4 + k]  k-th card a side played at a stone (4 slots: Mud Fight later)
  cnt[stone * 2 + side]              cards on that side;  need[stone]  cards a formation takes (3)
  done[stone * 2 + side]             number of cards played in the game when that side completed
                                     (0 = incomplete): the earlier completion wins a tie
  owner[stone]                       0 unclaimed, 1 or 2 the player who claimed it
  public[card]                       1 once the card is visible on the table
  hand[p * 7 + i]                    player p's hand, 255 for an empty slot
  deck[:ndeck]                       the face-down deck, drawn from the end
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


from engine.cards import NCARDS, NONE, name
from engine.errors import IllegalMove
from engine.prove import beat, score

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


class _Table:
    """What both players see: shared by State and View (claim checks work on either)."""

    def unseen(self, p):
        """Flags of the cards player p cannot see: not on the table and not in p's hand."""
        u = bytearray(NCARDS)
        pub = self.public
        for c in range(NCARDS):
            if not pub[c]:
                u[c] = 1
        if p >= 0:
            for c in self.hand_of(p):
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

    def claimable_by(self, p):
        """Stones player p could claim if it were p's claim step (sorted)."""
        out = []
        unseen = None
        for s in range(NSTONES):
            i = s * 2 + p
            if self.owner[s] or self.cnt[i] < self.need[s]:
                continue
            if unseen is None and self.cnt[i ^ 1] < self.need[s]:
                unseen = self.unseen(-1)
            if self.claim_check(s, p, unseen) is None:
                out.append(s)
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


class State(_Table):
    """The whole game (both hands, deck order). The AI never gets one: see View."""

    def __init__(self, seed=None, timing=T2016, first=0):
        self.board = bytearray(b"\xff" * (NSTONES * 2 * SLOTS))
        self.cnt = bytearray(NSTONES * 2)
        self.need = bytearray(b"\x03" * NSTONES)
        self.done = bytearray(NSTONES * 2)
        self.owner = bytearray(NSTONES)
        self.public = bytearray(NCARDS)
        self.hand = bytearray(b"\xff" * (2 * HMAX))
        self.deck = bytearray(range(NCARDS))
        self.ndeck = NCARDS
        self.timing = timing
        self.first = first
        self.to_move = first
        self.phase = PH_CLAIM if timing == T1999 else PH_PLAY
        self.nplayed = 0
        self.turn = 0
        self.winner = NONE
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
        s = State.__new__(State)
        s.board = self.board[:]
        s.cnt = self.cnt[:]
        s.need = self.need[:]
        s.done = self.done[:]
        s.owner = self.owner[:]
        s.public = self.public[:]
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        s.ndeck = self.ndeck
        s.timing = self.timing
        s.first = self.first
        s.to_move = self.to_move
        s.phase = self.phase
        s.nplayed = self.nplayed
        s.turn = self.turn
        s.winner = self.winner
        return s

    def hand_of(self, p):
        o = p * HMAX
        return [c for c in self.hand[o : o + HMAX] if c != NONE]

    def view(self, p):
        """What player p may see: a View, holding copies and no link back to this state."""
        return View(self, p)

    def apply(self, move):
        """Apply a move of the player to move; IllegalMove (state unchanged) if not legal."""
        if self.phase == PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if not isinstance(move, int) or move < 0 or move >= NMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        if move < CLAIM:
            self._play(p, move // 9, move % 9)
        elif move < DONE:
            self._claim(p, move - CLAIM)
        elif move == DONE:
            if self.phase != PH_CLAIM:
                raise IllegalMove("DONE ends the claim step; play a card first")
            if self.timing == T1999:
                self.phase = PH_PLAY
            else:
                self._end_turn(p)
        else:
            if self.phase != PH_PLAY:
                raise IllegalMove("PASS replaces playing a card; it is the claim step")
            if self.open_stones(p) and self.hand_of(p):
                raise IllegalMove("cannot pass: a card can be played")
            self._after_play(p)

    def _play(self, p, card, stone):
        if self.phase != PH_PLAY:
            raise IllegalMove("it is the claim step: claim stones or end it with DONE")
        if card >= NCARDS:
            raise IllegalMove("no such card: %d" % card)
        slot = -1
        for i in range(p * HMAX, p * HMAX + HMAX):
            if self.hand[i] == card:
                slot = i
        if slot < 0:
            raise IllegalMove("%s is not in player %d's hand" % (name(card), p + 1))
        if self.owner[stone]:
            raise IllegalMove("stone %d is claimed" % (stone + 1))
        i = stone * 2 + p
        n = self.cnt[i]
        if n >= self.need[stone]:
            raise IllegalMove("stone %d is full on player %d's side" % (stone + 1, p + 1))
        self.hand[slot] = NONE
        self.board[i * SLOTS + n] = card
        self.cnt[i] = n + 1
        self.public[card] = 1
        self.nplayed += 1
        if n + 1 == self.need[stone]:
            self.done[i] = self.nplayed
        self._after_play(p)

    def _after_play(self, p):
        if self.timing == T1999:
            self._end_turn(p)
        else:
            self.phase = PH_CLAIM

    def _end_turn(self, p):
        # Refill to HAND cards: one draw at most, as one card at most was played.
        o = p * HMAX
        if self.ndeck and len(self.hand_of(p)) < HAND:
            for i in range(o, o + HMAX):
                if self.hand[i] == NONE:
                    self.hand[i] = self._pop()
                    break
        self.to_move = p ^ 1
        self.turn += 1
        self.phase = PH_CLAIM if self.timing == T1999 else PH_PLAY

    def _claim(self, p, stone):
        if self.phase != PH_CLAIM:
            raise IllegalMove("claims come after playing a card (2016) or before it (1999)")
        why = self.claim_check(stone, p)
        if why is not None:
            if isinstance(why, str):
                raise IllegalMove(why)
            if not why:
                raise IllegalMove("stone %d: the opponent's formation wins" % (stone + 1))
            raise IllegalMove(
                "stone %d is not proven: the opponent could still add %s"
                % (stone + 1, " ".join([name(c) for c in why]))
            )
        self.owner[stone] = p + 1
        if self._winner_after_claim(p):
            self.winner = p
            self.phase = PH_OVER


class View(_Table):
    """Player `me`'s information state: the table, own hand, counts. No opponent hand, no deck."""

    def __init__(self, st, me):
        self.me = me
        self.board = st.board[:]
        self.cnt = st.cnt[:]
        self.need = st.need[:]
        self.done = st.done[:]
        self.owner = st.owner[:]
        self.public = st.public[:]
        o = me * HMAX
        self.hand = bytes(sorted(st.hand[o : o + HMAX]))
        self.opp_hand = len(st.hand_of(me ^ 1))
        self.ndeck = st.ndeck
        self.timing = st.timing
        self.first = st.first
        self.to_move = st.to_move
        self.phase = st.phase
        self.nplayed = st.nplayed
        self.turn = st.turn
        self.winner = st.winner

    def hand_of(self, p):
        if p != self.me:
            raise IllegalMove("a view does not show the opponent's hand")
        return [c for c in self.hand if c != NONE]

    def legal_moves(self):
        if self.to_move != self.me:
            return []
        return _Table.legal_moves(self)

    def sample(self, rng):
        """A full State consistent with this view: unseen cards dealt at random (determinization)."""
        st = State.__new__(State)
        st.board = self.board[:]
        st.cnt = self.cnt[:]
        st.need = self.need[:]
        st.done = self.done[:]
        st.owner = self.owner[:]
        st.public = self.public[:]
        pool = bytearray()
        u = self.unseen(self.me)
        for c in range(NCARDS):
            if u[c]:
                pool.append(c)
        rng.shuffle(pool)
        st.hand = bytearray(b"\xff" * (2 * HMAX))
        o = self.me * HMAX
        mine = self.hand_of(self.me)
        for i in range(len(mine)):
            st.hand[o + i] = mine[i]
        o = (self.me ^ 1) * HMAX
        for i in range(self.opp_hand):
            st.hand[o + i] = pool[i]
        st.deck = pool[self.opp_hand :]
        st.ndeck = len(st.deck)
        st.timing = self.timing
        st.first = self.first
        st.to_move = self.to_move
        st.phase = self.phase
        st.nplayed = self.nplayed
        st.turn = self.turn
        st.winner = self.winner
        return st
