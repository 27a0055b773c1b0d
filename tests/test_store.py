"""ui/store.py (and its reading code, ui/resume.py): power cuts at every byte, bit flips, format
versions (format 1 migrated, the save of commit c0c3d8b among them), statistics, clearing."""

import random
import struct
import zlib

import pytest

from tests import save_v1
from ui.store import GAME_MAX, MSG_DAMAGED, MSG_NEW, MSG_OLD, SLOT, Stats, Store, crc32


class PowerCut(Exception):
    pass


class FakeNvm:
    """The platform's save area in memory; `cut` = bytes written before the power goes."""

    def __init__(self, fill=0xFF):
        self.mem = bytearray([fill]) * 8192
        self.cut = None
        self.writes = 0

    def load(self):
        return bytes(self.mem)

    def save(self, offset, data):
        data = bytes(data)
        assert 0 <= offset and offset + len(data) <= 8192
        self.writes += 1
        for i, b in enumerate(data):
            if self.cut is not None:
                if self.cut == 0:
                    raise PowerCut()
                self.cut -= 1
            self.mem[offset + i] = b


class BlockFlash(FakeNvm):
    """SAMD51 nvm: one 8 KB erase block; a write erases it, then programs 16 pages in order."""

    def save(self, offset, data):
        merged = bytearray(self.mem)
        merged[offset : offset + len(data)] = bytes(data)
        self.writes += 1
        self.mem[:] = b"\xff" * 8192
        for page in range(16):
            if self.cut is not None:
                if self.cut == 0:
                    raise PowerCut()
                self.cut -= 1
            self.mem[page * 512 : page * 512 + 512] = merged[page * 512 : page * 512 + 512]


def stats_with(*games):
    st = Stats()
    for g in games:
        st.record(*g)
    return st


def rec(n):
    """A distinct record per n: (settings, stats bytes, game)."""
    settings = bytes([n & 0xFF, 1, 2, 3])
    st = stats_with(*[(n % 2, 0, 1, n % 4, i % 3 != 0) for i in range(n)])
    game = None if n % 5 == 4 else bytes((n * 7 + i) & 0xFF for i in range(6 + 2 * n))
    return settings, bytes(st.data), game


def save_rec(s, n):
    settings, stats, game = rec(n)
    s.save(settings, Stats(stats), game)


def loaded(nvm):
    settings, stats, game, msg = Store(nvm).load()
    return settings, bytes(stats.data), game, msg


def test_crc32_matches_zlib():
    rnd = random.Random(1)
    for n in (0, 1, 2, 9, 100, 1000):
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert crc32(data) == zlib.crc32(data)
    assert crc32(b"123456789") == 0xCBF43926


def test_blank_area_starts_fresh_without_message():
    for fill in (0xFF, 0x00):
        settings, stats, game, msg = Store(FakeNvm(fill)).load()
        assert (settings, game, msg) == (b"", None, None)
        assert bytes(stats.data) == bytes(Stats.SIZE)


def test_round_trip_and_alternating_slots():
    nvm = FakeNvm()
    s = Store(nvm)
    s.load()
    for n in range(1, 12):
        save_rec(s, n)
        assert loaded(nvm) == rec(n) + (None,)
        slot = (n - 1) % 2
        assert nvm.mem[slot * SLOT : slot * SLOT + 4] == b"STsv"


def test_byte_layout_is_as_documented():
    nvm = FakeNvm()
    s = Store(nvm)
    st = stats_with((1, 1, 0, 2, True))
    s.save(b"\x07\x08", st, b"GAME")
    m = nvm.mem
    magic, version, reserved, n, seq, crc = struct.unpack_from("<4sBBHII", m, 0)
    assert (magic, version, reserved, seq) == (b"STsv", 2, 0, 1)
    payload = bytes(m[16 : 16 + n])
    assert payload == b"\x02\x07\x08" + bytes(st.data) + b"\x04\x00GAME"
    assert crc == zlib.crc32(payload + bytes(m[4:12]))
    cell = ((1 * 2 + 1) * 2 + 0) * 4 + 2
    assert st.data[cell * 4] == 1 and st.wins(1, 1, 0, 2) == 1


