"""The table on 160x128: both sides of the stones (or tiles), the hand, one text line.

The geometry is a layout, chosen through the game object (`layout_for`): targets (9 stones,
the second game's 7 tiles), card rows a side (3; 4 for the Mud Fight's and the second game's
4-card formations) and hand cards (6; 7 in the tactic variants). The base game's layout,
`BASE`, is the one the screens always had (pixel for pixel): 0-32 the opponent's cards (first
card nearest the stones), 33-43 the stones, 44-76 the player's cards, 78-89 the message line,
92-121 the hand (6 large cards) with the deck count, the match score and the thinking
indicator to its right. The stones carry their numbers (tiles of the sprite sheet: ui.gfx). With 4 rows or 7 hand cards the rows take 44 px a side and the hand
is a row of small cards beside a two-line column (deck count; score, or the thinking
indicator while the AI thinks). The end-of-round panel covers the bottom 51 px, so the final
table stays in view. Built once; `draw()` only changes tiles that differ. The player shown at
the bottom is `seat` (in pass-and-play, the one whose turn it is).
"""

import displayio

from ui import gfx

CARD_H = 11
STONE_W = 17
THINK = ("AI. ", "AI .", "AI..")
BASE = (9, 3, 6)  # (targets, card rows a side, hand cards): Schotten Totten's base game
# The base layout's places (tests and tools read them)
ROWS = BASE[1]
OPP_Y = 0
STONE_Y = OPP_Y + ROWS * CARD_H
MINE_Y = STONE_Y + CARD_H
MSG_Y = MINE_Y + ROWS * CARD_H + 1
HAND_Y = MSG_Y + 14
HAND_X = 2
SIDE_X = 136
PANEL_Y = 128 - 51


TACTIC1 = (9, 4, 9)  # Schotten Totten's tactic variant: nine hand slots (Recruiter), ui.st1.tactic


def layout_for(g, variant=0):
    """The layout of game object g's ruleset: (targets, card rows a side, hand cards)."""
    if g.NAME == "st1":
        return TACTIC1 if variant else BASE
    return (g.NTARGETS, 4, g.HMAX if variant else g.HAND)


