"""The menus' parts of the second game (ui.menus and ui.title call them when it is chosen or
played): its settings rows, the title's line, the pause menu's note, the card tracker of the
60 siege cards (as text: the strengths not yet seen per colour, the discard by colour) and the
rules help pages. Let go of with the menus (ui.app's _MENU_MODULES)."""

from ui import pages as P

# In place of the first game's rows (ui.pages.SETTINGS_ITEMS, same order and length): the
# role in the first game, a single game or the revenge match; nobody chooses who starts.
SETTINGS_ITEMS = (
    ("Role", ("Attacker", "Defender")),
    P.SETTINGS_ITEMS[1],
    ("Match", ("Single", "Revenge")),
    ("Declare", ("Auto", "Manual")),
    P.SETTINGS_ITEMS[4],
    ("Starts", ("Attacker",)),
    P.SETTINGS_ITEMS[6],
    P.SETTINGS_ITEMS[7],
)


def head(s):
    """The title page's name and its line for settings `s` of the second game."""
    who = "Pass & play" if s.opponent == 3 else "You attack" if s.role == 0 else "You defend"
    return (
        "SCHOTTEN TOTTEN 2",
        "%s%s, %s" % ("Tactic, " if s.variant else "", who, ("single", "revenge")[s.kind]),
    )


def pause(self):
    """The pause menu's note: the game of the match and the player's role."""
    s = self.session
    if s.settings.opponent == 3:  # pass-and-play: whose turn, not the settings' role
        r = ("Attacker", "Defender")[s.state.to_move]
        self.pages.pause_note.set(("Game %d: " % len(s.games) if s.settings.kind else "") + r + " to play")
        return
    role = "attack" if s.me == 0 else "defend"
    self.pages.pause_note.set("Game %d: you %s" % (len(s.games), role) if s.settings.kind else "You " + role)


def show_tracker(self, view):
    """The card tracker as a text page."""
    self.help_page = -1
    self.pages.show_text(tracker_lines(view))


def tracker_lines(view):
    """The second game's card tracker as text: per colour the strengths not yet seen by the
    player of `view` (not on the wall, not discarded, not in their hand; "-" once seen), then
    the discard pile counted by colour."""
    unseen = view.unseen()
    hand = view.hand_of(view.me)
    for c in hand:
        if c < 60:  # a siege card (the tactic cards' line follows)
            unseen[c] = 0
    out = ["UNSEEN CARDS"]
    n = 0
    for col in range(5):
        row = "RYGBP"[col : col + 1] + " "
        for v in range(12):
            u = unseen[col * 12 + v]
            n += u
            row += ("" if v < 10 else " ") + (str(v) if u else "-" if v < 10 else "--")
        out.append(row)
    out[0] = "UNSEEN CARDS: %d" % n
    d = view.discard()
    by = " ".join(["%s%d" % ("RYGBP"[i], sum([1 for c in d if c // 12 == i])) for i in range(5)])
    if not getattr(view, "VARIANT", 0):
        out.append("DISCARD: %d" % len(d))
        out.append(by)
        return out
    out.append("DISCARD %d: %s" % (len(d), by))
    # the tactic cards not seen: not played, not in the hand (the Jokers one name each)
    from ui.st2.tactic import SHORT

    t = [SHORT[c - 60] for c in range(60, 71) if not view.loc[c] and c not in hand]
    out.append("TACTIC %d: %s" % (len(t), " ".join(t[:5])))
    out.append(" ".join(t[5:]))
    return out


def stats_lines(stats):
    """The statistics page of the second game: per opponent, wins-losses as Attacker (A) and
    as Defender (D) over both variants (pass-and-play: P1's), the revenge matches against the
    AI, and the streaks (shared by both games)."""
    out = ["STATISTICS: ST2"]
    for level, nm in ((0, "AI Easy"), (1, "AI Medium"), (2, "AI Hard"), (3, "Pass&play")):
        out.append(
            "%s: A %d-%d  D %d-%d"
            % (
                nm,
                stats.wins(1, 0, -1, level),
                stats.losses(1, 0, -1, level),
                stats.wins(1, 1, -1, level),
                stats.losses(1, 1, -1, level),
            )
        )
    won = stats.matches(True, 1) - stats.matches(True, 1, -1, 3)
    out.append("Revenge: %d won %d lost" % (won, stats.matches(False, 1) - stats.matches(False, 1, -1, 3)))
    out.append("Streak now: %d" % stats.current)
    out.append("Longest streak: %d" % stats.longest)
    return out


# The rules help pages: 8 lines of up to 26 characters each.
HELP = (
    (
        "SCHOTTEN TOTTEN 2\n"
        "The Attacker storms the\n"
        "wall: take a damaged tile\n"
        "or damage 4 tiles to win.\n"
        "The Defender wins when\n"
        "the siege deck runs out\n"
        "or all their formations\n"
        "are complete."
    ),
    (
        "A TURN\n"
        "Attacker: may retreat\n"
        "(take back all cards from\n"
        "tiles you pick), play one\n"
        "card, declare tiles won.\n"
        "Defender: may pour one\n"
        "Oil Cauldron (3 a game),\n"
        "then play one card."
    ),
    (
        "THE WALL\n"
        "Each tile: cards it needs\n"
        "and what counts there:\n"
        "* any  + sum  = same\n"
        "c colour  r run\n"
        "v (gold): lowest sum wins\n"
        "Dark red: damaged side.\n"
        "Green: you may declare."
    ),
    (
        "FORMATIONS (best first)\n"
        "Colour-run: R4 R5 R6\n"
        "Same strength: 7 7 7\n"
        "Colour: G2 G5 G9\n"
        "Run: R3 B4 Y5\n"
        "Sum: any cards\n"
        "Tie: higher total, then\n"
        "who completed first."
    ),
    (
        "DECLARING CONTROL\n"
        "The Attacker declares a\n"
        "complete tile when no\n"
        "unseen cards could let\n"
        "the Defender beat it.\n"
        "The tile flips damaged\n"
        "and both sides' cards\n"
        "are discarded."
    ),
    (
        "CHICKEN VERSUS CHEF\n"
        "A 0 played opposite an\n"
        "11 of its colour (or the\n"
        "reverse) discards both.\n"
        "Oil Cauldron: removes the\n"
        "Attacker's card nearest\n"
        "the tile (framed gold).\n"
        "D: deck  Oil: cauldrons"
    ),
    (
        "KEYS\n"
        "Left/Right: pick a card\n"
        "A or Up: take it, A: play\n"
        "A on a tile first: oil or\n"
        "declare. Left past the\n"
        "cards: Retreat? A marks\n"
        "tiles, B retreats.\n"
        "Select: hint  Start: menu"
    ),
)
