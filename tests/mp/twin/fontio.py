"""CircuitPython's `fontio` on the twin: BuiltinFont, Glyph. get_glyph makes a new Glyph (a
namedtuple of 8 fields) on the heap at every call, as the board does; None for a character
the font lacks."""

import _twin

_twin.begin()
from collections import namedtuple  # noqa: E402

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))


class BuiltinFont:
    def __init__(self, bitmap, width, height, chars):
        self.bitmap = bitmap
        self._w = width
        self._h = height
        self._chars = chars

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        i = self._chars.find(chr(codepoint))
        if i < 0:
            return None
        return Glyph(self.bitmap, i, self._w, self._h, 0, 0, self._w, 0)


_twin.loaded()
