"""The second game's tactic variant on the table (issue 17): what ui.st2.board and ui.st2.play
draw and say beyond the base game. Loaded only for a tactic game of the second game
(ui.st2.board builds `Extras` for it); the base game and the first game never import it.

- Cards: the eleven tactic cards' tiles (ui.sheets' TACTICS rows: a symbol or a short name
  each), `tile(card)`.
- The side column's first line: both decks, "D40T11" (siege, tactic), the deck the draw's
  cursor is on in gold; the second line keeps the cauldrons left.
- The cursor on a card on the wall (an action's target): the player's own card framed where
  it is, the other side's with the cursor's frame; a discarded card (Recruitment's, Support's)
  is named in the message line.
- Words: each step's one-line prompt (`prompt`, 20 characters beside the hand). The rest is
  ui/st2/tactic_info.py, loaded for a moment and let go of: the words of a tactic move, the info
  panel (Down with nothing picked), B in an action's steps.
"""

from ui import gfx
from ui.platform import K_B, K_DOWN
from ui.st2.board import st2_tile

FIRST = 60  # engine.st2.tactic.cards: 60 JOKER, 61 JOKER2, 62 SPY, 63 SHIELD, then the actions
ACTIONS = 64
REDEPLOYMENT = 64
RECRUITMENT = 65
TREASON = 67
EXPLOSION = 68
SUPPORT = 69
EXCHANGE = 70
PH_PLAY = 0
PH_DRAW = 3
PH_ACTION = 4
PH_EXCHANGE = 5
# engine.st2.tactic.cards' order -> ui.sheets.TACTICS' (both Jokers one tile; the actions from 9)
_TILE = bytearray((0, 0, 1, 2, 9, 10, 11, 12, 13, 14, 15))
_ROW_TACTIC = 6 * gfx.SHEET_COLS
SHORT = ("JK", "JK", "SP", "SH", "RDP", "RCT", "DES", "TRS", "EXP", "SUP", "XCH")  # as on the tiles
WORDS = (
    "Joker",
    "Joker",
    "Spy",
    "Shield",
    "Redeploy",
    "Recruit",
    "Desert",
    "Treason",
    "Explode",
    "Support",
    "Exchange",
)


def tile(card):
    """ui.gfx.Cards' mapper for the variant: st2_tile, and the tactic cards' tiles."""
    if FIRST <= card < 71:
        return _ROW_TACTIC + _TILE[card - FIRST]
    return st2_tile(card)


def card_name(c):
    """ "B11", "Spy": a siege card's name, a tactic card's word."""
    if c >= FIRST:
        return WORDS[c - FIRST]
    from engine.st2.cards import name

    return name(c)


def _done(r):
    """Let go of ui.st2.tactic_info (its code is needed for a moment only); returns r."""
    from ui.unload import unload as _unload

    _unload(("ui.st2.tactic_info",))
    return r


