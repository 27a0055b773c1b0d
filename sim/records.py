"""Each finished game the simulator plays, written as a text record (docs/NOTATION.md).

`Recorder(app, folder)` follows the App's session: every refresh, it notes the record of the
round being played; when that round is over (the App has moved on to the next round or to the
title, and the noted record replays to a finished game), it writes the record to
`folder/YYYYMMDD-HHMMSS-st1.txt` (`-st2` for the second game; `_2`, `_3`... added if the name
is taken), with comment lines naming the players and the round, and prints the path. `python -m sim replay FILE`
reads it back. Nothing under ui/ knows about this: it only reads `app.session`.

A game of the second game's revenge match is written with the games before it (`mode
revenge`, the file's game last): the record format numbers games by their place in the match,
and player 1 of a record attacks in its odd games, so a lone second game would replay as a
first game with the roles the other way round. The header names who took which role in the
file's game, counted from the game's place in the match and the settings' role (as
ui.st2.session seats the player), never from the session's seat at writing time: by then the
App may have moved on to the next game, whose roles are swapped.
"""

import os
import time

from engine import st1
from engine.record_text import record_text

RECORDS_DIR = "games"
OPP_NAMES = ("AI Easy", "AI Medium", "AI Hard", "Pass & play", "AI demo")  # ui.session's OPP_*


class Recorder:
    """Writes the record of each game `app` finishes into `folder` (None: only notes them in
    `finished`)."""

    def __init__(self, app, folder=RECORDS_DIR, out=print):
        self.app = app
        self.folder = folder
        self.out = out
        self.written = []  # paths, in order
        self.finished = []  # (final State, path) of each game written
        self._session = None
        self._rec = None
        self._round = 0  # the noted round's number in its match (1 the first)
        self._last = None  # the record written last

    def check(self):
        """Write the noted round's record if it is over; note the current round's."""
        s = self.app.session
        rec = s.rec if s is not None else None
        if rec is self._rec:
            if rec is not None and s.round_over():
                self._write()  # over, and not yet scored by the App
            return
        if self._rec is not None:
            self._write()  # the App scored it and moved on
        self._session, self._rec = s, rec
        if s is not None:
            self._round = _round_of(s, rec)

    def _write(self):
        rec = self._rec
        round_no = self._round
        if rec is self._last:
            return
        st = rec.replay()
        if st.phase != st1.PH_OVER:
            return  # abandoned, or replaced by a new game: no record
        self._last = rec
        path = None
        if self.folder is not None:
            path = self._path()
            out = rec
            games = getattr(self._session, "games", None)
            if games is not None:  # the second game (ui.st2.session): the match up to this game
                from engine.st2.record import Record

                out = Record(None, None, self._session.match.mode, rec.variant)
                for g in games[:round_no]:
                    out.add_game(g.seed, g.moves)
            with open(path, "w", encoding="utf-8") as f:
                f.write(header(self._session, round_no) + record_text(out))
            self.written.append(path)
        self.finished.append((st, path))
        if self.out is not None and path is not None:
            self.out("game record: %s" % path)

    def _path(self):
        os.makedirs(self.folder, exist_ok=True)
        game = self._session.g.NAME if self._session is not None else "st1"
        stem = os.path.join(self.folder, time.strftime("%Y%m%d-%H%M%S") + "-" + game)
        path = stem + ".txt"
        n = 1
        while os.path.exists(path):
            n += 1
            path = "%s_%d.txt" % (stem, n)
        return path


def _round_of(s, rec):
    """The number (1 the first) of round `rec` in the session's match: its place among the
    second game's games; in the first game, the rounds scored before it (noted when it is new,
    before the App scores it)."""
    games = getattr(s, "games", None)
    if games is not None:
        for i in range(len(games)):
            if games[i] is rec:
                return i + 1
        return len(s.match.results) + 1
    return s.match.played + 1


def header(session, round_no):
    """Comment lines for a record: when, the ruleset, who played which seat (the second game:
    which role in game `round_no`), which round of the match."""
    from ui.session import OPP_DEMO, OPP_PASS

    t = session.settings
    opp = t.opponent
    st2 = getattr(session, "games", None) is not None
    if opp == OPP_PASS:
        seats = ("P1", "P2") if st2 else ("player 1", "player 2")  # the second game: as its end screen
    elif opp == OPP_DEMO:
        seats = ("AI Hard", "AI Medium")  # ui.app.default_chooser: Hard plays seat 0
    else:
        seats = ("you", OPP_NAMES[opp])
    lines = [
        "# Schotten Totten%s%s, played on the simulator on %s"
        % (" 2" if st2 else "", ", tactic variant" if t.variant else "", time.strftime("%Y-%m-%d %H:%M")),
    ]
    if st2:
        revenge = session.match.mode
        # the player (P1) takes the settings' role in game 1 and the other role in the next
        # (ui.st2.session's seat, (game + role) & 1); the demo's AIs keep their seats
        me = 0 if opp == OPP_DEMO else (round_no - 1 + t.role) & 1
        by_role = seats if me == 0 else seats[::-1]
        if revenge:
            lines.append(
                "# game %d of a revenge match (match seed %d)%s"
                % (round_no, session.seed, ": games 1 to %d below" % round_no if round_no > 1 else "")
            )
        else:
            lines.append("# a single game (match seed %d)" % session.seed)
        lines.append("# game %d: the Attacker: %s, the Defender: %s" % ((round_no,) + by_role))
        if revenge and opp != OPP_DEMO:
            first = seats if t.role == 0 else seats[::-1]  # record player 1 attacks in game 1
            lines.append("# player 1 (the Attacker in game 1): %s, player 2: %s" % first)
    else:
        lines.append("# player 1: %s, player 2: %s" % seats)
        if session.match.rounds > 1:
            lines.append("# round %d of %d (match seed %d)" % (round_no, session.match.rounds, session.seed))
    return "\n".join(lines) + "\n"
