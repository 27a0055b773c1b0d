"""Running the device twin (tests/mp/twin.py) on CircuitPython's VM from CPython, and its
memory sweep (issue 10).

    .venv/bin/python -m tests.twin_sweep [--from K] [--to K] [--step K] [--level hard]
                                         [--games 1] [--seed 1] [--bundle DIR] [--pystack N]
    .venv/bin/python -m tests.twin_sweep --build     # build/CIRCUITPY and build/twin
    .venv/bin/python -m tests.twin_sweep --twin st1 base hard 1 1 --heap 128K --stages
                                         # one run of the twin on build/ (prints its command)
    .venv/bin/python -m tests.twin_sweep --caps --from 88 --to 200 --step 4 [--at REV]
                                         # each ruleset's smallest clean heap (test_twin's caps)

The VM is cpy (CircuitPython 10.2.1's Unix port, 32-bit, the PyGamer's settings:
../shared/tools/cpy or $CPY, tests/mp_util.py). run_twin runs the bundle's own code.py as
cpy's script from the CIRCUITPY folder, MICROPYPATH=../twin (the stand-ins and the runner,
twin/twin.py: written beside the folder by build_twin), with a Python stack of
CIRCUITPY_PYSTACK_SIZE bytes (the PyGamer's 2,048 unless told) and -X heapsize= the device
heap (the twin's --heap) plus OVERHEAD_K for the stand-ins and the runner.

The twin runs from a copy of tests/mp/twin.py and tests/mp/twin/ with their local variables
renamed by sim.minify (`build_twin`): on the board the stand-ins are C and their names live in
ROM, but on the VM every identifier the runner and the stand-ins' sources spell is a qstr in
the same pools as the game's, and fewer of them leave the game's names closer to the pool
sizes the board, whose pools hold the game's names alone, would have (docs/BENCHMARKS.md).

The sweep gives the device code a heap of K (the twin's --heap: what `-X heapsize=K` would
leave code.py alone) from --from upward in --step steps: it first finds the smallest
heap in which code.py starts (prints its free memory), then checks that every run from there
to --to either completes its games or stops on code.py's crash screen with a readable text
(the crash title and an exception's name): never an uncaught MemoryError, a traceback, a hang
or a screen that cannot be read. Prints one line per heap and a summary; exit status 1 if
any run failed.
"""

import argparse
import atexit
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from tests.mp_util import ROOT, cpy, run_cpy

TWIN_SRC = Path(ROOT) / "tests" / "mp"
# -X heapsize beyond the device heap (twin --heap): the stand-ins, the runner, its fillers.
OVERHEAD_K = 160
FINAL = re.compile(r"^games=(\d+) peak_live=(\d+) min_free=(\d+) largest_alloc=(\d+)$")


def build_bundle(out, py=False, rev=None):
    """Build the CIRCUITPY folder into `out` (a fresh one: others change ui/ meanwhile) as
    `make bundle` does: its modules compiled by CircuitPython's mpy-cross where there is one
    (sim.bundle.default_mpy_cross: ../shared/tools/cp-mpy-cross or $MPY_CROSS), as the board
    loads them; `py`: shipped as source (compiled in the heap at each import); `rev`: the
    device code of that git revision (git archive), not the working tree's. The twin's
    runner goes beside it (build_twin into `out`/../twin), from the working tree."""
    from sim.bundle import build, default_mpy_cross

    root = ROOT
    if rev:
        import subprocess

        root = Path(out).parent / "src"
        root.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    build(Path(out), mpy_cross=None if py else default_mpy_cross(), root=root, log=lambda s: None)
    build_twin(Path(out).parent / "twin")
    return Path(out)


def build_twin(out):
    """Write the runner (twin.py) and its stand-ins (tests/mp/twin/, rom/ included) into the
    folder `out`, all beside each other, with their local variables renamed (sim.minify, the
    same line numbers); returns the runner's path. Only locals: a private attribute renamed to
    the short names the bundle uses could land on a game object whose class derives from a
    stand-in (ui.gfx's TextGrid is a TileGrid)."""
    from sim.minify import minify

    out = Path(out)
    files = {out / "twin.py": TWIN_SRC / "twin.py"}
    for f in sorted((TWIN_SRC / "twin").rglob("*.py")):
        files[out / f.relative_to(TWIN_SRC / "twin")] = f
    for target, f in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(minify(f.read_text(encoding="utf-8"), str(f)), encoding="utf-8")
    return out / "twin.py"


def twin_command(heap_k, level="hard", games=1, seed=1, extra=(), ruleset=("st1", "base")):
    """(cpy's arguments, its environment) for a run from the CIRCUITPY folder: the twin's
    arguments in $TWIN, not on the command line, whose every word cpy interns as a qstr (so
    that the options do not move the device's heap: tests/mp/twin.py)."""
    args = [ruleset[0], ruleset[1], level, str(games), str(seed), "--heap", "%dK" % heap_k] + list(extra)
    return ["code.py"], {"MICROPYPATH": "../twin", "TWIN": " ".join(args)}


