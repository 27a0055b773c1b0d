"""Shared state of the device twin: the virtual clock, the hooks of the runner, counters.

Not a CircuitPython module: the stand-ins (displayio, board, keypad, ...) import it, and
tests/mp/twin.py sets its hooks. Time is virtual: it moves when the device code sleeps and,
to model the cost of computing, by CLOCK_READ_NS at every clock read (so the AI's thinking
indicator, which compares clock readings, refreshes during a long search as on the board).
"""

CLOCK_READ_NS = 1000000  # each clock read counts as 1 ms of work
# supervisor.ticks_ms() starts 60 s before its 2**29 wrap: a game crosses the wrap.
TICKS_START_MS = (1 << 29) - 60000

now_ns = 0  # since power-on
erases = 0  # microcontroller.nvm writes: each one erases the SAMD51's whole 8 KB block
largest = 0  # the largest single buffer the device code made a stand-in allocate
largest_what = ""
refreshes = 0
on_refresh = None  # the runner's hook: called at every display refresh
on_idle_keys = None  # the runner's key driver: called when the key queue is empty
stick = [32768, 32768]  # PyGamer joystick X, Y (0..65535)
stick_reads = 0  # reads left before the joystick springs back to the centre


def read_clock():
    """The virtual time in ns; reading it costs CLOCK_READ_NS."""
    global now_ns
    now_ns += CLOCK_READ_NS
    return now_ns


def advance(ns):
    global now_ns
    if ns > 0:
        now_ns += ns


def alloc(n, what):
    """Record a buffer of n bytes the device code made a stand-in allocate."""
    global largest, largest_what
    if n > largest:
        largest = n
        largest_what = what


HANG_NS = 24 * 3600 * 10**9  # a day of virtual time without finishing: the device code hangs


class Hung(BaseException):
    """The virtual clock ran a day: the device code waits for something that never comes."""


def check_hang():
    if now_ns > HANG_NS:
        raise Hung("virtual clock at %d s" % (now_ns // 10**9))


class PinUser:
    """A stand-in that holds a pin until deinit() (as CircuitPython's objects do); a context
    manager, like them."""

    _pin = None

    def _take(self, pin):
        pin._claim()
        self._pin = pin

    def deinit(self):
        if self._pin is not None:
            self._pin._release()
            self._pin = None

    def deinited(self):
        return self._pin is None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()
