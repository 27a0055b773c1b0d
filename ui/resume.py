"""Reading the save at start: the store's two slots, older formats migrated, the settings and
the game in progress. `App` imports this module while it starts and lets go of it then (its
code is not in RAM during a game: docs/BENCHMARKS.md, Memory); `Store.load`,
`Settings.unpack` and `Session.unpack` call into it.

Versions (docs/DEVICE.md, The save): the store's record format (1: statistics of 132 bytes,
migrated; 0 and newer ones refused with a message), the settings' own version (1 migrated:
the first game's base game) and the saved game's (1 migrated, newer refused: MSG_NEWER).
"""

from ui.store import FORMAT, HEADER, MAGIC, MSG_DAMAGED, MSG_NEW, MSG_OLD, SLOT, STATS_1, Stats, _crc, _u16

# ui.session's names are imported where they are used: the store's own checks (tests/mp)
# read saves without the session's modules.


def load(store):
    """Store.load: (settings bytes, Stats, game bytes or None, message or None)."""
    try:
        return _load(store)
    except MemoryError:
        raise
    except Exception:  # a bad save must never stop the game
        store._scanned = True
        return _fresh(store, MSG_DAMAGED)


def _check(data, off):
    """(sequence number, payload CRC) of a CRC-valid record at off; the number is -1 if the
    slot is blank, -2 if it holds no valid record."""
    n = _u16(data, off + 6)
    magic = True
    for i in range(4):
        magic = magic and data[off + i] == MAGIC[i]
    if not magic or n > SLOT - HEADER:
        for i in range(off, off + HEADER):
            if data[i] != data[off]:
                return -2, None
        return (-1 if data[off] in (0, 0xFF) else -2), None
    h, lo = _crc(data, off + HEADER, off + HEADER + n, 0xFFFF, 0xFFFF)
    ph, pl = h, lo
    h, lo = _crc(data, off + 4, off + 12, h, lo)
    if _u16(data, off + 12) != lo ^ 0xFFFF or _u16(data, off + 14) != h ^ 0xFFFF:
        return -2, None
    return _u16(data, off + 8) | (_u16(data, off + 10) << 16), (ph, pl, n)


def _load(store):
    data = store._p.load()
    seqs = [-1, -1]
    crcs = [None, None]
    damaged = False
    for s in (0, 1):
        seqs[s], crcs[s] = _check(data, s * SLOT)
        damaged = damaged or seqs[s] == -2
    order = (0, 1) if seqs[0] >= seqs[1] else (1, 0)
    if seqs[order[0]] >= 0:
        store._seq = seqs[order[0]]
        store._newest = order[0]
    store._scanned = True
    for s in order:
        if seqs[s] < 0:
            continue
        off = s * SLOT
        version = data[off + 4]
        n = _u16(data, off + 6)
        buf, start = data, off + HEADER
        if version != FORMAT:
            buf = _migrate(version, data, start, n) if version < FORMAT else None
            if buf is None:
                return _fresh(store, (MSG_OLD if version < FORMAT else MSG_NEW) % version)
            start, n = 0, len(buf)
        got = _parse(buf, start, n)
        if got is not None:
            # Write next into the other slot, even if this one is not the newest.
            store._newest = s
            store._last = crcs[s] if version == FORMAT else None
            return got
        damaged = True
    return _fresh(store, MSG_DAMAGED if damaged else None)


def _fresh(store, message):
    store._last = None
    return b"", Stats(), None, message


def _parse(data, start, n):
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


def _migrate(version, data, start, n):
    """A payload of the current format for an older record's data[start:start + n]; None to
    refuse the version, b"" (which parses as damaged) for a payload too short for it.

    Format 1: statistics of 132 bytes, the match cells zero (the settings and the game are
    kept as they are: they carry versions of their own). Format 0 was the prototype's layout
    and never shipped: nothing to carry over.
    """
    if version != 1:
        return None
    if n < 1 or 1 + data[start] + STATS_1 + 2 > n:
        return b""
    i = start + 1 + data[start]  # the statistics begin
    out = bytearray(n + Stats.SIZE - STATS_1)
    j = i - start + STATS_1
    out[:j] = data[start : i + STATS_1]
    out[j + Stats.SIZE - STATS_1 :] = data[i + STATS_1 : start + n]
    return out


def settings(data):
    """Settings.unpack: format 2, or 1 (the first game's base game); the defaults for anything
    missing or out of range. A ruleset these screens do not play yet is kept: the title says
    so and starts no game of it (ui.title.refused)."""
    from ui.session import ROUNDS, Settings

    s = Settings()
    n = len(data) if data else 0
    v = data[0] if n else 0
    if (v == 1 and n >= 7) or (v == 2 and n >= 11):
        more = (data[7], data[8], data[9], data[10]) if v == 2 else (1, 0, 0, 0)
        if (
            data[1] < 2
            and data[2] < 5
            and data[3] in ROUNDS
            and data[4] < 2
            and data[5] < 2
            and data[6] < 2
            and 1 <= more[0] <= 2
            and more[1] < 2
            and more[2] < 2
            and more[3] < 2
        ):
            s.timing, s.opponent, s.rounds, s.auto_claims, s.sound, s.first = data[1:7]
            s.game, s.variant, s.role, s.kind = more
    return s


def session(data, settings, chooser=None):
    """Session.unpack: a Session from pack() bytes of GAME_VERSION 2, or of version 1 (the
    first game's base game: the same header without game, variant, role and kind);
    IllegalMove if the bytes are of another version (MSG_NEWER for a newer one), do not match
    the settings or do not replay exactly."""
    from engine.errors import IllegalMove
    from engine.record import unpack
    from ui.session import GAME_VERSION, MSG_NEWER, Session, _round_seed, room

    v = data[0] if data else 0
    o = 5 if v == 2 else 1  # where the seed starts
    if v > GAME_VERSION:
        raise IllegalMove(MSG_NEWER)
    if v < 1 or len(data) < o + 9:
        raise IllegalMove("not a saved game of version 1 or 2")
    what = (data[1], data[2], data[3], data[4]) if v == 2 else (1, 0, 0, 0)
    if what != (settings.game, settings.variant, settings.role, settings.kind):
        raise IllegalMove("the saved game is of another game or variant than the settings")
    if what[0] == 2:
        from ui.st2 import save

        return save.unpack(data, settings, chooser)
    seed = (data[o] << 24) | (data[o + 1] << 16) | (data[o + 2] << 8) | data[o + 3]
    rounds, played, s0, s1, first = data[o + 4 : o + 9]
    rec = unpack(data[o + 9 :])
    if (rec.game, rec.variant) != what[:2]:
        raise IllegalMove("the saved round is of another game or variant")
    if rec.timing != settings.timing or rounds != settings.rounds or played >= rounds:
        raise IllegalMove("the saved game does not match its settings")
    s = Session(settings, seed, chooser)
    s.match.played = played
    s.match.scores = [s0, s1]
    s.match.next_first = first
    if rec.seed != _round_seed(seed, played) or rec.first != first:
        raise IllegalMove("the saved round does not match its match")
    rec.moves = room(rec.moves)
    s.rec = rec
    s.state = rec.replay()
    return s


def refused(data):
    """The title's note for saved game bytes that `session` refused."""
    from ui.session import GAME_VERSION, MSG_NEWER, MSG_REFUSED

    return MSG_NEWER if data and data[0] > GAME_VERSION else MSG_REFUSED
