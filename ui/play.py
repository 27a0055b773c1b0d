"""The table's behaviour: cursors, moves picked by keys, the AI's turns, the claim animation,
the lights, the end of a round. `ui.app.App` builds on it (menus, saves, the loop).

Moves are picked generically (ui/pick.py): at each step the cursor walks over the options the
legal moves leave, read through the game object's decode(): in the first game a hand card,
then a stone; in the claim step a stone (a complete one that is not proven yet may be tried,
to be told why not). A picks the option under the cursor (the move, once complete, is
played), B or Down goes back a step, B with nothing picked plays the move without parts that
ends the step (DONE), Up takes a hand card like A.

Cursors remember, per seat: the hand cursor stays on the same place after a play; choosing a
stone starts at the stone last played (or the nearest open one); the claim step starts on a
claimable stone. Claims (automatic, the AI's, manual) blink their stone gold for a few frames:
`step()` advances the animation by the platform clock, `finish_anim()` ends it (a key press
does), so headless tests step through frames without sleeping.
"""

from ui.platform import K_START, ticks_add, ticks_diff
from ui.session import CLAIM_STEP, OPP_DEMO, OPP_PASS

TITLE, SETTINGS, PAUSE, TEXT, TRACKER, BOARD, HANDOVER, ROUND_END, CONFIRM = range(9)
AI_PAUSE_MS = 400  # between a play and the AI's reply, so the play can be seen
THINK_MS = 120  # the thinking indicator's step (the AI's tick callback is rate-limited)
ANIM_MS = 100  # one frame of the claim animation
ANIM_FRAMES = 5  # gold, plain, gold, plain, gold, then plain: half a second
MAX_TARGETS = 9  # stones or tiles a board shows at most
TURN_LIGHTS = (0x001800, 0x000018)  # player 1 green, player 2 blue
CLAIM_LIGHTS = 0x403000
WIN_LIGHTS = 0x302000
LOSE_LIGHTS = 0x300000


