"""The second game's match in progress, as the screens see it (ui.session.Session's interface:
state, rec, g, settle, do, ai_step, hint, undo, pack): a single game or the revenge match
(engine.st2.match), the player's role, and which seat of each game's State is the player's.

In every State of the second game player 0 is the Attacker. The player (match player 0 for
the screens) takes `settings.role` in the first game (0 Attacker, 1 Defender) and the other
role in the revenge game, so the seat shown at the bottom (`me`) is (game + role) & 1.
Loaded only for the second game (ui.title's new game, ui.resume.session).
"""

from ui import session as S
from ui.session import OPP_DEMO, OPP_PASS, _round_seed, room

ROOM = (128, 256)  # a game's moves made room for (ui.session.room), per variant: the longest of
# 300 random games has 63 in the base game, 130 in the tactic variant


class Game:
    """One game of the match: its seed and moves (the screens' `rec`), replayed exactly."""

    def __init__(self, seed, variant, moves=None):
        self.seed = seed
        self.variant = variant
        self.moves = moves if moves is not None else []

    def replay(self):
        from engine.st2.game import new_state

        st = new_state({"variant": self.variant}, self.seed)
        for m in self.moves:
            st.apply(m)
        return st


class Session(S.Session):
    """A match of the second game; the methods not written here are Session's."""

    def __init__(self, settings, seed, chooser=None, games=None):
        from engine.games import load

        self.settings = settings
        self.g = load(2)
        self.seed = seed & 0xFFFFFFFF
        self.match = self.g.new_match(settings.kind, settings.variant)
        self.chooser = chooser
        self.undo_ok = settings.opponent != OPP_DEMO
        self.fallbacks = 0
        self.games = []  # Game of each game played or being played
        if games:  # a resumed match: the games before the last are finished
            for i in range(len(games)):
                self.games.append(games[i])
                st = games[i].replay()
                if i < len(games) - 1:
                    self.match.finish_game(st)
            self._seat()
            self.rec = self.games[-1]
            self.state = st
            self.marks = []
        else:
            self._new_round()

    def _seat(self):
        opp = self.settings.opponent
        self.me = (len(self.games) - 1 + self.settings.role) & 1
        if opp == OPP_PASS:
            self.humans = (True, True)
        elif opp == OPP_DEMO:
            self.humans = (False, False)
        else:
            self.humans = (self.me == 0, self.me == 1)

    def _new_round(self):
        seed = _round_seed(self.seed, len(self.games))
        if self.games:  # the finished game's moves in a list of their length
            self.rec.moves = self.rec.moves[:]
        self.rec = Game(seed, self.settings.variant, room((), ROOM[self.settings.variant]))
        self.games.append(self.rec)
        self.state = self.rec.replay()
        self.marks = []
        self._seat()

    def settle(self):
        """Session.settle for the second game: one automatic declaration at a time (a
        declaration may end the declare step, and with it the turn), DONE when none is left;
        with manual declarations the step waits for the player while a tile may be tried
        (ui.session.to_try; the engine ends the step itself once no declaration holds)."""
        done = []
        st = self.state
        g = self.g
        while self.human_to_move():
            if st.phase == g.PH_DECLARE:
                ts = g.claimable(st)
                if not self.settings.auto_claims and (ts or S.to_try(g, st)):
                    return done
                m = g.encode(g.KIND_DECLARE, -1, ts[0]) if ts else g.DONE
            else:
                moves = st.legal_moves()
                if len(moves) != 1 or g.decode(moves[0])[1:] != (-1, -1, 0):
                    return done
                m = moves[0]
            self.apply(m)
            done.append(m)
        return done

    def finish_round(self):
        """Count the finished game in the match. True if the match is over."""
        self.match.finish_game(self.state)
        return self.match.over()

    def pack(self):
        """The match as bytes for the save: Session.pack's header (version, game, variant, role,
        match kind, seed; then 5 bytes unused by this game: 0) and the match's packed record
        (engine.st2.match.pack_games, loaded with the game: a save compiles no code, whatever
        the heap's layout while the AI's code is loaded). ui.st2.save reads them back."""
        from engine.st2.match import pack_games

        t = self.settings
        games = [(gm.seed, gm.moves) for gm in self.games]
        return pack_games(t.kind, t.variant, games, self.head() + bytes(5))
