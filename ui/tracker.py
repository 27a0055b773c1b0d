"""The card tracker's page (the pause menu's "Card tracker"): which cards the player has not
seen. Imported when it shows and let go of with the menus (ui.app), so that the pages' own
compile is smaller. `show` takes the Pages (ui.pages) as `self`."""

from ui import gfx


def show(self, view):
    """Unseen cards for the player of `view`: not on the table (nor discarded) and not in
    their hand. The tactic variant's row: a kind shown while a card of it is unseen (the
    two Jokers share a tile), and the note counts the unseen tactic cards."""
    unseen = view.unseen(view.me)
    n = 0
    for c in range(54):
        self.grid.set(c, c if unseen[c] else gfx.NONE)
        n += unseen[c]
    t = 0
    if view.VARIANT:
        from ui.st1.tactic import NCLAN, tile

        hand = view.hand_of(view.me)
        row = bytearray(9)
        for c in range(NCLAN, NCLAN + 10):
            if not view.public[c] and c not in hand:
                row[tile(c) - tile(NCLAN)] = 1
                t += 1
        for k in range(9):
            self.grid.set_tile(54 + k, tile(NCLAN) + k if row[k] else gfx.T_BLANK)
    else:
        for k in range(9):
            self.grid.set_tile(54 + k, gfx.T_BLANK)
    self.tracker_note.set(
        ("%d clan %d tactic  B: back" % (n, t)) if view.VARIANT else ("%d unseen  B: back" % n)
    )
