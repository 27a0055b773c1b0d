"""`python -m sim.aitime --level medium [--game st1|st2] [--variant base|tactic] [--timing 2016|1999] [--games N] [--seed S] [--repeat K] [--passes P]`

What one AI decision costs, position by position, with the desktop's noise taken out: the
positions are the plays of LEVEL in N arena games against Easy (game i dealt from seed + i,
seats alternated as in the arena), and each position is decided K more times; its cost is
the fastest of those K (CPU time of this process), so a preemption, a cache miss or a
garbage collection that hit one run is not charged to the position. With `--passes P` the
whole replay is made P times and each position keeps its fastest run of all passes: a slow
spell of the machine that lasts seconds (this machine's CPU time per decision moves by half
between runs minutes apart) hits one pass's runs of a position, not all. Prints the count, mean,
median and maximum of those costs in ms of CPython's CPU time; the board's time per decision
comes from CircuitPython's VM instead (tests/mp/aitime.py, the same positions: docs/BENCHMARKS.md,
"The board's figures"). The decision itself is the arena's: same seat, same random stream.
For the second game (`--game st2`) the positions are every decision of LEVEL's card step
(including the one that weighs a preparation action) in games against Easy, LEVEL
attacking in even games and defending in odd ones; the line also gives the median and
maximum per role. With `--variant tactic` the positions are LEVEL's card steps and ruse
(action) steps of tactic games against Easy.
"""

import argparse
import sys
from time import process_time_ns

from engine.ai.bench import costs as _costs
from sim.cli import count


def costs(game, opts, level, games, seed, repeat):
    """engine.ai.bench.costs in this process's CPU time."""
    return _costs(game, opts, level, games, seed, repeat, process_time_ns)


def fastest(game, opts, level, games, seed, repeat, passes):
    """costs() made `passes` times over: each position's fastest run of them all."""
    got = costs(game, opts, level, games, seed, repeat)
    for _ in range(passes - 1):
        again = costs(game, opts, level, games, seed, repeat)
        if [p for _, p in again] != [p for _, p in got]:
            raise AssertionError("a pass replayed other positions: the games are not deterministic")
        got = [(min(a, b), p) for (a, p), (b, _) in zip(got, again)]
    return got


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.aitime")
    ap.add_argument("--level", default="medium")
    ap.add_argument("--game", choices=("st1", "st2"), default="st1")
    ap.add_argument("--variant", choices=("base", "tactic"), default="base")
    ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
    ap.add_argument("--games", type=count, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=count, default=5)
    ap.add_argument("--passes", type=count, default=1)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    from engine import st1
    from engine.ai import level_of

    if args.game == "st2":
        opts = {"variant": 1} if args.variant == "tactic" else None
        got = fastest("st2", opts, level_of(args.level), args.games, args.seed, args.repeat, args.passes)
        xs = sorted(x for x, _ in got)
        if not xs:
            print("no decisions")
            return 1
        roles = []
        for r, name in ((0, "att"), (1, "def")):
            ys = sorted(x for x, p in got if p == r)
            if ys:
                roles.append(
                    " %s_ms_median=%.3f %s_ms_max=%.3f" % (name, ys[len(ys) // 2] / 1e6, name, ys[-1] / 1e6)
                )
        n = len(xs)
        med = xs[n // 2] / 1e6
        mx = xs[-1] / 1e6
        print(
            "level=%s game=st2%s decisions=%d ms_mean=%.3f ms_median=%.3f ms_max=%.3f%s"
            % (
                args.level,
                " variant=tactic" if opts else "",
                n,
                sum(xs) / n / 1e6,
                med,
                mx,
                "".join(roles),
            )
        )
        return 0
    timing = st1.T1999 if args.timing == "1999" else st1.T2016
    variant = 1 if args.variant == "tactic" else 0
    got = fastest(
        "st1",
        {"timing": timing, "variant": variant},
        level_of(args.level),
        args.games,
        args.seed,
        args.repeat,
        args.passes,
    )
    xs = sorted(x for x, _ in got)
    n = len(xs)
    if not n:
        print("no decisions")
        return 1
    mean = sum(xs) / n / 1e6
    med = xs[n // 2] / 1e6
    mx = xs[-1] / 1e6
    print(
        "level=%s timing=%s%s decisions=%d ms_mean=%.3f ms_median=%.3f ms_max=%.3f"
        % (
            args.level,
            args.timing,
            " variant=tactic" if variant else "",
            n,
            mean,
            med,
            mx,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
