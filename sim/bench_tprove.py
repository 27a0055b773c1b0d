"""Tactic-proof benchmarks behind docs/BENCHMARKS.md: `python -m sim.bench_tprove [speed|heap]`.

Speed in CPU time (time.process_time), so that other work on a shared machine distorts less;
heap on CircuitPython's VM (cpy: tests/mp_util.py)."""

import random
import subprocess
import sys
import time

from engine.cards import NCARDS
from engine.st1.prove import beat, score
from engine.st1.tactic.prove import JOKER, JOKER2, SHIELD, SPY, beat_t, score_t
from tests.tprover_cases import random_case


def _cpu(fn, reps):
    """The best of 5 runs of reps calls, per call, in seconds of CPU time."""
    best = None
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(reps):
            fn()
        dt = (time.process_time() - t0) / reps
        best = dt if best is None or dt < best else best
    return best


def _proof(mine, opp, n, blind, unseen):
    """One claim check: the claimant's best score, then the opponent's best completion."""
    return beat_t(score_t(mine, n, blind)[0], opp, len(opp), n, unseen, blind)


def single_stone(count=20000):
    """Median and worst proof (score_t then beat_t) on a Mud Fight stone with a Joker on the
    opponent's side: random positions, then the constructed worst (nothing unseen, so every
    formation type is tried and fails)."""
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
            _proof(*c)
        times.append(((time.process_time() - t0) / 5, c))
    times.sort(key=lambda x: x[0])
    median = times[len(times) // 2][0]
    worst, wcase = 0.0, None
    for _, c in times[-40:]:  # re-timed carefully: the worst position, not the worst hiccup
        t = _cpu(lambda c=c: _proof(*c), 200)
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
            built = max(built, _cpu(lambda o=opp, m=mine: _proof(m, o, 4, False, none), 500))
    print("the same, constructed worst (nothing unseen, every type tried): %.1f us" % (built * 1e6))


def random_table(rng):
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


def scan(stones, public):
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


def nine_stones(count=2000):
    rng = random.Random(2)
    tables = [random_table(rng) for _ in range(count)]
    times = []
    for t in tables:
        t0 = time.process_time()
        for _ in range(5):
            scan(*t)
        times.append(((time.process_time() - t0) / 5, t))
    times.sort(key=lambda x: x[0])
    median = times[len(times) // 2][0]
    worst = max(_cpu(lambda t=t: scan(*t), 50) for _, t in times[-20:])
    print(
        "scan of 9 stones (one Mud Fight stone with the opponent's Joker, one Blind-Man's "
        "Bluff stone): median %.1f us, worst %.1f us (%d random tables)" % (median * 1e6, worst * 1e6, count)
    )


_IMPORT = (
    "import sys\nsys.path.insert(0, '.')\nimport gc\nimport engine.st1\nimport engine.st1.play\n"
    "gc.collect()\na = gc.mem_alloc()\nimport %s\ngc.collect()\nprint(gc.mem_alloc() - a)\n"
)


def heap():
    """Smallest -X heapsize (1K steps) in which a module compiles from .py after the base
    game's engine, and what it keeps in RAM: tprove against engine.st1.game."""
    from tests.mp_util import ROOT, board_vm

    for mod in ("engine.st1.game", "engine.st1.tactic.prove"):
        kept = None
        for k in range(36, 97):
            r = subprocess.run(
                [board_vm(), "-X", "heapsize=%dK" % k, "-c", _IMPORT % mod],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            if r.returncode == 0:
                kept = int(r.stdout.strip())
                break
        print("import %s from .py after engine.st1: smallest heap %dK, keeps %d bytes" % (mod, k, kept or -1))


if __name__ == "__main__":
    what = sys.argv[1:] or ["speed", "heap"]
    if "speed" in what:
        single_stone()
        nine_stones()
    if "heap" in what:
        heap()
