"""CircuitPython's `audiocore` on the twin: RawSample keeps a reference to the buffer it is
given and copies nothing (shared-module/audiocore/RawSample.c stores the buffer's pointer):
no allocation beyond the object. The buffer must be a bytearray or an array of 'b', 'B',
'h' or 'H' (a memoryview of one is accepted as the board accepts any such buffer)."""

import _twin

_twin.begin()


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if not 1 <= channel_count <= 2:
            raise ValueError("channel_count must be 1-2")
        if sample_rate < 1:
            raise ValueError("sample_rate must be >= 1")
        width = 1
        if not isinstance(buffer, (bytearray, memoryview)):  # else nothing made (C on the board)
            r = repr(buffer)  # an array's type code: "array('h', ...)"
            if r.startswith(("array('h'", "array('H'")):
                width = 2
            elif not r.startswith(("array('b'", "array('B'")):
                raise ValueError(
                    "sample_source buffer must be a bytearray or array of type 'h', 'H', 'b' or 'B'"
                )
        self._buffer = buffer
        self.sample_rate = sample_rate
        self.channel_count = channel_count
        self._frames = len(buffer) // channel_count
        self._width = width

    def _seconds(self):
        return self._frames / self.sample_rate

    def deinit(self):
        self._buffer = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


_twin.loaded()
