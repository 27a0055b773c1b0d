"""Reusable widgets over ui/gfx.py: a menu of options (more to come with the screens).

Menu keys: UP/DOWN move the marker (wrapping), LEFT/RIGHT cycle the value of an
option, A cycles an option forward or activates an action item, START and B are
handed back to the screen. `Menu.key(k)` answers what happened:

    NOTHING  MOVED  CHANGED  BACK  START   or the index (>= 0) of the activated item

Only the marker (6x12 px) moves on UP/DOWN, so a move redraws two small spots; a value
change redraws that one value (bitmap_label reallocates its bitmap then: once per
key press, never per frame).
"""

import displayio

from ui.gfx import RIGHT, Text
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP

NOTHING = -1
MOVED = -2
CHANGED = -3
BACK = -4
START = -5

ROW_H = 12


class Menu:
    """Rows of (title, values): values is a tuple of strings, or None for an action."""

    def __init__(self, items, x=4, y=4, width=152, color=0xFFFFFF, value_color=0xFFC000):
        self.group = displayio.Group()
        self.items = items
        self.index = 0
        self.choices = bytearray(len(items))
        self.titles = []
        self.values = []
        self.x = x
        self.y = y
        for i in range(len(items)):
            title, values = items[i]
            t = Text(x + 8, y + i * ROW_H, title, color)
            self.titles.append(t)
            self.group.append(t.label)
            v = Text(x + width, y + i * ROW_H, values[0] if values else "", value_color, RIGHT)
            self.values.append(v)
            self.group.append(v.label)
        self.marker = Text(x, y, ">", value_color)
        self.group.append(self.marker.label)

    def key(self, k):
        """Handle one key press; returns what happened (see the module docstring)."""
        n = len(self.items)
        values = self.items[self.index][1]
        if k == K_UP or k == K_DOWN:
            if n < 2:
                return NOTHING
            self.select((self.index + (1 if k == K_DOWN else n - 1)) % n)
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

    def select(self, i):
        """Put the marker on row i."""
        self.index = i
        self.marker.move(self.x, self.y + i * ROW_H)

    def set_choice(self, i, j):
        """Show value j of option i."""
        self.choices[i] = j
        self.values[i].set(self.items[i][1][j])

    def choice(self, i):
        """Index of the value chosen for option i."""
        return self.choices[i]

    def value(self, i):
        """The value (string) chosen for option i."""
        return self.items[i][1][self.choices[i]]
