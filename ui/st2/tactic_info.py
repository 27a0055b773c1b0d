"""The second game's tactic table: its rarer words and keys (ui/st2/tactic.py has the table),
loaded for a moment and let go of (ui.st2.tactic's `_done`), so its code is not in RAM while
the AI thinks.

- The info panel (Down with nothing picked): the tactic cards each side has played and the
  one-more rule, the action cards kept on each side, the values the last declaration gave
  its elite troops or the decks (`info_lines`).
- B in an action card's steps (`undo_step`): back one decision, down to the action card back
  in hand (an action's steps draw nothing and show nothing hidden until the last one).
"""

from ui.platform import K_B, K_DOWN
from ui.st2.tactic import ACTIONS, FIRST, PH_ACTION, SHORT

# The card under the hand's cursor: its name and what it does, in 26 characters (issue 36 item 7)
EFFECT = (
    "Joker: any siege card",
    "Joker: any siege card",
    "Spy: a 10 of any colour",
    "Shield: 1-3, any colour",
    "Redeploy: move or discard",
    "Recruit: play a discard",
    "Desert: discard theirs",
    "Treason: take their card",
    "Explode: clear a tile",
    "Support: 2 discards back",
    "Exchange: swap 3 cards",
)


def effect(c):
    return EFFECT[c - FIRST]


def short(c):
    """A card in three characters at most: "B11", "SP", "RDP" (as the small tiles show it)."""
    if c >= FIRST:
        return SHORT[c - FIRST]
    from engine.st2.cards import name

    return name(c)


def elites(st):
    """The values the last declaration gave its elite troops: "JK=B11 SP=R10" ("" none)."""
    sh = st.shown
    out = []
    for j in range(0, 8, 2):
        if sh[j] != 255:
            out.append("%s=%s" % (short(sh[j]), short(sh[j + 1])))
    return " ".join(out)


def info_lines(st, seat, names):
    """The info panel's four lines (26 characters): tactics played, the one-more rule, each
    side's action cards (counted when they do not fit), the values the last declaration gave
    its elite troops (else the decks)."""
    me, opp = names
    p = seat
    tc = st.tcount
    out = ["Tactics: %s %d, %s %d" % (me, tc[p], opp, tc[p ^ 1])]
    out.append(("%s may play a tactic" % me) if st.may_tactic(p) else ("%s: wait for %s's" % (me, opp)))
    kept = []
    for q in (p, p ^ 1):
        kept.append([SHORT[c - FIRST] for c in range(ACTIONS, 71) if st.loc[c] == 3 + q])
    line = "%s: %s  %s: %s" % (me, " ".join(kept[0]) or "-", opp, " ".join(kept[1]) or "-")
    out.append(line if len(line) <= 26 else "Actions: %s %d, %s %d" % (me, len(kept[0]), opp, len(kept[1])))
    ev = elites(st)
    out.append(("Took: " + ev) if ev else "Decks: siege %d, tactic %d" % (st.ndeck, st.ntdeck))
    return out


def undo_step(s):
    """B in an action card's steps: take back the human's last decision of Session `s` (a
    step, or the action card itself, which comes back to the hand). True if it did."""
    st = s.state
    moves = s.rec.moves
    if not moves or st.phase != PH_ACTION:
        return False
    moves.pop()  # the action's steps are all this player's (the Exchange's other half: PH_EXCHANGE)
    s.state = s.rec.replay()
    if s.marks and s.marks[-1][0] >= len(moves):
        s.marks.pop()  # the turn's first decision taken back: no undo mark for it
    return True


def key(self, k):
    """ui.st2.tactic.Extras.key's work: close or open the info panel, take a step back."""
    b = self.board
    s = self.session
    if self._info:
        self._info = False
        b.show_panel(None)
        if not s.humans[0] or not s.humans[1]:  # vs the AI: no hand-over needs ui.panel
            from ui.unload import unload as _unload

            _unload(("ui.panel",))
        self.redraw()
        return True
    if self.sel:
        return False
    st = s.state
    if k == K_DOWN:
        self._info = True
        p = st.to_move
        names = ("You", "AI") if not (s.humans[0] and s.humans[1]) else ("P%d" % (p + 1), "P%d" % (2 - p))
        b.show_panel(info_lines(st, p, names))
        b.say("Any key: back")
        return True
    if k == K_B and st.phase == PH_ACTION:
        if undo_step(s):
            self.unpick()
            self.redraw("Step taken back")
        return True
    return False
