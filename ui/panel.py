"""The panel over the bottom of the table (the end of a round, the pass-and-play hand-over):
its code is loaded when a panel first shows (ui.board's show_panel) and let go of when the
round's end is left (ui.app's round-end key), so not while the AI thinks (docs/BENCHMARKS.md,
Memory); in pass-and-play it stays after a hand-over. What happens at the end of a round is
ui/st1/ending.py's (two smaller compiles than one).
"""

import displayio

from ui import gfx
from ui.board import PANEL_Y


def wrap(text, then):
    """A panel's two middle lines: `text` over both when longer than a line (26), else
    `text` and `then`."""
    if len(text) <= 26:
        return (text, then)
    i = text.rfind(" ", 0, 27)
    return (text[:i], text[i + 1 :])


class Panel:
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
