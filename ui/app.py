"""The handheld game: modes, keys, saves. `main(platform)` runs it forever.

The table's behaviour is in ui/play.py; the menu screens are ui/menus.py with ui/pages.py and
ui/widgets.py, imported when a menu is shown and let go of when the table comes back, so the
code of the menus is not in RAM while the AI thinks (docs/BENCHMARKS.md, Memory).

Tests and the headless simulator drive `App.key(k)` and `App.ai_turn()` directly (and
`App.step()` / `App.finish_anim()` for the claim animation); the loop in `run()` does the same
from `platform.poll()`, lets the AI move after a short pause and refreshes the screen only
after a change: once per key, once per animation frame, once per AI turn (plus the thinking
indicator's steps while the AI searches).
"""

import gc
import sys

import displayio

from engine.rng import Rng
from ui.board import BoardView, layout_for
from ui.platform import K_A, K_SELECT, ticks_diff
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
from ui.unload import unload as _unload

_MENU_MODULES = (
    "ui.menus",
    "ui.title",
    "ui.pages",
    "ui.widgets",
    "ui.help",
    "ui.stats",
    "ui.tracker",
    "ui.st2.menus",
)  # the menus' (and ui.menus.LOADS: the names of what its help pages import)


def next_seed(x):
    """The seed after x in the App's sequence (one per new game), and the first one from the
    clock. Not the clock itself: in the first 65 s after power-on CircuitPython's ticks_ms()
    reads 2**29 - 65,536 and up, and engine.rng.Rng seeds its second generator from a seed's
    high 16 bits, so every first game after power-on would share that generator (its first
    tactic card always one of five); one step spreads them."""
    return (x * 1103515245 + 12345) & 0x7FFFFFFF


def default_chooser(settings):
    """The AI for a session: its level from the settings; hints think at Hard. engine.ai is
    imported at its first decision: a pass-and-play game never loads it."""
    opp = settings.opponent

    def choose(view, rng, seat, tick):
        from engine import ai

        lv = ai.HARD if seat < 0 or opp >= OPP_PASS else opp
        if opp == OPP_DEMO:
            lv = ai.HARD if seat == 0 else ai.MEDIUM
        fn, b = ai.entry(view, lv)  # the ruleset's own choose: no frame of engine.ai's between
        return fn(view, rng, b, 0, tick, ai.stats)

    return choose


