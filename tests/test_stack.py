"""The board's Python stack (2,048 bytes) at the AI's deepest positions, on CircuitPython's VM.

tests/mp/deep_positions.txt holds, per ruleset and level, the positions where the AI's
decision went deepest in 200 random games and 20 AI games (python -m tests.deep_positions).
Each is replayed on cpy at the board's 2,048 bytes with the stack padded so that the AI,
counted from engine.ai.choose, has only ALLOWED pad frames of 40 bytes: 2,048 less a quarter
spare (1,536 bytes) less the app's frames under the ruleset's choose on the device (about
640 bytes: the twin's whole game of the first game's base variant against Hard needs 1,274
bytes where its AI needs 16 pad frames, 640 bytes). The whole app at 1,536 bytes is
tests/test_twin.py's.
"""

import os
import subprocess
import tempfile

import pytest

from tests.mp_util import ROOT, cpy, cpy_missing

FIXTURES = os.path.join(ROOT, "tests", "mp", "deep_positions.txt")
ALLOWED = 22  # pad frames of 40 bytes: (1,536 - 640) // 40
RULESETS = (("st1", "base"), ("st1", "tactic"), ("st2", "base"), ("st2", "tactic"))


def fixture_lines(game, variant):
    with open(FIXTURES) as f:
        return [x for x in f if x.split(" ")[:2] == [game, variant]]


def test_every_ruleset_and_level_has_fixtures():
    for game, variant in RULESETS:
        levels = {x.split(" ")[2] for x in fixture_lines(game, variant)}
        assert levels == {"easy", "medium", "hard"}, (game, variant, levels)


@pytest.mark.parametrize("game,variant", RULESETS, ids=["-".join(r) for r in RULESETS])
def test_the_deepest_positions_fit_the_boards_stack_with_a_quarter_spare(game, variant):
    vm = cpy()
    if vm is None:
        pytest.skip(cpy_missing())
    lines = fixture_lines(game, variant)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.writelines(lines)
    try:
        r = subprocess.run(
            [
                vm,
                "-X",
                "heapsize=400K",
                "tests/mp/stackprobe.py",
                "-",
                "-",
                "-",
                "replay",
                f.name,
                str(ALLOWED),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            env=dict(os.environ, CIRCUITPY_PYSTACK_SIZE="2048"),
        )
    finally:
        os.unlink(f.name)
    assert r.returncode == 0 and r.stdout.strip() == "ok %d" % len(lines), r.stdout + r.stderr


def test_the_replay_notices_a_position_too_deep():
    """The check can fail: the first game's deepest Hard position does not fit in 8 frames."""
    vm = cpy()
    if vm is None:
        pytest.skip(cpy_missing())
    line = [x for x in fixture_lines("st1", "base") if x.split(" ")[2] == "hard"][0]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(line)
    try:
        r = subprocess.run(
            [vm, "-X", "heapsize=400K", "tests/mp/stackprobe.py", "-", "-", "-", "replay", f.name, "8"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            env=dict(os.environ, CIRCUITPY_PYSTACK_SIZE="2048"),
        )
    finally:
        os.unlink(f.name)
    assert r.returncode == 1 and r.stdout.startswith("exhausted"), r.stdout + r.stderr
