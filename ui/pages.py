"""The screens around the table: title, settings, help, statistics, card tracker, overlay.

Each page is a displayio.Group built once; the app shows one page at a time by hiding the
others. Pages hold no game logic.
"""

import displayio

from ui import gfx
from ui.session import ROUNDS  # noqa: F401 - the menu's values
from ui.widgets import Menu

TITLE_ITEMS = (
    ("Continue", None),
    ("New game", None),
    ("Settings", None),
    ("How to play", None),
    ("Statistics", None),
)
T_CONTINUE, T_NEW, T_SETTINGS, T_HELP, T_STATS = range(5)

SETTINGS_ITEMS = (
    ("Rules", ("2016", "1999")),
    ("Opponent", ("AI Easy", "AI Medium", "AI Hard", "Pass&play", "AI demo")),
    ("Rounds", ("1", "3", "5", "7", "9")),
    ("Claims", ("Auto", "Manual")),
    ("Sound", ("On", "Off")),
    ("Starts", ("You", "Other")),
    ("Clear data", None),
)
S_RULES, S_OPP, S_ROUNDS, S_CLAIMS, S_SOUND, S_FIRST, S_CLEAR = range(7)

PAUSE_ITEMS = (
    ("Resume", None),
    ("Undo", None),
    ("Card tracker", None),
    ("How to play", None),
    ("Quit to title", None),
)
P_RESUME, P_UNDO, P_TRACKER, P_HELP, P_QUIT = range(5)

CONFIRM_CLEAR = (
    "CLEAR ALL DATA?",
    "",
    "Statistics and the game",
    "in progress are deleted.",
    "Settings stay.",
)
GREY = 0x8C8C8C

HELP = (
    (
        "SCHOTTEN TOTTEN",
        "Win 5 of the 9 stones,",
        "or 3 side by side.",
        "Each turn: play one card",
        "next to a stone, on your",
        "side; 3 cards a side.",
        "Then draw a card.",
    ),
    (
        "FORMATIONS (best first)",
        "Colour-run: R4 R5 R6",
        "Three of a kind: 7 7 7",
        "Colour: G2 G5 G9",
        "Run: R3 B4 Y5",
        "Sum: any three cards",
        "Tie: higher total, then",
        "who completed first.",
    ),
    (
        "CLAIMS",
        "2016: after you play.",
        "1999: before you play.",
        "Claim a stone when your",
        "3 cards beat anything",
        "the other side could",
        "still make from unseen",
        "cards (hands count too).",
    ),
    (
        "THE TABLE",
        "Top: their cards. Middle:",
        "the stones. Below: yours.",
        "Gold rim: you can claim.",
        "Arrow down: your stone,",
        "arrow up: theirs.",
        "D24: cards in the deck,",
        "0-0: points, you first.",
    ),
    (
        "KEYS",
        "Left/Right: pick a card",
        "A or Up: take it, A: play",
        "B: back   Select: hint",
        "Start: menu (undo,",
        "card tracker, help)",
        "Manual claims: A claim,",
        "B end the claim step.",
    ),
)


def _menu_page(items, title, y0):
    g = displayio.Group()
    g.append(gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE]).grid)
    head = gfx.Text(80, 2, title, 0xFFC000, gfx.CENTER)
    g.append(head.label)
    menu = Menu(items, 4, y0)
    g.append(menu.group)
    return g, menu, head


