"""Random legal play of the Schotten Totten 2 tactic variant, for self-play, tests and
benchmarks (engine.st2.play's random mover for the base game)."""

from engine.st2.moves import (
    ATTACKER,
    DECLARE,
    DONE,
    DRAW_SIEGE,
    DRAW_TACTIC,
    PASS,
    PH_DECLARE,
    PH_DRAW,
    PH_OVER,
    PH_PLAY,
    RETREAT,
)
from engine.st2.tcards import ACTIONS, FIRST

PREP_RATE = 8  # a random preparation action one turn in 8, when one is possible


def random_move(st, rng):
    """A random legal move: the Attacker declares control as soon as it is provable; a random
    preparation action one turn in PREP_RATE; a random deck to draw from; a random step of an
    action card; otherwise a random playable card of the hand (at a random open tile)."""
    p = st.to_move
    ph = st.phase
    if ph == PH_DRAW:
        return DRAW_TACTIC if rng.randrange(2) else DRAW_SIEGE
    if p == ATTACKER and ph <= PH_DECLARE:
        tiles = st.declarable()
        if tiles:
            return DECLARE + tiles[0]
        if ph == PH_DECLARE:
            return DONE
    if ph != PH_PLAY:
        moves = st.legal_moves()
        return moves[rng.randrange(len(moves))]
    tiles = st.open_tiles(p)
    ok = st.may_tactic(p)
    cands = []
    for c in st.hand_of(p):
        if c < FIRST or (c < ACTIONS and ok):
            if tiles:
                cands.append(c)
        elif ok and c >= ACTIONS and st.playable(c, p):
            cands.append(c)
    if not st.prep and (not cands or rng.randrange(PREP_RATE) == 0):
        if p == ATTACKER:
            full = st.retreat_mask()
            # with no card to play, a retreat only when it makes room for one (else a pass)
            if full and (cands or not st.pass_ok(p, cands)):
                m = 0
                while not m:
                    m = rng.randrange(128) & full
                return RETREAT + m
        else:
            prep = st.prep_moves()
            if prep:
                return prep[rng.randrange(len(prep))]
    if not cands:
        return PASS
    c = cands[rng.randrange(len(cands))]
    if c >= ACTIONS:
        return c * 7
    return c * 7 + tiles[rng.randrange(len(tiles))]


def random_game(seed, rng, check=None):
    """Play one tactic game from `seed` with random moves from `rng`; returns the final State.
    `check(state)`, if given, runs on every state (tests use it for invariants)."""
    from engine.st2.tstate import TState

    st = TState(seed)
    while st.phase != PH_OVER:
        if check is not None:
            check(st)
        st.apply(random_move(st, rng))
    if check is not None:
        check(st)
    return st
