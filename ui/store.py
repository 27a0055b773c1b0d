"""Power-safe saves in the platform's 8 KB save area: two slots, the newest valid record wins.

Slot 0 is at byte 0, slot 1 at byte 4096. A record (little endian):

    0   4  magic b"STsv"
    4   1  format version (FORMAT = 2)
    5   1  reserved (0)
    6   2  payload length N
    8   4  sequence number: the valid record with the highest one wins
    12  4  CRC-32 (IEEE, as zlib.crc32) of the payload followed by bytes 4..11
    16  N  payload

Payload, format 2:

    1    settings length S (0..255), then S bytes (ui.session.Settings, with its own version)
    196  statistics (Stats.SIZE, layout in Stats)
    2    game length G (0: no game in progress), then G bytes (ui.session.Session.pack, with
         its own version, then the engine's packed record)

Format 1 had 132 bytes of statistics (no match cells): `_migrate` reads it, the settings and
the game as they are (their own versions say how to read them).

A save writes one whole record, in one `platform.save()` call, into the slot that does not
hold the newest valid record, so a write cut short at any byte leaves the other slot intact;
the CRC (which covers the sequence number) rejects the half-written one. The envelope
(bytes 0..15) never changes between formats; the version says how to read the payload.
"""

from array import array

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


FORMAT = 2
MAGIC = b"STsv"
AREA = const(8192)
SLOT = const(4096)
HEADER = const(16)
SETTINGS_MAX = const(255)
# The largest game record that always fits, whatever the settings length.
GAME_MAX = SLOT - HEADER - 1 - SETTINGS_MAX - 196 - 2
STATS_1 = const(132)  # the statistics of format 1

# Messages fit one 26-character line of the 160-pixel screen.
MSG_DAMAGED = "Save damaged; fresh start"
MSG_OLD = "Old save (v%d) not loaded"
MSG_NEW = "New save (v%d) not loaded"

# CRC-32 by nibbles: a table of 16 entries (two lookups a byte) rather than 256, which would
# hold 1 KB of RAM for good; split into 16-bit halves: values of 2**30 and up are
# heap-allocated long ints on CircuitPython, so the arithmetic stays in small ints.
_TH = array("H", bytes(32))
_TL = array("H", bytes(32))


def _make_table():
    for i in range(16):
        h = 0
        lo = i
        for _ in range(4):
            carry = lo & 1
            lo = (lo >> 1) | ((h & 1) << 15)
            h >>= 1
            if carry:
                h ^= 0xEDB8
                lo ^= 0x8320
        _TH[i] = h
        _TL[i] = lo


_make_table()


def _crc(buf, start, end, h, lo):
    """Continue a CRC-32 (as two 16-bit halves, not inverted) over buf[start:end]."""
    th = _TH
    tl = _TL
    for i in range(start, end):
        b = buf[i]
        x = (lo ^ b) & 15
        lo = ((lo >> 4) | ((h & 15) << 12)) ^ tl[x]
        h = (h >> 4) ^ th[x]
        x = (lo ^ (b >> 4)) & 15
        lo = ((lo >> 4) | ((h & 15) << 12)) ^ tl[x]
        h = (h >> 4) ^ th[x]
    return h, lo


def crc32(data):
    """CRC-32 of data, equal to zlib.crc32 (a long int on CircuitPython: for tests and tools)."""
    h, lo = _crc(data, 0, len(data), 0xFFFF, 0xFFFF)
    return ((h ^ 0xFFFF) << 16) | (lo ^ 0xFFFF)


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _put16(b, i, v):
    b[i] = v & 0xFF
    b[i + 1] = (v >> 8) & 0xFF


