"""`python -m sim prove` with tactic cards (docs/NOTATION.md, docs/RULES.md "Tactic proofs"):
elite troops by name, "mud" and "blind", counter-examples naming an elite's value."""

import json
import random
import subprocess
import sys

from engine.cards import name
from engine.st1.tactic.prove import beat_t, score_t
from sim.prove import answer
from tests.brute_t import brute_score_t
from tests.mp_util import ROOT
from tests.tprover_cases import random_case

NAMES = {54: "JOKER", 55: "JOKER", 56: "SPY", 57: "SHIELD"}


def ask(**req):
    return answer(json.dumps(req))


def test_elites_modes_and_a_counterexample_with_the_jokers_value():
    """ "Joker: Clan card of which you choose the color and strength when claiming the Stone":
    against R6 R7 R8 the opponent's Joker and G7 beat it as G8 with G9 added."""
    out = ask(my_cards=["R6", "R7", "R8"], opp_cards=["JOKER", "G7"])
    assert out == {"provable": False, "counterexample": ["JOKER=G8", "G9"], "error": None}
    # With G6, G8 and G9 visible the best is G5, the Joker as G6, and G7: a lower colour-run.
    out = ask(my_cards=["R6", "R7", "R8"], opp_cards=["JOKER", "G7"], visible_elsewhere=["G9", "G6", "G8"])
    assert out == {"provable": True, "counterexample": None, "error": None}


def test_my_own_elites_and_their_values():
    """The claimant's complete formation may hold elites: the answer names their values."""
    out = ask(my_cards=["G7", "G8", "JOKER"], opp_cards=["B9"], blind=True)
    assert out["my_values"] == ["JOKER=G9"] and out["provable"] is False
    # "Blind-Man's Bluff: ... add only the strength of the cards": 24 against B9 + two cards.
    ce = out["counterexample"]
    assert 9 + sum(int(c[1]) for c in ce) > 24
    out = ask(my_cards=["G7", "G8", "JOKER", "G6"], opp_cards=["B9", "JOKER", "SPY"], mud=True)
    assert out == {"provable": True, "counterexample": None, "error": None, "my_values": ["JOKER=G9"]}


def test_mud_fight_takes_four_cards():
    """ "Mud Fight: ... you must make combinations with four cards on either side of the
    Stone": three cards are not complete there, four are, five are too many."""
    assert ask(my_cards=["R1", "R2", "R3"], mud=True) == {
        "provable": False,
        "counterexample": None,
        "error": None,
    }
    out = ask(my_cards=["R1", "R2", "R3", "R5"], opp_cards=["SHIELD", "G1", "G2"], mud=True)
    assert out == {"provable": False, "counterexample": ["SHIELD=G3", "G4"], "error": None}
    # A four-card colour-run R1-R4 (10): the opponent's best, G1-G4, only ties.
    out = ask(my_cards=["R1", "R2", "R3", "R4"], opp_cards=["SHIELD", "G1", "G2"], mud=True)
    assert out == {"provable": True, "counterexample": None, "error": None}
    out = ask(my_cards=["R1", "R2", "R3", "R4", "R5"], mud=True)
    assert "at most 4" in out["error"]


def test_complete_sides_with_elites():
    """Both sides complete: the answer compares the best values; a winning opponent's
    counter-example is its elites' values."""
    out = ask(my_cards=["R7", "R8", "R9"], opp_cards=["G8", "G9", "JOKER"], me_completed_first=True)
    assert out == {"provable": True, "counterexample": None, "error": None}
    out = ask(my_cards=["R7", "R8", "R9"], opp_cards=["G8", "G9", "JOKER"], me_completed_first=False)
    assert out == {"provable": False, "counterexample": ["JOKER=G7"], "error": None}
    out = ask(my_cards=["R6", "R7", "R8"], opp_cards=["G8", "G9", "JOKER"])
    assert out == {"provable": False, "counterexample": ["JOKER=G7"], "error": None}


