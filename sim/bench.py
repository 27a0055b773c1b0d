"""Engine benchmarks behind docs/BENCHMARKS.md:
`python -m sim.bench [--game st1|st2] [--variant base|tactic] [what ...]`.

Each ruleset's benchmarks (`what`; without names, all of the ruleset's, in this order):

    st1 base     games prover heap
    st1 tactic   games prover heap imports
    st2 base     games prover heap imports
    st2 tactic   games heap

games: random games/s on CPython, then on CircuitPython's VM (cpy: tests/mp_util.py); prover:
the claim proof's speed; heap: the smallest -X heapsize for full games, engine as .py and .mpy;
imports: what an import keeps (st1 tactic: the tactic prover's heap) or which modules a device
game loads (st2). Without --game or --variant: every ruleset's (a heading line before each),
the names each one has."""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

from engine.cards import NCARDS
from engine.rng import Rng
from engine.st1.prove import beat, score
from engine.st1.tactic.prove import JOKER, JOKER2, SHIELD, SPY, beat_t, score_t
from sim.cli import ruleset_options, rulesets
from tests.mp_util import ROOT, board_mpy_cross, board_vm

# ---- timers and the heap search shared by the rulesets


def _best(fn, reps, clock):
    """The best of 5 runs of reps calls, per call, in seconds of `clock`."""
    best = None
    for _ in range(5):
        t0 = clock()
        for _ in range(reps):
            fn()
        dt = (clock() - t0) / reps
        best = dt if best is None or dt < best else best
    return best


def _time(fn, reps):
    """The best of 5 runs of reps calls, per call, in seconds of wall time."""
    return _best(fn, reps, time.perf_counter)


def _cpu(fn, reps):
    """The best of 5 runs of reps calls, per call, in seconds of CPU time."""
    return _best(fn, reps, time.process_time)


def _smallest(fits):
    """The smallest heap (1K steps, 4K to 256K) for which fits(heap) holds."""
    lo, hi = 4096, 256 * 1024
    while hi - lo > 1024:
        mid = (lo + hi) // 2 // 1024 * 1024
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


# ---- the first game


