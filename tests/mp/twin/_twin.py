"""Shared state of the device twin: the runner's hooks, counters (the clock: _clock.py).

Not a CircuitPython module: the stand-ins (displayio, board, keypad, ...) import it, and the
runner (twin.py, beside the stand-ins once built: tests.twin_sweep.build_twin) sets its hooks.

The twin starts inside the import of the first stand-in that code.py imports: each hardware
stand-in calls begin() first and loaded() last, and the outermost loaded() imports the runner
(when the script is a code.py), so that the runner's heap is laid out before the device code
allocates anything (twin.start: the layout).
"""

import sys

erases = 0  # microcontroller.nvm writes: each one erases the SAMD51's whole 8 KB block
largest = 0  # the largest single buffer the device code made a stand-in allocate
largest_what = ""  # its kind (a constant string: nothing formatted while the game runs)
largest_w = largest_h = 0  # its width and height, where it has them
refreshes = 0
on_idle_keys = None  # the runner's key driver: called when the key queue is empty
finish = None  # the runner's end of the run: finish(text, status) prints and exits
stick = [32768, 32768]  # PyGamer joystick X, Y (0..65535)
stick_reads = 0  # reads left before the joystick springs back to the centre
_depth = 0  # stand-ins being imported (begin() .. loaded())
started = False
if sys.argv and sys.argv[0].endswith("code.py") and sys.path and sys.path[0] not in ("", "."):
    # cpy's sys.path[0] is the real path of code.py's folder (run from it: '' is the same
    # folder, and the board's first entry): no path the stand-ins import through is longer
    # than the board's (96 bytes at most, MICROPY_ALLOC_PATH_MAX).
    sys.path[0] = ""


def begin():
    """A hardware stand-in's import starts."""
    global _depth
    _depth += 1


def loaded():
    """A hardware stand-in's import ends: the outermost one of a code.py starts the twin."""
    global _depth, started
    _depth -= 1
    if _depth or started or not sys.argv or not sys.argv[0].endswith("code.py"):
        return
    started = True
    import twin  # the runner

    twin.start()  # sets the hooks above, lays out the heap


def alloc(n, what, w=0, h=0):
    """Record a buffer of n bytes the device code made a stand-in allocate."""
    global largest, largest_what, largest_w, largest_h
    if n > largest:
        largest = n
        largest_what = what
        largest_w = w
        largest_h = h


def end(text, status):
    """End the run: the runner prints `text` and its summary and exits with `status`."""
    if finish is None:
        print(text)
        raise SystemExit(status)
    finish(text, status)  # it lets go of its fillers first: the heap may be full


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
