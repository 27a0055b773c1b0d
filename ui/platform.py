"""The platform object: everything ui/ may ask of the device or the desktop.

code.py (PyGamer/PyBadge) and sim/platform.py (pygame window or headless) subclass
`Platform`; ui/ code talks to nothing else. This base class is a working in-memory
fake (no display, no keys, save area in RAM) and imports no hardware module.

Keys are ints in the PyBadge numbering; the PyGamer joystick folds into 4..7:

    0 B   1 A   2 START   3 SELECT   4 RIGHT   5 DOWN   6 UP   7 LEFT

Interface (attributes and methods every platform has):

- `name`: "pygamer", "pybadge" or "sim"; `width`, `height`: 160, 128
- `root`: the displayio.Group shown on the display; auto_refresh is off
- `poll()`: next key press 0..7, or -1 when there is none. Never blocks; presses
  only (no releases); a held direction key may repeat.
- `refresh()`: push the changes made under `root` to the screen
- `ticks_ms()`: milliseconds, wrapping at 2**29 like supervisor.ticks_ms; compare
  two readings with `ticks_diff(new, old)`, never with plain subtraction
- `load()`: the whole save area, SAVE_SIZE (8192) bytes, as anything that indexes to ints
  and slices to bytes: the device hands over `microcontroller.nvm` itself (no 8 KB copy in
  RAM); ui/store.py only reads it, during the load
- `save(offset, data)`: write bytes at offset into the save area (no framing: the
  slot store in ui/store.py builds on these two)
- `sound(name)`: one of SOUNDS; `last_sound` keeps the last name asked for
- `lights(rgb)`: NeoPixels to 0xRRGGBB (or an (r, g, b) tuple), None = off;
  `last_lights` keeps the last value
"""

import time

K_B = 0
K_A = 1
K_START = 2
K_SELECT = 3
K_RIGHT = 4
K_DOWN = 5
K_UP = 6
K_LEFT = 7
NO_KEY = -1
KEY_NAMES = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")

SAVE_SIZE = 8192
SOUNDS = ("move", "play", "claim", "win", "lose", "error")

TICKS_PERIOD = 1 << 29
_TICKS_MAX = TICKS_PERIOD - 1
_TICKS_HALF = TICKS_PERIOD // 2


def key_code(key):
    """A key name ("A", "left") or int to its int, e.g. "RIGHT" -> 4."""
    if isinstance(key, int):
        if 0 <= key < 8:
            return key
    else:
        up = key.upper()
        for i in range(8):
            if KEY_NAMES[i] == up:
                return i
    raise ValueError("no such key: %r" % (key,))


def ticks_diff(new, old):
    """Signed milliseconds from `old` to `new`, correct across the 2**29 wrap."""
    d = (new - old) & _TICKS_MAX
    return d - TICKS_PERIOD if d >= _TICKS_HALF else d


def ticks_add(ticks, delta):
    """`ticks` plus `delta` milliseconds, wrapped like ticks_ms()."""
    return (ticks + delta) & _TICKS_MAX


class Platform:
    """Base platform: in-memory save area, no keys, silent, no display."""

    name = "none"
    width = 160
    height = 128

    def __init__(self):
        self.root = None
        self.last_sound = None
        self.last_lights = None
        self._nvm = None

    def poll(self):
        """Next key press 0..7, or -1 when none is waiting."""
        return NO_KEY

    def refresh(self):
        """Push the changes under `root` to the screen."""

    def ticks_ms(self):
        """Milliseconds since some start, wrapping at 2**29."""
        return (time.monotonic_ns() // 1000000) & _TICKS_MAX

    def load(self):
        """The whole save area as SAVE_SIZE bytes."""
        if self._nvm is None:
            self._nvm = bytearray(SAVE_SIZE)
        return bytes(self._nvm)

    def save(self, offset, data):
        """Write `data` at `offset` into the save area."""
        check_save(offset, data)
        if self._nvm is None:
            self._nvm = bytearray(SAVE_SIZE)
        self._nvm[offset : offset + len(data)] = data

    def sound(self, name):
        """Play one of SOUNDS (the base platform is silent)."""
        self.last_sound = name

    def lights(self, rgb):
        """Set the NeoPixels to 0xRRGGBB or (r, g, b); None switches them off."""
        self.last_lights = rgb


def check_save(offset, data):
    """ValueError unless `data` fits in the save area at `offset`."""
    if offset < 0 or offset + len(data) > SAVE_SIZE:
        raise ValueError("save outside the %d-byte area" % SAVE_SIZE)
