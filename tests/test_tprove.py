"""The tactic prover (engine/st1/tactic/prove.py) against the slow, obvious one (tests/brute_t.py),
and the rulebook cases it rests on (docs/RULES.md, "Tactic proofs")."""

import random

import pytest

from engine.st1.prove import score
from engine.st1.tactic.prove import JOKER, JOKER2, SHIELD, SPY, beat_t, score_t
from tests.brute_t import brute_score_t
from tests.tprover_cases import check_case, check_score, random_case


def card(text):
    from engine.cards import parse

    return {"JOKER": JOKER, "JOKER2": JOKER2, "SPY": SPY, "SHIELD": SHIELD}.get(text) or parse(text)


def cards(text):
    return [card(x) for x in text.split()]


def unseen_but(visible):
    u = bytearray(b"\x01" * 54)
    for c in visible:
        if c < 54:
            u[c] = 0
    return u


@pytest.mark.parametrize("seed", range(4))
def test_differential_random_positions(seed):
    """2,000 random claim positions (4 x 500): elites on both sides, 3 and 4 cards (Mud Fight),
    sum only (Blind-Man's Bluff) and both; the long run of 100,000 is
    `python -m tests.tprover_cases 100000 1` (make long-test)."""
    rng = random.Random(1000 + seed)
    plain = [0, 0]
    for _ in range(500):
        case = random_case(rng)
        assert check_case(*case) is None, case
        mine, opp, _, blind, _ = case
        if not blind:
            plain[0] += not any(c >= JOKER for c in mine)
            plain[1] += not any(c >= JOKER for c in opp)
    # score_t and beat_t hand an elite-free side off a Blind-Man's Bluff stone to prove.score
    # and prove.beat: such sides are among the cases the brute force checks.
    assert min(plain) >= 10, plain


def test_differential_each_mode_and_elite_mix():
    """Every combination of the two modes, each with the opponent holding a Joker, the Spy,
    the Shield-Bearer or all three (as far as its k < n cards allow)."""
    rng = random.Random(7)
    seen = set()
    for _ in range(400):
        n, blind = rng.choice((3, 4)), rng.random() < 0.5
        mine, opp, n, blind, unseen = random_case(rng, n, blind)
        assert check_case(mine, opp, n, blind, unseen) is None, (mine, opp, n, blind)
        seen.add((n, blind, tuple(sorted(min(c, JOKER) if c < SPY else c for c in opp if c >= JOKER))))
    for n in (3, 4):
        for blind in (False, True):
            for el in ((JOKER,), (SPY,), (SHIELD,), (JOKER, SPY)):
                assert (n, blind, el) in seen


def test_score_t_every_formation_of_elites_alone_and_with_one_clan_card():
    """score_t against every value of every elite, for each set of elites with up to one clan
    card of each strength (colour R), on both kinds of stone."""
    elites = ([JOKER], [SPY], [SHIELD], [JOKER, SPY], [JOKER, SHIELD], [SPY, SHIELD], [JOKER, SPY, SHIELD])
    for blind in (False, True):
        for el in elites:
            for n in (3, 4):
                for extra in range(n - len(el) + 1):
                    rng = random.Random(n * 10 + extra)
                    for _ in range(6):
                        clan = rng.sample(range(54), n - len(el))
                        assert check_score(clan + el, n, blind) is None


# Rulebook cases. Each quotes the sentence it checks (2016 rulebook, "Tactic variant").


def test_joker_takes_any_colour_and_strength():
    """ "Joker (x2): Clan card of which you choose the color and strength when claiming the
    Stone you play it on." G7 G8 and a Joker make a colour-run with the Joker as G9."""
    assert score_t(cards("G7 G8 JOKER"), 3, False) == (4 << 6 | 24, [card("G9")])
    # The second Joker is the same card.
    assert score_t(cards("JOKER2 G8 G7"), 3, False) == (4 << 6 | 24, [card("G9")])


def test_spy_is_a_seven_of_a_colour_chosen():
    """ "Spy: Clan card of strength 7 of which you choose the color": with R8 R9 it is R7, a
    colour-run; with B7 Y7 it makes three of a kind."""
    assert score_t(cards("R8 SPY R9"), 3, False) == (4 << 6 | 24, [card("R7")])
    sc, vals = score_t(cards("B7 Y7 SPY"), 3, False)
    assert sc == 3 << 6 | 21 and vals[0] % 9 == 6 and vals[0] not in cards("B7 Y7")
    # Not a 9: with R9 R8 the best is a colour with the Spy as a red 7.
    assert score_t(cards("R9 SPY R3"), 3, False) == (2 << 6 | 19, [card("R7")])


