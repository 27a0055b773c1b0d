"""Random legal play, for self-play statistics, tests and benchmarks (the AI lives in engine.ai)."""

from engine import st1


def random_move(st, rng):
    """A uniformly random legal move, except that claims are taken as soon as they hold."""
    moves = st.legal_moves()
    if st.phase == st1.PH_CLAIM and len(moves) > 1:
        return moves[0]
    return moves[rng.randrange(len(moves))]


def random_game(seed, timing, rng, first=0, check=None):
    """Play one game from `seed` with random moves from `rng`; returns the final State.

    `check(state)`, if given, runs on every state (tests use it for invariants)."""
    st = st1.State(seed, timing, first)
    while st.phase != st1.PH_OVER:
        if check is not None:
            check(st)
        st.apply(random_move(st, rng))
    if check is not None:
        check(st)
    return st
