"""ui/store.py on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/store_check.py
Imports the store, checks the CRC, round-trips saves, cuts a save at every byte, measures
the heap a save allocates. Prints "store_check: ok ..." and exits 0, or raises.
"""

import sys

sys.path.insert(0, ".")

import gc  # noqa: E402

from ui.store import SLOT, Stats, Store, crc32  # noqa: E402


class Cut(Exception):
    pass


class Nvm:
    def __init__(self):
        self.mem = bytearray(8192)
        for i in range(8192):
            self.mem[i] = 0xFF
        self.cut = -1

    def load(self):
        return memoryview(self.mem)  # the store reads any buffer; saves a copy in 64K

    def save(self, offset, data):
        for i in range(len(data)):
            if self.cut == 0:
                raise Cut()
            self.cut -= 1
            self.mem[offset + i] = data[i]


def restore(nvm, head, tail):
    nvm.mem[0:1400] = head
    nvm.mem[SLOT : SLOT + 1400] = tail


def same(got, settings, stats, game):
    return got[0] == settings and bytes(got[1].data) == bytes(stats.data) and got[2] == game


def main():
    assert crc32(b"123456789") == 0xCBF43926, "crc"
    nvm = Nvm()
    s = Store(nvm)
    got = s.load()
    assert got[2] is None and got[3] is None, "blank: %s" % got[3]
    st = got[1]
    for i in range(40):
        st.record(i % 2, i % 2, (i >> 1) % 2, i % 4, i % 3 > 0)
    game = bytes(range(200)) * 5
    s.save(b"set", st, game)
    s.save(b"set", st, game[:-2])
    assert same(Store(nvm).load(), b"set", st, game[:-2]), "round trip"

    # A power cut at every byte of the next save: old or new, never anything else.
    # Keep the two records (not the whole 8 KB: the 64K heap is fragmented by then).
    head = bytes(nvm.mem[0:1400])
    tail = bytes(nvm.mem[SLOT : SLOT + 1400])
    size = 16 + 1 + 3 + Stats.SIZE + 2 + len(game)
    news = 0
    for cut in range(size + 1):
        restore(nvm, head, tail)
        nvm.cut = cut
        try:
            Store(nvm).save(b"set", st, game)
        except Cut:
            pass
        nvm.cut = -1
        got = Store(nvm).load()
        if same(got, b"set", st, game):
            news += 1
        else:
            assert same(got, b"set", st, game[:-2]), "cut %d" % cut
        gc.collect()
    assert news >= 1, "new record never seen"

    # A flipped bit in the newest slot falls back to the older record.
    restore(nvm, head, tail)
    nvm.mem[SLOT + 40] ^= 4
    assert Store(nvm).load()[2] == game, "fallback"

    # Heap used by one save after the first (the buffer is reused).
    restore(nvm, head, tail)
    s = Store(nvm)
    s.load()
    s.save(b"set", st, game)
    shorter = game[:-1]
    gc.collect()
    before = gc.mem_alloc()
    s.save(b"set", st, shorter)
    alloc = gc.mem_alloc() - before
    gc.collect()
    print("store_check: ok cuts=%d save_alloc=%d heap_free=%d" % (size, alloc, gc.mem_free()))


main()
