"""The title, settings and confirmation screens' keys and what they do (ui/menus.py loads this
module only when one of them shows: it is not in RAM during a game). Each function takes the
App as `self`.
"""

from ui import pages as P
from ui.menus import help_
from ui.platform import K_A, K_B, K_START
from ui.play import CONFIRM, SETTINGS, TEXT, TITLE
from ui.session import Session, Settings
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
    """The title page; Continue is greyed out when there is no game to continue."""
    drop_game(self)
    self._show(TITLE)
    pg = self.pages
    pg.title_note.set(note)
    has = self.session is not None
    pg.title_menu.set_grey(P.T_CONTINUE, not has)
    if not has and pg.title_menu.index == P.T_CONTINUE:
        pg.title_menu.select(P.T_NEW)


def drop_game(self):
    """No game to continue: let go of the game object, the State's code (engine.games,
    engine.match, engine.st1/st2) and the picker (ui.pick). A new game imports them."""
    if self.session is not None:
        return  # quit to the title: Continue needs them
    self.g = self.result = self._pk = self._marks_key = None
    self._marks = self._hand = ()
    del self.opts[:]
    from ui.app import _unload

    _unload(("engine.st1", "engine.st2", "engine.games", "engine.match", "ui.pick"))


def load_settings_menu(self):
    s = self.settings
    m = self.pages.settings_menu
    m.set_choice(P.S_RULES, s.timing)
    m.set_choice(P.S_OPP, s.opponent)
    m.set_choice(P.S_ROUNDS, P.ROUNDS.index(s.rounds) if s.rounds in P.ROUNDS else 0)
    m.set_choice(P.S_CLAIMS, 0 if s.auto_claims else 1)
    m.set_choice(P.S_SOUND, 0 if s.sound else 1)
    m.set_choice(P.S_FIRST, s.first)


def read_settings_menu(self):
    m = self.pages.settings_menu
    new = Settings(
        m.choice(P.S_RULES),
        m.choice(P.S_OPP),
        P.ROUNDS[m.choice(P.S_ROUNDS)],
        1 - m.choice(P.S_CLAIMS),
        1 - m.choice(P.S_SOUND),
        m.choice(P.S_FIRST),
    )
    old = self.settings  # the menu has no row for these yet: they stay as they are
    new.game, new.variant, new.role, new.kind = old.game, old.variant, old.role, old.kind
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
        self.session = Session(self.settings, self.seed, self.chooser_for(self.settings))
        self.kept = None  # a saved game that could not be resumed is replaced now
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        for i in range(4):
            self._cursors[i] = 4 if i & 1 else 0
        self.hand_i, self.stone_i, self._seat = 0, 4, 0
        self.last_play = ""
        self.save()
        self._enter_board()
    elif r == P.T_CONTINUE:
        if self.session is None:
            self.pages.title_note.set("No game in progress")
        else:
            self._enter_board()
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
        self.pages.show_text(P.stats_lines(self.stats))
        self._show(TEXT)


def settings_note(self):
    """What the keys do on the settings row under the marker (a value changes with A, Left
    or Right), or that the settings chosen end the game in progress."""
    m = self.pages.settings_menu
    if ends_game(self, read_settings_menu(self)):
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
        settings_note(self)
    elif r in (BACK, START):
        new = read_settings_menu(self)
        if ends_game(self, new):
            self.session = None  # the game in progress was under other rules
        elif self.session is not None:
            self.session.settings = new  # claims and sound apply at once
        self.settings = new
        self.save()
        self._title()


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
