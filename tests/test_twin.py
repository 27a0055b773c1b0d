"""The device twin (tests/mp/twin.py): the bundle's device code as shipped, on CircuitPython
stand-ins, played by keys on CircuitPython's VM (cpy: ../shared/tools/cpy or $CPY) under the
board's Python stack and a heap cap (issues 10 and 35)."""

import os
import re
import shutil
import time

import pytest

from sim.bundle import BundleError, default_mpy_cross
from tests.mp_util import cpy_missing
from tests.twin_sweep import RULESETS, build_bundle, build_twin, run_twin, summary

# Issue 35's target: every ruleset's whole app in a device heap of 128K (the twin's --heap:
# what `cpy -X heapsize=128K` leaves code.py), a game against each level (seeds 1-3, with and
# without --sweep) complete with no AI fallback, no save put off and no crash screen.
TARGET_K = 128
# CI's caps meanwhile, one per ruleset: TARGET_K where all 9 runs (3 levels x 3 seeds) of
# the ruleset complete cleanly there, else the smallest heap at which they do (NOT YET THE
# TARGET: lower it as the app shrinks), measured on cpy at a 2,048-byte Python stack with the
# bundle as `make bundle` ships it (.mpy from ../shared/tools/cp-mpy-cross) by
# `python -m tests.twin_sweep --caps --from 104 --to 180 --step 4` (each clean from there to
# 16K above; docs/BENCHMARKS.md, "The board's figures").
ST1_BASE_K = TARGET_K  # clean from 104K or less
ST1_TACTIC_K = TARGET_K  # clean from 128K: no margin (Medium's and Hard's fallbacks at 124K)
ST2_BASE_K = TARGET_K  # clean from 124K
ST2_TACTIC_K = 160  # NOT YET THE TARGET: an AI fallback at 156K (easy, seeds 2 and 3)
CAPS = {
    ("st1", "base"): ST1_BASE_K,
    ("st1", "tactic"): ST1_TACTIC_K,
    ("st2", "base"): ST2_BASE_K,
    ("st2", "tactic"): ST2_TACTIC_K,
}
# The Python stack of every run below (CIRCUITPY_PYSTACK_SIZE, bytes): the PyGamer's 2,048.
PYSTACK = 2048
# The spare the project requires: a game must also complete in 2,048 bytes less a quarter.
SPARE_PYSTACK = 1536
# The rulesets whose game against Hard does not complete in SPARE_PYSTACK yet: their
# spare-stack test is expected to fail, and fails if it passes (none since 358f40e).
SPARE_NOT_YET = set()
EVERY_SCREEN = {"TITLE", "SETTINGS", "CONFIRM", "PAUSE", "TEXT", "TRACKER", "BOARD", "HANDOVER", "ROUND_END"}
GAME_SCREENS = {"TITLE", "SETTINGS", "PAUSE", "TEXT", "BOARD", "HANDOVER", "ROUND_END"}


def shared_bundle(tmp_path_factory, name, py=False):
    """Build a bundle once for the whole run: under pytest-xdist the first worker builds it
    into the run's shared temporary folder and the others wait for it (a build takes about 8 s
    of CPU; each module's test would otherwise make one per worker)."""
    if cpy_missing():
        pytest.skip(cpy_missing())
    if not py and default_mpy_cross() is None:
        pytest.skip("CircuitPython's mpy-cross not found: ../shared/tools/cp-mpy-cross (set MPY_CROSS)")
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        top = tmp_path_factory.mktemp(name)
    else:
        top = tmp_path_factory.getbasetemp().parent / name  # the run's, shared by the workers
    done = top / "built"
    try:
        top.mkdir(parents=True)
    except FileExistsError:  # another worker builds it
        for _ in range(1200):
            if done.exists():
                break
            time.sleep(0.5)
        else:
            raise TimeoutError("no bundle built in %s" % top) from None
        if done.read_text() != "ok":
            pytest.skip("the bundle's build failed in another worker: %s" % done.read_text())
        return top / "CIRCUITPY"
    try:
        out = build_bundle(top / "CIRCUITPY", py=py)
    except BundleError as e:
        done.write_text(str(e))
        if "could not download" in str(e):
            pytest.skip("PyPI not reachable and no cached wheels: %s" % e)
        raise
    done.write_text("ok")
    return out


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """A fresh CIRCUITPY folder as `make bundle` ships it (and the twin beside it)."""
    return shared_bundle(tmp_path_factory, "twin")


def twin(heap_k, level, games, seed, bundle, extra=(), ruleset=("st1", "base"), pystack=PYSTACK):
    return run_twin(heap_k, level, games, seed, bundle, extra, ruleset=ruleset, pystack=pystack)