_COPIES = {}  # a bundle's folder -> its copy at a path of fixed length


def run_folder(bundle):
    """A copy of `bundle` and the twin beside it, made once per process, in a folder whose real
    path has the same length on every machine (/tmp/twin-XXXXXXXX/CIRCUITPY): cpy interns the
    real path of code.py's folder (its sys.path[0]) as a qstr, and a longer or shorter one
    moved the device's heap by a few blocks (peak_live 78,000, 78,016, 78,096 and 78,112 in
    folders of four lengths)."""
    key = str(Path(bundle).resolve())
    if key not in _COPIES or not (_COPIES[key] / "code.py").exists():
        top = Path(tempfile.mkdtemp(prefix="twin-", dir="/tmp"))
        atexit.register(shutil.rmtree, top, True)
        shutil.copytree(bundle, top / "CIRCUITPY")
        shutil.copytree(Path(bundle).parent / "twin", top / "twin")
        _COPIES[key] = top / "CIRCUITPY"
    return _COPIES[key]


def run_twin(
    heap_k,
    level="hard",
    games=1,
    seed=1,
    bundle=None,
    extra=(),
    timeout=600,
    ruleset=("st1", "base"),
    pystack=None,
):
    """Run the twin with a device heap of heap_k KB on `ruleset` (GAME, VARIANT) and a Python
    stack of `pystack` bytes (None: the PyGamer's 2,048); returns (outcome, detail, result)
    with outcome "complete", "crash screen", "driver out of memory" (the device heap full when
    the driver wanted to press a key), "no start" or "failure". The runner is the one
    build_twin made beside the bundle (build/twin for build/CIRCUITPY), built now if missing.
    The run is the same in every folder: it runs from a copy at a path of fixed length
    (run_folder), code.py given by a relative name, the stand-ins as ../twin."""
    bundle = Path(bundle) if bundle is not None else Path(ROOT) / "build" / "CIRCUITPY"
    if not (bundle.parent / "twin" / "twin.py").exists():
        build_twin(bundle.parent / "twin")
    bundle = run_folder(bundle)
    args, env = twin_command(heap_k, level, games, seed, extra, ruleset)
    r = run_cpy(
        args, heap="%dK" % (heap_k + OVERHEAD_K), timeout=timeout, cwd=str(bundle), env=env, pystack=pystack
    )
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
    if re.search(r"^twin: ", out, re.M):  # the runner could not lay out the heap, or its usage
        return "failure", out.strip()[-2000:]
    if "free memory at start:" not in out:
        return "no start", (r.stderr + out).strip().splitlines()[-1:] or ["?"]
    if "TWIN OUT OF MEMORY" in out and r.returncode == 4:  # the device heap full at a key press
        return "driver out of memory", out.split("TWIN OUT OF MEMORY", 1)[1].split("\n", 1)[0]
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
        return "complete", got
    return "failure", (out + r.stderr).strip()[-2000:]


def sweep(
    lo, hi, step, level="hard", games=1, seed=1, bundle=None, log=print, ruleset=("st1", "base"), pystack=None
):
    """[(heap_k, outcome, detail)] from the smallest heap that starts up to hi."""
    out = []
    started = False
    k = lo
    while k <= hi:
        outcome, detail, _ = run_twin(
            k, level, games, seed, bundle, ("--sweep",), ruleset=ruleset, pystack=pystack
        )
        if outcome == "no start" and not started:
            log("%dK: does not start" % k)
            k += step
            continue
        started = True
        out.append((k, outcome, detail))
        if outcome == "crash screen":
            first = [line for line in detail.splitlines()[1:] if line][:3]
            log("%dK: crash screen: %s" % (k, " ".join(first)))
        elif outcome == "driver out of memory":
            log("%dK: the twin's driver out of memory (the device heap full)" % k)
        elif outcome == "complete":
            log(
                "%dK: complete: peak_live=%d min_free=%d fallbacks=%d"
                % (k, detail["peak_live"], detail["min_free"], detail["fallbacks"])
            )
        else:
            log("%dK: FAILURE: %s" % (k, detail))
        k += step
    return out


RULESETS = (("st1", "base"), ("st1", "tactic"), ("st2", "base"), ("st2", "tactic"))
LEVELS = ("easy", "medium", "hard")
SEEDS = (1, 2, 3)


def clean(outcome, detail):
    """A run complete against the full-strength AI: no fallback, no save put off."""
    return outcome == "complete" and detail["fallbacks"] == 0 and detail["saves_put_off"] == 0


