"""Scoring Schotten Totten 2 moves with engine.ai.st2.know, for either role.

A `Judge` owns every buffer it needs (made once, reused). `setup` copies a table as one player
sees it (a View, or a sampled State in Expert's look-ahead) into its own arrays, so the
preparation actions can be tried on them and undone without copying a State. Every tile's
chance is kept as P(the Attacker wins it) (`p0`), whichever side we are; `value` turns the
seven chances into the Attacker's chance to win the game (a damaged tile won again, or four
damaged: docs/AI.md), and a player's score is that chance (Attacker) or its complement.
Tempo is in the tables: unseen cards count only the draws a side still has, and a side that
needs more cards than its player has turns left cannot complete. Hard's Defender also counts
a side it can leave open to the end as a block (`block`): the Attacker then needs a
formation the public cards prove. `odds` and `proven` are generators (engine.ai.st2.search,
Python stack).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.ai.st2.know import ONE, Side, cands, pwin
from engine.st2.cards import NSIEGE, NTILES, WALL
from engine.st2.moves import ATTACKER, SLOTS
from engine.st2.prove import beat, score

_HALF = const(512)
WIN = const(4096)  # a play after which the Attacker's declaration wins the game
HAND = const(600)  # a hand card serves one tile only: this likely to be there for any one tile
LATE = const(900)  # unseen cards: the side's share of them, times this
FRESH = const(700)  # a tile damaged now is a new chance to win on its damaged side: this share of it
RETREAT = const(100)  # what a card thrown away by a retreat costs (a turn spent for nothing)
DBOOST = const(1600)  # the Defender's cards, seen from the Attacker: its share times this
OILW = const(40)  # what an unused cauldron is worth to the Defender (in ONE units of the game value)


class Judge:
    """Preallocated evaluator; `units` counts tile evaluations (the deterministic work)."""

    def __init__(self):
        self.mine = Side()
        self.theirs = Side()
        self.tmp = Side()
        self.board = bytearray(NTILES * 2 * SLOTS)
        self.cnt = bytearray(NTILES * 2)
        self.done = bytearray(NTILES * 2)
        self.side = bytearray(NTILES)
        self.pub = bytearray(72)  # nonzero: visible (what a declaration's proof may use)
        self.p0 = [0] * NTILES
        self.pc = [0] * NTILES
        self.pv = [0] * NTILES
        self.fresh = [0] * 8  # per damaged side (need * 2 + kind % 2 ...): see tables
        self.buf = [0] * 8
        self.gf = [0] * NTILES  # per undamaged tile: the damaged side's chance x FRESH
        self.opc = [[] for _ in range(NTILES)]
        self.tw = bytearray(NTILES)  # s - x: tile x < s is like s, both sides empty (-> tables)
        self.qs = [0] * NTILES  # the chance of each tile after the card being scored
        self.cl = []
        self.ol = []
        self.ol2 = []  # the Attacker's list at a tile after a cauldron (engine.ai.st2.search)
        self.cards = bytearray(SLOTS)
        self.opp = bytearray(SLOTS)
        self.units = 0
        self.me = 0
        self.att = True
        self.left = 0  # turns left to us (this one included)
        self.oleft = 0  # turns left to the opponent
        self.oil = 0
        self.hand_w = HAND  # sim.omniscient's Judge gives its sure cards this weight
        self.tick = None  # called once per card scored (progress report, no effect)
        self.ps = Side()  # every card the public has not seen: what a proof must fear
        self.bl = []
        self.blk = False  # Hard's Defender: a side left open blocks a declaration (block)
        self.q = 0  # the chance such a side stays open to the end
        self.px = -1  # the card ps is built without (the card played; -1 none)

    def setup(self, t, me, hand, opp_hand):
        """Read table t as player `me` holding `hand`; the opponent holds opp_hand cards."""
        self._read(t, me, hand, opp_hand)  # a frame apart: tables runs under a small one
        self.q = 0
        if self.blk:
            self.block(t)
        self.tables()

    def _read(self, t, me, hand, opp_hand):
        """setup's copy of the table and the cards' chances to each side."""
        self.me = me
        self.att = me == ATTACKER
        b = self.board
        for i in range(len(b)):
            b[i] = t.board[i]
        for i in range(NTILES * 2):
            self.cnt[i] = t.cnt[i]
            self.done[i] = t.done[i]
        for i in range(NTILES):
            self.side[i] = t.side[i]
        self.oil = t.oil
        nd = t.ndeck
        if t.to_move == me:
            self.left = (nd + 2) // 2
            self.oleft = (nd + 1) // 2
        else:
            self.left = (nd + 1) // 2
            self.oleft = (nd + 2) // 2
        pub = self.pub
        am = self.mine.avail
        ao = self.theirs.avail
        nu = 0
        loc = t.loc
        for c in range(NSIEGE):
            pub[c] = loc[c]
            am[c] = 0
            ao[c] = 0
            if not loc[c]:
                nu += 1
        for c in hand:
            am[c] = self.hand_w
            nu -= 1
        if nu > 0:
            mydraw = self.left - 1 if self.left > 0 else 0
            odraw = self.oleft - 1 if self.oleft > 0 else 0
            pm = LATE * mydraw // nu
            po = LATE * (opp_hand + odraw) // nu
            if self.att:
                po = po * DBOOST >> 10  # the Defender puts its cards where they block
            if pm > ONE:
                pm = ONE
            if po > ONE:
                po = ONE
            for c in range(NSIEGE):
                if not loc[c] and not am[c]:
                    am[c] = pm
                    ao[c] = po

    def block(self, t):
        """Hard's Defender: q, the chance that a side it leaves open stays open to the end
        (the slots of its sides beyond the cards it has yet to play, shared among them), and
        the tables of the cards the public has not seen (ps)."""
        o = 0
        for s in range(NTILES):
            o += (WALL[s * 2 + self.side[s]] >> 4) - self.cnt[s * 2 + 1]
        sp = o - self.left
        if sp <= 0:
            return  # every open slot will be filled: no side stays open
        self.q = ONE if sp >= o - 1 else ONE * sp // (o - 1)
        a = self.ps.avail
        for c in range(NSIEGE):
            a[c] = 0 if t.loc[c] else ONE
        self.ps.build()
        self.px = -1

    def tables(self):
        """Build both sides' tables from their avail, then the opponent's lists per tile, the
        damaged sides' chances and every tile's (p0): setup's second half."""
        self.mine.build()
        self.theirs.build()
        op = self.me ^ 1
        cnt = self.cnt
        for s in range(NTILES):
            lst = self.opc[s]
            w = WALL[s * 2 + self.side[s]]
            self.tw[s] = 0
            for x in range(s):  # an empty side of a tile like an earlier one: the same list
                if not cnt[s * 2 + op] and not cnt[x * 2 + op] and WALL[x * 2 + self.side[x]] == w:
                    del lst[:]
                    lst.extend(self.opc[x])
                    if not cnt[s * 2 + self.me] and not cnt[x * 2 + self.me]:
                        self.tw[s] = s - x  # the same chance, and the same after any card
                    break
            else:
                self.opp_cands(s, op, -1, lst)
        # Each undamaged tile's damaged side, both sides empty (the second blow): our chance
        # there, once per kind of damaged side (the four differ in need or kind).
        fresh = self.fresh
        for x in range(8):
            fresh[x] = -1
        side = self.side
        for s in range(NTILES):
            if side[s]:
                self.gf[s] = 0
                continue
            w = WALL[s * 2 + 1]
            x = ((w >> 4) - 2) * 2 + (w & 1)
            f = fresh[x]
            if f < 0:
                side[s] = 1
                i = s * 2
                c0, c1 = cnt[i], cnt[i + 1]
                cnt[i] = 0
                cnt[i + 1] = 0
                self.opp_cands(s, op, -1, self.ol)
                f = self.to_att(self.mwin(self.mine, s, -1, self.ol))
                cnt[i] = c0
                cnt[i + 1] = c1
                side[s] = 0
                fresh[x] = f
            self.gf[s] = (f * FRESH) >> 10
        p0 = self.p0  # P(the Attacker wins each tile) with our side as it is
        for s in range(NTILES):
            x = self.tw[s]
            p0[s] = p0[s - x] if x else self.to_att(self.mwin(self.mine, s, -1, self.opc[s]))

    def opp_cands(self, s, op, drop, lst):
        """The opponent's reachable formations at tile s into lst (sorted, best first),
        without its card at index `drop` (-1: all of them)."""
        del lst[:]
        i = s * 2 + op
        k = self.cnt[i]
        w = WALL[s * 2 + self.side[s]]
        n = w >> 4
        if (n - k + (drop >= 0)) > self.oleft and op == ATTACKER:
            return  # the Attacker has not the turns left to complete it
        cards = self.opp
        o = i * SLOTS
        j = 0
        for x in range(k):
            if x != drop:
                cards[j] = self.board[o + x]
                j += 1
        if j >= n:
            lst.append(score(cards, n, w & 15) << 11 | ONE)
        else:
            cands(self.theirs, cards, j, n, w & 15, lst)
        lst.sort(reverse=True)

    def mwin(self, side, s, extra, olist):
        """P(we win tile s): our tables `side`, card `extra` added to our side (-1: none),
        the opponent's list olist."""
        i = s * 2 + self.me
        k = self.cnt[i]
        w = WALL[s * 2 + self.side[s]]
        n = w >> 4
        cards = self.cards
        o = i * SLOTS
        for x in range(k):
            cards[x] = self.board[o + x]
        completes = False
        if extra >= 0:
            cards[k] = extra
            k += 1
            completes = k == n
        self.units += 1
        if self.att and n - k > self.left - (extra >= 0):
            return 0  # not the turns left to complete it
        lst = self.cl
        del lst[:]
        if k >= n:
            lst.append(score(cards, n, w & 15) << 11 | ONE)
        else:
            cands(side, cards, k, n, w & 15, lst)
        if self.q and k < n:
            # Our side may stay open: then the Attacker takes the tile only with a formation
            # no completion the public cannot rule out beats (a tie is the Attacker's).
            a = self.ps.avail
            x = self.px
            if x != extra:  # the card we play is no longer unseen
                if x >= 0:
                    a[x] = ONE
                if extra >= 0:
                    a[extra] = 0
                self.px = extra
                self.ps.build()
            bl = self.bl
            del bl[:]
            cands(self.ps, cards, k, n, w & 15, bl)
            o = 0
            for x in bl:
                if x & 2047 == ONE and x >> 11 > o:
                    o = x >> 11
            if o:
                lst.append((o - 1) << 11 | self.q)
        lst.sort(reverse=True)
        # Who wins an equal formation, as far as is known (ONE: we do), from the order the
        # sides were completed in: o ours, x theirs (0: not yet).
        o = self.done[i]
        x = self.done[i ^ 1]
        if completes and not x:
            x = ONE  # we complete first
        elif o and x:
            x = ONE if o < x else 0
        elif o:
            x = ONE
        elif x:
            x = 0
        else:
            x = _HALF
        return pwin(lst, olist, x)

    def to_att(self, x):
        return x if self.att else ONE - x

    def proven(self, s, extra):
        """Would the Attacker's side at tile s, with card `extra` added, be a declaration
        that holds? (We are the Attacker.) A generator, its one value that: the proof
        (engine.st2.prove.beat) runs with no frame of ours under it (Python stack)."""
        i = s * 2
        k = self.cnt[i]
        w = WALL[s * 2 + self.side[s]]
        n = w >> 4
        ok = False
        if k + 1 == n:
            cards = self.cards
            b = self.board
            for j in range(k):
                cards[j] = b[i * SLOTS + j]
            cards[k] = extra
            kd = w & 15
            mine = score(cards, n, kd)
            ko = self.cnt[i + 1]
            opp = self.opp
            for j in range(ko):
                opp[j] = b[(i + 1) * SLOTS + j]
            if ko == n:
                ok = mine > score(opp, n, kd)  # they completed first: a tie is theirs
            else:
                up = self.pub
                up[extra] = 1
                ok = beat(mine, opp, ko, n, kd, up) is None
                up[extra] = 0
        yield ok

    def value(self, p):
        """The Attacker's chance to win the game (0..ONE, less the Defender's unused
        cauldrons' worth) from the tile chances p: a damaged tile won ends the game; an
        undamaged one won is one of the four and a new damaged tile to win."""
        side = self.side
        buf = self.buf
        for i in range(8):
            buf[i] = 0
        buf[0] = ONE
        nu = 0
        lose = ONE  # P(no tile ends the game by itself)
        need = 4
        for s in range(NTILES):
            q = p[s]
            if side[s]:
                need -= 1
                lose = (lose * (ONE - q)) >> 10
                continue
            g = (q * self.gf[s]) >> 10
            lose = (lose * (ONE - g)) >> 10
            r = ONE - q
            nu += 1
            j = nu
            while j > 0:
                buf[j] = (buf[j] * r + buf[j - 1] * q) >> 10
                j -= 1
            buf[0] = (buf[0] * r) >> 10
        f = 0
        for j in range(need if need > 0 else 0, nu + 1):
            f += buf[j]
        v = ONE - ((lose * (ONE - f)) >> 10)
        return v - self.oil * OILW

    def mine_value(self, p):
        v = self.value(p)
        return v if self.att else ONE - v

    def odds(self, side, c, s):
        """P(the Attacker wins tile s) after we play card c there (ONE + 1: the Attacker's
        declaration then wins the game); a generator, its one value that (the formation
        lists and proofs run under its caller: engine.ai.st2.search, Python stack)."""
        q = -1
        st = c % 12
        if st == 0 or st == 11:
            # Chicken versus Chef: a 0 opposite the 11 of its colour (or the reverse)
            # discards both; our side does not grow.
            other = c + 11 if st == 0 else c - 11
            i = s * 2 + (self.me ^ 1)
            for x in range(self.cnt[i]):
                if self.board[i * SLOTS + x] == other:
                    self.opp_cands(s, self.me ^ 1, x, self.ol)
                    q = self.to_att(self.mwin(side, s, -1, self.ol))
                    break
        if q >= 0:
            pass
        elif self.att and next(self.proven(s, c)):
            q = ONE + 1 if self.side[s] or self.damaged() >= 3 else ONE
        else:
            q = self.to_att(self.mwin(side, s, c, self.opc[s]))
        yield q

    def damaged(self):
        n = 0
        for s in range(NTILES):
            n += self.side[s]
        return n
