"""CircuitPython's `terminalio` on the twin: FONT, the built-in 6x12 font (Terminus, as on
the PyGamer), its glyph sheet in flash (a read-only Bitmap: no heap). Delete this module
from the twin's path (tests/mp/twin.py --no-terminalio) to model a localized firmware
without it."""

import _twin

_twin.begin()
import displayio  # noqa: E402
import fontio  # noqa: E402

_CHARS = bytes(range(32, 127)).decode()  # chr() would intern 95 one-character qstrs
FONT = fontio.BuiltinFont(displayio.Bitmap(6 * len(_CHARS), 12, 2, True), 6, 12, _CHARS)

_twin.loaded()
