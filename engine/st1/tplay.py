"""Random legal play of the tactic variant, for self-play statistics, tests and benchmarks."""

from engine.st1.table import CLAIM, DONE, NSTONES, PH_CLAIM, PH_OVER
from engine.st1.ttable import DRAW, PH_DRAW


def random_move(st, rng):
    """A random legal move: claims are taken as soon as they hold (the lowest stone first, as
    engine.st1.play does), the deck is chosen at random, every other step is a uniformly
    random legal move."""
    ph = st.phase
    if ph == PH_CLAIM:
        p = st.to_move
        unseen = None
        for s in range(NSTONES):
            i = s * 2 + p
            if st.owner[s] or st.cnt[i] < st.need[s]:
                continue
            if unseen is None and st.cnt[i ^ 1] < st.need[s]:
                unseen = st.unseen(-1)
            if st.claim_check(s, p, unseen) is None:
                return CLAIM + s
        return DONE
    if ph == PH_DRAW:
        return DRAW + rng.randrange(2)
    moves = st.legal_moves()
    return moves[rng.randrange(len(moves))]


def random_game(seed, timing, rng, first=0, check=None):
    """Play one tactic game from `seed` with random moves from `rng`; returns the final
    TState. `check(state)`, if given, runs on every state (tests use it for invariants)."""
    from engine.st1.tactic import TState

    st = TState(seed, timing, first)
    while st.phase != PH_OVER:
        if check is not None:
            check(st)
        st.apply(random_move(st, rng))
    if check is not None:
        check(st)
    return st
