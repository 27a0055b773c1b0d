"""The panel over the bottom of the table (the end of a round, the pass-and-play hand-over) and
what happens at the end of a round: its code is loaded when a panel first shows (ui.board's
show_panel) and let go of when the round's end is left (ui.app's round-end key), so not while
the AI thinks (docs/BENCHMARKS.md, Memory); in pass-and-play it stays after a hand-over.
"""

import displayio

from ui import gfx
from ui.board import PANEL_Y
from ui.play import BOARD, ROUND_END
from ui.session import OPP_DEMO, OPP_PASS


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


def round_end(self):
    """ui.play.Play._round_end: count the round (and a finished match) in the statistics,
    show the final table and the panel, save; at the end of a match the AI's code goes (the
    title comes next)."""
    s = self.session
    st = s.state
    w = st.winner
    opp = s.settings.opponent
    names = ("You", "AI") if opp < OPP_PASS else ("P1", "P2")
    t = s.settings
    over = s.finish_round()
    m = s.match
    if opp != OPP_DEMO:
        # role: who started the round (the first game), the variant as the mode
        self.stats.record(t.game - 1, st.first, t.variant, min(opp, 3), w == 0)
        if over and m.rounds > 1 and m.winner() >= 0:
            self.stats.record_match(t.game - 1, t.variant, min(opp, 3), m.winner() == 0)
    if getattr(self.p, "drive_writable", False):  # boot.py's option: the record as a file
        from ui.gamefile import write

        write(self.p, s.g, s.rec, w, m.played, m.rounds)
        from ui.app import _unload

        _unload(("ui.gamefile", "engine.st1.notation"))  # its code, and move_text's
    self.result = (st, over, opp)
    self.last_play = ""
    if over:
        self._drop_ai()
    self._show(BOARD)
    self.mode = ROUND_END
    b = self.board
    b.draw(st, 0, (), (), m.scores if m.rounds > 1 else None)
    b.point_hand(None)
    b.point_stone(None, 0)
    b.say("")
    self.sound("lose" if w == 1 and opp < OPP_PASS else "win")
    b.show_panel(round_end_lines(st, m, names, over))
    self._turn_lights()
    if over:
        self.session = None
    else:
        s.next_round()
    self.save()