class Pages:
    """All the non-table pages, built once."""

    def __init__(self):
        self.title, self.title_menu, _ = _menu_page(TITLE_ITEMS, "SCHOTTEN TOTTEN", 40)
        sub = gfx.Text(80, 16, "Reiner Knizia", 0xC8C8C8, gfx.CENTER)
        self.title.append(sub.label)
        self.title_note = gfx.Text(80, 110, "", 0xC8C8C8, gfx.CENTER)
        self.title.append(self.title_note.label)
        self.settings, self.settings_menu, _ = _menu_page(SETTINGS_ITEMS, "SETTINGS", 20)
        self.settings_note = gfx.Text(80, 112, "", 0xC8C8C8, gfx.CENTER)
        self.settings.append(self.settings_note.label)
        self.pause, self.pause_menu, _ = _menu_page(PAUSE_ITEMS, "PAUSED", 24)
        self.pause_note = gfx.Text(80, 110, "", 0xC8C8C8, gfx.CENTER)
        self.pause.append(self.pause_note.label)
        # Text pages (help, statistics, messages): a pool of 9 lines.
        self.text = displayio.Group()
        self.text.append(gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE]).grid)
        self.lines = gfx.LabelPool(10)
        self.text.append(self.lines.group)
        # Card tracker: every clan card, blank once seen.
        self.tracker = displayio.Group()
        self.tracker.append(gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE]).grid)
        self.tracker_title = gfx.Text(80, 2, "UNSEEN CARDS", 0xFFC000, gfx.CENTER)
        self.tracker.append(self.tracker_title.label)
        self.grid = gfx.Cards(gfx.SMALL, 9, 6, 3, 20)
        self.tracker.append(self.grid.grid)
        self.tracker_note = gfx.Text(80, 90, "", 0xC8C8C8, gfx.CENTER)
        self.tracker.append(self.tracker_note.label)
        self.all = (self.title, self.settings, self.pause, self.text, self.tracker)
        for g in self.all:
            g.hidden = True

    def show_text(self, lines, footer="B: back", color=0xFFFFFF):
        """Fill the text page: first line highlighted, one line per 12 px, the footer (what
        the keys do) in grey at the bottom."""
        self.lines.reset()
        for i in range(len(lines)):
            self.lines.take(80, 4 + i * 12, lines[i], 0xFFC000 if i == 0 else color, gfx.CENTER)
        self.lines.take(80, 112, footer, 0xC8C8C8, gfx.CENTER)

    def show_tracker(self, view):
        """Unseen cards for the player of `view`: not on the table and not in their hand."""
        unseen = view.unseen(view.me)
        n = 0
        for c in range(54):
            self.grid.set((c // 9) * 9 + c % 9, c if unseen[c] else gfx.NONE)
            n += unseen[c]
        self.tracker_note.set("%d unseen  B: back" % n)


def stats_lines(stats):
    """Text of the statistics page."""
    out = ["STATISTICS"]
    for level, name in ((0, "AI Easy"), (1, "AI Medium"), (2, "AI Hard")):
        out.append(
            "%s: %d won %d lost" % (name, stats.wins(0, -1, -1, level), stats.losses(0, -1, -1, level))
        )
    out.append("Pass&play: P1 %d  P2 %d" % (stats.wins(0, -1, -1, 3), stats.losses(0, -1, -1, 3)))
    out.append("Streak now: %d" % stats.current)
    out.append("Longest streak: %d" % stats.longest)
    return out


def _wins(who):
    return who + (" win" if who == "You" else " wins")


def round_end_lines(st, m, names, over):
    """The end-of-round panel: round or match, who won and how, the score, what A does."""
    w = st.winner
    line1 = "%s: %s" % (
        _wins(names[w]),
        "3 in a row" if st.stones_of(w) < 5 else "%d stones" % st.stones_of(w),
    )
    score = "%s %d - %s %d" % (names[0], m.scores[0], names[1], m.scores[1])
    if m.rounds == 1:
        stones = "Stones: %s %d - %s %d" % (names[0], st.stones_of(0), names[1], st.stones_of(1))
        return ("GAME OVER", line1, stones, "A: title")
    if over:
        mw = m.winner()
        verdict = "The match is drawn" if mw < 0 else _wins(names[mw]) + " the match!"
        return ("MATCH OVER: " + score, line1, verdict, "A: title")
    return ("ROUND %d OF %d" % (m.played, m.rounds), line1, "Match: " + score, "A: next round")
