"""What happens at the end of a round of the first game: the statistics, the final table, the
panel's lines, the save (ui.play.Play._round_end imports it; ui.app lets go of it with the
panel's code when the round's end is left, so it is not in RAM while the AI thinks).
"""

from ui.panel import _wins
from ui.play import BOARD, ROUND_END
from ui.session import OPP_DEMO, OPP_PASS


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
        from ui.unload import unload as _unload

        _unload(("ui.gamefile", "engine.st1.notation"))  # its code, and move_text's
    from ui.unload import unload as _unload

    del self.opts[:]
    _unload(("ui.pick",))  # no card to pick until the next round (its first key imports it)
    self.result = (st, over, opp)
    self.last_play = ""
    self.last_at = -1
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
