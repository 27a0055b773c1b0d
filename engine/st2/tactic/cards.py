"""Schotten Totten 2 tactic variant: the eleven tactic cards as ints after the 60 siege cards.

60 JOKER (the first), 61 JOKER2 (the second joker: two cards need two names in the notation),
62 SPY, 63 SHIELD: the elite troops, played at a tile like siege cards; 64 REDEPLOYMENT,
65 RECRUITMENT, 66 DESERTION, 67 TREASON, 68 EXPLOSION, 69 SUPPORT, 70 EXCHANGE: the actions,
kept on their player's side once played. Example: name(62) == "SPY", parse("SPY") == 62,
name(47) == "B11" (siege names: engine.st2.cards). Only the variant's modules import this.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


JOKER = const(60)
JOKER2 = const(61)
SPY = const(62)
SHIELD = const(63)
REDEPLOYMENT = const(64)
RECRUITMENT = const(65)
DESERTION = const(66)
TREASON = const(67)
EXPLOSION = const(68)
SUPPORT = const(69)
EXCHANGE = const(70)
FIRST = const(60)  # the first tactic card
ACTIONS = const(64)  # the first action card (elite troops are FIRST..ACTIONS - 1)
END = const(71)  # one past the last tactic card
NTACTIC = const(11)

NAMES = (
    "JOKER",
    "JOKER2",
    "SPY",
    "SHIELD",
    "REDEPLOYMENT",
    "RECRUITMENT",
    "DESERTION",
    "TREASON",
    "EXPLOSION",
    "SUPPORT",
    "EXCHANGE",
)


def name(c):
    """Any card int (siege or tactic) to its name: name(47) == "B11", name(70) == "EXCHANGE"."""
    if type(c) is int and FIRST <= c < END:
        return NAMES[c - FIRST]
    from engine.st2.cards import name as siege

    return siege(c)


def parse(text):
    """A card name (siege or tactic, any case) to its int; IllegalMove for anything else."""
    if isinstance(text, str):
        up = text.upper()
        for i in range(NTACTIC):
            if NAMES[i] == up:
                return FIRST + i
    from engine.st2.notation import parse_card

    return parse_card(text)
