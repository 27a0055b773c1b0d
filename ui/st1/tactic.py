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
- Words: each step's one-line prompt (`prompt`). The rest is ui/st1/tactic_info.py, loaded when needed
  and let go of at once (its code is not in RAM while the AI thinks): the hint's and the
  hand-over's texts of a tactic move, the info panel (Down with nothing picked), B in a
  ruse's steps.
"""

from ui import gfx
from ui.platform import K_B, K_DOWN

NCLAN = 54  # card ints: clan 0..53, then the tactic cards (engine.st1.tactic.table)
RECRUITER = 60
STRATEGIST = 61
BANSHEE = 62
TRAITOR = 63
SLOT = 253  # a mapper value: an empty slot outlined (a Mud Fight stone's)
T_MODES = 109  # small sheet, 109..111: a stone's combat modes drawn over it (B, M, both)
PH_DRAW = 3
PH_ACTION = 4
# engine.st1.tactic.table's card order -> ui.sheets.TACTICS' (JOKER twice; BLIND and MUD swapped)
_TILE = bytearray((0, 0, 1, 2, 4, 3, 5, 6, 7, 8))
NAMES = ("JOKER", "JOKER", "SPY", "SHIELD", "BLIND", "MUD", "RECRUITER", "STRATEGIST", "BANSHEE", "TRAITOR")
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


class Extras:
    """The tactic table's display objects beyond the base layout's (ui.board.BoardView)."""

    def __init__(self, b):
        self.b = b
        self.modes = gfx.Cards(gfx.SMALL, b.n, 1, b.x, b.stone_y, gfx.st1_tile)  # over the stones
        g = b.group
        g.insert(g.index(b.stones.grid) + 1, self.modes.grid)  # under the cursors
        self.hl = -1  # the deck the draw's cursor is on (-1: none)
        self.ndeck = self.ntdeck = -1
        self.big = False  # more than seven hand cards over the side column's second line

    def draw(self, st, seat):
        """The cards of both sides (BoardView.draw's loop for a TState), the modes, the decks."""
        b = self.b
        n = b.n
        top = b.rows - 1
        sides = ((seat ^ 1, b.opp), (seat, b.mine))
        for s in range(n):
            mud = st.mode[s] & 2
            claimed = st.owner[s]
            for side, cards in sides:
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

    def decks(self, st, force=False):
        """Line 0 of the side column: "C40T10", the deck under the draw's cursor in gold (not
        while a long message takes the line: BoardView.say, which forces it back)."""
        if force:
            self.ndeck = -1
        if self.b.wide or st.ndeck == self.ndeck and st.ntdeck == self.ntdeck and self.hl == self._hl:
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

    def prompt(self, app, st):
        return prompt(app, st)

    def order(self, st, opts):
        order(st, opts)

    def key(self, app, k):
        """The tactic table's own keys (ui.play's _board_key, the human to move): any key
        closes the info panel; Down with nothing picked opens it; B with nothing picked in a
        ruse's steps takes the last step back (ui.st1.tactic_info, loaded for these only). True if the
        key was used here."""
        if app._info or (
            not app.sel and (k == K_DOWN or (k == K_B and app.session.state.phase == PH_ACTION))
        ):
            from ui.st1.tactic_info import key

            return _done(key(app, k))
        return False

    def hint(self, g, m):
        """The hint's words for a tactic move, or None (the base game's)."""
        from ui.st1.tactic_info import move_words

        return _done(move_words(g, m, "Hint: "))

    def point_card(self, st, seat, card):
        """The cursor on a card on the table (a ruse's target)."""
        b = self.b
        w = st.find(card)
        if w is None:
            b.point_stone(None, 0)
            return
        s, side, k = w
        if side == seat:
            b.point_stone(s, k)
        else:
            b.point_last(s, k, gfx.T_CURSOR)


def _done(r):
    """Let go of ui.st1.tactic_info (its code is needed for a moment only); returns r."""
    from ui.unload import unload as _unload

    _unload(("ui.st1.tactic_info",))
    return r


def turn_text(g, moves):
    """ui.play's played_text for a tactic card: ui.st1.tactic_info's, let go of after."""
    from ui.st1.tactic_info import turn_text

    return _done(turn_text(g, moves))


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
        if self._done == g.encode(g.KIND_PASS):  # no clan card can be played (the picker's read)
            return "No clan card. B: pass"
        if self.cpart == 1 and self.hand_i < len(self._hand) and self._hand[self.hand_i] >= NCLAN:
            from ui.st1.tactic_info import effect  # the card under the cursor: its name and effect

            return _done(effect(self._hand[self.hand_i]))
        if not (self.last_play or st.tactic_ok(p)) and any(c >= NCLAN for c in st.hand_of(p)):
            # (after what the other player did, which is said first)
            h = self.session.humans  # whose turn it is to play one: the AI, or the other player
            return "Tactics %d-%d: wait for %s" % (
                st.tp[p],
                st.tp[p ^ 1],
                "P%d" % (2 - p) if h[p ^ 1] else "AI",
            )
    return None
