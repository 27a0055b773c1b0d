"""The tactic variant's evaluator: the chance of winning each stone and the game value,
on a scratch copy of the table that the search changes and restores move by move.

A `TJudge` owns every buffer (made once): the scratch table (`Scratch`, a TTable whose
arrays are filled in place from a view), three `TSide`s, the stone chances. `setup` reads
a view; `base` (a generator, as search's) fills the chance of every stone as things stand;
`odds(s, side)` gives the chance of stone s as the scratch table stands now (cards placed,
lifted, modes set), so a move is scored by changing the scratch, asking `odds` of the
stones it touched and `engine.ai.st1.know.gvalue` of the nine, and undoing the change.

Elite troops: a complete side is scored exactly (engine.st1.tactic.prove.score_t); on an
incomplete side each elite is given a few clan values (the colours and strengths that fit
the side's clan cards) and the side takes the best of them, as its owner will at claim time
(the opponent's side the one that is worst for us). Blind-Man's Bluff: only sums. Mud Fight:
four cards a side. Claims: a side whose claim holds now (the table's own proof) wins.
"""

from engine.ai.st1.know import pwin
from engine.ai.st1.tactic.know import TSide, cands_t, complete
from engine.st1.tactic.table import TTable

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_ONE = const(1024)
_HALF = const(512)
_SLOTS = const(4)
_NCLAN = const(54)
_SPY = const(56)
_SHIELD = const(57)
_MAXSUB = const(12)
HAND = 600
LATE = 900


class Scratch(TTable):
    """A table's public arrays, allocated once and refilled in place from a view."""

    def __init__(self):
        self.board = bytearray(72)
        self.cnt = bytearray(18)
        self.need = bytearray(9)
        self.done = bytearray(18)
        self.owner = bytearray(9)
        self.public = bytearray(64)
        self.mode = bytearray(9)
        self.uns = bytearray(64)  # 1: a clan card a proof may assume unseen (not on the table)
        self.nplayed = 0

    def load(self, v):
        for name in ("board", "cnt", "need", "done", "owner", "public", "mode"):
            a = getattr(self, name)
            b = getattr(v, name)
            for i in range(len(a)):
                a[i] = b[i]
        for c in range(64):
            self.uns[c] = 0 if c >= _NCLAN or self.public[c] else 1
        self.nplayed = v.nplayed
        self.to_move = v.to_move
        self.ndeck = v.ndeck
        self.ntdeck = v.ntdeck
        self.timing = v.timing
        self.phase = v.phase


