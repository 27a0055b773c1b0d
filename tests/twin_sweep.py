"""Running the device twin (tests/mp/twin.py) from CPython, and its memory sweep (issue 10).

    .venv/bin/python -m tests.twin_sweep [--from K] [--to K] [--step K] [--level hard]
                                         [--games 1] [--seed 1] [--bundle DIR]
    .venv/bin/python -m tests.twin_sweep --build     # build/CIRCUITPY and build/twin, then
    .venv/bin/micropython -X heapsize=424K build/twin/twin.py st1 base hard 1 1 --heap 224K

The twin runs from a copy of tests/mp/twin.py and tests/mp/twin/ with their local variables
renamed by sim.minify (`build_twin`): on the board the stand-ins are C and their names live in
ROM, but on the VM every identifier the runner and the stand-ins' sources spell is a qstr in
the same pools as the game's, and the 473 they leave (571 from the plain sources) decide when
the VM needs its next, doubled qstr pool: from the plain sources the game's names pushed the
VM into a 1,280-entry pool (a 14,144-byte block) that the board, whose pools hold the game's names
alone, would not have needed (docs/BENCHMARKS.md).

The sweep gives the device code a heap of K (the twin's --heap: what `-X heapsize=K` would
leave the device code alone) from --from upward in --step steps: it first finds the smallest
heap in which code.py starts (prints its free memory), then checks that every run from there
to --to either completes its games or stops on code.py's crash screen with a readable text
(the crash title and an exception's name): never an uncaught MemoryError, a traceback, a hang
or a screen that cannot be read. Prints one line per heap and a summary; exit status 1 if
any run failed.
"""

import argparse
import re
import sys
import tempfile
from pathlib import Path

from tests.mp_util import ROOT, run_mp

TWIN_SRC = Path(ROOT) / "tests" / "mp"
OVERHEAD_K = 200  # the stand-ins and the runner live beside the device heap (twin --heap)
# Runs twin/twin.py from the folder holding twin/ and CIRCUITPY/ (micropython -c LAUNCH ARGS).
LAUNCH = "__file__='twin/twin.py';exec(compile(open(__file__).read(),__file__,'exec'))"
FINAL = re.compile(r"^games=(\d+) peak_live=(\d+) min_free=(\d+) largest_alloc=(\d+)$")


def build_bundle(out):
    """Build the CIRCUITPY folder into `out` (a fresh one: others change ui/ meanwhile) and the
    twin's runner beside it (build_twin into `out`/../twin)."""
    from sim.bundle import build

    build(Path(out), log=lambda s: None)
    build_twin(Path(out).parent / "twin")
    return Path(out)


def build_twin(out):
    """Write the runner (twin.py) and its stand-ins (twin/) into `out` with their local
    variables renamed (sim.minify, the same line numbers); returns the runner's path. Only
    locals: a private attribute renamed to the short names the bundle uses could land on a
    game object whose class derives from a stand-in (ui.gfx's TextGrid is a TileGrid)."""
    from sim.minify import minify

    out = Path(out)
    files = [TWIN_SRC / "twin.py"] + sorted((TWIN_SRC / "twin").rglob("*.py"))
    for f in files:
        target = out / f.relative_to(TWIN_SRC)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(minify(f.read_text(encoding="utf-8"), str(f)), encoding="utf-8")
    return out / "twin.py"


def run_twin(
    heap_k, level="hard", games=1, seed=1, bundle=None, extra=(), timeout=600, ruleset=("st1", "base")
):
    """Run the twin with a device heap of heap_k KB on `ruleset` (GAME, VARIANT); returns
    (outcome, detail, result) with outcome "complete", "crash screen", "no start" or
    "failure". The runner is the one build_twin made beside the bundle (build/twin for
    build/CIRCUITPY), built now if missing."""
    folder = Path(bundle).parent if bundle is not None else Path(ROOT) / "build"
    twin = folder / "twin" / "twin.py"
    if not twin.exists():
        build_twin(twin.parent)
    # Run from the folder with relative paths: no folder name reaches the VM's heap, so every
    # folder gives the same layout (the figures and outcomes do not depend on where it runs).
    bundle = Path(bundle) if bundle is not None else folder / "CIRCUITPY"
    try:
        rel = bundle.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        rel = str(bundle.resolve())
    # Not `micropython twin/twin.py`: the VM takes the script's real path (with the folder's
    # name) for its first sys.path entry, and the outcome then depended on the folder's name
    # (the same files at 144K: AI fallbacks in two folders of five, none in the others).
    args = ["-c", LAUNCH, ruleset[0], ruleset[1], level, str(games), str(seed), "--heap", "%dK" % heap_k]
    args += ["--bundle", rel]
    r = run_mp(args + list(extra), heap="%dK" % (heap_k + OVERHEAD_K), timeout=timeout, cwd=str(folder))
    return classify(r, games) + (r,)


