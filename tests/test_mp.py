"""The engine on CircuitPython's VM (cpy), under a heap cap."""

import re

import pytest

from engine import st1
from engine.notation import position_text
from tests.mp_util import run_vm

SUMMARY = re.compile(r"^games=(\d+) p1_wins=(\d+) p2_wins=(\d+) avg_turns=([\d.]+) games_per_s=([\d.]+)$")


@pytest.mark.parametrize("timing", ["2016", "1999"])
def test_selfplay_200_games_in_64k(timing):
    r = run_vm(["tests/mp/selfplay.py", "st1", "200", "7", "base", timing])
    assert r.returncode == 0, r.stderr + r.stdout
    m = SUMMARY.match(r.stdout.strip().splitlines()[-1])
    assert m, r.stdout
    games, a, b = int(m.group(1)), int(m.group(2)), int(m.group(3))
    assert games == 200 and a + b == 200 and a > 50 and b > 50


def test_a_full_game_fits_in_48k():
    """docs/BENCHMARKS.md: the target heap for a full game (from .py sources, compiled in RAM)."""
    r = run_vm(["tests/mp/selfplay.py", "st1", "5", "1"], heap="48K")
    assert r.returncode == 0, r.stderr + r.stdout


def test_engine_checks_and_same_deal_as_cpython():
    """The device-level engine checks pass on MicroPython, and a seed deals the same cards as on
    CPython (the RNG and the shuffle are our own). 128K: the test helpers and the brute-force
    prover are compiled in RAM too."""
    r = run_vm(["tests/mp/engine_check.py", "150"], heap="128K")
    assert r.returncode == 0, r.stderr + r.stdout
    assert "mp engine: 6 passed, 0 failed" in r.stdout
    deals = [line.split(" ", 2) for line in r.stdout.splitlines() if line.startswith("deal ")]
    assert len(deals) == 4
    for _, seed, text in deals:
        assert text == position_text(st1.State(int(seed)))


def test_selfplay_usage_error():
    r = run_vm(["tests/mp/selfplay.py", "st9", "1", "1"])
    assert r.returncode == 2 and "usage" in r.stdout
