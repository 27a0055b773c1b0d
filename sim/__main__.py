"""`python -m sim [command]`: the simulator and the desktop tools (see README)."""

import argparse
import sys


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    cmd = argv[0] if argv and not argv[0].startswith("-") else "play"
    rest = argv[1:] if argv and not argv[0].startswith("-") else argv
    if cmd == "prove":
        from sim.prove import prove

        prove(sys.stdin.buffer, sys.stdout)
        return 0
    if cmd == "replay":
        if len(rest) != 1:
            print("usage: python -m sim replay FILE", file=sys.stderr)
            return 2
        from sim.tools import replay

        return replay(rest[0])
    if cmd == "selfplay":
        from sim.cli import count

        ap = argparse.ArgumentParser(prog="python -m sim selfplay")
        ap.add_argument("--game", default="st1")
        ap.add_argument("--variant", default="base")
        ap.add_argument("--games", type=count, default=100)
        ap.add_argument("--seed", type=int, default=1)
        ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
        from sim.tools import main_selfplay

        return main_selfplay(ap.parse_args(rest))
    if cmd == "arena":
        from sim.arena import main as arena_main

        return arena_main(rest)
    if cmd == "demo":
        from sim.tools import demo

        return demo(int(rest[0]) if rest else 1)
    if cmd == "play":
        from sim.run import main as run_main

        return run_main(rest)
    print("unknown command %r: play, prove, replay, selfplay, arena, demo" % cmd, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
