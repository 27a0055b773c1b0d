"""What one AI decision costs on the board, from CircuitPython's VM (../shared/tools/cpy):

    cpy -X heapsize=1M tests/mp/aitime.py GAME VARIANT LEVEL GAMES SEED [REPEAT] [2016|1999]

(a large heap: this script compiles the modules from source mid-run, and at 160K the list of
times found no room to grow)

GAME st1 or st2, VARIANT base or tactic. The positions are sim.aitime's (engine.ai.bench.costs:
LEVEL's card steps, and the tactic variants' action steps, in GAMES games against Easy, game i
dealt from SEED + i), each decided REPEAT times (3 by default) and charged its fastest run in
wall time (time.monotonic_ns: the VM has no CPU clock), so a preemption of this machine that
hit one run is not counted. Prints the count, median and maximum in ms on this machine's VM,
and the board's at BOARD times that (../shared/tools/README.md: the SAMD51 at 120 MHz runs the
same bytecode about 90-110 times slower); for the second game, also per role.
docs/BENCHMARKS.md, "The board's figures", has the figures in force.
"""

import sys

sys.path.insert(0, ".")

BOARD = 100  # the SAMD51's time for cpy's here


def _line(name, xs):
    if not xs:
        return name + "no decisions"
    xs = sorted(xs)
    med = xs[len(xs) // 2] / 1e6
    mx = xs[-1] / 1e6
    return "%sdecisions=%d ms_median=%.3f ms_max=%.3f board_s_median=%.2f board_s_max=%.2f" % (
        name,
        len(xs),
        med,
        mx,
        med * BOARD / 1000,
        mx * BOARD / 1000,
    )


def main(argv):
    if len(argv) < 5 or argv[0] not in ("st1", "st2") or argv[1] not in ("base", "tactic"):
        print("usage: aitime.py st1|st2 base|tactic LEVEL GAMES SEED [REPEAT] [2016|1999]")
        sys.exit(2)
    from time import monotonic_ns

    from engine.ai import level_of
    from engine.ai.bench import costs

    variant = 1 if argv[1] == "tactic" else 0
    repeat = int(argv[5]) if len(argv) > 5 else 3
    if argv[0] == "st1":
        opts = {"timing": 1 if argv[6:7] == ["1999"] else 0, "variant": variant}
    else:
        opts = {"variant": variant}
    got = costs(argv[0], opts, level_of(argv[2]), int(argv[3]), int(argv[4]), repeat, monotonic_ns)
    print(_line("%s %s %s: " % (argv[0], argv[1], argv[2]), [t for t, _ in got]))
    if argv[0] == "st2":
        for r, name in ((0, "attacker"), (1, "defender")):
            xs = [t for t, p in got if p == r]
            if xs:
                print(_line("  as %s: " % name, xs))


main(sys.argv[1:])