def test_bad_tactic_requests_are_refused_clearly():
    """ "Each player can only have one Joker on his side of the border"; each other tactic card
    exists once; combat modes are fields, ruses never stand at a stone."""
    cases = [
        (dict(my_cards=["G7", "JOKER", "JOKER"]), "one Joker on his side"),
        (dict(my_cards=["G7", "G8", "G9"], opp_cards=["joker", "Joker"]), "one Joker on his side"),
        (
            dict(my_cards=["G7", "G8", "JOKER"], opp_cards=["JOKER"], visible_elsewhere=["JOKER"]),
            "there are two",
        ),
        (dict(my_cards=["G7", "G8", "SPY"], opp_cards=["SPY"]), "duplicate card SPY"),
        (dict(my_cards=["G7", "G8", "MUD"]), "combat mode"),
        (dict(my_cards=["G7", "G8"], opp_cards=["TRAITOR"]), "a ruse"),
        (dict(my_cards=["G7", "G8", "G9"], mud=1), "mud must be true or false"),
        (dict(my_cards=["G7", "G8", "G9"], blind="yes"), "blind must be true or false"),
        (dict(my_cards=["G7", "G8", "G9"], mud=True, visible_elsewhere=["MUD"]), "duplicate card MUD"),
        (dict(my_cards=["G7", "G8", "G9"], opp_cards=["KING"]), "unknown card"),
        (dict(game=2, tile=3, my_cards=["R1"], blind=True), 'unknown field "blind"'),
    ]
    for req, why in cases:
        out = ask(**req)
        assert out["provable"] is False and out["counterexample"] is None, req
        assert why in out["error"], (req, out["error"])


def test_tactic_cards_elsewhere_are_accepted_and_change_nothing():
    """Cards elsewhere on the table may name any tactic card (a mode on another stone, a ruse
    in the discard): only clan cards count as seen."""
    base = ask(my_cards=["R5", "G5", "B5"], opp_cards=["Y8", "Y9"])
    more = ask(
        my_cards=["R5", "G5", "B5"],
        opp_cards=["Y8", "Y9"],
        visible_elsewhere=["MUD", "BLIND", "RECRUITER", "STRATEGIST", "BANSHEE", "TRAITOR", "JOKER", "SPY"],
    )
    assert base == more == {"provable": False, "counterexample": ["Y7"], "error": None}


def test_random_requests_agree_with_the_prover_and_brute_force():
    """300 random requests: the answer is the prover's, and each counter-example, read back
    with its elites' values, scores above my formation (checked exhaustively)."""
    rng = random.Random(5)
    for _ in range(300):
        mine, opp, n, blind, unseen = random_case(rng)
        vis = [c for c in range(54) if not unseen[c] and c not in mine and c not in opp]
        req = {
            "my_cards": [NAMES.get(c) or name(c) for c in mine],
            "opp_cards": [NAMES.get(c) or name(c) for c in opp],
            "visible_elsewhere": [name(c) for c in vis],
            "mud": n == 4,
            "blind": blind,
        }
        out = answer(json.dumps(req))
        target = score_t(mine, n, blind)[0]
        add = beat_t(target, opp, len(opp), n, unseen, blind)
        assert out["error"] is None and out["provable"] == (add is None), (req, out)
        if add is not None:
            from engine.cards import parse

            vals = [x.split("=")[1] for x in out["counterexample"] if "=" in x]
            added = [x for x in out["counterexample"] if "=" not in x]
            assert len(vals) == sum(1 for c in opp if c >= 54) and len(added) == n - len(opp)
            formation = [c for c in opp if c < 54] + [parse(x) for x in vals + added]
            assert brute_score_t(formation, blind)[0] > target


def test_the_command_line():
    """The same through `python -m sim prove`: one answer a line."""
    lines = [
        {"my_cards": ["R6", "R7", "R8"], "opp_cards": ["JOKER", "G7"]},
        {"my_cards": ["G7", "JOKER", "JOKER"]},
    ]
    r = subprocess.run(
        [sys.executable, "-m", "sim", "prove"],
        cwd=ROOT,
        input="\n".join(json.dumps(x) for x in lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert out[0] == {"provable": False, "counterexample": ["JOKER=G8", "G9"], "error": None}
    assert "one Joker on his side" in out[1]["error"]
