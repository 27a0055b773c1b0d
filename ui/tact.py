"""Schotten Totten's tactic variant on the table (issue 17 item 2): what the base game's
screens do not draw or say. Loaded only by a tactic game's screens (ui.board builds
`Extras` for the tactic layout; ui.play, ui.pick and ui.app call the functions here for a
TState); the base game never imports it.

- Cards: the tactic cards' tiles (ui.sheets' TACTICS rows: a symbol each), `tile(card)`.
- The table: a stone's combat modes marked over it (T_MODES: "B" Blind-Man's Bluff, "M"
  Mud Fight), a Mud Fight stone's empty slots outlined (four a side), an elite troop on a
  claimed stone shown as the clan card it stood for (TState.elite_value), the side column's
  decks ("C40T10": clan, tactic) with the deck the draw's cursor is on in gold, a hand of up
  to nine cards while Recruiter resolves (its two last slots over the side column's second
  line, which is blank meanwhile).
- Words: each step's one-line prompt (`prompt`), the hint's and the hand-over's texts of a
  tactic move (`move_words`), the info panel (Down with nothing picked: the tactics each side
  played and the one-more rule, the decks, the discard, the elite troops' values).
- B in a ruse's steps (`undo_step`): back one decision of the turn, down to the ruse card
  back in hand, never past a draw (a drawn card has been seen) nor into another turn.
"""

from ui import gfx

NCLAN = 54  # card ints: clan 0..53, then the tactic cards (engine.st1.ttable)
RECRUITER = 60
STRATEGIST = 61
BANSHEE = 62
TRAITOR = 63
SLOT = 253  # a mapper value: an empty slot outlined (a Mud Fight stone's)
T_MODES = 109  # small sheet, 109..111: a stone's combat modes drawn over it (B, M, both)
PH_DRAW = 3
PH_ACTION = 4
# engine.st1.ttable's card order -> ui.sheets.TACTICS' (JOKER twice; BLIND and MUD swapped)
_TILE = bytearray((0, 0, 1, 2, 4, 3, 5, 6, 7, 8))
NAMES = ("JOKER", "JOKER", "SPY", "SHIELD", "BLIND", "MUD", "RECRUITER", "STRATEGIST", "BANSHEE", "TRAITOR")
SHORT = ("JKR", "JKR", "SPY", "SHD", "BLF", "MUD", "RCR", "STR", "BAN", "TRT")
_ROW_TACTIC = 6 * gfx.SHEET_COLS


def tile(card):
    """ui.gfx.Cards' mapper for the tactic variant: st1_tile, and the tactic cards' tiles."""
    if NCLAN <= card < 64:
        return _ROW_TACTIC + _TILE[card - NCLAN]
    if card == SLOT:
        return gfx.T_EMPTY
    return gfx.st1_tile(card)


def card_name(c):
    """ "G7", "SPY"."""
    if c >= NCLAN:
        return NAMES[c - NCLAN]
    from engine.cards import name

    return name(c)


def short(c):
    """Three characters at most: "G7", "BAN"."""
    return SHORT[c - NCLAN] if c >= NCLAN else card_name(c)