class Play:
    """The table screen's state and keys; needs self.p, board, session, settings, mode."""

    def _init_play(self):
        # The picker's state (ui/pick.py's functions read and change it).
        self.sel = 0  # parts of the move picked so far (0: a hand card or a stone to claim)
        self.chosen = [-2, -2, -2, -2]  # per decode() part: the value picked (ui.pick.NO)
        self.opts = []  # the options of the current step, sorted
        self._pk = None  # the state and move count the options were read for
        self._pkn = 0
        self._done = -1  # the move the parts picked complete (-1: none)
        self.cpart = 1  # the part of the option under the cursor (ui.pick.CARD)
        self.hand_i = 0  # where the cursor is, per part: a hand position, a target, an extra
        self.stone_i = 4
        self.extra = 0
        self.tcard = -1  # the card on the table under the cursor (a ruse's target), or -1
        self.oil = -1  # the second game's cauldron step (ui.st2.steps): 0 a tile, 1 asked
        self._info = False  # the tactic table's info panel is showing (ui.st1.tactic)
        self._hand = ()  # the hand as shown (sorted), read with the options
        self._seat = 0
        self._cursors = bytearray((0, 4, 0, 4))  # (hand, stone) of each seat
        self.result = None
        self.g = None  # the game object of the table's game (kept past the match's end)
        self.last_play = ""  # what the previous player did, for the pass-and-play hand-over
        self.last_at = -1  # where the other side's last turn is framed (mark_of), -1: none
        self.turn_from = 0  # the first move of the turn being played (the hand-over's words)
        self.anim_n = 0  # claim animation frames left
        self.anim_at = 0
        self.anim_mask = bytearray(MAX_TARGETS)
        self._marks = ()
        self._marks_key = None
        self._think_at = 0
        self._lit = -1
        self.last_ai = self.p.ticks_ms()

    def unpick(self):
        """Forget the parts picked: the next step is a move's first part."""
        self.sel = 0
        c = self.chosen
        c[1] = c[2] = c[3] = -2
        self._pk = None

    def seat(self):
        """The player shown at the bottom: the human to move in pass-and-play, else player 1."""
        s = self.session
        if s.settings.opponent == OPP_PASS and self.mode != ROUND_END:
            return s.state.to_move
        return getattr(s, "me", 0)  # the second game: the player's role (ui.st2.session)

    def _use_seat(self, seat):
        """Pass-and-play: each player keeps their own cursors."""
        if seat != self._seat:
            c = self._cursors
            c[self._seat * 2] = self.hand_i
            c[self._seat * 2 + 1] = self.stone_i
            self._seat = seat
            self.hand_i = c[seat * 2]
            self.stone_i = c[seat * 2 + 1]

    def marks(self):
        """Stones the player to move can claim (now, or after playing under 2016 timing)."""
        s = self.session
        key = (s.state, len(s.rec.moves))
        if key != self._marks_key:
            self._marks_key = key
            st = s.state
            self._marks = st.claimable_by(st.to_move) if st.phase != s.g.PH_OVER else ()
        return self._marks

    def _light(self, rgb):
        if rgb != self._lit:
            self._lit = rgb
            self.p.lights(rgb)

    def _turn_lights(self):
        """Lights for the screen shown: whose turn, the result, or off in the menus."""
        s = self.session
        if self.mode == ROUND_END and self.result is not None:
            lose = self.result[0].winner == 1 and self.result[2] < OPP_PASS
            self._light(LOSE_LIGHTS if lose else WIN_LIGHTS)
        elif self.mode in (BOARD, HANDOVER) and s is not None and not s.round_over():
            self._light(TURN_LIGHTS[s.state.to_move])
        else:
            self._light(None)

    # -- drawing -----------------------------------------------------------------------------

    def redraw(self, note=None):
        if self.g.NAME == "st2":
            from ui.st2 import play

            play.redraw(self, note)
            return
        s = self.session
        st = s.state
        b = self.board
        seat = self.seat()
        self._use_seat(seat)
        human = self.mode == BOARD and s.human_to_move()
        hide = self.mode == HANDOVER
        m = s.match
        b.draw(
            st, seat, () if hide else None, self.marks() if human else (), m.scores if m.rounds > 1 else None
        )
        self._turn_lights()
        if hide:
            n = st.to_move + 1
            b.point_hand(None)
            b.point_stone(None, 0)
            b.say("")
            last = self.last_play or (
                "New game" if m.rounds == 1 else "Round %d of %d" % (m.played + 1, m.rounds)
            )
            from ui.panel import wrap  # loaded for the panel that shows it

            b.show_panel(
                ("PLAYER %d'S TURN" % n,)
                + wrap(last, "Pass it to player %d." % n)
                + ("Player %d: press A" % n,)
            )
            return
        b.show_panel(None)
        if not human:
            b.point_hand(None)
            b.point_stone(None, 0)
            b.say(note or ("AI demo" if s.settings.opponent == OPP_DEMO else "Opponent's turn"))
            return
        from ui.pick import point  # the cursor's code: let go of at the title (ui.title)

        point(self, b, st, seat)
        tp = b.tx.prompt(self, st) if b.tx else None  # the tactic table: each step's line
        if tp:
            b.say(note or tp)
        elif st.phase == CLAIM_STEP:
            b.say(note or ("A: claim  B: %s" % ("play" if getattr(st, "timing", 0) else "end turn")))
        elif self.sel:
            b.say(note or self.last_play or "A: play here  B: back")
        else:
            b.say(
                note
                or self.last_play
                or ("Your turn" if s.settings.opponent != OPP_PASS else "Player %d" % (seat + 1))
            )

    def _mark_last(self, b, st, seat):
        """The gold frame round what the other side's last turn changed (mark_of: the card it
        played, else the stone or tile it claimed, oiled, retreated from), while the cursor is
        not on a target; after a resume, the first game's last card play (engine.st1.table's
        lplay: turn << 11 | player << 10 | move)."""
        a = self.last_at
        if a < 0:
            lp = getattr(st, "lplay", -1)
            if lp >= 0 and (lp >> 10) & 1 != seat:
                _, card, t, _ = self.session.g.decode(lp & 1023)
                a = t << 8 | card
        if a >= 0:
            t = a >> 8
            i = (t * 2 + (seat ^ 1)) * 4
            for k in range(4 if a & 255 != 255 else 0):
                if st.board[i + k] == a & 255:
                    b.point_last(t, k)
                    return
            b.point_stone(t, -1, 108)  # gfx.T_LAST on the stone or tile itself
            return
        b.point_stone(None, 0)

    # -- the human's keys ------------------------------------------------------------------------

    def _after_human(self, moves, before):
        """Sounds, animation and screens after the human's decision (moves: what was applied;
        before: the player who decided)."""
        s = self.session
        if s.state.to_move != before and not s.round_over():
            # The turn has passed: the one save of a human turn (each save erases the 8 KB
            # flash block). The AI's reply is not saved (a resume recomputes it exactly)
            # unless this save was put off for memory (ai_turn); the round's end saves in
            # _round_end.
            self.save()
        self.unpick()
        self.last_ai = self.p.ticks_ms()
        if s.round_over():
            self._round_end()
            self._claim_anim(moves, False)
            return
        g = s.g
        from ui.turn import mark_of, played_text

        if s.settings.opponent == OPP_PASS and s.state.to_move != before:
            self.mode = HANDOVER  # hide the hand until the next player takes the handheld
            mv = s.rec.moves[self.turn_from :]  # the whole turn, action cards and draws included
            who = "P%d" % (before + 1)
            self.last_play = played_text(g, who, mv) or who + " gave their cards"  # (the Exchange)
            self.last_at = mark_of(g, mv)
            self.cpart = 1  # the next turn starts on the hand
            self.turn_from = len(s.rec.moves)
        else:
            self.last_play = ""  # shown until the player acts
            self.last_at = -1
        self.redraw(played_text(g, "", [m for m in moves if g.kind(m) == g.KIND_CLAIM], 0) or None)
        self._claim_anim(moves, True)

    def _board_key(self, k):
        s = self.session
        if k == K_START:
            self._pause()
            return
        if not s.human_to_move():
            return
        if s.g.NAME == "st2":
            from ui.st2 import play

            play.key(self, k)
            return
        if self.board.tx and self.board.tx.key(self, k):  # the tactic table's info, B in a ruse
            return
        from ui.pick import pick_key

        pick_key(self, k)

    # -- the AI ------------------------------------------------------------------------------------

    def _thinking_start(self):
        self._think_at = self.p.ticks_ms()
        self.board.thinking(True)
        self.p.refresh()

    def _tick(self):
        """Called by the AI while it thinks: the indicator moves (at most every THINK_MS)."""
        now = self.p.ticks_ms()
        if ticks_diff(now, self._think_at) >= THINK_MS:
            self._think_at = now
            self.board.thinking(True)
            self.p.refresh()

    def ai_pending(self):
        s = self.session
        return (
            self.mode == BOARD
            and not self.anim_n
            and s is not None
            and not s.round_over()
            and not s.human_to_move()
        )

    def ai_turn(self):
        """Let the AI play until a human is to move or the round ends (one whole AI turn)."""
        self.finish_anim()
        if not self.ai_pending():
            return False
        s = self.session
        g = s.g
        p = s.state.to_move
        moves = []
        played = None
        from ui.unload import unload as _unload

        _unload(("ui.pick", "ui.turn"))  # the human's picker and turn words: the AI's room
        self._thinking_start()
        while not s.round_over() and not s.human_to_move() and s.state.to_move == p:
            m = s.ai_step(self._tick)
            moves.append(m)
            if g.kind(m) == g.KIND_PLAY:
                played = m
        self._release_search()  # the search's buffers: made again at the next decision
        self.board.thinking(False)
        if self.unsaved:  # the human's move before (App.save), saved with the AI's reply
            self.save()
        n = len(moves)
        moves += s.settle()  # the automatic claims of the human to move (the 1999 timing)
        if played is not None:
            self.sound("play")
        if s.round_over():
            self._round_end()
            self._claim_anim(moves, False)
        else:
            from ui.turn import mark_of, played_text

            who = "AI" if s.settings.opponent != OPP_DEMO else "P%d" % (p + 1)
            # Said first at the human's turn, the target it changed framed; the step's prompt
            # comes at the next key, the cursor on the hand (not on a cauldron's tile).
            self.last_play = played_text(g, who, moves, n) or who + "'s turn is over"  # (secret steps)
            self.last_at = mark_of(g, moves[:n])
            self.cpart = 1
            self.turn_from = len(s.rec.moves)
            # (out of turn, the Exchange's prompt names it: said at once)
            self.redraw(None if s.state.phase == getattr(g, "PH_EXCHANGE", -1) else self.last_play)
            self._claim_anim(moves, True)
        self.last_ai = self.p.ticks_ms()
        self.p.refresh()
        return True

    # -- the claim animation -------------------------------------------------------------------------

    def _claim_anim(self, moves, sound):
        """Start blinking the stones claimed by `moves` (and flash the lights)."""
        n = 0
        g = self.g
        for m in moves:
            if g.kind(m) == g.KIND_CLAIM:
                self.anim_mask[g.decode(m)[2]] = 1
                n += 1
        if not n:
            return
        if sound:
            self.sound("claim")
        self.anim_n = ANIM_FRAMES
        self.anim_at = ticks_add(self.p.ticks_ms(), ANIM_MS)
        self.board.flash(self.anim_mask, True)
        self._light(CLAIM_LIGHTS)

    def step(self):
        """Show the animation's next frame if it is due; True when the screen changed."""
        if not self.anim_n or ticks_diff(self.p.ticks_ms(), self.anim_at) < 0:
            return False
        self.anim_n -= 1
        if not self.anim_n:
            self.finish_anim()
            return True
        on = self.anim_n % 2 == 1
        self.board.flash(self.anim_mask, on)
        self._light(CLAIM_LIGHTS if on else None)
        self.anim_at = ticks_add(self.anim_at, ANIM_MS)
        return True

    def finish_anim(self):
        """End the animation at once: stones as claimed, lights back to the turn's."""
        if not self.anim_n and not any(self.anim_mask):
            return
        self.anim_n = 0
        if self.board is not None:
            self.board.flash(self.anim_mask, False)
        for i in range(MAX_TARGETS):
            self.anim_mask[i] = 0
        self._turn_lights()
        self.last_ai = self.p.ticks_ms()

    # -- end of a round ------------------------------------------------------------------------------

    def _round_end(self):
        """Score the round, show its panel, save (ui/st1/ending.py and ui/panel.py: loaded while
        a panel shows).
        The AI's search buffers are let go of first: the panel's code compiles now."""
        self._release_search()
        if self.g.NAME == "st2":
            from ui.st2 import play

            play.round_end(self)
            return
        from ui.st1.ending import round_end

        round_end(self)
