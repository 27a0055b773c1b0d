"""The handheld game: modes, menus, keys, saves. `main(platform)` runs it forever.

Tests and the headless simulator drive `App.key(k)` and `App.ai_turn()` directly (and
`App.step()` / `App.finish_anim()` for the claim animation); the loop in `run()` does the same
from `platform.poll()`, lets the AI move after a short pause and refreshes the screen only
after a change: once per key, once per animation frame, once per AI turn (plus the thinking
indicator's steps while the AI searches). The table's behaviour is in ui/play.py.
"""

import displayio

from engine import st1
from engine.cards import name
from engine.st1 import PH_CLAIM
from ui import pages as P
from ui.board import BoardView
from ui.platform import K_A, K_B, K_LEFT, K_RIGHT, K_START, ticks_diff
from ui.play import (  # noqa: F401 - the modes are part of this module's interface
    AI_PAUSE_MS,
    BOARD,
    CLAIM_LIGHTS,
    CONFIRM,
    HANDOVER,
    PAUSE,
    ROUND_END,
    SETTINGS,
    TEXT,
    TITLE,
    TRACKER,
    TURN_LIGHTS,
    Play,
)
from ui.session import OPP_DEMO, OPP_PASS, Session, Settings
from ui.store import Store
from ui.widgets import BACK, CHANGED, START

# The page (ui.pages PG_*) of each mode, by mode number (ui.play); -1: the table.
_PAGES = (P.PG_TITLE, P.PG_SETTINGS, P.PG_PAUSE, P.PG_TEXT, P.PG_TRACKER, -1, -1, -1, P.PG_TEXT)
_tick_ok = {}  # engine.ai.choose -> does it take tick=? (found out on the first call)


def ask_ai(ai, view, rng, level, tick):
    """engine.ai.choose, passing `tick` (the thinking indicator) once the AI accepts it."""
    fn = ai.choose
    ok = _tick_ok.get(fn)
    if tick is not None and ok is not False:
        try:
            m = fn(view, rng, level, tick=tick)
        except TypeError:
            if ok:
                raise
            _tick_ok[fn] = False  # an AI without progress reports: ask it the plain way
        else:
            _tick_ok[fn] = True
            return m
    return fn(view, rng, level)


def default_chooser(settings):
    """The AI for a session: its level from the settings; hints think at Hard."""
    from engine import ai

    level = settings.opponent if settings.opponent < OPP_PASS else ai.HARD

    def choose(view, rng, seat, tick):
        lv = ai.HARD if seat < 0 else level
        if settings.opponent == OPP_DEMO:
            lv = ai.HARD if seat == 0 else ai.MEDIUM
        return ask_ai(ai, view, rng, lv, tick)

    return choose


