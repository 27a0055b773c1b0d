"""CircuitPython's `supervisor` on the twin: ticks_ms (wrapping at 2**29, virtual clock),
reload (ends the run: the crash screen's keys end it first), runtime. cpy's own `supervisor` is built in: the runner puts this
module in sys.modules as `supervisor` before code.py imports it."""

import _clock
import _twin


def ticks_ms():
    # One frame (C on the board): the AI's thinking indicator reads it during the search.
    _clock.now_ms += _clock.CLOCK_READ_MS
    return (_clock.now_ms + _clock.TICKS_START_MS) & 0x1FFFFFFF


def reload():
    _twin.end("supervisor.reload() without a crash screen", 1)


class _Runtime:
    serial_connected = False
    usb_connected = False
    serial_bytes_available = 0
    autoreload = True


runtime = _Runtime()
