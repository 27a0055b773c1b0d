"""CircuitPython 10's `time` on the twin's virtual clock: monotonic, monotonic_ns, sleep,
time, localtime, mktime, struct_time. No ticks_* and no process_time* (CircuitPython has
none). On the MicroPython VM this file shadows the built-in module on sys.path
(MICROPYPATH=tests/mp/twin); on cpy, whose `time` is built in, _time.py runs this code."""

import _clock

_EPOCH_2020 = 1577836800  # the virtual clock's second 0 is 2020-01-01 00:00:00


def monotonic_ns():
    _clock.now_ms += _clock.CLOCK_READ_MS
    return _clock.now_ms * 1000000  # a long int, on the heap as on the board


def monotonic():
    _clock.now_ms += _clock.CLOCK_READ_MS
    return _clock.now_ms / 1000


def sleep(seconds):
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    _clock.sleep(int(seconds * 1000 + 0.5))


def time():
    _clock.now_ms += _clock.CLOCK_READ_MS
    return _EPOCH_2020 + _clock.now_ms // 1000


class struct_time(tuple):
    """(tm_year, tm_mon, tm_mday, tm_hour, tm_min, tm_sec, tm_wday, tm_yday, tm_isdst)"""

    def __getattr__(self, name):
        i = (
            "tm_year",
            "tm_mon",
            "tm_mday",
            "tm_hour",
            "tm_min",
            "tm_sec",
            "tm_wday",
            "tm_yday",
            "tm_isdst",
        ).index(name)
        return self[i]


def _days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def localtime(secs=None):
    if secs is None:
        secs = time()
    days, rem = divmod(int(secs), 86400)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    y = yoe + era * 400 + (m <= 2)
    yday = days - _days_from_civil(y, 1, 1) + 1
    return struct_time((y, m, d, rem // 3600, rem // 60 % 60, rem % 60, (days + 3) % 7, yday, -1))


def mktime(t):
    return _days_from_civil(t[0], t[1], t[2]) * 86400 + t[3] * 3600 + t[4] * 60 + t[5]
