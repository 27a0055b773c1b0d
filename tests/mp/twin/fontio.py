"""CircuitPython's `fontio` on the twin: BuiltinFont, Glyph. get_glyph makes a new Glyph (a
namedtuple of 8 fields) on the heap at every call, as the board does, and nothing else: the
character's index comes from a table made with the font (chr() or a character of a str
interns a one-character qstr, which the board's C does not: on a heap full after a crash, a
new qstr pool of 1,280 bytes kept the crash screen from being drawn); None for a character
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
        self._index = bytearray(128)  # ASCII code -> 1 + the glyph's index (0: none)
        i = 0
        for c in chars.encode():  # bytes: no one-character str made
            if c < 128 and i < 255:
                self._index[c] = i + 1
            i += 1

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        i = self._index[codepoint] - 1 if 0 <= codepoint < 128 else -1
        if i < 0:
            return None
        return Glyph(self.bitmap, i, self._w, self._h, 0, 0, self._w, 0)


_twin.loaded()
