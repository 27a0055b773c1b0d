"""The device twin: the bundle's device code as shipped, on stand-in hardware, played by keys.

    micropython -X heapsize=NNK tests/mp/twin.py GAME VARIANT LEVEL GAMES SEED [options]

GAME st1 or st2, VARIANT base or tactic, LEVEL easy|medium|hard (the opponent set in the
settings menu; the ruleset in its Game row, pressed like the rest), GAMES complete games,
SEED for the player's choices (the game's own seed comes from the device clock, as on the
board). Options:
  --bundle DIR       the CIRCUITPY folder (default build/CIRCUITPY; `make bundle` makes it)
  --heap NNK         give the device code the heap of `-X heapsize=NNK` alone: the stand-ins
                     and this runner (about 90K of their own) live in the rest of a larger
                     -X heapsize (give NNK + 200K), behind one ballast block
  --stages           print the live heap at each stage (imports, App built, in game, after)
  --sweep            a crash screen with a readable text ends the run with exit status 0
  --no-terminalio    a firmware without terminalio (some localized builds)
  --pybadge          a PyBadge (no joystick: the directions are keys 4..7 of the keypad)
  --debug            print each key the driver presses
  --qstr             print micropython.qstr_info() (the interned names' pools) at the end
  --qstrs            the same, and every name interned

sys.path is tests/mp/twin (the stand-ins for CircuitPython's hardware and core modules),
then '' and lib, run from DIR as the board runs from its drive's root; code.py's main() runs DevicePlatform, ui/, engine/ and the bundled
libraries. A driver looks at the App (captured by wrapping ui.app.App.__init__) and presses
keys through the keypad's event queue and the PyGamer's joystick, as a player would: the
settings (opponent = LEVEL, manual claims, every other value looked at and put back, the
clear-data confirmation refused), the statistics page, new games; on the table a random legal
card by moving the cursor and pressing A, or the hint's move (SELECT, then A) on every
fourth turn (the tactic variants: a random legal move of any kind, a draw, a tactic card and
each step of a ruse or an action, the Exchange's cards given out of turn, picked part by part
through the picker's options, the second game's retreat only when nothing else is legal; the
second game's base game: a random card, the Defender's and the Attacker's, no cauldron or
retreat); claims (A on a provable stone, B to end the claim step); once the pause menu
with an undo, the card tracker and the help pages (turning them); A at each round end.
After the GAMES games: the opponent set to pass-and-play, a new game until its hand-over
screen, then the pause menu's "Quit to title".
Waiting for the AI is virtual time passing (the App's idle sleep, and 1 ms per clock read).

The run ends when GAMES games are complete (a BaseException raised from the keypad, which
code.py does not catch), or on code.py's crash screen (its text is printed; exit status 3,
or 0 with --sweep), or on anything else (a traceback, exit status 1). It prints, then ends
with one line:

    erases=E game_erases=G1,G2,... human_turns=T1,T2,... presses=P refreshes=R samples=S largest=WHAT saves_retried=V saves_put_off=U fallbacks=F
    modes=TITLE,SETTINGS,...      (the screens reached)
    todo=                         (what the driver meant to do and did not)
    games=N peak_live=B min_free=B largest_alloc=B

fallbacks: the AI's decisions answered by a cheaper move because memory ran out (a search
cut short inside engine.ai, or ui.session.Session.cheap_move; one decision may count in both);
a game against the full-strength AI has none. saves_retried: saves whose first try ran out of
memory (App.save then frees the search buffers and tries again); saves_put_off: saves that ran
out of memory twice (ui.app.App.save: the game goes on and the save is tried again after the AI's turn).

peak_live: the largest live heap (gc.mem_alloc() after gc.collect()) sampled at every key
press, every display refresh (the AI's thinking indicator refreshes during its search) and
before and after every AI turn, counted from the runner's baseline: taken after the stand-ins
are imported and before code.py is (the stand-ins are C on the board). min_free: the smallest
gc.mem_free() at those samples. largest_alloc: the largest single buffer the device code made
the stand-ins allocate (bitmap buffers, palettes, tile arrays, nvm reads, pixel buffers):
MicroPython has no allocation hook, so blocks the device code makes itself (its own
bytearrays, compiled code) are not in it.
"""

import gc
import sys

_here = __file__.rpartition("/")[0] or "."
_argv = [a for a in sys.argv[1:] if not a.startswith("--")]
_opts = [a for a in sys.argv[1:] if a.startswith("--")]
_bundle = "build/CIRCUITPY"
for _i in range(len(sys.argv)):
    if sys.argv[_i] == "--bundle" and _i + 1 < len(sys.argv):
        _bundle = sys.argv[_i + 1]
        _argv.remove(_bundle)
