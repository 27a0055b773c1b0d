"""The second game's rarer steps on the table, loaded when one is taken and let go of after:
the retreat (pick the tiles, then B) and a declaration tried on a tile that does not hold
(the Defender's cards that could still beat it, in the second game's names). ui.st2.play's
`key` and `redraw` call them."""

from engine.st2.cards import name
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT
from ui.st2.board import FLASH


def _done():
    from ui.app import _unload

    _unload(("ui.st2.steps",))


def draw(self, b, note):
    """The retreat step on screen: the cursor on a tile, the tiles marked in gold."""
    r = self.ret
    b.point_hand(None)
    b.point_stone(self.stone_i, -1)
    b.mark(r, FLASH)
    tiles = "".join([" %d" % (i + 1) for i in range(7) if r >> i & 1])
    b.say(note or ("B: retreat" + tiles if r else "A: mark  B: back"))


def key(self, k):
    """Handle key k if it belongs to one of these steps (True), else leave it to the picker."""
    s = self.session
    st = s.state
    g = s.g
    if getattr(self, "ret", -1) < 0 and st.phase == g.PH_DECLARE:
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
