"""The title, settings and confirmation screens' keys and what they do (ui/menus.py loads this
module only when one of them shows: it is not in RAM during a game). Each function takes the
App as `self`.
"""

from ui import pages as P
from ui.menus import help_
from ui.platform import K_A, K_B, K_START
from ui.play import CONFIRM, SETTINGS, TEXT, TITLE
from ui.session import OPP_PASS, PLAYABLE, Session, Settings
from ui.widgets import BACK, CHANGED, MOVED, START

AI_READY = ((1, 0), (1, 1), (2, 0))  # (game, variant) an AI plays (engine.ai.choose)
GAME_NAMES = ("", "SCHOTTEN TOTTEN", "SCHOTTEN TOTTEN 2")
MSG_NOT_YET = "Tactic: not playable yet"
MSG_NO_AI = "No AI yet: pass&play only"


def ruleset_note(s):
    """Why settings `s` cannot start a game on these screens (None: they can): a ruleset
    whose screens are not there yet (ui.session.PLAYABLE), or one without an AI while the
    opponent is one (the second game's tactic variant: pass-and-play only)."""
    if (s.game, s.variant) not in PLAYABLE:
        return MSG_NOT_YET
    if (s.game, s.variant) not in AI_READY and s.opponent != OPP_PASS:
        return MSG_NO_AI
    return None


def new_session(self):
    """A new match of the settings' game (the second game's: ui.session2)."""
    s = self.settings
    if s.game == 2:
        from ui.session2 import Session2

        return Session2(s, self.seed, self.chooser_for(s))
    return Session(s, self.seed, self.chooser_for(s))


def head(s):
    """The title page's name and its line under the author: the ruleset when it is not the
    first game's base game (whose title page is as it always was)."""
    if s.game == 1:
        return (GAME_NAMES[1], "Tactic variant" if s.variant else "")
    who = "You attack" if s.role == 0 else "You defend"
    return (GAME_NAMES[2], "%s%s, %s" % ("Tactic, " if s.variant else "", who, ("single", "revenge")[s.kind]))


def preset(self, game, variant=None, role=None):
    """The settings' game, variant and role set (python -m sim --game ... --variant ...
    --role ...), saved; a game in progress under other settings is ended. The title shows."""
    import ui.session as S

    s = self.settings
    new = S.Settings(s.timing, s.opponent, s.rounds, s.auto_claims, s.sound, s.first)
    new.game, new.variant, new.role, new.kind = s.game, s.variant, s.role, s.kind
    if game is not None:
        new.game = game
    if variant is not None:
        new.variant = variant
    if role is not None:
        new.role = role
    if ends_game(self, new):
        self.session = None
    self.settings = new
    self.save()
    title(self, ruleset_note(new) or "A: choose")


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
    self.pages.head = head(self.settings)
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


def load_settings_menu(self, s=None):
    """The settings menu's rows from settings `s` (the saved ones by default): the first
    game's rows or the second game's (role, match kind) by the game chosen."""
    s = s or self.settings
    self.draft = s  # what the rows of the other game keep while they are not shown
    m = self.pages.settings_menu
    two = s.game == 2
    items = P.SETTINGS_ITEMS2 if two else P.SETTINGS_ITEMS
    if m.items is not items:
        m.items = items
        m.grey[P.S_FIRST] = 1 if two else 0
        if m.live:
            m.draw()
    m.set_choice(P.S_RULES, s.role if two else s.timing)
    m.set_choice(P.S_OPP, s.opponent)
    m.set_choice(P.S_ROUNDS, s.kind if two else P.ROUNDS.index(s.rounds) if s.rounds in P.ROUNDS else 0)
    m.set_choice(P.S_CLAIMS, 0 if s.auto_claims else 1)
    m.set_choice(P.S_SOUND, 0 if s.sound else 1)
    m.set_choice(P.S_FIRST, 0 if two else s.first)
    m.set_choice(P.S_GAME, (s.game - 1) * 2 + s.variant)


def read_settings_menu(self):
    """Settings from the menu's rows (the other game's fields as in the draft)."""
    m = self.pages.settings_menu
    old = getattr(self, "draft", None) or self.settings
    two = m.items is P.SETTINGS_ITEMS2  # what rows 0, 2 and 5 show now
    new = Settings(
        old.timing if two else m.choice(P.S_RULES),
        m.choice(P.S_OPP),
        old.rounds if two else P.ROUNDS[m.choice(P.S_ROUNDS)],
        1 - m.choice(P.S_CLAIMS),
        1 - m.choice(P.S_SOUND),
        old.first if two else m.choice(P.S_FIRST),
    )
    g = m.choice(P.S_GAME)
    new.game, new.variant = 1 + g // 2, g & 1
    new.role = m.choice(P.S_ROLE) if two else old.role
    new.kind = m.choice(P.S_KIND) if two else old.kind
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
        why = ruleset_note(self.settings)
        if why:
            self.pages.title_note.set(why)
            return
        self.session = new_session(self)
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
    new = read_settings_menu(self)
    why = ruleset_note(new)
    if ends_game(self, new):
        note = "This ends the current game"
    elif why and m.index in (P.S_GAME, P.S_OPP):
        note = why
    else:
        note = "A: clear...   B: back" if m.index == P.S_CLEAR else "A < >: change   B: back"
    self.pages.settings_note.set(note)


def settings_key(self, k):
    r = self.pages.settings_menu.key(k)
    if r == P.S_CLEAR:
        self.pages.show_text(P.CONFIRM_CLEAR, "A: yes, clear   B: no")
        self._show(CONFIRM)
    elif r in (CHANGED, MOVED):
        if r == CHANGED and self.pages.settings_menu.index == P.S_GAME:
            load_settings_menu(self, read_settings_menu(self))  # the chosen game's rows
        settings_note(self)
    elif r in (BACK, START):
        new = read_settings_menu(self)
        if ends_game(self, new):
            self.session = None  # the game in progress was under other rules
        elif self.session is not None:
            self.session.settings = new  # claims and sound apply at once
        self.settings = new
        self.draft = None
        self.save()
        self._title(ruleset_note(new) or "A: choose")


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
