"""Schotten Totten 2 siege cards as small ints, and the seven wall tiles.

A siege card is `colour * 12 + strength`: colour 0..4 is R Y G B P, strength 0..11.
So R0 = 0, R11 = 11, Y0 = 12, B11 = 3 * 12 + 11 = 47, P11 = 59. 255 (`NONE`) marks an empty
slot. Ids 60..71 are kept for the tactic variant's 11 tactic cards (issue 15), so every card
table is NCARDS = 72 long and the base game only ever uses the first NSIEGE = 60.
Example: `name(47)` is "B11" (and engine.st2.notation.parse_card("B11") is 47).

A wall tile has two sides, undamaged (0) and damaged (1); each side needs a number of cards
and considers some formation types (DESIGN.md's table). `need(t, side)` and `kind(t, side)`
read it for tile t = 0..6 (shown 1..7, left to right).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove

NSIEGE = const(60)
NCARDS = const(72)
NONE = const(255)
NTILES = const(7)
COLOURS = "RYGBP"

# What a tile side considers (engine.st2.prove scores by it).
K_ALL = const(0)  # every formation type
K_SUM = const(1)  # only the sum
K_SAME = const(2)  # same strength, else the sum
K_COLOUR = const(3)  # colour (a colour-run counts as a sum), else the sum
K_RUN = const(4)  # run (a colour-run counts as a sum), else the sum
K_LOW = const(5)  # the lower sum wins

# Per tile side (index tile * 2 + side): need << 4 | kind, undamaged then damaged (DESIGN.md).
WALL = bytes(
    (
        3 << 4 | K_SUM, 3 << 4 | K_RUN,  # 1
        4 << 4 | K_ALL, 2 << 4 | K_SAME,  # 2
        3 << 4 | K_ALL, 3 << 4 | K_COLOUR,  # 3
        2 << 4 | K_ALL, 4 << 4 | K_LOW,  # 4, the gate
        3 << 4 | K_ALL, 3 << 4 | K_COLOUR,  # 5
        4 << 4 | K_ALL, 2 << 4 | K_SAME,  # 6
        3 << 4 | K_LOW, 3 << 4 | K_RUN,  # 7
    )
)  # fmt: skip


def need(t, side):
    """Cards a formation needs on tile t (0..6) on that side (0 undamaged, 1 damaged)."""
    return WALL[t * 2 + side] >> 4


def kind(t, side):
    """The K_* formation rule of tile t on that side."""
    return WALL[t * 2 + side] & 15


def name(c):
    """Card int to its name, e.g. 47 -> "B11"."""
    if not isinstance(c, int) or c < 0 or c >= NSIEGE:
        raise IllegalMove("no such card: %r" % (c,))
    return COLOURS[c // 12] + str(c % 12)
