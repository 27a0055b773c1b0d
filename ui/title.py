"""The title, settings and confirmation screens' keys and what they do (ui/menus.py loads this
module only when one of them shows: it is not in RAM during a game). Each function takes the
App as `self`.
"""

from ui import pages as P
from ui.menus import help_
from ui.platform import K_A, K_B, K_START
from ui.play import CONFIRM, SETTINGS, TEXT, TITLE
from ui.session import Settings
from ui.widgets import BACK, CHANGED, MOVED, START


def key(self, k):
    """A key press on the title, settings or confirmation page."""
    m = self.mode
    if m == TITLE:
        title_key(self, k)
    elif m == SETTINGS:
        settings_key(self, k)
    else:
        confirm_key(self, k)


def title(self, note="A: choose"):
    """The title page; Continue is greyed out when there is no game to continue (the game's
    code was let go of before this module compiled: ui.app.App._title)."""
    s = self.settings
    if s.game == 2:
        from ui.st2 import menus

        self.pages.head = menus.head(s)
    else:
        self.pages.head = ("SCHOTTEN TOTTEN", "Tactic variant" if s.variant else "")
    self._show(TITLE)
    pg = self.pages
    pg.title_note.set(note)
    has = self.session is not None
    pg.title_menu.set_grey(P.T_CONTINUE, not has)
    if not has and pg.title_menu.index == P.T_CONTINUE:
        pg.title_menu.select(P.T_NEW)


def load_settings_menu(self):
    """The menu's rows from the settings: the first game's, or the second game's (its role
    and match kind in place of the rules and rounds, ui.st2.menus.SETTINGS_ITEMS)."""
    s = self.settings
    m = self.pages.settings_menu
    two = s.game == 2
    items = P.SETTINGS_ITEMS
    if two:
        from ui.st2 import menus

        items = menus.SETTINGS_ITEMS
    if m.items is not items:
        m.items = items
        m.grey[P.S_FIRST] = two
        if m.live:
            m.draw()
    m.set_choice(P.S_RULES, s.role if two else s.timing)
    m.set_choice(P.S_OPP, s.opponent)
    m.set_choice(P.S_ROUNDS, s.kind if two else P.ROUNDS.index(s.rounds) if s.rounds in P.ROUNDS else 0)
    m.set_choice(P.S_CLAIMS, 0 if s.auto_claims else 1)
    m.set_choice(P.S_SOUND, 0 if s.sound else 1)
    m.set_choice(P.S_FIRST, 0 if two else s.first)
    m.set_choice(P.S_CLEAR + 1, (s.game - 1) * 2 + s.variant)


def read_settings_menu(self):
    """Settings from the menu's rows; the other game's fields as in the settings."""
    m = self.pages.settings_menu
    old = self.settings
    two = m.items is not P.SETTINGS_ITEMS  # the second game's rows are on
    new = Settings(
        old.timing if two else m.choice(P.S_RULES),
        m.choice(P.S_OPP),
        old.rounds if two else P.ROUNDS[m.choice(P.S_ROUNDS)],
        1 - m.choice(P.S_CLAIMS),
        1 - m.choice(P.S_SOUND),
        old.first if two else m.choice(P.S_FIRST),
    )
    g = m.choice(P.S_CLEAR + 1)
    new.game, new.variant = 1 + g // 2, g & 1
    new.role = m.choice(P.S_RULES) if two else old.role
    new.kind = m.choice(P.S_ROUNDS) if two else old.kind
    return new


def ends_game(self, new):
    """Would settings `new` end the game in progress (another game, variant, role or match
    kind, other rules, opponent or length)?"""
    s = self.session
    if s is None:
        return False
    o = s.settings
    return (o.timing, o.opponent, o.rounds, o.game, o.variant, o.role, o.kind) != (
        new.timing,
        new.opponent,
        new.rounds,
        new.game,
        new.variant,
        new.role,
        new.kind,
    )


def title_key(self, k):
    r = self.pages.title_menu.key(k)
    if r == P.T_NEW:
        self.enter = 2  # App.key starts the game once this module's frames are gone
    elif r == P.T_CONTINUE:
        if self.session is None:
            self.pages.title_note.set("No game in progress")
        else:
            self.enter = True
    elif r == P.T_SETTINGS:
        load_settings_menu(self)
        self.pages.settings_menu.select(0)
        settings_note(self)
        self._show(SETTINGS)
    elif r == P.T_HELP:
        help_(self, TITLE)
    elif r == P.T_STATS:
        self.help_page = -1
        self.back = TITLE
        if self.settings.game == 2:  # the second game's counts, by role
            from ui.st2 import menus

            self.pages.show_text(menus.stats_lines(self.stats))
        else:
            from ui.stats import stats_lines

            self.pages.show_text(stats_lines(self.stats))
        self._show(TEXT)


def settings_note(self):
    """What the keys do on the settings row under the marker (a value changes with A, Left
    or Right), or that the settings chosen end the game in progress."""
    m = self.pages.settings_menu
    new = read_settings_menu(self)
    if ends_game(self, new):
        note = "This ends the current game"
    else:
        note = "A: clear...   B: back" if m.index == P.S_CLEAR else "A < >: change   B: back"
    self.pages.settings_note.set(note)


def settings_key(self, k):
    r = self.pages.settings_menu.key(k)
    if r == P.S_CLEAR:
        self.pages.show_text(P.CONFIRM_CLEAR, "A: yes, clear   B: no")
        self._show(CONFIRM)
    elif r in (CHANGED, MOVED):
        if r == CHANGED and self.pages.settings_menu.index == P.S_CLEAR + 1:
            # another game: its rows (the choices made so far kept in the settings, which
            # leaving the menu saves as always)
            self.settings = read_settings_menu(self)
            load_settings_menu(self)
        settings_note(self)
    elif r in (BACK, START):
        new = read_settings_menu(self)
        if ends_game(self, new):
            self.session = None  # the game in progress was under other rules
        elif self.session is not None:
            self.session.settings = new  # claims and sound apply at once
        self.settings = new
        self.save()
        self._title("A: choose")


def confirm_key(self, k):
    if k == K_A:
        self.store.clear_all(self.settings.pack(), self.stats)
        self.session = None
        self.kept = None
        self.pages.settings_note.set("Statistics and game cleared")
    elif k in (K_B, K_START):
        self.pages.settings_note.set("Nothing was cleared")
    else:
        return
    self._show(SETTINGS)
