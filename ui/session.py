"""One match in progress, as the screens see it: whose turn, what a press does, saves.

No displayio here: the screens call these methods and draw `session.state`. Everything the
player did goes into `rec` (the engine's record of the current round). Moves are read only
through the game object (`self.g`, docs/ENGINE.md): nothing here knows how a game numbers them.

Settings and the saved game each start with their own format version; older versions are
migrated, anything else is refused with a clear message (docs/DEVICE.md, The save).
"""

from engine.errors import IllegalMove
from engine.record import Record
from engine.rng import Rng

OPP_EASY = 0
OPP_MEDIUM = 1
OPP_HARD = 2
OPP_PASS = 3
OPP_DEMO = 4

GAME_VERSION = 2  # Session.pack's format (1: before the game, variant, role and match kind)
SETTINGS_VERSION = 2  # Settings.pack's format (1: before the same four fields)
ROUNDS = (1, 3, 5, 7, 9)  # the match lengths the settings offer (odd: no level match)
CLAIM_STEP = 1  # the claim (declare) step's phase, numbered alike in every game

# The title's note when a saved game cannot be resumed (one 26-character line).
MSG_NEWER = "Saved game: newer version"
MSG_REFUSED = "Saved game not resumed"


class Settings:
    """Menu choices, packed in 11 bytes for the save area: the version, then timing,
    opponent, rounds, auto claims, sound, first player (format 1 stopped there), then the game
    (1, 2: engine.games), the variant (0 base), the role and the match kind (the second game:
    0 Attacker / 1 Defender, 0 single / 1 revenge; 0 in the first game)."""

    def __init__(self, timing=0, opponent=OPP_MEDIUM, rounds=1, auto_claims=1, sound=1, first=0):
        self.timing = timing  # 0 the 2016 rules, 1 the 1999 / Expert timing (engine.st1)
        self.opponent = opponent
        self.rounds = rounds
        self.auto_claims = auto_claims
        self.sound = sound
        self.first = first
        self.game = 1
        self.variant = 0
        self.role = 0
        self.kind = 0

    def pack(self):
        return bytes(
            (
                SETTINGS_VERSION,
                self.timing,
                self.opponent,
                self.rounds,
                self.auto_claims,
                self.sound,
                self.first,
                self.game,
                self.variant,
                self.role,
                self.kind,
            )
        )

    @staticmethod
    def unpack(data):
        """Settings from bytes (ui.resume.settings, loaded at start only)."""
        from ui.resume import settings

        return settings(data)


def to_try(g, st):
    """True if the player to move may try to claim (declare) some target now: their side of
    it complete, not claimed, proven or not (the game object's can_try; issue 36 item 8). With
    manual claims the claim step waits for the player while one is left."""
    for t in range(g.NTARGETS):
        if g.can_try(st, t):
            return True
    return False


def room(moves=(), n=256):
    """A list of `moves` with room for n (a round's: the longest of 300 random rounds has 169,
    the first game's tactic variant), made when a round starts or is resumed: appending a
    move then never renews it on the board (CircuitPython keeps a list's room through
    `del l[:]`; CPython does not, and needs none). Grown mid-round, its 1 KB renewal found no free run on a fragmented heap
    (test_twin: the first game's tactic variant against Medium, seed 2, at 132K)."""
    r = [0] * (n if len(moves) < n - 32 else len(moves) + 64)
    del r[:]
    r.extend(moves)
    return r


def _round_seed(seed, n):
    return (seed + n * 7919) & 0xFFFFFFFF


