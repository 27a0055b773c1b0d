"""Schotten Totten 2: the fast prover against the slow, obvious one (tests/brute2.py)."""

import random

import pytest

from engine.st2.cards import K_COLOUR, K_RUN, kind
from engine.st2.prove import beat, score
from tests.brute2 import brute_beat
from tests.st2_prover_cases import check_case, random_case, run


@pytest.mark.parametrize("seed", range(4))
def test_differential_random_positions(seed):
    """2,800 random positions (4 x 700, cycling through the 7 tiles and both sides: 200 per tile
    side), biased towards near-formations; the long run of 100,000 is `make long-test`."""
    logs = []
    ok, bad = run(700, 10 + seed, logs.append)
    assert bad == 0 and ok == 700, logs[:5]


def test_differential_with_no_limit_on_unseen_cards():
    """700 positions in which any number of cards may be unseen (no brute-force budget)."""
    logs = []
    ok, bad = run(700, 30, logs.append, None)
    assert bad == 0 and ok == 700, logs[:5]


def test_every_tile_and_side_sees_both_verdicts():
    """The positions are not all easy: every tile side has proofs that hold and that fail."""
    rng = random.Random(3)
    verdicts = {}
    for i in range(1400):
        tile, dmg = i % 7, (i // 7) % 2
        mine, opp, n, kd, unseen = random_case(rng, tile, dmg)
        verdicts.setdefault((tile, dmg), set()).add(brute_beat(mine, opp, n, kd, unseen) is None)
    assert len(verdicts) == 14 and all(v == {True, False} for v in verdicts.values())


def test_colour_and_run_tiles_skip_colour_runs():
    """On a colour-only or run-only tile the Defender's best-looking completion can be a
    colour-run, which counts as a sum there: the prover must find the next best."""
    seen = bytearray(72)
    for c in range(60):
        seen[c] = 1
    for c in (9, 10, 11, 7):  # R9 R10 R11 R7 unseen: R9 R10 R11 is a colour-run (a sum, 30)
        seen[c] = 0
    assert kind(2, 1) == K_COLOUR
    target = score([24, 25, 28], 3, K_COLOUR)  # G0 G1 G4: colour, total 5
    assert beat(target, [], 0, 3, K_COLOUR, seen) in ([11, 10, 7], [11, 9, 7], [10, 9, 7])
    assert check_case([24, 25, 28], [], 3, K_COLOUR, [0 if seen[c] else 1 for c in range(60)]) is None
    # Run tile: R3 R4 unseen with only R5 for the 5: a colour-run; G5 makes it a run.
    seen = bytearray(72)
    for c in range(60):
        seen[c] = 1
    for c in (3, 4, 5):
        seen[c] = 0
    target = score([12, 25, 38], 3, K_RUN)  # Y0 G1 B2: run, total 3
    assert beat(target, [], 0, 3, K_RUN, seen) is None
    seen[29] = 0  # G5
    assert beat(target, [], 0, 3, K_RUN, seen) in ([3, 4, 29],)


def test_bb_a_strength_twice_is_no_run():
    """forms.bb serves both provers: a base formation's colour cards never repeat a strength,
    but the tactic variant's elites can take one a siege card has (a Joker as the 7 beside a
    7): then the formation is no run, whatever the mask of strengths looks like."""
    from engine.st2.forms import bb

    # fixed 5 and 6, add one of [7, 5]: 7 makes the run 5-6-7 (refused), 5 repeats (taken)
    assert bb([7, 5], 1, 0, [], 11, 0, [5, 6]) == [5]
    # the same with cards of one colour (colour 2: c % 12 is the strength): 7 is refused,
    # so the search goes on to the lower card
    assert bb([2 * 12 + 7, 2 * 12 + 3], 1, 0, [], 11, 0, [2 * 12 + 5, 2 * 12 + 6]) == [2 * 12 + 3]
    # no duplicate and no run: the highest card is taken at once
    assert bb([9, 5], 1, 0, [], 11, 0, [5, 6]) == [9]