def assert_clean(outcome, detail, heap_k):
    assert outcome == "complete", "%s: %s" % (outcome, detail)
    assert detail["fallbacks"] == 0, "the AI ran out of memory: not a game against the full-strength AI"
    assert detail["saves_put_off"] == 0, "a save ran out of memory twice (ui.app.App.save)"
    assert detail["games"] == 1 and 0 < detail["peak_live"] < heap_k * 1024
    assert 0 < detail["min_free"] < heap_k * 1024 and detail["largest_alloc"] > 0


EVERY_RUN = [
    pytest.param(rs, level, seed, sweep, id="%s-%s-%s-%d%s" % (rs + (level, seed, "-sweep" if sweep else "")))
    for rs in RULESETS
    for level in ("easy", "medium", "hard")
    for seed in (1, 2, 3)
    for sweep in (False, True)
]


@pytest.mark.parametrize("ruleset,level,seed,sweep", EVERY_RUN)
def test_every_level_fits_every_ruleset(bundle, ruleset, level, seed, sweep):
    """The whole app at CI's cap for the ruleset, a game against each level: complete, with no
    AI fallback and no save put off. Medium and Easy load modules of their own (the tactic
    Mediums, the Easy movers): a change that fits against Hard can move another level's
    layout past the cap. Against Hard, seed 1: every screen of the table, and at most one
    flash erase a human turn."""
    heap_k = CAPS[ruleset]
    outcome, detail, r = twin(heap_k, level, 1, seed, bundle, ("--sweep",) if sweep else (), ruleset)
    assert_clean(outcome, detail, heap_k)
    if (level, seed, sweep) != ("hard", 1, False):
        return
    screens = EVERY_SCREEN if ruleset == ("st1", "base") else GAME_SCREENS
    modes = set(re.search(r"^modes=(.*)$", r.stdout, re.M).group(1).split(","))
    assert screens <= modes, "screens never reached: %s" % (screens - modes)
    assert re.search(r"^todo=$", r.stdout, re.M), "hint, undo, tracker, help, stats: all done"
    m = re.search(r"^erases=(\d+) game_erases=(\d+) human_turns=(\d+) presses=(\d+)", r.stdout, re.M)
    erases, game, turns, presses = map(int, m.groups())
    assert presses > turns > 10
    # One flash erase a human turn at most, plus the new game's, the undo's and the round end's.
    assert 0 < game <= turns + 3 and erases >= game


@pytest.mark.parametrize(
    "ruleset",
    [
        pytest.param(
            rs, marks=pytest.mark.xfail(rs in SPARE_NOT_YET, reason="not yet: the AI is deeper", strict=True)
        )
        for rs in RULESETS
    ],
    ids="-".join,
)
def test_a_game_against_hard_leaves_a_quarter_of_the_python_stack(bundle, ruleset):
    """The project's spare: a game against Hard completes in 1,536 bytes of Python stack
    (CIRCUITPY_PYSTACK_SIZE: the PyGamer's 2,048 less a quarter)."""
    outcome, detail, r = twin(CAPS[ruleset], "hard", 1, 1, bundle, (), ruleset, SPARE_PYSTACK)
    assert outcome == "complete", "%s: %s" % (
        outcome,
        detail if outcome != "crash screen" else r.stdout[-3000:],
    )


def frames(stdout):
    """The (file, function) of each frame of the traceback code.py's crash screen printed,
    outermost first."""
    tb = stdout.split("Traceback (most recent call last):\n", 1)[1].split("CRASH SCREEN:", 1)[0]
    return re.findall(r'^  File "([^"]+)", line \d+, in (\S+)$', tb, re.M)


def test_no_frame_of_the_twin_under_the_device_code(bundle):
    """The twin runs the bundle's code.py as cpy's script and drives it from the stand-ins
    only (the keypad's queue, the display's refresh: C on the board), so the Python stack
    holds what the board's would: code.py's module frame, its main(), then the game's. Run
    out of Python stack on purpose (smaller and smaller stacks): each traceback starts at
    code.py's main (the module frame below it is where main() was called: a caught
    exception's traceback starts at the frame that caught it) and holds only the device's
    frames above it (code.py's, ui/, engine/), then at most the stand-ins' own at the top
    (Python where the board runs C: the call that found no room)."""
    seen = []
    for pystack in (1280, 1152, 1024, 896):
        for rs in (("st2", "base"), ("st1", "base")):
            outcome, detail, r = twin(CAPS[rs], "hard", 1, 1, bundle, ("--sweep",), rs, pystack)
            if outcome == "complete":
                continue
            assert outcome == "crash screen" and "RuntimeError: pystack exhausted" in r.stdout, r.stdout[
                -3000:
            ]
            got = frames(r.stdout)
            assert got[0] == ("code.py", "main"), got
            twin_at = [i for i, (f, _) in enumerate(got) if f.startswith("../twin/")] or [len(got)]
            assert all(
                f.startswith(("code.py", "ui/", "engine/", "device/")) for f, _ in got[: twin_at[0]]
            ), got
            assert twin_at == list(range(twin_at[0], len(got))) or twin_at == [len(got)], got
            seen.append((rs, pystack, got[-1]))
    assert len(seen) >= 2 and any(not f.startswith("../twin/") for _, _, (f, _) in seen), seen


