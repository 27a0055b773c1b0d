"""The second game's table: what ui.play does for the first game, where the second differs.
Each function takes the App as `self` (ui.play's hooks call them when `self.g` is the second
game's object); loaded only for the second game.

- `redraw`: the wall (ui.st2.board.BoardView), the player's role at the bottom (the Attacker is
  seat 0), what the cursor is on in words: a tile's need while a card is placed, the card an
  Oil Cauldron would remove (framed in gold), a declaration, the retreat.
- `key`: the picker (ui.pick) with two changes. The retreat's many tile sets are one
  entry at the end of the options ("Retreat?"): A there opens the retreat step, where
  Left/Right walk the tiles holding the Attacker's cards, A marks or unmarks one, B retreats
  from the tiles marked (with none marked: back), Down goes back. A declaration tried on a
  complete formation that does not hold (offered with manual declarations, before the card
  and in the declare step: issue 36 item 8) says which of the Defender's cards could still
  beat it (the second game's card names).
- `round_end`: the end of a game and of the revenge match, with its tie-break explained.
"""

from engine.st2.cards import name
from ui.platform import K_A, K_B
from ui.play import BOARD, HANDOVER
from ui.session import OPP_DEMO, OPP_PASS
from ui.st2.board import need_text

ROLES = ("Attacker", "Defender")


def played_text(g, who, moves, n=-1):
    """What `who` did in moves (a turn): "AI: oil on 3, R5 on 2", "P1: R5 on 2, took 3 4";
    who "" is the player at the handheld: "You took 3" (its automatic declarations)."""
    out = ""
    took = ""
    act = -1  # the action card whose steps follow (the tactic variant)
    for m in moves:
        kind, card, t, extra = g.decode(m)
        if kind == g.KIND_PLAY and card >= 60 or kind == g.KIND_STEP:
            from ui.st2.tactic import EXCHANGE, card_name

            if kind == g.KIND_PLAY:
                out += ", " + card_name(card) + ("" if t < 0 else " on %d" % (t + 1))
                act = card
            elif card >= 0:  # an Exchange's cards are secret, and so are one's given out of turn
                if act != EXCHANGE and (act >= 0 or who == "Hint"):
                    out += " " + card_name(card) if act >= 0 else ", " + card_name(card)
            else:
                out += (" out" if extra else " to %d" % (t + 1)) if act >= 0 else (", to %d" % (t + 1))
        elif kind == g.KIND_PLAY:
            out += ", %s on %d" % (name(card), t + 1)
        elif kind == g.KIND_CAULDRON:
            out += ", oil on %d" % (t + 1)
        elif kind == g.KIND_RETREAT:
            out += ", retreat from" + "".join([" %d" % (i + 1) for i in range(7) if extra >> i & 1])
        elif kind == g.KIND_DECLARE:
            took += " %d" % (t + 1)
        elif kind == g.KIND_PASS:
            out += ", passed"
        elif kind == g.KIND_DRAW and who == "Hint":
            out += ", draw " + ("tactic" if extra else "siege")
    if took:
        out += ", took" + took
    if not out:
        return ""
    return (who + ":" if who else "You") + out[1:]


def hint(g, m):
    """The hint's words for move m."""
    return played_text(g, "Hint", [m])


def _declarable(self):
    """The tiles the Attacker can declare (the game object's claimable: a proof on each
    complete tile), once a position: not again at every cursor move (the cache of
    ui.play.Play.marks, which the first game's table alone uses)."""
    s = self.session
    key = (s.state, len(s.rec.moves))
    if key != self._marks_key:
        self._marks_key = key
        self._marks = s.g.claimable(s.state)
    return self._marks


def _ret(self):
    return getattr(self, "ret", -1)


