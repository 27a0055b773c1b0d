"""`python -m sim arena [--game st1|st2] [--variant base|tactic] [--timing 2016|1999]
[--match single|revenge] --a LEVEL --b LEVEL --games N --seed S`

Plays N games between two AI levels (easy, medium, hard, expert) and ends with one summary
line (see engine.ai.bench). The first game alternates the seats; the second game (st2)
alternates the roles (level A attacks in even games) and reports A's win rate as Attacker and
as Defender; `--variant tactic` plays the game's tactic variant (and allows `hard-notac`:
Hard that never plays or draws a tactic card); with `--match revenge` it plays N revenge matches (two games with the roles
swapped, another pair while tied) and counts match wins. Also `python -m sim.arena ...`.
"""

import argparse
import sys

from sim.cli import count


def _level(name, variant, game="st1"):
    """A level int, or for the tactic variant also `hard-notac`: Hard that never plays or
    draws a tactic card (the yardstick of "tactic cards pay")."""
    from engine.ai import level_of

    if variant == "tactic" and name == "hard-notac":
        if game == "st2":
            from engine.ai.st2.tactic import TBudget2

            return TBudget2(True, 0, 0, 0, notac=1)
        from engine.ai.st1.tactic import TBudget

        return TBudget(True, 0, 0, 0, notac=1)
    return level_of(name)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m sim arena")
    ap.add_argument("--game", default="st1", choices=("st1", "st2"))
    ap.add_argument("--variant", default="base", choices=("base", "tactic"))
    ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
    ap.add_argument("--match", choices=("single", "revenge"), default="single")
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="easy")
    ap.add_argument("--games", type=count, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="print only the summary line")
    args = ap.parse_args(argv)
    from engine.ai.bench import run, run2
    from engine.errors import IllegalMove

    try:
        la = _level(args.a, args.variant, args.game)
        lb = _level(args.b, args.variant, args.game)
    except IllegalMove as e:
        print(e, file=sys.stderr)
        return 2
    out = None if args.quiet else print
    if args.game == "st2":
        tac = 1 if args.variant == "tactic" else 0
        line = run2(la, lb, args.games, args.seed, out, args.match == "revenge", tac)
    else:
        if args.match == "revenge":
            print("--match revenge is a Schotten Totten 2 match (--game st2)", file=sys.stderr)
            return 2
        from engine import st1

        timing = st1.T1999 if args.timing == "1999" else st1.T2016
        line = run(timing, la, lb, args.games, args.seed, out, 1 if args.variant == "tactic" else 0)
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
