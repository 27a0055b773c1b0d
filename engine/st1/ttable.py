"""Schotten Totten tactic variant: the cards, the moves and the table both players see.

Cards: clan cards 0..53 as in engine.cards; tactic cards 54..63 (TNAMES): 54 JOKER, 55 JOKER2
(the second Joker), 56 SPY, 57 SHIELD (elite troops, played like clan cards), 58 BLIND, 59 MUD
(combat modes, played on a stone), 60 RECRUITER, 61 STRATEGIST, 62 BANSHEE, 63 TRAITOR (ruses).

State, beyond the base game's (engine.st1.table; 255 = empty):
  mode[stone]       bit 0 Blind-Man's Bluff, bit 1 Mud Fight (need[stone] is then 4)
  public[c]         1 once the card is on the table or in the discard (64 entries)
  hand[p * 9 + i]   player p's hand: 9 slots (Recruiter's draws), 7 cards between turns
  tdeck[:ntdeck]    the tactic deck, drawn from the end; deck[:ndeck] the clan deck
  disc[:ndisc]      the discard, in order (face up: public)
  tp[p]             tactic cards player p has played;  jk  bit p: p has played a Joker
  kn[c]             bit p: player p knows where card c is (p put it under a deck: Recruiter)
  ev[e - 54]        the clan card an elite troop stood for when its stone was claimed (255 none)
  act, asel, left, rets   the ruse being resolved: its card (255 none), the card chosen at
                    its first step (255 none), Recruiter's draws and returns still to make
  played            1 once a card is played this turn (a pass draws nothing);  passes  the
                    turns in a row that ended in a pass (two end the game: docs/RULES.md)
  nplayed           cards placed on the stones' sides so far, moves included: done[] stamps

Moves (one flat space, legal lists sorted; the base game's are the first 587):
  card * 9 + stone  PLAY a clan card, an elite troop or a combat mode on that stone
  card * 9          PLAY a ruse (it goes next to the deck: no stone)
  576 + stone, 585, 586   CLAIM, DONE, PASS as in the base game
  DRAW + deck       draw from the clan deck (0) or the tactic deck (1): 587, 588
  STEP_CARD + c     a ruse's step naming card c (the card to take, or Recruiter's card to
                    return under its deck): 589..652
  STEP_STONE + s    a ruse's step naming the stone the card goes to: 653..661
  STEP_DISCARD      Strategist's step that discards the chosen card: 662
Example: SPY (56) on stone 3 is 56 * 9 + 2 = 506; BANSHEE is 62 * 9 = 558; its step taking G7
(33) is 589 + 33 = 622.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st1.prove import beat, score
from engine.st1.table import CLAIM, DONE, NSTONES, PASS, PH_CLAIM, PH_OVER, PH_PLAY, SLOTS, Table

NALL = const(64)  # clan and tactic cards
NCLAN = const(54)
JOKER = const(54)
JOKER2 = const(55)
SPY = const(56)
SHIELD = const(57)
BLIND = const(58)
MUD = const(59)
RECRUITER = const(60)
STRATEGIST = const(61)
BANSHEE = const(62)
TRAITOR = const(63)
TNAMES = ("JOKER", "JOKER2", "SPY", "SHIELD", "BLIND", "MUD", "RECRUITER", "STRATEGIST", "BANSHEE", "TRAITOR")
M_BLIND = const(1)
M_MUD = const(2)
THAND = const(7)  # tactic hands: seven cards
HSLOTS = const(9)  # hand slots: Recruiter draws three before it returns two
DRAW = const(587)
STEP_CARD = const(589)
STEP_STONE = const(653)
STEP_DISCARD = const(662)
TNMOVES = const(663)
PH_DRAW = const(3)
PH_ACTION = const(4)
NONE = const(255)


def copy_ttable(dst, src):
    """Give `dst` its own copy of what both players see in `src` (a TState or a TView)."""
    from engine.st1.table import copy_table

    copy_table(dst, src)
    dst.mode = src.mode[:]
    dst.ntdeck = src.ntdeck
    dst.disc = src.disc[:]
    dst.ndisc = src.ndisc
    dst.tp = src.tp[:]
    dst.jk = src.jk
    dst.ev = src.ev[:]
    dst.act = src.act
    dst.asel = src.asel
    dst.left = src.left
    dst.rets = src.rets
    dst.played = src.played
    dst.passes = src.passes


def _elite(cards):
    for c in cards:
        if c >= NCLAN:
            return True
    return False


class TTable(Table):
    """What both players see in a tactic game: claims (engine.st1.tprove for elite troops and
    Blind-Man's Bluff), where cards are, and the legal moves of each step."""

    VARIANT = 1

    def unseen(self, p):
        """Flags (64) of the clan cards player p cannot see: not on the table, not in the
        discard, not in p's hand (p < 0: the public set, which a proof uses)."""
        u = bytearray(NALL)
        pub = self.public
        for c in range(NCLAN):
            if not pub[c]:
                u[c] = 1
        if p >= 0:
            for c in self.hand_of(p):
                u[c] = 0
        return u

    def score_side(self, stone, p):
        """(score, values): the best score of player p's complete side of `stone` and the clan
        cards its elite troops stand for (engine.st1.tprove.score_t)."""
        n = self.need[stone]
        cards = self.side(stone, p)
        blind = self.mode[stone] & M_BLIND
        if not blind and not _elite(cards):
            return score(cards, n), []
        from engine.st1.tprove import score_t

        return score_t(cards, n, blind)

    def claim_check(self, stone, p, unseen=None):
        """Why player p may not claim `stone` now, or None if the claim holds (as the base
        game's: a string, or the clan cards the opponent could add to win)."""
        if self.owner[stone]:
            return "stone %d is already claimed" % (stone + 1)
        n = self.need[stone]
        i = stone * 2 + p
        j = i ^ 1
        if self.cnt[i] < n:
            return "stone %d: your formation is not complete" % (stone + 1)
        mine = self.score_side(stone, p)[0]
        k = self.cnt[j]
        if k == n:
            theirs = self.score_side(stone, p ^ 1)[0]
            if mine > theirs or (mine == theirs and self.done[i] < self.done[j]):
                return None
            return []
        if unseen is None:
            unseen = self.unseen(-1)
        opp = self.side(stone, p ^ 1)
        blind = self.mode[stone] & M_BLIND
        if not blind and not _elite(opp):
            return beat(mine, opp, k, n, unseen)
        from engine.st1.tprove import beat_t

        return beat_t(mine, opp, k, n, unseen, blind)

    def find(self, card):
        """(stone, side, slot) of a card on a stone's side, or None."""
        b = self.board
        for i in range(NSTONES * 2 * SLOTS):
            if b[i] == card:
                return i // (2 * SLOTS), (i // SLOTS) & 1, i % SLOTS
        return None

    def room(self, stone, p):
        """True if player p may place a card on `stone` (unclaimed, its side not full)."""
        return not self.owner[stone] and self.cnt[stone * 2 + p] < self.need[stone]

    def tactic_ok(self, p):
        """The one-more-tactic rule: p may play a tactic card now."""
        return self.tp[p] <= self.tp[p ^ 1]

    def targets(self, p, opp, clan_only):
        """Sorted cards on unclaimed stones on player p's side (opp False) or the opponent's."""
        out = []
        side = p ^ 1 if opp else p
        for s in range(NSTONES):
            if self.owner[s]:
                continue
            o = (s * 2 + side) * SLOTS
            for k in range(self.cnt[s * 2 + side]):
                c = self.board[o + k]
                if not clan_only or c < NCLAN:
                    out.append(c)
        out.sort()
        return out

    def can_resolve(self, card, p):
        """True if the ruse `card` has a legal first step for p (docs/RULES.md)."""
        if card == RECRUITER:
            return True
        if card == STRATEGIST:
            return bool(self.targets(p, False, False))
        if card == BANSHEE:
            return bool(self.targets(p, True, False))
        for s in range(NSTONES):  # TRAITOR: a clan card to take and a place for it
            if self.room(s, p):
                return bool(self.targets(p, True, True))
        return False

    def play_moves(self, p, hand):
        """The PLAY (and PASS) moves of player p holding `hand`, sorted."""
        out = []
        opens = [s for s in range(NSTONES) if self.room(s, p)]
        tac = self.tactic_ok(p)
        clan = False
        for c in sorted(hand):
            if c < NCLAN:
                if opens:
                    clan = True
                    for s in opens:
                        out.append(c * 9 + s)
            elif not tac:
                continue
            elif c <= SHIELD:
                if c <= JOKER2 and self.jk >> p & 1:
                    continue  # "Each player can only have one Joker on his side of the border."
                for s in opens:
                    out.append(c * 9 + s)
            elif c <= MUD:
                bit = M_BLIND if c == BLIND else M_MUD
                for s in range(NSTONES):
                    if not self.owner[s] and not self.mode[s] & bit:
                        out.append(c * 9 + s)
            elif self.can_resolve(c, p):
                out.append(c * 9)
        if not clan:
            out.append(PASS)
        return out

    def step_moves(self, p):
        """The moves of the ruse being resolved (phase PH_ACTION), sorted."""
        a = self.act
        if a == RECRUITER:
            if self.left:
                return [DRAW, DRAW + 1]
            return [STEP_CARD + c for c in sorted(self.hand_of(p))]
        if self.asel == NONE:
            return [STEP_CARD + c for c in self.targets(p, a != STRATEGIST, a == TRAITOR)]
        src = self.find(self.asel)[0] if a == STRATEGIST else -1
        out = [STEP_STONE + s for s in range(NSTONES) if s != src and self.room(s, p)]
        if a == STRATEGIST:
            out.append(STEP_DISCARD)
        return out

    def legal_moves(self):
        """Every legal move of the player to move, sorted (empty when the game is over)."""
        ph = self.phase
        if ph == PH_OVER:
            return []
        p = self.to_move
        if ph == PH_CLAIM:
            out = [CLAIM + s for s in self.claimable()]
            out.append(DONE)
            return out
        if ph == PH_PLAY:
            return self.play_moves(p, self.hand_of(p))
        if ph == PH_DRAW:
            return [DRAW, DRAW + 1]
        return self.step_moves(p)

    def mode_cards(self, stone):
        """The combat-mode cards on a stone (sorted)."""
        m = self.mode[stone]
        return [c for c, bit in ((BLIND, M_BLIND), (MUD, M_MUD)) if m & bit]

    def discard(self):
        return list(self.disc[: self.ndisc])

    def elite_value(self, card):
        """The clan card an elite troop stood for when its stone was claimed, or None."""
        v = self.ev[card - JOKER]
        return None if v == NONE else v
