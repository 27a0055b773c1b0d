"""The games by number and name, for code that serves every game (records, tools): each is
loaded only when asked for, so the device imports only the game being played.

    from engine.games import load
    game = load("st2")          # or load(2): the module engine.st2.game (docs/ENGINE.md)
"""

from engine.errors import IllegalMove

NAMES = ("", "st1", "st2")  # index = the game's number in records


def load(game):
    """The game object (module) of a game number (1, 2) or name ("st1", "st2")."""
    if game == 1 or game == "st1":
        from engine.st1 import game as g

        return g
    if game == 2 or game == "st2":
        from engine.st2 import game as g

        return g
    raise IllegalMove("no such game: %r (st1 or st2)" % (game,))


def of(st):
    """The game object of a State or View (its class's GAME number)."""
    return load(st.GAME)