@pytest.fixture(scope="module")
def two_folders(bundle, tmp_path_factory):
    """The same bundle and twin in two folders whose names differ in length."""
    out = []
    for name in ("a", "a-longer-folder-name"):
        top = tmp_path_factory.mktemp(name)
        shutil.copytree(bundle, top / "CIRCUITPY")
        shutil.copytree(bundle.parent / "twin", top / "twin")
        out.append(top / "CIRCUITPY")
    return out


def test_the_run_is_the_same_in_every_folder(bundle, two_folders):
    """cpy interns the real path of code.py's folder (sys.path[0]) as a qstr, and its length
    moved the device's heap by a few blocks: run_twin runs from a copy at a path of fixed
    length (run_folder), so one run gives the same figures from any folder. The options
    (--sweep, --stages: the runner's, in $TWIN, not interned) change the device's run by a
    block at most: the collector takes any word on the stacks that points into the heap for
    a pointer, and the runner's own work before the game leaves other words there."""
    rs = ("st1", "base")
    runs = [
        twin(CAPS[rs], "hard", 1, 1, two_folders[0], (), rs),
        twin(CAPS[rs], "hard", 1, 1, two_folders[1], (), rs),
        twin(CAPS[rs], "hard", 1, 1, two_folders[1], ("--sweep", "--stages"), rs),
    ]
    got = []
    for outcome, detail, r in runs:
        assert outcome == "complete", detail
        got.append((detail, re.search(r"^erases=.* presses=\d+", r.stdout, re.M).group(0)))
    assert got[0] == got[1]
    assert got[2][1] == got[0][1], "the same keys pressed, the same erases"
    assert abs(got[2][0]["peak_live"] - got[0][0]["peak_live"]) <= 16
    assert got[2][0]["fallbacks"] == got[0][0]["fallbacks"] == 0


def test_two_games_medium_on_a_pybadge_without_terminalio(bundle):
    """A PyBadge (eight keys, no joystick) on a firmware without terminalio."""
    rs = ("st1", "base")
    outcome, detail, r = twin(CAPS[rs], "medium", 2, 5, bundle, ("--no-terminalio", "--pybadge"), rs)
    assert outcome == "complete", "%s: %s" % (outcome, detail)
    assert re.search(r"^erases=\d+ game_erases=\d+,\d+ ", r.stdout, re.M)


# Heaps of the memory sweep in CI, from about the smallest that starts the app (the full sweep:
# python -m tests.twin_sweep, docs/BENCHMARKS.md).
SWEEP_K = (24, 40, 56, 72, 88, 104)
ENDS = ("complete", "crash screen", "driver out of memory")


@pytest.mark.parametrize("heap_k", SWEEP_K)
def test_memory_sweep_never_crashes_unreadably(bundle, heap_k):
    """Issue 10 item 3: at every heap from the smallest that starts the app, a run completes
    or stops on code.py's crash screen with a readable text, never an uncaught MemoryError (or
    the heap is so full that the twin's driver finds no memory to choose its key)."""
    outcome, detail, r = twin(heap_k, "hard", 1, 1, bundle, ("--sweep",))
    assert outcome in ENDS, "%dK: %s: %s" % (heap_k, outcome, detail)


@pytest.fixture(scope="module")
def py_bundle(tmp_path_factory):
    """The bundle with its modules as source (no mpy-cross): every import compiles in the
    heap, another layout of the same program."""
    return shared_bundle(tmp_path_factory, "twinpy", py=True)


@pytest.mark.parametrize("heap_k", (112, 128, 144, 160))
def test_memory_sweep_in_another_layout(py_bundle, heap_k):
    """Issue 10 item 3 where the heap runs out elsewhere: the second game from source
    modules. (At 168K on the 64-bit VM, the game ran out of memory with its objects still
    unreachable on the heap, and code.py's way to the crash screen raised a MemoryError of its
    own.)"""
    rs = ("st2", "base")
    outcome, detail, r = twin(heap_k, "hard", 1, 1, py_bundle, ("--sweep",), rs)
    assert outcome in ENDS, "%dK: %s: %s" % (heap_k, outcome, detail)