class App(Play):
    """Every screen of the game over one platform."""

    def __init__(self, platform, seed=None, chooser_for=default_chooser):
        self.p = platform
        self.chooser_for = chooser_for
        self.enter = False  # after a title key (ui.title): True continue, 2 a new game
        self.seed = seed if seed is not None else next_seed(platform.ticks_ms())
        self.store = Store(platform)
        sbytes, self.stats, game, msg = self.store.load()
        self.settings = Settings.unpack(sbytes)
        self.board = None  # the table's display objects (ui.board.BoardView), while shown
        self.pages = None  # the menu pages (ui.pages.Pages), while a menu is on screen
        self._menus = None  # the ui.menus module, while loaded
        self.root = displayio.Group()
        platform.root.append(self.root)
        self.session = None
        self.kept = None  # a saved game that could not be resumed: saved again as it is
        self.unsaved = False  # a save failed for memory: App.save, tried again later
        self.mode = TITLE
        self.back = TITLE
        self.help_page = -1
        self._init_play()
        if game is not None:
            try:
                self.session = Session.unpack(game, self.settings, chooser_for(self.settings))
            except MemoryError:
                raise  # the crash screen, the save intact: never a fresh start over it
            except Exception:  # noqa: BLE001 - a bad saved game is refused, never a crash
                from ui.resume import refused

                self.session = None
                self.kept = game  # until a new game or "clear data" replaces it
                msg = refused(game)
        _unload(("ui.resume",))  # the code that reads the save: not needed again
        if self.session is not None:
            self._enter_board()
        else:
            self._title(msg[:26] if msg else "A: choose")
        self.p.refresh()

    # -- the menus, loaded when shown ---------------------------------------------------------

    def _m(self):
        """The ui.menus module, imported (with the pages) if no menu is loaded."""
        m = self._menus
        if m is None:
            import ui.menus as m

            self._menus = m
            m.attach(self)
        return m

    def _drop_menus(self):
        """Let go of the menu pages and the code of the menus (the table is on screen)."""
        if self._menus is None:
            return
        self.root.remove(self.pages.group)
        self.pages = None
        also = self._menus.LOADS  # its names in its code, not in this module's
        self._menus = None
        _unload(_MENU_MODULES + also)

    def _title(self, note="A: choose"):
        self._drop_ai()
        self._leave_table()
        self._drop_game()
        if self.unsaved:  # a save put off for memory (App.save): the AI's code has gone now
            self.save()
            if self.unsaved:
                note = "Not saved: memory"
        self._m().title(self, note)

    def _new_game(self):
        """A new match of the settings' game (the title's New game), its code compiled after
        the menus' is let go of."""
        self._drop_menus()
        s = self.settings
        if s.game == 2:
            from ui.st2 import session

            self.session = session.Session(s, self.seed, self.chooser_for(s))
        else:
            self.session = Session(s, self.seed, self.chooser_for(s))
        self.kept = None  # a saved game that could not be resumed is replaced now
        self.seed = next_seed(self.seed)
        for i in range(4):
            self._cursors[i] = 4 if i & 1 else 0
        self.hand_i, self.stone_i, self._seat = 0, 4, 0
        self.last_play = ""
        self.last_at = -1
        self.save()

    def _drop_game(self):
        """No game to continue: let go of the game object, the State's code (engine.games,
        engine.match, engine.st1/st2) and the picker (ui.pick), before the title's code
        compiles. A new game imports them."""
        if self.session is not None:
            return  # quit to the title: Continue needs them
        self.g = self.result = self._pk = self._marks_key = None
        self._marks = self._hand = ()
        del self.opts[:]
        _unload(("engine.st1", "engine.st2", "engine.games", "engine.match", "ui.pick", "ui.turn", "ui.st2"))

    def _drop_ai(self):
        """Let go of the AI's code and buffers (the title: no game is being played). A game
        continued or started imports them again."""
        if self.session is not None:
            self.session.chooser = None
        if "engine.ai" not in sys.modules:
            return
        self._release_search()
        _unload(("engine.ai",))  # and every engine.ai.* module

    def _pause(self):
        self._leave_table()  # before the menus' code compiles
        # The AI's code too: the menus, tracker and help need the room; the next AI turn or
        # hint loads it again (.mpy on the device: no compile).
        _unload(("engine.ai",))
        self._m().pause(self)

    def _leave_table(self):
        """A menu over a game: let go of the table's display objects and the AI's search
        buffers (the next search makes them) before the menus' code compiles."""
        if self.board is None:
            return
        self.root.remove(self.board.group)
        self.board = None
        self._release_search()

    # -- helpers ---------------------------------------------------------------------------

    def sound(self, name_):
        if self.settings.sound:
            self.p.sound(name_)

    def save(self):
        """Write the settings, the statistics and the match. A MemoryError (a heap too broken
        up for the save's bytes) never ends the game: the AI's search buffers go and the save
        is tried again; failing that, `unsaved` stays set and the save is tried again at the
        end of the AI's turn, at the next key press (pass-and-play's hand-over, the round's
        panel, the menus) and on the way to the title, or the next save writes it all (every
        save holds the whole match)."""
        for _ in range(2):
            try:
                game = self.session.pack() if self.session is not None else self.kept
                self.store.save(self.settings.pack(), self.stats, game)
                self.unsaved = False
                return
            except MemoryError:
                game = None
                self._release_search()
                gc.collect()
        self.unsaved = True

    def _show(self, mode):
        """Put mode `mode`'s screen on: a menu page (loading the menus) or the table."""
        self.mode = mode
        if mode in (BOARD, HANDOVER, ROUND_END):
            self._drop_menus()
            if self.board is None:  # drawn whole by the caller's redraw
                import ui.pick  # noqa: F401 - the picker compiles before the table is built

                V = BoardView
                if self.g.NAME == "st2":
                    import ui.st2.play  # noqa: F401 - its code (and the board's) compiles first too
                    from ui.st2 import board

                    V = board.BoardView  # the wall
                self.board = V(layout_for(self.g, self.settings.variant))
                self.root.insert(0, self.board.group)
            return
        self._leave_table()
        m = self._m()
        self.pages.show(m.PAGES[mode])
        self._turn_lights()

    def _release_search(self):
        """Free the AI's search buffers (a menu is on screen; the next search makes them)."""
        ai = sys.modules.get("engine.ai")
        if ai is not None:
            ai.release()

    # -- the table ---------------------------------------------------------------------------

    def _enter_board(self):
        s = self.session
        self.g = s.g
        self.turn_from = len(s.rec.moves)
        if s.chooser is None:  # the AI was let go of at the title
            s.chooser = self.chooser_for(self.settings)
        moves = s.settle()
        if s.round_over():
            self._round_end()
            self._claim_anim(moves, False)
            return
        self._show(BOARD)
        if s.settings.opponent == OPP_PASS and s.human_to_move():
            self.mode = HANDOVER
        self.unpick()
        self.redraw()
        self._claim_anim(moves, True)

    def _hint(self):
        s = self.session
        if s.settings.opponent == OPP_PASS:
            self.redraw("No hints in pass & play")
            return
        _unload(("ui.pick", "ui.turn"))  # as for the AI's turn: its room (loaded again after)
        self._thinking_start()
        # The AI on the human's view only, called from here (not through a Session method:
        # a frame fewer under the search on the 2 KB Python stack).
        try:
            m = s.chooser(s.state.view(s.state.to_move), Rng(len(s.rec.moves) + 99), -1, self._tick)
        except MemoryError:
            m = -1  # no hint for want of memory (the screen says so)
        self._release_search()  # the search's buffers: made again at the next decision
        self.board.thinking(False)
        if m < 0:
            self.redraw("No memory for a hint now")
            return
        g = s.g
        kind, card, target, _ = g.decode(m)
        from ui.pick import point_at

        point_at(self, m)  # the cursor on the hinted move, its last part still to press
        if g.NAME == "st2":
            from ui.st2 import play

            if kind == g.KIND_CAULDRON:
                self.oil = 0  # its own step (ui.st2.steps), on the tile hinted: A asks, A throws
            self.redraw(play.hint(g, m))
            return
        t = self.board.tx.hint(g, m) if self.board.tx else None  # a tactic move's words
        if t:
            self.redraw(t)
        elif kind == g.KIND_PLAY:
            from engine.cards import name  # the first game's names (not loaded in the second)

            self.redraw("Hint: %s on stone %d" % (name(card), target + 1))
        elif kind == g.KIND_CLAIM:
            self.redraw("Hint: claim stone %d" % (target + 1))
        else:
            self.redraw("Hint: %s" % ("pass" if kind == g.KIND_PASS else "end the claim step"))

    # -- keys --------------------------------------------------------------------------------

    def key(self, k):
        """Handle one key press (0..7) in the current mode; the screen is refreshed after."""
        self.finish_anim()  # a key press ends an animation at once
        if self.unsaved:  # a save put off for memory: tried again at every key (App.save)
            self.save()
        m = self.mode
        if m == BOARD:
            if k == K_SELECT and self.session.human_to_move():
                self._hint()  # from here: a frame fewer under the search (2 KB Python stack)
            else:
                self._board_key(k)
        elif m == HANDOVER:
            if k == K_A:
                self.mode = BOARD
                self.redraw(self.last_play or None)  # the other player's turn said first
        elif m == ROUND_END:
            if k == K_A:
                self.board.show_panel(None)
                _unload(
                    ("ui.st1.ending", "ui.panel", "ui.stats", "ui.st2.ending")
                )  # the panel's, the counting's
                if self.session is None:
                    self._title()
                else:
                    self._enter_board()
        else:
            self._m().key(self, k)
            if self.enter:  # New game or Continue: the table's code compiles after the
                if self.enter == 2:  # title's key handler has returned (its frames let go)
                    self._new_game()
                self.enter = False
                self._enter_board()
        self.p.refresh()

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


APP = None  # the running App, set by main() and code.py (the device twin's driver reads it)


def main(platform, seed=None):
    global APP
    APP = App(platform, seed)
    APP.run()
