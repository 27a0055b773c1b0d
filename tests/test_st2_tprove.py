"""Schotten Totten 2 proofs with elite troops (engine.st2.tactic.prove) against the slow, obvious
prover (tests/brute2_t.py), and the rulebook's elite troops (docs/RULES.md, "Tactic proofs
(second game)")."""

import json
import random
import subprocess
import sys
from itertools import combinations

import pytest

from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME, K_SUM, kind, need
from engine.st2.prove import beat, score
from engine.st2.tactic.prove import beat_t, beat_tv, score_t
from tests.brute2 import brute_key as brute_key_distinct
from tests.brute2_t import brute_beat_t, brute_key
from tests.mp_util import ROOT, run_vm
from tests.st2_tprover_cases import check_case, check_score, random_case, run

JOKER, JOKER2, SPY, SHIELD = 60, 61, 62, 63
KINDS = (K_ALL, K_SUM, K_SAME, K_COLOUR, K_RUN, K_LOW)


def _seen(visible):
    seen = bytearray(72)
    for c in visible:
        seen[c] = 1
    return seen


@pytest.mark.parametrize("seed", range(4))
def test_differential_random_positions(seed):
    """2,800 random positions (4 x 700, cycling through the 7 tiles and both sides: 200 per
    tile side), elites on both sides; the long run of 100,000 is `make long-test`."""
    logs = []
    ok, bad = run(700, 100 + seed, logs.append)
    assert bad == 0 and ok == 700, logs[:5]


