"""Each finished game the simulator plays, written as a text record (docs/NOTATION.md).

`Recorder(app, folder)` follows the App's session: every refresh, it notes the record of the
round being played; when that round is over (the App has moved on to the next round or to the
title, and the noted record replays to a finished game), it writes the record to
`folder/YYYYMMDD-HHMMSS-st1.txt` (`_2`, `_3`... added if the name is taken), with comment
lines naming the players and the round, and prints the path. `python -m sim replay FILE`
reads it back. Nothing under ui/ knows about this: it only reads `app.session`.
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
        self._last = None  # the record written last

    def check(self):
        """Write the noted round's record if it is over; note the current round's."""
        s = self.app.session
        rec = s.rec if s is not None else None
        if rec is self._rec:
            if rec is not None and s.round_over():
                self._write(_played(s) + 1)  # over, and not yet scored by the App
            return
        if self._rec is not None:
            self._write(_played(self._session))  # the App scored it and moved on
        self._session, self._rec = s, rec

    def _write(self, round_no):
        rec = self._rec
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
            if getattr(self._session, "games", None) is not None:  # the second game (ui.st2.session)
                from engine.st2.record import Record

                out = Record(rec.seed, rec.moves, 0, rec.variant)
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


def _played(s):
    """Games of the session's match already scored."""
    m = s.match
    return len(m.results) if getattr(s, "games", None) is not None else m.played


def header(session, round_no):
    """Comment lines for a record: when, who played which seat, which round of the match."""
    from ui.session import OPP_DEMO, OPP_PASS

    opp = session.settings.opponent
    if opp == OPP_PASS:
        seats = ("player 1", "player 2")
    elif opp == OPP_DEMO:
        seats = ("AI Hard", "AI Medium")
    else:
        seats = ("you", OPP_NAMES[opp])
    lines = [
        "# Schotten Totten, played on the simulator on %s" % time.strftime("%Y-%m-%d %H:%M"),
        "# player 1: %s, player 2: %s" % seats,
    ]
    if getattr(session, "games", None) is not None:
        lines[0] = lines[0].replace("Totten", "Totten 2")
        lines[1] = "# the Attacker: %s, the Defender: %s" % (seats if session.me == 0 else seats[::-1])
        lines.append("# game %d (match seed %d)" % (round_no, session.seed))
    elif session.match.rounds > 1:
        lines.append("# round %d of %d (match seed %d)" % (round_no, session.match.rounds, session.seed))
    return "\n".join(lines) + "\n"
