"""Tactic variant: the cards, the moves, and the claims on the table both players see.

Cards: clan 0..53 (engine.cards); tactic 54 JOKER, 55 JOKER2, 56 SPY, 57 SHIELD (elite
troops), 58 BLIND, 59 MUD (combat modes), 60 RECRUITER, 61 STRATEGIST, 62 BANSHEE, 63 TRAITOR
(ruses). State beyond the base game's (255 = empty; docs/ENGINE.md has the whole layout):
mode[stone] (bit 0 Blind-Man's Bluff, bit 1 Mud Fight: need[stone] 4), public[64],
hand[p * 9 + i], tdeck[:ntdeck], disc[:ndisc], tp[p] (tactic cards played), jk (bit p: p
played a Joker), kn[c] (bit p: p knows where c is), ev[e - 54] (an elite's value once
claimed), act/asel/left/rets (the ruse being resolved), played, passes.
Moves beyond the base game's: card * 9 (a ruse), DRAW + deck (587, 588), STEP_CARD + card
(589..652), STEP_STONE + stone (653..661), STEP_DISCARD (662). Example: SPY on stone 3 is
56 * 9 + 2 = 506; BANSHEE 62 * 9 = 558; its step taking G7 (33) 589 + 33 = 622.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st1.prove import beat, score
from engine.st1.table import NSTONES, SLOTS, Table, copy_table

NALL = const(64)
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
THAND = const(7)  # seven cards in hand between turns
HSLOTS = const(9)  # hand slots: Recruiter draws three before it returns two
DRAW = const(587)
STEP_CARD = const(589)
STEP_STONE = const(653)
STEP_DISCARD = const(662)
TNMOVES = const(663)
PH_DRAW = const(3)
PH_ACTION = const(4)
NONE = const(255)


def cname(c):
    """A card's name: "G7", "SPY"."""
    if c >= NCLAN:
        return TNAMES[c - NCLAN]
    from engine.cards import name

    return name(c)


def copy_ttable(dst, src):
    """Give `dst` its own copy of what both players see in `src` (a TState or a TView)."""
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
    """What both players see in a tactic game: claims (engine.st1.tactic.prove where elite troops
    or Blind-Man's Bluff are), where the cards are."""

    VARIANT = 1

    def score_side(self, stone, p):
        """(score, values) of p's complete side: the values its elite troops take."""
        n = self.need[stone]
        cards = self.side(stone, p)
        blind = self.mode[stone] & M_BLIND
        if not blind and not _elite(cards):
            return score(cards, n), []
        from engine.st1.tactic.prove import score_t

        return score_t(cards, n, blind)

    def claim_check(self, stone, p, unseen=None):
        """Why p may not claim `stone` now, or None: as the base game's (Table.claim_check)."""
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
        from engine.st1.tactic.prove import beat_t

        return beat_t(mine, opp, k, n, unseen, blind)

    def find(self, card):
        """(stone, side, slot) of a card on a stone's side, or None."""
        b = self.board
        for i in range(NSTONES * 2 * SLOTS):
            if b[i] == card:
                return i // (2 * SLOTS), (i // SLOTS) & 1, i % SLOTS
        return None

    def room(self, stone, p):
        """True if p may place a card on `stone`: unclaimed, p's side not full."""
        return not self.owner[stone] and self.cnt[stone * 2 + p] < self.need[stone]

    def tactic_ok(self, p):
        """The one-more-tactic rule: p may play a tactic card now."""
        return self.tp[p] <= self.tp[p ^ 1]

    def targets(self, p, opp, clan_only):
        """Sorted cards on unclaimed stones on p's side (opp False) or the opponent's."""
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
        """True if p's ruse `card` has something to act on (docs/RULES.md)."""
        if card == RECRUITER:
            return True
        cnt = self.cnt
        if card != TRAITOR:  # a card of one's own (Strategist) or the opponent's (Banshee)
            side = p if card == STRATEGIST else p ^ 1
            for s in range(NSTONES):
                if not self.owner[s] and cnt[s * 2 + side]:
                    return True
            return False
        for s in range(NSTONES):  # Traitor: a clan card to take and a place for it
            if self.room(s, p):
                return bool(self.targets(p, True, True))
        return False

    def mode_cards(self, stone):
        """The combat-mode cards on a stone (sorted)."""
        m = self.mode[stone]
        return [c for c, bit in ((BLIND, M_BLIND), (MUD, M_MUD)) if m & bit]

    def discard(self):
        """The discard, in the order the cards came (public)."""
        return list(self.disc[: self.ndisc])

    def elite_value(self, card):
        """The clan card an elite troop stood for when its stone was claimed, or None."""
        v = self.ev[card - JOKER]
        return None if v == NONE else v
