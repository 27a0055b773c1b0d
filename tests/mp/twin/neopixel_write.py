"""CircuitPython's `neopixel_write` on the twin: checks its arguments, remembers the bytes."""

import _twin

_twin.begin()

last = None


def neopixel_write(digitalinout, buf):
    global last
    if digitalinout.deinited():
        raise ValueError("Object has been deinitialized and can no longer be used.")
    last = bytes(buf)


_twin.loaded()
