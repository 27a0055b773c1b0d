"""The table's behaviour: cursors, plays and claims by keys, the AI's turns, the claim
animation, the lights, the end of a round. `ui.app.App` builds on it (menus, saves, the loop).

Cursors remember, per seat: the hand cursor stays on the same place after a play; choosing a
stone starts at the stone last played (or the nearest open one); the claim step starts on a
claimable stone. Claims (automatic, the AI's, manual) blink their stone gold for a few frames:
`step()` advances the animation by the platform clock, `finish_anim()` ends it (a key press
does), so headless tests step through frames without sleeping.
"""

from engine import st1
from engine.cards import name
from ui.board import round_end_lines
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_START, K_UP, ticks_add, ticks_diff
from ui.session import OPP_DEMO, OPP_PASS

TITLE, SETTINGS, PAUSE, TEXT, TRACKER, BOARD, HANDOVER, ROUND_END, CONFIRM = range(9)
AI_PAUSE_MS = 400  # between a play and the AI's reply, so the play can be seen
THINK_MS = 120  # the thinking indicator's step (the AI's tick callback is rate-limited)
ANIM_MS = 100  # one frame of the claim animation
ANIM_FRAMES = 5  # gold, plain, gold, plain, gold, then plain: half a second
TURN_LIGHTS = (0x001800, 0x000018)  # player 1 green, player 2 blue
CLAIM_LIGHTS = 0x403000
WIN_LIGHTS = 0x302000
LOSE_LIGHTS = 0x300000


def nearest(options, s):
    """The option closest to s (ties: the one to the left); s itself when it is one."""
    best = options[0]
    for o in options:
        if abs(o - s) < abs(best - s):
            best = o
    return best


