"""The handheld game: modes, keys, the AI's turns, saves. `main(platform)` runs it forever.

Tests and the headless simulator drive `App.key(k)` and `App.ai_turn()` directly; the loop in
`run()` does the same from `platform.poll()` and lets the AI move after a short pause.
"""

import displayio

from engine import st1
from engine.cards import name
from ui import pages as P
from ui.board import BoardView
from ui.platform import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT, K_START, ticks_diff
from ui.session import OPP_DEMO, OPP_PASS, Session, Settings
from ui.store import Store
from ui.widgets import BACK, START

TITLE, SETTINGS, PAUSE, TEXT, TRACKER, BOARD, HANDOVER, ROUND_END = range(8)
AI_PAUSE_MS = 400
TURN_LIGHTS = (0x002200, 0x000022)
CLAIM_LIGHTS = 0x402000


def default_chooser(settings):
    """The AI for a session: its level from the settings; hints think at Hard."""
    from engine import ai

    level = settings.opponent if settings.opponent < OPP_PASS else ai.HARD

    def choose(view, rng, seat, tick):
        lv = ai.HARD if seat < 0 else level
        if settings.opponent == OPP_DEMO:
            lv = ai.HARD if seat == 0 else ai.MEDIUM
        return ai.choose(view, rng, lv)

    return choose