class TJudge:
    """Preallocated evaluator; `units` counts stone evaluations (the deterministic work)."""

    def __init__(self):
        self.t = Scratch()
        self.mine = TSide()
        self.theirs = TSide()
        self.tmp = TSide()
        self.p0 = [0] * 9
        self.pv = [0] * 9
        self.buf = [0] * 10
        self.opc = [None] * 9  # per stone: the opponent's lists (one per elite valuation)
        self.sure = bytearray(9)
        self.cards = bytearray(4)
        self.subs = bytearray(4 * _MAXSUB)
        self.cl = []
        self.units = 0
        self.me = 0
        self.hand_w = HAND
        self.late = LATE
        self.tick = None

    def setup(self, v, me, hand, opp_clan, known):
        """Read view v as player `me` holding `hand`; the opponent holds `opp_clan` clan cards
        of which `known` (cards `me` put under a deck that it drew) are named."""
        t = self.t
        t.load(v)
        self.me = me
        am = self.mine.avail
        ao = self.theirs.avail
        pub = t.public
        nu = 0
        for c in range(_NCLAN):
            am[c] = 0
            ao[c] = 0
            if not pub[c]:
                nu += 1
        for c in hand:
            if c < _NCLAN:
                am[c] = self.hand_w
                nu -= 1
        for c in known:
            if c < _NCLAN:
                ao[c] = self.hand_w
                nu -= 1
                opp_clan -= 1
        nd = t.ndeck
        if nu > 0:
            mydraw = (nd + 1) // 2 if t.to_move == me else nd // 2
            pm = self.late * mydraw // nu
            po = self.late * (opp_clan + nd - mydraw) // nu
            if po > _ONE:
                po = _ONE
            for c in range(_NCLAN):
                if not pub[c] and not am[c] and not ao[c]:
                    am[c] = pm
                    ao[c] = po
        self.mine.build()
        self.theirs.build()
        for s in range(9):
            self.opc[s] = None

    # -- the scratch table -------------------------------------------------------------

    def place(self, p, card, s):
        t = self.t
        i = s * 2 + p
        n = t.cnt[i]
        t.board[i * _SLOTS + n] = card
        t.cnt[i] = n + 1
        t.public[card] = 1
        t.uns[card] = 0
        if n + 1 == t.need[s]:
            t.done[i] = t.nplayed + 1
        if p != self.me:
            self.opc[s] = None

    def unplace(self, p, s, pub):
        """Take back the last card placed on p's side of s (pub: its public flag before)."""
        t = self.t
        i = s * 2 + p
        n = t.cnt[i] - 1
        c = t.board[i * _SLOTS + n]
        t.board[i * _SLOTS + n] = 255
        t.cnt[i] = n
        t.public[c] = pub
        t.uns[c] = 0 if pub or c >= _NCLAN else 1
        t.done[i] = 0
        if p != self.me:
            self.opc[s] = None
        return c

    def lift(self, p, s, k):
        """Lift the k-th card of p's side of s; returns the side's old done stamp."""
        t = self.t
        i = s * 2 + p
        o = i * _SLOTS
        n = t.cnt[i]
        d = t.done[i]
        c = t.board[o + k]
        for j in range(k, n - 1):
            t.board[o + j] = t.board[o + j + 1]
        t.board[o + n - 1] = 255
        t.cnt[i] = n - 1
        t.done[i] = 0
        if p != self.me:
            self.opc[s] = None
        return c << 16 | d

    def unlift(self, p, s, k, cd):
        t = self.t
        i = s * 2 + p
        o = i * _SLOTS
        n = t.cnt[i]
        for j in range(n, k, -1):
            t.board[o + j] = t.board[o + j - 1]
        t.board[o + k] = cd >> 16
        t.cnt[i] = n + 1
        t.done[i] = cd & 0xFFFF
        if p != self.me:
            self.opc[s] = None

    def set_mode(self, s, bit):
        """Add a combat mode to s; returns what unset_mode needs."""
        t = self.t
        old = t.mode[s] | t.need[s] << 4 | t.done[s * 2] << 8 | t.done[s * 2 + 1] << 20
        t.mode[s] |= bit
        if bit == 2:
            t.need[s] = 4
            t.done[s * 2] = t.done[s * 2 + 1] = 0
        self.opc[s] = None
        return old

    def unset_mode(self, s, old):
        t = self.t
        t.mode[s] = old & 15
        t.need[s] = old >> 4 & 15
        t.done[s * 2] = old >> 8 & 0xFFF
        t.done[s * 2 + 1] = old >> 20 & 0xFFF
        self.opc[s] = None

    # -- stone chances ----------------------------------------------------------------

    def _subs(self, p, s):
        """Fill self.subs with the clan valuations of p's incomplete side of s (4 bytes each:
        the side's cards, elites replaced); returns how many."""
        t = self.t
        i = s * 2 + p
        k = t.cnt[i]
        b = t.board
        o = i * _SLOTS
        col = st = -1
        lo, hi, mask = 9, -1, 0
        ne = 0
        for j in range(k):
            c = b[o + j]
            if c >= _NCLAN:
                ne += 1
                continue
            x = c % 9
            col = c // 9 if col in (-1, c // 9) else -2
            st = x if st in (-1, x) else -2
            mask |= 1 << x
            lo = x if x < lo else lo
            hi = x if x > hi else hi
        subs = self.subs
        if not ne:
            for j in range(k):
                subs[j] = b[o + j]
            return 1
        blind = t.mode[s] & 1
        nsub = 1
        for j in range(k):
            subs[j] = b[o + j]
        for j in range(k):
            e = b[o + j]
            if e < _NCLAN:
                continue
            vals = _vals(e, col, st, lo, hi, mask, blind)
            nv = len(vals)
            # Every valuation so far times each value of this elite (capped).
            tot = nsub * nv
            if tot > _MAXSUB:
                tot = _MAXSUB
            for q in range(tot - 1, -1, -1):
                src = (q // nv) * 4
                dst = q * 4
                for r in range(k):
                    subs[dst + r] = subs[src + r]
                subs[dst + j] = vals[q % nv]
            nsub = tot
        return nsub

    def _lists(self, p, s, side, out):
        """Append to `out` p's reachable-formation lists on s (one per valuation, sorted)."""
        t = self.t
        i = s * 2 + p
        k = t.cnt[i]
        n = t.need[s]
        blind = t.mode[s] & 1
        if k >= n:
            out.append([complete(t.side(s, p), n, blind) << 11 | _ONE])
            return
        c = t.board[i * _SLOTS]
        if k < 2 and (not k or c < _NCLAN):  # the same on every stone: listed once per tables
            key = (c if k else 64) << 2 | n - 3 | blind << 1
            lst = side.memo.get(key)
            if lst is None:
                lst = side.memo[key] = []
                self.cards[0] = c
                cands_t(side, self.cards, k, n, blind, lst)
                lst.sort(reverse=True)
            out.append(lst)
            return
        ns = self._subs(p, s)
        subs = self.subs
        cards = self.cards
        for q in range(ns):
            for r in range(k):
                cards[r] = subs[q * 4 + r]
            lst = []
            cands_t(side, cards, k, n, blind, lst)
            lst.sort(reverse=True)
            out.append(lst)

    def tie(self, s):
        """Who wins an equal formation on s as things stand (ONE: we do)."""
        i = s * 2 + self.me
        mine = self.t.done[i]
        theirs = self.t.done[i ^ 1]
        if mine and theirs:
            return _ONE if mine < theirs else 0
        return _ONE if mine else 0 if theirs else _HALF

    def holds(self, s, p):
        """Would p's claim of s hold now (the table's own proof)?"""
        t = self.t
        if t.owner[s] or t.cnt[s * 2 + p] < t.need[s]:
            return False
        return t.claim_check(s, p, t.uns) is None

    def odds(self, s, side, proofs=True):
        """P(we win stone s) as the scratch table stands, our tables `side` (proofs: asked;
        `holds`' own, asked here: a frame fewer on the Python stack over the proofs)."""
        t = self.t
        me = self.me
        if t.owner[s]:
            return _ONE if t.owner[s] == me + 1 else 0
        self.units += 1
        if proofs:
            if t.cnt[s * 2 + me] >= t.need[s] and t.claim_check(s, me, t.uns) is None:
                return _ONE
            if t.cnt[s * 2 + 1 - me] >= t.need[s] and t.claim_check(s, me ^ 1, t.uns) is None:
                return 0
        opc = self.opc[s]
        if opc is None:
            opc = self.opc[s] = []
            self._lists(me ^ 1, s, self.theirs, opc)
        mine = self.cl
        del mine[:]
        self._lists(me, s, side, mine)
        return _worst(mine, opc, self.tie(s))

    def base(self):
        """Fill p0 (and sure: ours or provable now) for every stone; a generator (its one
        value: p0), so that its frame is on the heap (engine.ai.st1.tactic.search, Python stack)."""
        side = self.mine
        t = self.t
        p0 = self.p0
        empty = -1
        for s in range(9):
            e = not t.owner[s] and not t.cnt[s * 2] and not t.cnt[s * 2 + 1] and not t.mode[s]
            if e and empty >= 0:
                p0[s] = empty
            else:
                p0[s] = self.odds(s, side)
                if e:
                    empty = p0[s]
            self.sure[s] = 1 if p0[s] == _ONE else 0
        yield p0

    def wins_with(self, s):
        """Do our sure stones and stone s make three adjacent or five?"""
        run = tot = 0
        for j in range(9):
            if self.sure[j] or j == s:
                run += 1
                tot += 1
                if run == 3:
                    return True
            else:
                run = 0
        return tot >= 5


def _worst(mine, opc, tie):
    """Our chance against the opponent's worst valuation for us (each of our valuations at
    its best): a function of its own, so that odds' frame stays small."""
    worst = _ONE
    for th in opc:
        best = 0
        for ml in mine:
            w = pwin(ml, th, tie)
            if w > best:
                best = w
        if best < worst:
            worst = best
    return worst


def _vals(e, col, st, lo, hi, mask, blind):
    """Clan values worth trying for elite e on a side with these clan cards (no list
    comprehension: each is a frame more on the Python stack)."""
    if blind:
        return (8 if e < _SPY else 6 if e == _SPY else 2,)
    if col == -1:  # no clan card: each colour at the elite's highest
        x = 6 if e == _SPY else 2 if e == _SHIELD else 8
        return (x, 9 + x, 18 + x, 27 + x, 36 + x, 45 + x)
    c = col if col >= 0 else 0  # mixed colours: colour 0 stands for them
    if e == _SPY:
        return (c * 9 + 6,)
    if e == _SHIELD:
        return (c * 9 + 2, c * 9 + 1, c * 9)
    out = [c * 9 + 8]
    if st >= 0:
        out.append(((c + 1) % 6) * 9 + st)
    for x in (hi + 1, lo - 1, hi + 2, lo - 2):
        if 0 <= x < 8 and not mask >> x & 1:
            out.append(c * 9 + x)
    return out