def played_text(who, moves):
    """ "P1 played R7 on stone 3" for the first play in `moves` ("" if none)."""
    for m in moves:
        if m < st1.CLAIM:
            return "%s played %s on stone %d" % (who, name(m // 9), m % 9 + 1)
        if m == st1.PASS:
            return who + " could not play"
    return ""


class Play:
    """The table screen's state and keys; needs self.p, board, session, settings, mode."""

    def _init_play(self):
        self.sel = 0  # 0: choosing a hand card, 1: choosing a stone
        self.hand_i = 0
        self.stone_i = 4
        self._seat = 0
        self._cursors = bytearray((0, 4, 0, 4))  # (hand, stone) of each seat
        self.result = None
        self.last_play = ""  # what the previous player did, for the pass-and-play hand-over
        self.anim_n = 0  # claim animation frames left
        self.anim_at = 0
        self.anim_mask = bytearray(9)
        self._marks = ()
        self._marks_key = None
        self._think_at = 0
        self._lit = -1
        self.last_ai = self.p.ticks_ms()

    def seat(self):
        """The player shown at the bottom: the human to move in pass-and-play, else player 1."""
        s = self.session
        if s.settings.opponent == OPP_PASS and self.mode != ROUND_END:
            return s.state.to_move
        return 0

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
            self._marks = st.claimable_by(st.to_move) if st.phase != st1.PH_OVER else ()
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
        s = self.session
        st = s.state
        b = self.board
        seat = self.seat()
        self._use_seat(seat)
        human = self.mode == BOARD and s.human_to_move()
        hide = self.mode == HANDOVER
        b.draw(st, seat, () if hide else None, self.marks() if human else (), s.match.scores)
        self._turn_lights()
        if hide:
            n = st.to_move + 1
            b.point_hand(None)
            b.point_stone(None, 0)
            b.say("")
            m = s.match
            last = self.last_play or (
                "New game" if m.rounds == 1 else "Round %d of %d" % (m.played + 1, m.rounds)
            )
            b.show_panel(
                ("PLAYER %d'S TURN" % n, last, "Pass it to player %d." % n, "Player %d: press A" % n)
            )
            return
        b.show_panel(None)
        if not human:
            b.point_hand(None)
            b.point_stone(None, 0)
            b.say(note or ("AI demo" if s.settings.opponent == OPP_DEMO else "Opponent's turn"))
            return
        hand = st.hand_of(seat)
        if st.phase == st1.PH_CLAIM:
            b.point_hand(None)
            if self.stone_i not in self._claim_targets():
                self._aim_claim()
            b.point_stone(self.stone_i, -1)
            b.say(note or ("A: claim  B: %s" % ("play" if st.timing else "end turn")))
            return
        self.hand_i = min(self.hand_i, max(0, len(hand) - 1))
        b.point_hand(self.hand_i if hand else None)
        if self.sel:
            b.point_stone(self.stone_i, st.cnt[self.stone_i * 2 + seat])
            b.say(note or self.last_play or "A: play here  B: back")
        else:
            b.point_stone(None, 0)
            b.say(
                note
                or self.last_play
                or ("Your turn" if s.settings.opponent != OPP_PASS else "Player %d" % (seat + 1))
            )

    def _open(self):
        return self.session.state.open_stones(self.session.state.to_move)

    def _claim_targets(self):
        st = self.session.state
        p = st.to_move
        return [s for s in range(9) if not st.owner[s] and st.cnt[s * 2 + p] == st.need[s]]

    def _aim_claim(self):
        """Claim step: the cursor on a claimable stone if there is one, else a complete one."""
        m = self.marks()
        t = m if m else self._claim_targets()
        if t and self.stone_i not in t:
            self.stone_i = nearest(t, self.stone_i)

    def _step_in(self, options, d):
        """Move stone_i to the next of `options` in direction d (wrapping)."""
        if not options:
            return
        if self.stone_i not in options:
            self.stone_i = nearest(options, self.stone_i)
            return
        i = options.index(self.stone_i)
        self.stone_i = options[(i + d) % len(options)]

    # -- the human's keys ------------------------------------------------------------------------

    def _after_human(self, moves, before):
        """Sounds, animation and screens after the human's decision (moves: what was applied;
        before: the player who decided)."""
        s = self.session
        if s.state.to_move != before and not s.round_over():
            # The turn has passed: the one save of a human turn (each save erases the 8 KB
            # flash block). The AI's reply is not saved: a resume recomputes it exactly;
            # the round's end saves in _round_end.
            self.save()
        self.sel = 0
        self.last_ai = self.p.ticks_ms()
        if s.round_over():
            self._round_end()
            self._claim_anim(moves, False)
            return
        if s.settings.opponent == OPP_PASS and s.state.to_move != before:
            self.mode = HANDOVER  # hide the hand until the next player takes the handheld
            self.last_play = played_text("P%d" % (before + 1), moves)
        else:
            self.last_play = ""  # shown until the player acts
        if s.state.phase == st1.PH_CLAIM and s.human_to_move():
            self._aim_claim()
        self.redraw()
        self._claim_anim(moves, True)

    def _board_key(self, k):
        s = self.session
        st = s.state
        me = st.to_move
        if k == K_START:
            self._pause()
            return
        if not s.human_to_move():
            return
        if k == K_SELECT:
            self._hint()
            return
        if st.phase == st1.PH_CLAIM:
            if k == K_LEFT or k == K_RIGHT:
                self._step_in(self._claim_targets(), 1 if k == K_RIGHT else -1)
                self.sound("move")
                self.redraw()
            elif k == K_A:
                why = s.try_claim(self.stone_i)
                if why is None:
                    self._after_human([st1.CLAIM + self.stone_i] + s.settle(), me)
                    return
                self.sound("error")
                if isinstance(why, str):
                    self.redraw("Stone %d: not complete" % (self.stone_i + 1) if "compl" in why else why[:26])
                elif not why:
                    self.redraw("Their formation wins")
                else:
                    self.redraw("They could add " + " ".join([name(c) for c in why]))
            elif k == K_B:
                self._after_human(s.end_claims(), me)
            return
        hand = sorted(st.hand_of(me))
        if self.sel == 0:
            if k == K_LEFT or k == K_RIGHT:
                if hand:
                    self.hand_i = (self.hand_i + (1 if k == K_RIGHT else -1)) % len(hand)
                    self.sound("move")
                    self.redraw()
            elif (k == K_A or k == K_UP) and hand and self._open():
                self.sel = 1
                self._step_in(self._open(), 0)
                self.redraw()
        else:
            if k == K_LEFT or k == K_RIGHT:
                self._step_in(self._open(), 1 if k == K_RIGHT else -1)
                self.sound("move")
                self.redraw()
            elif k == K_B or k == K_DOWN:
                self.sel = 0
                self.redraw()
            elif k == K_A:
                self.sound("play")
                self._after_human(s.play(hand[self.hand_i], self.stone_i), me)

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
        p = s.state.to_move
        moves = []
        played = None
        self._thinking_start()
        while not s.round_over() and not s.human_to_move() and s.state.to_move == p:
            m = s.ai_step(self._tick)
            moves.append(m)
            if m < st1.CLAIM:
                played = m
        self.board.thinking(False)
        moves += s.settle()
        if played is not None:
            self.sound("play")
        if s.round_over():
            self._round_end()
            self._claim_anim(moves, False)
        else:
            who = "AI" if s.settings.opponent != OPP_DEMO else "P%d" % (p + 1)
            self.last_play = played_text(who, moves)
            note = None if s.human_to_move() else self.last_play
            if s.state.phase == st1.PH_CLAIM and s.human_to_move():
                self._aim_claim()
            self.redraw(note)
            self._claim_anim(moves, True)
        self.last_ai = self.p.ticks_ms()
        self.p.refresh()
        return True

    # -- the claim animation -------------------------------------------------------------------------

    def _claim_anim(self, moves, sound):
        """Start blinking the stones claimed by `moves` (and flash the lights)."""
        n = 0
        for m in moves:
            if st1.CLAIM <= m < st1.DONE:
                self.anim_mask[m - st1.CLAIM] = 1
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
        for i in range(9):
            self.anim_mask[i] = 0
        self._turn_lights()
        self.last_ai = self.p.ticks_ms()

    # -- end of a round ------------------------------------------------------------------------------

    def _round_end(self):
        s = self.session
        st = s.state
        w = st.winner
        opp = s.settings.opponent
        names = ("You", "AI") if opp < OPP_PASS else ("P1", "P2")
        if opp != OPP_DEMO:
            self.stats.record(0, 0 if st.first == 0 else 1, 0, min(opp, 3), w == 0)
        over = s.finish_round()
        m = s.match
        self.result = (st, over, opp)
        self.last_play = ""
        self._show(BOARD)
        self.mode = ROUND_END
        b = self.board
        b.draw(st, 0, (), (), m.scores)
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
