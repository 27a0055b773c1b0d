"""The desktop commands: prove (JSON lines), replay, selfplay."""

import json
import os
import re
import subprocess
import sys

from engine import st1
from engine.play import random_move
from engine.record import Record
from engine.record_text import record_text
from engine.rng import Rng
from tests.mp_util import ROOT


def sim(args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "sim"] + args,
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_prove_json_lines():
    lines = [
        {"game": 1, "my_cards": ["G5", "R5", "B5"], "opp_cards": ["G7", "P4", "B3"], "visible_elsewhere": []},
        {"game": 1, "my_cards": ["R5", "G5", "B5"], "opp_cards": ["Y8", "Y9"], "visible_elsewhere": []},
        {"game": 1, "my_cards": ["R5", "G5", "B5"], "opp_cards": ["Y8", "Y9"], "visible_elsewhere": ["Y7"]},
        {
            "game": 1,
            "my_cards": ["R3", "G4", "B5"],
            "opp_cards": ["Y3", "P4", "O5"],
            "me_completed_first": False,
        },
        {
            "game": 1,
            "my_cards": ["R3", "G4", "B5"],
            "opp_cards": ["Y3", "P4", "O5"],
            "me_completed_first": True,
        },
        {"game": 1, "my_cards": ["R3", "G4"], "opp_cards": []},
        {"game": 1, "my_cards": ["R3", "G4", "Q5"], "opp_cards": []},
        {"game": 1, "my_cards": ["R3", "G4", "B5"], "opp_cards": ["R3"]},
        {"game": 1, "my_cards": ["R3", "G4", "B5", "B6"], "opp_cards": []},
        {"game": 1, "my_cards": ["R3", "G4", "B5"], "opp_cards": ["Y3", "P4", "O5"]},
        {"game": 3, "my_cards": []},
    ]
    text = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    r = sim(["prove"], text)
    assert r.returncode == 0, r.stderr
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == len(lines) + 1
    assert out[0] == {"provable": True, "counterexample": None, "error": None}
    assert out[1] == {"provable": False, "counterexample": ["Y7"], "error": None}
    assert out[2]["provable"] is True
    assert out[3] == {"provable": False, "counterexample": [], "error": None}
    assert out[4]["provable"] is True
    assert out[5] == {"provable": False, "counterexample": None, "error": None}
    for i, why in (
        (6, "unknown card"),
        (7, "duplicate"),
        (8, "too many"),
        (9, "me_completed_first"),
        (10, "game 1"),
        (11, "JSON"),
    ):
        assert out[i]["error"] and why in out[i]["error"], (i, out[i])


def _record(tmp_path, seed=12, timing=st1.T2016):
    rec = Record(seed, timing, 0)
    st = rec.start()
    rng = Rng(seed)
    while st.phase != st1.PH_OVER:
        m = random_move(st, rng)
        st.apply(m)
        rec.moves.append(m)
    p = tmp_path / "game.txt"
    p.write_text(record_text(rec))
    return p, st


def test_replay_prints_the_result(tmp_path):
    p, st = _record(tmp_path)
    r = sim(["replay", str(p)])
    assert r.returncode == 0, r.stderr
    assert "player %d wins" % (st.winner + 1) in r.stdout


def test_replay_reports_the_bad_line(tmp_path):
    p, _ = _record(tmp_path)
    lines = p.read_text().splitlines()
    lines[7] = lines[7] + " Z9@1"
    p.write_text("\n".join(lines) + "\n")
    r = sim(["replay", str(p)])
    assert r.returncode == 1 and "line 8" in r.stderr and "Traceback" not in r.stderr


def test_selfplay_summary_line():
    for timing in ("2016", "1999"):
        r = sim(["selfplay", "--game", "st1", "--games", "50", "--seed", "3", "--timing", timing])
        assert r.returncode == 0, r.stderr
        m = re.fullmatch(
            r"games=50 p1_wins=(\d+) p2_wins=(\d+) avg_turns=[\d.]+ games_per_s=[\d.]+", r.stdout.strip()
        )
        assert m and int(m.group(1)) + int(m.group(2)) == 50


def test_play_without_a_display_says_so_in_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = subprocess.run(
        [sys.executable, "-m", "sim", "play"], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
    )
    assert r.returncode == 0
    assert r.stdout.count("\n") == 1 and "--headless" in r.stdout
    assert "Traceback" not in r.stderr
