"""The second game's table: ui.board's compact layout (7 targets, 4 card rows a side, a hand
of small cards) with the wall in place of the stones.

Each wall tile is a small box with a two-character label: the cards its formation needs and
what counts there (NEED_SIGNS: * every formation, + only the sum, = same strength, c colour,
r run, v the lowest sum wins), the lowest-sum tiles' label in gold. The box is dark grey on
the good side, dark red once damaged, green where the player may declare control, gold while
a declaration blinks. The side column shows the siege deck (the Defender's clock) and the
cauldrons left. Cards are the second game's ints (colour * 12 + strength, R Y G B P) drawn
from the same card sheets (`st2_tile`). Built once, like BoardView; draw() changes only what
differs. Loaded only for the second game (ui.app's _show: ui.st2.board.BoardView); the tactic variant's
cards and side column are ui.st2.tactic's (`tx`, None in the base game).
"""

from engine.st2.cards import K_LOW, kind, need
from engine.st2.game import KIND_CAULDRON, KIND_RETREAT
from engine.st2.game import kind as kind_of
from ui import board as B
from ui import gfx

NEED_SIGNS = "*+=crv"  # by engine.st2.cards K_ALL .. K_LOW
NEED_WORDS = ("any", "sum", "same", "colour", "run", "lowest")
_ROW = (0, 2, 3, 4, 5)  # the sheet's rows R O Y G B P: the second game's R Y G B P
GOOD = 0x303030
DAMAGED = 0x7A1E1E
MARKED = 0x1E7A32
FLASH = 0xFFC000
RETREAT = 0x2850A0  # tiles marked for a retreat (not gold: the lowest-sum tiles' label is)


def st2_tile(card):
    """Sheet tile of a second-game card int (NONE: blank; HIDDEN: a back)."""
    if 0 <= card < 60:
        return _ROW[card // 12] * gfx.SHEET_COLS + card % 12
    if card == gfx.NONE:
        return gfx.T_BLANK
    if card == gfx.HIDDEN:
        return gfx.T_BACK
    return gfx.T_UNKNOWN


def need_text(t, side):
    """What tile t (0-based) needs on that side, in words: "3 cards, colour"."""
    return "%d cards, %s" % (need(t, side), NEED_WORDS[kind(t, side)])


class BoardView(B.BoardView):
    """BoardView with the wall tiles' boxes and labels."""

    def __init__(self, layout):
        B.BoardView.__init__(self, layout)
        mapper = st2_tile
        if layout[2] == 7:  # the tactic variant's hand of 7: its cards and side column
            from ui.st2.tactic import Extras
            from ui.st2.tactic import tile as mapper

            self.tx = Extras(self)
        for c in (self.opp, self.mine, self.hand):
            c.mapper = mapper
        self.stones.grid.hidden = True
        self.boxes = []
        self.labels = []
        self.sides = bytearray(b"\xff" * self.n)  # what each label shows (255: not yet)
        self.colours = [GOOD] * self.n
        at = self.group.index(self.stones.grid)
        for t in range(self.n):
            x = self.x + t * 17
            b = gfx.Box(x + 1, self.stone_y, 15, 11, GOOD)
            lab = gfx.TextGrid(x + 3, self.stone_y, 2)
            self.group.insert(at, lab.grid)
            self.group.insert(at, b.grid)
            self.boxes.append(b)
            self.labels.append(lab)

    def draw(self, st, seat, hand=None, marks=(), scores=None):
        """Show state `st` with player `seat` (0 the Attacker) at the bottom; `marks`: tiles
        to show declarable; `scores`: unused (the revenge match's standing is the pause menu's)."""
        opp = seat ^ 1
        n = self.n
        rows = self.rows
        top = rows - 1
        self.st = st
        for t in range(n):
            mine = st.cnt[t * 2 + seat]
            theirs = st.cnt[t * 2 + opp]
            for k in range(rows):
                self.opp.set((top - k) * n + t, st.board[(t * 2 + opp) * 4 + k] if k < theirs else gfx.NONE)
                self.mine.set(k * n + t, st.board[(t * 2 + seat) * 4 + k] if k < mine else gfx.NONE)
            side = st.side[t]
            if self.sides[t] != side:
                self.sides[t] = side
                ink = gfx.GOLD if kind(t, side) == K_LOW else gfx.WHITE
                self.labels[t].put(0, 0, "%d%s" % (need(t, side), NEED_SIGNS[kind(t, side)]), ink)
            c = MARKED if t in marks else DAMAGED if side else GOOD
            self.colours[t] = c
            self.boxes[t].set_color(c)
        cards = sorted(st.hand_of(seat)) if hand is None else hand
        self.hand.show(cards)
        if self.tx is None:
            self.deck.set("D%d" % st.ndeck)
            if self.wide:
                self.side.put(0, 0, "", gfx.WHITE, self.side.cols)  # the long message's
        else:
            self.tx.decks(st)  # both decks
        self.score.set("Oil %d" % st.oil)

    def moves(self, st):
        """The legal moves the picker offers (ui.pick.read): no cauldron (its own step, B from
        the hand: ui.st2.steps), the retreats, one set of tiles each, as one option, the first
        (up to 127 in a turn: a long list in a cut-up heap); the retreat's own step picks the
        tiles (ui.st2.steps)."""
        out = st.legal_moves()
        i = 0
        self.oils = 0  # the cauldrons left out (the prompt offers B)
        while i < len(out):
            if kind_of(out[i]) == KIND_CAULDRON:
                out.pop(i)
                self.oils += 1
            else:
                i += 1
        i = 0
        while i < len(out) and kind_of(out[i]) != KIND_RETREAT:
            i += 1
        j = i + 1  # the retreats follow one another (the moves are sorted)
        while j < len(out) and kind_of(out[j]) == KIND_RETREAT:
            j += 1
        del out[i + 1 : j]
        return out

    def flash(self, mask, on):
        """A declaration's animation frame: the tiles flagged in `mask` gold (on) or settled."""
        for t in range(self.n):
            if mask[t]:
                self.boxes[t].set_color(FLASH if on else self.colours[t])

    def mark(self, mask, on_colour):
        """Colour the tiles whose bit is set in `mask` (a retreat being chosen), the others
        as settled."""
        for t in range(self.n):
            self.boxes[t].set_color(on_colour if mask >> t & 1 else self.colours[t])
