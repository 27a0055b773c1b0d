"""The device twin: the bundle's device code as shipped, on stand-in hardware, played by keys.

    .venv/bin/python -m tests.twin_sweep --twin GAME VARIANT LEVEL GAMES SEED [options]
    cd CIRCUITPY && MICROPYPATH=../twin TWIN="GAME VARIANT LEVEL GAMES SEED [options]" \\
        [CIRCUITPY_PYSTACK_SIZE=N] cpy -X heapsize=NNK code.py       (what the first one runs)

cpy is CircuitPython 10's VM (../shared/tools/cpy, or $CPY: tests/mp_util.py). The bundle's
own code.py is the script, run from the bundle's folder as the board runs it from its drive's
root; ../twin is this file and the stand-ins beside it (tests.twin_sweep.build_twin writes
them beside the CIRCUITPY folder: build/twin for build/CIRCUITPY). GAME st1 or st2, VARIANT
base or tactic, LEVEL easy|medium|hard (the opponent set in the settings menu; the ruleset in
its Game row, pressed like the rest), GAMES complete games, SEED for the player's choices (the
game's own seed comes from the device clock, as on the board). Options:
  --heap NNK         give the device code the heap `-X heapsize=NNK` would leave code.py
                     alone: the stand-ins and this runner live in the rest of a larger
                     -X heapsize (tests.twin_sweep.OVERHEAD_K more), its free blocks filled
  --stages           print the live heap at each stage (code.py compiled, App built, at the
                     table, after a game) and where the peak was sampled
  --sweep            a crash screen with a readable text ends the run with exit status 0
  --no-terminalio    a firmware without terminalio (some localized builds)
  --pybadge          a PyBadge (no joystick: the directions are keys 4..7 of the keypad)
  --debug            print each key the driver presses

No Python frame of the twin's lies under the device code: code.py's module frame and main()
are the script's, as on the board. The twin starts inside code.py's first import of a
hardware stand-in (_twin.loaded imports this module): it reads its arguments ($TWIN, else
sys.argv; it empties sys.argv, as the board's), sets sys.path to the stand-ins, '' and 'lib' (the board's: its folder names no
qstr), puts its `time` and `supervisor` in place of cpy's built-in ones (in sys.modules and in
code.py's globals), lays out the heap (below) and installs the driver: it is called only from
the stand-ins, as C is on the board: the keypad's event queue when the device code finds it
empty, the display's refresh (twin.refresh, one frame: it samples the heap). The driver reads
the running App from sys.modules["ui.app"].APP (code.py sets it; no module or None: the crash
screen is polling the keys) and presses keys through the queue and the PyGamer's joystick, as
a player would: the settings (opponent = LEVEL, manual claims, every other value looked at and
put back, the clear-data confirmation refused), the statistics page, new games; on the table a
random legal card by moving the cursor and pressing A, or the hint's move (SELECT, then A) on
every fourth turn (the tactic variants: a random legal move of any kind, a draw, a tactic card
and each step of a ruse or an action, the Exchange's cards given out of turn, picked part by
part through the picker's options, the second game's retreat only when nothing else is legal;
the second game's base game: a random card, the Defender's and the Attacker's, no cauldron or
retreat); claims (A on a provable stone, B to end the claim step); once the pause menu with an
undo, the card tracker and the help pages (turning them); A at each round end. After the GAMES
games: the opponent set to pass-and-play, a new game until its hand-over screen, then the pause
menu's "Quit to title". Waiting for the AI is virtual time passing (the App's idle sleep, and
1 ms per clock read).

The heap: the device code gets exactly what `-X heapsize=HEAP` leaves code.py once compiled
(pool(HEAP) - BARE_LIVE - code.py's compiled size), as one free run: every other free block
(the holes the stand-ins' imports left) is filled (start). The options (in $TWIN: cpy
interns every word of its command line as a qstr) do not change that; the folder's name does,
by a few blocks: cpy interns the real path of code.py's
folder (sys.path[0]) as a qstr, and its length moves the qstr chunks' boundaries, so
tests.twin_sweep.run_twin runs from a copy at a path of fixed length. What the runner did
before the game still moves the device's run by a block now and then (the options' strings
did): the collector takes every word on the C and Python stacks that points into the heap for
a pointer, and the runner's work leaves other words there than a board's start would.

The run ends when GAMES games are complete (exit status 0), on code.py's crash screen (its
text is printed; exit status 3, or 0 with --sweep), when the driver is stuck or the virtual
clock runs a day (exit status 1), when the driver finds no memory for its own work ("TWIN
OUT OF MEMORY": the device heap is full; exit status 4), or on anything else (a traceback,
exit status 1). It prints
(raising SystemExit: code.py catches only Exception), then ends with:

    erases=E game_erases=G1,G2,... human_turns=T1,T2,... presses=P refreshes=R samples=S largest=WHAT saves_put_off=U fallbacks=F
    modes=TITLE,SETTINGS,...      (the screens reached)
    todo=                         (what the driver meant to do and did not)
    games=N peak_live=B min_free=B largest_alloc=B

fallbacks: the AI's decisions answered by a cheaper move because memory ran out, read at every
sample: engine.ai.stats[0] (a search cut short inside engine.ai) and the session's fallbacks
(ui.session.Session.cheap_move; one decision may count in both); a game against the
full-strength AI has none. A cheap move after the last sample of an AI turn that ends the match
is not seen (the session is gone at the next sample). saves_put_off: the times a sample found
App.unsaved newly set (a save that ran out of memory twice: ui.app.App.save; the game goes on
and the save is tried again). The saves whose first try failed (App.save frees the search and
tries again) are not counted: nothing outside App.save sees them.

peak_live: the largest live heap (gc.mem_alloc() after gc.collect()) sampled at every key
press and every display refresh (the AI's thinking indicator refreshes during its search, the
end of its turn refreshes), counted from the start of the device's heap: code.py's compiled
code included, the stand-ins (C on the board) not. min_free: the smallest gc.mem_free() at
those samples. largest_alloc: the largest single buffer the device code made the stand-ins
allocate (bitmap buffers, palettes, tile arrays, nvm reads, pixel buffers): cpy has no
allocation hook, so blocks the device code makes itself (its own bytearrays, compiled code) are
not in it.
"""

