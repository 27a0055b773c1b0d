"""The statistics' counting and sums (ui.store.Stats holds their 196 bytes): imported when a
round ends or the statistics page shows, not held during a game (ui.app lets go of it with
the round-end panel and the menus). `Stats` reaches these functions as its methods and
properties (Stats.__getattr__: stats.wins(...), stats.record(...), stats.longest); each takes
the Stats as `self`. The layout is Stats'.
"""

from ui.store import STATS_1, _put16, _u16

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Levels 0..2 are AI strengths; pass-and-play games do not count for streaks.
PASS_AND_PLAY = const(3)
PROPERTIES = ("longest", "current")


def clear(self):
    """Every count to 0."""
    for i in range(196):
        self.data[i] = 0


def _cell(game, role, mode, level):
    if not (0 <= game < 2 and 0 <= role < 2 and 0 <= mode < 2 and 0 <= level < 4):
        raise ValueError("stats index out of range")
    return (((game * 2 + role) * 2 + mode) * 4 + level) * 4


def record(self, game, role, mode, level, won):
    """Count one finished game."""
    i = _cell(game, role, mode, level) + (0 if won else 2)
    _put16(self.data, i, min(65535, _u16(self.data, i) + 1))
    if level == PASS_AND_PLAY:
        return
    cur = min(65535, current(self) + 1) if won else 0
    _put16(self.data, 130, cur)
    if cur > longest(self):
        _put16(self.data, 128, cur)


def record_match(self, game, mode, level, won):
    """Count one finished match of several games (see ui.store.Stats)."""
    _cell(game, 0, mode, level)  # the indices' checks
    i = STATS_1 + ((game * 2 + mode) * 4 + level) * 4 + (0 if won else 2)
    _put16(self.data, i, min(65535, _u16(self.data, i) + 1))


def matches(self, won, game=-1, mode=-1, level=-1):
    """Matches won (or lost) matching the given indices; -1 matches any."""
    return _sum(self, 0 if won else 2, game, 0, mode, level, STATS_1)


def _sum(self, off, game, role, mode, level, matches=0):
    """A sum over the game cells, or over the match cells (at `matches`: a match cell's
    index is a game cell's of role 0 without its role bit)."""
    total = 0
    for cell in range(32):
        if (
            (game < 0 or cell >> 4 == game)
            and (role < 0 or (cell >> 3) & 1 == role)
            and (mode < 0 or (cell >> 2) & 1 == mode)
            and (level < 0 or cell & 3 == level)
        ):
            i = matches + ((cell >> 4) << 3 | cell & 7) * 4 if matches else cell * 4
            total += _u16(self.data, i + off)
    return total


def wins(self, game=-1, role=-1, mode=-1, level=-1):
    """Wins matching the given indices; -1 matches any."""
    return _sum(self, 0, game, role, mode, level)


def losses(self, game=-1, role=-1, mode=-1, level=-1):
    """Losses matching the given indices; -1 matches any."""
    return _sum(self, 2, game, role, mode, level)


def longest(self):
    return _u16(self.data, 128)


def current(self):
    return _u16(self.data, 130)


def stats_lines(stats):
    """Text of the statistics page."""
    out = ["STATISTICS"]
    for level, name in ((0, "AI Easy"), (1, "AI Medium"), (2, "AI Hard")):
        out.append(
            "%s: %d won %d lost" % (name, stats.wins(0, -1, -1, level), stats.losses(0, -1, -1, level))
        )
    out.append("Pass&play: P1 %d  P2 %d" % (stats.wins(0, -1, -1, 3), stats.losses(0, -1, -1, 3)))
    # matches of several rounds against the AI (levels 0..2: all but pass-and-play's)
    won = stats.matches(True, 0) - stats.matches(True, 0, -1, 3)
    out.append("Matches: %d won %d lost" % (won, stats.matches(False, 0) - stats.matches(False, 0, -1, 3)))
    out.append("Streak now: %d" % stats.current)
    out.append("Longest streak: %d" % stats.longest)
    return out