class Extras:
    """The tactic table's display objects beyond the base layout's (ui.board.BoardView)."""

    def __init__(self, b):
        self.b = b
        self.modes = gfx.Cards(gfx.SMALL, b.n, 1, b.x, b.stone_y, gfx.st1_tile)  # over the stones
        b.group.append(self.modes.grid)
        self.hl = -1  # the deck the draw's cursor is on (-1: none)
        self.ndeck = self.ntdeck = -1
        self.big = False  # more than seven hand cards over the side column's second line

    def draw(self, st, seat):
        """The cards of both sides (BoardView.draw's loop for a TState), the modes, the decks."""
        b = self.b
        n = b.n
        top = b.rows - 1
        for s in range(n):
            mud = st.mode[s] & 2
            claimed = st.owner[s]
            for side, cards in ((seat ^ 1, b.opp), (seat, b.mine)):
                c = st.cnt[s * 2 + side]
                o = (s * 2 + side) * 4
                for k in range(4):
                    if k < c:
                        v = st.board[o + k]
                        if claimed and v >= NCLAN:  # the value it took at the claim
                            e = st.elite_value(v)
                            v = v if e is None else e
                    else:
                        v = SLOT if mud and not claimed else gfx.NONE
                    cards.set((top - k) * n + s if side != seat else k * n + s, v)
            m = st.mode[s]
            self.modes.set_tile(s, T_MODES + m - 1 if m else gfx.T_BLANK)
        if st.phase != PH_DRAW and not (st.phase == PH_ACTION and st.left):
            self.hl = -1  # no deck to choose: neither in gold (the draw's cursor sets it)

    def side(self, st, cards, scores):
        """The side column: the decks on line 0; line 1 (stones held, points) is blank while
        more than seven hand cards (Recruiter's) reach under it. True while it is."""
        self.decks(st)
        b = self.b
        if len(cards) > 7:
            if not self.big:
                self.big = True
                b.side.put(0, 1, "", gfx.WHITE, b.side.cols)
            return True
        if self.big:
            self.big = False
            b.side.line(1, "")
            if scores is not None:
                b.score.draw()
        return False

    def decks(self, st):
        """Line 0 of the side column: "C40T10", the deck under the draw's cursor in gold."""
        if st.ndeck == self.ndeck and st.ntdeck == self.ntdeck and self.hl == self._hl:
            return
        self.ndeck, self.ntdeck, self._hl = st.ndeck, st.ntdeck, self.hl
        a = self.b.side
        c = "C%d" % st.ndeck
        t = "T%d" % st.ntdeck
        a.put(0, 0, c, gfx.GOLD if self.hl == 0 else gfx.WHITE)
        a.put(len(c), 0, t, gfx.GOLD if self.hl == 1 else gfx.WHITE, a.cols - len(c))

    _hl = -1

    def point_extra(self, st, v):
        """The draw's cursor on deck v (0 clan, 1 tactic); -1 none."""
        self.hl = v
        self.decks(st)

    def point_card(self, st, seat, card):
        """The cursor on a card on the table (a ruse's target)."""
        point_card(self.b, st, seat, card)

    def prompt(self, app, st):
        return prompt(app, st)

    def key(self, app, k):
        return key(app, k)

    def hint(self, g, m):
        w = move_words(g, m)
        return "Hint: " + w if w else None


def point_card(b, st, seat, card):
    """The cursor on a card on the table (a ruse's target)."""
    w = st.find(card)
    if w is None:
        b.point_stone(None, 0)
        return
    s, side, k = w
    c = b.stone_cursor
    c.set_tile(gfx.T_CURSOR)
    y = b.mine_y + 11 * k if side == seat else (b.rows - 1 - k) * 11
    c.move(b.x + s * 17, y)
    c.show(True)


def order(st, opts):
    """Table cards (a ruse's targets) walked in table order: stone, then side, then slot."""
    if opts and opts[0] >> 10 == 1 and st.find(opts[0] & 1023) is not None:
        opts.sort(key=lambda o: st.find(o & 1023) or (9, 0, 0))


def prompt(self, st):
    """The one line the table says for the human's step in a tactic game (None: the base
    game's line)."""
    ph = st.phase
    if ph == PH_DRAW:
        return "Draw: %s deck  A" % ("tactic" if self.extra else "clan")
    if ph == PH_ACTION:
        a = st.act
        if a == RECRUITER:
            if st.left:
                return "Recruit: draw %d (%s)" % (st.left, "tac" if self.extra else "clan")
            return "Put back %d card%s" % (st.rets, "s" if st.rets > 1 else "")
        if st.asel == 255:
            return (
                "Strategist: your card"
                if a == STRATEGIST
                else "Banshee: their card"
                if a == BANSHEE
                else "Traitor: their clan"
            )
        c = card_name(st.asel)
        if a == STRATEGIST:
            return "%s: stone or discard" % c if self.cpart != 3 else "A: discard %s" % c
        return "%s to which stone?" % c
    if ph == 0 and not self.sel:
        p = st.to_move
        g = self.session.g
        if g.encode(g.KIND_PASS) in st.legal_moves():  # no clan card can be played
            return "No clan card. B: pass"
        if not st.tactic_ok(p) and any(c >= NCLAN for c in st.hand_of(p)):
            return "Tactics %d-%d: wait" % (st.tp[p], st.tp[p ^ 1])
    return None