_heap = 0
for _i in range(len(sys.argv)):
    if sys.argv[_i] == "--heap" and _i + 1 < len(sys.argv):
        _heap = int(sys.argv[_i + 1].rstrip("Kk"))
        _argv.remove(sys.argv[_i + 1])
BARE_LIVE = 1664  # gc.mem_alloc() of a bare script at its start on this VM
# The board runs from its drive's root: its modules' file names are "ui/app.py" and
# "/lib/neopixel.py" (CircuitPython's sys.path is '', '/', '.frozen', '/lib'), and each one is
# a qstr that stays. Run from the bundle's folder likewise, so that the figures do not depend
# on where the bundle was built (a longer folder name interned longer names).
import os  # noqa: E402

# The stand-ins' folder as seen from the bundle's: relative when both paths are (as run_twin
# gives them, from the folder that holds both), so that no folder name is interned either
# and every folder gives the same heap layout, else absolute.
_up = _bundle.rstrip("/").split("/")
if _here.startswith("/") or _bundle.startswith("/") or ".." in _up or "." in _up:
    if not _here.startswith("/"):
        _here = os.getcwd() + "/" + _here
else:
    _here = "../" * len(_up) + _here
os.chdir(_bundle)
_paths = [_here + "/twin"]
if "--no-terminalio" not in _opts:
    _paths.append(_here + "/twin/rom")
sys.path[:] = _paths + ["", "lib"] + [p for p in sys.path if p.startswith(".frozen")]

# The stand-ins are C modules in the board's firmware: load them before the baseline.
import time  # noqa: E402, F401
import traceback  # noqa: E402, F401

import _twin  # noqa: E402
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
import supervisor  # noqa: E402

try:
    import terminalio  # noqa: F401
except ImportError:
    pass
if "--pybadge" in _opts:  # a PyBadge: no joystick, all eight keys on the shift register
    delattr(board, "JOYSTICK_X")
    delattr(board, "JOYSTICK_Y")

K_B, K_A, K_START, K_SELECT, K_RIGHT, K_DOWN, K_UP, K_LEFT = range(8)
TITLE, SETTINGS, PAUSE, TEXT, TRACKER, BOARD, HANDOVER, ROUND_END, CONFIRM = range(9)
MODE_NAMES = ("TITLE", "SETTINGS", "PAUSE", "TEXT", "TRACKER", "BOARD", "HANDOVER", "ROUND_END", "CONFIRM")
LEVELS = ("easy", "medium", "hard")
RULESETS = (("st1", "base"), ("st1", "tactic"), ("st2", "base"), ("st2", "tactic"))
GAME_ROW = 7  # the settings' Game row: (game - 1) * 2 + variant (ui.pages.SETTINGS_ITEMS)
GAME = 1  # the ruleset played (main sets them from the command line)
VARIANT = 0
PASS_AND_PLAY = 3  # the settings' opponent value
MAX_PRESSES_PER_GAME = 3000
DEBUG = "--debug" in _opts


class Done(BaseException):
    """GAMES games are complete."""


class Crashed(BaseException):
    """code.py's crash screen is showing (args: its text)."""


class Stuck(BaseException):
    """The driver pressed too many keys without finishing a game."""


class Meter:
    """Heap samples after a collection, from the baseline."""

    def __init__(self):
        gc.collect()
        self.base = gc.mem_alloc()
        self.peak = 0
        self.min_free = gc.mem_free()
        self.samples = 0
        self.peak_at = ""  # where the peak was sampled (--stages): a key press, a refresh, an AI turn
        self.where = None  # the driver's description of the moment (set by main)

    def live(self):
        gc.collect()
        return gc.mem_alloc() - self.base

    def sample(self):
        n = self.live()
        self.samples += 1
        if n > self.peak:
            self.peak = n
            if self.where is not None:
                self.peak_at = self.where()
        f = gc.mem_free()
        if f < self.min_free:
            self.min_free = f
        return n


