"""The Schotten Totten 2 tactic variant on CircuitPython's VM (cpy), and the base game's imports
(it loads none of the variant's modules, on CPython and on the VM)."""

import re
import subprocess
import sys

import pytest

from engine.rng import Rng
from engine.st2.tactic.play import random_game
from tests.mp_util import ROOT, run_vm

SUMMARY = re.compile(r"^games=(\d+) p1_wins=(\d+) p2_wins=(\d+) avg_turns=([\d.]+) games_per_s=([\d.]+)$")
# The variant's modules: the base game must load none of them (docs/ENGINE.md).
_MODS = (
    "tactic.cards",
    "tactic.forms",
    "tactic.prove",
    "tactic.legal",
    "tactic.state",
    "tactic.choice",
    "tactic.steps",
    "tactic.hidden",
    "tactic.view",
    "tactic.play",
    "tactic.load",
)
TACTIC = {"engine.st2." + m for m in _MODS + ("tactic.notation",)}
# The heap of the VM run: the smallest that plays these games with the engine compiled from
# source is 71K (docs/BENCHMARKS.md: the 48K target is not met); a margin on top.
HEAP = "96K"


def test_tactic_selfplay_plays_the_same_games_as_cpython():
    """`micropython tests/mp/selfplay.py st2 GAMES SEED tactic`: the same wins and turns as
    the same games on CPython (our generator and shuffle give the same deals and choices)."""
    r = run_vm(["tests/mp/selfplay.py", "st2", "60", "7", "tactic"], heap=HEAP)
    assert r.returncode == 0, r.stderr + r.stdout
    m = SUMMARY.match(r.stdout.strip().splitlines()[-1])
    assert m, r.stdout
    rng = Rng(7)
    wins = [0, 0]
    turns = 0
    for i in range(60):
        st = random_game(7 + i, rng)
        wins[st.winner] += 1
        turns += st.turn
    assert (int(m.group(1)), int(m.group(2)), int(m.group(3))) == (60, wins[0], wins[1])
    assert m.group(4) == "%.1f" % (turns / 60)


def test_device_paths_on_the_vm():
    """Copies, views and samples, a tactic match packed, unpacked through engine.record and
    replayed, with the same output as on CPython."""
    r = run_vm(["tests/mp/st2t_check.py"], heap="128K")
    assert r.returncode == 0, r.stderr + r.stdout
    assert "st2t mp: 2 passed, 0 failed" in r.stdout, r.stdout
    cp = subprocess.run([sys.executable, "tests/mp/st2t_check.py"], cwd=ROOT, capture_output=True, text=True)
    assert cp.stdout == r.stdout


def test_the_device_check_catches_a_copy_that_shares_a_buffer(monkeypatch):
    """tests/mp/st2t_check.py's copy check compares the copy with the state as it was before
    the move: a copy sharing one bytearray with its state (the wall here) fails it."""
    from engine.st2.tactic.state import TState
    from tests.mp import st2t_check

    st2t_check.copies_views_samples()  # passes as it is
    real = TState.copy

    def sharing(self):
        c = real(self)
        c.board = self.board
        return c

    monkeypatch.setattr(TState, "copy", sharing)
    with pytest.raises(AssertionError, match="a copy changed with the state"):
        st2t_check.copies_views_samples()


_BASE_GAME = (
    "import sys; sys.path.insert(0, '.')\n"
    "from engine.st2 import game\n"
    "from engine.st2.play import random_move\n"
    "from engine.st2.rmatch import random_match\n"
    "from engine.rng import Rng\n"
    "from engine.st2.deal import sample\n"
    "rng = Rng(3)\n"
    "st = game.new_state(None, 3)\n"
    "while not game.is_over(st):\n"
    "    sample(st.view(st.to_move), rng)\n"
    "    m = random_move(st, rng)\n"
    "    game.decode(m)\n"
    "    st.apply(m)\n"
    "from engine.record import unpack\n"
    "unpack(random_match(1, 5, Rng(5))[1].pack()).replay_match()\n"
    "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))\n"
)


def test_the_base_game_loads_no_tactic_module():
    """The base game: a game with views and samples, a revenge match packed and replayed
    through engine.record: none of the variant's modules, on the VM and on CPython."""
    r = run_vm(["-c", _BASE_GAME], heap="128K")
    assert r.returncode == 0, r.stderr
    mods = set(r.stdout.split())
    assert "engine.st2.state" in mods and "engine.st2.view" in mods and not mods & TACTIC, mods & TACTIC
    cp = subprocess.run([sys.executable, "-c", _BASE_GAME], cwd=ROOT, capture_output=True, text=True)
    assert cp.returncode == 0, cp.stderr
    mods = set(cp.stdout.split())
    assert "engine.st2.record" in mods and not mods & TACTIC, mods & TACTIC
    # The notation of base moves and positions too (desktop).
    code = (
        "import sys; from engine.st2 import game; st = game.new_state(None, 4)\n"
        "[game.move_text(m) for m in st.legal_moves()]; game.parse_position(game.position_text(st))\n"
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))\n"
    )
    cp = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert cp.returncode == 0 and "engine.st2.notation" in cp.stdout, cp.stderr
    assert not set(cp.stdout.split()) & TACTIC
