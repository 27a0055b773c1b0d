"""Milliseconds and microseconds for timing on every VM the engine runs on.

MicroPython has time.ticks_ms/ticks_us/ticks_diff (wrapping); CircuitPython 10 has none of
them (its time module: monotonic, monotonic_ns, sleep, time, localtime, mktime) and CPython
neither: both get them from monotonic_ns (an int, so no float rounding; time.time() is whole
seconds on CircuitPython), or from monotonic on a build without long ints. Compare two
readings with ticks_diff(new, old).
"""

try:
    from time import ticks_diff, ticks_ms, ticks_us  # MicroPython
except ImportError:
    try:
        from time import monotonic_ns  # CircuitPython and CPython

        def ticks_ms():
            return monotonic_ns() // 1000000

        def ticks_us():
            return monotonic_ns() // 1000

    except ImportError:  # CircuitPython without long ints
        from time import monotonic

        def ticks_ms():
            return int(monotonic() * 1000)

        def ticks_us():
            return int(monotonic() * 1000000)

    def ticks_diff(a, b):
        return a - b
