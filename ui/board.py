"""The Schotten Totten table on 160x128: both sides of the 9 stones, the hand, one text line.

Layout (y, px): 0-32 the opponent's cards (first card nearest the stones), 33-43 the stones,
44-76 the player's cards, 78-89 the message line, 92-121 the hand (6 large cards) with the
deck count, the match score and the thinking indicator to its right. The end-of-round panel
covers the message line and the hand, so the final table stays in view. Built once; `draw()`
only changes tiles that differ. The player shown at the bottom is `seat` (in pass-and-play,
the one whose turn it is). Stones and rows are parameters, so a 4-card Mud Fight stone or a
7-tile wall needs new numbers rather than new code.
"""

import displayio

from ui import gfx

NSTONES = 9
ROWS = 3  # card rows a side (Mud Fight: 4)
CARD_H = 11
STONE_W = 17
BOARD_X = 3
OPP_Y = 0
STONE_Y = OPP_Y + ROWS * CARD_H
MINE_Y = STONE_Y + CARD_H
MSG_Y = MINE_Y + ROWS * CARD_H + 1
HAND_Y = MSG_Y + 14
HAND_X = 2
HAND_W = 22
HAND_N = 6
SIDE_X = 136
PANEL_Y = MSG_Y - 1
THINK = ("AI. ", "AI .", "AI..")


class BoardView:
    """Display objects of the table screen, made once; draw() updates them from a state."""

    def __init__(self):
        self.group = displayio.Group()
        self.bg = gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE])
        self.group.append(self.bg.grid)
        # Rows of small cards: opp rows (k = ROWS-1 .. 0 from the top), then my rows k = 0...
        self.opp = gfx.Cards(gfx.SMALL, NSTONES, ROWS, BOARD_X, OPP_Y)
        self.mine = gfx.Cards(gfx.SMALL, NSTONES, ROWS, BOARD_X, MINE_Y)
        self.stones = gfx.Cards(gfx.SMALL, NSTONES, 1, BOARD_X, STONE_Y)
        for g in (self.opp, self.mine, self.stones):
            self.group.append(g.grid)
        for s in range(NSTONES):
            self.stones.set_tile(s, gfx.T_STONE)
        self.tiles = bytearray([gfx.T_STONE] * NSTONES)  # what each stone shows when settled
        self.hand = gfx.Cards(gfx.LARGE, HAND_N, 1, HAND_X, HAND_Y)
        self.group.append(self.hand.grid)
        self.stone_cursor = gfx.Sprite(gfx.SMALL, gfx.T_CURSOR, 0, 0, hidden=True)
        self.hand_cursor = gfx.Sprite(gfx.LARGE, gfx.T_CURSOR, 0, HAND_Y, hidden=True)
        self.group.append(self.stone_cursor.grid)
        self.group.append(self.hand_cursor.grid)
        self.msg_area = gfx.TextGrid(2, MSG_Y, 26)
        self.msg = gfx.Line(self.msg_area, 0, gfx.WHITE, gfx.CENTER)
        # Deck count, match score, the thinking indicator ("AI" and a walking dot).
        self.side = gfx.TextGrid(SIDE_X, HAND_Y - 1, 4, 3, light=True)
        self.deck = gfx.Line(self.side, 0)
        self.score = gfx.Line(self.side, 1, gfx.GOLD)
        self.think = gfx.Line(self.side, 2)
        self.group.append(self.msg_area.grid)
        self.group.append(self.side.grid)
        self._think_phase = 0
        self.panel = None  # the end-of-round / hand-over panel, built only while shown

    def draw(self, st, seat, hand=None, marks=(), scores=None):
        """Show state `st` with player `seat` at the bottom. `hand`: the cards to show in the
        hand row (None = that player's hand; () hides it). `marks`: stones to mark claimable."""
        opp = seat ^ 1
        top = ROWS - 1
        for s in range(NSTONES):
            mine = st.cnt[s * 2 + seat]
            theirs = st.cnt[s * 2 + opp]
            for k in range(ROWS):
                # Opponent rows are drawn top-down: the top row holds their last slot.
                self.opp.set(
                    (top - k) * NSTONES + s, st.board[(s * 2 + opp) * 4 + k] if k < theirs else gfx.NONE
                )
                self.mine.set(k * NSTONES + s, st.board[(s * 2 + seat) * 4 + k] if k < mine else gfx.NONE)
            o = st.owner[s]
            if o:
                t = gfx.T_STONE_P1 if o == seat + 1 else gfx.T_STONE_P2
            elif s in marks:
                t = gfx.T_CLAIM
            else:
                t = gfx.T_STONE
            self.tiles[s] = t
            self.stones.set_tile(s, t)
        cards = sorted(st.hand_of(seat)) if hand is None else hand
        self.hand.show(cards)
        self.deck.set("D%d" % st.ndeck)
        if scores is not None:
            self.score.set("%d-%d" % (scores[seat], scores[opp]))

    def show_panel(self, lines):
        """Show the panel over the message line and the hand with up to four lines (the first
        in gold); None takes it away (its display objects are let go of)."""
        if lines is None:
            if self.panel is not None:
                self.group.remove(self.panel.group)
                self.panel = None
            return
        if self.panel is None:
            self.panel = _Panel()
            self.group.append(self.panel.group)
        self.panel.show(lines)

    def flash(self, mask, on):
        """Claim animation frame: the stones flagged in `mask` gold (on) or as settled."""
        for s in range(NSTONES):
            if mask[s]:
                self.stones.set_tile(s, gfx.T_CLAIM if on else self.tiles[s])

    def hand_x(self, i):
        return HAND_X + i * HAND_W

    def point_hand(self, i):
        """Cursor on hand card i (None hides it)."""
        if i is None:
            self.hand_cursor.show(False)
            return
        self.hand_cursor.move(self.hand_x(i), HAND_Y)
        self.hand_cursor.show(True)

    def point_stone(self, s, k):
        """Cursor on stone s, at the player's k-th card slot (k=-1: on the stone itself)."""
        if s is None:
            self.stone_cursor.show(False)
            return
        y = STONE_Y if k < 0 else MINE_Y + CARD_H * min(k, ROWS - 1)
        self.stone_cursor.move(BOARD_X + s * STONE_W, y)
        self.stone_cursor.show(True)

    def say(self, text, ink=gfx.WHITE):
        self.msg.set(text, ink)

    def thinking(self, on):
        """Advance (or clear) the thinking indicator: "AI" and a dot walking three places."""
        if on:
            self._think_phase = (self._think_phase + 1) % 3
        self.think.set(THINK[self._think_phase] if on else "")