def test_power_cut_at_every_byte_leaves_old_or_new():
    base = FakeNvm()
    s = Store(base)
    save_rec(s, 1)
    save_rec(s, 2)
    for new in (3, 4, 7):  # longer game, no game, much longer game
        settings, stats, game = rec(new)
        size = 16 + 1 + len(settings) + Stats.SIZE + 2 + (len(game) if game else 0)
        full = FakeNvm()
        full.mem[:] = base.mem
        Store(full).save(settings, Stats(stats), game)
        seen_new = 0
        for cut in range(size + 1):
            nvm = FakeNvm()
            nvm.mem[:] = base.mem
            nvm.cut = cut
            try:
                Store(nvm).save(settings, Stats(stats), game)
            except PowerCut:
                pass
            nvm.cut = None
            got = loaded(nvm)
            if got == rec(new) + (None,):
                # Only when the bytes not yet written already held the new values.
                assert nvm.mem == full.mem, cut
                seen_new += 1
            else:
                assert got == rec(2) + (None,), cut
            # Play goes on after the cut: the next save and load work.
            s2 = Store(nvm)
            s2.load()
            save_rec(s2, 9)
            assert loaded(nvm) == rec(9) + (None,)
        assert 1 <= seen_new <= 3


def test_power_cut_during_first_save_starts_fresh():
    settings, stats, game = rec(3)
    for cut in range(16 + 1 + 4 + Stats.SIZE + 2 + len(game)):
        nvm = FakeNvm()
        nvm.cut = cut
        with pytest.raises(PowerCut):
            Store(nvm).save(settings, Stats(stats), game)
        nvm.cut = None
        got = loaded(nvm)
        assert got[:3] == (b"", bytes(Stats.SIZE), None)
        assert got[3] in (None, MSG_DAMAGED)


def test_repeated_cuts_never_lose_the_last_complete_save():
    rnd = random.Random(5)
    nvm = FakeNvm()
    good = None
    cuts_complete = 0
    for n in range(1, 200):
        if rnd.random() < 0.5:
            nvm.cut = rnd.randrange(300)
        s = Store(nvm)
        s.load()
        cut = False
        try:
            save_rec(s, n)
            good = n
        except PowerCut:
            cut = True
        nvm.cut = None
        got = loaded(nvm)
        if cut and got == rec(n) + (None,):
            # Cut after the last byte that differed from the slot's old content (here: the
            # zero match cells and an empty game): then it *is* the new record.
            good = n
            cuts_complete += 1
        assert got == (rec(good) + (None,) if good else got), n
    assert cuts_complete < 5


def test_save_without_load_does_not_overwrite_the_newest():
    nvm = FakeNvm()
    s = Store(nvm)
    save_rec(s, 1)
    save_rec(s, 2)
    nvm.cut = 20
    with pytest.raises(PowerCut):
        save_rec(Store(nvm), 3)  # a fresh Store that never loaded
    nvm.cut = None
    assert loaded(nvm) == rec(2) + (None,)


def test_random_bit_flips_give_old_new_or_fresh():
    rnd = random.Random(2)
    base = FakeNvm()
    s = Store(base)
    save_rec(s, 5)
    save_rec(s, 6)
    outcomes = set()
    for trial in range(1500):
        nvm = FakeNvm()
        nvm.mem[:] = base.mem
        span = 8192 if trial % 3 == 0 else 300  # mostly hit the records
        for _ in range(rnd.choice((1, 1, 2, 3, 8, 40))):
            pos = rnd.randrange(span) + (SLOT if rnd.random() < 0.5 and span < SLOT else 0)
            nvm.mem[pos] ^= 1 << rnd.randrange(8)
        got = loaded(nvm)
        if got == rec(6) + (None,):
            outcomes.add("new")
        elif got == rec(5) + (None,):
            outcomes.add("old")
        else:
            assert got == (b"", bytes(Stats.SIZE), None, MSG_DAMAGED), trial
            outcomes.add("fresh")
    assert outcomes == {"new", "old", "fresh"}