class Session:
    """A match: settings, scores, the current round's State and record, the AI's turns."""

    def __init__(self, settings, seed, chooser=None):
        if settings.game != 1:
            raise IllegalMove("Session plays the first game (ui.st2.session: the second)")
        from engine.games import load  # let go of at the title (ui.app.App._drop_game)

        self.settings = settings
        self.g = load(settings.game)  # the game object: moves are read only through it
        self.seed = seed & 0xFFFFFFFF
        self.match = self.g.new_match(settings.rounds, settings.timing, settings.first, settings.variant)
        opp = settings.opponent
        self.humans = (
            (True, True) if opp == OPP_PASS else (False, False) if opp == OPP_DEMO else (True, False)
        )
        self.chooser = chooser
        self.undo_ok = opp != OPP_DEMO  # pass-and-play: the turn's own steps (can_undo's since)
        self.fallbacks = 0  # AI decisions answered by cheap_move for want of memory
        self._new_round()

    def _new_round(self):
        seed = _round_seed(self.seed, self.match.played)
        self.state = self.match.new_round(seed)
        self.rec = Record(seed, self.settings.timing, self.state.first, room(), self.settings.variant)
        self.marks = []  # (moves before a human turn's first decision, turn number)

    # -- whose turn and what they may do ---------------------------------------------------

    def human_to_move(self):
        return self.state.phase != self.g.PH_OVER and self.humans[self.state.to_move]

    def round_over(self):
        return self.state.phase == self.g.PH_OVER

    def apply(self, move):
        """Apply one move of the player to move and record it (IllegalMove: nothing changes)."""
        self.state.apply(move)
        self.rec.moves.append(move)

    def settle(self):
        """Run the human's steps that need no decision: automatic claims, a claim step with
        nothing to claim (manual claims: nothing to try, `to_try`), a forced move with no parts
        (a pass). Returns the moves applied (the screens animate claims)."""
        done = []
        st = self.state
        g = self.g
        while self.human_to_move():
            if st.phase == CLAIM_STEP:
                if self.settings.auto_claims:
                    for t in g.claimable(st):
                        m = g.encode(g.KIND_CLAIM, -1, t)
                        self.apply(m)
                        done.append(m)
                        if st.phase == g.PH_OVER:
                            return done
                elif to_try(g, st):
                    return done  # a claim to make or to try (ui.pick: the refusal says why)
                m = g.encode(g.KIND_DONE)
            else:
                moves = st.legal_moves()
                if len(moves) != 1 or g.decode(moves[0])[1:] != (-1, -1, 0):
                    return done
                m = moves[0]
            self.apply(m)
            done.append(m)
        return done

    def do(self, move):
        """A human's decision (a move the screens picked); then the automatic steps. Returns
        the moves applied; IllegalMove, with nothing changed, for a move that is not legal."""
        if move not in self.state.legal_moves():
            raise IllegalMove("not a legal move now")
        self._checkpoint()
        self.apply(move)
        return [move] + self.settle()

    def ai_step(self, tick=None):
        """One move of the AI to move (a play, a claim or DONE). Returns it. A MemoryError
        anywhere in the AI's decision (the view, move lists, the search) falls back to a
        cheaper move: never a crash for the player."""
        p = self.state.to_move
        rng = Rng(_round_seed(self.rec.seed, len(self.rec.moves) + 1))
        try:
            m = self.chooser(self.state.view(p), rng, p, tick)
        except MemoryError:
            m = self.cheap_move(rng)
        self.apply(m)
        return m

    def cheap_move(self, rng):
        """The move of the player to move when memory ran out: the Easy AI's (after freeing
        the search buffers), else the first legal move."""
        import gc

        self.fallbacks += 1
        gc.collect()
        try:
            from engine import ai

            ai.release()
            return ai.choose(self.state.view(self.state.to_move), rng, ai.EASY)
        except MemoryError:
            gc.collect()
            return self.state.legal_moves()[0]

    def _checkpoint(self):
        """Remember where a human turn's first decision was taken (for undo)."""
        t = self.state.turn
        if not self.undo_ok or (self.marks and self.marks[-1][1] == t):
            return
        self.marks.append((len(self.rec.moves), t))

    def can_undo(self, since=0):
        """Something to undo. Pass-and-play undoes only the decisions of the player holding
        the handheld, in the turn being played (`since`: the move count at the hand-over)."""
        m = self.marks
        if not m or self.round_over() or m[-1][0] < since:
            return False
        return self.humans[0] != self.humans[1] or m[-1][1] == self.state.turn

    def undo(self):
        """Back to the human's last turn start, before its first decision (AI games only).
        False if there is nothing to undo."""
        if not self.can_undo():
            return False
        n = self.marks.pop()[0]
        del self.rec.moves[n:]
        self.state = self.rec.replay()
        return True

    def finish_round(self):
        """Score the finished round. Returns True if the match is over."""
        self.match.finish_round(self.state)
        return self.match.over()

    def next_round(self):
        self._new_round()

    # -- saving -------------------------------------------------------------------------------

    def pack(self):
        """The match in progress as bytes (GAME_VERSION 2): version, game, variant, role, match
        kind, seed (4 bytes, big endian), rounds, rounds played, the two scores, who starts the
        round; then the engine's packed record of the round (engine.record)."""
        m = self.match
        tail = bytes((m.rounds, m.played, m.scores[0], m.scores[1], m.next_first))
        return self.head() + tail + self.rec.pack()

    def head(self):
        """Both games' first 9 bytes of pack(): version, game, variant, role, match kind, seed
        (4 bytes, big endian)."""
        t = self.settings
        s = self.seed
        return bytes(
            (
                GAME_VERSION,
                t.game,
                t.variant,
                t.role,
                t.kind,
                s >> 24 & 255,
                s >> 16 & 255,
                s >> 8 & 255,
                s & 255,
            )
        )

    @staticmethod
    def unpack(data, settings, chooser=None):
        """A Session from pack() bytes (ui.resume.session, loaded at start only)."""
        from ui.resume import session

        return session(data, settings, chooser)
