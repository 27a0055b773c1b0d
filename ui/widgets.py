"""A menu of options drawn into rows of a gfx.TextGrid.

Menu keys: UP/DOWN move the marker (wrapping, over greyed-out rows), LEFT/RIGHT cycle the value of an
option, A cycles an option forward or activates an action item, START and B are
handed back to the screen. `Menu.key(k)` answers what happened:

    NOTHING  MOVED  CHANGED  BACK  START   or the index (>= 0) of the activated item

A row is the marker (column 0), the title (from column 1) and the value (right-aligned).
The menu is a model: it writes into its text area only while `live` (its page on screen),
and `draw()` writes it whole when the page comes back. A marker move rewrites two cells, a
value change that value's cells: no allocation on the display side.
"""

from ui.gfx import GOLD, GREY, WHITE
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP

NOTHING = -1
MOVED = -2
CHANGED = -3
BACK = -4
START = -5


class Menu:
    """Rows of (title, values): values is a tuple of strings, or None for an action."""

    def __init__(self, items, area, row0):
        self.items = items
        self.area = area
        self.row0 = row0
        self.index = 0
        self.choices = bytearray(len(items))
        self.grey = bytearray(len(items))  # greyed-out titles (an action that cannot be taken)
        self.live = False

    def key(self, k):
        """Handle one key press; returns what happened (see the module docstring)."""
        n = len(self.items)
        values = self.items[self.index][1]
        if k == K_UP or k == K_DOWN:
            i = self.index
            for _ in range(n):  # over the greyed-out rows (an action that cannot be taken)
                i = (i + (1 if k == K_DOWN else n - 1)) % n
                if not self.grey[i]:
                    break
            if i == self.index:
                return NOTHING
            self.select(i)
            return MOVED
        if k == K_LEFT or k == K_RIGHT or (k == K_A and values):
            if not values or len(values) < 2:
                return NOTHING
            step = len(values) - 1 if k == K_LEFT else 1
            self.set_choice(self.index, (self.choices[self.index] + step) % len(values))
            return CHANGED
        if k == K_A:
            return self.index
        if k == K_B:
            return BACK
        if k == K_START:
            return START
        return NOTHING

    def draw(self):
        """Write every row (the page has come on screen)."""
        self.live = True
        for i in range(len(self.items)):
            self._row(i)

    def _row(self, i):
        if not self.live:
            return
        a = self.area
        r = self.row0 + i
        a.put(0, r, ">" if i == self.index else " ", GOLD)
        title = self.items[i][0]
        a.put(1, r, title, GREY if self.grey[i] else WHITE)
        v = self.value(i) if self.items[i][1] else ""
        a.put(1 + len(title), r, "", WHITE, a.cols - 1 - len(title) - len(v))
        a.put(a.cols - len(v), r, v, GOLD)

    def select(self, i):
        """Put the marker on row i."""
        old = self.index
        self.index = i
        if self.live:
            self.area.put(0, self.row0 + old, " ", GOLD)
            self.area.put(0, self.row0 + i, ">", GOLD)

    def set_choice(self, i, j):
        """Show value j of option i."""
        self.choices[i] = j
        self._row(i)

    def set_grey(self, i, on):
        """Grey out (or restore) the title of row i."""
        if self.grey[i] != on:
            self.grey[i] = on
            self._row(i)

    def choice(self, i):
        """Index of the value chosen for option i."""
        return self.choices[i]

    def value(self, i):
        """The value (string) chosen for option i."""
        return self.items[i][1][self.choices[i]]