class App(Play):
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
        root.append(self.pages.group)
        platform.root.append(root)
        self.session = None
        self.mode = TITLE
        self.back = TITLE
        self.help_page = -1
        self._init_play()
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
            self._title(msg[:26] if msg else "A: choose")
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
        page = _PAGES[mode] if mode < len(_PAGES) else -1
        self.pages.show(page)
        self.board.group.hidden = page >= 0
        if page >= 0:
            self._turn_lights()

    def _title(self, note="A: choose"):
        """The title page; Continue is greyed out when there is no game to continue."""
        self._show(TITLE)
        pg = self.pages
        pg.title_note.set(note)
        has = self.session is not None
        pg.title_menu.set_grey(P.T_CONTINUE, not has)
        if not has and pg.title_menu.index == P.T_CONTINUE:
            pg.title_menu.select(P.T_NEW)

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
        return Settings(
            m.choice(P.S_RULES),
            m.choice(P.S_OPP),
            P.ROUNDS[m.choice(P.S_ROUNDS)],
            1 - m.choice(P.S_CLAIMS),
            1 - m.choice(P.S_SOUND),
            m.choice(P.S_FIRST),
        )

    def _ends_game(self, new):
        """Would settings `new` end the game in progress (other rules, opponent or length)?"""
        s = self.session
        if s is None:
            return False
        old = s.settings
        return old.timing != new.timing or old.opponent != new.opponent or old.rounds != new.rounds

    # -- the table ---------------------------------------------------------------------------

    def _enter_board(self):
        s = self.session
        moves = s.settle()
        if s.round_over():
            self._round_end()
            self._claim_anim(moves, False)
            return
        self._show(BOARD)
        if s.settings.opponent == OPP_PASS and s.human_to_move():
            self.mode = HANDOVER
        self.sel = 0
        if s.human_to_move() and s.state.phase == PH_CLAIM:
            self._aim_claim()
        self.redraw()
        self._claim_anim(moves, True)

    def _pause(self):
        s = self.session
        pg = self.pages
        m = s.match
        pg.pause_note.set("Round %d of %d  Points %d-%d" % (m.played + 1, m.rounds, m.scores[0], m.scores[1]))
        pg.pause_menu.set_grey(P.P_UNDO, not s.can_undo())
        pg.pause_menu.select(0)
        self._show(PAUSE)

    def _hint(self):
        s = self.session
        if s.settings.opponent == OPP_PASS:
            self.redraw("No hints in pass & play")
            return
        self._thinking_start()
        m = s.hint(self._tick)
        self.board.thinking(False)
        if m < 0:
            self.redraw("No memory for a hint now")
        elif m < st1.CLAIM:
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

    # -- keys --------------------------------------------------------------------------------

    def key(self, k):
        """Handle one key press (0..7) in the current mode; the screen is refreshed after."""
        self.finish_anim()  # a key press ends an animation at once
        m = self.mode
        if m == TITLE:
            self._title_key(k)
        elif m == SETTINGS:
            self._settings_key(k)
        elif m == CONFIRM:
            self._confirm_key(k)
        elif m == PAUSE:
            self._pause_key(k)
        elif m in (TEXT, TRACKER):
            if k in (K_A, K_B, K_START):
                self._show(self.back)
                if self.back == BOARD:
                    self.redraw()
            elif m == TEXT and self.help_page >= 0 and k in (K_LEFT, K_RIGHT):
                self.help_page = (self.help_page + (1 if k == K_RIGHT else -1)) % len(P.HELP)
                self._help_page()
        elif m == BOARD:
            self._board_key(k)
        elif m == HANDOVER:
            if k == K_A:
                self.mode = BOARD
                self.redraw()
        elif m == ROUND_END:
            if k == K_A:
                self.board.panel.show(None)
                if self.session is None:
                    self._title()
                else:
                    self._enter_board()
        self.p.refresh()

    def _title_key(self, k):
        r = self.pages.title_menu.key(k)
        if r == P.T_NEW:
            self.session = Session(self.settings, self.seed, self.chooser_for(self.settings))
            self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
            for i in range(4):
                self._cursors[i] = 4 if i & 1 else 0
            self.hand_i, self.stone_i, self._seat = 0, 4, 0
            self.last_play = ""
            self.save()
            self._enter_board()
        elif r == P.T_CONTINUE:
            if self.session is None:
                self.pages.title_note.set("No game in progress")
            else:
                self._enter_board()
        elif r == P.T_SETTINGS:
            self._load_settings_menu()
            self.pages.settings_menu.select(0)
            self.pages.settings_note.set("B: back")
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
        self._help_page()
        self._show(TEXT)

    def _help_page(self):
        n = len(P.HELP)
        self.pages.show_text(P.HELP[self.help_page], "<  page %d/%d  >  B: back" % (self.help_page + 1, n))

    def _settings_key(self, k):
        r = self.pages.settings_menu.key(k)
        note = self.pages.settings_note
        if r == P.S_CLEAR:
            self.pages.show_text(P.CONFIRM_CLEAR, "A: yes, clear   B: no")
            self._show(CONFIRM)
        elif r == CHANGED:
            ends = self._ends_game(self._read_settings_menu())
            note.set("This ends the current game" if ends else "B: back")
        elif r in (BACK, START):
            new = self._read_settings_menu()
            if self._ends_game(new):
                self.session = None  # the game in progress was under other rules
            elif self.session is not None:
                self.session.settings = new  # claims and sound apply at once
            self.settings = new
            self.save()
            self._title()

    def _confirm_key(self, k):
        if k == K_A:
            self.store.clear_all(self.settings.pack(), self.stats)
            self.session = None
            self.pages.settings_note.set("Statistics and game cleared")
        elif k in (K_B, K_START):
            self.pages.settings_note.set("Nothing was cleared")
        else:
            return
        self._show(SETTINGS)

    def _pause_key(self, k):
        r = self.pages.pause_menu.key(k)
        if r in (P.P_RESUME, BACK, START):
            self._show(BOARD)
            self.redraw()
        elif r == P.P_UNDO:
            if self.session.undo():
                self.save()
                self._show(BOARD)
                self.sel = 0
                self.last_play = ""
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
            self._title("Saved. Continue later.")

    # -- the loop ----------------------------------------------------------------------------

    def run(self):
        """Forever: keys first, then animation frames; the AI moves after a short pause."""
        p = self.p
        idle = getattr(p, "idle", None)
        while True:
            k = p.poll()
            if k >= 0:
                self.key(k)
            elif self.anim_n:
                if self.step():
                    p.refresh()
            elif self.ai_pending() and ticks_diff(p.ticks_ms(), self.last_ai) > AI_PAUSE_MS:
                self.ai_turn()
            elif idle is not None:
                idle()


def main(platform, seed=None):
    App(platform, seed).run()
