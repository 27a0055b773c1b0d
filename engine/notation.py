"""Text notation of moves and whole positions for every game (docs/NOTATION.md), through the
game objects: engine.st1.notation and engine.st2.notation hold each game's own. Desktop tools
and tests import this; the device does not.

    move_text(299) == "G7@3"; move_text(331, "st2") == "B11@3"
    parse_position("ST1 2016 p1 play ...") is a first-game State, "ST2 ..." a second-game one
"""

from engine.games import load, of


def move_text(m, game="st1"):
    """Move int to text in a game's notation (the first game by default)."""
    return load(game).move_text(m)


def parse_move(text, game="st1"):
    """Text to move int in a game's notation; IllegalMove if malformed."""
    return load(game).parse_move(text)


def position_text(st):
    """One line describing a whole State of any game."""
    return of(st).position_text(st)


def parse_position(text):
    """Text to a State of the game its first field names (ST2 or ST2T, else the first game,
    whose parser names what is wrong)."""
    return load("st2" if text.lstrip().startswith(("ST2 ", "ST2T ")) else "st1").parse_position(text)