def test_the_stage_figures(bundle):
    rs = ("st1", "base")
    outcome, detail, r = twin(CAPS[rs], "easy", 1, 2, bundle, ("--stages",), rs)
    assert outcome == "complete", detail
    stages = dict(
        (m.group(1), int(m.group(2))) for m in re.finditer(r"^stage (.*): live=(-?\d+)$", r.stdout, re.M)
    )
    peak = summary(r.stdout)["peak_live"]
    assert 0 < stages["code.py compiled"] < stages["App built"] <= peak
    assert stages["App built"] < stages["at the table (peak)"] <= peak
    assert 0 < stages["after a game (title)"] <= peak
    free = re.search(r"^stage device heap: free=(\d+) of (\d+)$", r.stdout, re.M)
    assert int(free.group(1)) + stages["code.py compiled"] == int(free.group(2)), "the heap --heap gives"


def test_the_twin_builds_beside_the_bundle(tmp_path):
    """build_twin: the runner and the stand-ins in one folder (cpy's MICROPYPATH=../twin)."""
    runner = build_twin(tmp_path / "twin")
    names = {p.name for p in runner.parent.iterdir()}
    assert {"twin.py", "_twin.py", "board.py", "keypad.py", "displayio.py", "rom"} <= names


@pytest.mark.parametrize(
    "script,heap",
    [
        (["tests/mp/arena.py", "st1", "base", "medium", "easy", "2", "1"], "256K"),
        (["tests/mp/mem.py", "medium", "1"], "256K"),
        (["tests/mp/ai_oom.py", "hard", "2"], "192K"),
        (["tests/mp/store_check.py"], "64K"),
        (["tests/mp/engine_check.py", "10"], "128K"),
        (["tests/mp/selfplay.py", "st1", "5", "1"], "64K"),
        (["tests/mp/selfplay.py", "st2", "5", "1"], "48K"),
        (["tests/mp/st2_check.py"], "96K"),
        # Expert: its look-ahead's clock (engine.clock) and the arena's timer on CircuitPython
        (["tests/mp/arena.py", "st1", "base", "expert", "easy", "1", "1"], "256K"),
        # The tactic variants, the provers' checks and the second game's AI.
        (["tests/mp/selfplay.py", "st1", "3", "1", "tactic"], "80K"),
        (["tests/mp/selfplay.py", "st2", "3", "1", "tactic"], "96K"),
        (["tests/mp/st2t_check.py"], "160K"),
        (["tests/mp/tprove_check.py", "50", "1"], "64K"),
        (["tests/mp/st2_tprove.py", "50", "3"], "48K"),
        (["tests/mp/arena.py", "st2", "base", "medium", "easy", "2", "1"], "112K"),
        (["tests/mp/arena.py", "st2", "base", "expert", "easy", "1", "1"], "160K"),
        (["tests/mp/ai_oom.py", "hard", "2", "st2"], "232K"),
        # The tactic variants' AIs: the arena's timer and the fallbacks on CircuitPython's time
        (["tests/mp/arena.py", "st1", "tactic", "expert", "easy", "1", "1"], "256K"),
        (["tests/mp/arena.py", "st2", "tactic", "medium", "easy", "1", "1"], "256K"),
        (["tests/mp/ai_oom.py", "hard", "2", "st1t"], "240K"),
        (["tests/mp/ai_oom.py", "hard", "2", "st2t"], "300K"),
        (["tests/mp/timport.py", "prove,tactic.prove"], "96K"),
        (["tests/mp/aitime.py", "st2", "tactic", "hard", "1", "1", "1"], "1M"),
        (["tests/mp/stackprobe.py", "st1", "base", "hard", "1", "1"], "400K"),
    ],
)
def test_mp_scripts_run_on_circuitpythons_time(script, heap):
    """Every script under tests/mp/ runs on CircuitPython's VM (cpy): CircuitPython 10's own
    `time` (monotonic, monotonic_ns, sleep, time, localtime, mktime; no ticks_*, no
    process_time*) and the board's 2,048-byte Python stack (these heaps are above the
    scripts' own: not a memory check)."""
    if cpy_missing():
        pytest.skip(cpy_missing())
    from tests.mp_util import run_cpy

    r = run_cpy(script, heap=heap, timeout=300, pystack=PYSTACK)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
