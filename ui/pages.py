"""The screens around the table: title, settings, pause, text pages (help, statistics,
confirmations), card tracker.

One group serves them all, one page at a time: the table-coloured background, a 26 x 9
text area (rows 12 px apart from y = 4), a light-grey note line at the bottom (y = 112) and
the tracker's card grid. The menus and notes are
models that write into the text area only while their page is on screen; `show(page)` draws
a page whole. Pages hold no game logic.
"""

import displayio

from ui import gfx
from ui.gfx import CENTER, GOLD, WHITE, Line
from ui.session import ROUNDS  # noqa: F401 - the menu's values
from ui.widgets import Menu

PG_TITLE, PG_SETTINGS, PG_PAUSE, PG_TEXT, PG_TRACKER = range(5)
ROWS = 9

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
    # The Game row (S_CLEAR + 1): game and variant (1 + row // 2, row & 1). For the second
    # game ui.title puts its rows in place of these (ui.st2.menus.SETTINGS_ITEMS).
    ("Game", ("Schotten Totten", "ST with tactics", "Schotten Totten 2", "ST2 with tactics")),
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


class Pages:
    """The one group of every non-table page; `show(page)` puts a page on screen."""

    def __init__(self):
        self.group = displayio.Group()
        self.group.append(gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE]).grid)
        a = self.area = gfx.TextGrid(2, 4, 26, ROWS)
        self.group.append(a.grid)
        n = self.note = gfx.TextGrid(2, 112, 26, 1, light=True)
        self.group.append(n.grid)
        # Card tracker: every clan card, blank once seen; a 7th row for the tactic variant's
        # cards (one tile a kind: the sheet's TACTICS row), blank in the base game.
        self.grid = gfx.Cards(gfx.SMALL, 9, 7, 3, 20)
        self.grid.grid.hidden = True
        self.group.append(self.grid.grid)
        self.title_menu = Menu(TITLE_ITEMS, a, 3)
        self.settings_menu = Menu(SETTINGS_ITEMS, a, 1)
        self.pause_menu = Menu(PAUSE_ITEMS, a, 2)
        self.title_note = Line(n, 0, WHITE, CENTER, live=False)
        self.settings_note = Line(n, 0, WHITE, CENTER, live=False)
        self.pause_note = Line(n, 0, WHITE, CENTER, live=False)
        self.tracker_note = Line(n, 0, WHITE, CENTER, live=False)
        self.text_lines = ()
        self.footer = ""
        self.head = ("SCHOTTEN TOTTEN", "")  # the title page's name, and a line for the ruleset
        self.page = -1
        self.group.hidden = True

    def show(self, page):
        """Draw page `page` (PG_*) on screen; -1 hides the pages (the table shows)."""
        for m in (self.title_menu, self.settings_menu, self.pause_menu):
            m.live = False
        for n in (self.title_note, self.settings_note, self.pause_note, self.tracker_note):
            n.live = False
        self.page = page
        if page < 0:
            self.group.hidden = True
            return
        a = self.area
        a.clear()
        self.note.clear()
        self.grid.grid.hidden = page != PG_TRACKER
        if page == PG_TITLE:
            a.line(0, self.head[0], GOLD, CENTER)
            a.line(1, "Reiner Knizia", WHITE, CENTER)
            if self.head[1]:
                a.line(2, self.head[1], gfx.GREY, CENTER)
            self.title_menu.draw()
            self.title_note.draw()
        elif page == PG_SETTINGS:
            a.line(0, "SETTINGS", GOLD, CENTER)
            self.settings_menu.draw()
            self.settings_note.draw()
        elif page == PG_PAUSE:
            a.line(0, "PAUSED", GOLD, CENTER)
            self.pause_menu.draw()
            self.pause_note.draw()
        elif page == PG_TRACKER:
            a.line(0, "UNSEEN CARDS", GOLD, CENTER)
            self.tracker_note.draw()
        else:
            lines = self.text_lines
            for i in range(min(len(lines), ROWS)):
                a.line(i, lines[i], GOLD if i == 0 else WHITE, CENTER)
            self.note.line(0, self.footer, WHITE, CENTER)
        self.group.hidden = False

    def show_text(self, lines, footer="B: back"):
        """Fill the text page: first line highlighted, one line per row, the footer (what
        the keys do) in grey at the bottom. Drawn now if the text page is on screen."""
        self.text_lines = lines
        self.footer = footer
        if self.page == PG_TEXT:
            self.show(PG_TEXT)
