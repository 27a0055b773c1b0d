"""The device twin's virtual clock, in whole milliseconds (small ints: no heap block per
reading), shared by its `time`, `supervisor`, `keypad` and `audioio`. It moves when the device
code sleeps and, to model the cost of computing, by CLOCK_READ_MS at every clock read (so the
AI's thinking indicator, which compares clock readings, refreshes during a long search as on
the board). A module of its own, this small: the MicroPython VM's scripts load it with time.py
(MICROPYPATH=tests/mp/twin) in heaps with little to spare."""

CLOCK_READ_MS = 1  # each clock read counts as 1 ms of work
# supervisor.ticks_ms() starts 60 s before its 2**29 wrap: a game crosses the wrap.
TICKS_START_MS = (1 << 29) - 60000
HANG_MS = 24 * 3600 * 1000  # a day of virtual time without finishing: the device code hangs

now_ms = 0  # since power-on


def sleep(ms):
    """Let `ms` pass; a day gone ends the run (the device code waits for what never comes)."""
    global now_ms
    if ms > 0:
        now_ms += ms
    if now_ms > HANG_MS:
        import _twin

        _twin.end("HUNG: the virtual clock ran a day", 1)
