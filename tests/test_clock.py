"""engine.clock: ticks_ms/ticks_us/ticks_diff on MicroPython, CircuitPython and CPython.
CircuitPython 10's time module has no ticks_* and its time() counts whole seconds: the
readings come from monotonic_ns (or monotonic on a build without long ints)."""

import importlib.util
import sys
import types

from tests.mp_util import ROOT


def load_clock(monkeypatch, **time_attrs):
    """engine/clock.py imported afresh over a `time` module holding only time_attrs."""
    fake = types.ModuleType("time")
    fake.__dict__.update(time_attrs)
    monkeypatch.setitem(sys.modules, "time", fake)
    spec = importlib.util.spec_from_file_location("clock_under_test", ROOT + "/engine/clock.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_circuitpython_time_reads_monotonic_ns(monkeypatch):
    now = [5_000_000_000]  # ns; time() stays on one whole second meanwhile
    c = load_clock(
        monkeypatch, monotonic_ns=lambda: now[0], monotonic=lambda: now[0] / 1e9, time=lambda: 1000
    )
    t0, u0 = c.ticks_ms(), c.ticks_us()
    now[0] += 7_250_000  # 7.25 ms later
    assert c.ticks_diff(c.ticks_ms(), t0) == 7 and c.ticks_diff(c.ticks_us(), u0) == 7250


def test_circuitpython_without_long_ints_reads_monotonic(monkeypatch):
    now = [12.0]
    c = load_clock(monkeypatch, monotonic=lambda: now[0], time=lambda: 1000)
    t0 = c.ticks_ms()
    now[0] += 0.25
    assert c.ticks_diff(c.ticks_ms(), t0) == 250


def test_micropython_ticks_are_used_as_they_are(monkeypatch):
    def diff(a, b):
        return (a - b) & 0xFF  # a wrapping clock, as MicroPython's

    c = load_clock(monkeypatch, ticks_ms=lambda: 3, ticks_us=lambda: 4, ticks_diff=diff, monotonic_ns=None)
    assert c.ticks_ms() == 3 and c.ticks_us() == 4 and c.ticks_diff(1, 255) == 2