def redraw(self, note=None):
    s = self.session
    st = s.state
    g = s.g
    b = self.board
    seat = self.seat()
    self._use_seat(seat)
    human = self.mode == BOARD and s.human_to_move()
    hide = self.mode == HANDOVER
    marks = _declarable(self) if human and st.to_move == 0 else ()
    b.draw(st, seat, () if hide else None, marks)
    self._turn_lights()
    if hide:
        r = ROLES[st.to_move]
        b.point_hand(None)
        b.point_stone(None, 0)
        b.say("")
        n = len(s.games)  # the game being played, 1-based
        last = self.last_play or ("New game" if s.settings.kind == 0 else "Game %d" % n)
        from ui.panel import wrap  # loaded for the panel that shows it

        b.show_panel((r.upper() + "'S TURN",) + wrap(last, "Pass it to the " + r) + (r + ": press A",))
        return
    b.show_panel(None)
    if not human:
        b.point_hand(None)
        b.point_stone(None, 0)
        b.say(note or ("AI demo" if s.settings.opponent == OPP_DEMO else "Opponent's turn"))
        return
    if _ret(self) >= 0 or self.oil >= 0:
        from ui.st2 import steps

        steps.draw(self, b, note)
        return
    from ui.pick import EXTRA, TARGET, point

    point(self, b, st, seat)
    t = self.stone_i
    tp = None if note or b.tx is None else b.tx.prompt(self, st)  # a tactic step's line
    if note:
        c = chef(s, st) if note is self.last_play else None
        if c:  # the other side's move: a 0 meeting its 11, in its words ("AI: R0 meets R11")
            note = note[: note.find(":") + 2] + c
    elif tp:
        note = tp
    elif st.phase == g.PH_DECLARE:
        note = "A:declare B:done"
    elif self.cpart == EXTRA and self.opts and st.phase == g.PH_PLAY:
        note = "Retreat? A: tiles"
    elif self.cpart == TARGET and self.sel:
        note = "T%d: %s" % (t + 1, need_text(t, st.side[t]))
    elif self.cpart == TARGET:
        note = "Declare %d? A" % (t + 1)
    else:
        you = s.settings.opponent != OPP_PASS
        note = (
            (("Your turn." if you else "Defender.") + " B: oil" if getattr(b, "oils", 0) else "")
            or chef(s, st)
            or self.last_play
            or ("Your turn, " if you else "") + ROLES[seat]
        )
    if b.tx is not None and st.shown[0] != 255 and "took" in note:
        from ui.st2.tactic import _done
        from ui.st2.tactic_info import elites  # the values the declaration gave its elite troops

        note = _done(with_elites(note, elites(st), b.msg_area.cols))
    b.say(fit(note, b.msg_area.cols))


def with_elites(note, ev, n):
    """A declaration's words and the values its elite troops took, in n characters if the
    rest of the turn makes way: "AI: R5 on 2, took 3" -> "AI took 3 JK=B11"."""
    out = note + " " + ev
    if len(out) > n:
        k = note.find(":")
        who = note[:k] if k >= 0 else note[: note.find(" took")]
        out = who + " took" + note[note.find("took") + 4 :] + " " + ev
    return out


def fit(text, n):
    """The text in n characters (26: over the decks' line when longer than the hand's width,
    ui.board's say): no space after a comma or a colon, then (a turn of a retreat, a card and
    declarations) " from " and " on " as " " and ">"; the hand-over's panel shows it whole."""
    if len(text) > n:
        text = text.replace(", ", ",").replace(": ", ":")
        if len(text) > n:
            text = text.replace(" from ", " ").replace(" on ", ">")
    return text


def chef(s, st):
    """ "Chicken versus Chef" as it happened in the last turn (a 0 and the 11 of its colour
    played opposite each other, both discarded): "R0 meets R11", else None."""
    g = s.g
    mv = s.rec.moves
    took = 0  # tiles declared since: their cards went with the declaration
    for i in range(len(mv) - 1, max(-1, len(mv) - 6), -1):
        kind, c, t, _ = g.decode(mv[i])
        if kind == g.KIND_DECLARE:
            took |= 1 << t
        elif kind == g.KIND_PLAY:
            v = c % 12
            other = c + 11 if v == 0 else c - 11 if v == 11 else -1
            if other >= 0 and not took >> t & 1 and st.loc[c] == 2 and st.loc[other] == 2:
                return "%s meets %s" % (name(c), name(other))
            return None
    return None


def key(self, k):
    """A key of the human to move on the second game's table (ui.play.Play._board_key)."""
    from ui.pick import EXTRA, TARGET, pick_key, read

    s = self.session
    st = s.state
    g = s.g
    read(self)
    if self.board.tx is not None and self.board.tx.key(self, k):  # the info panel, B in a step
        return
    if (
        _ret(self) >= 0
        or self.oil >= 0
        or (k == K_B and not self.sel and st.to_move == 1 and st.phase == g.PH_PLAY and self._done < 0)
        or (k == K_A and self.cpart == EXTRA and not self.sel and self.opts and st.phase == g.PH_PLAY)
        or (
            k == K_A
            and not self.sel
            and self.cpart == TARGET
            and g.can_try(st, self.stone_i)
            and self.stone_i not in _declarable(self)
        )
    ):
        from ui.st2 import steps  # the retreat's step, a declaration that does not hold

        if steps.key(self, k):
            return
    pick_key(self, k)


def round_end(self):
    """The end of a game (ui.st2.ending: loaded only while its panel shows)."""
    from ui.st2 import ending

    ending.round_end(self)
