"""Choosing a move by cursor, for any game (issue 11 item 4; docs/ENGINE.md, docs/DEVICE.md).

A move is picked part by part, in the order of the game object's decode(move) = (kind, card,
target, extra): a card, then a target (a stone or a tile), then the extra part (the second
game's retreat, a variant's further choice). What the cursor can walk over at a step is read
from the legal moves themselves, filtered through decode() on the parts chosen so far: no
move arithmetic here, and a tactic card's target, a deck or a preparation action needs no new
selection code, only legal moves that decode to their parts.

An option is one int, part << 10 | value (every value is below 1024), so that options sort in
the order the cursor walks them: the hand's cards, then the targets left to right, then the
extras. `chosen` is a list indexed like decode()'s tuple: the value picked for that part, or
NO. A part a move lacks is None (`part`: decode's -1, and an extra of 0 unless a sibling move
has another: a draw from the first deck is a choice). A move is complete when every part it
has is chosen; a move without parts (DONE, PASS) is
complete before anything is chosen (B plays it: it ends the claim step).

The cursor's state lives on the App (ui.play.Play._init_play, `unpick`); the functions here
take the App as `self` (as ui/title.py's do), so that this module is imported when the table
needs it and let go of at the title with the game object (ui.app.App._drop_game).

Keys (`pick_key`): Left/Right walk the options (wrapping), A picks the one under the
cursor (Up too, for a hand card), B or Down goes back a part; B with nothing picked plays the
move without parts. In the claim step, and with manual claims wherever the game lets the
player claim, the cursor also walks the complete formations that are not proven yet
(`tryable`): A there says why the claim does not hold.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_UP
from ui.session import CLAIM_STEP

CARD = 1
TARGET = 2
EXTRA = 3
NO = -2  # nothing chosen for that part yet (decode gives -1 for a part a move lacks)
_SHIFT = const(10)
_MASK = const(1023)


def option(part, value):
    return part << _SHIFT | value


def choices(g, moves):
    """The (kind, card, target) of the `moves` whose extra part is a choice: those with which
    some move has a nonzero extra. decode() gives 0 both for "no extra part" and for a first
    choice (the first game's draw from the clan deck, the second game's from the siege deck):
    such a move has an extra part only when a sibling move has another. None when no move
    has one (the base games)."""
    out = None
    for m in moves:
        d = g.decode(m)
        if d[EXTRA]:
            k = d[:EXTRA]
            if out is None:
                out = [k]
            elif k not in out:
                out.append(k)
    return out


def part(d, i, ext):
    """Part i of the decoded move d, or None if the move lacks it (decode's -1; for the extra,
    0 unless its kind, card and target are among `ext`, choices()' answer)."""
    v = d[i]
    if i < EXTRA:
        return None if v == -1 else v
    return v if v or (ext and d[:EXTRA] in ext) else None


def options(g, moves, chosen, out):
    """Fill `out` (emptied first) with the sorted options of the next part of the legal
    `moves` whose first parts are the ones chosen; return the first of those moves that the
    parts chosen complete, or -1. The lists are short (at most 54 plays). A stone picked
    first is a claim's, not a play's (whose card comes first)."""
    del out[:]
    done = -1
    ext = choices(g, moves)
    for m in moves:
        d = g.decode(m)
        nxt = 0
        for i in range(CARD, EXTRA + 1):
            c = chosen[i]
            if c != NO:
                if d[i] != c or nxt:  # another value, or picked after a part still to pick
                    nxt = -1
                    break
            elif not nxt and part(d, i, ext) is not None:
                nxt = i
        if nxt > 0:
            o = option(nxt, d[nxt])
            if o not in out:
                out.append(o)
        elif not nxt and done < 0:
            done = m
    out.sort()
    return done


def tryable(g, st, out):
    """Add (sorted) the targets the player to move may try to claim though no legal move
    claims them: complete formations not proven yet (the game object's can_try; without it,
    in the claim step, claim_check answering with the cards that could still beat them rather
    than a reason it cannot be tried), so the screen can say why not. Returns True if it
    added any."""
    added = False
    ok = getattr(g, "can_try", None)  # the game's cheap test, else claim_check's answer
    if ok is None and st.phase != CLAIM_STEP:
        return False
    for t in range(g.NTARGETS):
        o = option(TARGET, t)
        if o not in out and (ok(st, t) if ok else not isinstance(g.claim_check(st, t), str)):
            out.append(o)
            added = True
    if added:
        out.sort()
    return added


def _pos(self, o):
    """Where option o is on screen: a hand card's position, else its value."""
    v = o & _MASK
    if o >> _SHIFT == CARD:
        h = self._hand
        return h.index(v) if v in h else 0
    return v


def _go(self, o):
    """Put the cursor on option o."""
    part = self.cpart = o >> _SHIFT
    if part == CARD:
        v = o & _MASK
        self.tcard = -1 if v in self._hand else v  # a card on the table (a ruse's target)
        self.hand_i = _pos(self, o)
    elif part == TARGET:
        self.stone_i = o & _MASK
    else:
        self.extra = o & _MASK


def cur(self):
    """The option under the cursor (it may not be among the options)."""
    part = self.cpart
    if part == CARD:
        if self.tcard >= 0:
            return option(CARD, self.tcard)
        h = self._hand
        return option(CARD, h[self.hand_i]) if self.hand_i < len(h) else -1
    return option(part, self.stone_i if part == TARGET else self.extra)


def _snap(self):
    """The cursor on the option nearest to where it was, of the part it was on if it can
    (ties: the one to the left), else of the first option's part."""
    opts = self.opts
    if not opts or cur(self) in opts:
        return
    for part in (self.cpart, opts[0] >> _SHIFT):
        at = self.hand_i if part == CARD else self.stone_i if part == TARGET else self.extra
        best = -1
        for o in opts:
            if o >> _SHIFT == part and (best < 0 or abs(_pos(self, o) - at) < abs(_pos(self, best) - at)):
                best = o
        if best >= 0:
            _go(self, best)
            return


def read(self):
    """The options of the current step, read again when the state, its moves or the parts
    picked change; then the cursor goes to the nearest option (a legal move's first: the
    claim step starts on a claimable stone rather than on one to try, a turn on the hand)."""
    s = self.session
    st = s.state
    n = len(s.rec.moves)
    if self._pk is st and self._pkn == n:
        return self.opts
    self._pk = st
    self._pkn = n
    g = s.g
    self._hand = sorted(st.hand_of(st.to_move))
    moves = getattr(self.board, "moves", None)  # the second game's board: one retreat
    self._done = options(g, moves(st) if moves else st.legal_moves(), self.chosen, self.opts)
    tx = getattr(self.board, "tx", None)  # a tactic table (ui.st1.tactic, ui.st2.tactic)
    if tx is not None:
        tx.order(st, self.opts)  # cards on the table in table order
    _snap(self)
    # Manual claims: every target the player may try (issue 36 item 8), in the claim step and
    # wherever else the game lets them claim (the second game's Attacker before the card).
    if not self.sel and (st.phase == CLAIM_STEP or not s.settings.auto_claims) and tryable(g, st, self.opts):
        _snap(self)
    return self.opts


def point_at(self, move):
    """The cursor on `move` (a hint): every part picked but the last, the cursor on that."""
    s = self.session
    d = s.g.decode(move)
    ext = choices(s.g, s.state.legal_moves())
    self.unpick()
    last = 0
    for i in range(CARD, EXTRA + 1):
        if part(d, i, ext) is not None:
            if last:
                self.chosen[last] = d[last]
                self.sel += 1
            last = i
    read(self)
    if self.chosen[CARD] != NO:
        self.hand_i = _pos(self, option(CARD, d[CARD]))  # stays there after the play
    if last:
        _go(self, option(last, d[last]))


def point(self, b, st, seat):
    """Show the cursors: the hand's on the card picked or under the cursor, the board's on
    the target under the cursor (at the seat's next card slot when a card is placed)."""
    c = cur(self) if read(self) else -1
    card = self.chosen[CARD]
    if card == NO and c >> _SHIFT == CARD:
        card = c & _MASK
    h = self._hand
    b.point_hand(h.index(card) if card in h else None)
    tx = getattr(b, "tx", None)  # a tactic table (ui.st1.tactic, ui.st2.tactic)
    if tx is not None:
        tx.point_extra(st, self.extra if c >> _SHIFT == EXTRA else -1)
    if c >> _SHIFT == TARGET:
        b.point_target(st, seat, c & _MASK, self.chosen[CARD] != NO)
    elif tx is not None and c >> _SHIFT == CARD and card not in h:
        tx.point_card(st, seat, card)  # a card on the table: a ruse's target
    else:
        self._mark_last(b, st, seat)  # the other side's last card, framed


def pick_key(self, k):
    """A key of the human to move on the table (ui.play.Play._board_key)."""
    s = self.session
    opts = read(self)
    if k == K_LEFT or k == K_RIGHT:
        if opts:
            c = cur(self)
            i = opts.index(c) if c in opts else 0
            _go(self, opts[(i + (1 if k == K_RIGHT else -1)) % len(opts)])
            self.sound("move")
        self.redraw()  # (the step's prompt after the other side's move, which was said first)
    elif opts and (k == K_A or (k == K_UP and not self.sel and self.cpart == CARD)):
        _choose(self)
    elif self.sel and (k == K_B or k == K_DOWN):
        self.sel -= 1
        for i in range(EXTRA, CARD - 1, -1):  # the last part picked: the cursor on it again
            if self.chosen[i] != NO:
                _go(self, option(i, self.chosen[i]))
                self.chosen[i] = NO
                break
        self._pk = None
        self.redraw()
    elif k == K_B and self._done >= 0:  # the move without parts: end the claim step
        me = s.state.to_move
        self._after_human(s.do(self._done), me)
    else:
        self.redraw()  # a key that does nothing here: the step's prompt


def _choose(self):
    """Pick the option under the cursor; play the move once it is complete."""
    s = self.session
    g = s.g
    o = cur(self)
    if o not in self.opts:
        return
    part = o >> _SHIFT
    self.chosen[part] = o & _MASK
    self.sel += 1
    self._pk = None
    if read(self):
        self.redraw()  # the next part: e.g. the stone for the card taken
        return
    m = self._done
    if m >= 0:
        if g.kind(m) == g.KIND_PLAY:
            self.sound("play")
        me = s.state.to_move
        self._after_human(s.do(m), me)
        return
    # No legal move: a claim tried on a formation not proven yet. Say why not.
    self.chosen[part] = NO
    self.sel -= 1
    self._pk = None
    read(self)
    _go(self, o)
    t = o & _MASK
    why = g.claim_check(s.state, t)
    self.sound("error")
    if isinstance(why, str):
        self.redraw("Stone %d: not complete" % (t + 1) if "compl" in why else why[:26])
    elif not why:
        self.redraw("Their formation wins")
    else:  # the cards that could still beat it; the player's own count as unseen (the rule)
        h = self._hand
        mine = any(c in h for c in why)
        from engine.cards import name  # the first game's (the second's table: ui.st2.play)

        self.redraw(("Your hand counts: " if mine else "They could add ") + " ".join([name(c) for c in why]))