def st1_games():
    from engine import st1
    from sim.tools import selfplay

    for timing in ("2016", "1999"):
        print("cpython", timing, selfplay(5000, 1, st1.T1999 if timing == "1999" else st1.T2016))
        r = subprocess.run(
            [board_vm(), "-X", "heapsize=64K", "tests/mp/selfplay.py", "st1", "1000", "1", "base", timing],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        print("cpy", timing, r.stdout.strip())


def st1_prover():
    """Median and worst single-stone proof, and a scan of all 9 stones, on CPython."""
    from engine import st1
    from engine.st1.play import random_move
    from tests.prover_cases import random_case

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


def _st1_fits(heap, cwd, script, args):
    r = subprocess.run(
        [board_vm(), "-X", "heapsize=%d" % heap, script] + list(args),
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    return r.returncode == 0


def st1_heap(args=("st1", "3", "1")):
    """Smallest -X heapsize (1K steps) at which 3 full games run, from .py and from .mpy."""
    script = os.path.join(ROOT, "tests", "mp", "selfplay.py")
    print(
        "smallest heap, engine as .py (compiled in RAM): %dK"
        % (_smallest(lambda h: _st1_fits(h, ROOT, script, args)) // 1024)
    )
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
            % (_smallest(lambda h: _st1_fits(h, d, script, args)) // 1024)
        )


# ---- the first game's tactic variant


def st1t_games():
    """The tactic variant (issue 13): random games/s in CPU time, the base game's back to back
    (the machine is shared: CPU time, alternating chunks); then on the VM."""
    from engine import st1
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


def st1t_heap():
    """The smallest heaps for full tactic games (st1_heap's)."""
    st1_heap(("st1", "3", "1", "tactic"))


def _t_proof(mine, opp, n, blind, unseen):
    """One claim check: the claimant's best score, then the opponent's best completion."""
    return beat_t(score_t(mine, n, blind)[0], opp, len(opp), n, unseen, blind)


def _t_single_stone(count=20000):
    """Median and worst proof (score_t then beat_t) on a Mud Fight stone with a Joker on the
    opponent's side: random positions, then the constructed worst (nothing unseen, so every
    formation type is tried and fails)."""
    from tests.tprover_cases import random_case

    rng = random.Random(1)
    cases = []
    while len(cases) < count:
        case = random_case(rng, 4)
        if JOKER in case[1] or JOKER2 in case[1]:
            cases.append(case)
    times = []
    for c in cases:
        t0 = time.process_time()
        for _ in range(5):
            _t_proof(*c)
        times.append(((time.process_time() - t0) / 5, c))
    times.sort(key=lambda x: x[0])
    median = times[len(times) // 2][0]
    worst, wcase = 0.0, None
    for _, c in times[-40:]:  # re-timed carefully: the worst position, not the worst hiccup
        t = _cpu(lambda c=c: _t_proof(*c), 200)
        if t > worst:
            worst, wcase = t, c
    print(
        "Mud Fight stone, Joker on the opponent's side: median %.1f us, worst %.1f us "
        "(%d random positions; worst: mine %r, opponent %r, %d unseen, blind %s)"
        % (median * 1e6, worst * 1e6, count, wcase[0], wcase[1], sum(wcase[4]), wcase[3])
    )
    none = bytearray(NCARDS)
    built = 0.0
    for opp in ([JOKER2], [JOKER2, SPY], [JOKER2, SHIELD], [JOKER2, 0], [JOKER2, 0, 1]):
        for mine in ([9, 10, 11, 12], [9, 19, 29, 39]):  # O1-O4 (a colour-run), a sum
            built = max(built, _cpu(lambda o=opp, m=mine: _t_proof(m, o, 4, False, none), 500))
    print("the same, constructed worst (nothing unseen, every type tried): %.1f us" % (built * 1e6))


def _t_table(rng):
    """A consistent table for player 0's scan: every stone complete on player 0's side, the
    opponent short of complete, one Mud Fight and one Blind-Man's Bluff stone (the mode cards
    are single), the opponent's Joker on the Mud Fight stone, the Spy and the Shield-Bearer on
    either side, some other cards public in the discard. (mine, opp, n, blind) per stone and
    the public flags."""
    deck = list(range(NCARDS))
    rng.shuffle(deck)
    mud, bl = rng.randrange(9), rng.randrange(9)
    stones = []
    spy_at, shield_at = rng.randrange(18), rng.randrange(18)
    for s in range(9):
        n = 4 if s == mud else 3
        mine = [SPY] if spy_at == 2 * s else []
        mine += [SHIELD] if shield_at == 2 * s else []
        opp = [JOKER2] if s == mud else []
        opp += [SPY] if spy_at == 2 * s + 1 else []
        opp += [SHIELD] if shield_at == 2 * s + 1 else []
        while len(mine) < n:
            mine.append(deck.pop())
        k = rng.randint(len(opp), n - 1)
        while len(opp) < k:
            opp.append(deck.pop())
        stones.append((mine, opp, n, s == bl))
    public = bytearray(NCARDS)
    for mine, opp, _, _ in stones:
        for c in mine + opp:
            if c < NCARDS:
                public[c] = 1
    for c in deck[: rng.randrange(len(deck) + 1)]:  # the discard (public), up to everything
        public[c] = 1
    return stones, public


def _t_scan(stones, public):
    """Player 0's claim check of all 9 stones, from the public flags on (as Table.unseen)."""
    unseen = bytearray(NCARDS)
    for c in range(NCARDS):
        if not public[c]:
            unseen[c] = 1
    out = 0
    for s in range(9):
        mine, opp, n, blind = stones[s]
        if blind or SPY in mine or SHIELD in mine or JOKER2 in opp or SPY in opp or SHIELD in opp or n == 4:
            t = score_t(mine, n, blind)[0]
            ok = beat_t(t, opp, len(opp), n, unseen, blind) is None
        else:  # the base prover, as the variant's table may call it without tactic cards
            ok = beat(score(mine, n), opp, len(opp), n, unseen) is None
        out |= ok << s
    return out


def _t_nine_stones(count=2000):
    rng = random.Random(2)
    tables = [_t_table(rng) for _ in range(count)]
    times = []
    for t in tables:
        t0 = time.process_time()
        for _ in range(5):
            _t_scan(*t)
        times.append(((time.process_time() - t0) / 5, t))
    times.sort(key=lambda x: x[0])
    median = times[len(times) // 2][0]
    worst = max(_cpu(lambda t=t: _t_scan(*t), 50) for _, t in times[-20:])
    print(
        "scan of 9 stones (one Mud Fight stone with the opponent's Joker, one Blind-Man's "
        "Bluff stone): median %.1f us, worst %.1f us (%d random tables)" % (median * 1e6, worst * 1e6, count)
    )


def st1t_prover():
    """The tactic proof's speed, in CPU time (time.process_time: other work on a shared machine
    distorts it less): one Mud Fight stone, then scans of 9 stones."""
    _t_single_stone()
    _t_nine_stones()


_T_IMPORT = (
    "import sys\nsys.path.insert(0, '.')\nimport gc\nimport engine.st1\nimport engine.st1.play\n"
    "gc.collect()\na = gc.mem_alloc()\nimport %s\ngc.collect()\nprint(gc.mem_alloc() - a)\n"
)


def st1t_imports():
    """Smallest -X heapsize (1K steps) in which a module compiles from .py after the base
    game's engine, and what it keeps in RAM: engine.st1.tactic.prove against engine.st1.game."""
    for mod in ("engine.st1.game", "engine.st1.tactic.prove"):
        kept = None
        for k in range(36, 97):
            r = subprocess.run(
                [board_vm(), "-X", "heapsize=%dK" % k, "-c", _T_IMPORT % mod],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            if r.returncode == 0:
                kept = int(r.stdout.strip())
                break
        print("import %s from .py after engine.st1: smallest heap %dK, keeps %d bytes" % (mod, k, kept or -1))


# ---- the second game and its tactic variant


def st2_games():
    from sim.tools import selfplay_st2

    print("cpython", selfplay_st2(5000, 1))
    r = subprocess.run(
        [board_vm(), "-X", "heapsize=48K", "tests/mp/selfplay.py", "st2", "500", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    print("cpy (48K)", r.stdout.strip() or r.stderr.strip()[-300:])


def _st2_seen(unseen):
    seen = bytearray(72)
    for c in range(60):
        seen[c] = 0 if unseen[c] else 1
    return seen


def st2_prover():
    """Median and worst single-tile proof (random positions, every tile side, from no visible
    card to nearly all), and 7-tile scans on states met in random games, on CPython."""
    from engine.st2.moves import PH_OVER
    from engine.st2.play import random_move
    from engine.st2.prove import beat, score
    from engine.st2.state import State
    from tests.st2_prover_cases import random_case

    rng = random.Random(1)
    cases = []
    for i in range(28000):
        mine, opp, n, kd, unseen = random_case(rng, i % 7, (i // 7) % 2, None)
        cases.append((score(mine, n, kd), opp, len(opp), n, kd, _st2_seen(unseen)))
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
_ST2_PLAIN = (
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


def _st2_fits(heap, cwd, plain, variant=()):
    script = [os.path.join(ROOT, "tests", "mp", "selfplay.py"), "st2", "3", "1"] + list(variant)
    code = _ST2_PLAIN
    if variant:
        code = code.replace("engine.st2.play", "engine.st2.tactic.play").replace("(None,", "({'variant': 1},")
    args = [board_vm(), "-X", "heapsize=%d" % heap] + (["-c", code] if plain else script)
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True).returncode == 0


def st2_heap(variant=()):
    """Smallest -X heapsize (1K steps) at which 3 full games run, engine as .py and as .mpy
    (variant ("tactic",): the tactic variant's games)."""
    what = "st2 tactic" if variant else "st2"
    print(
        "smallest heap for full %s games, engine as .py (compiled in RAM): %dK"
        % (what, _smallest(lambda h: _st2_fits(h, ROOT, False, variant)) // 1024)
    )
    print(
        "the same, importing `from engine.st2 import game` plainly: %dK"
        % (_smallest(lambda h: _st2_fits(h, ROOT, True, variant)) // 1024)
    )
    mpy = board_mpy_cross()
    with tempfile.TemporaryDirectory() as d:
        for rel in ["engine/__init__.py", "engine/errors.py", "engine/rng.py"] + [
            pkg + n
            for pkg in ("engine/st2/", "engine/st2/tactic/")
            for n in os.listdir(os.path.join(ROOT, pkg))
            if n.endswith(".py")
        ]:
            os.makedirs(os.path.join(d, os.path.dirname(rel)), exist_ok=True)
            out = os.path.join(d, rel[:-3] + ".mpy")
            subprocess.run([mpy, "-o", out, os.path.join(ROOT, rel)], check=True)
        print(
            "smallest heap, engine as .mpy (CircuitPython's mpy-cross): %dK"
            % (_smallest(lambda h: _st2_fits(h, d, False, variant)) // 1024)
        )


def st2_imports():
    """The modules a device game of Schotten Totten 2 imports (engine.st2.game, the binary
    record), listed by CircuitPython's VM itself."""
    code = (
        "import sys; sys.path.insert(0, '.'); from engine.st2 import game, record; "
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))"
    )
    r = subprocess.run([board_vm(), "-c", code], cwd=ROOT, capture_output=True, text=True)
    print("device imports:", r.stdout.strip() or r.stderr.strip())


def st2t_games():
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


def st2t_heap():
    """The smallest heaps for full tactic games (st2_heap's)."""
    st2_heap(("tactic",))


# ---- the command

BENCHES = {
    ("st1", "base"): {"games": st1_games, "prover": st1_prover, "heap": st1_heap},
    ("st1", "tactic"): {
        "games": st1t_games,
        "prover": st1t_prover,
        "heap": st1t_heap,
        "imports": st1t_imports,
    },
    ("st2", "base"): {"games": st2_games, "prover": st2_prover, "heap": st2_heap, "imports": st2_imports},
    ("st2", "tactic"): {"games": st2t_games, "heap": st2t_heap},
}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.bench")
    ruleset_options(ap)
    ap.add_argument("what", nargs="*", help="games, prover, heap, imports (default: all of each ruleset's)")
    args = ap.parse_args(argv)
    chosen = rulesets(args)
    for w in args.what:
        if not any(w in BENCHES[r] for r in chosen):
            have = "; ".join("%s %s: %s" % (r[0], r[1], " ".join(BENCHES[r])) for r in chosen)
            print("no %s benchmark here (%s)" % (w, have), file=sys.stderr)
            return 2
    for r in chosen:
        todo = [w for w in args.what if w in BENCHES[r]] if args.what else list(BENCHES[r])
        if todo and len(chosen) > 1:
            print("== %s %s" % r)
        for w in todo:
            BENCHES[r][w]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
