"""CircuitPython 10's `keypad` on the twin: Event, EventQueue, ShiftRegisterKeys.

The queue holds what a player pressed: when the device code finds it empty, the runner's key
driver (_twin.on_idle_keys) may press keys (queue._press) or move the joystick; it ends the
run itself (_twin.end: SystemExit, which code.py's handler does not catch). Allocation as in
shared-module/keypad: the event ring buffer (max_events entries of a 16-bit key code and a
timestamp object, 6 bytes each on the 32-bit board) and per-key state; a press or a read
allocates nothing (the ring holds key | pressed << 7, the timestamp is the clock at the read).
"""

import _clock
import _twin

_twin.begin()


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        if key_number < 0:
            raise ValueError("key_number must be >= 0")
        self.key_number = key_number
        self.pressed = bool(pressed)
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return (
            isinstance(other, Event) and self.key_number == other.key_number and self.pressed == other.pressed
        )

    def __hash__(self):
        return self.key_number << 1 | self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._ring = bytearray(6 * max_events)  # the board's ring; the twin uses its first bytes
        self._max = max_events
        self._head = 0
        self._n = 0
        self.overflowed = False

    def _press(self, key, pressed=True):
        if self._n >= self._max:
            self.overflowed = True
            return
        self._ring[(self._head + self._n) % self._max] = key | (128 if pressed else 0)
        self._n += 1

    def get(self):
        if not self._n and _twin.on_idle_keys is not None:
            _twin.on_idle_keys(self)
        if not self._n:
            return None
        e = self._ring[self._head]
        self._head = (self._head + 1) % self._max
        self._n -= 1
        return Event(e & 127, e >> 7, (_clock.now_ms + _clock.TICKS_START_MS) & 0x1FFFFFFF)

    def get_into(self, event):
        if not self._n and _twin.on_idle_keys is not None:
            _twin.on_idle_keys(self)
        if not self._n:
            return False
        e = self._ring[self._head]
        self._head = (self._head + 1) % self._max
        self._n -= 1
        event.key_number = e & 127
        event.pressed = e > 127
        event.timestamp = (_clock.now_ms + _clock.TICKS_START_MS) & 0x1FFFFFFF
        return True

    def clear(self):
        self._n = 0
        self.overflowed = False

    def __len__(self):
        return self._n

    def __bool__(self):
        return self._n > 0


class ShiftRegisterKeys:
    def __init__(
        self,
        *,
        clock,
        data,
        latch,
        value_to_latch=True,
        key_count,
        value_when_pressed,
        interval=0.020,
        max_events=64,
        debounce_threshold=1,
    ):
        datas = data if isinstance(data, (list, tuple)) else (data,)
        counts = key_count if isinstance(key_count, (list, tuple)) else (key_count,)
        if len(counts) != len(datas):
            raise ValueError("key_count length must match data length")
        if not 1 <= max_events <= 64:
            raise ValueError("max_events must be 1-64")
        if not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        if interval < 0 or interval > 2:
            raise ValueError("interval must be 0.0-2.0")
        claimed = []
        try:
            for p in (clock, latch) + tuple(datas):
                p._claim()
                claimed.append(p)
        except ValueError:
            for p in claimed:
                p._release()
            raise
        self._pins = claimed
        self.key_count = sum(counts)
        self._state = bytearray(3 * self.key_count)  # current, previous, debounce counters
        self.events = EventQueue(max_events)

    def deinit(self):
        for p in self._pins:
            p._release()
        self._pins = []

    def reset(self):
        self.events.clear()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


_twin.loaded()