def summary(stdout):
    """The final line's figures as a dict, or None."""
    lines = stdout.strip().splitlines()
    m = FINAL.match(lines[-1]) if lines else None
    if not m:
        return None
    return dict(zip(("games", "peak_live", "min_free", "largest_alloc"), map(int, m.groups())))


def classify(r, games):
    out = r.stdout
    if "free memory at start:" not in out:
        return "no start", (r.stderr + out).strip().splitlines()[-1:] or ["?"]
    if "CRASH SCREEN:" in out:
        text = out.split("CRASH SCREEN:\n", 1)[1].split("\nerases=", 1)[0]
        readable = text.startswith("Oops, the game crashed.") and re.search(r"\b[A-Z]\w*Error\b", text)
        if r.returncode in (0, 3) and readable:
            return "crash screen", text
        return "failure", "unreadable crash screen: %r" % text
    got = summary(out)
    if r.returncode == 0 and got and got["games"] == games:
        m = re.search(r" fallbacks=(\d+)$", out, re.M)
        got["fallbacks"] = int(m.group(1)) if m else -1
        m = re.search(r" saves_put_off=(\d+) ", out)
        got["saves_put_off"] = int(m.group(1)) if m else -1
        m = re.search(r" saves_retried=(\d+) ", out)
        got["saves_retried"] = int(m.group(1)) if m else -1
        return "complete", got
    return "failure", (out + r.stderr).strip()[-2000:]


def sweep(lo, hi, step, level="hard", games=1, seed=1, bundle=None, log=print):
    """[(heap_k, outcome, detail)] from the smallest heap that starts up to hi."""
    out = []
    started = False
    k = lo
    while k <= hi:
        outcome, detail, _ = run_twin(k, level, games, seed, bundle, ("--sweep",))
        if outcome == "no start" and not started:
            log("%dK: does not start" % k)
            k += step
            continue
        started = True
        out.append((k, outcome, detail))
        if outcome == "crash screen":
            first = [line for line in detail.splitlines()[1:] if line][:3]
            log("%dK: crash screen: %s" % (k, " ".join(first)))
        elif outcome == "complete":
            log(
                "%dK: complete: peak_live=%d min_free=%d fallbacks=%d"
                % (k, detail["peak_live"], detail["min_free"], detail["fallbacks"])
            )
        else:
            log("%dK: FAILURE: %s" % (k, detail))
        k += step
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tests.twin_sweep", description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="lo", type=int, default=60, help="lowest device heap, KB")
    ap.add_argument("--to", dest="hi", type=int, default=240, help="highest device heap, KB")
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bundle", help="a built CIRCUITPY folder (default: build one now)")
    ap.add_argument("--build", action="store_true", help="only build build/CIRCUITPY and build/twin")
    args = ap.parse_args(argv)
    if args.build:
        build_bundle(Path(ROOT) / "build" / "CIRCUITPY")
        print("build/CIRCUITPY, build/twin/twin.py")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.bundle:  # the runner from today's sources beside it (build_bundle makes both)
            build_twin(Path(args.bundle).parent / "twin")
        bundle = args.bundle or build_bundle(Path(tmp) / "CIRCUITPY")
        runs = sweep(args.lo, args.hi, args.step, args.level, args.games, args.seed, bundle)
    bad = [k for k, o, _ in runs if o == "failure"]
    done = [k for k, o, _ in runs if o == "complete"]
    full = [k for k, o, d in runs if o == "complete" and d["fallbacks"] == 0]
    print(
        "sweep: %d heaps from %s, %d complete (smallest %s; without an AI fallback %d, smallest %s),"
        " %d crash screens, %d failures%s"
        % (
            len(runs),
            "%dK" % runs[0][0] if runs else "-",
            len(done),
            "%dK" % done[0] if done else "-",
            len(full),
            "%dK" % full[0] if full else "-",
            sum(1 for _, o, _ in runs if o == "crash screen"),
            len(bad),
            (": " + " ".join("%dK" % k for k in bad)) if bad else "",
        )
    )
    return 1 if bad or not runs else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
