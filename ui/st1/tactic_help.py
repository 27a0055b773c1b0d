"""The first game's tactic variant's help pages, shown after ui.help's in a tactic game
(ui.menus): loaded only then, and let go of with the menus (ui.app)."""

TACTIC = (
    (
        "TACTIC VARIANT\n"
        "10 tactic cards, own deck.\n"
        "Hands of 7. After playing,\n"
        "draw from either deck.\n"
        "Never play more than one\n"
        "tactic card more than\n"
        "the other player has.\n"
        "No clan card to play:\n"
        "pass, or play a tactic."
    ),
    (
        "ELITE TROOPS\n"
        "Played like clan cards.\n"
        "JOKER: any colour and\n"
        "strength; one a side.\n"
        "SPY: a 7, any colour.\n"
        "SHIELD: a 1, 2 or 3, any\n"
        "colour. Their best values\n"
        "are chosen for you when\n"
        "the stone is claimed."
    ),
    (
        "COMBAT MODES (on a stone)\n"
        "B: Blind-Man's Bluff:\n"
        "only the sum counts.\n"
        "M: Mud Fight: formations\n"
        "of four cards a side.\n"
        "Both may be on one stone.\n"
        "Down on the table: the\n"
        "tactics played, discard."
    ),
    (
        "RUSES (then discarded)\n"
        "RECRUITER: draw 3 from the\n"
        "decks, put 2 of your hand\n"
        "under their decks.\n"
        "STRATEGIST: move a card of\n"
        "yours to another stone,\n"
        "or discard it.\n"
        "Ruses touch unclaimed\n"
        "stones only."
    ),
    (
        "RUSES (2)\n"
        "BANSHEE: discard a card of\n"
        "the other side's.\n"
        "TRAITOR: move a clan card\n"
        "of the other side's to a\n"
        "stone on your side.\n"
        "B: back one step of a ruse\n"
        "before you draw."
    ),
)
