"""Schotten Totten clan cards as small ints, and their text names.

A clan card is `colour * 9 + (strength - 1)`: colour 0..5 is R O Y G B P, strength 1..9.
So R1 = 0, R9 = 8, O1 = 9, P9 = 53. 255 (`NONE`) marks an empty slot.
Example: `parse("G7")` is 3 * 9 + 6 = 33 and `name(33)` is "G7".
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove

NCARDS = const(54)
NONE = const(255)
COLOURS = "ROYGBP"


def colour(c):
    return c // 9


def strength(c):
    return c % 9 + 1


def make(col, s):
    return col * 9 + s - 1


def name(c):
    """Card int to its name, e.g. 33 -> "G7"."""
    if c < 0 or c >= NCARDS:
        raise IllegalMove("no such card: %r" % (c,))
    return COLOURS[c // 9] + str(c % 9 + 1)


def parse(text):
    """Card name to int, e.g. "G7" -> 33; IllegalMove for anything else."""
    if not isinstance(text, str) or len(text) != 2:
        raise IllegalMove("unknown card %r" % (text,))
    col = COLOURS.find(text[0].upper())
    s = ord(text[1]) - 48
    if col < 0 or s < 1 or s > 9:
        raise IllegalMove("unknown card %r" % (text,))
    return col * 9 + s - 1


def names(cards):
    """Space-separated names of the cards in an iterable (empty slots skipped)."""
    return " ".join([name(c) for c in cards if c != NONE])
