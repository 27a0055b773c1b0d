"""Game records as text for every game (docs/NOTATION.md), for the desktop tools: the device
never imports this (saves use the packed bytes of engine.record). Each game's own reader and
writer is engine.st1.recordtext or engine.st2.recordtext; a record's first line names its game.

    game_of(text) == "st2"            (the game a text record is of: "game st2" first)
    record_text(rec)                  (a Record of either game to text)
    parse_text(text), replay_text(text)  (first-game records: (Record, lines), (Record, State))
"""

from engine.games import load


def game_of(text):
    """The game a text record names in its first line ("st1" if it names none)."""
    for raw in text.split("\n"):
        words = raw.split("#", 1)[0].split()
        if words:
            if len(words) == 2 and words[0].lower() == "game" and words[1].lower() in ("st1", "st2"):
                return words[1].lower()
            return "st1"
    return "st1"


def _module(game):
    load(game)  # IllegalMove for an unknown game
    if game in (2, "st2"):
        from engine.st2 import recordtext
    else:
        from engine.st1 import recordtext
    return recordtext


def record_text(rec):
    """The record (of its game: rec.game) as text, one turn per line."""
    return _module(getattr(rec, "game", 1)).record_text(rec)


def parse_text(text):
    """A first-game text record to (Record, line number of each move)."""
    from engine.st1.recordtext import parse_text as parse

    return parse(text)


def replay_text(text):
    """Validate and replay a first-game text record: (Record, final State)."""
    from engine.st1.recordtext import replay_text as replay

    return replay(text)