class Driver:
    """Chooses the next key from what the App shows, as a player would."""

    def __init__(self, level, games, seed, meter):
        self.level = level
        self.target = games
        self.rng = (seed * 2654435761 + 12345) & 0x7FFFFFFF
        self.meter = meter
        self.app = None
        self.games = 0
        self.presses = 0
        self.fallbacks = 0  # AI turns answered by the cheap move for want of memory
        self.put_off = 0  # saves that failed for memory twice (ui.app.App.save), tried later
        self.retried = 0  # saves whose first try failed for memory (ui.app.App.save)
        self.saving = 0  # in App.save: its tries that failed so far
        self.store = self.session = None  # in App.save: the app's, which save and pack below
        self.game_presses = 0
        self.modes = set()
        self.todo = {"settings", "stats", "hint", "pause", "undo", "tracker", "help", "handover"}
        self.looked = set()  # settings rows whose value was changed and put back
        self.changed = -1  # the settings row changed, not yet put back
        self.confirmed = False
        self.text_turns = 0  # help pages turned in this visit
        self.plan = None  # (state key, move) of the human's turn
        self.turns = 0
        self.human_played = False
        self.release = False
        self.erases_at_start = 0
        self.game_erases = []  # nvm writes from "New game" to the end of each game
        self.turns_at_start = 0
        self.game_turns = []  # the human's turns (card plays) in each game
        self.after_game = -1

    def rand(self, n):
        self.rng = (self.rng * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.rng >> 8) % n

    # -- pressing ---------------------------------------------------------------------

    def on_idle(self, queue):
        """The keypad's queue is empty: press the next key, or let time pass."""
        if self.app is None:  # polled outside App.run: code.py's crash screen wants a key
            raise Crashed(screen_text())
        if self.release:  # a poll with the joystick centred between two deflections
            self.release = False
            return
        app = self.app
        if app is None:
            return
        self.modes.add(app.mode)
        k = self.choose(app)
        if k < 0:
            return
        self.meter.sample()
        if DEBUG:
            print(
                "key",
                k,
                MODE_NAMES[app.mode],
                getattr(app, "sel", None),
                getattr(app, "hand_i", None),
                getattr(app, "stone_i", None),
            )
        self.presses += 1
        self.game_presses += 1
        if self.game_presses > MAX_PRESSES_PER_GAME:
            raise Stuck(
                "%d presses in game %d, mode %s" % (self.game_presses, self.games + 1, MODE_NAMES[app.mode])
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
                self.game_erases.append(_twin.erases - self.erases_at_start)
                self.game_turns.append(self.turns - self.turns_at_start)
                self.games += 1
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
                self.after_game = self.meter.live()
            if self.games >= self.target:
                if "handover" not in self.todo:
                    raise Done()
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
            elif row in self.looked:
                continue
            k = self.menu_to(menu, row)
            if k is not None:
                return k
            if row in want:
                return K_RIGHT
            if self.changed == row:
                self.changed = -1
                self.looked.add(row)
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

    # In App.save the driver stands for the app's store and session (main's app_save).
    def save(self, settings, stats, game):
        try:
            return self.store.save(settings, stats, game)
        except MemoryError:
            self.saving += 1
            raise

    def pack(self):
        try:
            return self.session.pack()
        except MemoryError:
            self.saving += 1
            raise


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


def main():
    global GAME, VARIANT
    if len(_argv) < 5 or tuple(_argv[:2]) not in RULESETS or _argv[2] not in LEVELS:
        print(
            "usage: twin.py st1|st2 base|tactic easy|medium|hard GAMES SEED [--stages] [--sweep] [--bundle DIR] [--no-terminalio]"
        )
        sys.exit(2)
    GAME = 2 if _argv[0] == "st2" else 1
    VARIANT = 1 if _argv[1] == "tactic" else 0
    stages = "--stages" in _opts
    ballast = None
    if _heap:
        # The device code gets the free heap that `-X heapsize=HEAP` leaves a script: the
        # VM's pool (the heap less its allocation tables, 256/259 of it on 64 bits) less
        # what a bare script holds at its start (BARE_LIVE); the rest of this larger VM's
        # heap (the stand-ins, this runner) is held by one ballast block.
        gc.collect()
        want = _heap * 1024 * 256 // 259 - BARE_LIVE
        extra = gc.mem_free() - want
        if extra < 0:
            print("twin: -X heapsize is too small for --heap %dK: give at least %dK" % (_heap, _heap + 200))
            sys.exit(2)
        ballast = bytearray(extra - 64)  # less its own block header and rounding
    meter = Meter()
    meter.ballast = ballast
    driver = Driver(_argv[2], int(_argv[3]), int(_argv[4]), meter)
    import code

    if stages:
        print("stage code.py+ui.platform imported: live=%d" % meter.live())
        import ui.app  # noqa: F401

        print("stage ui.app imported: live=%d" % meter.live())
        print(
            "stage modules loaded: "
            + " ".join(
                sorted(
                    k
                    for k in sys.modules
                    if k.split(".")[0] in ("ui", "engine", "code", "neopixel", "device")
                )
            )
        )
    _twin.on_idle_keys = driver.on_idle
    if stages:

        def where():
            a = driver.app
            m = MODE_NAMES[a.mode] if a is not None else "-"
            return "sample %d, press %d, game %d, %s" % (meter.samples, driver.presses, driver.games + 1, m)

        meter.where = where
    _twin.on_refresh = meter.sample
    in_game = [0]

    def wrap_app():
        import ui.app as ua

        init = ua.App.__init__
        ai_turn = ua.App.ai_turn
        run = ua.App.run
        save = ua.App.save

        def app_save(self):
            # App.save's tries go through the driver, which stands for the store and the
            # session to count their MemoryErrors (public names: the bundle keeps them).
            driver.store, driver.session = self.store, self.session
            self.store = driver
            if self.session is not None:
                self.session = driver
            driver.saving = 0
            try:
                save(self)
            finally:
                self.store, self.session = driver.store, driver.session
                driver.store = driver.session = None
                if driver.saving:  # a try failed for memory (App.save frees the search, retries)
                    driver.retried += 1
            if self.unsaved:  # App.save gave up for memory: the game goes on, unsaved
                driver.put_off += 1

        def app_init(self, *args, **kw):
            init(self, *args, **kw)
            driver.app = self
            if stages:
                print("stage App built: live=%d" % meter.live())

        def app_ai_turn(self):
            meter.sample()
            # A search cut short inside the AI (engine.ai.stats[0]; the module comes and goes
            # with the match): only its counter list is held, never the module (its code
            # would stay alive past the match's end). The session's cheap moves are counted
            # by the wrapped Session.cheap_move below.
            ai = sys.modules.get("engine.ai")
            was = ai.stats if ai else None
            cut = was[0] if was else 0
            ai = None
            r = ai_turn(self)
            ai = sys.modules.get("engine.ai")
            now = ai.stats if ai else was
            ai = None
            if now is not None:
                driver.fallbacks += now[0] - (cut if now is was else 0)
            was = now = None
            n = meter.sample()
            if n > in_game[0]:
                in_game[0] = n
            return r

        def app_run(self):
            try:
                return run(self)
            finally:
                driver.app = None  # the board keeps no App after the loop: nor does the twin

        import ui.session as us

        cheap = us.Session.cheap_move

        def cheap_move(self, rng):
            driver.fallbacks += 1
            return cheap(self, rng)

        us.Session.cheap_move = cheap_move
        ua.App.__init__ = app_init
        ua.App.save = app_save
        ua.App.ai_turn = app_ai_turn
        ua.App.run = app_run

    # code.main() imports ui.app after building the platform: until then "ui.app" in
    # sys.modules is a stand-in whose main() imports the real module in its place, wraps
    # App and runs it, so the import happens where it happens on the board.
    class _Entry:
        @staticmethod
        def main(platform):
            del sys.modules["ui.app"]
            wrap_app()
            return sys.modules["ui.app"].main(platform)

    if "ui.app" not in sys.modules:
        sys.modules["ui.app"] = _Entry()
    else:
        wrap_app()
    status = 0
    try:
        code.main()
        print("code.main() returned")
        status = 1
    except Done:
        pass
    except Crashed as e:
        print("CRASH SCREEN:")
        print(e.args[0])
        status = 0 if "--sweep" in _opts else 3
    except supervisor.Reload:
        print("supervisor.reload() without a crash screen")
        status = 1
    except Stuck as e:
        print("STUCK:", e.args[0])
        status = 1
    except _twin.Hung as e:
        print("HUNG:", e.args[0])
        status = 1
    if stages:
        print("stage in game (peak after an AI turn): live=%d" % in_game[0])
        print("stage after a game (title): live=%d" % driver.after_game)
        print("peak at: " + meter.peak_at)
    games = driver.games
    print(
        "erases=%d game_erases=%s human_turns=%s presses=%d refreshes=%d samples=%d largest=%s"
        " saves_retried=%d saves_put_off=%d fallbacks=%d"
        % (
            _twin.erases,
            ",".join(str(n) for n in driver.game_erases),
            ",".join(str(n) for n in driver.game_turns),
            driver.presses,
            _twin.refreshes,
            meter.samples,
            _twin.largest_what,
            driver.retried,
            driver.put_off,
            driver.fallbacks,
        )
    )
    if "--qstr" in _opts or "--qstrs" in _opts:
        import micropython

        if "--qstrs" in _opts:
            micropython.qstr_info(1)
        else:
            micropython.qstr_info()
    print("modes=" + ",".join(MODE_NAMES[m] for m in range(9) if m in driver.modes))
    print("todo=" + ",".join(sorted(driver.todo)))
    print(
        "games=%d peak_live=%d min_free=%d largest_alloc=%d"
        % (games, meter.peak, meter.min_free, _twin.largest)
    )
    sys.exit(status)


main()
