"""One match in progress, as the screens see it: whose turn, what a press does, saves.

No displayio here: the screens call these methods and draw `session.state`. Everything the
player did goes into `rec` (the engine's record of the current round) and is saved after every
move, so a power cut loses nothing.
"""

from engine import st1
from engine.errors import IllegalMove
from engine.match import Match
from engine.record import Record, unpack
from engine.rng import Rng

OPP_EASY = 0
OPP_MEDIUM = 1
OPP_HARD = 2
OPP_PASS = 3
OPP_DEMO = 4
OPP_NAMES = ("AI Easy", "AI Medium", "AI Hard", "Pass & play", "AI demo")

GAME_VERSION = 1
ROUNDS = (1, 3, 5, 7, 9)  # the match lengths the settings offer (odd: no level match)


class Settings:
    """Menu choices, packed in 6 bytes for the save area."""

    def __init__(self, timing=st1.T2016, opponent=OPP_MEDIUM, rounds=1, auto_claims=1, sound=1, first=0):
        self.timing = timing
        self.opponent = opponent
        self.rounds = rounds
        self.auto_claims = auto_claims
        self.sound = sound
        self.first = first

    def pack(self):
        return bytes((1, self.timing, self.opponent, self.rounds, self.auto_claims, self.sound, self.first))

    @staticmethod
    def unpack(data):
        """Settings from bytes; defaults for anything missing or out of range."""
        s = Settings()
        if data and len(data) >= 7 and data[0] == 1:
            if (
                data[1] < 2
                and data[2] < 5
                and data[3] in ROUNDS
                and data[4] < 2
                and data[5] < 2
                and data[6] < 2
            ):
                s.timing, s.opponent, s.rounds, s.auto_claims, s.sound, s.first = data[1:7]
        return s


def _round_seed(seed, n):
    return (seed + n * 7919) & 0xFFFFFFFF


class Session:
    """A match: settings, scores, the current round's State and record, the AI's turns."""

    def __init__(self, settings, seed, chooser=None):
        self.settings = settings
        self.seed = seed & 0xFFFFFFFF
        self.match = Match(settings.rounds, settings.timing, settings.first)
        opp = settings.opponent
        self.humans = (
            (True, True) if opp == OPP_PASS else (False, False) if opp == OPP_DEMO else (True, False)
        )
        self.chooser = chooser
        self.undo_ok = opp < OPP_PASS
        self.fallbacks = 0  # AI decisions answered by cheap_move for want of memory
        self._new_round()

    def _new_round(self):
        seed = _round_seed(self.seed, self.match.played)
        self.state = self.match.new_round(seed)
        self.rec = Record(seed, self.settings.timing, self.state.first)
        self.marks = []  # (moves before a human turn's first decision, turn number)

    # -- whose turn and what they may do ---------------------------------------------------

    def human_to_move(self):
        return self.state.phase != st1.PH_OVER and self.humans[self.state.to_move]

    def round_over(self):
        return self.state.phase == st1.PH_OVER

    def apply(self, move):
        """Apply one move of the player to move and record it (IllegalMove: nothing changes)."""
        self.state.apply(move)
        self.rec.moves.append(move)

    def wants_claim_step(self):
        """Does a human in the claim step have anything to decide? (a complete own formation
        on an unclaimed stone: claimable, or worth trying to see why not)"""
        st = self.state
        p = st.to_move
        for s in range(st1.NSTONES):
            if not st.owner[s] and st.cnt[s * 2 + p] == st.need[s]:
                return True
        return False

    def settle(self):
        """Run the human's steps that need no decision: automatic claims, an empty claim step,
        a forced pass. Returns the moves applied (the screens animate claims)."""
        done = []
        st = self.state
        while self.human_to_move():
            if st.phase == st1.PH_CLAIM:
                if self.settings.auto_claims:
                    for s in st.claimable():
                        self.apply(st1.CLAIM + s)
                        done.append(st1.CLAIM + s)
                        if st.phase == st1.PH_OVER:
                            return done
                elif self.wants_claim_step():
                    return done
                self.apply(st1.DONE)
                done.append(st1.DONE)
            elif st.legal_moves() == [st1.PASS]:
                self.apply(st1.PASS)
                done.append(st1.PASS)
            else:
                return done
        return done

    def play(self, card, stone):
        """The human plays a card; then the automatic steps. Returns the moves applied."""
        m = st1.encode_play(card, stone)
        if m not in self.state.legal_moves():
            raise IllegalMove("cannot play there")
        self._checkpoint()
        self.apply(m)
        return [m] + self.settle()

    def try_claim(self, stone):
        """A manual claim: None if it held, else why not (counter-example cards or a reason)."""
        st = self.state
        if st.phase != st1.PH_CLAIM:
            return "Claims come %s." % ("before playing" if st.timing else "after playing")
        why = st.claim_check(stone, st.to_move)
        if why is None:
            self._checkpoint()
            self.apply(st1.CLAIM + stone)
        return why

    def end_claims(self):
        self._checkpoint()
        self.apply(st1.DONE)
        return [st1.DONE] + self.settle()

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

    def hint(self, tick=None):
        """The AI's suggestion for the human to move, from the human's view only."""
        p = self.state.to_move
        try:
            return self.chooser(self.state.view(p), Rng(len(self.rec.moves) + 99), -1, tick)
        except MemoryError:
            return -1  # no hint for want of memory (the screen says so)

    def _checkpoint(self):
        """Remember where a human turn's first decision was taken (for undo)."""
        t = self.state.turn
        if not self.undo_ok or (self.marks and self.marks[-1][1] == t):
            return
        self.marks.append((len(self.rec.moves), t))

    def can_undo(self):
        return bool(self.marks) and not self.round_over()

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
        """The match in progress as bytes: header (version, seed, rounds, scores) + record."""
        m = self.match
        head = bytes(
            (
                GAME_VERSION,
                (self.seed >> 24) & 255,
                (self.seed >> 16) & 255,
                (self.seed >> 8) & 255,
                self.seed & 255,
                m.rounds,
                m.played,
                m.scores[0],
                m.scores[1],
                m.next_first,
            )
        )
        return head + self.rec.pack()

    @staticmethod
    def unpack(data, settings, chooser=None):
        """A Session from `pack()` bytes; IllegalMove if the bytes do not replay exactly."""
        if len(data) < 10 or data[0] != GAME_VERSION:
            raise IllegalMove("not a saved game of this version")
        seed = (data[1] << 24) | (data[2] << 16) | (data[3] << 8) | data[4]
        rec = unpack(data[10:])
        if rec.timing != settings.timing or data[5] != settings.rounds or data[6] >= data[5]:
            raise IllegalMove("the saved game does not match its settings")
        s = Session(settings, seed, chooser)
        s.match.played = data[6]
        s.match.scores = [data[7], data[8]]
        s.match.next_first = data[9]
        if rec.seed != _round_seed(seed, data[6]) or rec.first != data[9]:
            raise IllegalMove("the saved round does not match its match")
        s.rec = rec
        s.state = rec.replay()
        return s
