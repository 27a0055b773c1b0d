"""The fast prover against the slow, obvious one (tests/brute.py)."""

import random

import pytest

from engine import st1
from engine.rng import Rng
from engine.st1.play import random_move
from engine.st1.prove import score
from tests.prover_cases import check_case, random_case


@pytest.mark.parametrize("seed", range(4))
def test_differential_random_positions(seed):
    """2,000 random claim positions (4 x 500), biased towards near-formations; the long run of
    100,000 is `python -m tests.prover_cases 100000` (docs/BENCHMARKS.md)."""
    rng = random.Random(seed)
    for _ in range(500):
        case = random_case(rng)
        assert check_case(*case) is None, case


def test_differential_four_card_formations():
    """Mud Fight will need 4-card formations: the prover is already general in n."""
    rng = random.Random(99)
    for _ in range(150):
        case = random_case(rng, 4)
        assert check_case(*case, n=4) is None, case


def test_differential_positions_from_real_games():
    """Every complete-against-incomplete stone met in random games, for both players."""
    rng = Rng(4)
    seen = 0
    for g in range(60):
        st = st1.State(g, g & 1)
        while st.phase != st1.PH_OVER:
            unseen = st.unseen(-1)
            for s in range(st1.NSTONES):
                for p in (0, 1):
                    i = s * 2 + p
                    if not st.owner[s] and st.cnt[i] == 3 and st.cnt[i ^ 1] < 3:
                        opp = list(st.side(s, p ^ 1))
                        assert check_case(score(st.side(s, p), 3), opp, len(opp), unseen) is None
                        seen += 1
            st.apply(random_move(st, rng))
    assert seen > 500
