"""CircuitPython's `microcontroller` on the twin: Pin, nvm, cpu, reset.

`nvm` is the SAMD51's 8 KB user flash block, as shared-bindings/nvm/ByteArray.c presents it:
reading a slice allocates a new bytearray of the slice's length (m_new + bytearray_by_ref),
an index reads one int; every write (slice or index) erases and rewrites the whole block,
counted in _twin.erases. Slices take step 1 only and a written value must have the slice's
length. The flash itself is not on the heap (it is made before the runner's baseline)."""

import _clock
import _twin

_twin.begin()


NVM_SIZE = 8192


class Pin:
    """A pin of the board; _claim() marks it in use as CircuitPython does."""

    def __init__(self, name):
        self._name = name
        self._used = False

    def __repr__(self):
        return "board." + self._name

    def _claim(self):
        if self._used:
            raise ValueError("%s in use" % self._name)
        self._used = True

    def _release(self):
        self._used = False


class _Nvm:
    def __init__(self):
        self._flash = bytearray(b"\xff" * NVM_SIZE)  # a new board: erased flash

    def __len__(self):
        return NVM_SIZE

    def _range(self, sl):
        start, stop, step = sl.start, sl.stop, sl.step
        if step is not None and step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        start = 0 if start is None else start
        stop = NVM_SIZE if stop is None else stop
        if start < 0:
            start += NVM_SIZE
        if stop < 0:
            stop += NVM_SIZE
        start = min(max(start, 0), NVM_SIZE)
        stop = min(max(stop, start), NVM_SIZE)
        return start, stop

    def __getitem__(self, i):
        if isinstance(i, slice):
            a, b = self._range(i)
            _twin.alloc(b - a, "nvm read")
            out = bytearray(b - a)
            out[:] = memoryview(self._flash)[a:b]
            return out
        if i < 0:
            i += NVM_SIZE
        if not 0 <= i < NVM_SIZE:
            raise IndexError("ByteArray index out of range")
        return self._flash[i]

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            a, b = self._range(i)
            if len(value) != b - a:
                raise ValueError("Slice and value different lengths.")
            self._flash[a:b] = value
        else:
            if i < 0:
                i += NVM_SIZE
            if not 0 <= i < NVM_SIZE:
                raise IndexError("ByteArray index out of range")
            if not 0 <= value <= 255:
                raise ValueError("Array values should be single bytes.")
            self._flash[i] = value
        _twin.erases += 1


nvm = _Nvm()


class _Cpu:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3
    uid = b"twin"


cpu = _Cpu()


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    BOOTLOADER = 2


def on_next_reset(run_mode):
    pass


def reset():
    _twin.end("microcontroller.reset()", 1)


def delay_us(delay):
    _clock.sleep(delay // 1000)


_twin.loaded()