def test_shield_bearer_is_a_one_two_or_three():
    """ "Shield-Bearer: Clan card of strength 1, 2, or 3 of which you choose the color": with
    P1 P2 it is P3 (a colour-run), with R4 R5 it is R3, with G8 G9 only a colour (G3)."""
    assert score_t(cards("P1 P2 SHIELD"), 3, False) == (4 << 6 | 6, [card("P3")])
    assert score_t(cards("R4 SHIELD R5"), 3, False) == (4 << 6 | 12, [card("R3")])
    assert score_t(cards("G8 G9 SHIELD"), 3, False) == (2 << 6 | 20, [card("G3")])


def test_blind_mans_bluff_counts_only_the_sum():
    """ "Blind-Man's Bluff: to claim the Stone that has Blind-Man's Bluff on it, add only the
    strength of the cards played on it, without taking into account any possible
    combinations." A colour-run R1 R2 R3 (6) loses there to G9 B9 and a Joker (27)."""
    assert score_t(cards("R1 R2 R3"), 3, True) == (6, [])
    assert score_t(cards("G9 B9 JOKER"), 3, True)[0] == 27
    u = unseen_but(cards("R1 R2 R3 G9 B9"))
    add = beat_t(6, cards("G9"), 1, 3, u, True)
    assert add is not None and sum(c % 9 + 1 for c in add) + 9 > 6
    # Off that stone the colour-run wins against anything short of a better colour-run.
    t = score_t(cards("R7 R8 R9"), 3, False)[0]
    assert beat_t(t, cards("G9 JOKER"), 2, 3, unseen_but(cards("R7 R8 R9 G9")), False) is None


def test_mud_fight_takes_four_cards_a_side():
    """ "Mud Fight: to claim the Stone that has Mud Fight on it, you must make combinations
    with four cards on either side of the Stone." Four cards rank as three do: a Joker makes
    B5 B6 B7 a four-card colour-run with B8 (or B4: B8 sums more)."""
    assert score_t(cards("B5 JOKER B6 B7"), 4, False) == (4 << 6 | 26, [card("B8")])
    assert score_t(cards("B5 B6 B7 B8"), 4, False) == (score(cards("B5 B6 B7 B8"), 4), [])
    # Three of a kind needs four of a kind there: Y9 O9 R9 and the Spy are only a sum.
    assert score_t(cards("Y9 O9 R9 SPY"), 4, False)[0] == 0 << 6 | 34


def test_both_modes_together():
    """Both combat modes on one stone combine: four cards, and only their sum counts."""
    assert score_t(cards("B5 JOKER B6 B7"), 4, True) == (27, [card("B9")])
    u = unseen_but(cards("B5 B6 B7 R9 O9 Y9 G9 B9 P9 G8"))
    # 27 to beat with JOKER + three cards: 9 + 8 + 8 + 8 = 33 > 27 (no 9 is left).
    add = beat_t(27, [JOKER], 1, 4, u, True)
    assert add is not None and len(add) == 3 and all(c % 9 == 7 for c in add)


def test_elites_on_the_opponents_side_take_their_best_value():
    """DESIGN.md: "Elite troops already on the opponent's side take their best possible
    value". My R7 R8 R9 would beat any three clan cards the opponent could still make with
    G8 G9, but with a Joker there the opponent can tie at best: the claim holds (a tie goes to
    me, who completed first); a Joker and a visible Y9 leave only a lower colour-run."""
    mine = cards("R7 R8 R9")
    t = score_t(mine, 3, False)[0]
    u = unseen_but(mine)
    assert beat_t(t, [JOKER], 1, 3, u, False) is None  # best: a colour-run to 9, a tie
    mine = cards("R6 R7 R8")
    t = score_t(mine, 3, False)[0]
    add = beat_t(t, [JOKER], 1, 3, unseen_but(mine), False)
    assert add is not None and score_t([JOKER] + add, 3, False)[0] > t