def test_every_tile_side_sees_elites_on_both_sides_and_both_verdicts():
    """The positions are not all easy: every tile side has elites on the Attacker's side, on
    the Defender's, and proofs that hold and that fail with a Defender's elite."""
    rng = random.Random(3)
    seen = {}
    for i in range(1400):
        tile, dmg = i % 7, (i // 7) % 2
        mine, opp, n, kd, unseen = random_case(rng, tile, dmg)
        key = seen.setdefault((tile, dmg), set())
        if any(c >= 60 for c in mine):
            key.add("mine")
        if any(c >= 60 for c in opp):
            key.add(brute_beat_t(mine, opp, n, kd, unseen) is None)
    assert len(seen) == 14 and all(v == {"mine", True, False} for v in seen.values()), seen


def test_the_brute_keys_agree_without_duplicates():
    """tests.brute2_t's key (duplicates allowed) is tests.brute2's on every 2- and 3-card set
    of distinct siege cards, on every tile kind."""
    for n in (2, 3):
        for cards in combinations(range(60), n):
            for kd in KINDS:
                assert brute_key(list(cards), kd) == brute_key_distinct(list(cards), kd)


def test_no_elite_is_the_base_prover():
    """With no elite, score_t is prove.score and beat_t is prove.beat (the contract)."""
    rng = random.Random(5)
    for i in range(3000):
        tile, dmg = i % 7, (i // 7) % 2
        n, kd = need(tile, dmg), kind(tile, dmg)
        cards = rng.sample(range(60), 2 * n)
        mine, opp = cards[:n], cards[n : n + rng.randrange(n)]
        assert score_t(mine, n, kd) == (score(mine, n, kd), [])
        seen = _seen(cards[:n] + opp + rng.sample(range(60), rng.randrange(60)))
        t = score(mine, n, kd)
        assert beat_t(t, opp, len(opp), n, kd, seen) == beat(t, opp, len(opp), n, kd, seen)


def test_score_t_every_elite_on_every_kind():
    """Every set of elites with every siege card on 2-card sides, and random 3- and 4-card
    formations with one to four elites: score_t's values are the best (brute force)."""
    for kd in KINDS:
        for e in (JOKER, SPY, SHIELD):
            for c in range(60):
                assert check_score([e, c], 2, kd) is None
        for es in ((JOKER, JOKER2), (JOKER, SPY), (JOKER, SHIELD), (SPY, SHIELD)):
            assert check_score(list(es), 2, kd) is None
    rng = random.Random(7)
    for i in range(600):
        n = 3 + i % 2
        kd = KINDS[i % 6]
        es = rng.sample((JOKER, JOKER2, SPY, SHIELD), 1 + i % 3 if n == 3 else 1 + i % 2)
        if JOKER in es and JOKER2 in es and len(es) > 2:
            es = es[:2]
        cards = rng.sample(range(60), n - len(es)) + es
        rng.shuffle(cards)
        assert check_score(cards, n, kd) is None, cards


def test_joker_at_its_best():
    """ "Joker (x2): This card is wild and takes the color and strength of your choice when the
    Attacker declares control." With B10 B11 on the gate it completes a colour-run: B9."""
    assert score_t([JOKER, 46, 47], 3, K_ALL) == (4 << 6 | 30, [45])
    # On the lowest-sum tile its best is a 0; on a sum-only tile an 11.
    assert score_t([JOKER, 46, 47], 3, K_LOW) == (63 - 21, [0])
    assert score_t([JOKER, 46, 47], 3, K_SUM)[0] == 32


def test_spy_and_shield_values():
    """ "Spy: This card has a value of 10. It takes the color of your choice"; "Shield: ...
    takes the color and strength of your choice (either 1, 2, or 3)"."""
    assert score_t([SPY, 45, 47], 3, K_ALL) == (4 << 6 | 30, [46])  # B9 SPY B11: B10
    assert score_t([SHIELD, 12, 14], 3, K_ALL) == (4 << 6 | 3, [13])  # Y0 SHIELD Y2: Y1
    assert score_t([SHIELD, 4, 17], 3, K_ALL)[0] == 1 << 6 | 12  # R4 Y5: a run 3 4 5
    assert score_t([SHIELD, 4, 16], 3, K_ALL)[0] == 11  # R4 Y4: no 4 for a Shield, a sum
    assert score_t([SHIELD, SPY], 2, K_LOW) == (63 - 11, [1, 10])


def test_an_elite_may_copy_a_visible_card():
    """The rulebook prints no restriction on the value chosen: on a colour-only tile both
    Jokers are R11 beside the R11 (one colour and one strength is a Color there: "Cards of the
    same color"); on the gate they make the colour-run R9 R10 R11 instead."""
    assert score_t([JOKER, JOKER2, 11], 3, K_COLOUR) == (2 << 6 | 33, [11, 11])
    assert score_t([JOKER, JOKER2, 11], 3, K_ALL) == (4 << 6 | 30, [9, 10])
    assert score_t([JOKER, 11], 2, K_SAME)[0] == 3 << 6 | 22


def test_defender_elites_beat_a_proof_that_siege_cards_alone_cannot():
    """Elite troops on the Defender's side take their best value: the Attacker's G7 G8 G9 on
    tile 3 cannot be beaten by B10 and two siege cards when every 9 and every 11 is visible,
    but with the Defender's Joker beside the B10 (JOKER=B9) one B8 makes a colour-run of 27."""
    mine = [31, 32, 33]
    target = score(mine, 3, K_ALL)
    vis = [c for c in range(60) if c % 12 in (11, 9)] + mine + [46]
    seen = _seen(vis)
    assert beat(target, [46], 1, 3, K_ALL, seen) is None
    assert beat_tv(target, [JOKER, 46], 2, 3, K_ALL, seen) == ([44], [45])
    assert check_case(mine, [JOKER, 46], 3, K_ALL, [0 if seen[c] else 1 for c in range(60)]) is None
    seen[44] = 1  # B8 visible too: the Joker cannot make the run alone
    assert beat_t(target, [JOKER, 46], 2, 3, K_ALL, seen) is None


def test_unplayed_tactic_cards_are_not_considered():
    """ "unplayed tactic cards are not considered": a counter-example is siege cards only, and
    with every siege card visible the Defender cannot complete."""
    mine = [0, 12, 24]  # R0 Y0 G0 on a lowest-sum tile (7 undamaged)
    seen = _seen(range(60))
    assert beat_t(score(mine, 3, K_LOW), [JOKER], 1, 3, K_LOW, seen) is None
    seen[36] = 0  # B0 unseen: JOKER as 0 and B0 and one more card are needed: still None
    assert beat_t(score(mine, 3, K_LOW), [JOKER], 1, 3, K_LOW, seen) is None
    seen[48] = 0  # P0 too: JOKER=0 B0 P0 ties at 0 and completes later: still None
    assert beat_t(score(mine, 3, K_LOW), [JOKER], 1, 3, K_LOW, seen) is None
    assert beat_t(score([0, 12, 1], 3, K_LOW), [JOKER], 1, 3, K_LOW, seen) == [36, 48]


def test_the_same_answers_on_the_micropython_vm_at_48k():
    """Device code: tests/mp/st2_tprove.py gives the same 1,500 answers (elites on both sides,
    every tile side) on the MicroPython VM at -X heapsize=48K as on CPython."""
    args = ["tests/mp/st2_tprove.py", "1500", "3"]
    vm = run_vm(args, heap="48K")
    cp = subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True)
    assert vm.returncode == 0 and cp.returncode == 0, vm.stderr + cp.stderr
    lines = cp.stdout.splitlines()
    assert len(lines) == 1500 and vm.stdout == cp.stdout
    # Not a test of empty answers: many positions have elites, proofs that hold and fail.
    assert sum(" [] " not in x for x in lines) > 500
    assert sum(x.endswith("None") for x in lines) > 200 and sum(x.endswith("])") for x in lines) > 500


def _ask(req):
    from sim.prove import answer

    return answer(json.dumps(req))


def test_prove_tool_with_elite_troops():
    """`python -m sim prove` takes JOKER, SPY and SHIELD in game-2 requests and names elites
    with their values (docs/NOTATION.md)."""
    vis = ["R9", "Y9", "B9", "P9", "R11", "Y11", "G11", "B11", "P11"]
    req = {
        "game": 2,
        "tile": 3,
        "my_cards": ["G7", "G8", "G9"],
        "opp_cards": ["JOKER", "B10"],
        "visible_elsewhere": vis,
    }
    assert _ask(req) == {"provable": False, "counterexample": ["B8", "JOKER=B9"], "error": None}
    req["visible_elsewhere"] = vis + ["B8"]
    assert _ask(req) == {"provable": True, "counterexample": None, "error": None}
    # The Attacker's elites: the values the declaration shows.
    req = {"game": 2, "tile": 4, "my_cards": ["SPY", "B11"], "opp_cards": ["joker"]}
    assert _ask(req) == {"provable": True, "counterexample": None, "error": None, "my_values": ["SPY=B10"]}
    # Both complete: the Defender's JOKER SHIELD (a colour-run 3 4) loses to the Attacker's 21;
    # on the damaged gate (lowest sum) the Defender's Shield and Jokers are 1, 0, 0.
    req = {"game": 2, "tile": 4, "my_cards": ["JOKER", "B11"], "opp_cards": ["JOKER", "SHIELD"]}
    assert _ask(req) == {"provable": True, "counterexample": None, "error": None, "my_values": ["JOKER=B10"]}
    req = {"game": 2, "tile": 4, "damaged": True, "my_cards": ["R0", "Y0", "G0", "B2"]}
    req["opp_cards"] = ["SHIELD", "JOKER", "B0", "JOKER"]
    out = _ask(req)
    assert out["provable"] is False and [x.split("=")[0] for x in out["counterexample"]] == [
        "SHIELD",
        "JOKER",
        "JOKER",
    ]
    assert [x[-1] for x in out["counterexample"]] == ["1", "0", "0"]
    # Equal without elites on the Defender's side: the counter-example is [] as before.
    req = {
        "game": 2,
        "tile": 4,
        "my_cards": ["JOKER", "Y11"],
        "opp_cards": ["B10", "B11"],
        "me_completed_first": False,
    }
    assert _ask(req) == {"provable": False, "counterexample": [], "error": None, "my_values": ["JOKER=Y10"]}


def test_prove_tool_refuses_bad_tactic_requests():
    """Bad tactic cards in a request get a clear error (and the next line is answered)."""
    base = {"game": 2, "tile": 4, "my_cards": ["B10", "B11"]}
    for extra, why in (
        ({"opp_cards": ["JOKER", "JOKER"], "visible_elsewhere": ["JOKER"]}, "duplicate card JOKER"),
        ({"opp_cards": ["SPY"], "visible_elsewhere": ["spy"]}, "duplicate card SPY"),
        ({"opp_cards": ["TREASON"]}, "TREASON is an action card"),
        ({"visible_elsewhere": ["EXPLOSION", "EXPLOSION"]}, "duplicate card EXPLOSION"),
        ({"opp_cards": ["JOKER=B9"]}, "name an elite troop alone"),
        ({"opp_cards": ["MUD"]}, "unknown card 'MUD'"),
        ({"my_cards": ["B10", "B11", "JOKER"]}, "too many cards"),
    ):
        out = _ask(dict(base, **extra))
        assert out["provable"] is False and out["counterexample"] is None and why in out["error"], (
            extra,
            out,
        )
    # An action card visible elsewhere is allowed and changes nothing.
    assert _ask(dict(base, visible_elsewhere=["TREASON", "SPY"])) == _ask(base)


def test_prove_tool_agrees_with_the_brute_force():
    """300 random positions with elites through the tool's JSON: provable exactly when the
    brute force finds no completion, and the counter-example names the elites' values."""
    from engine.st2.cards import name

    rng = random.Random(11)
    names = {JOKER: "JOKER", JOKER2: "JOKER", SPY: "SPY", SHIELD: "SHIELD"}
    for i in range(300):
        tile, dmg = i % 7, (i // 7) % 2
        mine, opp, n, kd, unseen = random_case(rng, tile, dmg)
        vis = [c for c in range(60) if not unseen[c] and c not in mine and c not in opp]
        if JOKER2 in mine and JOKER not in mine:  # the tool numbers Jokers in request order
            mine = [JOKER if c == JOKER2 else c for c in mine]
            opp = [JOKER2 if c == JOKER else c for c in opp]
        req = {"game": 2, "tile": tile + 1, "damaged": bool(dmg), "visible_elsewhere": [name(c) for c in vis]}
        req["my_cards"] = [names.get(c) or name(c) for c in mine]
        req["opp_cards"] = [names.get(c) or name(c) for c in opp]
        out = _ask(req)
        slow = brute_beat_t(mine, opp, n, kd, unseen)
        assert out["provable"] is (slow is None), (req, out, slow)
        if slow is not None:
            assert len(out["counterexample"]) == n - len(opp) + sum(c >= 60 for c in opp)
