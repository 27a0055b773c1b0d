"""Engine benchmarks behind docs/BENCHMARKS.md: `python -m sim.bench [games|prover|heap|tactic]`."""

import os
import random
import subprocess
import sys
import tempfile
import time

from engine import st1
from engine.rng import Rng
from engine.st1.play import random_move
from engine.st1.prove import beat
from sim.tools import selfplay
from tests.mp_util import ROOT, board_mpy_cross, board_vm
from tests.prover_cases import random_case


def bench_games():
    for timing in ("2016", "1999"):
        print("cpython", timing, selfplay(5000, 1, st1.T1999 if timing == "1999" else st1.T2016))
        r = subprocess.run(
            [board_vm(), "-X", "heapsize=64K", "tests/mp/selfplay.py", "st1", "1000", "1", "base", timing],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        print("cpy", timing, r.stdout.strip())


def _time(fn, reps):
    best = None
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        dt = (time.perf_counter() - t0) / reps
        best = dt if best is None or dt < best else best
    return best


def bench_prover():
    """Median and worst single-stone proof, and a scan of all 9 stones, on CPython."""
    rng = random.Random(1)
    cases = [random_case(rng) for _ in range(20000)]
    times = []
    for case in cases:
        t0 = time.perf_counter()
        beat(case[0], case[1], case[2], 3, case[3])
        times.append((time.perf_counter() - t0, case))
    times.sort(key=lambda x: x[0])
    median = times[len(times) // 2][0]
    # Re-time the slowest candidates carefully: the worst position, not the worst hiccup.
    worst = 0.0
    for _, case in times[-40:]:
        t = _time(lambda c=case: beat(c[0], c[1], c[2], 3, c[3]), 200)
        worst = max(worst, t)
    print(
        "prover single stone: median %.1f us, worst position %.1f us (20,000 random positions)"
        % (median * 1e6, worst * 1e6)
    )
    # Scans of all 9 stones (claimable_by both players) on states met in random games.
    states = []
    g = Rng(3)
    for seed in range(200):
        st = st1.State(seed)
        while st.phase != st1.PH_OVER:
            states.append(st.copy())
            st.apply(random_move(st, g))
    scan = []
    for st in states[::7]:
        scan.append(_time(lambda s=st: (s.claimable_by(0), s.claimable_by(1)), 20) / 2)
    scan.sort()
    print(
        "scan of 9 stones for one player: median %.1f us, worst %.1f us (%d game states)"
        % (scan[len(scan) // 2] * 1e6, scan[-1] * 1e6, len(scan))
    )


def _fits(heap, cwd, script, args=("st1", "3", "1")):
    r = subprocess.run(
        [board_vm(), "-X", "heapsize=%d" % heap, script] + list(args),
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    return r.returncode == 0


def _smallest(cwd, script, args=("st1", "3", "1")):
    lo, hi = 4096, 256 * 1024
    while hi - lo > 1024:
        mid = (lo + hi) // 2 // 1024 * 1024
        if _fits(mid, cwd, script, args):
            hi = mid
        else:
            lo = mid
    return hi


def bench_heap(args=("st1", "3", "1")):
    """Smallest -X heapsize (1K steps) at which 3 full games run, from .py and from .mpy."""
    script = os.path.join(ROOT, "tests", "mp", "selfplay.py")
    print("smallest heap, engine as .py (compiled in RAM): %dK" % (_smallest(ROOT, script, args) // 1024))
    with tempfile.TemporaryDirectory() as d:
        mpy = board_mpy_cross()
        for dirpath, _, files in os.walk(os.path.join(ROOT, "engine")):
            rel = os.path.relpath(dirpath, ROOT)
            for name in files:
                if name.endswith(".py"):
                    os.makedirs(os.path.join(d, rel), exist_ok=True)
                    subprocess.run(
                        [mpy, "-o", os.path.join(d, rel, name[:-3] + ".mpy"), os.path.join(dirpath, name)],
                        check=True,
                    )
        print(
            "smallest heap, engine as .mpy (CircuitPython's mpy-cross): %dK"
            % (_smallest(d, script, args) // 1024)
        )


def bench_tactic():
    """The tactic variant (issue 13): random games/s in CPU time, the base game's back to back
    (the machine is shared: CPU time, alternating chunks); on the VM; the smallest heaps."""
    from engine.st1.play import random_game as base_game
    from engine.st1.tactic.play import random_game

    for timing in (st1.T2016, st1.T1999):
        cpu = {"base": 0.0, "tactic": 0.0}
        for rep in range(5):
            for name, fn in (("base", base_game), ("tactic", random_game)):
                rng = Rng(1 + rep)
                t0 = time.process_time()
                for g in range(400):
                    fn(1 + g + 400 * rep, timing, rng, g & 1)
                cpu[name] += time.process_time() - t0
        print(
            "cpython %s: base %.0f games/s, tactic %.0f games/s (CPU time, 2,000 games each)"
            % (("2016", "1999")[timing], 2000 / cpu["base"], 2000 / cpu["tactic"])
        )
    for heap in ("64K", "96K"):
        r = subprocess.run(
            [board_vm(), "-X", "heapsize=" + heap, "tests/mp/selfplay.py", "st1", "500", "1", "tactic"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        print("cpy tactic at %s: %s" % (heap, r.stdout.strip()))
    bench_heap(("st1", "3", "1", "tactic"))


if __name__ == "__main__":
    what = sys.argv[1:] or ["games", "prover", "heap"]
    for w in what:
        {"games": bench_games, "prover": bench_prover, "heap": bench_heap, "tactic": bench_tactic}[w]()
