"""The end of a game of the second game, and of its revenge match with the tie-break
explained: the statistics, the final wall and its panel, the save. Loaded when a game ends
(ui.st2.play.round_end) and let go of when its panel is left (ui.app's round-end key), so
not while the AI thinks."""

from ui.panel import _wins
from ui.play import BOARD, ROUND_END
from ui.session import OPP_DEMO, OPP_PASS


class Outcome:
    """What ui.play's end-of-game lights read (`result[0].winner`): 0 when the player at the
    bottom won, 1 when they lost."""

    def __init__(self, won):
        self.winner = 0 if won else 1


def _lines(who, st):
    """Who won the game, as what, and how (two lines)."""
    w = st.winner
    if w == 0:
        how = "4 tiles damaged" if st.damaged() >= 4 else "took a damaged tile"
    else:
        how = "the siege deck ran out" if st.ndeck == 0 else "every formation full"
    return "%s as %s" % (_wins(who), ("Attacker", "Defender")[w]), how  # ui.st2.play's ROLES


def end_lines(s, st, over, names):
    """The panel at the end of a game of the second game (s: the ui.st2.session.Session, the game already
    counted in the match)."""
    m = s.match
    res = m.results
    n = len(res)
    line1, how1 = _lines(names[res[-1][0]], st)
    if m.mode == 0:
        return ("GAME OVER", line1, how1, "A: title")
    if n & 1:
        return (
            "GAME %d: SWAP ROLES" % n,
            line1 + ",",
            how1,
            "A: %s attacks next" % names[n & 1],
        )
    a, b = res[n - 2], res[n - 1]
    if a[0] == b[0]:
        why, how = "Won both games", ""
    elif a[1]:
        why, how = "Both won as Attacker:", "%d cards left against %d" % _mine(a, b, 2, m.winner())
    else:
        why, how = "Both won as Defender:", "%d tiles+oil against %d" % _mine(a, b, 3, m.winner())
    if not over:
        return (
            "TIED: ANOTHER PAIR",
            why,
            "%d against %d" % (a[2 if a[1] else 3], b[2 if a[1] else 3]),
            "A: next game",
        )
    w = m.winner()
    verdict = _wins(names[w]) + " the match!"
    return ("MATCH OVER  A: title", verdict, why, how)


def _mine(a, b, i, w):
    """(the match winner's figure, the other's) of field i in a pair's two results."""
    return (a[i], b[i]) if a[0] == w else (b[i], a[i])


def round_end(self):
    """ui.st1.ending.round_end for the second game: count the game (statistics per game, variant
    and role), show the final wall and the panel, save."""
    s = self.session
    st = s.state
    t = s.settings
    opp = t.opponent
    me = s.me
    names = ("You", "AI") if opp < OPP_PASS else ("P1", "P2")
    if t.role:  # the player (P1) is match player 1 when they defend first
        names = (names[1], names[0])
    over = s.finish_round()
    if opp != OPP_DEMO:
        self.stats.record(1, me, t.variant, min(opp, 3), st.winner == me)
        if over and t.kind:
            self.stats.record_match(1, t.variant, min(opp, 3), s.match.winner() == t.role)
    self.result = (Outcome(st.winner == me), over, opp)
    self.last_play = ""
    self.last_at = -1
    if over:
        self._drop_ai()
    self._show(BOARD)
    self.mode = ROUND_END
    b = self.board
    b.draw(st, me, (), ())
    b.point_hand(None)
    b.point_stone(None, 0)
    b.say("")
    self.sound("lose" if st.winner != me and opp < OPP_PASS else "win")
    b.show_panel(end_lines(s, st, over, names))
    self._turn_lights()
    if over:
        self.session = None
    else:
        s.next_round()
    self.save()
