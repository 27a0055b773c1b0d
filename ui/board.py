"""The Schotten Totten table on 160x128: both sides of the 9 stones, the hand, one text line.

Layout (y, px): 0-32 the opponent's cards (first card nearest the stones), 33-43 the stones,
44-76 the player's cards, 77-88 the message line, 89-118 the hand (6 large cards) with the
deck count and scores to its right. Built once; `draw()` only changes tiles that differ.
The player shown at the bottom is `seat` (in pass-and-play, the one whose turn it is).
"""

import displayio

from ui import gfx

STONE_W = 17
BOARD_X = 3
OPP_Y = 0
STONE_Y = 33
MINE_Y = 44
MSG_Y = 77
HAND_Y = 90
HAND_X = 2
HAND_W = 22
SIDE_X = 136


class BoardView:
    """Display objects of the table screen, made once; draw() updates them from a state."""

    def __init__(self):
        self.group = displayio.Group()
        self.bg = gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE])
        self.group.append(self.bg.grid)
        # Rows of 9 small cards: opp rows (k=2,1,0 from the top), then my rows k=0,1,2.
        self.opp = gfx.Cards(gfx.SMALL, 9, 3, BOARD_X, OPP_Y)
        self.mine = gfx.Cards(gfx.SMALL, 9, 3, BOARD_X, MINE_Y)
        self.stones = gfx.Cards(gfx.SMALL, 9, 1, BOARD_X, STONE_Y)
        for g in (self.opp, self.mine, self.stones):
            self.group.append(g.grid)
        for s in range(9):
            self.stones.set_tile(s, gfx.T_STONE)
        self.hand = gfx.Cards(gfx.LARGE, 6, 1, HAND_X, HAND_Y)
        self.group.append(self.hand.grid)
        self.stone_cursor = gfx.Sprite(gfx.SMALL, gfx.T_CURSOR, 0, 0, hidden=True)
        self.hand_cursor = gfx.Sprite(gfx.LARGE, gfx.T_CURSOR, 0, HAND_Y, hidden=True)
        self.group.append(self.stone_cursor.grid)
        self.group.append(self.hand_cursor.grid)
        self.msg = gfx.Text(80, MSG_Y, "", 0xFFFFFF, gfx.CENTER)
        self.deck = gfx.Text(SIDE_X, HAND_Y - 1, "", 0xC8C8C8)
        self.score = gfx.Text(SIDE_X, HAND_Y + 11, "", 0xFFC000)
        self.think = gfx.Text(SIDE_X, HAND_Y + 23, "", 0xFFFFFF)
        for t in (self.msg, self.deck, self.score, self.think):
            self.group.append(t.label)
        self._think_phase = 0

    def draw(self, st, seat, hand=None, marks=(), scores=None):
        """Show state `st` with player `seat` at the bottom. `hand`: the cards to show in the
        hand row (None = that player's hand; () hides it). `marks`: stones to mark claimable."""
        opp = seat ^ 1
        for s in range(9):
            for k in range(3):
                mine = st.cnt[s * 2 + seat]
                theirs = st.cnt[s * 2 + opp]
                # Opponent rows are drawn top-down: row 0 holds their third card.
                self.opp.set((2 - k) * 9 + s, st.board[(s * 2 + opp) * 4 + k] if k < theirs else gfx.NONE)
                self.mine.set(k * 9 + s, st.board[(s * 2 + seat) * 4 + k] if k < mine else gfx.NONE)
            o = st.owner[s]
            if o:
                t = gfx.T_STONE_P1 if o == seat + 1 else gfx.T_STONE_P2
            elif s in marks:
                t = gfx.T_CLAIM
            else:
                t = gfx.T_STONE
            self.stones.set_tile(s, t)
        cards = sorted(st.hand_of(seat)) if hand is None else hand
        self.hand.show(cards)
        self.deck.set("D%d" % st.ndeck)
        if scores is not None:
            self.score.set("%d-%d" % (scores[seat], scores[opp]))

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
        y = STONE_Y if k < 0 else MINE_Y + 11 * min(k, 2)
        self.stone_cursor.move(BOARD_X + s * STONE_W, y)
        self.stone_cursor.show(True)

    def say(self, text, color=0xFFFFFF):
        self.msg.set(text, color)

    def thinking(self, on):
        """Advance (or clear) the thinking indicator: a dot that walks along three places."""
        if not on:
            self.think.set("")
            return
        self._think_phase = (self._think_phase + 1) % 4
        self.think.set(("AI.  ", "AI.. ", "AI...", "AI ..")[self._think_phase])