def move_words(g, m):
    """A tactic move in a few words ("BANSHEE", "SPY on 3", "G7", "to 3", "discard", "draw
    tactic"); None for the base game's moves (a clan card, a claim, done, pass)."""
    kind, card, t, x = g.decode(m)
    if kind == g.KIND_PLAY and card >= NCLAN:
        return card_name(card) + ("" if t < 0 else " on %d" % (t + 1))
    if kind == g.KIND_DRAW:
        return "draw " + ("tactic" if x else "clan")
    if kind == g.KIND_STEP:
        if card >= 0:
            return card_name(card)
        return "discard" if x else "to stone %d" % (t + 1)
    return None


def turn_text(g, moves):
    """The tactic card played in `moves` and its steps in a few words, for ui.play's
    played_text: "SPY on 3", "BANSHEE G7", "TRAITOR B5 to 3", "STRATEGIST R2 out",
    "RECRUITER" (the cards it put back are the player's secret)."""
    out = ""
    ruse = -1
    for m in moves:
        kind, card, t, x = g.decode(m)
        if kind == g.KIND_PLAY and card >= NCLAN:
            out = card_name(card) + ("" if t < 0 else " on %d" % (t + 1))
            ruse = card
        elif kind == g.KIND_STEP and out and ruse != RECRUITER:
            out += " " + (card_name(card) if card >= 0 else "out" if x else "to %d" % (t + 1))
    return out


def info_lines(st, seat, names):
    """The info panel: tactics played (the one-more rule), decks, discard, elite values."""
    me, opp = names
    p = seat
    may = st.tactic_ok(p)
    one = "Tactics: %s %d, %s %d" % (me, st.tp[p], opp, st.tp[p ^ 1])
    rule = ("%s may play a tactic" % me) if may else ("%s: wait for %s's" % (me, opp))
    d = st.discard()
    dis = "Discard: " + (" ".join([short(c) for c in d]) if d else "empty")
    ev = []
    for c in range(NCLAN, NCLAN + 4):
        v = st.elite_value(c)
        if v is not None:
            ev.append("%s=%s" % (short(c), card_name(v)))
    four = " ".join(ev) if ev else "Decks: clan %d, tactic %d" % (st.ndeck, st.ntdeck)
    return (one, rule, dis[:26], four[:26])


def undo_step(s):
    """B in a ruse's steps: take back the human's last decision of this turn in Session `s`
    when no card was drawn since (the ruse card itself comes back to the hand; Recruiter's,
    whose draws may have happened with it, does not). True if it did."""
    g = s.g
    st = s.state
    moves = s.rec.moves
    n = len(moves)
    i = n - 1
    if i < 0 or st.phase != PH_ACTION:
        return False
    kind, card, _, _ = g.decode(moves[i])
    if kind == g.KIND_DRAW or (kind == g.KIND_PLAY and card == RECRUITER):
        return False
    before = s.rec.replay(i)
    if before.to_move != st.to_move or before.turn != st.turn:
        return False
    del moves[i:]
    s.state = before
    if s.marks and s.marks[-1][0] >= len(moves):
        s.marks.pop()  # the turn's first decision taken back: no undo mark for it
    return True


def key(self, k):
    """The tactic table's own keys (ui.play's _board_key, the human to move): any key closes
    the info panel; Down with nothing picked opens it; B with nothing picked in a ruse's steps
    takes the last step back (undo_step). True if the key was used here."""
    from ui.platform import K_B, K_DOWN

    b = self.board
    s = self.session
    if self._info:
        self._info = False
        b.show_panel(None)
        self.redraw()
        return True
    if self.sel:
        return False
    if k == K_DOWN:
        self._info = True
        names = (
            ("You", "AI")
            if s.humans[1] is False
            else ("P%d" % (s.state.to_move + 1), "P%d" % (2 - s.state.to_move))
        )
        b.show_panel(info_lines(s.state, s.state.to_move, names))
        b.say("Any key: back")
        return True
    if k == K_B and s.state.phase == PH_ACTION:
        if undo_step(self.session):
            self.unpick()
            self.redraw("Step taken back")
        else:
            self.redraw("Cannot take back a draw")
        return True
    return False