def test_every_single_bit_flip_in_the_newest_header_falls_back():
    base = FakeNvm()
    s = Store(base)
    save_rec(s, 5)
    save_rec(s, 6)  # slot 1 is newest
    for byte in range(16):
        for bit in range(8):
            nvm = FakeNvm()
            nvm.mem[:] = base.mem
            nvm.mem[SLOT + byte] ^= 1 << bit
            got = loaded(nvm)
            # A flip in the seq can only make it larger or smaller: old or new, never junk.
            assert got in (rec(5) + (None,), rec(6) + (None,)), (byte, bit)
            if byte not in (8, 9, 10, 11):
                assert got == rec(5) + (None,)


def test_load_errors_and_short_data_never_raise():
    class Broken:
        def load(self):
            raise OSError("nvm gone")

    assert Store(Broken()).load()[3] == MSG_DAMAGED

    class Short:
        def load(self):
            return b"STsv\x01"

    assert Store(Short()).load()[3] == MSG_DAMAGED

    class ShortThenSaved(FakeNvm):
        def load(self):
            return b"STsv\x01"

    # After a load that failed, a save still works (and does not read the area again).
    s = Store(ShortThenSaved())
    settings, stats, game, msg = s.load()
    assert msg == MSG_DAMAGED
    s.save(b"\x01", stats, b"game")


def envelope(version, payload, seq):
    head = struct.pack("<BBHI", version, 0, len(payload), seq)
    return b"STsv" + head + struct.pack("<I", zlib.crc32(payload + head)) + payload


def test_version_0_record_is_refused_then_replaced():
    nvm = FakeNvm()
    # Hand-made "format 0" record: the prototype's stats, 4 x u16 (wins/losses per game).
    v0 = envelope(0, struct.pack("<4H", 3, 1, 0, 2), seq=7)
    nvm.mem[0 : len(v0)] = v0
    s = Store(nvm)
    settings, stats, game, msg = s.load()
    assert msg == MSG_OLD % 0 == "Old save (v0) not loaded"
    assert (settings, bytes(stats.data), game) == (b"", bytes(Stats.SIZE), None)
    save_rec(s, 1)
    assert loaded(nvm) == rec(1) + (None,)
    assert nvm.mem[0 : len(v0)] == v0  # written into the other slot
    assert struct.unpack_from("<I", nvm.mem, SLOT + 8)[0] == 8


def test_version_0_migration_hook(monkeypatch):
    v0 = envelope(0, struct.pack("<4H", 3, 1, 0, 2), seq=1)

    def migrate(version, data, start, n):
        w1, l1, w2, l2 = struct.unpack_from("<4H", bytes(data[start : start + n]))
        st = Stats()
        for _ in range(w1):
            st.record(0, 0, 0, 0, True)
        return b"\x00" + bytes(st.data) + b"\x00\x00"

    import importlib

    # the module Store.load will use (the App lets go of ui.resume after its start)
    monkeypatch.setattr(importlib.import_module("ui.resume"), "_migrate", migrate)
    nvm = FakeNvm()
    nvm.mem[SLOT : SLOT + len(v0)] = v0
    settings, stats, game, msg = Store(nvm).load()
    assert msg is None and stats.wins() == 3 and game is None


def test_messages_fit_one_line():
    from ui.session import MSG_NEWER, MSG_REFUSED

    for m in (MSG_DAMAGED, MSG_OLD % 99, MSG_NEW % 99, MSG_NEWER, MSG_REFUSED):
        assert len(m) <= 26, m


def test_newer_format_is_refused():
    nvm = FakeNvm()
    rec3 = envelope(3, b"whatever the future holds", seq=3)
    nvm.mem[0 : len(rec3)] = rec3
    assert Store(nvm).load()[3] == MSG_NEW % 3


