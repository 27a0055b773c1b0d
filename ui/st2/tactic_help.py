"""The second game's tactic variant's rules help pages ("Tactical Variant"): shown after the
base game's (ui.st2.menus' HELP) in a tactic game, loaded only while a help page is on
screen (ui.menus.help_page). 9 lines of up to 26 characters a page."""

TACTIC = (
    (
        "TACTICAL VARIANT\n"
        "11 tactic cards, own deck.\n"
        "Hands of 7 siege cards.\n"
        "Draw from either deck. An\n"
        "empty siege deck ends the\n"
        "game only if you draw\n"
        "from it: Defender wins.\n"
        "At most one tactic card\n"
        "more than the other side."
    ),
    (
        "ELITE TROOPS\n"
        "Played like siege cards.\n"
        "JOKER (2): any colour and\n"
        "any strength.\n"
        "SPY: a 10, any colour.\n"
        "SHIELD: a 1, 2 or 3, any\n"
        "colour. Their best values\n"
        "are chosen when control\n"
        "is declared."
    ),
    (
        "ACTIONS (kept by players)\n"
        "REDEPLOYMENT: move a card\n"
        "of yours to another tile,\n"
        "or discard it.\n"
        "RECRUITMENT: play a card\n"
        "of the discard on your\n"
        "side of a tile.\n"
        "DESERTION: discard a card\n"
        "of the other side's."
    ),
    (
        "ACTIONS (2)\n"
        "TREASON: play a card of\n"
        "the other side's on yours\n"
        "EXPLOSION: discard both\n"
        "sides of one tile.\n"
        "SUPPORT: 2 siege cards of\n"
        "the discard back into the\n"
        "siege deck, shuffled.\n"
        "EXCHANGE: each gives 3."
    ),
    (
        "ON THE HANDHELD\n"
        "D40T11: the siege and the\n"
        "tactic deck. Card tiles:\n"
        "JK SP SH, RDP RCT DES TRS\n"
        "EXP SUP XCH. Down on the\n"
        "table: tactics played,\n"
        "the rule, actions kept.\n"
        "B: back one action step.\n"
        "Exchange: 3 cards to give."
    ),
)
