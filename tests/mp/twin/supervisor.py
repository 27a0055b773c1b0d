"""CircuitPython's `supervisor` on the twin: ticks_ms (wrapping at 2**29, virtual clock),
reload (ends the run: the runner catches Reload), runtime."""

import _twin


class Reload(BaseException):
    """supervisor.reload() was called: on the board code.py would start again."""


def ticks_ms():
    return (_twin.read_clock() // 1000000 + _twin.TICKS_START_MS) & ((1 << 29) - 1)


def reload():
    raise Reload()


class _Runtime:
    serial_connected = False
    usb_connected = False
    serial_bytes_available = 0
    autoreload = True


runtime = _Runtime()
