"""The rules help pages (a menu's "How to play"): loaded only while one is on screen. A page is
one string, its lines split off when it is shown (one object a page, not one a line).
`TACTIC`: the tactic variant's pages, shown after HELP's in a tactic game (ui.menus)."""

HELP = (
    (
        "SCHOTTEN TOTTEN\n"
        "Win 5 of the 9 stones,\n"
        "or 3 side by side.\n"
        "Each turn: play one card\n"
        "next to a stone, on your\n"
        "side; 3 cards a side.\n"
        "Then draw a card."
    ),
    (
        "FORMATIONS (best first)\n"
        "Colour-run: R4 R5 R6\n"
        "Three of a kind: 7 7 7\n"
        "Colour: G2 G5 G9\n"
        "Run: R3 B4 Y5\n"
        "Sum: any three cards\n"
        "Tie: higher total, then\n"
        "who completed first."
    ),
    (
        "CLAIMS\n"
        "2016: after you play.\n"
        "1999: before you play.\n"
        "Claim a stone when your\n"
        "3 cards beat anything\n"
        "the other side could\n"
        "still make from unseen\n"
        "cards (hands count too)."
    ),
    (
        "THE TABLE\n"
        "Top: their cards. Middle:\n"
        "the stones. Below: yours.\n"
        "Gold rim: you can claim.\n"
        "Arrow down: your stone,\n"
        "arrow up: theirs.\n"
        "D24: cards in the deck,\n"
        "0-0: stones; gold: points"
    ),
    (
        "KEYS\n"
        "Left/Right: pick a card\n"
        "A or Up: take it, A: play\n"
        "B: back   Select: hint\n"
        "Start: menu (undo,\n"
        "card tracker, help)\n"
        "Manual claims: A claim,\n"
        "B end the claim step."
    ),
)

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