def caps(lo, hi, step, bundle, pystack=None, rulesets=RULESETS, jobs=2, log=print):
    """{ruleset: (smallest heap K at which every level and seed completes cleanly, {K: runs
    not clean})} from lo to hi in `step`s: the 9 runs of a ruleset at each heap, `jobs` at a
    time."""
    from concurrent.futures import ThreadPoolExecutor

    out = {}
    with ThreadPoolExecutor(jobs) as pool:
        for rs in rulesets:
            bad = {}
            first = None
            for k in range(lo, hi + 1, step):
                runs = [(lv, sd) for lv in LEVELS for sd in SEEDS]
                got = list(
                    pool.map(
                        lambda ls, k=k, rs=rs: run_twin(
                            k, ls[0], 1, ls[1], bundle, ruleset=rs, pystack=pystack
                        ),
                        runs,
                    )
                )
                fails = [
                    "%s-%d:%s"
                    % (
                        lv,
                        sd,
                        o
                        if o != "complete"
                        else "fallbacks=%d put_off=%d" % (d["fallbacks"], d["saves_put_off"]),
                    )
                    for (lv, sd), (o, d, _) in zip(runs, got)
                    if not clean(o, d)
                ]
                log("%s %s %dK: %s" % (rs + (k, "clean" if not fails else " ".join(fails))))
                for (lv, sd), (o, d, _) in zip(runs, got):
                    if o == "failure":
                        log("  %s-%d failure: %s" % (lv, sd, str(d)[-600:]))
                if fails:
                    bad[k] = fails
                elif first is None:
                    first = k
                if first is not None and k >= first + 4 * step:
                    break
            out[rs] = (first, bad)
    return out


def twin_once(argv):
    """--twin: one run of the twin on build/ (built if missing) with the twin's own arguments;
    prints the command it runs and the run's output, returns its exit status."""
    if cpy() is None:
        from tests.mp_util import cpy_missing

        print(cpy_missing())
        return 2
    bundle = Path(ROOT) / "build" / "CIRCUITPY"
    if not (bundle / "code.py").exists():
        build_bundle(bundle)  # else the one there: --build makes a fresh one
    if not (bundle.parent / "twin" / "twin.py").exists():
        build_twin(bundle.parent / "twin")
    heap_k = 0
    for i, a in enumerate(argv[:-1]):
        if a == "--heap":
            heap_k = int(argv[i + 1].rstrip("Kk"))
    vm_heap = "%dK" % ((heap_k or 400) + OVERHEAD_K)
    folder = run_folder(bundle)  # a copy at a path of fixed length, as run_twin runs
    env = {"MICROPYPATH": "../twin", "TWIN": shlex.join(argv)}
    print(
        "(cd %s && %s %s -X heapsize=%s code.py)"
        % (folder, shlex.join("%s=%s" % kv for kv in env.items()), cpy(), vm_heap)
    )
    r = run_cpy(["code.py"], heap=vm_heap, cwd=str(folder), env=env, pystack=None)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    return r.returncode


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--twin"]:
        return twin_once(argv[1:])
    ap = argparse.ArgumentParser(prog="python -m tests.twin_sweep", description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="lo", type=int, default=16, help="lowest device heap, KB")
    ap.add_argument("--to", dest="hi", type=int, default=200, help="highest device heap, KB")
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", default="st1,base", help="GAME,VARIANT (default st1,base)")
    ap.add_argument("--pystack", type=int, help="CIRCUITPY_PYSTACK_SIZE (default the PyGamer's 2,048)")
    ap.add_argument("--bundle", help="a built CIRCUITPY folder (default: build one now)")
    ap.add_argument("--build", action="store_true", help="only build build/CIRCUITPY and build/twin")
    ap.add_argument("--py", action="store_true", help="the bundle's modules as source (no mpy-cross)")
    ap.add_argument(
        "--twin", action="store_true", help="(first) run the twin once with the arguments after it"
    )
    ap.add_argument(
        "--caps", action="store_true", help="each ruleset's smallest heap where its 9 runs are clean (caps)"
    )
    ap.add_argument(
        "--at", metavar="REV", help="the device code of git revision REV (default the working tree)"
    )
    args = ap.parse_args(argv)
    if args.build:
        build_bundle(Path(ROOT) / "build" / "CIRCUITPY", args.py)
        print("build/CIRCUITPY, build/twin/twin.py")
        return 0
    if cpy() is None:
        from tests.mp_util import cpy_missing

        print(cpy_missing())
        return 2
    ruleset = tuple(args.ruleset.split(","))
    if args.caps:
        with tempfile.TemporaryDirectory() as tmp:
            bundle = args.bundle or build_bundle(Path(tmp) / "CIRCUITPY", args.py, args.at)
            found = caps(args.lo, args.hi, args.step, bundle, args.pystack)
        for rs, (first, _bad) in found.items():
            print("%s %s: smallest clean heap %s" % (rs + ("%dK" % first if first else "none",)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.bundle:  # the runner from today's sources beside it (build_bundle makes both)
            build_twin(Path(args.bundle).parent / "twin")
        bundle = args.bundle or build_bundle(Path(tmp) / "CIRCUITPY", args.py, args.at)
        runs = sweep(
            args.lo,
            args.hi,
            args.step,
            args.level,
            args.games,
            args.seed,
            bundle,
            ruleset=ruleset,
            pystack=args.pystack,
        )
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
            sum(1 for _, o, _ in runs if o in ("crash screen", "driver out of memory")),
            len(bad),
            (": " + " ".join("%dK" % k for k in bad)) if bad else "",
        )
    )
    return 1 if bad or not runs else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