class BoardView:
    """Display objects of the table screen, made once; draw() updates them from a state."""

    def __init__(self, layout=BASE):
        n, rows, hand_n = layout
        mapper = gfx.st1_tile
        if layout == TACTIC1:  # the first game's tactic table: its cards and extras (ui.st1.tactic)
            from ui.st1.tactic import tile as mapper
        self.n = n
        self.rows = rows
        base = rows == 3 and hand_n <= 6
        self.x = (160 - n * STONE_W) // 2
        stone_y = self.stone_y = rows * CARD_H
        mine_y = self.mine_y = stone_y + CARD_H
        msg_y = mine_y + rows * CARD_H + 1
        size = gfx.LARGE if base else gfx.SMALL
        hand_y = self.hand_y = msg_y + (14 if base else 13)
        self.hand_w = gfx.TILE_W[size]
        side_x = SIDE_X if base else HAND_X + min(hand_n, 7) * self.hand_w + 3
        self.group = displayio.Group()
        self.bg = gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE])
        self.group.append(self.bg.grid)
        # Rows of small cards: opp rows (k = rows-1 .. 0 from the top), then my rows k = 0...
        self.opp = gfx.Cards(gfx.SMALL, n, rows, self.x, OPP_Y, mapper)
        self.mine = gfx.Cards(gfx.SMALL, n, rows, self.x, mine_y, mapper)
        self.stones = gfx.Cards(gfx.SMALL, n, 1, self.x, stone_y)
        for g in (self.opp, self.mine, self.stones):
            self.group.append(g.grid)
        for s in range(n):
            self.stones.set_tile(s, gfx.T_NUMBERED + s)
        self.tiles = bytearray(n)  # what each stone shows when settled
        self.hand = gfx.Cards(size, hand_n, 1, HAND_X, hand_y, mapper)
        self.group.append(self.hand.grid)
        self.stone_cursor = gfx.Sprite(gfx.SMALL, gfx.T_CURSOR, 0, 0, hidden=True)
        self.hand_cursor = gfx.Sprite(size, gfx.T_CURSOR, 0, hand_y, hidden=True)
        self.group.append(self.stone_cursor.grid)
        self.group.append(self.hand_cursor.grid)
        # The message line: 26 characters under the stones; beside a row of small cards it
        # keeps to the cards' width (`narrow`) and takes the side column's first line (the
        # decks) for a longer text, while that shows (say).
        self.msg_area = gfx.TextGrid(2, msg_y, 26)
        self.narrow = 26 if base else (side_x - 2) // gfx.FONT_W
        self.wide = False
        self.st = None  # the state drawn last (the decks' line comes back from it)
        self.msg = gfx.Line(self.msg_area, 0, gfx.WHITE, gfx.CENTER)
        # Deck count, stones held (the player's first), the match's points (gold, in a match
        # of several rounds), the thinking indicator ("AI" and a walking dot), which takes the
        # points' line while it shows. Beside a row of small cards there are two lines: the
        # points then take the line of the stones held.
        rows_ = 3 if base else 2
        self.side = gfx.TextGrid(
            side_x, hand_y - 1 if base else msg_y, (160 - side_x) // gfx.FONT_W, rows_, light=True
        )
        self.deck = gfx.Line(self.side, 0)
        self.score = gfx.Line(self.side, rows_ - 1, gfx.GOLD)
        self.think = gfx.Line(self.side, rows_ - 1)
        self.group.append(self.msg_area.grid)
        self.group.append(self.side.grid)
        self._think_phase = 0
        self.panel = None  # the end-of-round / hand-over panel, built only while shown
        self.tx = None
        if layout == TACTIC1:
            from ui.st1.tactic import Extras

            self.tx = Extras(self)

    def draw(self, st, seat, hand=None, marks=(), scores=None):
        """Show state `st` with player `seat` at the bottom. `hand`: the cards to show in the
        hand row (None = that player's hand; () hides it). `marks`: stones to mark claimable.
        `scores`: the match's points (None: a single game, no points shown)."""
        opp = seat ^ 1
        n = self.n
        rows = self.rows
        top = rows - 1
        tx = self.tx
        self.st = st
        if tx is not None:  # the tactic table's cards and modes
            tx.draw(st, seat)
            rows = 0
        for s in range(n):
            mine = st.cnt[s * 2 + seat]
            theirs = st.cnt[s * 2 + opp]
            for k in range(rows):
                # Opponent rows are drawn top-down: the top row holds their last slot.
                self.opp.set((top - k) * n + s, st.board[(s * 2 + opp) * 4 + k] if k < theirs else gfx.NONE)
                self.mine.set(k * n + s, st.board[(s * 2 + seat) * 4 + k] if k < mine else gfx.NONE)
            o = st.owner[s]
            # the numbered stone (gfx.T_NUMBERED): plain, the player's, the other's, claimable
            t = gfx.T_NUMBERED + s + (9 if o == seat + 1 else 18 if o else 27 if s in marks else 0)
            self.tiles[s] = t
            self.stones.set_tile(s, t)
        cards = sorted(st.hand_of(seat)) if hand is None else hand
        self.hand.show(cards)
        if tx is None:
            self.deck.set("D%d" % st.ndeck)
            if self.wide:
                self.side.put(0, 0, "", gfx.WHITE, self.side.cols)  # the long message's
        elif tx.side(st, cards, scores):  # the decks; nine cards over the second line
            return
        if scores is None or self.side.rows == 3:  # beside small cards the points take line 1
            self.side.line(1, "%d-%d" % (st.stones_of(seat), st.stones_of(opp)))
        if scores is not None:
            self.score.set("%d-%d" % (scores[seat], scores[opp]))

    def show_panel(self, lines):
        """Show the panel over the message line and the hand with up to four lines (the first
        in gold); None takes it away (its display objects are let go of; its code, ui/panel.py,
        when the round-end screen is left: App.key)."""
        if lines is None:
            if self.panel is not None:
                self.group.remove(self.panel.group)
                self.panel = None
            return
        if self.panel is None:
            from ui.panel import Panel

            self.panel = Panel()
            self.group.append(self.panel.group)
        self.panel.show(lines)

    def flash(self, mask, on):
        """Claim animation frame: the stones flagged in `mask` gold (on) or as settled."""
        for s in range(self.n):
            if mask[s]:
                self.stones.set_tile(s, gfx.T_NUMBERED + 27 + s if on else self.tiles[s])

    def point_hand(self, i):
        """Cursor on hand card i (None hides it)."""
        if i is None:
            self.hand_cursor.show(False)
            return
        self.hand_cursor.move(HAND_X + i * self.hand_w, self.hand_y)
        self.hand_cursor.show(True)

    def point_stone(self, s, k, tile=gfx.T_CURSOR):
        """Cursor on stone s, at the player's k-th card slot (k=-1: on the stone itself); tile
        T_LAST: the gold frame of the other side's last turn."""
        if s is None:
            self.stone_cursor.show(False)
            return
        y = self.stone_y if k < 0 else self.mine_y + CARD_H * min(k, self.rows - 1)
        c = self.stone_cursor
        c.set_tile(tile)
        c.move(self.x + s * STONE_W, y)
        c.show(True)

    def point_last(self, s, k, tile=gfx.T_LAST):
        """The gold frame (the cursor's sprite) round the other side's card in slot k of stone
        s: the card played last, while the cursor is on the hand (tile: the plain cursor, for
        a ruse's target there)."""
        c = self.stone_cursor
        c.set_tile(tile)
        c.move(self.x + s * STONE_W, OPP_Y + (self.rows - 1 - k) * CARD_H)
        c.show(True)

    def point_target(self, st, seat, t, slot):
        """Cursor on stone t: at `seat`'s next card slot there (slot: a card is being placed),
        else on the stone itself."""
        self.point_stone(t, st.cnt[t * 2 + seat] if slot else -1)

    def say(self, text, ink=gfx.WHITE):
        """The message line: centred beside the hand, over the decks' line when longer."""
        m = self.msg
        if text == m.text and ink == m.ink:
            return
        m.text = text
        m.ink = ink
        n = len(text)
        w = self.narrow
        wide = n > w
        if wide:
            w = 26
        if wide != self.wide:
            self.wide = wide
            if wide:
                self.side.put(0, 0, "", gfx.WHITE, self.side.cols)
            elif self.tx is not None:
                self.tx.decks(self.st, True)
            else:
                self.deck.draw()
        a = self.msg_area
        col = (w - n) // 2 if n < w else 0
        a.put(0, 0, "", ink, col)
        a.put(col, 0, text, ink, 26 - col)

    def thinking(self, on):
        """Advance (or clear) the thinking indicator: "AI" and a dot walking three places."""
        if on:
            self._think_phase = (self._think_phase + 1) % 3
        self.think.set(THINK[self._think_phase] if on else "")
        if not on and self.score.text:
            self.score.draw()  # the points' line again (the stones held: at the next draw)