def v1_payload(settings, stats132, game):
    return bytes([len(settings)]) + settings + stats132 + struct.pack("<H", len(game)) + game


def test_format_1_is_migrated_and_kept_until_two_saves_pass():
    """Format 1 (132 bytes of statistics, no match cells): every count and both streaks are
    kept, the match cells start at zero, the settings and the game bytes come back as they
    were (their own versions are read by Settings and Session); the next save is format 2,
    into the other slot."""
    st = stats_with((0, 1, 0, 2, True), (1, 0, 1, 3, False), (0, 0, 0, 0, True))
    old = bytes(st.data[:132])
    nvm = FakeNvm()
    v1 = envelope(1, v1_payload(b"\x01cfg", old, b"GAME1"), seq=4)
    nvm.mem[SLOT : SLOT + len(v1)] = v1
    s = Store(nvm)
    settings, stats, game, msg = s.load()
    assert (settings, game, msg) == (b"\x01cfg", b"GAME1", None)
    assert bytes(stats.data) == old + bytes(64) and stats.matches(True) == stats.matches(False) == 0
    assert (stats.wins(), stats.losses(), stats.current, stats.longest) == (2, 1, 2, 2)
    s.save(settings, stats, game)  # the same content: written all the same (a new format)
    assert nvm.writes == 1 and nvm.mem[4] == 2 and nvm.mem[SLOT : SLOT + len(v1)] == v1
    assert loaded(nvm) == (b"\x01cfg", old + bytes(64), b"GAME1", None)


def test_format_1_too_short_for_its_statistics_falls_back():
    nvm = FakeNvm()
    save_rec(Store(nvm), 2)  # a good format-2 record in slot 0, sequence 1
    for payload in (b"", b"\x00", b"\x03abc" + bytes(100), v1_payload(b"x", bytes(132), b"")[:-1]):
        bad = envelope(1, payload, seq=9)
        copy = FakeNvm()
        copy.mem[:] = nvm.mem
        copy.mem[SLOT : SLOT + len(bad)] = bad
        assert loaded(copy) == rec(2) + (None,), payload


def test_the_save_of_commit_c0c3d8b_loads():
    """The real save area of the game before issue 11 (tests/save_v1.py): the newest slot's
    settings, statistics and game bytes, as they were."""
    nvm = FakeNvm()
    nvm.mem[:] = save_v1.area()
    settings, stats, game, msg = Store(nvm).load()
    assert (settings, game, msg) == (save_v1.SETTINGS, save_v1.GAME, None)
    assert stats.losses(0, -1, 0, 0) == save_v1.LOSSES_EASY == stats.losses() and stats.wins() == 0
    assert bytes(stats.data[132:]) == bytes(64)
    # A flipped bit in slot 0 (the newest): slot 1's save, the turn before.
    nvm.mem[40] ^= 8
    settings, stats, game, msg = Store(nvm).load()
    assert msg is None and settings == save_v1.SETTINGS and game == save_v1.SLOT1[16 + 1 + 7 + 132 + 2 :]


def test_crc_valid_but_malformed_payload_falls_back():
    nvm = FakeNvm()
    s = Store(nvm)
    save_rec(s, 2)
    bad = envelope(1, b"\x05abc", seq=9)
    nvm.mem[SLOT : SLOT + len(bad)] = bad
    s2 = Store(nvm)
    assert s2.load() is not None and loaded(nvm) == rec(2) + (None,)
    save_rec(s2, 3)  # goes over the malformed one, with a higher seq
    assert loaded(nvm) == rec(3) + (None,)
    assert nvm.mem[0:4] == b"STsv" and struct.unpack_from("<I", nvm.mem, SLOT + 8)[0] == 10


