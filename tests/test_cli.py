"""The desktop commands: prove (JSON lines), replay, selfplay."""

import json
import os
import re
import subprocess
import sys

from engine import st1
from engine.record import Record
from engine.record_text import record_text
from engine.rng import Rng
from engine.st1.play import random_move
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


def _prove_bytes(data):
    """Run `python -m sim prove` on raw bytes under a strict UTF-8 locale; the answer lines."""
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8", PYTHONUTF8="0")
    r = subprocess.run(
        [sys.executable, "-m", "sim", "prove"],
        cwd=ROOT,
        input=data,
        capture_output=True,
        timeout=120,
        env=env,
    )
    assert r.returncode == 0 and not r.stderr, r.stderr
    return [json.loads(x) for x in r.stdout.decode().splitlines()]


def test_prove_answers_each_line_and_names_what_is_wrong():
    """Issue 12, items 11 and 15: one answer a line, whatever the line; a bad one gets its
    error and the stream goes on."""
    good = json.dumps({"my_cards": ["R5", "G5", "B5"], "opp_cards": ["Y8", "Y9"]}).encode()
    lines = [
        b"{}",
        b'{"my_card": ["R5", "G5", "B5"], "opp_cards": []}',
        b'{"my_cards": ["R5", "G5", "B5"], "opp_card": []}',
        b"",
        b"   ",
        b"[" * 1000 + b"]" * 1000,
        b'{"my_cards": ["R5", "G5", "B5"], "x": "caf\xe9"}',
        b'{"game": true, "my_cards": []}',
        b'{"my_cards": ["R5", "G5", "B5"], "opp_cards": ["G7", "P4", "B3"], "me_completed_first": 1}',
        b'{"game": 2, "tile": 3, "my_cards": ["R\xc2\xb2"]}',
        b'{"game": 2, "my_cards": ["R1"], "tile": 3, "opp_cards": [], "colour": "R"}',
        b'{"game": 1, "tile": 3, "my_cards": []}',
        b'{"my_cards": ["R1", ' + b'"R2", ' * 20000 + b'"R3"]}',
        good,
    ]
    out = _prove_bytes(b"\n".join(lines) + b"\n")
    assert len(out) == len(lines)
    why = [o["error"] for o in out]
    assert "missing field my_cards" in why[0]
    assert 'unknown field "my_card"' in why[1] and 'unknown field "opp_card"' in why[2]
    assert "empty line" in why[3] and "empty line" in why[4]
    assert "nested too deeply" in why[5]
    assert "not UTF-8" in why[6]
    assert "only game 1" in why[7]
    assert "me_completed_first" in why[8]
    assert "unknown card" in why[9]
    assert 'unknown field "colour"' in why[10] and 'unknown field "tile"' in why[11]
    assert "longer than" in why[12]
    assert out[-1] == {"provable": False, "counterexample": ["Y7"], "error": None}
    for o in out[:-1]:
        assert o["provable"] is False and o["counterexample"] is None


def test_replay_refuses_what_is_not_a_record(tmp_path):
    """Issue 12, item 15: a clear error, never a traceback or a hang."""
    bad = {
        "latin1.txt": "game st1\nseed 1\nmoves\n# café\n".encode("latin-1"),
        "super.txt": "game st1\nseed ²\nmoves\n".encode(),
        "long.txt": ("game st1\nseed " + "9" * 5000 + "\nmoves\n").encode(),
        "save.bin": b"STsv\x01\x00" + bytes(8186),
    }
    want = {
        "latin1.txt": "line 4: not UTF-8 text (byte 28)",
        "super.txt": "line 2: seed is a number below 2**32",
        "long.txt": "line 2: seed is a number below 2**32",
        "save.bin": "a save area",
    }
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
        r = sim(["replay", str(tmp_path / name)])
        assert r.returncode == 1 and want[name] in r.stderr and "Traceback" not in r.stderr, (name, r.stderr)
    r = sim(["replay", "/dev/urandom"])
    assert r.returncode == 1 and "not a game record" in r.stderr and "Traceback" not in r.stderr
    r = sim(["replay", str(tmp_path)])
    assert r.returncode == 2 and "cannot read" in r.stderr and "Traceback" not in r.stderr


def test_counts_below_one_are_refused():
    """Issue 12, item 13: --games 0 was a ZeroDivisionError, --games -5 a negative rate."""
    for cmd in (["selfplay", "--games", "0"], ["selfplay", "--games", "-5"], ["arena", "--games", "0"]):
        r = sim(cmd)
        assert r.returncode == 2 and "must be at least 1" in r.stderr and "Traceback" not in r.stderr, cmd
        assert r.stdout == ""


def test_tune_says_how_long_it_runs():
    """Issue 12, item 13: sim.tune tells the time left on stderr; stdout keeps its two lines."""
    r = subprocess.run(
        [sys.executable, "-m", "sim.tune", "--deals", "2", "cands=1", "samples=1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == 2
    err = r.stderr.splitlines()
    assert err[0] == "sim.tune: 4 games: 2 deals, each played from both seats"
    assert re.fullmatch(r"sim.tune: deal 1 of 2 done, about \d+ s left", err[1])
    assert err[-1].startswith("sim.tune: deal 2 of 2 done")
    r = subprocess.run(
        [sys.executable, "-m", "sim.tune", "--deals", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "must be at least 1" in r.stderr


def test_tune_durations_read_as_clock_times():
    from sim.tune import duration

    assert duration(40) == "40 s" and duration(720) == "12 min"
    assert duration(3900) == "1 h 05 min" and duration(7199) == "2 h 00 min"  # not "1 h 60 min"
