"""Schotten Totten 2 on CircuitPython's VM (cpy), under the 48K heap cap."""

import re

from engine.rng import Rng
from engine.st2.play import random_game
from tests.mp_util import run_vm

SUMMARY = re.compile(r"^games=(\d+) p1_wins=(\d+) p2_wins=(\d+) avg_turns=([\d.]+) games_per_s=([\d.]+)$")


def test_selfplay_plays_the_same_games_as_cpython_in_48k():
    """`micropython -X heapsize=48K tests/mp/selfplay.py st2 GAMES SEED`: the same wins and
    turns as the same games on CPython (our RNG and shuffle give the same deals)."""
    r = run_vm(["tests/mp/selfplay.py", "st2", "150", "7"], heap="48K")
    assert r.returncode == 0, r.stderr + r.stdout
    m = SUMMARY.match(r.stdout.strip().splitlines()[-1])
    assert m, r.stdout
    rng = Rng(7)
    wins = [0, 0]
    turns = 0
    for i in range(150):
        st = random_game(7 + i, rng)
        wins[st.winner] += 1
        turns += st.turn
    assert (int(m.group(1)), int(m.group(2)), int(m.group(3))) == (150, wins[0], wins[1])
    assert m.group(4) == "%.1f" % (turns / 150)


def test_the_st2_game_does_not_load_the_first_games_modules():
    """The device loads only the game being played."""
    code = (
        "import sys; sys.path.insert(0, '.')\n"
        "from engine.st2 import game, record\n"
        "st = game.new_state(None, 3)\n"
        "st.apply(st.legal_moves()[0])\n"
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))\n"
    )
    r = run_vm(["-c", code], heap="64K")
    assert r.returncode == 0, r.stderr
    mods = r.stdout.split()
    assert "engine.st2.state" in mods and "engine.st2.notation" not in mods
    first = {
        "engine.st1",
        "engine.st1.table",
        "engine.st1.prove",
        "engine.st1.view",
        "engine.cards",
        "engine.record",
    }
    assert not first & set(mods) and not any(m.startswith("engine.ai") for m in mods)
    # A save of either game is read through engine.record.unpack: for the second game's
    # bytes that loads engine.st2.record, and still none of the first game's modules.
    code = (
        "import sys; sys.path.insert(0, '.')\n"
        "from engine.st2.match import REVENGE\n"
        "from engine.st2.rmatch import random_match\n"
        "from engine.rng import Rng\n"
        "data = random_match(REVENGE, 5, Rng(5))[1].pack()\n"
        "from engine.record import unpack\n"
        "unpack(data).replay_match()\n"
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))\n"
    )
    # Which modules load is the point here, not the heap: this script's own random match and
    # replay at 96K passed or failed with the layout (at b948d39 it failed at 84K and 88K and
    # passed at 80K and 92K-100K; pack_games writing the header (5df212f) moved the failure to
    # 96K). A save's resume in the whole app is the twin's (tests/test_twin.py).
    r = run_vm(["-c", code], heap="128K")
    assert r.returncode == 0, r.stderr
    mods = set(r.stdout.split())
    assert "engine.record" in mods and "engine.st2.record" in mods and not (first - {"engine.record"}) & mods


def test_device_paths_on_the_vm():
    """Copies, views and sampled states, a revenge match packed, unpacked and replayed, and
    game.decode on MicroPython (96K: the check script is compiled in RAM too), with the same
    match as on CPython."""
    import subprocess
    import sys

    from tests.mp_util import ROOT

    r = run_vm(["tests/mp/st2_check.py"], heap="96K")
    assert r.returncode == 0, r.stderr + r.stdout
    assert "st2 mp: 3 passed, 0 failed" in r.stdout, r.stdout
    cp = subprocess.run([sys.executable, "tests/mp/st2_check.py"], cwd=ROOT, capture_output=True, text=True)
    assert cp.stdout == r.stdout
