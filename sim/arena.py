"""`python -m sim arena --game st1 [--timing 2016|1999] --a LEVEL --b LEVEL --games N --seed S`

Plays N games between two AI levels (easy, medium, hard, expert) with seats alternated
and ends with one summary line (see engine.ai.bench). Also `python -m sim.arena ...`.
"""

import argparse
import sys

from sim.cli import count


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m sim arena")
    ap.add_argument("--game", default="st1", choices=("st1",))
    ap.add_argument("--variant", default="base", choices=("base",))
    ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="easy")
    ap.add_argument("--games", type=count, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="print only the summary line")
    args = ap.parse_args(argv)
    from engine import st1
    from engine.ai import level_of
    from engine.ai.bench import run
    from engine.errors import IllegalMove

    try:
        la = level_of(args.a)
        lb = level_of(args.b)
    except IllegalMove as e:
        print(e, file=sys.stderr)
        return 2
    timing = st1.T1999 if args.timing == "1999" else st1.T2016
    line = run(timing, la, lb, args.games, args.seed, None if args.quiet else print)
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