def test_stats_counts_streaks_and_wildcards():
    st = Stats()
    st.record(0, 0, 0, 1, True)
    st.record(0, 1, 1, 2, True)
    st.record(1, 0, 0, 2, True)
    st.record(1, 1, 1, 3, False)  # pass-and-play: counted, no streak change
    assert (st.current, st.longest) == (3, 3)
    st.record(0, 0, 0, 0, False)
    assert (st.current, st.longest) == (0, 3)
    st.record(0, 0, 0, 0, True)
    assert (st.current, st.longest) == (1, 3)
    assert st.wins() == 4 and st.losses() == 2
    assert st.wins(game=0) == 3 and st.wins(game=1) == 1
    assert st.wins(level=2) == 2 and st.losses(level=3) == 1
    assert st.wins(0, 1, 1, 2) == 1 and st.wins(0, 1, 1, 1) == 0
    assert st.losses(mode=1, role=1) == 1
    with pytest.raises(ValueError):
        st.record(2, 0, 0, 0, True)
    with pytest.raises(ValueError):
        st.record(0, 0, 0, 4, True)
    st.clear()
    assert st.wins() == st.losses() == st.current == st.longest == 0


def test_matches_count_apart_from_games():
    """Matches of several games (the first game's of 3 to 9 rounds, the second game's revenge
    match) in 16 cells after the streaks: by game, mode and level; games and streaks untouched."""
    st = Stats()
    st.record_match(0, 0, 2, True)
    st.record_match(0, 0, 2, False)
    st.record_match(0, 1, 1, True)
    st.record_match(1, 0, 3, True)
    assert st.matches(True) == 3 and st.matches(False) == 1
    assert st.matches(True, game=0) == 2 and st.matches(True, 1) == 1
    assert (
        st.matches(True, mode=1) == 1 and st.matches(True, 0, 0, 2) == 1 and st.matches(False, 0, 0, 2) == 1
    )
    assert st.matches(True, level=3) == 1
    assert st.wins() == st.losses() == st.current == st.longest == 0
    cell = ((1 * 2 + 0) * 4 + 3) * 4  # game 1, mode 0, level 3: wins at 132 + cell
    assert st.data[132 + cell] == 1 and bytes(st.data[:132]) == bytes(132)
    for bad in ((2, 0, 0), (0, 2, 0), (0, 0, 4), (-1, 0, 0)):
        with pytest.raises(ValueError):
            st.record_match(*bad, True)
    st.data[132 + cell] = st.data[133 + cell] = 0xFF
    st.record_match(1, 0, 3, True)
    assert st.matches(True, 1, 0, 3) == 65535
    st.clear()
    assert bytes(st.data) == bytes(Stats.SIZE)


def test_stats_saturate():
    st = Stats()
    st.data[0] = st.data[1] = 0xFF
    st.data[130] = st.data[131] = 0xFF
    st.record(0, 0, 0, 0, True)
    assert st.wins(0, 0, 0, 0) == 65535 and st.current == 65535 and st.longest == 65535


