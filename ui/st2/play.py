"""The second game's table: what ui.play does for the first game, where the second differs.
Each function takes the App as `self` (ui.play's hooks call them when `self.g` is the second
game's object); loaded only for the second game.

- `redraw`: the wall (ui.st2.board.BoardView), the player's role at the bottom (the Attacker is
  seat 0), what the cursor is on in words: a tile's need while a card is placed, the card an
  Oil Cauldron would remove (framed in gold), a declaration, the retreat.
- `key`: the picker (ui.pick) with two changes. The retreat's many tile sets are one
  entry at the end of the options ("Retreat?"): A there opens the retreat step, where
  Left/Right walk the tiles holding the Attacker's cards, A marks or unmarks one, B retreats
  from the tiles marked (with none marked: back), Down goes back. A declaration tried on a
  complete formation that does not hold says which of the Defender's cards could still beat
  it (the second game's card names).
- `round_end`: the end of a game and of the revenge match, with its tie-break explained.
"""

from engine.st2.cards import name
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT
from ui.play import BOARD, HANDOVER, ROUND_END
from ui.session import OPP_DEMO, OPP_PASS
from ui.st2.board import FLASH, need_text

ROLES = ("Attacker", "Defender")


def played_text(g, who, moves, n=-1):
    """What `who` did in moves (a turn): "AI: oil 3, R5@2", "P1: R5@2, took 3 4"."""
    out = ""
    took = ""
    for m in moves:
        kind, card, t, extra = g.decode(m)
        if kind == g.KIND_PLAY:
            out += ", %s@%d" % (name(card), t + 1)
        elif kind == g.KIND_CAULDRON:
            out += ", oil %d" % (t + 1)
        elif kind == g.KIND_RETREAT:
            out += ", back " + "".join([str(i + 1) for i in range(7) if extra >> i & 1])
        elif kind == g.KIND_DECLARE:
            took += " %d" % (t + 1)
        elif kind == g.KIND_PASS:
            out += ", passed"
    if took:
        out += ", took" + took
    return who + ":" + out[1:] if out else ""


def hint(g, m):
    """The hint's words for move m."""
    return "Hint: " + played_text(g, "", [m])[1:].strip()


def _ret(self):
    return getattr(self, "ret", -1)


def redraw(self, note=None):
    s = self.session
    st = s.state
    g = s.g
    b = self.board
    seat = self.seat()
    self._use_seat(seat)
    human = self.mode == BOARD and s.human_to_move()
    hide = self.mode == HANDOVER
    marks = g.claimable(st) if human and st.to_move == 0 else ()
    b.draw(st, seat, () if hide else None, marks)
    self._turn_lights()
    if hide:
        r = ROLES[st.to_move]
        b.point_hand(None)
        b.point_stone(None, 0)
        b.say("")
        n = s.game_no()
        last = self.last_play or ("New game" if s.settings.kind == 0 else "Game %d" % n)
        b.show_panel((r.upper() + "'S TURN", last, "Pass it to the " + r, r + ": press A"))
        return
    b.show_panel(None)
    if not human:
        b.point_hand(None)
        b.point_stone(None, 0)
        b.say(note or ("AI demo" if s.settings.opponent == OPP_DEMO else "Opponent's turn"))
        return
    r = _ret(self)
    if r >= 0:
        b.point_hand(None)
        b.point_stone(self.stone_i, -1)
        b.mark(r, FLASH)
        tiles = "".join([" %d" % (i + 1) for i in range(7) if r >> i & 1])
        b.say(note or ("B: retreat" + tiles if r else "A: mark  B: back"))
        return
    from ui.pick import EXTRA, TARGET, point

    point(self, b, st, seat)
    t = self.stone_i
    if note:
        pass
    elif st.phase == g.PH_DECLARE:
        note = "A:declare B:done"
    elif self.cpart == EXTRA and self.opts:
        note = "Retreat? A: tiles"
    elif self.cpart == TARGET and self.sel:
        note = "T%d: %s" % (t + 1, need_text(t, st.side[t]))
    elif self.cpart == TARGET and st.to_move == 1:
        b.point_last(t, 0)  # the Attacker's card closest to the tile: the one it removes
        note = "Oil %d: off %s" % (t + 1, name(st.board[t * 8]))
    elif self.cpart == TARGET:
        note = "Declare %d? A" % (t + 1)
    else:
        note = self.last_play or ("Your turn, " if s.settings.opponent != OPP_PASS else "") + ROLES[seat]
    b.say(note)


