"""The second game's rarer steps on the table, loaded when one is taken and let go of after:
the cauldron (B from the hand: a tile, A, A), the retreat (pick the tiles, then B) and a
declaration tried on a tile that does not hold, before the card or after it
(the Defender's cards that could still beat it, in the second game's names). ui.st2.play's
`key` and `redraw` call them."""

from engine.st2.cards import name
from ui.pick import TARGET
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT
from ui.st2.board import RETREAT


def _done():
    from ui.unload import unload as _unload

    _unload(("ui.st2.steps",))


def draw(self, b, note):
    """The step on screen: the cauldron's (the Attacker's card it would remove framed), or
    the retreat's (the cursor on a tile, the tiles marked)."""
    b.point_hand(None)
    if self.oil >= 0:
        t = self.stone_i
        b.point_last(t, 0)  # the Attacker's card closest to the tile: the one it removes
        c = self.session.state.board[t * 8]
        if c >= 60:  # an elite troop (the tactic variant)
            from ui.st2.tactic import card_name as name_
        else:
            name_ = name
        b.say(
            note
            or ("Oil %d: off %s? A" % (t + 1, name_(c)) if not self.oil else "Throw oil on %d? A" % (t + 1))
        )
        return
    r = self.ret
    b.point_stone(self.stone_i, -1)
    b.mark(r, RETREAT)
    tiles = "".join([" %d" % (i + 1) for i in range(7) if r >> i & 1])
    b.say(note or ("B: retreat" + tiles if r else "A: mark  B: back"))


def _oils(g, st):
    """The tiles a cauldron may be thrown at now (a bit each)."""
    r = 0
    for m in st.legal_moves():
        if g.kind(m) == g.KIND_CAULDRON:
            r |= 1 << g.decode(m)[2]
    return r


def oil(self, k):
    """The Defender's cauldron, its own step (B from the hand, or a hint): Left/Right walk the
    tiles it may be thrown at, A asks, A again throws it; B or Down goes back a step. Never
    one press from the hand (issue 36 item 3). True if the key was used."""
    s = self.session
    st = s.state
    g = s.g
    ok = _oils(g, st)
    if not ok:
        self.oil = -1
        return False
    t = self.stone_i
    if self.oil < 0:  # opened: on the tile under the cursor if it may take oil, else the first
        self.oil = 0
        if not ok >> t & 1:
            t = 0
            while not ok >> t & 1:
                t += 1
    elif k == K_LEFT or k == K_RIGHT:
        self.oil = 0
        d = 1 if k == K_RIGHT else 6
        for _ in range(7):
            t = (t + d) % 7
            if ok >> t & 1:
                break
        self.sound("move")
    elif k == K_A and self.oil == 0:
        self.oil = 1
    elif k == K_A:
        self.oil = -1
        self.cpart = 1  # back on the hand for the card
        _done()
        me = st.to_move
        self._after_human(s.do(g.encode(g.KIND_CAULDRON, -1, t)), me)
        return True
    elif k == K_B or k == K_DOWN:
        self.oil -= 1
        if self.oil < 0:
            self.cpart = 1
            _done()
    self.stone_i = t
    self.redraw()
    return True


def key(self, k):
    """Handle key k if it belongs to one of these steps (True), else leave it to the picker."""
    s = self.session
    st = s.state
    g = s.g
    if self.oil >= 0 or (k == K_B and st.phase == g.PH_PLAY and getattr(self, "ret", -1) < 0):
        return oil(self, k)
    if getattr(self, "ret", -1) < 0 and self.cpart == TARGET:  # a declaration to try
        why = g.claim_check(st, self.stone_i)
        _done()
        if isinstance(why, str):
            return False
        self.sound("error")
        if why:
            own = any(c in self._hand for c in why)
            self.redraw(("Yours: " if own else "They add ") + " ".join([name(c) for c in why[:3]]))
        else:
            self.redraw("Their side wins")
        return True
    if getattr(self, "ret", -1) < 0:
        self.ret = 0  # the retreat step: on the first tile holding the Attacker's cards
        for t in range(7):
            if st.cnt[t * 2]:
                self.stone_i = t
                break
    elif k == K_LEFT or k == K_RIGHT:
        d = 1 if k == K_RIGHT else 6
        t = self.stone_i
        for _ in range(7):
            t = (t + d) % 7
            if st.cnt[t * 2]:
                break
        self.stone_i = t
        self.sound("move")
    elif k == K_A:
        if st.cnt[self.stone_i * 2]:
            self.ret ^= 1 << self.stone_i
    elif k == K_B and self.ret:
        m = g.encode(g.KIND_RETREAT, -1, -1, self.ret)
        self.ret = -1
        self.board.mark(0, 0)
        _done()
        me = st.to_move
        self._after_human(s.do(m), me)
        return True
    elif k == K_B or k == K_DOWN:
        self.ret = -1
        self.board.mark(0, 0)
        _done()
    self.redraw()
    return True