def test_stats_persist():
    nvm = FakeNvm()
    s = Store(nvm)
    _, st, _, _ = s.load()
    for i in range(20):
        st.record(i % 2, (i // 2) % 2, (i // 4) % 2, i % 4, i % 3 != 1)
        s.save(b"cfg", st, bytes([i]) * 40)
    settings, st2, game, msg = Store(nvm).load()
    assert bytes(st2.data) == bytes(st.data) and settings == b"cfg" and game == bytes([19]) * 40
    assert st2.wins() == st.wins() > 0 and st2.longest == st.longest


def test_clear_all_clears_stats_and_game_in_both_slots():
    nvm = FakeNvm()
    s = Store(nvm)
    save_rec(s, 6)
    save_rec(s, 7)
    settings, st, game, _ = s.load()
    assert game is not None and st.wins() > 0
    s.clear_all(settings, st)
    assert st.wins() == 0
    assert loaded(nvm) == (settings, bytes(Stats.SIZE), None, None)
    for slot in (0, 1):  # damage either copy: the other one is cleared too
        copy = FakeNvm()
        copy.mem[:] = nvm.mem
        copy.mem[slot * SLOT + 20] ^= 0x10
        assert loaded(copy) == (settings, bytes(Stats.SIZE), None, None)


def test_equal_save_is_skipped():
    nvm = FakeNvm()
    s = Store(nvm)
    save_rec(s, 3)
    save_rec(s, 3)
    assert nvm.writes == 1
    s2 = Store(nvm)
    s2.load()
    save_rec(s2, 3)
    assert nvm.writes == 1
    save_rec(s2, 4)
    assert nvm.writes == 2


def test_a_save_that_failed_is_not_skipped_as_equal():
    """A write that raised (a MemoryError in the platform's save: ui.app.App.save tries again)
    does not count as the newest record: the same payload is written on the next try."""
    nvm = FakeNvm()
    s = Store(nvm)
    save_rec(s, 3)
    nvm.cut = 0
    with pytest.raises(PowerCut):
        save_rec(s, 4)
    nvm.cut = None
    save_rec(s, 4)
    assert nvm.writes == 3 and loaded(nvm)[2] == rec(4)[2]


def test_sizes_are_checked():
    s = Store(FakeNvm())
    with pytest.raises(ValueError):
        s.save(bytes(256), Stats(), None)
    s.save(bytes(255), Stats(), bytes(GAME_MAX))
    assert loaded(s._p)[2] == bytes(GAME_MAX)
    with pytest.raises(ValueError):
        s.save(bytes(255), Stats(), bytes(GAME_MAX + 1))


def test_device_block_erase_model_never_raises():
    """On the SAMD51 a save erases the whole 8 KB block, then reprograms it page by page.

    A cut there can lose both slots (reported, fresh start) but never yields junk or a crash.
    """
    base = BlockFlash()
    s = Store(base)
    for first in (2, 3):  # newest in slot 1, then in slot 0
        save_rec(s, first)
        kinds = []
        for cut in range(17):
            nvm = BlockFlash()
            nvm.mem[:] = base.mem
            nvm.cut = cut
            try:
                save_rec(Store(nvm), 9)
            except PowerCut:
                pass
            nvm.cut = None
            got = loaded(nvm)
            if got == rec(9) + (None,):
                kinds.append("new")
            elif got == rec(first) + (None,):
                kinds.append("old")
            else:
                assert got[3] in (None, MSG_DAMAGED)
                assert got[:3] == (b"", bytes(Stats.SIZE), None)
                kinds.append("lost")
        assert kinds[-1] == "new" and "lost" in kinds


def test_memory_error_on_load_goes_up_and_leaves_the_save_alone():
    """No fresh start (which would save over the records it could not read): the MemoryError
    reaches the crash screen, the save area is untouched, and the next start loads it."""
    nvm = FakeNvm()
    s = Store(nvm)
    save_rec(s, 1)
    save_rec(s, 2)  # newest in slot 1

    class Flaky(FakeNvm):
        fail = True

        def load(self):
            if self.fail:
                self.fail = False
                raise MemoryError()
            return super().load()

    flaky = Flaky()
    flaky.mem[:] = nvm.mem
    before = bytes(flaky.mem)
    with pytest.raises(MemoryError):
        Store(flaky).load()
    assert bytes(flaky.mem) == before
    assert loaded(flaky) == rec(2) + (None,)


def test_store_on_circuitpythons_vm():
    """tests/mp/store_check.py on cpy in a 48K heap: import, round trip, a cut at every byte of
    a 1.1 KB record, fallback after a bit flip; a save after the first allocates at most
    256 bytes (96 at 2760ad1)."""
    from tests.mp_util import cpy_missing, run_cpy

    if cpy_missing():
        pytest.skip(cpy_missing())
    out = run_cpy(["tests/mp/store_check.py"], heap="48K", timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("store_check: ok"), out.stdout
    assert int(out.stdout.split("save_alloc=")[1].split()[0]) <= 256, out.stdout
