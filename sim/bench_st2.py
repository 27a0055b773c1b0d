"""Schotten Totten 2 engine benchmarks behind docs/BENCHMARKS.md:
`python -m sim.bench_st2 [games|prover|heap|imports|tactic|tactic-heap]`."""

import os
import random
import subprocess
import sys
import tempfile
import time

from engine.rng import Rng
from engine.st2.moves import PH_OVER
from engine.st2.play import random_move
from engine.st2.prove import beat, score
from engine.st2.state import State
from sim.bench import _time  # the same best-of-five timer as the first game's benchmarks
from sim.tools import selfplay_st2
from tests.mp_util import ROOT, board_mpy_cross, board_vm
from tests.st2_prover_cases import random_case


def bench_games():
    print("cpython", selfplay_st2(5000, 1))
    r = subprocess.run(
        [board_vm(), "-X", "heapsize=48K", "tests/mp/selfplay.py", "st2", "500", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    print("cpy (48K)", r.stdout.strip() or r.stderr.strip()[-300:])


def _seen(unseen):
    seen = bytearray(72)
    for c in range(60):
        seen[c] = 0 if unseen[c] else 1
    return seen


def bench_prover():
    """Median and worst single-tile proof (random positions, every tile side, from no visible
    card to nearly all), and 7-tile scans on states met in random games, on CPython."""
    rng = random.Random(1)
    cases = []
    for i in range(28000):
        mine, opp, n, kd, unseen = random_case(rng, i % 7, (i // 7) % 2, None)
        cases.append((score(mine, n, kd), opp, len(opp), n, kd, _seen(unseen)))
    times = []
    for c in cases:
        t0 = time.perf_counter()
        beat(*c)
        times.append((time.perf_counter() - t0, c))
    per_tile = {}
    for i in range(len(times)):
        per_tile.setdefault(i % 7, []).append(times[i])
    times.sort(key=lambda x: x[0])
    median = times[len(times) // 2][0]
    worst = 0.0
    for _, c in times[-60:]:  # re-time the slowest: the worst position, not the worst hiccup
        worst = max(worst, _time(lambda c=c: beat(*c), 200))
    print(
        "proof of one tile: median %.1f us, worst position %.1f us (28,000 random positions)"
        % (median * 1e6, worst * 1e6)
    )
    # A bound on the worst 7-tile scan: the slowest position of each tile (either side), summed.
    bound = 0.0
    for t in range(7):
        slow = sorted(per_tile[t], key=lambda x: x[0])[-20:]
        bound += max(_time(lambda c=c: beat(*c), 200) for _, c in slow)
    print("7-tile scan bound (the slowest position of each tile, summed): %.1f us" % (bound * 1e6))
    states = []
    g = Rng(3)
    for seed in range(300):
        st = State(seed)
        while st.phase != PH_OVER:
            if st.to_move == 0:
                states.append(st.copy())
            st.apply(random_move(st, g))
    scan = sorted(_time(lambda s=s: s.declarable(), 20) for s in states[::5])
    slow = [s for s in states if sum(s.cnt[0::2]) >= 12]
    print(
        "7-tile scan (declarable): median %.1f us, worst %.1f us (%d Attacker states)"
        % (scan[len(scan) // 2] * 1e6, scan[-1] * 1e6, len(scan))
    )
    if slow:
        worst = max(_time(lambda s=s: s.declarable(), 20) for s in slow[:400])
        print("7-tile scan, states with 12+ Attacker cards on the wall: worst %.1f us" % (worst * 1e6))


# Three games through the one game interface, importing it plainly (no leaves-first loading).
_PLAIN = (
    "import sys; sys.path.insert(0, '.')\n"
    "from engine.st2 import game\n"
    "from engine.st2.play import random_move\n"
    "from engine.rng import Rng\n"
    "rng = Rng(1)\n"
    "for i in range(3):\n"
    "    st = game.new_state(None, 1 + i)\n"
    "    while not game.is_over(st):\n"
    "        st.apply(random_move(st, rng))\n"
)


def _fits(heap, cwd, plain, variant=()):
    script = [os.path.join(ROOT, "tests", "mp", "selfplay.py"), "st2", "3", "1"] + list(variant)
    code = _PLAIN
    if variant:
        code = code.replace("engine.st2.play", "engine.st2.tactic.play").replace("(None,", "({'variant': 1},")
    args = [board_vm(), "-X", "heapsize=%d" % heap] + (["-c", code] if plain else script)
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True).returncode == 0


def _smallest(cwd, plain=False, variant=()):
    lo, hi = 4096, 256 * 1024
    while hi - lo > 1024:
        mid = (lo + hi) // 2 // 1024 * 1024
        if _fits(mid, cwd, plain, variant):
            hi = mid
        else:
            lo = mid
    return hi


def bench_heap(variant=()):
    """Smallest -X heapsize (1K steps) at which 3 full games run, engine as .py and as .mpy
    (variant ("tactic",): the tactic variant's games)."""
    what = "st2 tactic" if variant else "st2"
    print(
        "smallest heap for full %s games, engine as .py (compiled in RAM): %dK"
        % (what, _smallest(ROOT, False, variant) // 1024)
    )
    print(
        "the same, importing `from engine.st2 import game` plainly: %dK"
        % (_smallest(ROOT, True, variant) // 1024)
    )
    mpy = board_mpy_cross()
    with tempfile.TemporaryDirectory() as d:
        for rel in ["engine/__init__.py", "engine/errors.py", "engine/rng.py"] + [
            "engine/st2/" + n for n in os.listdir(os.path.join(ROOT, "engine", "st2")) if n.endswith(".py")
        ]:
            os.makedirs(os.path.join(d, os.path.dirname(rel)), exist_ok=True)
            out = os.path.join(d, rel[:-3] + ".mpy")
            subprocess.run([mpy, "-o", out, os.path.join(ROOT, rel)], check=True)
        print(
            "smallest heap, engine as .mpy (CircuitPython's mpy-cross): %dK"
            % (_smallest(d, False, variant) // 1024)
        )


def bench_tactic():
    """Random tactic games on CPython in CPU time (a shared machine's wall time says little),
    each run beside the base game's measured the same way; then on the VM at the test's heap."""
    from engine.st2.play import random_game as base_game
    from engine.st2.tactic.play import random_game

    for _ in range(3):
        out = []
        for play in (random_game, base_game):
            rng = Rng(1)
            t0 = time.process_time()
            for i in range(2000):
                play(1 + i, rng)
            out.append(2000 / (time.process_time() - t0))
        print(
            "cpython, 2000 games each, CPU time: tactic %.0f games/s, base %.0f games/s (ratio %.2f)"
            % (out[0], out[1], out[1] / out[0])
        )
    r = subprocess.run(
        [board_vm(), "-X", "heapsize=96K", "tests/mp/selfplay.py", "st2", "500", "1", "tactic"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    print("cpy (96K) tactic", r.stdout.strip() or r.stderr.strip()[-300:])


def bench_imports():
    """The modules a device game of Schotten Totten 2 imports (engine.st2.game, the binary
    record), listed by CircuitPython's VM itself."""
    code = (
        "import sys; sys.path.insert(0, '.'); from engine.st2 import game, record; "
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))"
    )
    r = subprocess.run([board_vm(), "-c", code], cwd=ROOT, capture_output=True, text=True)
    print("device imports:", r.stdout.strip() or r.stderr.strip())


if __name__ == "__main__":
    what = sys.argv[1:] or ["games", "prover", "heap", "imports", "tactic", "tactic-heap"]
    for w in what:
        {
            "games": bench_games,
            "prover": bench_prover,
            "heap": bench_heap,
            "imports": bench_imports,
            "tactic": bench_tactic,
            "tactic-heap": lambda: bench_heap(("tactic",)),
        }[w]()
