"""Power-safe saves in the platform's 8 KB save area: two slots, the newest valid record wins.

Slot 0 is at byte 0, slot 1 at byte 4096. A record (little endian):

    0   4  magic b"STsv"
    4   1  format version (FORMAT = 1)
    5   1  reserved (0)
    6   2  payload length N
    8   4  sequence number: the valid record with the highest one wins
    12  4  CRC-32 (IEEE, as zlib.crc32) of the payload followed by bytes 4..11
    16  N  payload

Payload, format 1:

    1    settings length S (0..255), then S bytes (the UI's own layout)
    132  statistics (Stats.SIZE, layout in Stats)
    2    game length G (0: no game in progress), then G bytes (the engine's packed record)

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


FORMAT = 1
MAGIC = b"STsv"
AREA = const(8192)
SLOT = const(4096)
HEADER = const(16)
SETTINGS_MAX = const(255)
# The largest game record that always fits, whatever the settings length.
GAME_MAX = SLOT - HEADER - 1 - SETTINGS_MAX - 132 - 2

# Levels 0..2 are AI strengths; pass-and-play games do not count for streaks.
PASS_AND_PLAY = const(3)

# Messages fit one 26-character line of the 160-pixel screen.
MSG_DAMAGED = "Save damaged; fresh start"
MSG_OLD = "Old save (v%d) not loaded"
MSG_NEW = "New save (v%d) not loaded"

# CRC-32 table split into 16-bit halves: values of 2**30 and up are heap-allocated
# long ints on CircuitPython, so the arithmetic stays in small ints.
_TH = array("H", bytes(512))
_TL = array("H", bytes(512))


def _make_table():
    for i in range(256):
        h = 0
        lo = i
        for _ in range(8):
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
        x = (lo ^ buf[i]) & 0xFF
        lo = ((lo >> 8) | ((h & 0xFF) << 8)) ^ tl[x]
        h = (h >> 8) ^ th[x]
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
    """Wins and losses per game, role, mode and level; win streaks against the AI.

    Indices: game 0 = Schotten Totten, 1 = Schotten Totten 2; role 0/1 (the UI's meaning:
    first/second player, attacker/defender); mode 0 = base, 1 = tactic; level 0 easy,
    1 medium, 2 hard, 3 pass-and-play (recorded from player 1's side, no streaks).
    Layout (SIZE bytes): 32 cells of (wins u16, losses u16), cell
    ((game * 2 + role) * 2 + mode) * 4 + level; then longest streak u16, current streak u16.
    Counters stop at 65535.
    """

    SIZE = 132

    def __init__(self, data=None):
        self.data = bytearray(132)
        if data is not None:
            self.data[:] = data

    def clear(self):
        for i in range(132):
            self.data[i] = 0

    @staticmethod
    def _cell(game, role, mode, level):
        if not (0 <= game < 2 and 0 <= role < 2 and 0 <= mode < 2 and 0 <= level < 4):
            raise ValueError("stats index out of range")
        return (((game * 2 + role) * 2 + mode) * 4 + level) * 4

    def record(self, game, role, mode, level, won):
        """Count one finished game."""
        i = self._cell(game, role, mode, level) + (0 if won else 2)
        _put16(self.data, i, min(65535, _u16(self.data, i) + 1))
        if level == PASS_AND_PLAY:
            return
        cur = min(65535, self.current + 1) if won else 0
        _put16(self.data, 130, cur)
        if cur > self.longest:
            _put16(self.data, 128, cur)

    def _sum(self, off, game, role, mode, level):
        total = 0
        for cell in range(32):
            if (
                (game < 0 or cell >> 4 == game)
                and (role < 0 or (cell >> 3) & 1 == role)
                and (mode < 0 or (cell >> 2) & 1 == mode)
                and (level < 0 or cell & 3 == level)
            ):
                total += _u16(self.data, cell * 4 + off)
        return total

    def wins(self, game=-1, role=-1, mode=-1, level=-1):
        """Wins matching the given indices; -1 matches any."""
        return self._sum(0, game, role, mode, level)

    def losses(self, game=-1, role=-1, mode=-1, level=-1):
        """Losses matching the given indices; -1 matches any."""
        return self._sum(2, game, role, mode, level)

    @property
    def longest(self):
        return _u16(self.data, 128)

    @property
    def current(self):
        return _u16(self.data, 130)


def _migrate(version, data, start, n):
    """A format-1 payload for an older record, or None to refuse it.

    Format 0 was the prototype's layout and never shipped: nothing to carry over. A later
    format change adds a branch here that converts data[start:start + n].
    """
    return None


class Store:
    """Reads and writes the save area through `platform.load()` / `platform.save()`."""

    def __init__(self, platform):
        self._p = platform
        self._seq = 0  # highest sequence number seen on a record with a good CRC
        self._newest = -1  # slot holding that record, -1 if none
        self._last = None  # (crc hi, crc lo, length) of the newest payload: skip equal saves
        self._buf = None
        self._pcrc = None
        self._scanned = False

    def _check(self, data, off):
        """Sequence number of a CRC-valid record at off; -1 if the slot is blank, -2 if not."""
        n = _u16(data, off + 6)
        magic = True
        for i in range(4):
            magic = magic and data[off + i] == MAGIC[i]
        if not magic or n > SLOT - HEADER:
            for i in range(off, off + HEADER):
                if data[i] != data[off]:
                    return -2
            return -1 if data[off] in (0, 0xFF) else -2
        h, lo = _crc(data, off + HEADER, off + HEADER + n, 0xFFFF, 0xFFFF)
        ph, pl = h, lo
        h, lo = _crc(data, off + 4, off + 12, h, lo)
        if _u16(data, off + 12) != lo ^ 0xFFFF or _u16(data, off + 14) != h ^ 0xFFFF:
            return -2
        self._pcrc = (ph, pl, n)
        return _u16(data, off + 8) | (_u16(data, off + 10) << 16)

    def load(self):
        """(settings bytes, Stats, game bytes or None, message or None). A damaged save is a
        message, never an exception; only a MemoryError goes up (to the crash screen), as a
        fresh start would later write over the save it could not read."""
        try:
            return self._load()
        except MemoryError:
            raise
        except Exception:  # a bad save must never stop the game
            self._scanned = True
            return self._fresh(MSG_DAMAGED)

    def _load(self):
        data = self._p.load()
        seqs = [-1, -1]
        crcs = [None, None]
        damaged = False
        for s in (0, 1):
            self._pcrc = None
            seqs[s] = self._check(data, s * SLOT)
            crcs[s] = self._pcrc
            damaged = damaged or seqs[s] == -2
        order = (0, 1) if seqs[0] >= seqs[1] else (1, 0)
        if seqs[order[0]] >= 0:
            self._seq = seqs[order[0]]
            self._newest = order[0]
        self._scanned = True
        for s in order:
            if seqs[s] < 0:
                continue
            off = s * SLOT
            version = data[off + 4]
            n = _u16(data, off + 6)
            start = off + HEADER
            if version != FORMAT:
                payload = _migrate(version, data, start, n) if version < FORMAT else None
                if payload is None:
                    return self._fresh((MSG_OLD if version < FORMAT else MSG_NEW) % version)
                data, start, n = payload, 0, len(payload)
            got = self._parse(data, start, n)
            if got is not None:
                # Write next into the other slot, even if this one is not the newest.
                self._newest = s
                self._last = crcs[s] if version == FORMAT else None
                return got
            damaged = True
        return self._fresh(MSG_DAMAGED if damaged else None)

    def _fresh(self, message):
        self._last = None
        return b"", Stats(), None, message

    def _parse(self, data, start, n):
        end = start + n
        if n < 1 + Stats.SIZE + 2:
            return None
        s = data[start]
        i = start + 1 + s
        if i + Stats.SIZE + 2 > end:
            return None
        settings = bytes(data[start + 1 : i])
        stats = Stats(data[i : i + Stats.SIZE])
        i += Stats.SIZE
        g = _u16(data, i)
        i += 2
        if i + g != end:
            return None
        return settings, stats, (bytes(data[i:end]) if g else None), None

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
            self._load()  # find the newest slot first: never overwrite it
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
        self._last = (h, lo, n)
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
