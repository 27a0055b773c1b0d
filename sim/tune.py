"""`python -m sim.tune [--timing 2016|1999] [--deals N] [--seed S] [--vs LEVEL] [KEY=VALUE ...]`

Tries a look-ahead budget against an AI level in paired games, for tuning Expert
(docs/AI.md, Tuning). Each of N deals (seed, seed + 1, ...) is played twice, the budget on
either seat, so the luck of the cards cancels between the two games; KEY=VALUE set the
fields of `engine.ai.Budget(True, cands, samples, 0, ...)`: cands, samples, plies, end,
ecands, prior, hand, late, infer (defaults as the 2016 Expert's:
cands=4 samples=8 end=0 ecands=8).
Prints one summary line, then the games' results as a string of 0s and 1s in play order,
so two budgets run on the same deals can be compared game by game (`--compare A B`: two
such output files; prints the games each one won and the other lost).

It is slow: a deal is two whole games of look-ahead play, 10 to 15 s with the defaults on this
project's machine, so the default 200 deals take 35 to 45 minutes. It says so on stderr as it
goes: the time left after the first deal, then at every tenth of the run.
"""

import argparse
import sys
import time

from sim.cli import count

KEYS = ("cands", "samples", "plies", "end", "ecands", "prior", "hand", "late", "infer")


def budget(pairs):
    """A Budget from KEY=VALUE strings; ValueError for an unknown key or a bad value."""
    from engine.ai import Budget

    kw = {"cands": 4, "samples": 8, "end": 0, "ecands": 8}
    for p in pairs:
        k, _, v = p.partition("=")
        if k not in KEYS or not v.lstrip("-").isdigit():
            raise ValueError("expected KEY=INT with KEY one of %s, got %r" % (", ".join(KEYS), p))
        kw[k] = int(v)
    return Budget(True, kw.pop("cands"), kw.pop("samples"), 0, **kw)


def compare(a, b):
    """Games won by one file's budget and lost by the other's (the same deals, same order)."""
    runs = []
    for f in (a, b):
        with open(f) as fh:
            words = fh.read().split()
        if not words or set(words[-1]) - set("01"):
            raise ValueError("%s: not the output of a sim.tune run" % f)
        runs.append(words[-1])
    ra, rb = runs
    if len(ra) != len(rb):
        raise ValueError("the two runs have a different number of games")
    ga = sum(1 for x, y in zip(ra, rb) if x == "1" and y == "0")
    gb = sum(1 for x, y in zip(ra, rb) if x == "0" and y == "1")
    n = len(ra)
    return "games=%d only_a_won=%d only_b_won=%d diff=%.3f sd=%.3f" % (
        n,
        ga,
        gb,
        (ga - gb) / n,
        (ga + gb) ** 0.5 / n,
    )


def say(text):
    """A progress line on stderr (stdout keeps the two result lines)."""
    print("sim.tune: " + text, file=sys.stderr, flush=True)


def duration(s):
    """Seconds as a short text: "40 s", "12 min", "1 h 05 min"."""
    s = int(s + 0.5)
    if s < 100:
        return "%d s" % s
    if s < 3600:
        return "%d min" % ((s + 30) // 60)
    h, m = divmod((s + 30) // 60, 60)
    return "%d h %02d min" % (h, m)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.tune")
    ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
    ap.add_argument("--deals", type=count, default=200, help="each is 2 games, 10-15 s (200: 35-45 min)")
    ap.add_argument("--seed", type=int, default=7001)
    ap.add_argument("--vs", default="hard")
    ap.add_argument("--compare", nargs=2, metavar="FILE")
    ap.add_argument("fields", nargs="*", metavar="KEY=VALUE")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    if args.compare:
        try:
            print(compare(*args.compare))
        except (OSError, ValueError) as e:  # a missing or foreign file: say so
            print(e, file=sys.stderr)
            return 2
        return 0
    from engine import st1
    from engine.ai import level_of
    from engine.ai.bench import play
    from engine.errors import IllegalMove

    try:
        b = budget(args.fields)
        vs = level_of(args.vs)
    except (ValueError, IllegalMove) as e:  # a bad KEY=VALUE or level: say so, play nothing
        print(e, file=sys.stderr)
        return 2
    timing = st1.T1999 if args.timing == "1999" else st1.T2016
    times = [[], []]
    res = []
    n = args.deals
    say("%d games: %d deal%s, each played from both seats" % (2 * n, n, "" if n == 1 else "s"))
    t0 = time.monotonic()
    for i in range(n):
        for seat in (0, 1):
            _, won = play(args.seed + i, timing, b, vs, seat, times)
            res.append("1" if won else "0")
        if i == 0 or (i + 1) * 10 // n != i * 10 // n:
            left = (time.monotonic() - t0) / (i + 1) * (n - i - 1)
            say("deal %d of %d done, about %s left" % (i + 1, n, duration(left)))
    w = res.count("1")
    n = len(res)
    ms = sum(times[0]) / len(times[0]) / 1000 if times[0] else 0.0
    print("games=%d wins=%d win_rate=%.3f ms_per_move=%.1f" % (n, w, w / n, ms))
    print("".join(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