class Extras:
    """The tactic table's parts beyond ui.st2.board.BoardView's (the interface of ui.st1.tactic's
    Extras that ui.pick calls: order, point_extra, point_card)."""

    def __init__(self, b):
        self.b = b
        self.hl = -1  # the deck the draw's cursor is on (-1: none)
        self._shown = None  # what the decks' line shows

    def decks(self, st, force=False):
        """Line 0 of the side column: "D40T11", the deck under the draw's cursor in gold (not
        while a long message takes the line: BoardView.say, which forces it back)."""
        if st.phase != PH_DRAW:
            self.hl = -1
        key = (st.ndeck, st.ntdeck, self.hl)
        if self.b.wide or (key == self._shown and not force):
            return
        self._shown = key
        a = self.b.side
        d = "D%d" % st.ndeck
        a.put(0, 0, d, gfx.GOLD if self.hl == 0 else gfx.WHITE)
        a.put(len(d), 0, "T%d" % st.ntdeck, gfx.GOLD if self.hl == 1 else gfx.WHITE, a.cols - len(d))

    def point_extra(self, st, v):
        """The draw's cursor on deck v (0 siege, 1 tactic); -1 none."""
        self.hl = v if st.phase == PH_DRAW else -1
        self.decks(st)

    def point_card(self, st, seat, card):
        """The cursor on a card on the wall (an action's target); a discarded one: none."""
        b = self.b
        i, k = st.find(card)
        if i < 0:
            b.point_stone(None, 0)
        elif i & 1 == seat:
            b.point_stone(i >> 1, k)
        else:
            b.point_last(i >> 1, k, gfx.T_CURSOR)

    def order(self, st, opts):
        """Cards on the wall (an action's targets) walked in wall order: tile, then slot."""
        if opts and opts[0] >> 10 == 1 and st.find(opts[0] & 1023)[0] >= 0:
            opts.sort(key=lambda o: st.find(o & 1023))

    def prompt(self, app, st):
        return prompt(app, st)

    def key(self, app, k):
        """The tactic table's own keys (the human to move): any key closes the info panel;
        Down with nothing picked opens it; B with nothing picked in an action's steps takes the
        last step back (ui.st2.tactic_info, loaded for these only). True if the key was used."""
        if app._info or (
            not app.sel and (k == K_DOWN or (k == K_B and app.session.state.phase == PH_ACTION))
        ):
            from ui.st2.tactic_info import key

            return _done(key(app, k))
        return False


def _under(app):
    """The card the cursor is on (a hand card or an action's target), or -1."""
    from ui.pick import CARD, cur

    c = cur(app)
    return c & 1023 if c >= 0 and c >> 10 == CARD else -1


def prompt(app, st):
    """The one line the table says for the human's step (None: the base game's line)."""
    ph = st.phase
    if ph == PH_DRAW:
        return "Draw: %s deck A" % ("tactic" if app.extra else "siege")
    if ph == PH_EXCHANGE or (ph == PH_ACTION and st.act == EXCHANGE):
        left = st.xk - st.exchange_picks()[1]
        c = _under(app)
        if c < 0:
            return "Exchange: give %d" % left
        return "Exchange %s? %d left" % (SHORT[c - FIRST] if c >= FIRST else card_name(c), left)
    if ph == PH_ACTION:
        a = st.act
        if a == EXPLOSION:
            return "Explode tile %d? A" % (app.stone_i + 1)
        if a == SUPPORT:
            c = _under(app)
            return "Support: %s %d/2? A" % (card_name(c) if c >= 0 else "", st.nstep + 1)
        if st.nstep == 0:
            c = _under(app)
            if a == RECRUITMENT:
                return "Recruit %s? A" % card_name(c) if c >= 0 else "Recruit: a discard"
            return "%s: %s card" % (WORDS[a - FIRST], "your" if a == REDEPLOYMENT else "their")
        c = card_name(st.pick[0])
        if a == REDEPLOYMENT:
            return "A: discard %s" % c if app.cpart == 3 else "%s: tile or out" % c
        return "%s to which tile?" % c
    if ph == PH_PLAY and not app.sel:
        p = st.to_move
        g = app.session.g
        if app._done == g.PASS:  # no card can be played (the picker's read: its move without parts)
            return "No card: B to pass"
        c = _under(app)
        if c >= FIRST and app.tcard < 0:
            from ui.st2.tactic_info import effect  # the card under the cursor: its name and effect

            return _done(effect(c))
        if not (app.last_play or st.may_tactic(p)) and any(c >= FIRST for c in st.hand_of(p)):
            # (after what the other player did, which is said first)
            h = app.session.humans  # whose turn it is to play one: the AI, or the other player
            return "Tactics %d-%d: wait for %s" % (
                st.tcount[p],
                st.tcount[p ^ 1],
                "P%d" % (2 - p) if h[p ^ 1] else "AI",
            )
    return None
