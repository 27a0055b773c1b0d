"""CircuitPython's `audioio` on the twin: AudioOut(left_channel). A one-shot sample plays for
its length in virtual time; `playing` turns False after it."""

import _clock
import _twin

_twin.begin()


class AudioOut(_twin.PinUser):
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self._take(left_channel)
        self._until = -1
        self._loop = False
        self.paused = False
        self.sample = None

    def play(self, sample, *, loop=False):
        self.sample = sample
        self._loop = loop
        self.paused = False
        self._until = _clock.now_ms + int(sample._seconds() * 1000)

    def stop(self):
        self.sample = None
        self._until = -1
        self._loop = False

    def pause(self):
        self.paused = True

    def resume(self):
        self.paused = False

    @property
    def playing(self):
        if self.sample is None:
            return False
        if self._loop or _clock.now_ms < self._until:
            return True
        self.sample = None
        return False

    def deinit(self):
        self.stop()
        super().deinit()


_twin.loaded()