class _Panel:
    """The end-of-round box over the message line and the hand: four centred lines."""

    def __init__(self):
        h = 128 - PANEL_Y
        self.group = displayio.Group()
        gold = gfx.PALETTE[gfx.C_GOLD]
        # a gold frame of four thin boxes (one box under the whole panel would double its redraw)
        for x, y, w, hh in ((0, PANEL_Y, 160, 1), (0, 127, 160, 1), (0, PANEL_Y, 1, h), (159, PANEL_Y, 1, h)):
            self.group.append(gfx.Box(x, y, w, hh, gold).grid)
        self.group.append(gfx.Box(1, PANEL_Y + 1, 158, h - 2, 0x102818).grid)
        self.area = gfx.TextGrid(2, PANEL_Y + 2, 26, 4)
        self.group.append(self.area.grid)
        self.lines = [gfx.Line(self.area, i, gfx.GOLD if i == 0 else gfx.WHITE, gfx.CENTER) for i in range(4)]
        self.group.hidden = True

    def show(self, lines):
        """Show the panel with up to four lines (the first in gold); None hides it."""
        g = self.group
        if lines is None:
            if not g.hidden:
                g.hidden = True
            return
        for i in range(4):
            self.lines[i].set(lines[i] if i < len(lines) else "")
        if g.hidden:
            g.hidden = False


def _wins(who):
    return who + (" win" if who == "You" else " wins")


def round_end_lines(st, m, names, over):
    """The end-of-round panel: round or match, who won and how, the score, what A does."""
    w = st.winner
    line1 = "%s: %s" % (
        _wins(names[w]),
        "3 in a row" if st.stones_of(w) < 5 else "%d stones" % st.stones_of(w),
    )
    score = "%s %d - %s %d" % (names[0], m.scores[0], names[1], m.scores[1])
    if m.rounds == 1:
        stones = "Stones: %s %d - %s %d" % (names[0], st.stones_of(0), names[1], st.stones_of(1))
        return ("GAME OVER", line1, stones, "A: title")
    if over:
        mw = m.winner()
        verdict = "The match is drawn" if mw < 0 else _wins(names[mw]) + " the match!"
        return ("MATCH OVER: " + score, line1, verdict, "A: title")
    return ("ROUND %d OF %d" % (m.played, m.rounds), line1, "Match: " + score, "A: next round")
