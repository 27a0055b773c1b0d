"""Schotten Totten 2 proofs with elite troops (engine.st2.tprove) against the slow, obvious
prover (tests/brute2_t.py), and the rulebook's elite troops (docs/RULES.md, "Tactic proofs
(second game)")."""

import random
import subprocess
import sys
from itertools import combinations

import pytest

from engine.st2.cards import K_ALL, K_COLOUR, K_LOW, K_RUN, K_SAME, K_SUM, kind, need
from engine.st2.prove import beat, score
from engine.st2.tprove import beat_t, beat_tv, score_t
from tests.brute2 import brute_key as brute_key_distinct
from tests.brute2_t import brute_beat_t, brute_key
from tests.mp_util import ROOT, run_mp
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
    vm = run_mp(args, heap="48K")
    cp = subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True)
    assert vm.returncode == 0 and cp.returncode == 0, vm.stderr + cp.stderr
    lines = cp.stdout.splitlines()
    assert len(lines) == 1500 and vm.stdout == cp.stdout
    # Not a test of empty answers: many positions have elites, proofs that hold and fail.
    assert sum(" [] " not in x for x in lines) > 500
    assert sum(x.endswith("None") for x in lines) > 200 and sum(x.endswith("])") for x in lines) > 500
