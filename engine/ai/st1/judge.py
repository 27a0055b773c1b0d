"""Scoring card plays with engine.ai.st1.know: one pass over the stones, then each move.

A `Judge` owns every buffer it needs (made once, reused for every decision). `setup`
reads a table from one player's side (a View, or a sampled State for the opponent's
thoughts in a search), `stone_odds` lists the opponent's formations and fills the chance of
winning each stone, and `score_plays` gives every legal card play the game value after it.
Both are generators (engine.ai.st1.search, Python stack): next() runs them. The value of holding a
card back is counted: playing card c on stone s also removes c from what the other stones
may still use, so each card's tables are rebuilt without it (`full=True`).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st1.know import ONE, Side, cands, gvalue, pwin
from engine.st1 import PASS
from engine.st1.prove import beat, score
from engine.st1.table import decode_play

_SLOTS = const(4)
_HALF = const(512)
# A card in hand serves one stone only, and the game may end first: it counts as this
# likely to be there for any one stone (tuned in the arena, see docs/AI.md).
HAND = 600
# Unseen cards: the side's share of them, times this (draws come late, stones fill up).
LATE = 900


class Judge:
    """Preallocated evaluator; `units` counts stone evaluations (the deterministic work)."""

    def __init__(self):
        self.mine = Side()
        self.theirs = Side()
        self.tmp = Side()
        self.p0 = [0] * 9
        self.pc = [0] * 9
        self.pv = [0] * 9
        self.buf = [0] * 10
        self.opc = [None] * 9
        self.cl = []
        self.cards = [0] * 4
        self.opp = [0] * 4
        self.pub = bytearray(54)  # 1: not on the table (what a claim proof may assume)
        self.sure = bytearray(9)  # 1: ours now, or provable now
        self.units = 0
        self.t = None
        self.me = 0
        self.hand_w = HAND
        self.tick = None  # called once per card scored (a progress report, no effect)
        self.late = LATE

    def setup(self, t, me, hand, opp_hand):
        """Read table t as player `me` holding `hand`; the opponent holds opp_hand cards."""
        self.t = t
        self.me = me
        pub = t.public
        am = self.mine.avail
        ao = self.theirs.avail
        up = self.pub
        nu = 0
        for c in range(54):
            am[c] = 0
            ao[c] = 0
            up[c] = 0 if pub[c] else 1
            if not pub[c]:
                nu += 1
        for c in hand:
            am[c] = self.hand_w
            nu -= 1
        nd = t.ndeck
        if nu > 0:
            # Draws alternate; the player to move draws next under 2016 (1999 too, after playing).
            mydraw = (nd + 1) // 2 if t.to_move == me else nd // 2
            pm = self.late * mydraw // nu
            po = self.late * (opp_hand + nd - mydraw) // nu
            if po > ONE:
                po = ONE
            for c in range(54):
                if not pub[c] and not am[c]:
                    am[c] = pm
                    ao[c] = po
        self.mine.build()
        self.theirs.build()

    def odds(self, side, s, extra):
        """P(we win stone s) with our tables `side`, card `extra` added to our side (-1: none)."""
        t = self.t
        own = t.owner[s]
        if own:
            return ONE if own == self.me + 1 else 0
        i = s * 2 + self.me
        k = t.cnt[i]
        cards = self.cards
        b = t.board
        for j in range(k):
            cards[j] = b[i * _SLOTS + j]
        # Who wins an equal formation, as far as is known now (ONE: we do).
        tie = t.done[i]
        j = t.done[i ^ 1]
        if tie and j:
            tie = ONE if tie < j else 0
        else:
            tie = ONE if tie else 0 if j else _HALF
        if extra >= 0:
            cards[k] = extra
            k += 1
            if k == t.need[s] and not t.done[i ^ 1]:
                tie = ONE  # we complete first
        lst = self.cl
        del lst[:]
        if k >= t.need[s]:  # complete: its score (cands' callers score it, a frame less)
            lst.append(score(cards, t.need[s]) << 11 | ONE)
        else:
            cands(side, cards, k, t.need[s], lst)
            lst.sort(reverse=True)
        self.units += 1
        return pwin(lst, self.opc[s], tie)

    def proven(self, s, extra):
        """Would our side of stone s (plus card `extra`, -1: none) be a claim that holds?"""
        t = self.t
        i = s * 2 + self.me
        k = t.cnt[i]
        n = t.need[s]
        if t.owner[s] or k + (extra >= 0) < n:
            return False
        cards = self.cards
        b = t.board
        for j in range(k):
            cards[j] = b[i * _SLOTS + j]
        if extra >= 0:
            cards[k] = extra
        mine = score(cards, n)
        ko = t.cnt[i ^ 1]
        opp = self.opp
        for j in range(ko):
            opp[j] = b[(i ^ 1) * _SLOTS + j]
        if ko == n:
            theirs = score(opp, n)
            if mine != theirs:
                return mine > theirs
            return extra < 0 and t.done[i] < t.done[i ^ 1]  # the first to complete wins a tie
        up = self.pub
        if extra >= 0:
            up[extra] = 0
        ok = beat(mine, opp, ko, n, up) is None
        if extra >= 0:
            up[extra] = 1
        return ok

    def stone_odds(self):
        """The opponent's reachable formations on each stone (the same for every empty side),
        then p0: the chance of winning each stone as things stand; a generator (its one value:
        p0), after setup."""
        t = self.t
        b = t.board
        cards = self.cards
        empty = None
        for s in range(9):
            self.opc[s] = None
            if t.owner[s]:
                continue
            i = s * 2 + (self.me ^ 1)
            k = t.cnt[i]
            if k == 0 and empty is not None:
                self.opc[s] = empty
                continue
            lst = []
            for j in range(k):
                cards[j] = b[i * _SLOTS + j]
            if k >= t.need[s]:
                lst.append(score(cards, t.need[s]) << 11 | ONE)
            else:
                cands(self.theirs, cards, k, t.need[s], lst)
                lst.sort(reverse=True)
            self.opc[s] = lst
            if k == 0:
                empty = lst
        p0 = self.p0
        empty = -1
        sure = self.sure
        for s in range(9):
            sure[s] = 1 if t.owner[s] == self.me + 1 or self.proven(s, -1) else 0
        for s in range(9):
            if sure[s]:
                p0[s] = ONE
                continue
            if not t.owner[s] and t.cnt[s * 2 + self.me] == 0 and t.cnt[s * 2 + (self.me ^ 1)] == 0:
                if empty < 0:
                    empty = self.odds(self.mine, s, -1)
                p0[s] = empty
            else:
                p0[s] = self.odds(self.mine, s, -1)
        yield p0

    def score_plays(self, moves, out, full):
        """out[i] = game value after card play moves[i] (PASS: -2 * ONE); moves: the play step's;
        a generator (its one value: out).

        full: rebuild each card's tables without it (holding value, exact for its stone);
        otherwise the card is scored on its stone alone with the shared tables."""
        t = self.t
        me = self.me
        p0 = self.p0
        pc = self.pc
        pv = self.pv
        tmp = self.tmp
        sure = self.sure
        last = -1
        for i in range(len(moves)):
            mv = moves[i]
            if mv == PASS:
                out[i] = -2 * ONE
                continue
            c, s = decode_play(mv)
            if c != last:
                last = c
                if self.tick is not None:
                    self.tick()
                if full:
                    src = self.mine.avail
                    dst = tmp.avail
                    for j in range(54):
                        dst[j] = src[j]
                    dst[c] = 0
                    tmp.build()
                    side = tmp
                    empty = -1
                    for j in range(9):
                        if t.owner[j] or t.cnt[j * 2 + me] >= t.need[j]:
                            pc[j] = p0[j]
                        elif t.cnt[j * 2 + me] == 0 and t.cnt[j * 2 + (me ^ 1)] == 0:
                            if empty < 0:
                                empty = self.odds(side, j, -1)
                            pc[j] = empty
                        else:
                            pc[j] = self.odds(side, j, -1)
                else:
                    side = self.mine
                    for j in range(9):
                        pc[j] = p0[j]
            for j in range(9):
                pv[j] = pc[j]
            if t.cnt[s * 2 + me] + 1 == t.need[s] and self.proven(s, c):
                run = tot = 0  # do our sure stones and s make three adjacent or five?
                for j in range(9):
                    if sure[j] or j == s:
                        run += 1
                        tot += 1
                        if run == 3:
                            break
                    else:
                        run = 0
                if run == 3 or tot >= 5:
                    out[i] = 2 * ONE  # the claim wins the game
                    continue
                pv[s] = ONE
            else:
                pv[s] = self.odds(side, s, c)
            out[i] = gvalue(pv, self.buf)
        yield out


def best_play(moves, scores, n):
    """The index of the best-scored of the first n moves that is not PASS (-1: none); ties to
    the first (engine.ai.st1.search and lookahead)."""
    b = -1
    bv = 0
    for i in range(n):
        if moves[i] != PASS and (b < 0 or scores[i] > bv):
            b = i
            bv = scores[i]
    return b
