"""Tactic variant on CircuitPython's VM (cpy; issue 13 item 5): the same games as on CPython,
under a heap cap (docs/BENCHMARKS.md has the smallest heaps, engine as .py and as .mpy)."""

import os
import re
import shutil
import subprocess

import pytest

from engine.rng import Rng
from engine.st1 import game
from engine.st1.tactic.play import random_move
from tests.mp_util import ROOT, run_vm

SUMMARY = re.compile(r"^games=(\d+) p1_wins=(\d+) p2_wins=(\d+) avg_turns=([\d.]+) games_per_s=([\d.]+)$")
HEAP_PY = "64K"  # engine as .py, compiled in RAM


def _cpython(games, seed, timing):
    rng = Rng(seed)
    wins = [0, 0]
    turns = 0
    for i in range(games):
        st = game.new_state(game.options(1, timing, i & 1), seed + i)
        while not game.is_over(st):
            st.apply(random_move(st, rng))
        wins[st.winner] += 1
        turns += st.turn
    return wins, "%.1f" % (turns / games)


def _summary(r):
    assert r.returncode == 0, r.stderr + r.stdout
    m = SUMMARY.match(r.stdout.strip().splitlines()[-1])
    assert m, r.stdout
    return [int(m.group(2)), int(m.group(3))], m.group(4)


def test_selfplay_plays_the_same_games_as_cpython():
    """`micropython -X heapsize=64K tests/mp/selfplay.py st1 GAMES SEED tactic [TIMING]`: the
    same wins and turns as `python -m sim selfplay --game st1 --variant tactic` (our generator
    and shuffle give the same deals; the VM script's mover picks what engine.st1.tactic.play does)."""
    for timing, games in ((0, 150), (1, 60)):
        r = run_vm(
            ["tests/mp/selfplay.py", "st1", str(games), "7", "tactic", ("2016", "1999")[timing]], heap=HEAP_PY
        )
        assert _summary(r) == _cpython(games, 7, timing)


def test_the_tactic_game_loads_neither_the_base_state_nor_the_second_game():
    """On the VM a tactic game imports its own modules and the base game's table and prover,
    not the base game's State or View (engine.st1 loads them when asked for) nor engine.st2."""
    code = (
        "import sys; sys.path.insert(0, '.')\n"
        "from engine.st1.tactic.state import TState\n"
        "st = TState(3)\n"
        "st.apply(st.legal_moves()[0])\n"
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))\n"
    )
    r = run_vm(["-c", code], heap="128K")
    assert r.returncode == 0, r.stderr
    mods = r.stdout.split()
    assert "engine.st1.tactic.state" in mods and "engine.st1.table" in mods
    assert not {"engine.st1.state", "engine.st1.view", "engine.st1.game"} & set(mods), mods
    assert not [m for m in mods if m.startswith("engine.st2")]


def test_precompiled_a_tactic_game_fits_in_48k(tmp_path):
    """With the engine compiled by CircuitPython's mpy-cross (as the device bundle ships it),
    full tactic games run on CircuitPython's VM under -X heapsize=48K."""
    from sim.bundle import default_mpy_cross

    mpy = default_mpy_cross()
    if mpy is None:
        pytest.skip("CircuitPython's mpy-cross not found: ../shared/tools/cp-mpy-cross (set MPY_CROSS)")
    for dirpath, _, files in os.walk(os.path.join(ROOT, "engine")):
        rel = os.path.relpath(dirpath, ROOT)
        os.makedirs(tmp_path / rel, exist_ok=True)
        for name in files:
            if name.endswith(".py"):
                out = tmp_path / rel / (name[:-3] + ".mpy")
                subprocess.run([mpy, "-o", str(out), os.path.join(dirpath, name)], check=True)
    os.makedirs(tmp_path / "tests" / "mp")
    for name in ("selfplay.py", "tselfplay.py"):
        shutil.copy(os.path.join(ROOT, "tests", "mp", name), tmp_path / "tests" / "mp")
    r = run_vm(
        ["tests/mp/selfplay.py", "st1", "20", "3", "tactic"], heap="48K", timeout=300, cwd=str(tmp_path)
    )
    assert _summary(r) == _cpython(20, 3, 0)