def test_unplayed_tactic_cards_are_never_added():
    """DESIGN.md: "tactic cards not yet played are not considered": the opponent's completion
    is clan cards only, so with every 9 and 8 visible a Joker cannot be added to reach 27."""
    vis = [c for c in range(54) if c % 9 >= 7]
    u = unseen_but(vis)
    # The opponent has G7 alone; three more cards to add under Mud Fight and Blind-Man's
    # Bluff: 7 + 7 + 7 + 7 = 28 at most from clan cards.
    assert beat_t(28, cards("G7"), 1, 4, u, True) is None
    assert beat_t(27, cards("G7"), 1, 4, u, True) is not None


def test_a_complete_opponent_side_with_an_elite():
    """Both sides complete (TTable.claim_check, the path every claim takes; beat_t is asked
    only about an incomplete side): the best scores compare, and a tie goes to "the player who
    played his third card on the Stone first". G8 G9 JOKER ties R7 R8 R9 (the Joker a G7)."""
    from engine.st1.table import CLAIM
    from tests.tactic_helpers import tbuild

    st = tbuild(stones={1: ("R7 R8 R9", "G8 G9 JOKER")}, jk=2)
    assert st.score_side(0, 0)[0] == st.score_side(0, 1)[0] == 4 << 6 | 24
    assert st.done[0] < st.done[1]  # player 1 completed first
    assert st.claim_check(0, 0) is None and st.claim_check(0, 1) == []
    st.done[0], st.done[1] = st.done[1], st.done[0]  # now player 2 completed first
    assert st.claim_check(0, 0) == [] and st.claim_check(0, 1) is None
    st.to_move, st.phase = 1, 1  # player 2's claim step
    st.apply(CLAIM + 0)
    assert st.owner[0] == 2 and st.elite_value(JOKER) == card("G7")
    st = tbuild(stones={1: ("R6 R7 R8", "G8 G9 JOKER")}, jk=2)  # 21 < 24: the Joker's side wins
    assert st.claim_check(0, 0) == [] and st.claim_check(0, 1) is None


def test_brute_force_scores_agree_on_a_few_hand_checked_formations():
    """The brute force itself: Joker, Spy and Shield-Bearer alone make a colour 9 + 7 + 3."""
    assert brute_score_t([JOKER, SPY, SHIELD], False)[0] == 2 << 6 | 19
    assert brute_score_t([JOKER, SPY, SHIELD], True)[0] == 19


def test_the_micropython_vm_gives_the_same_answers():
    """The prover is device code: on the MicroPython VM (64K heap, sources compiled in RAM) it
    answers 400 random positions with elites and both modes exactly as CPython does."""
    import subprocess
    import sys

    from tests.mp_util import ROOT, run_vm

    r = run_vm(["tests/mp/tprove_check.py", "400", "3"], heap="64K")
    assert r.returncode == 0, r.stderr + r.stdout
    cp = subprocess.run(
        [sys.executable, "tests/mp/tprove_check.py", "400", "3"], cwd=ROOT, capture_output=True, text=True
    )
    assert cp.returncode == 0, cp.stderr
    assert r.stdout == cp.stdout
    lines = r.stdout.splitlines()
    assert lines[-1] == "tprove mp: 400 positions"
    provable = sum(1 for x in lines[:-1] if x.endswith(" -"))
    assert 20 < provable < 380  # both answers are exercised


def test_an_elite_may_repeat_a_clan_card():
    """The rulebook sets no limit on the value ("you choose the color and strength";
    docs/RULES.md, "An elite's value may repeat a clan card"): the Spy beside G7 G8 is a green
    7 (a colour, 22, not a sum), and the opponent's Joker may be a card visible elsewhere."""
    assert score_t(cards("G7 G8 SPY"), 3, False) == (2 << 6 | 22, [card("G7")])
    assert score_t(cards("R9 R5 JOKER"), 3, False) == (2 << 6 | 23, [card("R9")])
    # G8 is on the table elsewhere: the Joker may still be G8, with G9 added: 24 beats 21.
    t = score_t(cards("R6 R7 R8"), 3, False)[0]
    u = unseen_but(cards("R6 R7 R8 G8"))
    add = beat_t(t, [JOKER, card("G7")], 2, 3, u, False)
    assert add == [card("G9")] and score_t([JOKER, card("G7")] + add, 3, False) == (4 << 6 | 24, [card("G8")])