import gc
import os
import sys

import _twin

# The arguments: $TWIN if set, else sys.argv after code.py. cpy interns every argument of its
# command line as a qstr (and MICROPYPATH's entries, and sys.path[0]), and a different set of
# qstrs before the game's moved the device's heap by a block or more: --sweep alone did. So
# run_twin gives them in $TWIN, whose value is a plain string.
_args = (os.getenv("TWIN") or "").split() or sys.argv[1:]
_argv = [a for a in _args if not a.startswith("--")]
_opts = [a for a in _args if a.startswith("--")]
HEAP = 0
for _i in range(len(_args) - 1):
    if _args[_i] == "--heap":
        HEAP = int(_args[_i + 1].rstrip("Kk"))
        _argv.remove(_args[_i + 1])
del _args
sys.argv.clear()  # the board's is empty
# gc.mem_alloc() of a bare script at its start on cpy, less the script's own compiled code
# (608 - 208 bytes for a 9-line script: sys.path, sys.argv, the __main__ module, ...).
BARE_LIVE = 400


def pool(k):
    """gc.mem_alloc() + gc.mem_free() under `cpy -X heapsize=kK`: 16-byte blocks, each with
    4 bits of tables (allocation, finaliser, collect), 32/33 of the area (48K: 47,616 bytes;
    64K-512K exact, within 48 bytes above)."""
    return (k * 1024 * 2 // 33) * 16 - 48


# The stand-ins' folder as this file's (relative when cpy was given a relative MICROPYPATH:
# tests.twin_sweep gives ../twin, so that no folder name is interned).
_here = __file__.rpartition("/")[0] or "."
sys.path[:] = [_here] + ([_here + "/rom"] if "--no-terminalio" not in _opts else []) + ["", "lib"]

# The stand-ins are C modules in the board's firmware: all loaded now, before the layout.
import _supervisor  # noqa: E402
import _time  # noqa: E402
import adafruit_pixelbuf  # noqa: E402, F401
import analogio  # noqa: E402, F401
import audiocore  # noqa: E402, F401
import audioio  # noqa: E402, F401
import board  # noqa: E402
import digitalio  # noqa: E402, F401
import displayio  # noqa: E402, F401
import fontio  # noqa: E402, F401
import keypad  # noqa: E402, F401
import microcontroller  # noqa: E402, F401
import neopixel_write  # noqa: E402, F401
import storage  # noqa: E402, F401

import __main__  # noqa: E402

try:
    import terminalio  # noqa: F401
except ImportError:
    pass
for _n, _m in (("time", _time), ("supervisor", _supervisor)):  # cpy's are built in
    sys.modules[_n] = _m
    if hasattr(__main__, _n):  # code.py imported cpy's already
        setattr(__main__, _n, _m)
if "--pybadge" in _opts:  # a PyBadge: no joystick, all eight keys on the shift register
    delattr(board, "JOYSTICK_X")
    delattr(board, "JOYSTICK_Y")
for _n in sys.modules:
    if _n.split(".")[0] in ("ui", "engine", "device"):
        _twin.end("twin: %s was imported before code.py's first hardware module" % _n, 2)

K_B, K_A, K_START, K_SELECT, K_RIGHT, K_DOWN, K_UP, K_LEFT = range(8)
TITLE, SETTINGS, PAUSE, TEXT, TRACKER, BOARD, HANDOVER, ROUND_END, CONFIRM = range(9)
MODE_NAMES = ("TITLE", "SETTINGS", "PAUSE", "TEXT", "TRACKER", "BOARD", "HANDOVER", "ROUND_END", "CONFIRM")
LEVELS = ("easy", "medium", "hard")
RULESETS = (("st1", "base"), ("st1", "tactic"), ("st2", "base"), ("st2", "tactic"))
GAME_ROW = 7  # the settings' Game row: (game - 1) * 2 + variant (ui.pages.SETTINGS_ITEMS)
PASS_AND_PLAY = 3  # the settings' opponent value
MAX_PRESSES_PER_GAME = 3000
DEBUG = "--debug" in _opts
STAGES = "--stages" in _opts
if len(_argv) < 5 or tuple(_argv[:2]) not in RULESETS or _argv[2] not in LEVELS:
    _twin.end(
        "usage: code.py st1|st2 base|tactic easy|medium|hard GAMES SEED [--heap NNK] [--stages]"
        " [--sweep] [--no-terminalio] [--pybadge] [--debug]",
        2,
    )
GAME = 2 if _argv[0] == "st2" else 1
VARIANT = 1 if _argv[1] == "tactic" else 0


class Meter:
    """Heap samples after a collection, from the device heap's start, and what the driver
    reads at each (every field made here: a sample allocates nothing)."""

    def __init__(self):
        self.base = 0
        self.peak = 0
        self.min_free = 1 << 29
        self.samples = 0
        self.in_game = 0  # the peak at the table
        self.at = [0, 0, 0, -1]  # the peak's sample, press, game and App.mode
        self.presses = 0
        self.games = 0
        self.fallbacks = 0
        self.put_off = 0
        self.unsaved = False
        self.sess_fb = 0  # the session's fallbacks at the last sample (0: no session)
        self.cut = 0  # engine.ai.stats[0] at the last sample (0: no engine.ai)


METER = Meter()


def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
    """board.DISPLAY.refresh() on the twin: counted, and a heap sample, all in this one frame
    (the board's refresh is C: no frame on the Python stack, which the AI's thinking indicator
    calls from inside the search). The driver samples through it too (minimum -1: no refresh)."""
    m = METER
    if minimum_frames_per_second >= 0:
        _twin.refreshes += 1
    gc.collect()
    n = gc.mem_alloc() - m.base
    m.samples += 1
    ua = sys.modules.get("ui.app")
    app = getattr(ua, "APP", None) if ua is not None else None
    ua = None
    if n > m.peak:
        m.peak = n
        m.at[0] = m.samples
        m.at[1] = m.presses
        m.at[2] = m.games
        m.at[3] = -1 if app is None else app.mode
    n2 = gc.mem_free()
    if n2 < m.min_free:
        m.min_free = n2
    if app is not None:
        if app.mode == BOARD and n > m.in_game:
            m.in_game = n
        if not app.unsaved:
            m.unsaved = False
        elif not m.unsaved:
            m.unsaved = True
            m.put_off += 1
        # The counters are read, their owners never held (id() would be a long int here: a
        # heap block). A match's session is new after one with none (the match's end, the
        # title); a count that went down is a new one's too.
        s = app.session
        app = None
        if s is None:
            m.sess_fb = 0
        else:
            if s.fallbacks < m.sess_fb:
                m.sess_fb = 0
            if s.fallbacks > m.sess_fb:
                m.fallbacks += s.fallbacks - m.sess_fb
                m.sess_fb = s.fallbacks
            s = None
    ai = sys.modules.get("engine.ai")  # its counter only: the module goes at the title
    if ai is None:
        m.cut = 0
    else:
        st = ai.stats
        ai = None
        if st[0] < m.cut:
            m.cut = 0
        if st[0] > m.cut:
            m.fallbacks += st[0] - m.cut
            m.cut = st[0]
        st = None
    return True


board._Display.refresh = refresh


def live():
    gc.collect()
    return gc.mem_alloc() - METER.base


def sample():
    refresh(None, minimum_frames_per_second=-1)


class Driver:
    """Chooses the next key from what the App shows, as a player would."""

    def __init__(self, level, games, seed):
        self.level = level
        self.target = games
        self.rng = (seed * 2654435761 + 12345) & 0x7FFFFFFF
        self.games = 0
        self.started = False  # the App seen (its first poll)
        self.modes = bytearray(9)  # the screens reached (bytearrays: no block added later)
        self.todo = {"settings", "stats", "hint", "pause", "undo", "tracker", "help", "handover"}
        self.looked = bytearray(16)  # settings rows whose value was changed and put back
        self.changed = -1  # the settings row changed, not yet put back
        self.confirmed = False
        self.text_turns = 0  # help pages turned in this visit
        self.plan = None  # (state key, move) of the human's turn
        self.turns = 0
        self.human_played = False
        self.release = False
        self.erases_at_start = 0
        self.game_erases = [0] * games  # nvm writes from "New game" to the end of each game
        self.turns_at_start = 0
        self.game_turns = [0] * games  # the human's turns (card plays) in each game
        self.game_presses = 0
        self.after_game = -1

    def rand(self, n):
        self.rng = (self.rng * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.rng >> 8) % n

    # -- pressing ---------------------------------------------------------------------

    def on_idle(self, queue):
        """The keypad's queue is empty: press the next key, or let time pass. A failure of the
        driver's own ends the run (status 1; 4 when it ran out of memory): through code.py's
        handler it would show as the game's crash screen."""
        try:
            self.press(queue)
        except MemoryError:  # the driver allocates in the device's heap (the board's poll does not)
            end_fillers()
            _twin.end("TWIN OUT OF MEMORY: the driver's own allocation failed (the device heap is full)", 4)
        except Exception as e:  # noqa: BLE001
            import traceback

            end_fillers()
            traceback.print_exception(e)
            _twin.end("TWIN FAILED: %r" % e, 1)

    def press(self, queue):
        ua = sys.modules.get("ui.app")
        app = getattr(ua, "APP", None) if ua is not None else None
        ua = None
        if app is None:  # polled with no App: code.py's crash screen wants a key
            end_fillers()
            _twin.end("CRASH SCREEN:\n" + screen_text(), 0 if "--sweep" in _opts else 3)
        if self.release:  # a poll with the joystick centred between two deflections
            self.release = False
            return
        if not self.started:
            self.started = True
            if STAGES:
                print("stage App built: live=%d" % live())
                print(
                    "stage modules loaded: "
                    + " ".join(
                        sorted(k for k in sys.modules if k.split(".")[0] in ("ui", "engine", "device"))
                    )
                )
        self.modes[app.mode] = 1
        k = self.choose(app)
        if k < 0:
            return
        sample()
        if DEBUG:
            print(
                "key",
                k,
                MODE_NAMES[app.mode],
                getattr(app, "sel", None),
                getattr(app, "hand_i", None),
                getattr(app, "stone_i", None),
            )
        METER.presses += 1
        self.game_presses += 1
        if self.game_presses > MAX_PRESSES_PER_GAME:
            end_fillers()
            _twin.end(
                "STUCK: %d presses in game %d, mode %s"
                % (self.game_presses, self.games + 1, MODE_NAMES[app.mode]),
                1,
            )
        if k >= 4 and hasattr(board, "JOYSTICK_X"):
            # The PyGamer's directions are its joystick: deflect it for one poll's reads.
            _twin.stick[0] = 65535 if k == K_RIGHT else 0 if k == K_LEFT else 32768
            _twin.stick[1] = 65535 if k == K_DOWN else 0 if k == K_UP else 32768
            _twin.stick_reads = 2
            self.release = True
        else:
            queue._press(k, True)
            queue._press(k, False)

    def choose(self, app):
        m = app.mode
        if m == TITLE:
            return self.title(app)
        if m == SETTINGS:
            return self.settings(app)
        if m == CONFIRM:
            self.confirmed = True
            return K_B
        if m == TEXT:
            if app.help_page >= 0 and self.text_turns < 3:
                self.text_turns += 1
                return K_RIGHT if self.text_turns < 3 else K_LEFT
            if app.help_page >= 0:
                self.todo.discard("help")
            else:
                self.todo.discard("stats")
            return K_B
        if m == TRACKER:
            self.todo.discard("tracker")
            return K_B
        if m == PAUSE:
            return self.pause(app)
        if m == HANDOVER:
            self.todo.discard("handover")
            return K_A
        if m == ROUND_END:
            if app.session is None:  # the match is over
                if self.games < len(self.game_erases):
                    self.game_erases[self.games] = _twin.erases - self.erases_at_start
                    self.game_turns[self.games] = self.turns - self.turns_at_start
                self.games += 1
                METER.games = self.games
                self.game_presses = 0
                self.human_played = False
            return K_A
        if m == BOARD:
            return self.table(app)
        return K_B

    def menu_to(self, menu, i):
        """The key that moves `menu`'s marker towards row i (None when it is there)."""
        if menu.index == i:
            return None
        return K_DOWN

    def title(self, app):
        if "settings" in self.todo:
            target = 2
        elif "stats" in self.todo:
            target = 4
        else:
            if self.games and self.after_game < 0:
                self.after_game = live()
            if self.games >= self.target:
                if "handover" not in self.todo:
                    _twin.end("", 0)  # GAMES games are complete
                # Last, a pass-and-play game until its hand-over screen, then quit.
                if app.settings.opponent != PASS_AND_PLAY:
                    self.todo.add("settings")
                    target = 2
                else:
                    target = 1
            else:
                target = 1
        k = self.menu_to(app.pages.title_menu, target)
        if k is None:
            self.text_turns = 0
            self.erases_at_start = _twin.erases
            self.turns_at_start = self.turns
            return K_A
        return k

    def settings(self, app):
        menu = app.pages.settings_menu
        opp = PASS_AND_PLAY if self.games >= self.target else LEVELS.index(self.level)
        want = {1: opp, 3: 1}  # opponent, manual claims
        rows = (0, 1, 2, 3, 4, 5)  # the first game's base game: the Game row as it is
        if GAME == 2 or VARIANT:
            want[GAME_ROW] = (GAME - 1) * 2 + VARIANT  # chosen first: it sets the other rows
            rows = (GAME_ROW, 0, 1, 2, 3, 4) if GAME == 2 else (GAME_ROW,) + rows  # 2: 5 greyed
        for row in rows:
            if row in want:
                if menu.choice(row) == want[row]:
                    continue
            elif self.looked[row]:
                continue
            k = self.menu_to(menu, row)
            if k is not None:
                return k
            if row in want:
                return K_RIGHT
            if self.changed == row:
                self.changed = -1
                self.looked[row] = 1
                return K_LEFT
            self.changed = row
            return K_RIGHT
        if not self.confirmed:
            k = self.menu_to(menu, 6)
            return K_A if k is None else k
        self.todo.discard("settings")
        return K_B

    def pause(self, app):
        s = app.session
        self.todo.discard("pause")
        if "undo" in self.todo and s.can_undo():
            target = 1
        elif "tracker" in self.todo:
            target = 2
        elif "help" in self.todo:
            target = 3
        elif self.games >= self.target:
            target = 4  # quit to the title: the run is over
        else:
            target = 0
        k = self.menu_to(app.pages.pause_menu, target)
        if k is not None:
            return k
        if target == 1:
            self.todo.discard("undo")
            self.plan = None
        if target == 2 and GAME == 2:
            self.todo.discard("tracker")  # the second game's tracker is a text page
        self.text_turns = 0
        return K_A

    def table(self, app):
        s = app.session
        if s is None or s.round_over() or not s.human_to_move():
            return -1  # the AI's turn: let time pass
        st = s.state
        if self.games >= self.target and "handover" not in self.todo:
            return K_START  # the pass-and-play epilogue has shown its hand-over
        if self.human_played and (
            ("undo" in self.todo and s.can_undo()) or "tracker" in self.todo or "help" in self.todo
        ):
            return K_START
        legal = st.legal_moves()
        if GAME == 2:
            return self.table2(app, s, legal)
        from engine.st1 import CLAIM, DONE, PH_CLAIM  # loaded with the App

        if st.phase == PH_CLAIM:  # claim the first provable stone, else end the step
            claims = [m - CLAIM for m in legal if CLAIM <= m < DONE]
            if not claims:
                return K_B
            if app.stone_i != claims[0]:
                return K_RIGHT
            return K_A
        key = (st.turn, st.to_move, len(s.rec.moves))
        if VARIANT:
            return self.tactic(app, s, legal, key)
        plays = [m for m in legal if m < CLAIM]
        k, move = self.card_plan(app, key, plays)
        if k >= 0:
            return k
        card, stone = move // 9, move % 9
        hand = sorted(st.hand_of(st.to_move))
        if not app.sel:
            i = hand.index(card)
            if app.hand_i != i:
                return K_RIGHT if (i - app.hand_i) % len(hand) <= len(hand) // 2 else K_LEFT
            return K_A
        if app.hand_i != hand.index(card):
            return K_B
        if app.stone_i != stone:
            return K_RIGHT
        self.human_played = True
        return K_A

    def new_plan(self, app, key, moves, hint):
        """At a new turn (or step), plan a random one of `moves`, or on every fourth turn
        (and once early) the hint: plan `hint` and return SELECT (B first to unpick);
        otherwise -1."""
        if self.plan is not None and self.plan[0] == key:
            return -1
        self.turns += 1
        if "hint" in self.todo or self.turns % 4 == 0:
            self.plan = (key, hint)
            if app.sel:
                return K_B
            self.todo.discard("hint")
            return K_SELECT
        self.plan = (key, moves[self.rand(len(moves))])
        return -1

    def card_plan(self, app, key, plays):
        """(key to press or -1, the card play of this turn): a random one of `plays`, or the
        hint's (A plays what it pointed at; without one, no memory for it, a random card)."""
        k = self.new_plan(app, key, plays, -1)
        if k >= 0:
            return k, -1
        move = self.plan[1]
        if move < 0:
            if app.sel:
                self.human_played = True
                return K_A, -1  # the hint put the cursor on its move
            move = plays[self.rand(len(plays))]
            self.plan = (key, move)
        return -1, move

    def tactic(self, app, s, legal, key, moves=None):
        """The tactic variants: a random one of `moves` (default `legal`: a card, a tactic
        card, a draw, a ruse's or an action's step, the Exchange's given out of turn), its
        parts picked in turn through ui.pick's options; a hint's move (plan -2) played with
        A, then a random plan again (-3, for a ruse's or an action's next step)."""
        from ui import pick as P

        moves = moves or legal
        g = s.g
        if GAME == 2 and (self.plan is None or self.plan[0] != key):
            moves = self.one_kind(g, moves)
        k = self.new_plan(app, key, moves, -2)
        if k >= 0:
            return k
        move = self.plan[1]
        if move == -2:
            self.plan = (key, -3)
            self.human_played = True
            return K_A if P.read(app) else K_B
        ret = getattr(app, "ret", -1)  # the second game's retreat step (-1: not in it)
        if GAME == 2 and (ret >= 0 or (move >= 0 and g.kind(move) == g.KIND_RETREAT)):
            if move < 0 and ret == 0 and app.extra:  # the hint's retreat: its tiles under the cursor
                m = g.encode(g.KIND_RETREAT, -1, -1, app.extra)
                if m in legal:
                    self.plan = (key, m)
                    move = m
            return self.retreat(app, g, move, ret)
        if move == -3:
            if app.sel:
                return K_B
            if GAME == 2:
                moves = self.one_kind(g, moves)
            self.plan = (key, moves[self.rand(len(moves))])
            move = self.plan[1]
        d = g.decode(move)
        ext = P.choices(g, legal)
        for part in (P.CARD, P.TARGET, P.EXTRA):
            if P.part(d, part, ext) is not None and app.chosen[part] == P.NO:
                P.read(app)
                if P.cur(app) == P.option(part, d[part]):
                    self.human_played = True
                    return K_A
                return K_RIGHT
        return K_B  # a move without parts (pass, done), or every part picked

    def one_kind(self, g, moves):
        """The second game's `moves` of one kind picked at random (a siege card, a tactic
        card, a declaration or a cauldron, a pass; a step's or a draw's all one kind), so that
        a tactic card is played as often as a siege card, not one time in forty."""
        kinds = []
        for m in moves:
            k = g.kind(m) * 2 + (g.kind(m) == g.KIND_PLAY and m // 7 >= 60)
            if k not in kinds:
                kinds.append(k)
        k = kinds[self.rand(len(kinds))]
        return [m for m in moves if g.kind(m) * 2 + (g.kind(m) == g.KIND_PLAY and m // 7 >= 60) == k]

    def retreat(self, app, g, move, ret):
        """The second game's retreat `move`: A on the options' "Retreat?" entry, A on each of
        its tiles in the retreat step, then B (a retreat step entered otherwise: B leaves it);
        ret: the tiles marked in the step, -1 outside it."""
        tiles = g.decode(move)[3] if move >= 0 and g.kind(move) == g.KIND_RETREAT else 0
        if ret < 0:
            from ui import pick as P

            P.read(app)
            return K_A if app.cpart == P.EXTRA else K_RIGHT
        if ret == tiles or not tiles:
            if tiles:
                self.human_played = True
            return K_B
        if (tiles ^ ret) >> app.stone_i & 1:
            return K_A
        return K_RIGHT

    def table2(self, app, s, legal):
        """The second game: a random card of the player's role (no cauldron, no retreat), or
        the hint's move; in the declare step, every tile that can be declared. The tactic
        variant: `tactic`'s moves, of any kind but a retreat (one only when nothing else is
        legal, or the hint's)."""
        g = s.g
        st = s.state
        if st.phase == 1:  # the declare step (ui.session.CLAIM_STEP)
            tiles = [g.decode(m)[2] for m in legal if g.kind(m) == g.KIND_DECLARE]
            if not tiles:
                return K_B
            if app.stone_i != tiles[0] or app.cpart != 2:
                return K_RIGHT
            return K_A
        key = (st.turn, st.to_move, len(s.rec.moves))
        if VARIANT:
            return self.tactic(app, s, legal, key, [m for m in legal if g.kind(m) != g.KIND_RETREAT])
        plays = [m for m in legal if g.kind(m) == g.KIND_PLAY]
        if not plays:  # no card fits (every side of the player's full): a retreat, as above
            return self.tactic(app, s, legal, key)
        k, move = self.card_plan(app, key, plays)
        if k >= 0:
            return k
        _, card, tile, _ = g.decode(move)
        hand = sorted(st.hand_of(st.to_move))
        if not app.sel:
            # Left only: the options mix hand cards, tiles and the retreat's entry
            if app.cpart != 1 or app.hand_i != hand.index(card):
                return K_LEFT
            return K_A
        if app.hand_i != hand.index(card):
            return K_B
        if app.stone_i != tile:
            return K_RIGHT
        self.human_played = True
        return K_A


def screen_text():
    """The text of the crash screen: its TileGrid's tiles read back through the font."""
    root = board.DISPLAY.root_group
    try:
        grid = root[0]
        try:
            import terminalio

            font = terminalio.FONT.bitmap
            chars = terminalio._CHARS
        except ImportError:
            font = None
        if grid.bitmap is not font:  # the game's font sheet (ui.gfx: CHARS in each ink)
            from ui import gfx

            chars = gfx.CHARS + "?"
            n = gfx.GLYPHS
        else:
            n = len(chars)
        lines = []
        for r in range(grid.height):
            lines.append("".join(chars[grid[c, r] % n] for c in range(grid.width)).rstrip())
        return "\n".join(lines).strip("\n")
    except Exception as e:  # noqa: BLE001
        return "(no crash screen drawn: %r)" % e


FILL = None  # the layout's fillers: every free block that is not the device's


def end_fillers():
    """Let go of the fillers: the run's end prints (a full heap may have no room for it)."""
    global FILL
    FILL = None
    gc.collect()


def finish(text, status):
    """Print `text` and the run's figures, then exit with `status` (SystemExit: code.py's
    handler catches only Exception)."""
    _twin.on_idle_keys = None
    _twin.finish = None
    end_fillers()
    d = DRIVER
    m = METER
    if text:
        print(text)
    if STAGES:
        print("stage at the table (peak): live=%d" % m.in_game)
        print("stage after a game (title): live=%d" % d.after_game)
        print(
            "peak at: sample %d, press %d, game %d, %s"
            % (m.at[0], m.at[1], m.at[2] + 1, MODE_NAMES[m.at[3]] if m.at[3] >= 0 else "-")
        )
    largest = _twin.largest_what
    if _twin.largest_w:
        largest += (
            " %dx%d" % (_twin.largest_w, _twin.largest_h) if _twin.largest_h else "(%d)" % _twin.largest_w
        )
    n = min(d.games, d.target)
    print(
        "erases=%d game_erases=%s human_turns=%s presses=%d refreshes=%d samples=%d largest=%s"
        " saves_put_off=%d fallbacks=%d"
        % (
            _twin.erases,
            ",".join(str(x) for x in d.game_erases[:n]),
            ",".join(str(x) for x in d.game_turns[:n]),
            m.presses,
            _twin.refreshes,
            m.samples,
            largest,
            m.put_off,
            m.fallbacks,
        )
    )
    print("modes=" + ",".join(MODE_NAMES[i] for i in range(9) if d.modes[i]))
    print("todo=" + ",".join(sorted(d.todo)))
    print("games=%d peak_live=%d min_free=%d largest_alloc=%d" % (d.games, m.peak, m.min_free, _twin.largest))
    raise SystemExit(status)


def code_size():
    """The heap code.py's compiled code holds (compiled again here and measured): the device's
    since the board compiles it in its heap too."""
    with open("code.py") as f:
        src = f.read()
    gc.collect()
    a = gc.mem_alloc()
    fun = compile(src, "code.py", "exec")
    gc.collect()
    n = gc.mem_alloc() - a
    del fun, src
    return n


# The collector scans the Python stack as it is (a frame's stale slots too) and the C stack
# conservatively: a block that some slot still points at stays. So the layout frees nothing
# it probed (it allocates and keeps), and what it lets go of, it lets go of in a call that
# returns.
def _fill(hold, i, size=262144):
    """Fill every free run into hold[i:], the big ones first (pieces of `size` bytes, then a
    quarter of that, ..., one block); returns the count."""
    while size >= 16:
        k = (size - 8) // 4  # a tuple of `size` bytes: the lowest free run it fits
        try:
            while True:
                hold[i] = (0,) * k
                i += 1
        except MemoryError:
            pass
        except IndexError:
            _twin.end("twin: more holes than fillers (%d)" % i, 2)
        size //= 4
    return i


def _device(hold, want):
    """hold[0]: the device's heap, one run of `want` bytes, where it first fits."""
    try:
        hold[0] = (0,) * ((want - 8) // 4)
    except MemoryError:
        _twin.end("twin: -X heapsize is too small for --heap %dK: no free run of %d bytes" % (HEAP, want), 2)


def _let_go(hold):
    hold[0] = None


def layout(want):
    """Take the device's heap (a run of `want` bytes where it first fits) into FILL[0] and
    fill every other free block; returns the fillers' count."""
    global FILL
    FILL = [None] * 1024
    _device(FILL, want)
    return _fill(FILL, 1)


def start():
    """The runner's start, once this module is imported (_twin.loaded). The device code gets
    the free heap of HEAP KB less BARE_LIVE and code.py's compiled code as one free run (the
    same whatever lies around it: the runner, the stand-ins, the holes their compiling left):
    that run is taken first, every other free block is filled, then the run is let go of
    (the fillers stay in FILL until the run's end). What a frame held while it ran (the
    failed allocations' exceptions) is filled too once its call has returned."""
    code = code_size()
    if HEAP:
        want = pool(HEAP) - BARE_LIVE - code
        n = layout(want)
        gc.collect()
        while gc.mem_free() and n < len(FILL):
            n = _fill(FILL, n, 16)  # one block at a time: the heap is full at the first failure
            gc.collect()
        _let_go(FILL)
        gc.collect()
        if gc.mem_free() != want:
            _twin.end("twin: the device heap is %d bytes, not %d (%d fillers)" % (gc.mem_free(), want, n), 2)
    METER.base = gc.mem_alloc() - code  # code.py's compiled code is the device's
    if STAGES:
        free = gc.mem_free()  # before a print leaves anything
        print("stage code.py compiled: live=%d" % live())
        if HEAP:
            print("stage device heap: free=%d of %d" % (free, pool(HEAP) - BARE_LIVE))
    _twin.on_idle_keys = DRIVER.on_idle
    _twin.finish = finish


DRIVER = Driver(_argv[2], int(_argv[3]), int(_argv[4]))