class App:
    """Every screen of the game over one platform."""

    def __init__(self, platform, seed=None, chooser_for=default_chooser):
        self.p = platform
        self.chooser_for = chooser_for
        self.seed = seed if seed is not None else platform.ticks_ms()
        self.store = Store(platform)
        sbytes, self.stats, game, msg = self.store.load()
        self.settings = Settings.unpack(sbytes)
        self.board = BoardView()
        self.pages = P.Pages()
        root = displayio.Group()
        root.append(self.board.group)
        for g in self.pages.all:
            root.append(g)
        platform.root.append(root)
        self.session = None
        self.mode = TITLE
        self.back = TITLE
        self.sel = 0  # 0: choosing a hand card, 1: choosing a stone
        self.hand_i = 0
        self.stone_i = 4
        self.result = None
        self.help_page = -1
        self.last_ai = platform.ticks_ms()
        self._load_settings_menu()
        if game is not None:
            try:
                self.session = Session.unpack(game, self.settings, chooser_for(self.settings))
            except Exception:  # noqa: BLE001 - a bad saved game starts fresh, never crashes
                self.session = None
                msg = "The saved game could not be resumed."
        if self.session is not None:
            self._enter_board()
        else:
            self._show(TITLE)
            self.pages.title_note.set(msg[:26] if msg else "A: choose")
        self.p.refresh()

    # -- helpers ---------------------------------------------------------------------------

    def sound(self, name_):
        if self.settings.sound:
            self.p.sound(name_)

    def save(self):
        game = self.session.pack() if self.session is not None else None
        self.store.save(self.settings.pack(), self.stats, game)

    def _show(self, mode):
        self.mode = mode
        pg = self.pages
        on = {
            TITLE: pg.title,
            SETTINGS: pg.settings,
            PAUSE: pg.pause,
            TEXT: pg.text,
            TRACKER: pg.tracker,
        }.get(mode)
        for g in pg.all:
            g.hidden = g is not on
        self.board.group.hidden = on is not None

    def _load_settings_menu(self):
        s = self.settings
        m = self.pages.settings_menu
        m.set_choice(P.S_RULES, s.timing)
        m.set_choice(P.S_OPP, s.opponent)
        m.set_choice(P.S_ROUNDS, P.ROUNDS.index(s.rounds) if s.rounds in P.ROUNDS else 0)
        m.set_choice(P.S_CLAIMS, 0 if s.auto_claims else 1)
        m.set_choice(P.S_SOUND, 0 if s.sound else 1)
        m.set_choice(P.S_FIRST, s.first)

    def _read_settings_menu(self):
        m = self.pages.settings_menu
        self.settings = Settings(
            m.choice(P.S_RULES),
            m.choice(P.S_OPP),
            P.ROUNDS[m.choice(P.S_ROUNDS)],
            1 - m.choice(P.S_CLAIMS),
            1 - m.choice(P.S_SOUND),
            m.choice(P.S_FIRST),
        )

    def seat(self):
        """The player shown at the bottom: the human to move in pass-and-play, else player 1."""
        s = self.session
        if s.settings.opponent == OPP_PASS:
            return s.state.to_move if self.mode != ROUND_END else 0
        return 0

    # -- the table ---------------------------------------------------------------------------

    def _enter_board(self):
        s = self.session
        s.settle()
        if s.round_over():
            self._round_end()
            return
        self._show(BOARD)
        if s.settings.opponent == OPP_PASS and s.human_to_move():
            self.mode = HANDOVER
        self.sel = 0
        self.redraw()

    def redraw(self, note=None):
        s = self.session
        st = s.state
        b = self.board
        seat = self.seat()
        human = self.mode == BOARD and s.human_to_move()
        hide = self.mode == HANDOVER
        marks = st.claimable_by(st.to_move) if human else ()
        b.draw(st, seat, () if hide else None, marks, s.match.scores)
        self.p.lights(TURN_LIGHTS[st.to_move] if not s.round_over() else None)
        if hide:
            b.point_hand(None)
            b.point_stone(None, 0)
            b.say("Player %d: press A" % (st.to_move + 1), 0xFFC000)
            return
        if not human:
            b.point_hand(None)
            b.point_stone(None, 0)
            b.say(note or ("AI demo" if s.settings.opponent == OPP_DEMO else "Opponent's turn"))
            return
        hand = st.hand_of(seat)
        if st.phase == st1.PH_CLAIM:
            b.point_hand(None)
            self._clamp_claim()
            b.point_stone(self.stone_i, -1)
            b.say(note or ("A: claim  B: %s" % ("play" if st.timing else "end turn")))
            return
        self.hand_i = min(self.hand_i, max(0, len(hand) - 1))
        b.point_hand(self.hand_i if hand else None)
        if self.sel:
            b.point_stone(self.stone_i, st.cnt[self.stone_i * 2 + seat])
            b.say(note or "A: play here  B: back")
        else:
            b.point_stone(None, 0)
            b.say(note or ("Your turn" if s.settings.opponent != OPP_PASS else "Player %d" % (seat + 1)))

    def _open(self):
        return self.session.state.open_stones(self.session.state.to_move)

    def _claim_targets(self):
        st = self.session.state
        p = st.to_move
        return [s for s in range(9) if not st.owner[s] and st.cnt[s * 2 + p] == st.need[s]]

    def _clamp_claim(self):
        t = self._claim_targets()
        if t and self.stone_i not in t:
            self.stone_i = t[0]

    def _step_in(self, options, d):
        """Move stone_i to the next of `options` in direction d (wrapping)."""
        if not options:
            return
        if self.stone_i not in options:
            self.stone_i = options[0]
            return
        i = options.index(self.stone_i)
        self.stone_i = options[(i + d) % len(options)]

    def _after_human(self, moves, before):
        """Sounds and screens after the human's decision (moves: what was applied; before:
        the player who decided)."""
        s = self.session
        for m in moves:
            if st1.CLAIM <= m < st1.DONE:
                self.sound("claim")
                self.p.lights(CLAIM_LIGHTS)
        self.save()
        if s.round_over():
            self._round_end()
            return
        if s.settings.opponent == OPP_PASS and s.state.to_move != before:
            self.mode = HANDOVER  # hide the hand until the next player takes the handheld
        self.sel = 0
        self.last_ai = self.p.ticks_ms()
        self.redraw()

    def _board_key(self, k):
        s = self.session
        st = s.state
        me = st.to_move
        if k == K_START:
            self.pages.pause_note.set("Undo: %s" % ("yes" if s.can_undo() else "-"))
            self.pages.pause_menu.select(0)
            self._show(PAUSE)
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
                    self._after_human([st1.CLAIM + self.stone_i], me)
                    return
                self.sound("error")
                if isinstance(why, str):
                    self.redraw(why[:26])
                elif not why:
                    self.redraw("Their formation wins")
                else:
                    self.redraw("They could add " + " ".join([name(c) for c in why]))
            elif k == K_B:
                self._after_human(s.end_claims(), me)
            return
        hand = sorted(st.hand_of(st.to_move))
        if self.sel == 0:
            if k == K_LEFT or k == K_RIGHT:
                if hand:
                    self.hand_i = (self.hand_i + (1 if k == K_RIGHT else -1)) % len(hand)
                    self.sound("move")
                    self.redraw()
            elif k == K_A and hand and self._open():
                self.sel = 1
                self._step_in(self._open(), 0)
                self.redraw()
        else:
            if k == K_LEFT or k == K_RIGHT:
                self._step_in(self._open(), 1 if k == K_RIGHT else -1)
                self.sound("move")
                self.redraw()
            elif k == K_B:
                self.sel = 0
                self.redraw()
            elif k == K_A:
                self.sound("play")
                self._after_human(s.play(hand[self.hand_i], self.stone_i), me)

    def _hint(self):
        s = self.session
        if s.settings.opponent == OPP_PASS:
            self.redraw("No hints in pass & play")
            return
        self.board.thinking(True)
        self.p.refresh()
        m = s.hint(self._tick)
        self.board.thinking(False)
        if m < st1.CLAIM:
            hand = sorted(s.state.hand_of(s.state.to_move))
            self.hand_i = hand.index(m // 9)
            self.stone_i = m % 9
            self.sel = 1
            self.redraw("Hint: %s on stone %d" % (name(m // 9), m % 9 + 1))
        elif m < st1.DONE:
            self.stone_i = m - st1.CLAIM
            self.redraw("Hint: claim stone %d" % (self.stone_i + 1))
        else:
            self.redraw("Hint: %s" % ("pass" if m == st1.PASS else "end the claim step"))

    def _tick(self):
        """Called by the AI while it thinks: the indicator moves and the screen updates."""
        self.board.thinking(True)
        self.p.refresh()

    def ai_pending(self):
        s = self.session
        return self.mode == BOARD and s is not None and not s.round_over() and not s.human_to_move()

    def ai_turn(self):
        """Let the AI play until a human is to move or the round ends (one whole AI turn)."""
        s = self.session
        if not self.ai_pending():
            return False
        p = s.state.to_move
        while not s.round_over() and not s.human_to_move() and s.state.to_move == p:
            self.board.thinking(True)
            self.p.refresh()
            m = s.ai_step(self._tick)
            if st1.CLAIM <= m < st1.DONE:
                self.sound("claim")
                self.p.lights(CLAIM_LIGHTS)
            elif m < st1.CLAIM:
                self.sound("play")
        self.board.thinking(False)
        s.settle()
        self.save()
        if s.round_over():
            self._round_end()
        else:
            self.redraw()
        self.last_ai = self.p.ticks_ms()
        return True

    def _round_end(self):
        s = self.session
        st = s.state
        w = st.winner
        human_won = w == 0
        if s.settings.opponent != OPP_DEMO:
            self.stats.record(0, 0, 0, min(s.settings.opponent, 3), human_won)
        over = s.finish_round()
        self.result = (st, over)
        self._show(BOARD)
        self.mode = ROUND_END
        self.board.draw(st, 0, None, (), s.match.scores)
        self.board.point_hand(None)
        self.board.point_stone(None, 0)
        if s.settings.opponent == OPP_PASS or s.settings.opponent == OPP_DEMO:
            text = "Player %d wins" % (w + 1)
        else:
            text = "You win!" if human_won else "You lose"
        self.sound("win" if human_won or s.settings.opponent == OPP_PASS else "lose")
        if over:
            mw = s.match.winner()
            if s.match.rounds > 1:
                text = "Match: " + ("draw" if mw < 0 else "P%d wins" % (mw + 1))
            self.board.say(text + "  A: title", 0xFFC000)
            self.session = None
        else:
            s.next_round()
            self.board.say(text + "  A: next", 0xFFC000)
        self.save()

    # -- keys --------------------------------------------------------------------------------

    def key(self, k):
        """Handle one key press (0..7) in the current mode; the screen is refreshed after."""
        m = self.mode
        if m == TITLE:
            self._title_key(k)
        elif m == SETTINGS:
            self._settings_key(k)
        elif m == PAUSE:
            self._pause_key(k)
        elif m in (TEXT, TRACKER):
            if k in (K_A, K_B, K_START):
                self._show(self.back)
                if self.back == BOARD:
                    self.redraw()
            elif m == TEXT and self.help_page >= 0 and k in (K_LEFT, K_RIGHT):
                self.help_page = (self.help_page + (1 if k == K_RIGHT else -1)) % len(P.HELP)
                self.pages.show_text(
                    P.HELP[self.help_page] + ("<  page %d/%d  >" % (self.help_page + 1, len(P.HELP)),)
                )
        elif m == BOARD:
            self._board_key(k)
        elif m == HANDOVER:
            if k == K_A:
                self.mode = BOARD
                self.redraw()
        elif m == ROUND_END:
            if k == K_A:
                if self.session is None:
                    self._show(TITLE)
                    self.pages.title_note.set("A: choose")
                else:
                    self._enter_board()
        self.p.refresh()

    def _title_key(self, k):
        r = self.pages.title_menu.key(k)
        if r == P.T_NEW:
            self.session = Session(self.settings, self.seed, self.chooser_for(self.settings))
            self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
            self.save()
            self._enter_board()
        elif r == P.T_CONTINUE:
            if self.session is None:
                self.pages.title_note.set("No game in progress")
            else:
                self._enter_board()
        elif r == P.T_SETTINGS:
            self._load_settings_menu()
            self._show(SETTINGS)
        elif r == P.T_HELP:
            self._help(TITLE)
        elif r == P.T_STATS:
            self.help_page = -1
            self.back = TITLE
            self.pages.show_text(P.stats_lines(self.stats))
            self._show(TEXT)

    def _help(self, back):
        self.back = back
        self.help_page = 0
        self.pages.show_text(P.HELP[0] + ("<  page 1/%d  >" % len(P.HELP),))
        self._show(TEXT)

    def _settings_key(self, k):
        r = self.pages.settings_menu.key(k)
        if r == P.S_CLEAR:
            self.store.clear_all(self.settings.pack(), self.stats)
            self.session = None
            self.pages.settings_menu.titles[P.S_CLEAR].set("Cleared")
        elif r in (BACK, START):
            self._read_settings_menu()
            self.pages.settings_menu.titles[P.S_CLEAR].set("Clear data")
            if self.session is not None and self.session.settings.timing != self.settings.timing:
                self.session = None  # the game in progress was under other rules
            self.save()
            self._show(TITLE)
            self.pages.title_note.set("A: choose")

    def _pause_key(self, k):
        r = self.pages.pause_menu.key(k)
        if r in (P.P_RESUME, BACK, START):
            self._show(BOARD)
            self.redraw()
        elif r == P.P_UNDO:
            if self.session.undo():
                self.save()
                self._show(BOARD)
                self.redraw("Undone")
            else:
                self.pages.pause_note.set("Nothing to undo")
        elif r == P.P_TRACKER:
            s = self.session
            self.back = BOARD
            self.pages.show_tracker(s.state.view(self.seat()))
            self._show(TRACKER)
        elif r == P.P_HELP:
            self._help(BOARD)
        elif r == P.P_QUIT:
            self._show(TITLE)
            self.pages.title_note.set("Saved. Continue later.")

    # -- the loop ----------------------------------------------------------------------------

    def run(self):
        """Forever: keys first; the AI moves after a short pause so a play can be seen."""
        p = self.p
        while True:
            k = p.poll()
            if k >= 0:
                self.key(k)
            elif self.ai_pending() and ticks_diff(p.ticks_ms(), self.last_ai) > AI_PAUSE_MS:
                self.ai_turn()
                p.refresh()
            elif hasattr(p, "idle"):
                p.idle()


def main(platform, seed=None):
    App(platform, seed).run()