def key(self, k):
    """A key of the human to move on the second game's table (ui.play.Play._board_key)."""
    from ui.pick import EXTRA, TARGET, pick_key, read

    s = self.session
    st = s.state
    g = s.g
    if _ret(self) >= 0:
        _retreat_key(self, k)
        return
    read(self)
    if k == K_A and self.cpart == EXTRA and not self.sel and self.opts:
        self.ret = 0  # the retreat step: on the first tile holding the Attacker's cards
        for t in range(7):
            if st.cnt[t * 2]:
                self.stone_i = t
                break
        self.redraw()
        return
    if k == K_A and st.phase == g.PH_DECLARE and self.cpart == TARGET and self.stone_i not in g.claimable(st):
        why = g.claim_check(st, self.stone_i)
        if not isinstance(why, str):
            self.sound("error")
            if why:
                mine = self._hand
                own = any(c in mine for c in why)
                self.redraw(("Yours: " if own else "They add ") + " ".join([name(c) for c in why[:3]]))
            else:
                self.redraw("Their side wins")
            return
    was = self.cpart
    pick_key(self, k)
    if (k == K_LEFT or k == K_RIGHT) and was == EXTRA and self.cpart == EXTRA and self.opts:
        # one "Retreat?" entry: skip the other tile sets
        from ui.pick import _go

        o = self.opts
        if k == K_RIGHT:
            _go(self, o[0])
        else:
            i = len(o) - 1
            while i > 0 and o[i] >> 10 == EXTRA:
                i -= 1
            _go(self, o[i])
        self.redraw()


def _retreat_key(self, k):
    s = self.session
    st = s.state
    g = s.g
    if k == K_LEFT or k == K_RIGHT:
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
        me = st.to_move
        self._after_human(s.do(m), me)
        return
    elif k == K_B or k == K_DOWN:
        self.ret = -1
        self.board.mark(0, 0)
    self.redraw()


def _lines(who, st):
    """Who won the game, as what, and how (two lines)."""
    w = st.winner
    if w == 0:
        how = "4 tiles damaged" if st.damaged() >= 4 else "took a damaged tile"
    else:
        how = "the siege deck ran out" if st.ndeck == 0 else "every formation full"
    return "%s %s as %s" % (who, "win" if who == "You" else "wins", ROLES[w]), how


def end_lines(s, st, over, names):
    """The panel at the end of a game of the second game (s: the ui.st2.session.Session, the game already
    counted in the match)."""
    m = s.match
    res = m.results
    n = len(res)
    line1, how1 = _lines(names[res[-1][0]], st)
    if m.mode == 0:
        return ("GAME OVER", line1, how1, "A: title")
    if n & 1:
        return (
            "GAME %d: SWAP ROLES" % n,
            line1 + ",",
            how1,
            "A: %s attacks next" % names[n & 1],
        )
    a, b = res[n - 2], res[n - 1]
    if a[0] == b[0]:
        why, how = "Won both games", ""
    elif a[1]:
        why, how = "Both won as Attacker:", "%d cards left against %d" % _mine(a, b, 2, m.winner())
    else:
        why, how = "Both won as Defender:", "%d tiles+oil against %d" % _mine(a, b, 3, m.winner())
    if not over:
        return (
            "TIED: ANOTHER PAIR",
            why,
            "%d against %d" % (a[2 if a[1] else 3], b[2 if a[1] else 3]),
            "A: next game",
        )
    w = m.winner()
    verdict = names[w] + (" win" if names[w] == "You" else " wins") + " the match!"
    return ("MATCH OVER  A: title", verdict, why, how)


def _mine(a, b, i, w):
    """(the match winner's figure, the other's) of field i in a pair's two results."""
    return (a[i], b[i]) if a[0] == w else (b[i], a[i])


def round_end(self):
    """ui.panel.round_end for the second game: count the game (statistics per game, variant
    and role), show the final wall and the panel, save."""
    s = self.session
    st = s.state
    t = s.settings
    opp = t.opponent
    me = s.me
    names = ("You", "AI") if opp < OPP_PASS else ("P1", "P2")
    if t.role:  # the player (P1) is match player 1 when they defend first
        names = (names[1], names[0])
    over = s.finish_round()
    if opp != OPP_DEMO:
        self.stats.record(1, me, t.variant, min(opp, 3), st.winner == me)
        if over and t.kind:
            self.stats.record_match(1, t.variant, min(opp, 3), s.match.winner() == t.role)
    self.result = (st, over, opp)
    self.last_play = ""
    if over:
        self._drop_ai()
    self._show(BOARD)
    self.mode = ROUND_END
    b = self.board
    b.draw(st, me, (), ())
    b.point_hand(None)
    b.point_stone(None, 0)
    b.say("")
    self.sound("lose" if st.winner != me and opp < OPP_PASS else "win")
    b.show_panel(end_lines(s, st, over, names))
    self._turn_lights()
    if over:
        self.session = None
    else:
        s.next_round()
    self.save()
