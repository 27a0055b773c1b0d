"""Schotten Totten 2 in the desktop commands: prove (game 2), replay, selfplay."""

import json
import re

from engine.rng import Rng
from engine.st2.match import REVENGE, SINGLE
from engine.st2.recordtext import record_text
from engine.st2.rmatch import random_match
from tests.test_cli import sim


def test_prove_game_2():
    reqs = [
        # The rulebook's gate: B10 B11 cannot be beaten, only tied.
        {"game": 2, "tile": 4, "damaged": False, "my_cards": ["B10", "B11"], "opp_cards": []},
        # The damaged gate, 6 against 5: two 0s unseen, then only one.
        {"game": 2, "tile": 4, "damaged": True, "my_cards": ["R0", "Y1", "G2", "B3"], "opp_cards": ["Y2", "G3"],
         "visible_elsewhere": ["Y0", "G0"]},
        {"game": 2, "tile": 4, "damaged": True, "my_cards": ["R0", "Y1", "G2", "B3"], "opp_cards": ["Y2", "G3"],
         "visible_elsewhere": ["Y0", "G0", "B0"]},
        # Both complete: a tie goes to whoever completed first.
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4", "B5"], "opp_cards": ["Y3", "P4", "G5"], "me_completed_first": False},
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4", "B5"], "opp_cards": ["Y3", "P4", "G5"], "me_completed_first": True},
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4"], "opp_cards": []},
        {"game": 2, "tile": 8, "my_cards": []},
        {"game": 2, "tile": 3, "damaged": "yes", "my_cards": []},
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4", "B5", "B6"]},
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4", "B12"]},
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4", "B5"], "opp_cards": ["R3"]},
        {"game": 2, "my_cards": []},
        {"game": 2, "tile": 3, "my_cards": ["R3", "G4", "B²"]},  # issue 12 item 15: was a ValueError
    ]  # fmt: skip
    r = sim(["prove"], "\n".join(json.dumps(x) for x in reqs) + "\n")
    assert r.returncode == 0, r.stderr
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == len(reqs)
    assert out[0] == {"provable": True, "counterexample": None, "error": None}
    assert out[1]["provable"] is False and sorted(out[1]["counterexample"]) == ["B0", "P0"]
    assert out[2] == {"provable": True, "counterexample": None, "error": None}
    assert out[3] == {"provable": False, "counterexample": [], "error": None}
    assert out[4]["provable"] is True
    assert out[5] == {"provable": False, "counterexample": None, "error": None}
    for i, why in (
        (6, "tile"),
        (7, "damaged"),
        (8, "too many"),
        (9, "unknown card"),
        (10, "duplicate"),
        (11, "tile"),
        (12, "unknown card 'B²'"),
    ):
        assert out[i]["error"] and why in out[i]["error"], (i, out[i])


def test_selfplay_st2_summary_line():
    r = sim(["selfplay", "--game", "st2", "--games", "40", "--seed", "3"])
    assert r.returncode == 0, r.stderr
    m = re.fullmatch(
        r"games=40 p1_wins=(\d+) p2_wins=(\d+) avg_turns=[\d.]+ games_per_s=[\d.]+", r.stdout.strip()
    )
    assert m and int(m.group(1)) + int(m.group(2)) == 40


def _match_file(tmp_path, mode):
    m, rec = random_match(mode, 90, Rng(6))
    p = tmp_path / "st2.txt"
    p.write_text(record_text(rec))
    return p, m


def test_replay_st2_records(tmp_path):
    for mode in (SINGLE, REVENGE):
        p, m = _match_file(tmp_path, mode)
        r = sim(["replay", str(p)])
        assert r.returncode == 0, r.stderr
        assert "result: player %d wins the %s" % (m.winner() + 1, "match" if mode else "game") in r.stdout
        assert r.stdout.count("\ngame ") + r.stdout.startswith("game ") == len(m.results)
    lines = p.read_text().splitlines()
    lines[4] = "Q1@1 " + lines[4]
    p.write_text("\n".join(lines) + "\n")
    r = sim(["replay", str(p)])
    assert r.returncode == 1 and "line 5" in r.stderr and "Traceback" not in r.stderr


def test_replay_st2_refuses_a_seed_that_is_no_number(tmp_path):
    """Issue 12, item 15: a seed of "²" or 5,000 digits was a ValueError with no line number."""
    p, _ = _match_file(tmp_path, SINGLE)
    text = p.read_text()
    seed = re.search(r"\nseed (\d+)\n", text).group(0)
    for bad in ("²", "9" * 5000):
        p.write_text(text.replace(seed, "\nseed %s\n" % bad))
        r = sim(["replay", str(p)])
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        assert "line 3: seed is a number below 2**32" in r.stderr, r.stderr
