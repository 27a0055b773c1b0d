"""The rules help pages (a menu's "How to play"): loaded only while one is on screen. A page is
one string, its lines split off when it is shown (one object a page, not one a line). The
tactic variant's pages are ui/st1/tactic_help.py's (not loaded in a base game)."""

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
