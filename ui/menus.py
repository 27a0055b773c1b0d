"""The menu screens (title, settings, pause, help, statistics, card tracker, confirmations):
their keys and what they do. Loaded with ui.pages and ui.widgets only while a menu is on
screen: `App` imports this module when a menu is shown and lets go of them when the table
comes back (docs/BENCHMARKS.md, Memory). The title's, the settings' and the confirmation's
code is ui/title.py, imported only when one of those shows (never during a game: the pause
menu, help pages and card tracker are this module's). Each function takes the App as `self`.
"""

from ui import pages as P
from ui.platform import K_A, K_B, K_LEFT, K_RIGHT, K_START
from ui.play import BOARD, CONFIRM, PAUSE, SETTINGS, TEXT, TITLE, TRACKER
from ui.widgets import BACK, START

# The tactic variants' help pages (help_page imports them): ui.app lets go of them with the
# menus. Their names live here, not in ui.app: ui.app's names are interned at the start, when
# the heap has the least room for a new block of names (the twin's memory sweep at 40K).
LOADS = ("ui.st1.tactic_help", "ui.st2.tactic_help")

# The page (ui.pages PG_*) of each mode, by mode number (ui.play); -1: the table.
PAGES = (P.PG_TITLE, P.PG_SETTINGS, P.PG_PAUSE, P.PG_TEXT, P.PG_TRACKER, -1, -1, -1, P.PG_TEXT)


def attach(self):
    """Build the pages (one display group)."""
    self.pages = P.Pages()
    self.root.append(self.pages.group)


def _front():
    """ui.title: the title's, the settings' and the confirmation's keys (not during a game)."""
    from ui import title as t

    return t


def title(self, note="A: choose"):
    """The title page (ui.title)."""
    _front().title(self, note)


def key(self, k):
    """A key press in a menu mode."""
    m = self.mode
    if m in (TITLE, SETTINGS, CONFIRM):
        _front().key(self, k)
    elif m == PAUSE:
        pause_key(self, k)
    elif m in (TEXT, TRACKER):
        if k in (K_A, K_B, K_START):
            self._show(self.back)
            if self.back == BOARD:
                self.redraw()
        elif m == TEXT and self.help_page >= 0 and k in (K_LEFT, K_RIGHT):
            self.help_page += 1 if k == K_RIGHT else -1
            help_page(self)


def pause(self):
    s = self.session
    pg = self.pages
    m = s.match
    if s.g.NAME == "st2":
        from ui.st2 import menus

        menus.pause(self)
    else:
        pg.pause_note.set("Round %d of %d  Points %d-%d" % (m.played + 1, m.rounds, m.scores[0], m.scores[1]))
    pg.pause_menu.set_grey(P.P_UNDO, not s.can_undo(self.turn_from if s.humans[0] and s.humans[1] else 0))
    pg.pause_menu.select(0)
    self._show(PAUSE)


def help_(self, back):
    self.back = back
    self.help_page = 0
    help_page(self)
    self._show(TEXT)


def help_page(self):
    """Show help page `self.help_page` (turned round): the pages of the game being played
    (from the pause menu), else of the game the settings choose (from the title)."""
    s = self.session
    if s is not None and self.back == BOARD:
        game, variant = s.state.GAME, getattr(s.state, "VARIANT", 0)
    else:
        game, variant = self.settings.game, self.settings.variant
    if game == 2:
        from ui.st2 import menus as HELP

        HELP = HELP.HELP
        if variant:
            from ui.st2.tactic_help import TACTIC
    else:
        from ui.help import HELP

        if variant:
            from ui.st1.tactic_help import TACTIC
    if variant:
        HELP = HELP + TACTIC  # the tactic variant's pages after the base game's

    n = len(HELP)
    self.help_page %= n
    lines = HELP[self.help_page].split("\n")
    self.pages.show_text(lines, "<  page %d/%d  >  B: back" % (self.help_page + 1, n))


def pause_key(self, k):
    r = self.pages.pause_menu.key(k)
    if r in (P.P_RESUME, BACK, START):
        self._show(BOARD)
        self.redraw()
    elif r == P.P_UNDO:
        if self.session.undo():
            self.save()
            self._show(BOARD)
            self.unpick()
            self.last_play = ""
            self.last_at = -1
            self.turn_from = len(self.session.rec.moves)
            self.redraw("Undone")
        else:
            self.pages.pause_note.set("Nothing to undo")
    elif r == P.P_TRACKER:
        s = self.session
        self.back = BOARD
        if s.g.NAME == "st2":  # a text page: the 60 siege cards, the discard by colour
            from ui.st2 import menus

            menus.show_tracker(self, s.state.view(self.seat()))
            self._show(TEXT)
            return
        from ui import tracker  # the page's code: let go of with the menus (ui.app)

        tracker.show(self.pages, s.state.view(self.seat()))
        self._show(TRACKER)
    elif r == P.P_HELP:
        help_(self, BOARD)
    elif r == P.P_QUIT:
        self._title("Saved. Continue later.")
