"""The tactic table's rarer words and keys (ui/st1/tactic.py has the table): loaded for a moment
and let go of (ui.st1.tactic's `_done`), so its code is not in RAM while the AI thinks.

- The hint's and the hand-over's texts of a tactic move (`move_words`, `turn_text`).
- The info panel (Down with nothing picked): the tactics each side played and the one-more
  rule, the discard, the elite troops' values or the decks (`info_lines`).
- B in a ruse's steps (`undo_step`): back one decision of the turn, down to the ruse card
  back in hand, never past a draw (a drawn card has been seen) nor into another turn.
"""

from ui.platform import K_B, K_DOWN
from ui.st1.tactic import NCLAN, PH_ACTION, RECRUITER, card_name

SHORT = ("JKR", "JKR", "SPY", "SHD", "BLF", "MUD", "RCR", "STR", "BAN", "TRT")
# The card under the hand's cursor: its name and what it does, in 26 characters (issue 36 item 7)
EFFECT = (
    "Joker: any clan card",
    "Joker: any clan card",
    "Spy: a 7 of any colour",
    "Shield: 1-3, any colour",
    "Blind-Man's Bluff: sums",
    "Mud Fight: 4 cards a side",
    "Recruiter: draw 3, keep 1",
    "Strategist: move your card",
    "Banshee: discard theirs",
    "Traitor: steal a clan card",
)


def effect(c):
    return EFFECT[c - NCLAN]


def short(c):
    """Three characters at most: "G7", "BAN"."""
    return SHORT[c - NCLAN] if c >= NCLAN else card_name(c)


def move_words(g, m, pre=""):
    """A tactic move in a few words after `pre` ("BANSHEE", "SPY on 3", "G7", "to stone 3",
    "discard", "draw tactic"); None for the base game's moves (a clan card, a claim, done,
    pass)."""
    kind, card, t, x = g.decode(m)
    if kind == g.KIND_PLAY and card >= NCLAN:
        w = card_name(card) + ("" if t < 0 else " on %d" % (t + 1))
    elif kind == g.KIND_DRAW:
        w = "draw " + ("tactic" if x else "clan")
    elif kind == g.KIND_STEP:
        w = card_name(card) if card >= 0 else "discard" if x else "to stone %d" % (t + 1)
    else:
        return None
    return pre + w


def turn_text(g, moves):
    """The tactic card played in `moves` and its steps in a few words, for ui.play's
    played_text: "SPY on 3", "BANSHEE G7", "TRAITOR B5 to 3", "STRATEGIST R2 out",
    "RECRUITER" (the cards it put back are the player's secret)."""
    out = ""
    ruse = -1
    for m in moves:
        kind, card, t, x = g.decode(m)
        if kind == g.KIND_PLAY and card >= NCLAN:
            out = card_name(card) + ("" if t < 0 else " on %d" % (t + 1))
            ruse = card
        elif kind == g.KIND_STEP and out and ruse != RECRUITER:
            out += (" " + card_name(card)) if card >= 0 else " out" if x else " to %d" % (t + 1)
    return out


def info_lines(st, seat, names):
    """The info panel: tactics played (the one-more rule), decks, discard, elite values."""
    me, opp = names
    p = seat
    may = st.tactic_ok(p)
    one = "Tactics: %s %d, %s %d" % (me, st.tp[p], opp, st.tp[p ^ 1])
    rule = ("%s may play a tactic" % me) if may else ("%s: wait for %s's" % (me, opp))
    d = [short(c) for c in st.discard()]
    k = 0  # the oldest cards left out when the line is full: "Discard +2: BAN G7 STR"
    while len(" ".join(d[k:])) > (14 if k else 17):
        k += 1
    dis = ("Discard +%d: " % k if k else "Discard: ") + (" ".join(d[k:]) if d else "empty")
    ev = []
    for c in range(NCLAN, NCLAN + 4):
        v = st.elite_value(c)
        if v is not None:
            ev.append("%s=%s" % (short(c)[:2], card_name(v)))
    four = " ".join(ev) if ev else "Decks: clan %d, tactic %d" % (st.ndeck, st.ntdeck)
    return (one, rule, dis, four)


def undo_step(s):
    """B in a ruse's steps: take back the human's last decision of this turn in Session `s`
    when no card was drawn since (the ruse card itself comes back to the hand; Recruiter's,
    whose draws may have happened with it, does not). True if it did."""
    g = s.g
    st = s.state
    moves = s.rec.moves
    n = len(moves)
    i = n - 1
    if i < 0 or st.phase != PH_ACTION:
        return False
    kind, card, _, _ = g.decode(moves[i])
    if kind == g.KIND_DRAW or (kind == g.KIND_PLAY and card == RECRUITER):
        return False
    before = s.rec.replay(i)
    if before.to_move != st.to_move or before.turn != st.turn:
        return False
    del moves[i:]
    s.state = before
    if s.marks and s.marks[-1][0] >= len(moves):
        s.marks.pop()  # the turn's first decision taken back: no undo mark for it
    return True


def key(self, k):
    """ui.st1.tactic.Extras.key's work: close or open the info panel, take a ruse's step back."""
    b = self.board
    s = self.session
    if self._info:
        self._info = False
        b.show_panel(None)
        if not s.humans[1]:  # vs the AI: no hand-over needs the panel's code (ui.panel)
            from ui.unload import unload as _unload

            _unload(("ui.panel",))
        self.redraw()
        return True
    if self.sel:
        return False
    if k == K_DOWN:
        self._info = True
        names = (
            ("You", "AI")
            if s.humans[1] is False
            else ("P%d" % (s.state.to_move + 1), "P%d" % (2 - s.state.to_move))
        )
        b.show_panel(info_lines(s.state, s.state.to_move, names))
        b.say("Any key: back")
        return True
    if k == K_B and s.state.phase == PH_ACTION:
        if undo_step(self.session):
            self.unpick()
            self.redraw("Step taken back")
        else:
            self.redraw("Cannot take back a draw")
        return True
    return False