class Stats:
    """Wins and losses per game, role, mode and level; win streaks against the AI; matches.

    Indices: game 0 = Schotten Totten, 1 = Schotten Totten 2; role 0/1 (the UI's meaning:
    first/second player, attacker/defender); mode 0 = base, 1 = tactic (the variant); level 0
    easy, 1 medium, 2 hard, 3 pass-and-play (recorded from player 1's side, no streaks).
    Layout (SIZE bytes): 32 cells of (wins u16, losses u16), cell
    ((game * 2 + role) * 2 + mode) * 4 + level; then longest streak u16, current streak u16
    (format 1 ended there, at 132); then 16 match cells (wins u16, losses u16) at
    132 + ((game * 2 + mode) * 4 + level) * 4: matches of several games (the first game's
    matches of 3 to 9 rounds, the second game's revenge match; a single game counts in the
    game cells only; a drawn match in neither). Counters stop at 65535.
    """

    SIZE = 196
    METHODS = ("record", "record_match", "matches", "wins", "losses", "clear", "longest", "current")

    def __init__(self, data=None):
        self.data = bytearray(196)
        if data is not None:
            self.data[: len(data)] = data

    def __getattr__(self, name):
        """The counting and the sums are ui/stats.py's, imported when first asked for (a round's
        end, the statistics page): stats.wins(0), stats.record(...), stats.longest."""
        if name not in Stats.METHODS:
            raise AttributeError(name)
        from ui import stats

        f = getattr(stats, name)
        if name in stats.PROPERTIES:
            return f(self)
        return lambda *a, **k: f(self, *a, **k)


class Store:
    """Reads and writes the save area through `platform.load()` / `platform.save()`."""

    def __init__(self, platform):
        self._p = platform
        self._seq = 0  # highest sequence number seen on a record with a good CRC
        self._newest = -1  # slot holding that record, -1 if none
        self._last = None  # (crc hi, crc lo, length) of the newest payload: skip equal saves
        self._buf = None
        self._scanned = False

    def load(self):
        """(settings bytes, Stats, game bytes or None, message or None). A damaged save is a
        message, never an exception; only a MemoryError goes up (to the crash screen), as a
        fresh start would later write over the save it could not read. The reading code is
        ui/resume.py's, in RAM only while the game starts (App lets go of it)."""
        from ui.resume import load

        return load(self)

    def save(self, settings, stats, game):
        """Write settings, stats and the game in progress (bytes, or None) as a new record."""
        self._write(settings, stats, game, False)

    def clear_all(self, settings, stats):
        """Clear stats (in place) and the saved game; both slots, so no old copy comes back."""
        stats.clear()
        self._write(settings, stats, None, True)
        self._write(settings, stats, None, True)

    def _write(self, settings, stats, game, force):
        if not self._scanned:
            self.load()  # find the newest slot first: never overwrite it
        s = len(settings)
        g = len(game) if game else 0
        if s > SETTINGS_MAX:
            raise ValueError("settings too long")
        n = 1 + s + Stats.SIZE + 2 + g
        if HEADER + n > SLOT:
            raise ValueError("game record too long")
        need = HEADER + n
        buf = self._buf
        if buf is None or len(buf) < need:
            buf = self._buf = bytearray((need + 255) & ~255)
        i = HEADER
        buf[i] = s
        buf[i + 1 : i + 1 + s] = settings
        i += 1 + s
        buf[i : i + Stats.SIZE] = stats.data
        i += Stats.SIZE
        _put16(buf, i, g)
        if g:
            buf[i + 2 : i + 2 + g] = game
        h, lo = _crc(buf, HEADER, need, 0xFFFF, 0xFFFF)
        last = self._last
        if not force and last and last[0] == h and last[1] == lo and last[2] == n:
            return  # same payload as the newest record: spare the flash
        last = (h, lo, n)
        seq = self._seq + 1
        buf[0:4] = MAGIC
        buf[4] = FORMAT
        buf[5] = 0
        _put16(buf, 6, n)
        _put16(buf, 8, seq & 0xFFFF)
        _put16(buf, 10, seq >> 16)
        h, lo = _crc(buf, 4, 12, h, lo)
        _put16(buf, 12, lo ^ 0xFFFF)
        _put16(buf, 14, h ^ 0xFFFF)
        slot = 1 if self._newest == 0 else 0
        self._p.save(slot * SLOT, memoryview(buf)[:need])
        self._seq = seq
        self._newest = slot
        self._last = last  # after the write: a save that failed is never skipped as equal
